"""How the wide-and-deep transformer attacker mixes its two parts' document scores: hand-computed."""
import numpy
import pytest

from spacy_anon.risk.windows import mix_scores, pick_weight, standardize_scores


def test_scores_are_standardized_per_document_over_classes():
    z = standardize_scores([[1.0, 2.0, 3.0], [5.0, 5.0, 5.0], [-40.0, 0.0, 40.0]])
    s = numpy.sqrt(2.0 / 3.0)  # population std of 1, 2, 3
    assert z[0] == pytest.approx([-1 / s, 0.0, 1 / s])
    assert z[1] == pytest.approx([0.0, 0.0, 0.0])  # a constant row carries no vote
    assert z[2] == pytest.approx(z[0])  # the scale (number of windows, SVM vs logits) is gone


def test_mix_follows_the_weight_of_the_wide_part():
    # the wide part is sure of class 0, the deep part mildly prefers class 2
    wide = [[30.0, 0.0, 0.0]]
    deep = [[0.0, 0.4, 0.5]]
    assert mix_scores(wide, deep, 1.0).argmax() == 0 and mix_scores(wide, deep, 0.0).argmax() == 2
    # z(wide) = [1.414, -0.707, -0.707], z(deep) = [-1.389, 0.463, 0.926]: an even mix keeps class 0 (0.012)
    assert mix_scores(wide, deep, 0.5)[0] == pytest.approx([0.0126, -0.1221, 0.1094], abs=1e-3)
    assert mix_scores(wide, deep, 0.25).argmax() == 2


def test_weight_of_best_accuracy_ties_go_to_an_even_mix():
    weights = (0.0, 0.25, 0.5, 0.75, 1.0)
    assert pick_weight(weights, [0.6, 0.7, 0.8, 0.87, 0.8]) == 0.75
    assert pick_weight(weights, [0.6, 0.9, 0.9, 0.9, 0.9]) == 0.5
    assert pick_weight(weights, [0.9, 0.9, 0.5, 0.5, 0.9]) == 0.25  # the best one nearest an even mix
    assert pick_weight(weights, [0.9, 0.5, 0.5, 0.5, 0.9]) in (0.0, 1.0)  # equally far: still a best one
    assert pick_weight(weights, [0.0] * 5) == 0.5  # no development documents


def test_word_pieces_are_joined_into_whole_words():
    from spacy_anon.risk.transformer import join_pieces

    assert join_pieces(["quill", "##ington", "played", "the", "vi", "##olin"]) == ["quillington", "played", "the", "violin"]
    assert join_pieces(["\u2581quill", "ington", "\u2581played"]) == ["quillington", "played"]  # SentencePiece
    assert join_pieces(["##ing", "film"]) == ["##ing", "film"]  # a window may start inside a word


def test_wide_features_are_pieces_words_and_word_pairs():
    from spacy_anon.risk.transformer import WordPieceLinear

    vocab = ["[CLS]", "quill", "##ington", "won", "[SEP]"]
    window = [0, 1, 2, 3, 4]
    assert WordPieceLinear(vocab, skip_ids=[0, 4], words=False).features(window) == ["quill", "##ington", "won"]
    assert WordPieceLinear(vocab, skip_ids=[0, 4]).features(window) == [
        "quill", "##ington", "won", "W:quillington", "W:won", "quillington_won"]
