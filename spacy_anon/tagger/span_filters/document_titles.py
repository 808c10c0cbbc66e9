"""A form's or a letter's title on a line of its own ("Insurance Claim Form – Household Contents", "OBITUARY",
"PAYSLIP   Pay date: ..."), a section's heading ("EMPLOYMENT HISTORY") or a letter's marking ("Private and
Confidential"): dictionary words ending in a document's or a section's kind, no one's name."""
from typing import Callable, Sequence

from spacy.tokens import Doc

from spacy_anon.lexicon.clinical_terms import is_english_word
from spacy_anon.tagger.span_filters.role_words import singular

DOCUMENT_HEADS = frozenset("form application sheet request claim permit questionnaire checklist register log "
                           "certificate agreement notice record summary statement invoice receipt report "
                           "invitation offer letter contract referral confirmation notification quotation "
                           "proposal itinerary prescription transcript".split())
# a section's heading in a CV, a report or a note ("EMPLOYMENT HISTORY", "Key Skills", "Personal Details")
SECTION_HEADS = frozenset("history experience education skills qualifications references referees profile objective "
                          "interests achievements background details overview".split())
# kinds of document that title one alone, on a line of their own ("OBITUARY", "PAYSLIP", "Minutes")
LONE_DOCUMENT_HEADS = DOCUMENT_HEADS | SECTION_HEADS | frozenset(
    "obituary payslip newsletter minutes agenda memo memorandum reminder bulletin announcement".split())


# what a letter is marked on a line of its own ("Private and Confidential", "WITHOUT PREJUDICE"): its handling
MARKINGS = frozenset({"private and confidential", "private confidential", "strictly private and confidential",
                      "strictly confidential", "confidential", "private", "personal", "personal and confidential",
                      "without prejudice", "subject to contract", "urgent", "by hand", "by email"})


def starts_line(doc: Doc, i: int) -> bool:
    """Whether token i opens its line (after spaces only)."""
    j = i - 1
    while j >= 0 and doc[j].is_space and "\n" not in doc[j].text:
        j -= 1
    return j < 0 or "\n" in doc[j].text or "\n" in doc[j].whitespace_


def document_title(doc: Doc, start: int, end: int, words: Sequence[str], is_common: Callable[[str], bool]) -> bool:
    """A form's or a letter's title opening its line, alone or before a dash or colon ("Insurance Claim
    Form – Household Contents", "SCHOOL ADMISSION FORM", "Application for Residents' Parking Permit"):
    dictionary words ending in a document's kind, or opening with it before "of" ("OFFER OF EMPLOYMENT")."""
    nxt = end
    while nxt < len(doc) and doc[nxt].is_space and "\n" not in doc[nxt].text:
        nxt += 1
    own_line = starts_line(doc, start) and (
        nxt == len(doc) or "\n" in doc[end - 1].whitespace_ or "\n" in doc[nxt].text
        or doc[nxt].text in ("–", "—", "-", ":", "|")  # "Insurance Claim Form – Household Contents"
        or (nxt > end and len(doc[end - 1].whitespace_ + doc[end].text) > 2))  # "PAYSLIP   Pay date: ..."
    content = [w for w in words if w.isalpha() and w not in ("s",)]
    if own_line and " ".join(content) in MARKINGS:
        return True  # "Private and Confidential", "PRIVATE & CONFIDENTIAL"
    if own_line and len(content) == 1 and end - start == 1:
        return content[0] in LONE_DOCUMENT_HEADS
    return own_line and len(content) >= 2 and (singular(content[-1]) in DOCUMENT_HEADS or content[-1] in SECTION_HEADS or (
        singular(content[0]) in DOCUMENT_HEADS and content[1] == "of")) \
        and all(is_common(w) or is_english_word(w) for w in content)  # "OFFER OF EMPLOYMENT" too
