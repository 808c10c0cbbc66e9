"""Plausible surrogates on real sentences: one earlier date shift per memory (no bound at the run date),
real ISO 4217 currency codes, first names that agree with the title, formats of the pipeline's language."""
import datetime
import importlib
import random
import re

import pytest
import spacy

import spacy_anon  # noqa: F401  (factories, extensions)
from spacy_anon.generalize.coarsen import parse_date
from spacy_anon.mask.component import MEMORY_KEY
from spacy_anon.mask.surrogates import currency_codes, money_surrogate, title_gender

TODAY = datetime.date.today()


def surrogate_doc(text, spans, lang="en", memory=None, **config):
    """`text` masked with `strategy="surrogate"`; spans are (substring, label) as a detector would give."""
    nlp = spacy.blank(lang)
    config.setdefault("seed", 3)
    mask = nlp.add_pipe("anon_mask", config={"strategy": "surrogate", "run_rules": False, "use_ents": False,
                                             "leak_guard": False, **config})
    doc = nlp.make_doc(text)
    group, start = [], 0
    for sub, label in spans:
        start = text.index(sub, start)
        group.append(doc.char_span(start, start + len(sub), label=label))
        start += len(sub)
    doc.spans["anon"] = group
    if memory is not None:
        doc.user_data[MEMORY_KEY] = memory
    return mask(doc)


def replacement_of(doc, original):
    [row] = [r for r in doc._.anon_table if doc.text[r["start"]:r["end"]] == original]
    return row["replacement"]


def as_date(text, dayfirst=False):
    parsed = parse_date(text, dayfirst=dayfirst)
    assert parsed is not None and parsed.day is not None, text
    return datetime.date(parsed.year, parsed.month, parsed.day)


# ------------------------------------------------------------------ dates
@pytest.mark.parametrize("label", ["DATETIME", "CODE", "ID"])
def test_a_date_of_birth_stays_a_date_near_it(label):
    """Bug: "02/11/1958" became "08/14/2135" (a date taken for a code got new digits one by one)."""
    text = "Date of birth: 02/11/1958. Seen today."
    for seed in range(12):
        new = replacement_of(surrogate_doc(text, [("02/11/1958", label)], seed=seed), "02/11/1958")
        assert re.fullmatch(r"\d\d/\d\d/\d{4}", new), new  # same shape, zero padding kept
        assert abs((as_date(new) - datetime.date(1958, 2, 11)).days) <= 365
        assert new != "02/11/1958"


def test_dates_move_earlier_by_one_shift_with_no_bound_at_the_run_date():
    """Bug: a recent past date was clamped to exactly the run date (93 of 200), which revealed it."""
    recent = TODAY - datetime.timedelta(days=10)
    booked = TODAY + datetime.timedelta(days=100)
    recent_text, booked_text = recent.strftime("%d %B %Y"), booked.strftime("%d %B %Y")
    text = f"Admitted on {recent_text}; follow-up on {booked_text}."
    for seed in range(20):
        doc = surrogate_doc(text, [(recent_text, "DATETIME"), (booked_text, "DATETIME")], seed=seed)
        new_recent = as_date(replacement_of(doc, recent_text), dayfirst=True)
        new_booked = as_date(replacement_of(doc, booked_text), dayfirst=True)
        assert new_recent < recent and new_recent != TODAY  # past stays past, never "today"
        assert (new_booked - new_recent) == (booked - recent)  # one shift: the interval holds
    this_year = str(TODAY.year)
    doc = surrogate_doc(f"Diagnosed in {this_year}.", [(this_year, "DATETIME")])
    assert int(replacement_of(doc, this_year)) < TODAY.year


def test_the_date_window_is_configurable_and_checked():
    text = "Date of birth: 02/11/1958."
    for seed in range(15):
        new = replacement_of(surrogate_doc(text, [("02/11/1958", "DATETIME")], seed=seed,
                                            operators={"surrogate": {"date_shift_days": 10}}),
                             "02/11/1958")
        assert 1 <= abs((as_date(new) - datetime.date(1958, 2, 11)).days) <= 10
    with pytest.raises(ValueError, match=r"\[E134\].*operators.surrogate.date_shift_days"):
        spacy.blank("en").add_pipe("anon_mask", config={"operators": {"surrogate": {"date_shift_days": 0}}})


# ------------------------------------------------------------------ currencies
@pytest.mark.parametrize("amount, label", [("GBP 1,200", "QUANTITY"), ("GBP 1,200", "CODE"), ("EUR 300", "ID"),
                                           ("1.200 EUR", "CODE"), ("£1,200", "CODE"), ("R$ 1.200,00", "ID")])
def test_amounts_keep_a_real_currency(amount, label):
    """Bug: "GBP 1,200" -> "JKH 5,474" (letters of a currency code re-drawn like those of a code)."""
    text = f"The Court awarded the applicant {amount} for costs."
    for seed in range(10):
        new = replacement_of(surrogate_doc(text, [(amount, label)], seed=seed), amount)
        assert re.sub(r"\d", "0", new) == re.sub(r"\d", "0", amount) and new != amount
        for code in re.findall(r"[A-Z]{3}", new):
            assert code in currency_codes()


def test_money_surrogate_is_none_without_a_currency():
    rng = random.Random(1)
    assert money_surrogate("ref 1200", rng) is None and money_surrogate("ABC 1,200", rng) is None
    assert money_surrogate("USD 1,200", rng).startswith("USD ")
    assert "JKH" not in currency_codes() and {"GBP", "EUR", "USD", "BRL"} <= currency_codes()


# ------------------------------------------------------------------ names agree with their titles
def first_names(locale, gender):
    provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
    return set(getattr(provider, f"first_names_{gender}"))


def test_title_gender():
    assert title_gender(["Mr."]) == "male" and title_gender(["Sra. Dña."]) == "female"
    assert title_gender(["Dr."]) is None and title_gender(["Mr", "Mrs"]) is None


def test_a_surrogate_name_after_a_title_agrees_with_it():
    """Bug: "Mr. Kathryn ..." (a female first name after a kept "Mr.")."""
    text = "Mr. Peter Hansen met Mrs. Anne Smith and her lawyer, Ms Joan Baker. Mr. Hansen agreed."
    male, female = first_names("en_US", "male"), first_names("en_US", "female")
    for seed in range(15):
        doc = surrogate_doc(text, [("Peter Hansen", "PERSON"), ("Anne Smith", "PERSON"), ("Joan Baker", "PERSON"),
                                   ("Hansen", "PERSON")], seed=seed)
        peter, anne, joan = (replacement_of(doc, n).split()[0] for n in ("Peter Hansen", "Anne Smith", "Joan Baker"))
        assert peter in male and anne in female and joan in female, (peter, anne, joan)
        assert replacement_of(doc, "Hansen") == replacement_of(doc, "Peter Hansen").split()[-1]  # one entity


def test_a_title_detected_alone_becomes_a_title_and_the_name_agrees():
    text = "Mrs. Anne Smith lodged the application."
    doc = surrogate_doc(text, [("Mrs.", "DEM"), ("Anne Smith", "PERSON")], seed=4)
    assert replacement_of(doc, "Mrs.") in ("Dr.", "Prof.")
    assert replacement_of(doc, "Anne Smith").split()[0] in first_names("en_US", "female")
    doc = surrogate_doc("La Sra. Ana Gil ingresó.", [("Sra.", "DEM"), ("Ana Gil", "PERSON")], lang="es", seed=4)
    assert replacement_of(doc, "Sra.") in ("Dra.", "Dña.")
    assert replacement_of(doc, "Ana Gil").split()[0] in first_names("es_ES", "female")


# ------------------------------------------------------------------ formats follow the language
def test_the_locale_follows_the_pipeline_language():
    es = spacy.blank("es").add_pipe("anon_mask", config={"strategy": "surrogate"})
    pt = spacy.blank("pt").add_pipe("anon_mask", config={"strategy": "surrogate"})
    assert (es.surrogate_locale, pt.surrogate_locale) == ("es_ES", "pt_PT")
    doc = surrogate_doc("O Sr. João Silva nasceu em 12/03/1961.", [("João Silva", "PERSON"), ("12/03/1961", "DATETIME")],
                        lang="pt", seed=2, operators={"surrogate": {"date_shift_days": 20}})
    assert replacement_of(doc, "João Silva").split()[0] in first_names("pt_PT", "male")
    new = replacement_of(doc, "12/03/1961")  # read day first: 12 March
    assert abs((as_date(new, dayfirst=True) - datetime.date(1961, 3, 12)).days) <= 20


def test_en_gb_reads_numeric_dates_day_first():
    text = "Date of birth: 02/11/1958."
    for seed in range(10):
        gb = replacement_of(surrogate_doc(text, [("02/11/1958", "DATETIME")], seed=seed,
                                          operators={"surrogate": {"date_shift_days": 20, "locale": "en_GB"}}),
                            "02/11/1958")
        assert abs((as_date(gb, dayfirst=True) - datetime.date(1958, 11, 2)).days) <= 20, gb


def test_more_entities_than_fresh_surrogates_share_one_rather_than_fail():
    # eleven different one-digit MISC mentions: only nine fresh one-digit surrogates exist for each
    import spacy
    from spacy.tokens import Span

    nlp = spacy.blank("en")
    mask = nlp.add_pipe("anon_mask", config={"strategy": "surrogate", "run_rules": False,
                                             "pseudonym_key": "a-test-key-of-20-chars"})
    text = " ".join(f"item {d} and" for d in "0123456789") + " item 7 again."
    doc = nlp.make_doc(text)
    spans = [Span(doc, i, i + 1, label="MISC") for i, t in enumerate(doc) if t.text.isdigit()]
    doc.spans["anon"] = spans
    out = mask(doc)
    assert len(out._.anon_table) == len(spans)
    for row, span in zip(out._.anon_table, spans):
        assert row["replacement"] != span.text
