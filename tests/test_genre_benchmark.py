"""benchmarks/genre_benchmark.py: casing keeps offsets, label tables, metrics by hand, the CLI runner, the
guard on the everyday test split. No ../shared data needed."""
import importlib.util
import json
import sys
import types
from pathlib import Path

import pytest

from spacy_anon.corpora import GoldRecord, GoldSpan, check_spans

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("genre_benchmark", ROOT / "benchmarks" / "genre_benchmark.py")
gb = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gb)


def test_recase_keeps_offsets_and_writes_length_changing_characters_in_one_character():
    """A lower-case copy holds no capital: "İ" is written "i" (Python's "i̇" would shift the offsets, and a
    kept "İ" made the line mixed case, which the truecasing reads as written); "ß" in capitals is "ẞ"."""
    text = "Frau Weiß aus İzmir schrieb am 3. Mai an Ömer ŉ."
    spans = [GoldSpan(5, 9, "PERSON", text="Weiß"), GoldSpan(14, 19, "LOC", text="İzmir"), GoldSpan(41, 45, "PERSON", text="Ömer")]
    rec = GoldRecord("d", text, spans)
    up, kept_up = gb.recase(rec, "upper")
    low, kept_low = gb.recase(rec, "lower")
    assert len(up.text) == len(low.text) == len(text)
    assert up.text == "FRAU WEIẞ AUS İZMIR SCHRIEB AM 3. MAI AN ÖMER ŉ."  # "ŉ" would become "ʼN": kept
    assert low.text == "frau weiß aus izmir schrieb am 3. mai an ömer ŉ."
    assert (kept_up, kept_low) == (1, 0)
    assert [up.text[s.start:s.end] for s in up.spans] == ["WEIẞ", "İZMIR", "ÖMER"]
    assert [s.label for s in low.spans] == ["PERSON", "LOC", "PERSON"]
    for r in (up, low):
        assert len(check_spans(r, strict=True)) == 3  # span texts agree with the recased text
    assert rec.text == text  # the original record is left alone


# labels as they occur in the corpora (read from ../shared/data once) and as the systems emit them
CORPUS_LABELS = {
    "tab": ["PERSON", "CODE", "LOC", "ORG", "DEM", "DATETIME", "QUANTITY", "MISC"],
    "deid": ["PTName", "PTNameInitial", "HCPName", "RelativeProxyName", "Date", "DateYear", "Location", "Phone",
             "Age", "Other"],
    "wnut17": ["person", "location", "corporation", "group", "product", "creative-work"],
    "wikiann": ["PER", "LOC", "ORG"],
    "presidio-synth": ["ORGANIZATION", "STREET_ADDRESS", "PERSON", "DATE_TIME", "GPE", "CREDIT_CARD", "US_SSN",
                       "US_DRIVER_LICENSE", "AGE", "ZIP_CODE", "TITLE", "DOMAIN_NAME", "EMAIL_ADDRESS", "PHONE_NUMBER",
                       "IBAN_CODE", "IP_ADDRESS", "NRP"],
    "everyday": ["PERSON", "ORG", "LOC", "ADDRESS", "DATETIME", "CONTACT", "ID", "AGE", "CODE", "QUANTITY", "DEM", "MISC"],
    "spacy": ["CARDINAL", "DATE", "EVENT", "FAC", "GPE", "LANGUAGE", "LAW", "LOC", "MONEY", "NORP", "ORDINAL", "ORG",
              "PERCENT", "PERSON", "PRODUCT", "QUANTITY", "TIME", "WORK_OF_ART"],
    "presidio": ["AGE", "CREDIT_CARD", "CRYPTO", "DATE_TIME", "EMAIL", "EMAIL_ADDRESS", "IBAN_CODE", "ID", "IP_ADDRESS",
                 "LOCATION", "MAC_ADDRESS", "MEDICAL_LICENSE", "NRP", "ORGANIZATION", "PERSON", "PHONE_NUMBER",
                 "UK_NHS", "URL", "US_BANK_NUMBER", "US_DRIVER_LICENSE", "US_ITIN", "US_PASSPORT", "US_SSN", "UUID"],
    "spacy-anon": ["PERSON", "ORG", "LOC", "DATETIME", "CODE", "CONTACT", "ID", "AGE", "QUANTITY", "DEM", "MISC"],
}


@pytest.mark.parametrize("table", sorted(CORPUS_LABELS))
def test_label_tables_cover_each_corpus_and_system(table):
    mapping = gb.LABEL_TABLES[table]
    missing = [lab for lab in CORPUS_LABELS[table] if lab not in mapping]  # listed, not left to a default
    assert not missing
    assert {mapping[lab] for lab in CORPUS_LABELS[table]} <= set(gb.CATEGORIES)


def test_label_tables_agree_on_what_things_are():
    assert gb.category("GPE", "spacy") == gb.category("LOC", "wikiann") == gb.category("Location", "deid") == "LOC"
    assert gb.category("HCPName", "deid") == gb.category("person", "wnut17") == gb.category("PER", "wikiann") == "PERSON"
    assert gb.category("ORDINAL", "spacy") == "QUANTITY"
    assert gb.category("IN_PAN", "presidio") == "ID"  # an unlisted Presidio type is a national identifier
    assert gb.same_category("ADDRESS", "LOC") and not gb.same_category("PERSON", "ORG")
    assert not gb.same_category("PERSON", None)


def test_metrics_on_a_hand_made_example():
    text = "Anna Berg met Tom in Oslo on Monday."
    gold = GoldRecord("d", text, [GoldSpan(0, 9, "PER"), GoldSpan(14, 17, "PER"), GoldSpan(21, 25, "LOC"),
                                  GoldSpan(29, 35, "DATE")])
    # spaCy labels: "Anna" only, "met" (wrong), "Tom" as ORG, "Oslo" as GPE; Monday missed
    system = {"d": [(0, 4, "PERSON"), (10, 13, "PERSON"), (14, 17, "ORG"), (21, 25, "GPE")]}
    gb.LABEL_TABLES["_test"] = {"PER": "PERSON", "LOC": "LOC", "DATE": "DATETIME"}
    try:
        rep = gb.score([gold], system, "_test", "spacy")
    finally:
        del gb.LABEL_TABLES["_test"]
    # gold tokens Anna Berg Tom Oslo Monday: 3 masked; mentions: Tom and Oslo whole (2 of 4);
    # system tokens Anna met Tom Oslo: 3 inside a gold mention; found Tom (ORG != PERSON), Oslo (GPE = LOC)
    assert rep["token_recall"] == pytest.approx(3 / 5)
    assert rep["mention_recall"] == pytest.approx(2 / 4)
    assert rep["token_precision"] == pytest.approx(3 / 4)
    assert (rep["label_correct"], rep["label_found"]) == (1, 2)
    assert rep["label_accuracy"] == pytest.approx(0.5)


def test_label_accuracy_takes_the_span_that_overlaps_most():
    text = "Dr Jane Smith-Jones called."
    gold = GoldRecord("d", text, [GoldSpan(3, 19, "PERSON")])
    # two spans cover the mention; the longer one (PERSON) decides, not the first (ORG)
    system = {"d": [(3, 7, "ORG"), (8, 19, "PERSON")]}
    assert gb.label_accuracy([gold], system, "tab", "spacy-anon") == (1, 1)
    system = {"d": [(3, 13, "ORG"), (14, 19, "PERSON")]}
    assert gb.label_accuracy([gold], system, "tab", "spacy-anon") == (0, 1)


def test_cli_runner_reads_spans_back(tmp_path):
    texts = ["Please write to jane.doe@example.com before Friday.", "Nothing to hide here."]
    records = [GoldRecord("mail-1", texts[0]), GoldRecord("plain-2", texts[1])]
    out = gb.run_cli(records, tmp_path)
    assert set(out) == {"mail-1", "plain-2"}
    assert out["plain-2"] == []
    found = {texts[0][s:e]: (label, kind) for s, e, label, kind in out["mail-1"]}
    assert found["jane.doe@example.com"][0] == "CONTACT"
    assert all(kind for _, kind in found.values())  # the fine type comes back too
    assert json.loads((tmp_path / "in.jsonl").read_text().splitlines()[0]) == {"id": "mail-1", "text": texts[0]}


def _everyday_reader(folder, split=None):
    """A stand-in for spacy_anon.corpora.everyday.iter_everyday that ignores `split` (the loader must filter)."""
    docs = [
        ("e1", "e-mail", "dev", "Hi Tom, call me on 0161 496 0000.", [(3, 6, "PERSON"), (18, 32, "CONTACT")]),
        ("c1", "chat", "dev", "meet at 10 Downing Street", [(8, 25, "ADDRESS")]),
        ("e2", "e-mail", "test", "Dear Ms Patel, thanks.", [(8, 13, "PERSON")]),
    ]
    for doc_id, genre, sp, text, spans in docs:
        yield {"doc_id": doc_id, "genre": genre, "split": sp, "text": text,
               "spans": [{"start": s, "end": e, "label": lab, "type": lab, "text": text[s:e]} for s, e, lab in spans]}


def test_everyday_dev_never_holds_test_documents(tmp_path):
    recs = gb.everyday_records(tmp_path, "dev", reader=_everyday_reader)
    assert [r.doc_id for r in recs] == ["e1", "c1"]
    genres = gb.everyday_genres(recs, "dev")
    assert [g.name for g in genres] == ["everyday dev: chat", "everyday dev: e-mail", "everyday dev: all"]
    assert [len(g.load()[0]) for g in genres] == [1, 1, 2]
    assert not (tmp_path / "READS.md").exists()


def test_everyday_test_split_refused_without_the_flag(tmp_path):
    with pytest.raises(PermissionError, match="--everyday-split test"):
        gb.everyday_records(tmp_path, "test", reader=_everyday_reader)
    assert not (tmp_path / "READS.md").exists()
    recs = gb.everyday_records(tmp_path, "test", allow_test=True, reader=_everyday_reader, command="python x", commit="abc123")
    assert [r.doc_id for r in recs] == ["e2"]
    log = (tmp_path / "READS.md").read_text()
    assert log.rstrip().splitlines()[-1].split(" | ")[1:3] == ["abc123", "`python x`"]


def test_the_shipped_everyday_dev_split_is_read_from_its_docs_folder():
    recs = gb.everyday_records(gb.ROOT / "assets" / "everyday", "dev")
    assert len(recs) == 84 and all(r.doc_id.split("/")[1] <= "07" for r in recs)
    assert len({r.meta["genre"] for r in recs}) == 12


def test_main_reads_test_split_only_when_asked_and_logs_it(tmp_path, monkeypatch):
    fake = types.ModuleType("spacy_anon.corpora.everyday")
    fake.iter_everyday = _everyday_reader
    monkeypatch.setitem(sys.modules, "spacy_anon.corpora.everyday", fake)
    base = ["--genres", "everyday", "--systems", "", "--everyday-folder", str(tmp_path)]
    assert gb.main(base + ["--out", str(tmp_path / "dev.json")]) == 0
    assert not (tmp_path / "READS.md").exists()  # dev is the default
    assert gb.main(base + ["--everyday-split", "test"]) == 0
    rows = [ln for ln in (tmp_path / "READS.md").read_text().splitlines() if ln.startswith("| 20")]
    assert len(rows) == 1 and "--everyday-split test" in rows[0]


def test_write_section_replaces_only_the_table(tmp_path):
    page = tmp_path / "genres.md"
    page.write_text(f"# G\nintro\n{gb.MARK_START}\nold\n{gb.MARK_END}\nafter\n")
    row = {"genre": "TAB dev", "system": "spaCy en_core_web_sm NER", "docs": 2, "chars": 1200, "token_recall": 0.5,
           "token_precision": 1.0, "mention_recall": 0.25, "label_accuracy": None, "chars_per_s": 1234.5}
    gb.write_section(page, gb.markdown([row], ["a note"]))
    out = page.read_text()
    assert "old" not in out and out.startswith("# G\nintro\n") and out.endswith("after\n")
    assert "| TAB dev | 2 | 1,200 | spaCy en_core_web_sm NER | 0.500 | 1.000 | 0.250 | – | 1,234 |" in out


def test_unknown_genre_or_system_is_refused(capsys):
    with pytest.raises(SystemExit):
        gb.main(["--genres", "tab,emails", "--systems", ""])
    assert "unknown genre(s) ['emails']" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        gb.main(["--genres", "tab", "--systems", "flair"])
    assert "unknown system(s) ['flair']" in capsys.readouterr().err


def test_cli_runner_reports_the_cli_error_on_one_line(tmp_path):
    records = [GoldRecord("same", "One."), GoldRecord("same", "Two.")]  # a repeated id: the CLI refuses
    with pytest.raises(RuntimeError) as err:
        gb.run_cli(records, tmp_path)
    assert "exited" in str(err.value) and "\n" not in str(err.value) and "anonymizing:" not in str(err.value)


def test_spanish_and_portuguese_gold_recased_like_tab():
    """MEDDOCAN- and HAREM-like gold: accents and ñ recase in place, every span keeps its offsets."""
    text = "Paciente: JOSÉ Núñez, natural de Ávila; o Sr. João Gonçalves vive em Évora desde 1999."
    spans = [GoldSpan(text.index(t), text.index(t) + len(t), lab, text=t) for t, lab in (
        ("JOSÉ Núñez", "NOMBRE_SUJETO_ASISTENCIA"), ("Ávila", "TERRITORIO"), ("João Gonçalves", "PESSOA"),
        ("Évora", "LOCAL"), ("desde 1999", "TEMPO"))]
    rec = GoldRecord("m", text, spans)
    for how in ("upper", "lower"):
        out, kept = gb.recase(rec, how)
        assert kept == 0 and len(out.text) == len(text)
        assert len(check_spans(out, strict=True)) == 5
    loader = gb.recased_load(lambda: [rec], "lower")
    recs, notes = loader()
    assert recs[0].spans[2].text == "joão gonçalves" and notes == []


def test_language_genres_are_marked_trained_on_and_run_in_their_language(tmp_path):
    genres = {g.key: g for g in gb.language_genres(tmp_path)}
    assert set(genres) == {"meddocan", "meddocan-upper", "meddocan-lower", "harem", "harem-upper", "harem-lower"}
    assert all(g.seen for g in genres.values())  # both defaults were trained on these documents
    assert {g.lang for k, g in genres.items() if k.startswith("meddocan")} == {"es"}
    assert {g.lang for k, g in genres.items() if k.startswith("harem")} == {"pt"}
    assert gb.language_args("en", {"es": "x"}) == []
    assert gb.language_args("es", {"es": None}) == ["--lang", "es"]
    assert gb.language_args("pt", {"pt": "training/p"}) == ["--lang", "pt", "--model", "training/p"]
    kept = gb.keep_labels([GoldRecord("h", "Ana leu Os Lusíadas.", [GoldSpan(0, 3, "PESSOA"), GoldSpan(8, 19, "OBRA")])],
                          gb.HAREM_CLASSES)
    assert [s.label for s in kept[0].spans] == ["PESSOA"]  # the classes the Portuguese default learns
    assert gb.category("NOMBRE_SUJETO_ASISTENCIA", "meddocan") == "PERSON" and gb.category("LOCAL", "harem") == "LOC"


def test_model_en_and_its_system_go_together(tmp_path, capsys):
    with pytest.raises(SystemExit):
        gb.main(["--genres", "everyday", "--systems", "spacy-anon-model"])
    assert "go together" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        gb.main(["--genres", "everyday", "--systems", "spacy-anon", "--model-en", str(tmp_path)])
    assert "go together" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        gb.main(["--genres", "everyday", "--systems", "spacy-anon-model", "--model-en", str(tmp_path / "none")])
    assert "is not a pipeline folder" in capsys.readouterr().err


@pytest.mark.slow
def test_each_model_en_gets_its_rows_beside_the_default(tmp_path, monkeypatch):
    fake = types.ModuleType("spacy_anon.corpora.everyday")
    fake.iter_everyday = _everyday_reader
    monkeypatch.setitem(sys.modules, "spacy_anon.corpora.everyday", fake)
    model = ROOT / "spacy_anon" / "data" / "default_model"
    out = tmp_path / "rows.json"
    assert gb.main(["--genres", "everyday-all", "--systems", "spacy-anon,spacy-anon-model", "--model-en", str(model),
                    "--everyday-folder", str(tmp_path), "--out", str(out)]) == 0
    rows = json.loads(out.read_text())["rows"]
    assert {r["genre"] for r in rows} == {"everyday dev: all"}  # everyday-all: no row per kind of document
    names = {r["system"] for r in rows if r["genre"] == "everyday dev: all"}
    assert names == {"spacy-anon default (CLI)", "spacy-anon --model data/default_model (CLI)"}
    by_name = {r["system"]: r for r in rows if r["genre"] == "everyday dev: all"}
    assert by_name["spacy-anon default (CLI)"]["token_recall"] == \
        by_name["spacy-anon --model data/default_model (CLI)"]["token_recall"]  # the same pipeline twice
