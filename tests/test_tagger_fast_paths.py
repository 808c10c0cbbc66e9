"""The tagger's faster feature and rule-matching code gives what the plain algorithms give: the CRF's
feature lists (same features, same order: crfsuite sums weights in order) and the regex generator's
candidate matches, on random token sequences and on the shipped model's document."""
import random

import pytest

from spacy_anon.tagger.clusters import cluster_features, cluster_key
from spacy_anon.tagger.features import (
    chunk_features, sequence_features, token_base_features, word_shape,
)
from spacy_anon.tagger.regex_generator import RuleIndex, Rule, _contexts, token_code

WORDS = ["Mr", "Olsen", "of", "the", "Court", ":", "12", "May", "2004", "ECHR", "no.", "8319/07", "Ana",
         "García", "(", ")", ",", "Lisboa", "applicant", "GB", "x"]


def _reference_sequence_features(words, *, lemmas=None, pos=None, span_tags=None, gazetteers=None, chunks=None,
                                 clusters=None, window=2, affix=3, extra=None):
    """The feature lists built token by token, without any cache."""
    n = len(words)
    gazetteers = gazetteers or {}
    own_all, ctx_all = [], []
    for i, word in enumerate(words):
        gz = [name for name, terms in gazetteers.items() if word.lower() in terms]
        own, ctx = token_base_features(word, lemma=lemmas[i] if lemmas else "", pos=pos[i] if pos else "",
                                       span_tag=span_tags[i] if span_tags else "", gazetteers=gz, affix=affix)
        bits = clusters.get(cluster_key(word)) if clusters else None
        if bits:
            own += cluster_features(bits)
            ctx.append("c6=" + bits[:6])
        if extra:
            ctx.extend(extra[i])
        own_all.append(own)
        ctx_all.append(ctx)
    line_key = "key=" + (words[0].lower() if n and words[0].isalpha() else "-")
    result, seen_colon = [], False
    for i in range(n):
        feats = ["bias", line_key, *own_all[i], *ctx_all[i]]
        if chunks:
            feats.append("ch=" + chunks[i])
        if seen_colon:
            feats += ["after_colon", line_key + "|after_colon"]
        seen_colon = seen_colon or words[i] == ":"
        for off in range(-window, window + 1):
            j = i + off
            if off and 0 <= j < n:
                feats += ["%+d:%s" % (off, f) for f in ctx_all[j]]
            elif off and j == -1:
                feats.append("BOS")
            elif off and j == n:
                feats.append("EOS")
        if i > 0:
            feats.append("bi=%s|%s" % (ctx_all[i - 1][0], ctx_all[i][0]))
        result.append(feats)
    return result


@pytest.mark.parametrize("seed", range(40))
def test_sequence_features_equal_the_plain_algorithm(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 25)
    words = [rng.choice(WORDS) for _ in range(n)]
    kwargs = dict(
        span_tags=[rng.choice(["O", "B-CODE", "I-CODE"]) for _ in words] if seed % 2 else None,
        gazetteers={"last_names": frozenset({"olsen", "garcía"}), "countries": frozenset({"gb"})},
        chunks=chunk_features(words, [rng.random() < 0.7 for _ in words]),
        clusters={"olsen": "0110101", "court": "10", "00": "111000111"} if seed % 3 else None,
        window=rng.choice([0, 1, 2, 3]), affix=rng.choice([2, 3]),
        extra=[["zf=3"] if rng.random() < 0.3 else [] for _ in words] if seed % 4 == 0 else None,
        lemmas=[w.lower() for w in words] if seed % 5 == 0 else None,
        pos=["PROPN"] * n if seed % 7 == 0 else None,
    )
    memo = {}
    assert sequence_features(words, **kwargs) == _reference_sequence_features(words, **kwargs)
    assert sequence_features(words, memo=memo, **kwargs) == sequence_features(words, memo=memo, **kwargs)


def test_chunk_shapes_are_those_of_the_joined_chunk():
    words = ["8319", "/", "07", "and", "Abdisamad-Adow-Sufi-Elmi-Ibrahim"]
    assert chunk_features(words, [False, False, True, True, False]) == [
        "ddd/dd|B", "ddd/dd|I", "ddd/dd|E", "xxx|S", "long|S"]
    assert word_shape("Abdisamad-Adow-Sufi-Elmi-Ibrahim") == "Xxxx-Xxxx-Xxxx-Xxxx-Xxxx"


def _reference_candidates(index, tokens):
    codes = "".join(token_code(t) for t in tokens)
    lower = [t.lower() for t in tokens]
    found = []
    for start, code in enumerate(codes):
        if code in ("S", "N"):
            continue
        for context in _contexts(lower, codes, start, index.max_context):
            for rule in index.by_context.get(context, ()):
                match = rule.regex.match(codes, start)
                if match and match.end() > start:
                    found.append((start, match.end(), rule))
    for rule in index.free:
        for match in rule.regex.finditer(codes):
            if match.end() > match.start() and codes[match.start()] not in ("S", "N"):
                found.append((match.start(), match.end(), rule))
    return found


@pytest.mark.parametrize("seed", range(30))
def test_regex_generator_candidates_equal_the_plain_algorithm(seed):
    rng = random.Random(seed)
    vocab = ["no", ".", "of", "Mr", "Ms", "Court", "12", "May", "2004", "ECHR", " ", "\n", "  ", ":", "/", "07"]
    rules = [
        Rule(["no", "."], "D/D", "CODE"), Rule(["no"], r"\.", "X"), Rule(["mr"], "C", "PERSON", 0.95),
        Rule(["of", "mr"], "C+", "PERSON", 0.9), Rule([":"], "D", "NUM"), Rule([], "DSCSD", "DATETIME", 0.92),
        Rule(["court"], "S?A", "ORG"),
    ]
    index = RuleIndex(rng.sample(rules, rng.randint(1, len(rules))))
    for _ in range(20):
        tokens = [rng.choice(vocab) for _ in range(rng.randint(0, 40))]
        assert index.candidates(tokens) == _reference_candidates(index, tokens)
