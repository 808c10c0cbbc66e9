"""Streaming and bounded memory: the command reads records only as fast as it writes them, and a long
document is processed in windows that share one replacement memory."""
import contextlib

import pytest

from spacy_anon.cli.options import Options
from spacy_anon.cli.runner import anonymize_records
from spacy_anon.io import Record
from spacy_anon.longdocs import anonymize_long_text, chunk_bounds


@pytest.fixture(scope="module")
def rules_nlp():
    import spacy_anon

    return spacy_anon.load(strategy="tag")


def _options(**kw):
    return Options(**{"batch_size": 4, **kw})


@pytest.mark.parametrize("n_process", [1, 2])
def test_records_are_read_as_they_are_written_not_all_at_once(rules_nlp, n_process):
    read = []

    def records():
        for i in range(400):
            read.append(i)
            yield Record(id=i, text=f"Record {i}: write to dana{i}@example.com.", where=f"line {i + 1}")

    with contextlib.ExitStack() as stack:
        results = anonymize_records(rules_nlp, records(), _options(), stack, n_process=n_process)
        ids = []
        for record, outcome in results:
            ids.append(record.id)
            # at most the batches in flight are read ahead: 1 batch in one process, 2 per worker with 2
            assert len(read) - len(ids) <= 4 * (1 if n_process == 1 else 2 * n_process + 1)
    assert ids == list(range(400))


def test_a_long_document_in_windows_keeps_each_entity_s_replacement(rules_nlp):
    paragraph = ("Mr Benham wrote to Anna Kowalski at anna.kowalski@example.com on 3 May 2020. "
                 "The court heard Benham and Kowalski. " * 3)
    text = "\n\n".join([paragraph] * 30)
    assert len(chunk_bounds(text, 2_000)) > 5
    result = anonymize_long_text(rules_nlp, text, max_length=2_000)
    assert result.n_chunks > 5
    replacements = {}
    for row in result.table:
        replacements.setdefault(text[row["start"]:row["end"]], set()).add(row["replacement"])
    assert "anna.kowalski@example.com" not in result.anonymized
    assert len(replacements["anna.kowalski@example.com"]) == 1
    assert all(len(values) == 1 for values in replacements.values())
    # windows processed alone would give the same anonymized text as the whole, window by window
    assert result.anonymized.count("\n\n") == text.count("\n\n")


def test_cached_neighbour_features_are_those_of_each_token():
    """The CRF's neighbour features come from a cache (speed); each must still be the neighbour's own
    shared feature with its offset, in window order."""
    from spacy_anon.tagger.features import sequence_features, token_base_features

    words = ["Mr", "Benham", "wrote", "to", "Anna", "Kowalski", "in", "Warsaw", "."]
    feats = sequence_features(words, window=2, affix=3)
    feats_again = sequence_features(words, window=2, affix=3)
    assert feats == feats_again
    contexts = [token_base_features(w)[1] for w in words]
    for i, token_feats in enumerate(feats):
        expected = []
        for off in (-2, -1, 1, 2):
            j = i + off
            if 0 <= j < len(words):
                expected.extend("%+d:%s" % (off, f) for f in contexts[j])
        got = [f for f in token_feats if f[:1] in "+-" and f[1:2].isdigit() and f[2:3] == ":"]
        assert got == expected
    assert ("BOS" in feats[0]) and ("EOS" in feats[-1])
