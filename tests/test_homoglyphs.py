"""Homoglyphs: Latin look-alike letters of another script inside a word, an e-mail, a URL or a name do not
hide it. Detectors read a confusable-folded view; offsets stay in the original text."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spacy_anon
from spacy_anon.text_views import fold_confusables, latin_lookalike, normalized_view

# Latin letter -> look-alikes of other scripts (Cyrillic, Greek)
LOOKALIKES = {"a": "аα", "e": "е", "o": "оο", "p": "р", "c": "с", "x": "х", "y": "у", "i": "іι", "j": "ј",
              "s": "ѕ", "K": "КΚ", "M": "МΜ", "T": "ТΤ", "J": "Ј", "E": "ЕΕ"}


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def test_latin_lookalikes():
    assert [latin_lookalike(c) for c in "аоерсΚο"] == list("aoepcKo")
    assert latin_lookalike("ж") == "" and latin_lookalike("a") == "" and latin_lookalike("é") == ""


def test_only_mixed_script_words_are_folded():
    assert fold_confusables("jаne.roe@example.com") == "jane.roe@example.com"
    assert fold_confusables("Москва and Αθήνα") == "Москва and Αθήνα"  # words wholly in their own script
    view = normalized_view("Mail jаne.roe@example.com")
    assert view.text == "Mail jane.roe@example.com"
    assert view.to_original(5, 25) == (5, 25)  # one character for one: offsets in the original text


@pytest.mark.parametrize("text, secret", [
    ("Write to jаne.roe@example.com today.", "jane.roe"),
    ("Write to jane.rое@example.com today.", "jane.roe"),
    ("Write to jane.roe@ехample.com today.", "example"),
    ("See https://www.kоwalski-law.com/about now.", "kowalski"),
    ("Mr Jonathan Kоwalski was born in Leeds. Later Kowalski left.", "kowalski"),
])
def test_homoglyph_identifiers_are_masked_whole(nlp, text, secret):
    out = nlp(text)._.anon_text
    assert secret not in fold_confusables(out).lower()
    assert "@" not in out and ".com" not in out


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_lookalike_letters_in_an_email_never_leak_it(nlp, data):
    address = "jane.roe@example.com"
    places = [i for i, c in enumerate(address) if c in LOOKALIKES]
    chosen = data.draw(st.lists(st.sampled_from(places), min_size=1, max_size=5, unique=True))
    chars = list(address)
    for i in chosen:
        chars[i] = data.draw(st.sampled_from(LOOKALIKES[chars[i]]))
    out = nlp(f"Please write to {''.join(chars)} before Monday.")._.anon_text
    folded = fold_confusables(out).lower()
    assert "jane" not in folded and "roe" not in folded and "example" not in folded
