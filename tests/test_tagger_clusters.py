"""Word-cluster features: the pure functions, the CLI and the CRF option on tiny self-made text."""
import json
import subprocess
import sys

import numpy
import pytest
import spacy
from spacy.training import Example

from spacy_anon.labels import GOLD_SPAN_KEY, SPAN_KEY
from spacy_anon.tagger.clusters import (
    bisect_paths,
    cluster_features,
    cluster_key,
    iter_texts,
    read_clusters,
    tokenize_for_clusters,
    train_word_clusters,
    write_clusters,
)
from spacy_anon.tagger.features import sequence_features


def test_cluster_key_lowercases_and_maps_digits():
    assert cluster_key("Ankara") == "ankara"
    assert cluster_key("1999") == "0000"
    assert tokenize_for_clusters("Born in 1961 in Ankara.\n\nHe moved.") == [
        ["born", "in", "0000", "in", "ankara", "."], ["he", "moved", "."]
    ]


def test_bisect_paths_separates_groups_and_shares_prefixes():
    rng = numpy.random.default_rng(0)
    a = rng.normal(0, 0.05, (20, 8)) + numpy.eye(8)[0]
    b = rng.normal(0, 0.05, (20, 8)) + numpy.eye(8)[1]
    paths = bisect_paths(numpy.vstack([a, b]), max_depth=6)
    assert len({p[0] for p in paths[:20]}) == 1 and len({p[0] for p in paths[20:]}) == 1
    assert paths[0][0] != paths[20][0]
    assert all(1 <= len(p) <= 6 for p in paths)


def test_cluster_features_are_prefixes():
    assert cluster_features("0110101") == ["cl4=0110", "cl6=011010", "cl10=0110101"]
    assert cluster_features("01") == ["cl4=01"]
    assert cluster_features(None) == []


def test_clusters_file_round_trip_and_errors(tmp_path):
    path = tmp_path / "training" / "clusters" / "c.tsv.gz"  # the folder does not exist yet
    write_clusters({"ankara": "0101", "izmir": "0100"}, path)
    assert read_clusters(path) == {"ankara": "0101", "izmir": "0100"}
    brown = tmp_path / "brown.txt"
    brown.write_text("0101\tAnkara\t12\n", encoding="utf8")  # Brown-cluster layout: bits, word, count
    assert read_clusters(brown) == {"ankara": "0101"}
    bad = tmp_path / "bad.tsv"
    bad.write_text("ankara\t0101\nizmir two\n", encoding="utf8")
    with pytest.raises(ValueError, match="bad.tsv:2"):
        read_clusters(bad)


def test_iter_texts_reads_formats_and_skips_held_out_ids(tmp_path):
    (tmp_path / "bk.json").write_text(json.dumps({"001-1": "kept text", "001-2": "held out"}), encoding="utf8")
    (tmp_path / "c.jsonl").write_text('{"doc_id": "001-2", "text": "no"}\n\n{"id": "x", "text": "yes"}\n',
                                     encoding="utf8")
    folder = tmp_path / "brat"
    folder.mkdir()
    (folder / "a.txt").write_text("uno", encoding="utf8")
    assert list(iter_texts(tmp_path / "bk.json", {"001-2"})) == ["kept text"]
    assert list(iter_texts(tmp_path / "c.jsonl", {"001-2"})) == ["yes"]
    assert list(iter_texts(folder)) == ["uno"]
    (tmp_path / "broken.jsonl").write_text('{"text": "a"}\n{oops\n', encoding="utf8")
    with pytest.raises(ValueError, match="broken.jsonl:2"):
        list(iter_texts(tmp_path / "broken.jsonl"))


CITIES = ["Ankara", "Izmir", "Bursa", "Konya", "Adana", "Samsun"]


def city_text(n=300, seed=0):
    import random

    rng = random.Random(seed)
    lines = []
    for _ in range(n):
        city = rng.choice(CITIES)
        lines.append(rng.choice([f"He was born in {city} .", f"The court in {city} decided .",
                                 f"She moved to {city} in 1990 .", f"The prosecutor of {city} appealed ."]))
    return "\n".join(lines)


def test_train_word_clusters_gives_every_frequent_word_a_path():
    """Cluster quality is measured on real text (BENCHMARKS.md); here: shape and determinism."""
    sentences = tokenize_for_clusters(city_text())
    clusters = train_word_clusters(sentences, dim=16, min_count=2, epochs=5, workers=1, max_depth=4)
    assert {c.lower() for c in CITIES} <= set(clusters)
    assert all(1 <= len(bits) <= 4 and set(bits) <= {"0", "1"} for bits in clusters.values())
    assert clusters == train_word_clusters(sentences, dim=16, min_count=2, epochs=5, workers=1, max_depth=4)
    with pytest.raises(ValueError, match="no text"):
        train_word_clusters([])


def test_word_clusters_by_default_are_the_same_on_every_run():
    """With two word2vec threads the order of updates varied, and so did the clusters, the tagger trained on
    them and its held-out scores between two builds of the same recipe."""
    sentences = tokenize_for_clusters(city_text(20000))  # enough words for several of gensim's jobs
    first = train_word_clusters(sentences, dim=16, min_count=2, epochs=5, max_depth=4)
    assert first == train_word_clusters(sentences, dim=16, min_count=2, epochs=5, max_depth=4)


def test_sequence_features_add_cluster_prefixes_for_token_and_neighbours():
    feats = sequence_features(["in", "Bursa"], clusters={"bursa": "011010", "in": "10"})
    assert "cl4=0110" in feats[1] and "cl6=011010" in feats[1]
    assert "+1:c6=011010" in feats[0]
    assert not any(f.startswith("cl") for f in sequence_features(["in", "Bursa"])[1])


MONTHS = ["January", "February", "March", "April", "June", "July"]


def test_crf_with_clusters_tells_unseen_words_apart_and_keeps_clusters_on_disk(tmp_path):
    """Unseen "Samsun" (clustered with the cities) is tagged; unseen "July" (with the months) is not."""
    import random

    clusters = {c.lower(): "0110" + format(i, "03b") for i, c in enumerate(CITIES)}
    clusters.update({m.lower(): "1110" + format(i, "03b") for i, m in enumerate(MONTHS)})
    path = tmp_path / "clusters.tsv"
    write_clusters(clusters, path)
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_crf", config={"clusters": str(path), "max_iterations": 80, "feature_span_keys": []})
    rng = random.Random(0)
    examples = []
    for _ in range(80):
        word = rng.choice(CITIES[:5] + MONTHS[:5])
        text = rng.choice(["He was born in {} .", "She moved there in {} .", "It happened in {} ."]).format(word)
        ref = nlp.make_doc(text)
        if word in CITIES:
            start = text.index(word)
            ref.spans[GOLD_SPAN_KEY] = [ref.char_span(start, start + len(word), label="LOC")]
        examples.append(Example(nlp.make_doc(text), ref))
    nlp.initialize(lambda: examples)

    def found(pipeline, text):
        doc = pipeline(text)
        return [(s.text, s.label_) for s in doc.spans[SPAN_KEY]]

    assert found(nlp, "He was born in Samsun .") == [("Samsun", "LOC")]
    assert found(nlp, "He was born in July .") == []
    nlp.to_disk(tmp_path / "model")
    path.unlink()  # the model keeps its own copy
    loaded = spacy.load(tmp_path / "model")
    assert loaded.get_pipe("anon_crf").clusters == clusters
    assert found(loaded, "He was born in Samsun .") == [("Samsun", "LOC")]
    assert found(loaded, "He was born in July .") == []


def test_clusters_cli(tmp_path):
    corpus = tmp_path / "text.jsonl"
    corpus.write_text("\n".join(json.dumps({"id": str(i), "text": line})
                                for i, line in enumerate(city_text(200).splitlines())), encoding="utf8")
    out = tmp_path / "c.tsv.gz"
    result = subprocess.run(
        [sys.executable, "-m", "spacy_anon", "tagger", "clusters", str(corpus), "-o", str(out),
         "--dim", "8", "--epochs", "2", "--min-count", "2", "--workers", "1"],
        capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "ankara" in read_clusters(out)
    assert "Ankara" not in result.stderr  # reports counts, never the text


def test_missing_clusters_file_falls_back_with_one_message(tmp_path, caplog):
    """Cluster features are optional: the CRF trains without them and the log names the command that
    builds the file (configs run as shipped before `spacy project run clusters-english`)."""
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_crf", config={"clusters": str(tmp_path / "nope.tsv")})
    ref = nlp.make_doc("He was born in Ankara .")
    ref.spans[GOLD_SPAN_KEY] = [ref[4:5]]
    with caplog.at_level("WARNING", logger="spacy_anon"):
        nlp.initialize(lambda: [Example(nlp.make_doc(ref.text), ref)])
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 1 and "spacy-anon tagger clusters" in messages[0] and "nope.tsv" in messages[0]
    assert nlp.get_pipe("anon_crf").clusters == {}
