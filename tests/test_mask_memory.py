"""ReplacementMemory: a lone name part joins a remembered full name only when exactly one entity owns it."""
import spacy

from spacy_anon.doc_keys import MEMORY_KEY
from spacy_anon.mask.memory import ReplacementMemory


def test_a_part_owned_by_one_entity_is_aliased_to_it():
    memory = ReplacementMemory()
    anna = memory.entity_id("PERSON", "anna polat", parts=["anna", "polat"])
    assert memory.entity_id("PERSON", "polat", parts=["polat"], alias_part=True) == anna


def test_a_part_owned_by_several_entities_is_a_new_entity():
    memory = ReplacementMemory()
    anna = memory.entity_id("PERSON", "anna polat", parts=["anna", "polat"])
    cem = memory.entity_id("PERSON", "cem polat", parts=["cem", "polat"])
    assert sorted(memory.find_by_part("PERSON", "polat")) == sorted([anna, cem])
    lone = memory.entity_id("PERSON", "polat", parts=["polat"], alias_part=True)
    assert lone not in (anna, cem) and lone == "PERSON_3"
    # the part alone is remembered under its own key from now on
    assert memory.entity_id("PERSON", "polat", parts=["polat"], alias_part=True) == lone
    # without alias_part (the doc itself has a full name with that part) nothing is aliased either
    assert memory.entity_id("PERSON", "anna", parts=["anna"]) == "PERSON_4"


def _masked(nlp, memory, text, names):
    doc = nlp.make_doc(text)
    doc.spans["anon"] = [doc.char_span(text.index(n), text.index(n) + len(n), label="PERSON") for n in names]
    doc.user_data[MEMORY_KEY] = memory
    return nlp.get_pipe("anon_mask")(doc)._.anon_text


def test_a_surname_of_two_people_in_an_earlier_chunk_gets_its_own_tag():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"strategy": "tag", "run_rules": False, "use_ents": False,
                                      "leak_guard": False})
    memory = ReplacementMemory()
    first = _masked(nlp, memory, "Anna Polat met Cem Polat.", ["Anna Polat", "Cem Polat"])
    assert first == "[PERSON_1] met [PERSON_2]."
    # "Polat" alone may be either: joining it to one of them would tell a reader which one it is not
    assert _masked(nlp, memory, "Later Polat called.", ["Polat"]) == "Later [PERSON_3] called."
    # a part that only one of them has joins that one
    assert _masked(nlp, memory, "Then Cem called.", ["Cem"]) == "Then [PERSON_2] called."
