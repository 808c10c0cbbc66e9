"""One person is one entity across casings, possessives, titles, a surname alone and the label each mention
got; a surname that is also a common word is masked where it is used as the name, and left in its
ordinary use."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spacy_anon
from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS
from spacy_anon.mask.grouping import person_forms
from spacy_anon.mask.leak_guard import find_occurrences, name_runs, sweep_terms, used_as_name

COMMON = {"smith", "baker", "young", "will", "rose", "king", "white", "cook", "victoria", "street", "garden",
          "judge", "justice", "solicitors", "son", "lord", "chief", "king"}
GIVEN = {"gunnar", "bartholomew", "john", "rose", "will", "victoria", "jan", "dev"}


def forms(mentions, before=None):
    return person_forms(mentions, is_given_name=GIVEN.__contains__, is_common=COMMON.__contains__,
                        before=before, roles=frozenset({"patient", "claimant"}))


@pytest.mark.parametrize("mentions, expected", [
    ([("PERSON", "Jan Kowalski"), ("LOC", "Kowalski")], {1: "PERSON"}),  # surname alone after the name
    ([("PERSON", "Jan Kowalski"), ("ORG", "KOWALSKI")], {1: "PERSON"}),
    ([("PERSON", "Gunnar Lindqvist"), ("DEM", "Mr lindqvist")], {1: "PERSON"}),
    ([("DEM", "Mr lindqvist")], {0: "PERSON"}),  # a title: a person even alone
    ([("MISC", "Dr. Kowalski")], {0: "PERSON"}),
    ([("ORG", "Bartholomew Quayle")], {0: "PERSON"}),  # a given name and a non-common word
    ([("LOC", "Poland"), ("PERSON", "Jan Kowalski")], {}),
    ([("LOC", "Victoria Street")], {}),  # a common word: a street
    ([("ORG", "Dev-Yol")], {}),  # one hyphenated word, not a given name and a surname
    ([("ORG", "Kowalski & Sons"), ("PERSON", "Jan Kowalski")], {}),  # more than the name
    ([("DATETIME", "Kowalski"), ("PERSON", "Jan Kowalski")], {0: "PERSON"}),  # a surname tagged as a date
    ([("DATETIME", "Rose"), ("PERSON", "Rose Kowalski")], {}),  # a date or number label: no common word
    ([("QUANTITY", "Kowalski 3"), ("PERSON", "Jan Kowalski")], {}),  # nor a digit
    ([("PERSON", "Kowalski"), ("LOC", "Jan Kowalski")], {1: "PERSON"}),  # a given name before the surname
    ([("PERSON", "Kowalski"), ("LOC", "Kowalski Street")], {}),  # more than the name, a common word
])
def test_person_forms(mentions, expected):
    assert forms(mentions) == expected


def test_person_forms_after_a_role_noun():
    mentions = [("ORG", "Aldous Quayle")]  # "aldous": no known given name here
    assert forms(mentions) == {}
    assert forms(mentions, before=["Patient "]) == {0: "PERSON"}
    assert forms(mentions, before=["The Bank of "]) == {}


def test_name_runs():
    runs = name_runs(["joao", "pedro", "da", "silva", "santos"])
    assert ("silva", "santos") in runs and ("pedro", "da", "silva") in runs and ("joao", "pedro") in runs
    assert ("da", "silva") not in runs and ("pedro", "da") not in runs
    assert name_runs(["ana", "gil"]) == []  # the whole name is swept anyway


AS_NAME = ["Later, {w} agreed.", "Then Mr {w} went home.", "Dr. {w} left.", "Afterwards {w} said no.", "The letter from {w}, dated May.", "{W} refused.",
           "Then {w} was heard.", "It was sent to {w}.", "{w}'s lawyer came.", "and {w} objected to it"]
ORDINARY = ["The {w} sold bread.", "{W} people came.", "He was {w} then.", "a {w} man", "his {w} was read",
            "They were very {w}.", "{W} Street is long."]


@pytest.mark.parametrize("template", AS_NAME)
@pytest.mark.parametrize("word", ["smith", "baker", "young", "cook"])
def test_used_as_name(template, word):
    text = template.format(w=word, W=word.capitalize())
    start = text.lower().index(word)
    assert used_as_name(text, start, start + len(word))


@pytest.mark.parametrize("template", ORDINARY)
@pytest.mark.parametrize("word", ["smith", "baker", "young", "cook"])
def test_ordinary_use(template, word):
    text = template.format(w=word, W=word.capitalize())
    start = text.lower().index(word)
    assert not used_as_name(text, start, start + len(word))


def swept(mentions, text):
    terms = sweep_terms(mentions, ("PERSON",), ("mr", "mrs", "dr"), COMMON.__contains__, frozenset({"the", "a"}))
    return [text[s:e] for s, e, _ in find_occurrences(text, terms)]


@settings(max_examples=60, deadline=None)
@given(surname=st.sampled_from(["Smith", "Baker", "Young", "Cook", "White"]),
       verb=st.sampled_from(["said", "agreed", "denied", "was", "had", "complained", "later"]),
       lead=st.sampled_from(["Later, ", "Afterwards ", "", "In reply, "]))
def test_common_surname_swept_when_used_as_name(surname, verb, lead):
    text = f"{lead}{surname.lower()} {verb} it. The {surname.lower()} {verb} it."
    found = swept([("PERSON", f"John {surname}")], text)
    assert found == [surname.lower()]  # the name, not the trade after "The"


def test_a_title_word_as_surname_is_swept_in_lower_case():
    assert swept([("PERSON", "Anne King")], "Later, king agreed.") == ["king"]
    assert swept([("PERSON", "King Charles")], "Later, king agreed.") == []  # a title before the name


def test_common_surname_of_a_role_is_not_swept_in_lower_case():
    assert swept([("PERSON", "Judge Garlicki")], "The trial judge sentenced him.") == []
    assert swept([("PERSON", "Justice")], "no miscarriage of justice.") == []
    assert swept([("PERSON", "Smith Solicitors")], "a new firm of solicitors, who") == []
    assert swept([("PERSON", "Lord Chief Justice")], "as the chief justice said") == []
    assert swept([("PERSON", "the applicant's son")], "signed by the son, three") == []


def test_two_surname_run_swept_in_lower_case():
    text = "Depois, silva santos negou tudo."
    common = {"silva", "santos"}  # even when each part alone is a common word
    terms = sweep_terms([("PERSON", "João Pedro da Silva Santos")], ("PERSON",), (), common.__contains__)
    assert [text[s:e] for s, e, _ in find_occurrences(text, terms)] == ["silva santos"]


# ---------------------------------------------------------------- the default pipelines, end to end
@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def entities_of(doc, *values):
    text = doc.text
    rows = {text[r["start"]:r["end"]]: r for r in doc._.anon_table}
    return [(rows[v]["entity"], rows[v]["label"]) if v in rows else None for v in values]


def test_person_tagged_org_and_its_other_casings(nlp):
    doc = nlp("Patient Bartholomew Quayle was admitted on Monday. Later QUAYLE complained, and quayle left.")
    assert "Quayle" not in doc._.anon_text and "QUAYLE" not in doc._.anon_text and "quayle" not in doc._.anon_text
    found = entities_of(doc, "Bartholomew Quayle", "QUAYLE", "quayle")
    assert None not in found and len(set(found)) == 1 and found[0][1] == "PERSON"


def test_casings_and_a_title_in_lower_case_are_one_entity(nlp):
    doc = nlp("Gunnar Lindqvist testified. LINDQVIST signed the form. Then Mr lindqvist went home.")
    assert "indqvist" not in doc._.anon_text.lower()
    found = entities_of(doc, "Gunnar Lindqvist", "LINDQVIST", "Mr lindqvist")
    assert None not in found and len({entity for entity, _ in found}) == 1


def test_surname_alone_possessive_and_titles_are_the_person(nlp):
    text = ("Jan Kowalski lodged the complaint. The claimant, Kowalski, was born in Poland. Kowalski's lawyer "
            "wrote to Mr. Kowalski, then to MR KOWALSKI and Dr Kowalski.")
    doc = nlp(text)
    assert "owalski" not in doc._.anon_text.lower()
    rows = [r for r in doc._.anon_table if "owalski" in text[r["start"]:r["end"]].lower()]
    assert len(rows) >= 5 and {(r["entity"], r["label"]) for r in rows} == {("PERSON_1", "PERSON")}


@pytest.mark.parametrize("text, name, left", [
    ("John Smith was heard. Later, smith agreed to pay.", "smith", None),
    ("Rose Baker signed. Afterwards baker said she was tired. The baker sold bread.", "baker", "The baker sold"),
    ("Will Young testified. young said no.", "young", None),
])
def test_common_word_surname_in_lower_case(nlp, text, name, left):
    doc = nlp(text)
    after = doc._.anon_text.split(".", 1)[1]
    assert f" {name} " not in after.replace(left or "\0", "")
    if left:
        assert left in doc._.anon_text


def test_portuguese_two_surnames_in_lower_case():
    nlp = spacy_anon.load(lang="pt")
    doc = nlp("O réu João Pedro da Silva Santos compareceu. Depois, silva santos negou tudo.")
    assert "silva" not in doc._.anon_text.lower() and "santos" not in doc._.anon_text.lower()


@settings(max_examples=80, deadline=None)
@given(surname=st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=4, max_size=10).filter(
           lambda w: w not in COMMON and w not in GIVEN and w not in DEFAULT_HONORIFICS),  # "srta" is a title
       label=st.sampled_from(["ORG", "LOC", "DEM", "MISC"]),
       form=st.sampled_from(["{S}", "{U}", "{s}", "Mr {S}", "MR {U}", "Dr. {s}", "Jan {S}"]))
def test_any_form_of_a_persons_name_under_another_label_is_the_person(surname, label, form):
    mention = form.format(S=surname.capitalize(), U=surname.upper(), s=surname)
    assert forms([("PERSON", f"Jan {surname.capitalize()}"), (label, mention)]) == {1: "PERSON"}
    assert forms([(label, mention), ("PERSON", f"Jan {surname.capitalize()}")]) == {0: "PERSON"}  # before it too


def test_capitalised_surname_opening_a_sentence(nlp):
    doc = nlp("Rose Baker signed the contract. Baker said she was tired. The baker sold bread.")
    assert "Baker" not in doc._.anon_text and "The baker sold bread." in doc._.anon_text


def test_a_form_of_a_person_named_in_another_part_of_the_document_is_the_persons():
    """Fields of a record and chunks of a long text share a replacement memory: a surname alone tagged LOC
    in one part is the person named in full in another part (`known_person`)."""
    from spacy_anon.mask.entities import person_in_memory
    from spacy_anon.mask.memory import ReplacementMemory

    memory = ReplacementMemory()
    memory.entity_id("PERSON", "PERSON|jonathan kowalski", parts=["jonathan", "kowalski"])
    known = person_in_memory(memory, ["PERSON"])
    assert known(["kowalski"]) == "PERSON" and known(["jonathan", "kowalski"]) == "PERSON"
    assert known(["leeds"]) is None and known(["kowalski", "leeds"]) is None
    assert person_forms([("LOC", "Kowalski")], known_person=known) == {0: "PERSON"}
    assert person_forms([("LOC", "Leeds")], known_person=known) == {}
