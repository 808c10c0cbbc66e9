"""Tagger components on tiny self-made data: tokenizer, rule learning, CRF, serialization, training."""
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
import spacy
from spacy.tokens import DocBin, Span
from spacy.training import Example

from spacy_anon.labels import GOLD_SPAN_KEY, SPAN_KEY
from spacy_anon.tagger.features import bio_to_spans, sequence_features, spans_to_bio, word_shape
from spacy_anon.tagger.regex_generator import RuleIndex, apply_rules, generalize_codes, learn_rules, token_code
from spacy_anon.tagger.tokenizer import split_char_classes

ROOT = Path(__file__).resolve().parents[1]
FIRST = ["Ernesto", "Lucia", "Marta", "Pablo", "Ana", "Jorge", "Irene", "Tomas", "Elena", "Rafael"]
LAST = ["Rivera", "Bueno", "Navarro", "Soto", "Prieto", "Vidal", "Campos", "Lozano"]
FILLER = [
    "Paciente de edad media sin alergias conocidas.",
    "Acude por dolor abdominal de dos semanas.",
    "Exploracion fisica sin hallazgos relevantes.",
    "Se solicita analitica completa y ecografia.",
]


def make_record(rng: random.Random):
    """One synthetic clinical note with gold (start, end, label) character spans."""
    parts, spans = [], []

    def add(text, label=None):
        start = sum(len(p) for p in parts)
        parts.append(text)
        if label:
            spans.append((start, start + len(text), label))

    add("Nombre: ")
    add(f"{rng.choice(FIRST)} {rng.choice(LAST)}", "NOMBRE")
    add(".\nNHC: ")
    add(str(rng.randint(100000, 999999)), "ID")
    add(".\nFecha de ingreso: ")
    add(f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/{rng.randint(1990, 2020)}", "FECHA")
    add(".\n" + rng.choice(FILLER) + " Correo: ")
    add(f"{rng.choice(FIRST).lower()}{rng.randint(1, 99)}@correo.es", "EMAIL")
    add("\n" + rng.choice(FILLER) + " Le atiende el doctor ")
    add(rng.choice(LAST), "NOMBRE")
    add(".\n")
    return "".join(parts), spans


def tagger_blank():
    return spacy.blank("es", config={"nlp": {"tokenizer": {"@tokenizers": "spacy_anon.char_class_tokenizer.v1"}}})


def make_examples(nlp, n=40, seed=0):
    rng = random.Random(seed)
    examples = []
    for _ in range(n):
        text, spans = make_record(rng)
        ref = nlp.make_doc(text)
        ref.spans[GOLD_SPAN_KEY] = [ref.char_span(s, e, label=l) for s, e, l in spans]
        examples.append(Example(nlp.make_doc(text), ref))
    return examples


@pytest.fixture(scope="module")
def trained_nlp():
    nlp = tagger_blank()
    nlp.add_pipe("anon_regex_generator", config={"spans_key": "anon_regex"})
    nlp.add_pipe("anon_crf", config={"max_iterations": 50, "gazetteers": {"first": "faker:person.first_names:es_ES"}})
    examples = make_examples(nlp)
    nlp.initialize(lambda: examples)
    return nlp


def test_tokenizer_splits_character_classes_and_keeps_text():
    text = "NHC: 368503.\n\nc/ del Abedul 5-7,  nnavcu@hotmail.com 03/03/1946"
    words, spaces = split_char_classes(text)
    assert "".join(w + (" " if s else "") for w, s in zip(words, spaces)) == text
    assert words[:4] == ["NHC", ":", "368503", "."]
    assert ["03", "/", "03", "/", "1946"] == words[-5:]
    doc = tagger_blank()(text)
    assert doc.text == text


def test_token_codes_and_generalization():
    assert [token_code(t) for t in ["123", "ABC", "A", "Ana", "ana", "iPhone", "/", "\n", " "]] == \
        ["D", "A", "I", "C", "L", "M", "/", "N", "S"]
    assert generalize_codes("CCC") == "C+"
    assert generalize_codes("D/D/D") == "D/D/D"
    assert generalize_codes("LD@L.L") == r"LD@L\.L"


def test_learn_rules_keeps_precise_context_rules_without_identifiers():
    docs = []
    for name, number in [("Ana", "1"), ("Luis", "2"), ("Eva", "3"), ("Ana", "4")]:
        tokens = ["Nombre", ":", " ", name, ".", "\n", "Cama", ":", " ", number, "\n", "Visto", name]
        docs.append((tokens, [(3, 4, "NAME")]))
    rules = learn_rules(docs, min_support=2, min_docs=2)
    contexts = {tuple(r.context) for r in rules if r.label == "NAME"}
    assert ("nombre", ":") in contexts or (":",) in contexts
    # no context-free "C" rule: "Visto Ana" at the end is not annotated, so it is imprecise
    assert not any(r.context == [] and r.pattern == "C" for r in rules)
    # gold values never appear in rule contexts
    for rule in rules:
        assert not {"ana", "luis", "eva"} & set(rule.context)
    matches = apply_rules(["Nombre", ":", " ", "Pedro", "."], RuleIndex(rules))
    assert matches and matches[0][:3] == (3, 4, "NAME")


def test_bio_round_trip_and_features():
    tags = spans_to_bio(6, [(0, 2, "A"), (3, 4, "B")])
    assert tags == ["B-A", "I-A", "O", "B-B", "O", "O"]
    assert bio_to_spans(tags) == [(0, 2, "A"), (3, 4, "B")]
    assert bio_to_spans(["I-A", "I-A", "O", "I-B"]) == [(0, 2, "A"), (3, 4, "B")]
    assert word_shape("Ernesto") == "Xxxx" and word_shape("03/03/1946") == "dd/dd/ddd"
    feats = sequence_features(["Nombre", ":", "Ana"], span_tags=["O", "O", "B-NAME"],
                              gazetteers={"first": frozenset({"ana"})})
    assert "gz=first" in feats[2] and "-1:w=:" in feats[2] and "+1:rx=B-NAME" in feats[1]


def test_biluo_tags_mark_span_ends_and_decode_leniently():
    from spacy_anon.tagger.features import biluo_to_bio, spans_to_tags

    tags = spans_to_tags(7, [(0, 3, "A"), (3, 4, "A"), (5, 6, "B")], "BILUO")
    assert tags == ["B-A", "I-A", "L-A", "U-A", "O", "U-B", "O"]
    assert bio_to_spans(biluo_to_bio(tags)) == [(0, 3, "A"), (3, 4, "A"), (5, 6, "B")]
    # ill-formed paths a CRF can decode: a dangling I-/L- opens a span, a tag after L-/U- starts anew
    assert bio_to_spans(biluo_to_bio(["I-A", "L-A", "L-A", "O", "B-A", "I-B", "U-A"])) == [
        (0, 2, "A"), (2, 3, "A"), (4, 5, "A"), (5, 6, "B"), (6, 7, "A")]
    assert spans_to_tags(3, [(0, 2, "A")]) == ["B-A", "I-A", "O"]
    with pytest.raises(ValueError, match="tag scheme"):
        spans_to_tags(3, [], "IOB2")


def test_biluo_crf_trains_predicts_and_keeps_its_scheme(tmp_path):
    nlp = tagger_blank()
    nlp.add_pipe("anon_crf", config={"max_iterations": 50, "tag_scheme": "BILUO", "entity_threshold": 0.2})
    examples = make_examples(nlp)
    nlp.initialize(lambda: examples)
    crf = nlp.get_pipe("anon_crf")
    assert {"B-NOMBRE", "L-NOMBRE", "U-NOMBRE", "U-ID"} <= set(crf.tagger.labels())
    text, spans = make_record(random.Random(99))
    doc = nlp(text)
    assert {(s.start_char, s.end_char, s.label_) for s in doc.spans[SPAN_KEY]} == set(spans)
    assert all(0.0 < s._.anon_score <= 1.0 + 1e-9 for s in doc.spans[SPAN_KEY])
    nlp.to_disk(tmp_path / "m")
    loaded = spacy.load(tmp_path / "m")
    assert loaded.get_pipe("anon_crf").cfg["tag_scheme"] == "BILUO"
    reloaded = loaded(text)
    assert [(s.start, s.end, s.label_) for s in reloaded.spans[SPAN_KEY]] == \
        [(s.start, s.end, s.label_) for s in doc.spans[SPAN_KEY]]
    with pytest.raises(ValueError, match="tag_scheme"):
        tagger_blank().add_pipe("anon_crf", config={"tag_scheme": "IOB"})


def test_generator_and_crf_find_values(trained_nlp):
    gen = trained_nlp.get_pipe("anon_regex_generator")
    assert gen.rules and {"NOMBRE", "ID", "FECHA"} <= set(gen.labels)
    rng = random.Random(99)
    text, spans = make_record(rng)
    doc = trained_nlp(text)
    found = {(s.start_char, s.end_char, s.label_) for s in doc.spans[SPAN_KEY]}
    assert found == set(spans)
    for span in doc.spans[SPAN_KEY]:
        assert span._.anon_source == "anon_crf"
        assert 0.0 < span._.anon_score <= 1.0
    # unseen format is still handled by the CRF (no "Nombre:" line)
    doc = trained_nlp("Le atiende el doctor Navarro.\n")
    assert [(s.text, s.label_) for s in doc.spans[SPAN_KEY]] == [("Navarro", "NOMBRE")]


def test_components_append_to_existing_spans(trained_nlp):
    doc = trained_nlp.make_doc("Nombre: Ana Soto.\n")
    doc.spans[SPAN_KEY] = [Span(doc, 0, 1, label="MISC")]
    for _, proc in trained_nlp.pipeline:
        doc = proc(doc)
    labels = [s.label_ for s in doc.spans[SPAN_KEY]]
    assert labels[0] == "MISC" and "NOMBRE" in labels


def test_serialization_round_trip_and_editable_rules(trained_nlp, tmp_path):
    trained_nlp.to_disk(tmp_path / "model")
    rules_file = tmp_path / "model" / "anon_regex_generator" / "rules.json"
    assert rules_file.exists() and (tmp_path / "model" / "anon_crf" / "model.crfsuite").exists()
    text = "Nombre: Marta Vidal.\nNHC: 123456.\nFecha de ingreso: 01/02/2003.\n"
    loaded = spacy.load(tmp_path / "model")
    doc_a, doc_b = trained_nlp(text), loaded(text)
    a = [(s.start, s.end, s.label_, round(s._.anon_score, 6)) for s in doc_a.spans[SPAN_KEY]]
    b = [(s.start, s.end, s.label_, round(s._.anon_score, 6)) for s in doc_b.spans[SPAN_KEY]]
    assert a and a == b
    # a user edits the rules file: drop every ID rule
    rules = json.loads(rules_file.read_text())
    rules_file.write_text(json.dumps([r for r in rules if r["label"] != "ID"]))
    edited = spacy.load(tmp_path / "model")
    assert "ID" not in edited.get_pipe("anon_regex_generator").labels
    # bytes round trip
    crf = trained_nlp.get_pipe("anon_crf")
    other = loaded.get_pipe("anon_crf").from_bytes(crf.to_bytes())
    assert other.labels == crf.labels


def test_rules_property_is_editable(trained_nlp):
    gen = trained_nlp.get_pipe("anon_regex_generator")
    saved = gen.rules
    try:
        gen.rules = [{"context": ["cama", ":"], "pattern": "D", "label": "BED"}]
        doc = gen(trained_nlp.make_doc("Cama: 12\n"))
        assert [(s.text, s.label_) for s in doc.spans["anon_regex"]] == [("12", "BED")]
    finally:
        gen.rules = saved


def test_untrained_crf_fails_closed():
    nlp = tagger_blank()
    nlp.add_pipe("anon_crf")
    with pytest.raises(ValueError):
        nlp("Nombre: Ana.")


@pytest.mark.parametrize("name", ["crf_en.cfg", "crf_es.cfg"])
def test_configs_build(name):
    config = spacy.util.load_config(ROOT / "configs" / name)
    nlp = spacy.util.load_model_from_config(config, auto_fill=True, validate=True)
    # the shipped configs hold the whole pipeline that their benchmark scores: rules, tagger, mask
    assert nlp.pipe_names[0] == "anon_rules" and nlp.pipe_names[-1] == "anon_mask"
    assert "anon_crf" in nlp.pipe_names


def test_spacy_train_cli_on_tiny_corpus(tmp_path):
    nlp = tagger_blank()
    for split, seed, n in [("train", 1, 30), ("dev", 2, 8)]:
        db = DocBin(store_user_data=True)
        for eg in make_examples(nlp, n=n, seed=seed):
            db.add(eg.reference)
        db.to_disk(tmp_path / f"{split}.spacy")
    cmd = [sys.executable, "-m", "spacy", "train", str(ROOT / "configs" / "crf_es.cfg"),
           "--paths.train", str(tmp_path / "train.spacy"), "--paths.dev", str(tmp_path / "dev.spacy"),
           "--output", str(tmp_path / "out"), "--components.anon_crf.max_iterations", "30",
           "--components.anon_crf.gazetteers", "{}",
           "--components.anon_crf.span_filters.date_chunks.label", "FECHA"]  # the config's is MEDDOCAN's FECHAS
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    best = spacy.load(tmp_path / "out" / "model-best")
    doc = best("Nombre: Irene Campos.\nNHC: 555123.\n")
    assert {"NOMBRE", "ID"} <= {s.label_ for s in doc.spans[SPAN_KEY]}
    meta = json.loads((tmp_path / "out" / "model-best" / "meta.json").read_text())
    assert meta["performance"]["spans_crf_f"] > 0.9


def test_entity_threshold_raises_recall():
    from spacy_anon.tagger.crf_decoding import raise_recall

    class FakeTagger:
        probs = [{"O": 0.9, "B-X": 0.1}, {"O": 0.6, "B-X": 0.3, "I-X": 0.1}, {"O": 0.7, "I-X": 0.3}]

        def marginal(self, y, i):
            return self.probs[i].get(y, 0.0)

    tagger = FakeTagger()
    assert raise_recall(tagger, ["O", "O", "O"], ["B-X", "I-X"], 0.35) == ["O", "B-X", "O"]
    assert raise_recall(tagger, ["O", "O", "O"], ["B-X", "I-X"], 0.25) == ["O", "B-X", "I-X"]


def test_extend_spans_grows_found_entities_only():
    from spacy_anon.tagger.crf_decoding import extend_spans

    class FakeTagger:  # P(not O) per token: 0.02, 0.9 (the Viterbi entity), 0.05, ",": 0.5, 0.04, 0.06
        p_entity = [0.02, 0.9, 0.05, 0.5, 0.04, 0.06]

        def marginal(self, y, i):
            return 1.0 - self.p_entity[i] if y == "O" else self.p_entity[i]

    words = ["the", "night", "prior", ",", "to", "attack"]
    tags = ["O", "B-X", "O", "O", "O", "O"]
    labels = ["B-X", "I-X"]
    # "prior" joins (0.05 >= 0.03); "the" does not (0.02); "," is punctuation, so the run stops there and
    # "attack" (0.06) stays out: extension never opens a new entity
    assert extend_spans(FakeTagger(), tags, labels, 0.03, words) == ["O", "B-X", "I-X", "O", "O", "O"]
    assert extend_spans(FakeTagger(), tags, labels, 0.01, words) == ["B-X", "I-X", "I-X", "O", "O", "O"]
    assert extend_spans(FakeTagger(), ["O"] * 6, labels, 0.01, words) == ["O"] * 6


def test_chunk_shapes_restore_split_words():
    from spacy_anon.tagger.features import chunk_features

    words = ["el", "20", "-", "08", "-", "05", "es"]
    spaced = [True, False, False, False, False, True, False]
    assert chunk_features(words, spaced) == ["xx|S"] + ["dd-dd-dd|" + p for p in "BIIIE"] + ["xx|S"]


def test_trim_partial_chunks_keeps_words_whole():
    from spacy_anon.tagger.span_filters.chunks import trim_partial_chunks

    doc = tagger_blank()("Mail jane.roe@example.com on 3 May 2004.")
    words = [t.text for t in doc]
    jane, dot = words.index("jane"), words.index("roe") - 1
    # "Mail jane." cuts the e-mail chunk: the cut part goes
    assert trim_partial_chunks(doc, [(0, dot + 1, "PERSON", 0.8)]) == [(0, 1, "PERSON", 0.8)]
    # "3 May 2004" before the final "." is not a cut word: kept
    three = words.index("3")
    assert trim_partial_chunks(doc, [(three, three + 3, "DATETIME", 0.9)]) == [(three, three + 3, "DATETIME", 0.9)]
    assert jane == 1


def test_corpus_label_maps_give_categories_and_resolve_in_configs():
    from spacy_anon.labels import CATEGORIES, CORPUS_LABEL_MAPS, corpus_label_map, identifier_for

    for corpus, mapping in CORPUS_LABEL_MAPS.items():
        assert set(mapping.values()) <= set(CATEGORIES), corpus
    deid = corpus_label_map("deid")
    assert deid["HCPName"] == "PERSON" and identifier_for(deid["HCPName"]) == "DIRECT"
    assert corpus_label_map("meddocan")["FECHAS"] == "DATETIME"
    deid["HCPName"] = "changed"  # a copy: the shared table is untouched
    assert corpus_label_map("deid")["HCPName"] == "PERSON"
    with pytest.raises(ValueError, match="known: .*deid, .*meddocan"):
        corpus_label_map("i2b2")
    nlp = tagger_blank()
    label_map = {"@misc": "spacy_anon.corpus_label_map.v1", "corpus": "meddocan"}
    crf = nlp.add_pipe("anon_crf", config={"label_map": label_map})
    assert crf.cfg["label_map"]["NOMBRE_SUJETO_ASISTENCIA"] == "PERSON"


def test_label_map_renames_output_spans_and_survives_disk(tmp_path):
    nlp = tagger_blank()
    nlp.add_pipe("anon_crf", config={"max_iterations": 30, "label_map": {"NOMBRE": "PERSON"}})
    nlp.initialize(lambda: make_examples(nlp, n=30))
    text = "Nombre: Marta Vidal.\nNHC: 123456.\n"
    doc = nlp(text)
    labels = {s.label_ for s in doc.spans[SPAN_KEY]}
    assert "PERSON" in labels and "NOMBRE" not in labels
    nlp.to_disk(tmp_path / "m")
    reloaded = spacy.load(tmp_path / "m")(text)
    assert {s.label_ for s in reloaded.spans[SPAN_KEY]} == labels


def test_score_maps_gold_labels_like_the_predictions():
    """Bug: with a label_map the dev score compared PERSON predictions with NOMBRE gold (F 0.00)."""
    nlp = tagger_blank()
    nlp.add_pipe("anon_crf", config={"max_iterations": 30, "label_map": {"NOMBRE": "PERSON"}})
    train = make_examples(nlp, n=30)
    nlp.initialize(lambda: train)
    dev = make_examples(nlp, n=10, seed=1)
    per_type = nlp.evaluate(dev)["spans_crf_per_type"]
    assert "NOMBRE" not in per_type and per_type["PERSON"]["f"] > 0.5


def test_generator_score_counts_matches_the_crf_also_found(trained_nlp):
    """Bug: spaCy keys span extensions by offsets, so the CRF's span at the same offsets overwrote the
    generator's `anon_source` and the generator's own score dropped its matches (F 0.00 in spacy train)."""
    scores = trained_nlp.evaluate(make_examples(trained_nlp, n=10, seed=2))
    assert scores["spans_regex_f"] > 0.3


def test_token_texts_read_without_invisible_characters_but_a_lone_one_stays():
    """"Kow\u200balski" is one token read as "Kowalski"; a byte-order mark at the start of a file is a token of
    its own and keeps its text (an empty token text changed the MEDDOCAN model's features)."""
    from spacy_anon.tagger.crf_sequences import token_arrays
    from spacy_anon.tagger.data import tagger_nlp

    nlp = tagger_nlp("es")
    texts, _, _ = token_arrays(nlp.make_doc("\ufeffNombre: Ana Kow\u200balski."))
    assert texts[:2] == ["\ufeff", "Nombre"] and "Kowalski" in texts
