"""The re-identification attack (TRIR) on a tiny synthetic population: people with distinctive facts."""
import json

import numpy
import pytest

from spacy_anon.cli import main
from spacy_anon.risk import (
    ReidentificationAttack,
    aggregate_windows,
    apply_masks,
    load_background,
    load_texts,
    predict_documents,
    preprocess,
    reidentification_risk,
    sliding_windows,
)

PEOPLE = {
    "Mara Quillfeather": ("Oslo", "violinist", "glaciers", "1961", "Harlow Prize", "Copper Lantern"),
    "Tobias Renwick": ("Lisbon", "surgeon", "volcanoes", "1974", "Brightwater Medal", "Silent Harbour"),
    "Ines Valcourt": ("Nairobi", "architect", "orchids", "1983", "Kestrel Award", "Glass Orchard"),
    "Daichi Morrow": ("Quito", "chess player", "lighthouses", "1958", "Ember Cup", "Northern Tide"),
    "Petra Lindqvist": ("Hobart", "pilot", "beekeeping", "1990", "Falcon Ribbon", "Paper Moons"),
    "Ruben Okafor": ("Tbilisi", "chemist", "sailing", "1967", "Saffron Trophy", "Iron Meadow"),
}


def background_text(name, facts):
    city, job, hobby, year, award, film = facts
    surname = name.split()[-1]
    return (f"{name} was born in {year} in {city}. {surname} worked for years as a {job} in {city} before acting. "
            f"As a child {surname} loved {hobby}, and {hobby} still fill the weekends of {surname}. "
            f"{surname} starred in {film}, a film shot near {city}, and won the {award} for it. "
            f"Critics still remember {film} and the {award}; the {job} years shaped the career of {surname}.")


def protected_text(name, facts):
    city, job, hobby, year, award, film = facts
    return f"{name} (born {year}, {city}) is a former {job} known for {film}, which won the {award}; a fan of {hobby}."


@pytest.fixture(scope="module")
def population():
    background = {n: background_text(n, f) for n, f in PEOPLE.items()}
    clear = {n: protected_text(n, f) for n, f in PEOPLE.items()}
    return background, clear


def suppress_all(text):
    return " ".join("***" for _ in text.split())


def test_sliding_windows_hand_computed():
    assert sliding_windows(10, size=4, overlap=1) == [(0, 4), (3, 7), (6, 10)]
    assert sliding_windows(3, size=4, overlap=1) == [(0, 3)]
    assert sliding_windows(0, size=100, overlap=25) == [(0, 0)]
    assert sliding_windows(250, 100, 25) == [(0, 100), (75, 175), (150, 250)]
    with pytest.raises(ValueError, match="E856"):
        sliding_windows(10, size=5, overlap=5)


def test_document_decision_sums_window_logits_hand_computed():
    # doc 0 has three windows: two mildly for class 0, one very confident for class 1 (a leaked surname)
    logits = numpy.array([[1.0, 0.0], [1.0, 0.5], [-2.0, 4.0],   # doc 0
                          [0.2, 0.1]])                             # doc 1
    owner = [0, 0, 0, 1]
    summed = aggregate_windows(logits, owner, 2)
    assert summed.tolist() == [[0.0, 4.5], [0.2, 0.1]]
    assert predict_documents(logits, owner, 2).tolist() == [1, 0]
    # a majority vote would have said class 0 for doc 0
    assert numpy.bincount(logits[:3].argmax(axis=1)).argmax() == 0


def test_preprocess_lemmas_stop_words_special_characters():
    assert preprocess("The actors were #acting in Paris!") == "actor act pari"
    assert preprocess("She met [PERSON_1] and *** in LOC.", remove_masks=True) == "met"


def test_attack_reidentifies_clear_text(population):
    background, clear = population
    report = reidentification_risk(background, clear, clear, anonymizer=None)
    assert report["trir"] == 1.0
    assert report["clear_text_trir"] == 1.0
    assert report["max_achievable"] == 1.0
    assert report["random_guess"] == pytest.approx(1 / 6)
    assert report["n_correct"] == 6 and report["schema"] == "spacy-anon/trir/1"
    assert {d["id"] for d in report["documents"]} == set(PEOPLE)
    assert all(d["correct"] for d in report["documents"])


def test_attack_fails_on_fully_suppressed_text(population):
    background, clear = population
    attack = ReidentificationAttack(background, anonymizer=None)
    suppressed = {n: suppress_all(t) for n, t in clear.items()}
    # every document looks the same: one prediction for all, at most one of six right
    assert len(set(attack.predict(suppressed).values())) == 1
    assert attack.trir(suppressed) <= 1 / 6
    assert attack.trir(clear) == 1.0


def test_partial_masking_lowers_risk_and_anonymizer_is_pluggable(population):
    background, clear = population
    calls = []

    def drop_names(texts):
        calls.append(len(texts))
        out = []
        for text in texts:
            for name in PEOPLE:
                for part in name.split():
                    text = text.replace(part, "PERSON")
            out.append(text)
        return out

    attack = ReidentificationAttack(background, anonymizer=drop_names, dev={n: clear[n] for n in list(PEOPLE)[:3]})
    assert calls == [6, 3]  # BK' and the development documents
    names_only = {n: drop_names([t])[0] for n, t in clear.items()}
    assert attack.trir(names_only) == 1.0  # the facts still identify everybody
    report = attack.report({"Mara Quillfeather": clear["Mara Quillfeather"], "Nobody Known": "a pilot"})
    assert report["max_achievable"] == 0.5
    assert report["n_dev"] == 3 and report["dev_accuracy"] is not None


def test_apply_masks_and_loading(tmp_path):
    text = "Tom Hanks was born in Concord in 1956."
    assert apply_masks(text, [[0, 9], [22, 29, "LOC"], [33, 37, "a year"]]) == "*** was born in [LOC] in a year."
    assert apply_masks(text, [[0, 9, "[PERSON_0]"]]).startswith("[PERSON_0] was")  # INTACT keeps its own brackets
    records = [{"name": "A", "public_knowledge": "x", "manual_abstract": "y", "original_abstract": "z"}]
    path = tmp_path / "records.json"
    path.write_text(json.dumps(records))
    assert load_background(path) == {"A": "x"}
    assert load_texts(path, field="manual_abstract") == {"A": "y"}
    jsonl = tmp_path / "anon.jsonl"
    jsonl.write_text(json.dumps({"id": "A", "anonymized": "[PERSON_1] was born", "spans": []}) + "\n")
    assert load_texts(jsonl) == {"A": "[PERSON_1] was born"}
    with pytest.raises(ValueError, match="E852"):
        load_texts(path, field="nope_abstract")


def test_cli_risk_writes_report(population, tmp_path, capsys):
    background, clear = population
    bk, anon = tmp_path / "bk.json", tmp_path / "anon.json"
    bk.write_text(json.dumps(background))
    anon.write_text(json.dumps({n: t.replace(n, "[PERSON_1]") for n, t in clear.items()}))
    orig = tmp_path / "orig.json"
    orig.write_text(json.dumps(clear))
    out = tmp_path / "report.json"
    assert main(["risk", "--background", str(bk), "--anonymized", str(anon), "--original", str(orig),
                 "--bk-anonymizer", "none", "--quiet", "-o", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["trir"] == 1.0 and report["clear_text_trir"] == 1.0
    assert "TRIR 1.000 (6/6)" in capsys.readouterr().out
    assert main(["risk", "--background", str(tmp_path / "missing.json"), "--anonymized", str(anon), "--quiet"]) == 1


def test_each_distinct_text_is_predicted_once_and_tfidf_reads_stems(population):
    background, clear = population
    attack = ReidentificationAttack(background, anonymizer=None)
    seen = []
    predict = attack.attacker.predict
    attack.attacker.predict = lambda texts: seen.append(len(texts)) or predict(texts)
    masked = {n: t.replace(n, "***") for n, t in clear.items()}
    first = attack.report(masked, clear)
    assert seen == [6, 6]  # the masked texts, then the clear ones
    again = attack.report({**masked, "Mara Quillfeather": clear["Mara Quillfeather"]}, clear)
    assert seen == [6, 6]  # every text was seen before: nothing is predicted again
    assert first["trir"] == 1.0 and again["clear_text_trir"] == 1.0
    assert first["preprocessing"]["normalizer"] == "stem"
