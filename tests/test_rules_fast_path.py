"""The structured fast path gives exactly what spacy.blank + anon_rules (structured recognizers) +
anon_mask gives, on real-looking lines and on fuzzed text; the batch scan's separator proof; linear time."""
import re
import time

import pytest
import spacy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spacy_anon.mask.component  # noqa: F401  (registers anon_mask)
from spacy_anon.errors import Errors
from spacy_anon.mask.memory import ReplacementMemory
from spacy_anon.doc_keys import MEMORY_KEY
from spacy_anon.rules.batch_scan import SEPARATORS, Batch, batch_hits, safe_separators
from spacy_anon.fast_path import (STRUCTURED_LABELS, anonymize_structured, structured_blank, structured_pipeline,
                                        structured_recognizers)
from spacy_anon.rules.matching import find_matches, find_matches_batch, make_options, recognizers_for
from spacy_anon.rules.recognizers import BUILT_IN, REGISTRY

LINES = [
    '203.0.113.5 - - [10/Oct/2023:13:55:36 +0000] "GET /api/v2/users/u48213/profile HTTP/1.1" 200 2326 "-" "curl/8.4.0"',
    "2024-03-06T20:14:52.783Z INFO [auth] req=dd546c92 login ok user_id=u698032 email=darren.reyes@example.com ip=84.227.5.235",
    "2024-03-06T20:14:53.001Z WARN [api] auth failed for user ana@example.org: bad token Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
    "Please wire the fee to GB82 WEST 1234 5698 7654 32 by Monday, or charge 4111 1111 1111 1111.",
    "SSN: 123-45-6789, call (555) 010-4477 or +44 20 7946 0958 before 12/03/2021.",
    "Driving licence MORGA753116SM9IJ, NHS 943 476 5919, NINO QQ 12 34 56 C.",
    "Nothing to see here, only the weather.",
    "",
    "Write to ana[at]example[dot]com or a\u200bna@example.com; host 10.0.0.1 and fe80::1ff:fe23:4567:890a.",
    "contact updated user=u123 phone=001-448-427-0317 and again user=u123 phone=001-448-427-0317",
    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY at 10:42 on March 3, 2024",
    "caller: call me on oh seven seven double oh, nine oh oh, three one two on saturday the ninth at two fourteen",
    "agent: the card ending eight eight one six, ip two oh three dot oh dot one one three dot nine, one or two of them",
]


@pytest.fixture(scope="module")
def reference():
    """The pipeline the fast path must equal: each text run alone through anon_rules and anon_mask."""
    nlp = structured_blank("en")
    nlp.add_pipe("anon_rules", config={"recognizers": list(structured_recognizers())})
    nlp.add_pipe("anon_mask")
    return nlp


@pytest.fixture(scope="module")
def fast():
    return structured_pipeline()


def _ref(nlp, texts):
    return [(doc._.anon_text, doc._.anon_table) for doc in (nlp(t) for t in texts)]


def test_structured_recognizers_are_the_shapes_not_the_words():
    names = structured_recognizers()
    assert {"rules.email", "rules.phone", "rules.credit_card", "rules.iban", "rules.us_ssn", "rules.ip",
            "rules.date", "rules.credential", "rules.gb_driving_licence"} <= set(names)
    assert not {"rules.relative_name", "rules.postal_code", "rules.address", "rules.age", "rules.money"} & set(names)
    assert all(REGISTRY[n].label in STRUCTURED_LABELS and not REGISTRY[n].opt_in for n in names)


def test_same_text_and_table_as_the_pipeline(reference, fast):
    got = list(anonymize_structured(LINES, fast, batch_size=4))
    assert got == _ref(reference, LINES)
    assert "darren.reyes@example.com" not in got[1][0] and "84.227.5.235" not in got[1][0]
    assert got[6] == (LINES[6], []) and got[7] == ("", [])


def test_shared_memory_gives_one_entity_across_texts(reference, fast):
    texts = ["mail ana@example.com now", "nothing", "again ana@example.com and bob@example.org"]
    memory_a, memory_b = ReplacementMemory(salt=b"s" * 16), ReplacementMemory(salt=b"s" * 16)
    got = list(anonymize_structured(texts, fast, memory=memory_a))
    expected = []
    for text in texts:
        doc = reference.make_doc(text)
        doc.user_data[MEMORY_KEY] = memory_b
        doc = reference(doc)
        expected.append((doc._.anon_text, doc._.anon_table))
    assert got == expected
    assert got[0][1][0]["entity"] == got[2][1][0]["entity"]


def test_keyed_surrogates_with_a_shared_memory_keep_the_first_documents_scope(monkeypatch):
    """A keyed memory takes its scope from its first document, even one with nothing to mask: the fast
    path does not skip that one."""
    key = "Zq8#vL2!pW9@xR4&mT7^bN1*cY6%hJ3e"
    texts = ["nothing here", "mail ana@example.com on 12/03/2021"]
    nlp = structured_pipeline(strategy="surrogate", pseudonym_key=key)
    ref = structured_blank("en")
    ref.add_pipe("anon_rules", config={"recognizers": list(structured_recognizers())})
    ref.add_pipe("anon_mask", config={"strategy": "surrogate", "pseudonym_key": key})
    memory_a, memory_b = ReplacementMemory(salt=b"s" * 16), ReplacementMemory(salt=b"s" * 16)
    got = list(anonymize_structured(texts, nlp, memory=memory_a))
    expected = []
    for text in texts:
        doc = ref.make_doc(text)
        doc.user_data[MEMORY_KEY] = memory_b
        doc = ref(doc)
        expected.append((doc._.anon_text, doc._.anon_table))
    assert got == expected and memory_a.scope == memory_b.scope


def test_settings_take_effect(fast):
    nlp = structured_pipeline(strategy="suppress", allow_list=["ana@example.com"])
    (text, table), = anonymize_structured(["ana@example.com and bob@example.org"], nlp)
    assert text.startswith("ana@example.com and ") and "bob@example.org" not in text and len(table) == 1


def test_refusals():
    with pytest.raises(ValueError, match="E280"):
        structured_pipeline(config={"components": {"anon_mask": {"strategy": "tag"}}})
    with pytest.raises(TypeError, match="E050"):
        structured_pipeline(no_such_setting=1)
    with pytest.raises(TypeError, match="E282"):
        list(anonymize_structured([b"bytes"]))
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask")
    with pytest.raises(ValueError, match="E283"):
        list(anonymize_structured(["x"], nlp))
    assert Errors.E280.endswith("--config")


# ------------------------------------------------------------------ fuzzed text: any line, any batch
NOISY = st.text(alphabet=st.sampled_from(list("0123456789 -./:@+#()[]=_\n\tabcEFGXYZ\u2013\u200b\x00\x1f\u2029é")),
                max_size=120)
VALUES = st.sampled_from(["ana@example.com", "10.0.0.1", "4111 1111 1111 1111", "GB82WEST12345698765432",
                          "123-45-6789", "2024-03-06T20:14:52Z", "12/03/2021", "+44 20 7946 0958", "user=u12345",
                          "token=abcdEFGH1234ijklMNOP5678", "fe80::1", "MORGA753116SM9IJ",
                          "[28/Jun/2024:09:31:04 +0000]", "Jun  8 09:31:04", "Fri, 28 Jun 2024 09:31:04 +0000",
                          "2024-06-28 09:31:04,123", "2.4.31", "March 3, 2024", "3rd of March", "AKIAIOSFODNN7EXAMPLE",
                          "https://example.com/u/1", "www.example.org", "Bearer abc.def.ghi", "on the 14th of june"])
LINE = st.lists(st.one_of(NOISY, VALUES), max_size=5).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINE, min_size=1, max_size=6))
def test_batch_scan_equals_one_by_one(texts):
    options, recognizers = make_options(), recognizers_for(("all",))
    assert find_matches_batch(texts, recognizers, options) == [find_matches(t, recognizers, options) for t in texts]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINE, min_size=1, max_size=4))
def test_fast_path_equals_pipeline_on_fuzzed_lines(reference, fast, texts):
    assert list(anonymize_structured(texts, fast, batch_size=3)) == _ref(reference, texts)


# ------------------------------------------------------------------ the separator proof
@pytest.mark.parametrize("source, safe", [
    (r"(?<!\d)\d{3}-\d{2}-\d{4}(?!\d)", SEPARATORS),   # classes without the separators
    (r"\d+\s\d+", ("\x00",)),                          # \s holds \n, \x1f and \u2029
    (r"(?<!\S)\w+", ("\n", "\x1f", "\u2029")),          # \S holds NUL
    (r"^\d+", ()),                                     # looks at the string's start
    (r"[^a]+", ()),                                    # a negated class holds every separator
    (r"(\d)\1", ()),                                   # a back reference: not proven
])
def test_safe_separators(source, safe):
    assert safe_separators(re.compile(source)) == tuple(safe)


def test_a_text_holding_the_separator_is_not_joined_by_it():
    batch = Batch(["a\nb", "c\x00d"])
    assert batch.free == ("\x1f", "\u2029")
    assert batch_hits(Batch(["x\x1f", "y\x00", "z\n", "w\u2029"]), REGISTRY["rules.email"], make_options()) is None


@pytest.mark.parametrize("unit", ["1", "@", ".", "a.", "1.", "a@b", "1-", "ab1 "])
def test_linear_on_adversarial_lines(unit):
    """n and 4n characters of a repeated near-match, as many short lines and as one line: about 4x time."""
    options, recognizers = make_options(), recognizers_for(structured_recognizers())

    def cost(n):
        line = (unit * (n // len(unit) + 1))[:n]
        lines = [line[i:i + 200] for i in range(0, n, 200)]
        started = time.perf_counter()
        find_matches_batch(lines, recognizers, options)
        find_matches(line + " ana@example.com", recognizers, options)
        return time.perf_counter() - started

    cost(2000)
    small, large = min(cost(6000) for _ in range(2)), min(cost(24000) for _ in range(2))
    assert large < max(8.0 * small, 0.05), (unit, small, large)


# ------------------------------------------------------------------ spacy-anon anonymize --rules-only
def test_cli_rules_only_runs_the_structured_path(capsys, tmp_path, reference):
    from cli_support import cli

    src = tmp_path / "in.jsonl"
    src.write_text('{"id": "a", "text": "card 4111 1111 1111 1111, mail ana@example.com, Mr John Smith"}\n'
                   '{"id": "b", "text": "nothing"}\n', encoding="utf-8")
    code, out, _err = cli(capsys, src, "--rules-only", "--quiet")
    assert code == 0
    records = [__import__("json").loads(line) for line in out.splitlines()]
    assert records[0]["anonymized"] == reference("card 4111 1111 1111 1111, mail ana@example.com, Mr John Smith")._.anon_text
    assert records[0]["anonymized"].endswith("Mr John Smith")  # names stay in clear, as the flag says
    assert records[1]["anonymized"] == "nothing"


def test_cli_rules_only_refuses_config_overrides(capsys, tmp_path):
    from cli_support import cli

    src, cfg = tmp_path / "in.txt", tmp_path / "o.cfg"
    src.write_text("mail ana@example.com\n", encoding="utf-8")
    cfg.write_text('[components.anon_mask]\nstrategy = "tag"\n', encoding="utf-8")
    code, out, err = cli(capsys, src, "--rules-only", "--config", cfg)
    assert code == 2 and "E962" in err and out == ""


def _log_file(path, n):
    lines = [f"2024-03-06 INFO job {i} done" if i % 10 else f"user ana{i % 7}@example.com from 10.0.0.{i % 200}"
             for i in range(n)]
    path.write_text("\n".join(lines) + "\r\n", encoding="utf-8")
    return lines


def test_cli_lines_one_document_per_line(capsys, tmp_path, reference):
    from cli_support import cli

    src, out = tmp_path / "app.log", tmp_path / "app.anon.log"
    lines = _log_file(src, 40)
    code, _out, err = cli(capsys, src, "--input-format", "lines", "--rules-only", "-o", out, "--quiet",
                          "--batch-size", "7")
    assert code == 0, err
    got = out.read_bytes().decode("utf-8")
    assert got.endswith("\r\n") and got.count("\n") == 40
    assert got.rstrip("\r\n").split("\n") == [reference(line)._.anon_text for line in lines]
    assert "@example.com" not in got


@pytest.mark.parametrize("argv, code", [
    (["--input-format", "lines"], "E963"),  # no --rules-only
    (["--input-format", "lines", "--rules-only", "--format", "jsonl"], "E964"),
    (["--input-format", "lines", "--rules-only", "--resume"], "E964"),
    (["--input-format", "lines", "--rules-only", "--skip-invalid"], "E964"),
])
def test_cli_lines_refusals(capsys, tmp_path, argv, code):
    from cli_support import cli

    src = tmp_path / "a.log"
    _log_file(src, 3)
    status, out, err = cli(capsys, src, "-o", tmp_path / "o.log", *argv)
    assert status == 2 and code in err and not (tmp_path / "o.log").exists()


def test_cli_lines_fail_closed_on_a_bad_byte(capsys, tmp_path):
    from cli_support import cli

    src = tmp_path / "a.log"
    src.write_bytes(b"mail ana@example.com\nbad \xff byte\n")
    status, _out, err = cli(capsys, src, "--input-format", "lines", "--rules-only", "-o", tmp_path / "o.log")
    assert status != 0 and "E810" in err and not (tmp_path / "o.log").exists()


def test_cli_lines_memory_does_not_grow_with_the_input(capsys, tmp_path):
    """Peak Python memory of n and 4n lines: the same batch in flight, not the file."""
    import tracemalloc

    from cli_support import cli

    src = tmp_path / "warm.log"
    _log_file(src, 20)
    assert cli(capsys, src, "--input-format", "lines", "--rules-only", "-o", tmp_path / "warm.out", "--quiet")[0] == 0
    peaks = []
    for n in (500, 2000):
        src = tmp_path / f"{n}.log"
        _log_file(src, n)
        tracemalloc.start()
        status, _out, err = cli(capsys, src, "--input-format", "lines", "--rules-only", "-o", tmp_path / f"{n}.out",
                                "--quiet")
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        assert status == 0, err
    assert peaks[1] < 1.5 * peaks[0], peaks


def test_batch_with_long_texts_equals_one_by_one():
    """Texts of `scanning.SHORT_TEXT` characters or more are scanned alone, beside the joined short ones."""
    options, recognizers = make_options(), recognizers_for(("all",))
    long_text = " ".join(LINES) * 3
    texts = [LINES[1], long_text, LINES[3], "", long_text[:999], long_text[:1000]]
    assert find_matches_batch(texts, recognizers, options) == [find_matches(t, recognizers, options) for t in texts]


# ------------------------------------------------------------------ the string masker (mask.raw_text)
# edges a token boundary decides ("user=u1" splits at "=", "phone=001-..." does not), values repeated
# elsewhere in the line (the leak guard's sweep), articles before a tag, words hyphenated across lines
RAW_LINES = [
    "user=u698032 phone=001-448-427-0317 GET /api/v2/users/u698032/profile",
    '102.217.99.29 - - [28/Jun/2024:09:31:04 +0000] "GET /x HTTP/1.1" 200 87705',
    "Send a 10.0.0.1 probe and an ana@example.com note; ANA@EXAMPLE.COM again, 10.0.0.1 too.",
    "ts=2024-06-28T09:31:04Z (ana@example.com), <bob@example.org>; call +44 20 7946 0958.",
    "Kowal-\nski wrote 12/03/2021 and ana@exam-\nple.com; ssn 123-45-6789.",
    "caf\u00e9 \u00e9l\u00e8ve ana@example.com \u00e0 10.0.0.1, 10.0.0.1 encore",
    "[09:14] anna_k: hi, mail ana@example.com",
]


def _fast_and_ref(**settings):
    nlp = structured_pipeline(**settings)
    ref = structured_blank("en")
    ref.add_pipe("anon_rules", config={"recognizers": list(structured_recognizers())})
    ref.add_pipe("anon_mask", config=settings)
    return nlp, ref


@pytest.mark.parametrize("settings", [{}, {"include_original": True}, {"consistency": "pipeline"},
                                      {"operators": {"tag": {"format": "<{entity}>"}}}])
def test_string_masker_equals_the_doc_path(settings):
    nlp, ref = _fast_and_ref(**settings)
    texts = ["warm up ana@example.com"] + RAW_LINES + LINES
    assert list(anonymize_structured(texts, nlp, batch_size=5)) == _ref(ref, texts)


def test_string_masker_with_a_shared_memory():
    nlp, ref = _fast_and_ref()
    texts = ["warm up ana@example.com"] + RAW_LINES * 2
    memory_a, memory_b = ReplacementMemory(salt=b"s" * 16), ReplacementMemory(salt=b"s" * 16)
    got = list(anonymize_structured(texts, nlp, memory=memory_a))
    expected = []
    for text in texts:
        doc = ref.make_doc(text)
        doc.user_data[MEMORY_KEY] = memory_b
        doc = ref(doc)
        expected.append((doc._.anon_text, doc._.anon_table))
    assert got == expected and len(memory_a) == len(memory_b)


def test_structured_text_is_masked_on_the_string(monkeypatch):
    """After the first document, lines with matches do not build a Doc (the speed of the fast path)."""
    nlp = structured_pipeline()
    list(anonymize_structured(["warm up ana@example.com"], nlp))
    made = []
    monkeypatch.setattr(nlp, "make_doc", lambda text: made.append(text))
    out = list(anonymize_structured(LINES[:6] + RAW_LINES[:4], nlp))
    assert made == [] and all(table for _text, table in out[:6] if _text != LINES[6])


def test_string_masker_refuses_what_it_does_not_reproduce():
    """Settings it cannot follow send every document through the Doc path (same output, checked above)."""
    from spacy_anon.mask.raw_text import supported

    for settings in ({"strategy": "suppress"}, {"label_strategies": {"EMAIL": "suppress"}}, {"min_score": 0.6},
                     {"allow_list": ["ana@example.com"]}):
        nlp = structured_pipeline(**settings)
        assert not supported(nlp.get_pipe("anon_mask"), nlp.get_pipe("anon_rules")), settings
    nlp = structured_pipeline()
    assert supported(nlp.get_pipe("anon_mask"), nlp.get_pipe("anon_rules"))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(LINE, st.sampled_from(RAW_LINES)), min_size=1, max_size=5))
def test_string_masker_on_fuzzed_lines_with_repeats(reference, fast, texts):
    texts = texts + texts[:1]  # a value again in a later line
    assert list(anonymize_structured(texts, fast, batch_size=2)) == _ref(reference, texts)


def test_string_masker_with_deny_list_labels():
    """Deny-list terms under a name label go through the Doc path (a role turn, a person's grouping),
    those under a structured label stay on the string: both as the pipeline gives them."""
    deny = [{"text": "Quayle", "label": "PERSON"}, {"pattern": r"PRJ-\d+", "label": "ID"},
            {"text": "Acme", "label": "ORG"}]
    nlp = structured_pipeline(deny_list=deny)
    ref = structured_blank("en")
    ref.add_pipe("anon_rules", config={"recognizers": list(structured_recognizers()), "deny_list": deny})
    ref.add_pipe("anon_mask")
    texts = ["warm up ana@example.com", "Quayle: PRJ-2291 for ana@example.com", "Acme PRJ-12 and PRJ-12 again",
             "caller: PRJ-7 at 10.0.0.1", "Mr Quayle wrote to Acme on 12/03/2021"]
    assert list(anonymize_structured(texts, nlp)) == _ref(ref, texts)


@pytest.mark.parametrize("unit", ["ana@example.com ", "10.0.0.1,", "user=u12345 /users/u12345/ "])
def test_string_masker_linear_on_repeated_values(unit):
    """One line of n and 4n characters of a value repeated (the sweep's and the token edges' worst
    case): the time grows about 4x, not 16x."""
    nlp = structured_pipeline()
    list(anonymize_structured(["warm up ana@example.com"], nlp))

    def cost(n):
        line = unit * (n // len(unit))
        started = time.perf_counter()
        list(anonymize_structured([line], nlp))
        return time.perf_counter() - started

    cost(1000)
    small, large = min(cost(4000) for _ in range(2)), min(cost(16000) for _ in range(2))
    assert large < max(8.0 * small, 0.05), (unit, small, large)


# ------------------------------------------------------------------ a finder's needs (`Recognizer.needs`)
NEEDS_SAMPLES = LINES + RAW_LINES + [
    "Card 4111 1111 1111 1111 and IBAN ES91 2100 0418 4502 0005 1332; DNI 12345678Z, NIE X1234567L",
    "NSS 28 12345678 40, CPF 123.456.789-09, CNPJ 11.222.333/0001-81, NIF PT 123456789, NHS 943 476 5919",
    "Aadhaar 2345 6789 0124 (or 234567890124), Aadhaar ending 4521, UID XXXX XXXX 4521, PAN ABCPK1234F",
    "Employee ID: EMP-204518, account ref 60018842, Invoice INV-20931, cc: jkowalski, mthornbury",
    "Laptop asset tag LT-04411, serial number SN-88231-X, IMEI 356938035643809, Tomasz Nowak (ID 448210)",
    "wallet 1BoatSLRHtKNngkdXEeobR76b53LETtpyT or bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq or "
    "0x52908400098527886E0F7030069857D2E4169EE7",
    '{"customer": "Fatima Zahra Benali", "city": "Lyon", "contact": "07700 900123"}',
    "Will and May went home early because Will felt sick.",
    "first_name,last_name,company,city\nHannah,Okafor,Brightwave Media,Bristol\n",
    "Guest: WOJCIK/ANNA MS, off next week (Lagos for a wedding), then to Pune",
    "SIN: 046 454 286, TFN 123 456 782, Medicare 2123 45670 1, ABN 51 824 753 556, PPS number 1234567T",
    "NPI 1245319599, DEA AR1234563, EIN 12-3456789, NRIC S1234567D, NHI ZAC5361, BSN 111222333",
    "NIR 1 84 12 76 451 089 46, Steuer-ID 86 095 742 719",
    "BETWEEN (1) GREENFIELD HOLDINGS LIMITED (company number 11223344) and Bright Spark Electrical Ltd.",
]


@pytest.mark.parametrize("rec", [r for r in BUILT_IN if r.needs], ids=lambda r: r.name)
def test_a_finder_finds_nothing_where_its_needs_do_not_match(rec):
    """The proof obligation of `needs`, on texts where the finder finds something: one of its regexes
    matches there (else the batch would skip a text with matches)."""
    options = make_options()
    found_any = False
    for text in NEEDS_SAMPLES:
        if list(rec.raw_matches(text, options)):
            found_any = True
            assert any(regex.search(text) for regex in rec.needs), (rec.name, text)
    assert found_any or rec.name in ("rules.es_nss", "rules.pt_nif"), rec.name


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(LINE)
def test_needs_hold_on_fuzzed_lines(text):
    options = make_options()
    for rec in BUILT_IN:
        if rec.needs and list(rec.raw_matches(text, options)):
            assert any(regex.search(text) for regex in rec.needs), rec.name


def test_needs_are_checked_when_the_recognizer_is_made():
    from spacy_anon.rules.recognizers import Recognizer

    with pytest.raises(ValueError, match="E211"):
        Recognizer(name="custom.x", label="ID", finder=lambda text, options: iter(()), needs=("[0-9]+",))
    with pytest.raises(ValueError, match="E211"):
        Recognizer(name="custom.x", label="ID", patterns=[r"\d+"], needs=(re.compile(r"\d"),))
    rec = Recognizer(name="custom.x", label="ID", finder=lambda text, options: iter(()), needs=[re.compile(r"\d")])
    assert rec.needs == (re.compile(r"\d"),)


def test_a_batch_skips_a_finder_only_on_texts_without_its_needs():
    """Texts that hold a separator, texts with and without a candidate, a needs regex with no safe
    separator (a back reference): the batch equals the texts one by one."""
    options, recognizers = make_options(), recognizers_for(("all",))
    texts = ["NHS 943 476 5919", "no number here", "NHS 943-476-5919\x00x", "x\n4111 1111 1111 1111",
             "Employee ID: EMP-204518", "", "cc: jkowalski", "NHS 943 476 5919\u2029and 4111111111111111"]
    assert find_matches_batch(texts, recognizers, options) == [find_matches(t, recognizers, options) for t in texts]


def test_string_masker_follows_a_tokenizer_changed_between_batches():
    """The token edges of a run are reused within a batch ("+0000]" closes every access-log line) and
    forgotten at the next: a special case added between two runs of the fast path is followed."""
    nlp, ref = _fast_and_ref()
    lines = ['1.2.3.4 - - [28/Jun/2024:09:31:04 +0000] "GET /x HTTP/1.1" 200 1', "ts=[28/Jun/2024:09:31:04 +0000] ok",
             "ts=[28/Jun/2024:09:31:04 +0000] again"] * 3
    before = list(anonymize_structured(lines, nlp, batch_size=4))
    assert before == _ref(ref, lines) and before[-1][0] == "ts=[DATETIME_1]] again"  # the key stays
    for pipeline in (nlp, ref):
        pipeline.tokenizer.add_special_case("+0000]", [{"ORTH": "+0000]"}])
    changed = list(anonymize_structured(lines, nlp, batch_size=4))
    assert changed == _ref(ref, lines)
    assert changed[1][0] == "ts=[DATETIME_1] ok"  # the date grew over the whole token, "]" with it
