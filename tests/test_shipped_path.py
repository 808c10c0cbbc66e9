"""The shipped path is the measured path: a pipeline trained from a shipped config is saved complete
(its anon_rules and anon_mask settings included), and what `spacy_anon.load(PATH)`, the CLI and the
cross-validation score are the same spans."""
import json
import random
from pathlib import Path

import pytest
import spacy

import spacy_anon
from spacy_anon.cli import main
from spacy_anon.corpora import GoldRecord, GoldSpan, record_to_doc
from spacy_anon.evaluate.crossval import build, output_key, predict, save_and_load, train_and_predict

ROOT = Path(__file__).resolve().parents[1]
FIRST = ["Rose", "Walter", "Edna", "Harold", "Mabel", "Otis", "Greta", "Virgil", "Ida", "Lyle", "Norma", "Cyril"]
LAST = ["Bensky", "Crosson", "Vasquez", "Okafor", "Lindqvist", "Marchetti", "Delacroix", "Haverford"]
# deid style: names and dates are PHI; clock times and ages under 90 are not
TEMPLATES = [
    "Pt {pt} seen by Dr. {dr} on {date}. Dinner at 7pm, pt is 45 yo.\n",
    "Wife {pt} called at 4am. Dr. {dr} aware. Next visit {date}.\n",
    "{date}: family meeting with Dr. {dr}; son {pt} present. Pt 67 years old.\n",
]


def _note(rng, doc_id):
    text, spans = "", []
    for template in rng.sample(TEMPLATES, 2):
        values = {"pt": f"{rng.choice(FIRST)} {rng.choice(LAST)}", "dr": rng.choice(LAST),
                  "date": f"{rng.randint(1, 12)}/{rng.randint(1, 28)}"}
        labels = {"pt": "PTName", "dr": "HCPName", "date": "Date"}
        pieces = template.split("{")
        text += pieces[0]
        for piece in pieces[1:]:
            field, rest = piece.split("}", 1)
            start = len(text)
            text += values[field]
            spans.append(GoldSpan(start, len(text), labels[field]))
            text += rest
    return GoldRecord(doc_id, text, spans)


def _gold_docs(nlp, n=24, seed=1):
    rng = random.Random(seed)
    docs = []
    for i in range(n):
        doc = record_to_doc(nlp, _note(rng, f"{i % 6}-{i}"))
        doc.user_data["doc_id"] = f"{i % 6}-{i}"
        docs.append(doc)
    return docs


# configs/crf_deid.cfg as shipped, without the deid package's lists (GPL, not in the repository)
DEID_OVERRIDES = {
    "components.anon_crf.gazetteers": {},
    "components.anon_crf.phrase_gazetteers": {},
    "components.anon_crf.phrase_variants": [],
    "components.anon_crf.max_iterations": 40,
}


@pytest.fixture(scope="module")
def deid_model(tmp_path_factory):
    """A deid-style pipeline trained from configs/crf_deid.cfg on invented notes and saved to disk."""
    nlp = build(str(ROOT / "configs" / "crf_deid.cfg"), DEID_OVERRIDES)
    docs = _gold_docs(nlp)
    from spacy.training import Example

    nlp.initialize(lambda: [Example(nlp.make_doc(d.text), d) for d in docs])
    path = tmp_path_factory.mktemp("deid") / "model"
    nlp.to_disk(path)
    return nlp, path


TEST_TEXT = ("Pt Ida Haverford seen by Dr. Okafor on 3/14. Dinner at 7pm, pt is 45 yo.\n"
             "Wife Rose Bensky called at 4am. Dr. Crosson aware. Next visit 4/2.\n")


def _masked(doc):
    return [(s.start_char, s.end_char, s.label_) for s in doc.spans[output_key_of(doc)]]


def output_key_of(doc):
    return "anon_masked" if "anon_masked" in doc.spans else "anon"


def test_saved_deid_pipeline_is_complete(deid_model):
    _, path = deid_model
    config = spacy.util.load_config(path / "config.cfg")
    names = config["nlp"]["pipeline"]
    assert names[0] == "anon_rules" and names[-1] == "anon_mask"
    assert config["components"]["anon_mask"]["run_rules"] is False
    loaded = spacy_anon.load(path)
    assert loaded.pipe_names == names  # spacy_anon.load adds nothing to a complete pipeline


def test_deid_pipeline_masks_no_clock_times_or_ages_under_90(deid_model):
    _, path = deid_model
    doc = spacy_anon.load(path)(TEST_TEXT)
    masked = {TEST_TEXT[s:e] for s, e, _ in _masked(doc)}
    assert {"Haverford", "Okafor", "3/14"} <= {w for m in masked for w in m.split()} | masked
    for value in ("7pm", "4am", "45"):
        assert not any(value in m for m in masked), value
    assert "7pm" in doc._.anon_text and "4am" in doc._.anon_text and "45 yo" in doc._.anon_text


def test_trained_loaded_and_cli_give_identical_spans(deid_model, tmp_path, capsys):
    trained, path = deid_model
    expected = _masked(trained(TEST_TEXT))
    assert expected
    assert _masked(spacy_anon.load(path)(TEST_TEXT)) == expected
    src = tmp_path / "notes.jsonl"
    src.write_text(json.dumps({"id": "n1", "text": TEST_TEXT}) + "\n", encoding="utf8")
    out = tmp_path / "out.jsonl"
    assert main(["anonymize", str(src), "-o", str(out), "--model", str(path), "--quiet", "--original-offsets"]) == 0
    capsys.readouterr()
    record = json.loads(out.read_text(encoding="utf8").splitlines()[0])
    assert [(s["start"], s["end"], s["label"]) for s in record["spans"]] == expected


def test_cross_validation_scores_the_loaded_pipeline(tmp_path):
    """train_and_predict saves each fold and predicts with what `loader` gives back: the same spans
    as the pipeline in memory, read from anon_mask's span group."""
    config = str(ROOT / "configs" / "crf_deid.cfg")
    vocab_nlp = spacy.blank("en")
    docs = _gold_docs(vocab_nlp, n=18, seed=2)
    train, test = docs[:12], docs[12:]
    seen = []

    def loader(folder):
        seen.append(sorted(p.name for p in Path(folder).iterdir()))
        return spacy_anon.load(folder)

    preds, _, _, loaded, by_thr = train_and_predict(config, DEID_OVERRIDES, train, test, thresholds=["0.5"],
                                                    loader=loader)
    assert seen and "anon_mask" in seen[0] and "config.cfg" in seen[0]
    assert output_key(loaded) == "anon_masked"
    # the in-memory pipeline trained the same way predicts the same spans
    from spacy.training import Example

    nlp = build(config, DEID_OVERRIDES)
    nlp.initialize(lambda: [Example(nlp.make_doc(d.text), d) for d in train])
    assert predict(nlp, test, output_key(nlp)) == preds
    again = save_and_load(nlp, str(tmp_path / "again"), spacy_anon.load)
    assert predict(again, test, "anon_masked") == preds
    assert set(by_thr) == {"0.5"}
