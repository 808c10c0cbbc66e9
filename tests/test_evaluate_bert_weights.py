"""BERT information-content weights with a tiny random masked LM (skipped without transformers/torch)."""
import math

import pytest

from spacy_anon.corpora import GoldRecord, GoldSpan
from spacy_anon.evaluate.tab import BertWeighting, tab_metrics

transformers = pytest.importorskip("transformers")
torch = pytest.importorskip("torch")


@pytest.fixture(scope="module")
def tiny_bert(tmp_path_factory):
    path = tmp_path_factory.mktemp("tiny_bert")
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "john", "smith", "lives", "in", "oslo", "."]
    (path / "vocab.txt").write_text("\n".join(vocab) + "\n")
    tok = transformers.BertTokenizerFast(vocab_file=str(path / "vocab.txt"), do_lower_case=True)
    tok.save_pretrained(str(path))
    torch.manual_seed(0)
    config = transformers.BertConfig(
        vocab_size=len(vocab), hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
        intermediate_size=32, max_position_embeddings=64,
    )
    transformers.BertForMaskedLM(config).save_pretrained(str(path))
    return str(path)


def test_bert_weights(tiny_bert):
    text = "John Smith lives in Oslo ."
    w = BertWeighting(tiny_bert, max_segment_size=4)  # forces two segments
    weights = w.get_weights("d", text, [(0, 4), (5, 10), (20, 24), (25, 25)])
    assert all(x > 0 for x in weights[:3])
    assert weights[3] == 0.0  # no sub-token
    # a random model over an 11-word vocabulary: -ln p cannot be far from ln 11
    assert all(x < 10 * math.log(11) for x in weights[:3])
    rec = GoldRecord("d", text, [GoldSpan(0, 10, "PERSON")])
    r = tab_metrics([rec], {"d": [(0, 10), (20, 24)]}, weighting=w)
    assert 0.0 < r["weighted_token_precision"] < 1.0
