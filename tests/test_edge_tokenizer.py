"""The string masker tokenizes on a vocabulary of its own (`spacy_anon.mask.edge_tokenizer`): the
pipeline's vocabulary does not grow with the words of a long log, and the tokens, hence the output,
are the pipeline's, across renewals and tokenizer changes."""
import spacy
from spacy.tokenizer import Tokenizer

import spacy_anon.mask.component  # noqa: F401  (registers anon_mask)
from spacy_anon.fast_path import anonymize_structured, structured_blank, structured_pipeline, structured_recognizers
from spacy_anon.mask import edge_tokenizer


def _lines(n, offset=0):
    return [f'10.{i % 250}.{i % 13}.{i % 7} - - [{i % 28 + 1:02d}/Jun/2024:{i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d} '
            f'+0000] "GET /u/{i + offset}" 200 {i * 37 % 9999} user=id{i + offset}x mail=a{i + offset}@ex.com'
            for i in range(n)]


def _reference(texts):
    ref = structured_blank("en")
    ref.add_pipe("anon_rules", config={"recognizers": list(structured_recognizers())})
    ref.add_pipe("anon_mask")
    return [(d._.anon_text, d._.anon_table) for d in (ref(t) for t in texts)]


def test_the_pipeline_vocabulary_does_not_grow_with_new_words():
    nlp = structured_pipeline()
    list(anonymize_structured(_lines(20), nlp))
    before = len(nlp.vocab)  # counts every lexeme ever added, freed or not
    out = list(anonymize_structured(_lines(400, offset=1000), nlp))
    assert all(table for _text, table in out)
    assert len(nlp.vocab) - before < 20


def test_renewed_vocabularies_give_the_pipeline_s_tokens(monkeypatch):
    monkeypatch.setattr(edge_tokenizer, "RENEW_RUNS", 3)
    lines = _lines(60, offset=77)
    assert list(anonymize_structured(lines, structured_pipeline(), batch_size=16)) == _reference(lines)


def test_a_replaced_tokenizer_is_followed():
    nlp = structured_pipeline()
    lines = _lines(8)
    list(anonymize_structured(lines, nlp))
    old = nlp.tokenizer
    nlp.tokenizer = Tokenizer(nlp.vocab, rules={}, prefix_search=None, suffix_search=old.suffix_search,
                              infix_finditer=old.infix_finditer, token_match=old.token_match, url_match=old.url_match)
    ref = spacy.blank("en")
    ref.tokenizer = Tokenizer(ref.vocab, rules={}, prefix_search=None, suffix_search=old.suffix_search,
                              infix_finditer=old.infix_finditer, token_match=old.token_match, url_match=old.url_match)
    ref.add_pipe("anon_rules", config={"recognizers": list(structured_recognizers())})
    ref.add_pipe("anon_mask")
    expected = [(d._.anon_text, d._.anon_table) for d in (ref(t) for t in lines)]
    got = list(anonymize_structured(lines, nlp))
    assert got == expected
    assert got != list(anonymize_structured(lines, structured_pipeline()))  # no prefix rule: "[" stays on the date
