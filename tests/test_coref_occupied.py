"""The coreference resolver's fast helpers answer as the plain definitions they replace: `Occupied.free`
as the pairwise overlap test, `standalone_occurrences` as the lookaround regex."""
import random
import re

from spacy_anon.coref.resolve import (Occupied, _free, find_anaphora, find_name_variants, plain_words,
                                      sentence_starts, standalone_occurrences)


def test_occupied_answers_as_the_pairwise_test():
    rng = random.Random(3)
    for _ in range(300):
        spans = []
        for _ in range(rng.randint(0, 8)):
            start = rng.randint(0, 60)
            spans.append((start, start + rng.choice([0, 0, 1, 2, 5, 9])))  # empty spans too
        taken = Occupied(spans)
        for _ in range(30):
            start = rng.randint(0, 70)
            end = start + rng.choice([0, 1, 3, 7])
            assert taken.free(start, end) == _free(start, end, spans), (spans, start, end)


def test_standalone_occurrences_are_the_regex_matches():
    rng = random.Random(5)
    pieces = ["ECHR", "ECHRS", "-", " ", "xECHR", "ECH", "R", "é", "_", "(", ")", "EC", "HR", "\n"]
    for word in ("ECHR", "EE", "AA", "É"):
        for _ in range(300):
            text = "".join(rng.choice(pieces + [word]) for _ in range(rng.randint(0, 12)))
            expected = [m.start() for m in re.finditer(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text)]
            assert standalone_occurrences(text, word) == expected, (word, text)
    assert standalone_occurrences("AAA AA", "AA") == [4]


def test_words_and_sentences_given_by_the_caller_change_nothing():
    text = ("Mr John Doe lodged an application. Doe later refused. He said that the applicant, Mr Doe, "
            "had left. Young people and Ms Young met her. She agreed.")
    mentions = [(3, 11, "PERSON"), (120, 128, "PERSON")]
    plain = find_name_variants(text, mentions, ["PERSON"], ["mr", "ms"], lambda w: w == "young")
    given = find_name_variants(text, mentions, ["PERSON"], ["mr", "ms"], lambda w: w == "young",
                               words=plain_words(text), starts=sentence_starts(text))
    assert plain == given and plain
    taken = [(s, e) for s, e, _ in mentions]
    assert find_anaphora(text, "en", taken) == find_anaphora(text, "en", taken, words=plain_words(text))
    assert [a.kind for a in find_anaphora(text, "en", taken)] == ["pronoun", "nominal", "pronoun", "pronoun"]
