"""Vacuous replacements and text similarity (spacy_anon.evaluate.generalization_quality) on real cases of
the `generalize` output."""
import numpy
import pytest

from spacy_anon.evaluate.generalization_quality import (
    chunk_ids, classify_replacement, cosine, document_embedding, mean_pool, mean_similarity, normalize_replacement,
    replaced_segments, vacuous_share,
)


@pytest.mark.parametrize("replacement,label,kind", [
    ("An entity", "PERSON", "vacuous"),          # a name generalized to the root
    ("a thing", "MISC", "vacuous"),
    ("thing", "MISC", "vacuous"),
    ("A thing", "MISC", "vacuous"),               # sentence start
    ("some", "QUANTITY", "vacuous"),
    ("psychological feature", "MISC", "vacuous"),
    ("a living thing", "MISC", "vacuous"),
    ("some things", "MISC", "vacuous"),           # plural of a top concept
    ("entities", "MISC", "vacuous"),
    ("a person", "MISC", "vacuous"),              # "a good person" for "humanitarian" would be fine; bare person not
    ("a person", "PERSON", "informative"),        # a person for a person says what it was
    ("A person", "PERSON", "informative"),
    ("a film", "MISC", "informative"),
    ("some awards", "MISC", "informative"),
    ("a producer", "MISC", "informative"),
    ("June 1975", "DATETIME", "informative"),
    ("[MISC_1]", "MISC", "tagged"),
    ("<PERSON>", "PERSON", "tagged"),
    ("***", "MISC", "suppressed"),
    ("", "MISC", "suppressed"),
    ("una cosa", "MISC", "informative"),          # not in the (English) set: only articles are stripped
])
def test_classify_replacement(replacement, label, kind):
    assert classify_replacement(replacement, label) == kind


def test_original_written_back_is_unchanged_not_vacuous():
    assert classify_replacement("group", "MISC", original="group") == "unchanged"
    assert classify_replacement("the world", "MISC", original="world") == "unchanged"
    assert classify_replacement("The world", "MISC", original="The Lost World") == "vacuous"  # a title
    res = vacuous_share([{"replacement": "group", "label": "MISC", "text": "group"},
                         {"replacement": "world", "label": "MISC", "original": "real-life"}])
    assert (res["unchanged"], res["vacuous"], res["replaced"]) == (1, 1, 2)


def test_tag_words_of_a_published_mask():
    assert classify_replacement("SENSITIVE , SENSITIVE", None, ["SENSITIVE"]) == "tagged"
    assert classify_replacement("SENSITIVE", None) == "informative"  # without the mask's word it is a word


def test_normalize_strips_articles_and_punctuation_only():
    assert normalize_replacement("The thing,") == "thing"
    assert normalize_replacement("a a thing") == "thing"
    assert normalize_replacement("a") == "a"
    assert normalize_replacement("Some") == "some"


def test_vacuous_share_counts_rows_and_keeps_tags_apart():
    rows = [
        {"replacement": "An entity", "label": "PERSON"},
        {"replacement": "a thing", "label": "MISC"},
        {"replacement": "a producer", "label": "MISC"},
        {"replacement": "a person", "label": "PERSON"},
        {"replacement": "[MISC_3]", "label": "MISC"},
        {"replacement": "***", "label": "MISC"},
        {"replacement": "a thing", "label": "MISC"},
        {"replacement": "June 1975", "label": "DATETIME"},
    ]
    res = vacuous_share(rows)
    assert res["replaced"] == 8
    assert (res["vacuous"], res["tagged"], res["suppressed"], res["informative"]) == (3, 1, 1, 3)
    assert res["unchanged"] == 0
    assert res["vacuous_share"] == pytest.approx(3 / 8)
    assert res["vacuous_share_of_written"] == pytest.approx(3 / 6)
    assert res["tagged_suppressed_share"] == pytest.approx(2 / 8)
    assert res["top_vacuous"][0] == ("thing", 2)
    empty = vacuous_share([])
    assert empty["replaced"] == 0 and empty["vacuous_share"] == 0.0


def test_replaced_segments_align_a_retokenized_lowercased_mask():
    original = "Jolie made her screen debut as a child alongside her father, Jon Voight, in Lookin' to Get Out (1982)."
    masked = "1975 births made WORLD as WORLD alongside WORLD , American people of German descent , in WORLD ( YEAR ) ."
    rows = replaced_segments(original, masked)
    pairs = [(r["original"], r["replacement"]) for r in rows]
    assert ("Jolie", "1975 births") in pairs
    assert ("Jon Voight", "American people of German descent") in pairs
    assert ("1982", "YEAR") in pairs
    assert all(r["label"] is None for r in rows)
    # unchanged text (case and spacing aside) gives no rows; a deletion gives an empty replacement
    assert replaced_segments("Hollywood's highest-paid actress", "hollywood ' s highest - paid actress") == []
    assert replaced_segments("born in Tregaron, Wales", "born in , Wales") == [
        {"original": "Tregaron", "replacement": "", "label": None}]


def test_chunk_ids_windows_and_special_tokens():
    ids = list(range(10))
    windows = chunk_ids(ids, size=6, prefix=[101], suffix=[102])
    assert windows == [[101, 0, 1, 2, 3, 102], [101, 4, 5, 6, 7, 102], [101, 8, 9, 102]]
    assert all(len(w) <= 6 for w in windows)
    assert chunk_ids([], size=6, prefix=[101], suffix=[102]) == [[101, 102]]
    with pytest.raises(ValueError):
        chunk_ids(ids, size=2, prefix=[101], suffix=[102])


def test_mean_pool_ignores_padding_and_batches():
    hidden = numpy.array([[[1.0, 2.0], [3.0, 4.0], [100.0, 100.0]]])
    mask = numpy.array([[1, 1, 0]])
    assert mean_pool(hidden, mask).tolist() == [[2.0, 3.0]]
    assert mean_pool(hidden[0], mask[0]).tolist() == [2.0, 3.0]


def test_document_embedding_and_similarity():
    a = document_embedding([numpy.array([1.0, 0.0]), numpy.array([0.0, 1.0])])
    assert a.tolist() == [0.5, 0.5]
    assert cosine(a, a) == pytest.approx(1.0)
    assert cosine(a, numpy.zeros(2)) == 0.0
    mean, per_doc = mean_similarity({"x": numpy.array([1.0, 0.0]), "y": numpy.array([1.0, 1.0])},
                                    {"x": numpy.array([1.0, 0.0]), "y": numpy.array([-1.0, -1.0]), "z": a})
    assert per_doc == {"x": pytest.approx(1.0), "y": pytest.approx(-1.0)}
    assert mean == pytest.approx(0.0)
