"""Bug (issue 28, chats typed in lower case): "nan's 90th is sat 15th at the royal oak ..., uncle pete is doing
the speech" left "sat 15th" and "pete" in clear; "awkward af" was masked as a person (the truecasing read
"Af"). The class: a shortened weekday that is also a word ("sat", "sun", "mon") before a day in
digits is a date, not after a pronoun; the short forms people call each other by ("pete", "gaz", "kev")
are given names after a kinship word; chat's "af", "tbh", "idk" are shorthand."""
import pytest

from spacy_anon.casing import truecased_text
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)
from tests.test_rules_recognizers import texts


@pytest.mark.parametrize("text,date", [("nan's 90th is sat 15th at the royal oak", "sat 15th"),
                                       ("on Sat 15th at the pub", "Sat 15th"),
                                       ("see you sun 3rd at 2pm", "sun 3rd at 2pm")])
def test_short_weekday_and_day(text, date):
    found = [m for m in texts(text, "rules.date_spoken") + texts(text, "rules.time")]
    assert date in found, found


def test_a_verb_is_no_weekday():
    assert texts("she sat 15th in the standings", "rules.date_spoken") == []


@pytest.mark.parametrize("text,name", [("uncle pete is doing the speech lol", "pete"),
                                       ("my cousin gaz said no", "gaz")])
def test_short_given_names_after_kin(text, name):
    assert texts(text, "rules.relative_name") == [name]


def test_chat_shorthand_stays_lower_case():
    assert truecased_text("she was awkward af tbh", "en") == "She was awkward af tbh"


def test_a_chat(nlp):
    found = [t for t, _ in rows(nlp, "omg just saw my ex sarah at tesco in stockport with her new bf, awkward af")]
    assert "sarah" in found and "stockport" in found, found
    assert not any(t in ("awkward af", "af") for t in found), found


@pytest.mark.parametrize("text,name,word", [
    ("Kære Mette, thanks for hosting us in Aarhus! Hugs, Ingrid", "Mette", "Kære"),
    ("Thanks for everything. Hugs, Ingrid & Lars", "Ingrid", "Hugs"),
])
def test_greetings_and_closings_of_other_kinds(nlp, text, name, word):
    """"Kære Mette" was one person with the Danish greeting, a "Hugs," closing was masked."""
    found = [t for t, _ in rows(nlp, text)]
    assert name in found and not any(word in t for t in found), found
