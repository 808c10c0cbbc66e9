"""Surrogates and date shifts come from a secret key, never from a public seed alone."""
import itertools

import pytest
import spacy

import spacy_anon  # noqa: F401  (extensions)
from spacy_anon.mask.component import ALLOW_SEED_ENV, KEY_ENV, AnonMask

KEY = "correct horse battery staple"
TEXT = "Anna Kowalski was born on 12 March 1961. Kowalski moved to Lyon on 3 May 1990."


def masked(text=TEXT, **config):
    nlp = spacy.blank("en")
    config.setdefault("run_rules", False)
    mask = nlp.add_pipe("anon_mask", config={"strategy": "surrogate", **config})
    doc = nlp.make_doc(text)
    spans = [doc.char_span(0, 13, label="PERSON"), doc.char_span(26, 39, label="DATETIME"),
             doc.char_span(41, 49, label="PERSON")]
    doc.spans["anon"] = spans
    return mask(doc)


def test_a_seed_alone_is_refused(monkeypatch):
    monkeypatch.delenv(ALLOW_SEED_ENV, raising=False)
    monkeypatch.delenv(KEY_ENV, raising=False)
    with pytest.raises(ValueError, match="seed is not a secret"):
        masked(seed=13)
    masked()  # no seed, no key: random surrogates, allowed
    masked(seed=13, pseudonym_key=KEY)  # a seed beside a key is allowed


def test_short_keys_are_refused(monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    with pytest.raises(ValueError, match="at least 16"):
        masked(pseudonym_key="k")
    with pytest.raises(ValueError, match="at least 16"):
        AnonMask(spacy.blank("en"), strategy="surrogate").set_pseudonym_key("short-key")


def test_keyed_surrogates_are_repeatable_and_depend_on_the_key(monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    a = masked(pseudonym_key=KEY)._.anon_text
    assert masked(pseudonym_key=KEY)._.anon_text == a
    assert masked(pseudonym_key=KEY + "!")._.anon_text != a
    assert masked(pseudonym_key=KEY, seed=2)._.anon_text != a  # the seed rotates keyed choices
    assert "Kowalski" not in a and "Anna" not in a


def test_document_scope_gives_each_document_its_own_surrogates_and_date_shift(monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    other = TEXT.replace("Lyon", "Nice")  # another document with the same person and date
    one, two = masked(pseudonym_key=KEY), masked(other, pseudonym_key=KEY)
    first_name = lambda doc: doc._.anon_table[0]["replacement"]  # noqa: E731
    assert first_name(one) != first_name(two)
    assert one._.anon_table[1]["replacement"] != two._.anon_table[1]["replacement"]
    one, two = masked(pseudonym_key=KEY, key_scope="corpus"), masked(other, pseudonym_key=KEY, key_scope="corpus")
    assert first_name(one) == first_name(two)
    assert one._.anon_table[1]["replacement"] == two._.anon_table[1]["replacement"]


def test_unkeyed_surrogates_differ_between_runs(monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    runs = {masked()._.anon_text for _ in range(4)}
    assert len(runs) > 1


def test_two_people_never_share_a_surrogate_name_part(monkeypatch):
    """A provider that keeps offering "Tom Brown": the second person must get another name, or both
    would be "Mr Brown"."""
    monkeypatch.delenv(KEY_ENV, raising=False)
    offers = itertools.cycle(["Tom Brown", "Tom Brown", "Ann Brown", "Joe Park", "Tom Brown", "Eve Stone"])

    def provider(label, text, *, locale, seed, date_shift_days):
        return next(offers)

    nlp = spacy.blank("en")
    mask = AnonMask(nlp, strategy="surrogate", run_rules=False, surrogate_provider=provider)
    doc = nlp.make_doc("Mr John Smith met Mr Peter Jones. Mr Smith and Mr Jones left.")
    doc.spans["anon"] = [doc.char_span(3, 13, label="PERSON"), doc.char_span(21, 32, label="PERSON"),
                         doc.char_span(37, 42, label="PERSON"), doc.char_span(50, 55, label="PERSON")]
    out = mask(doc)._.anon_text
    assert out == "Mr Tom Brown met Mr Joe Park. Mr Brown and Mr Park left."


def test_a_number_inside_words_gets_new_digits_and_keeps_its_words(monkeypatch):
    """A tagger may call "58 years old" DEM: its surrogate was "73 xvmyl lhe" (now an age range)."""
    from spacy_anon.mask.surrogates import make_faker_surrogates

    provider = make_faker_surrogates()
    for seed in range(5):
        value = provider("DEM", "58 years old", locale="en_US", seed=seed, date_shift_days=40)
        assert value.endswith(" years old") and value[:2].isdigit()
