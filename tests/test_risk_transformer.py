"""The transformer attacker and the masked-LM information content, on tiny randomly initialised BERTs built
here (no download)."""
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from spacy_anon.risk import MaskedLMProbabilities, ReidentificationAttack, document_information  # noqa: E402
from spacy_anon.risk.transformer import TransformerAttacker, has_mlm_head  # noqa: E402

WORDS = ("oslo lisbon nairobi quito violin surgeon architect chess glacier volcano orchid lighthouse born "
         "film award won star actor year city critic child love weekend career").split()
POPULATION = {
    "A": "oslo violin glacier oslo violin glacier film award",
    "B": "lisbon surgeon volcano lisbon surgeon volcano film award",
    "C": "nairobi architect orchid nairobi architect orchid film award",
}


def tiny_folder(tmp_path, mlm: bool):
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", ".", ",", "(", ")"] + WORDS + ["##s", "the", "in", "was"]
    (tmp_path / "vocab.txt").write_text("\n".join(vocab) + "\n")
    tokenizer = transformers.BertTokenizerFast(vocab={w: i for i, w in enumerate(vocab)})
    if len(tokenizer.get_vocab()) < len(vocab):  # transformers 4 reads a vocabulary file
        tokenizer = transformers.BertTokenizerFast(vocab_file=str(tmp_path / "vocab.txt"))
    config = transformers.BertConfig(vocab_size=len(vocab), hidden_size=16, num_hidden_layers=1, num_attention_heads=2,
                                     intermediate_size=32, max_position_embeddings=64,
                                     hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0)
    torch.manual_seed(0)
    model = (transformers.BertForMaskedLM if mlm else transformers.BertModel)(config)
    model.save_pretrained(tmp_path)
    tokenizer.save_pretrained(tmp_path)
    return str(tmp_path), model, tokenizer


def test_transformer_attacker_trains_on_windows_and_early_stops(tmp_path):
    path, _, _ = tiny_folder(tmp_path, mlm=False)
    assert not has_mlm_head(path)
    attacker = TransformerAttacker(model=path, window=4, overlap=1, max_epochs=20, patience=20, learning_rate=5e-3,
                                   batch_size=2, device="cpu")
    attack = ReidentificationAttack(POPULATION, attacker=attacker, anonymizer=None, normalizer="lower",
                                    dev=dict(POPULATION), dev_is_anonymized=True)
    assert any("MLM pre-training skipped" in line for line in attack.log)
    report = attack.report({"A": "violin glacier oslo", "B": "surgeon lisbon", "C": "orchid architect nairobi"})
    assert report["attacker"]["name"] == "transformer" and report["attacker"]["best_epoch"] >= 1
    assert report["trir"] == 1.0, attack.log  # distinctive words are learned even by a 1-layer, 16-dim model
    logits, owner = attack.attacker.window_logits(["oslo violin glacier film award oslo violin"])
    assert owner == [0, 0] and logits.shape == (2, 3)  # 7 tokens: windows [0, 4) and [3, 7)


def test_mlm_pretraining_runs_when_the_model_has_a_head(tmp_path):
    path, _, _ = tiny_folder(tmp_path, mlm=True)
    assert has_mlm_head(path)
    attacker = TransformerAttacker(model=path, window=4, overlap=1, max_epochs=1, mlm_epochs=1, mlm_window=16,
                                   mlm_overlap=4, device="cpu")
    attacker.fit(list(POPULATION.values()), list(POPULATION))
    assert attacker.mlm_pretrained and attacker.epochs_run == 1


@pytest.mark.parametrize("strategy,n", [("s-ta", 1), ("n-ta", 2)])
def test_mlm_information_content(tmp_path, strategy, n):
    _, model, tokenizer = tiny_folder(tmp_path, mlm=True)
    source = MaskedLMProbabilities(model, tokenizer, strategy=strategy, n=n, device="cpu")
    original = "the actor was born in oslo. the film won the award in lisbon."
    same = document_information(original, original, source)
    assert same["tpi"] == 1.0 and same["tic_original"] > 0
    # the random model gives each sub-token a probability near 1/|vocab|: IC close to log2 |vocab|
    assert same["tic_original"] / same["n_terms"] == pytest.approx(math_log2_vocab(tokenizer), rel=0.5)
    masked = document_information(original, "the actor was born in ***. the film won the award in ***.", source)
    assert 0 < masked["tpi"] < 1
    assert document_information(original, " ".join("***" for _ in original.split()), source)["tpi"] == 0.0


def math_log2_vocab(tokenizer):
    import math

    return math.log2(len(tokenizer.get_vocab()))


def test_sentence_transformers_folder_pools_by_mean_and_windows_are_capped(tmp_path):
    from spacy_anon.risk.transformer import pooling_mode

    path, _, _ = tiny_folder(tmp_path, mlm=False)
    assert pooling_mode(path) == "cls"  # a plain BERT folder: the head reads [CLS]
    (tmp_path / "1_Pooling").mkdir()
    (tmp_path / "1_Pooling" / "config.json").write_text('{"pooling_mode_cls_token": false, "pooling_mode_mean_tokens": true}')
    assert pooling_mode(path) == "mean"  # as all-MiniLM-L6-v2 was trained
    attacker = TransformerAttacker(model=path, window=4, overlap=1, max_epochs=20, patience=20, learning_rate=5e-3,
                                   batch_size=2, device="cpu", max_windows_per_doc=2)
    # 6 and 2 windows: the long document gives 2 windows per epoch, a fresh draw each time
    by_doc = {0: [0, 1, 2, 3, 4, 5], 1: [6, 7]}
    draws = {tuple(sorted(attacker._epoch_windows(by_doc))) for _ in range(20)}
    assert all(len(d) == 4 and {6, 7} <= set(d) for d in draws) and len(draws) > 1
    attack = ReidentificationAttack(POPULATION, attacker=attacker, anonymizer=None,
                                    dev=dict(POPULATION), dev_is_anonymized=True)
    settings = attack.attacker.settings()
    assert settings["pooling"] == "mean" and settings["max_windows_per_doc"] == 2
    assert attack.normalizer == "lower"  # whole words for a word-piece encoder, not stems
    assert any("at most 2 windows per document" in line for line in attack.log)
    assert attack.trir({"A": "violin glacier oslo", "B": "surgeon lisbon", "C": "orchid architect nairobi"}) == 1.0
    with pytest.raises(ValueError, match="E865"):
        TransformerAttacker(model=path, pooling="max")


# rare words: each person has one word the others never use, drowned in shared ones
RARE = {
    "A": "film award star actor oslo year city critic film award star actor year city critic",
    "B": "film award star actor quito year city critic film award star actor year city critic",
    "C": "film award star actor chess year city critic film award star actor year city critic",
}


def test_wide_part_identifies_people_by_rare_words(tmp_path):
    path, _, _ = tiny_folder(tmp_path, mlm=False)
    # one epoch at a tiny learning rate: the random encoder learns next to nothing, the word-piece SVM the rest
    attacker = TransformerAttacker(model=path, window=6, overlap=2, max_epochs=1, learning_rate=1e-6,
                                   head_learning_rate=1e-6, batch_size=4, device="cpu")
    assert attacker.head == "wide_deep"
    attack = ReidentificationAttack(RARE, attacker=attacker, anonymizer=None, normalizer="lower",
                                    dev={"A": "critic oslo film", "B": "quito year star", "C": "award chess city"},
                                    dev_is_anonymized=True)
    protected = {"A": "year oslo city film", "B": "star critic quito award", "C": "chess actor year city"}
    report = attack.report(protected, {k: RARE[k] for k in protected})
    settings = report["attacker"]
    assert settings["head"] == "wide_deep" and settings["part_dev_accuracy"]["wide"] == 1.0
    assert settings["wide_C"] in attacker.wide_dev_C
    assert report["parts"]["wide"]["trir"] == 1.0 and report["parts"]["wide"]["clear_text_trir"] == 1.0
    assert set(report["parts"]) == {"wide", "deep"}
    assert all(set(row["parts"]) == {"wide", "deep"} and row["parts"]["wide"] == row["id"]
               for row in report["documents"])
    # the weight of the wide part is the best on dev; with the wide part perfect there, the mix is too
    assert settings["wide_weight"] in attacker.wide_weights and report["dev_accuracy"] == 1.0
    assert report["trir"] == 1.0
    assert any("wide-and-deep weight" in line for line in report["log"])


def test_deep_head_is_the_encoder_alone(tmp_path):
    path, _, _ = tiny_folder(tmp_path, mlm=False)
    attacker = TransformerAttacker(model=path, window=4, overlap=1, max_epochs=20, patience=20, learning_rate=5e-3,
                                   batch_size=2, device="cpu", head="deep")
    attack = ReidentificationAttack(POPULATION, attacker=attacker, anonymizer=None, normalizer="lower",
                                    dev=dict(POPULATION), dev_is_anonymized=True)
    assert not hasattr(attack.attacker, "wide_")
    report = attack.report({"A": "violin glacier oslo", "B": "surgeon lisbon", "C": "orchid architect nairobi"})
    assert report["attacker"]["head"] == "deep" and report["attacker"]["wide_weight"] is None
    assert report["parts"] == {} and all("parts" not in row for row in report["documents"])
    assert report["trir"] == 1.0
    texts = ["violin glacier oslo film award oslo violin"]
    logits, owner = attack.attacker.window_logits(texts)
    from spacy_anon.risk import aggregate_windows

    assert (attack.attacker.document_scores(texts) == aggregate_windows(logits, owner, 1)).all()  # summed logits


@pytest.mark.parametrize("settings,code", [({"head": "wide"}, "E866"), ({"head": None}, "E866"),
                                           ({"wide_weights": (0.5, 1.5)}, "E867"), ({"wide_weights": ()}, "E867"),
                                           ({"wide_dev_C": (0.0, 1.0)}, "E867"), ({"wide_C": "x"}, "E867")])
def test_invalid_head_settings_fail_clearly(settings, code):
    with pytest.raises(ValueError, match=code):
        TransformerAttacker(**settings)
