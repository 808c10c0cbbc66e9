"""Medical eponyms: a surname that names a device, a test, a score, a procedure or a disease ("Holter
monitor", "Foley catheter", "Apgar score", "Whipple procedure", "Crohn's disease", "Glasgow Coma Scale").
A tagger reads the capitalised word as a person; it names nobody in the text, and a disease is a
confidential attribute that the sensitive-term detector, not the name detector, handles. A name with a
title stays a person's ("Mrs Patel's test"), and a possessive counts only before a disease's head noun
("Bell's palsy", not "Smith's results") or, for a disease named by its eponym alone, where no other noun
follows ("diagnosed with Parkinson's in 2019")."""
import re

from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS
from spacy_anon.lexicon.place_names import fold_accents, known_place_names

# clinical nouns an eponym is written before ("Holter monitor", "Glasgow Coma Scale", "Apgar score")
EPONYM_HEADS = frozenset(
    "monitor monitoring catheter scale score procedure operation repair test manoeuvre maneuver reflex sign "
    "tube drain needle criteria classification technique position stockings splint traction forceps mask "
    "airway shunt fistula valve pump".split())
# heads a possessive eponym is written before ("Crohn's disease", "Bell's palsy", "Hodgkin's lymphoma")
DISEASE_HEADS = frozenset(
    "disease syndrome palsy lymphoma sarcoma tumour tumor phenomenon disorder ulcer fracture contracture "
    "cyst dementia sign triad reflex oesophagus esophagus thyroiditis encephalopathy neuroma node deformity "
    "aneurysm".split())  # "Barrett's oesophagus", "Hashimoto's thyroiditis", "Wernicke's encephalopathy"
# heads that end an eponym's whole name in a tagger's span ("Glasgow Coma Scale", "Apgar Score"); not "Mask"
# or "Test", which end the names of groups and works ("Black Mask")
NAMED_HEADS = frozenset("scale score catheter monitor procedure syndrome disease criteria classification".split())
# eponyms written alone for the device or the test ("Doppler of left leg negative", "Hickman flushed")
LONE_EPONYMS = frozenset("doppler holter foley apgar hickman swan-ganz swan ganz guedel".split())
_TITLES = frozenset(DEFAULT_HONORIFICS)
# words a note writes before a disease's eponym, in the tagger's span ("Known Crohn's disease")
QUALIFIERS = frozenset("known suspected possible probable likely query severe mild early late chronic acute "
                       "hx history pmh with of".split())

# diseases written by their eponym alone, in the possessive ("diagnosed with Parkinson's", "early-onset
# Alzheimer's", "his Crohn's flared"), or run together ("Alzheimers"); "Mr Parkinson's car" is a person's
DISEASE_EPONYMS = frozenset("parkinson alzheimer crohn huntington hodgkin asperger tourette addison cushing raynaud "
                            "meniere graves kawasaki".split())
# what follows such a possessive when it names the disease: a clause's end, a function word, a disease's
# head, or a word of its care
_DISEASE_NEXT = frozenset("and or in since for with which that but so is was has had who diagnosis symptoms "
                          "medication meds nurse patients patient clinic flare flared disease syndrome".split())
_POSSESSIVE_NEXT = re.compile(r"(?:['’]s|s\b)(?:[ \t]{1,2}([A-Za-z]+))?")
_HEAD_AFTER = re.compile(r"[ \t]{1,2}([A-Za-z]+)")
_POSSESSIVE_HEAD_AFTER = re.compile(r"['’]s?[ \t]{1,2}([A-Za-z]+)")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def eponym_span(text: str, start: int, end: int) -> bool:
    """Whether text[start:end], a tagger's name span of one or two words, is a medical eponym: written
    alone (`LONE_EPONYMS`), before a clinical head noun (`EPONYM_HEADS`), in the possessive before a
    disease's (`DISEASE_HEADS`), or ending in such a head itself ("Glasgow Coma Scale"); never after a
    title ("Dr Foley", "Mrs Patel's test")."""
    words = _WORD.findall(text[start:end])
    if not words or len(words) > 3 or any(w.lower() in _TITLES for w in words):
        return False
    before = text[max(0, start - 6):start].lower().rstrip(" .")
    if before.split()[-1:] and before.split()[-1] in _TITLES:
        return False
    if len(words) == 1 and words[0].lower() in LONE_EPONYMS:
        return True
    if len(words) == 1 and fold_accents(words[0]).lower().rstrip("s'’") in DISEASE_EPONYMS:
        after = _POSSESSIVE_NEXT.match(text, end) if words[0][-1:] not in "s'’" else _POSSESSIVE_NEXT.match(text, end - 1)
        if after is not None and (after.group(1) is None or after.group(1).lower() in _DISEASE_NEXT):
            return True
    if len(words) >= 2 and words[-1].lower() in NAMED_HEADS:
        return all(w[:1].isupper() for w in words) and words[0].lower() not in ("the", "a", "an")  # not "The Score"
    if any(w.lower() not in QUALIFIERS for w in words[:-1]):
        return False  # "John Smith's disease": a person's
    head = _HEAD_AFTER.match(text, end)
    if head is not None and head.group(1).lower() in EPONYM_HEADS:
        return fold_accents(words[-1]) not in known_place_names()  # "U Maryland scale": a hospital's place
    head = _POSSESSIVE_HEAD_AFTER.match(text, end)
    return head is not None and head.group(1).lower() in DISEASE_HEADS
