"""Names of courts, tribunals and offices of the state written in capitals or in lower case, where no
capital marks them: "FAIR EMPLOYMENT TRIBUNAL", "the foreign and commonwealth office", "court of
appeal". Each word of such a name is a dictionary word, so reading a line's words in their usual form
leaves them in lower case and the tagger takes them for prose; these runs are read capitalised instead.

A run is an institution's head ("tribunal", "office", "court") with at least one word before it from
the words that name a state body ("employment", "foreign", "magistrates", "prosecution"; "and" between
them), or a head followed by "of" and such words ("court of appeal", "ministry of foreign affairs"). A
possessive before it ("my home office") and a generic word ("the local council": none listed) leave it
prose. Words that court judgments write in lower case as often as in a name are left out ("the public
prosecutor", "the appellate court"). English only.

Two more kinds of name are read capitalised for the same reason: a company's name before its legal form
("MOYOLA CELLARS LIMITED", "tinnelly and sons ltd"; "limited" and the two-letter forms only after a word
that reads as a name, so that "time was limited" stays prose), and a place joined by hyphens around a particle when one of its
sides is a name ("STOKE-ON-TRENT", "clacton-on-sea").
"""
import re
from typing import Callable, List, Sequence, Tuple

HEADS = frozenset(
    "court courts tribunal tribunals office agency authority commission ministry department "
    "directorate inspectorate council board service chamber registry ombudsman constabulary centre center "
    "branch".split())
MODIFIERS = frozenset(
    "administrative appeal appeals assize audit benefits cassation civil commonwealth constitutional "
    "county criminal crown customs disciplinary district employment equality european excise fair family "
    "federal foreign home immigration asylum industrial information inspection interior justice juvenile labour "
    "labor land law magistrates martial military naval parole penitentiary pensions police prison probation "
    "prosecution provincial regional remand revenue reviewing security sheriff social supreme tax "
    "treasury youth insurance data protection detention terrorism terrorist anti magistrate parliamentary "
    "recruitment legal aid courts".split())
# words after "of" or "for" that continue such a name ("court of first instance", "ministry of the interior",
# "department for work and pensions")
OF_WORDS = MODIFIERS | frozenset(
    "first instance affairs defence defense health education finance lords commons state human rights "
    "economy trade labour transport agriculture work pensions justice environment".split())
JOINING = frozenset({"and", "&"})
LINK_WORDS = JOINING | frozenset({"of", "for", "the"})  # inside a name, left in lower case
# ranks and posts that stand before the initial of a name, as court judgments write a witness
# ("Sergeant H", "Corporal G", "Officer B")
RANKS = frozenset("sergeant corporal captain lieutenant colonel constable inspector officer commander detective "
                  "brigadier warden superintendent".split())
BEFORE_PROSE = frozenset("my your his her our their its a an this that some any every".split())


def institution_runs(words: Sequence[str], joined: Sequence[bool]) -> List[Tuple[int, int]]:
    """(first, last) word indices of each institution name in `words` (lower case); joined[k]: word k and
    k + 1 are separated by one space or a hyphen only. Pure function."""
    runs: List[Tuple[int, int]] = []
    n = len(words)
    k = 0
    while k < n:
        if words[k] not in HEADS:
            k += 1
            continue
        first = k
        j = k - 1
        while j >= 0 and joined[j] and (words[j] in MODIFIERS or (
                words[j] in JOINING and j > 0 and joined[j - 1] and words[j - 1] in MODIFIERS)):
            j -= 1
        first = j + 1
        while first < k and words[first] in JOINING:
            first += 1
        last = k
        if k + 2 < n and joined[k] and joined[k + 1] and words[k + 1] in ("of", "for"):
            m = k + 2
            if words[m] == "the" and m + 1 < n and joined[m]:
                m += 1
            end = m
            while end < n and (end == m or joined[end - 1]) and (words[end] in OF_WORDS or (
                    words[end] in JOINING and end > m and end + 1 < n and joined[end] and words[end + 1] in OF_WORDS)):
                end += 1
            if end > m:
                last = end - 1
        if (first < k or last > k) and not (first > 0 and words[first - 1] in BEFORE_PROSE):
            runs.append((first, last))
            k = last + 1
        else:
            k += 1
    return runs


# legal forms that end a company's name in any casing, and those read so only in capitals
COMPANY_FORMS = frozenset("ltd plc llc llp pllc inc gmbh".split())  # no word of the language
ALL_COMPANY_FORMS = COMPANY_FORMS | frozenset("limited ab ag sa nv bv oy".split())
COMPANY_WORDS = frozenset("sons brothers bros co".split())  # "Tinnelly and Sons", "Smith & Co"
# particles of a place written with hyphens ("Stoke-on-Trent", "Southend-on-Sea", "Weston-super-Mare")
HYPHEN_PARTICLES = frozenset("on upon under super le en sur by in".split())
COMPANY_RUN_MAX = 4  # words of a company's name before its legal form
PARTICIPLE_AFTER = frozenset({"to", "by"})


def company_runs(words: Sequence[str], joined: Sequence[bool], prose_word: Callable[[str], bool],
                 named: Sequence[bool]) -> List[Tuple[int, int]]:
    """(first, last) word indices of each company name in `words` (lower case) that ends in a legal form
    (`ALL_COMPANY_FORMS`; one that is also a word, "limited" or "ab", only when a word before it reads as
    a name, `named`), with up to `COMPANY_RUN_MAX` words before it
    that are no words of prose (`prose_word`: function words, adverbs; "and" or "&" between two of them);
    not "limited to" or "limited by". Pure function."""
    forms = ALL_COMPANY_FORMS
    runs: List[Tuple[int, int]] = []
    for k, word in enumerate(words):
        if word not in forms or (k + 1 < len(words) and joined[k] and words[k + 1] in PARTICIPLE_AFTER):
            continue  # "LIMITED TO", "LIMITED BY": the word, not a legal form
        first = k
        j = k - 1
        while j >= 0 and joined[j] and k - j <= COMPANY_RUN_MAX and words[j] not in forms and (
                words[j] in COMPANY_WORDS or not prose_word(words[j]) or (
                    words[j] in JOINING and j > 0 and joined[j - 1] and not prose_word(words[j - 1]))):
            if words[j] not in JOINING:
                first = j
            j -= 1
        if first < k and words[first] not in COMPANY_WORDS and (word in COMPANY_FORMS or any(named[first:k])):
            runs.append((first, k))
    return runs


def hyphen_places(words: Sequence[str], gaps: Sequence[str], named: Sequence[bool]) -> List[Tuple[int, int]]:
    """(first, last) word indices of each place written "X-particle-Y" where X or Y is a name (`named`);
    gaps[k] is the text between word k and k + 1. Pure function."""
    runs = []
    for k in range(1, len(words) - 1):
        if words[k] in HYPHEN_PARTICLES and gaps[k - 1] == "-" and gaps[k] == "-" \
                and (named[k - 1] or named[k + 1]) and len(words[k - 1]) >= 3 and len(words[k + 1]) >= 3 \
                and words[k - 1].isalpha() and words[k + 1].isalpha():
            runs.append((k - 1, k + 1))
    return runs


# bodies of the Crown named after "Her Majesty's" or "HM" ("her majesty's prison durham", "hm prison service")
CROWN_BODIES = frozenset("prison prisons courts revenue customs inspectorate inspector treasury government forces "
                         "coastguard stationery".split())


def crown_bodies(words: Sequence[str], gaps: Sequence[str]) -> List[Tuple[int, int]]:
    """(first, last) word indices of each "her/his majesty's BODY" or "hm BODY" in `words` (lower case;
    gaps[k] is the text between word k and k + 1); last is the body's word. Pure function."""
    runs: List[Tuple[int, int]] = []
    for k, word in enumerate(words):
        if word in ("her", "his") and k + 3 < len(words) and words[k + 1] == "majesty" and words[k + 2] == "s" \
                and gaps[k] == " " and gaps[k + 1] in ("'", "’") and gaps[k + 2] == " " and words[k + 3] in CROWN_BODIES:
            runs.append((k, k + 3))
        elif word == "hm" and k + 1 < len(words) and gaps[k] == " " and words[k + 1] in CROWN_BODIES:
            runs.append((k, k + 1))
    return runs


# legal forms written with a slash, read after a word that reads as a name ("geneve a/s", "acme s/a")
SLASHED_FORMS = frozenset({("a", "s"), ("s", "a")})


def slashed_company_forms(words: Sequence[str], gaps: Sequence[str], named: Sequence[bool]) -> List[int]:
    """Indices k of each slashed legal form's first letter (words k and k + 1, "a" "/" "s") after a word
    that reads as a name (`named`). Pure function."""
    return [k for k in range(1, len(words) - 1)
            if (words[k], words[k + 1]) in SLASHED_FORMS and gaps[k] == "/" and gaps[k - 1] == " " and named[k - 1]
            and (k + 2 >= len(words) or gaps[k + 1][:1] in ("", " ", ",", ".", ")", ";", ":", "\u201d", '"', "'"))]


# the head of a firm's or an office's name after a place or a name ("Kyles Legal Practice", "OA
# Solicitors", "Southwark Social Services", "the Izmir Public Prosecutor"), and words that stand before it
FIRM_HEADS = frozenset("solicitors practice services prosecutor partners associates chambers".split())
# the head of a building's name after a name ("Alexandra Barracks", "the Human Rights Building"): after a
# dictionary word only when a name's word stands before that too ("the new building", "the office building"
# stay prose)
BUILDING_HEADS = frozenset("building barracks".split())
FIRM_MODIFIERS = MODIFIERS | frozenset({"public"})
FIRM_MODIFIERS_MAX = 2


def firm_runs(words: Sequence[str], joined: Sequence[bool], named: Sequence[bool],
              trait: Callable[[str], bool], common: Callable[[str], bool] = lambda w: True) -> List[Tuple[int, int]]:
    """(first, last) word indices of the words of each firm or office name after a name (`named`: the
    word reads as a name; not a nationality, language or faith, `trait`): up to `FIRM_MODIFIERS_MAX`
    words of `FIRM_MODIFIERS` and a head of `FIRM_HEADS`, all joined ("kyles legal practice": "legal
    practice"). "the turkish public prosecutor" and "his solicitors" stay prose. A building's head
    (`BUILDING_HEADS`) follows the name directly, and a dictionary word (`common`) is its name only with a
    named word before it ("human rights building"). Pure function."""
    runs: List[Tuple[int, int]] = []
    for k, word in enumerate(words):
        if word in BUILDING_HEADS:
            name = k - 1
            if name >= 0 and joined[name] and named[name] and not trait(words[name]) and (
                    not common(words[name]) or (name > 0 and joined[name - 1] and named[name - 1])):
                runs.append((k, k))
            continue
        if word not in FIRM_HEADS:
            continue
        first = k
        while first > 0 and k - first < FIRM_MODIFIERS_MAX and joined[first - 1] \
                and words[first - 1] in FIRM_MODIFIERS and not named[first - 1]:
            first -= 1
        name = first - 1
        if name >= 0 and joined[name] and named[name] and not trait(words[name]):
            runs.append((first, k))
    return runs


def without_possessive_s(line: str, words: Sequence["re.Match[str]"],
                         joined: Sequence[bool]) -> Tuple[List[int], List[bool]]:
    """The indices of the words without the "s" of a possessive ("magistrate's"), and for each whether it
    runs on into the next: one space, a hyphen, or a possessive and one space ("magistrates' court")."""
    kept: List[int] = []
    runs_on: List[bool] = []
    for k, m in enumerate(words):
        gap_before = line[words[k - 1].end():m.start()] if k else ""
        if m.group().lower() == "s" and gap_before in ("'", "’") and kept:
            runs_on[-1] = k + 1 < len(words) and line[m.end():words[k + 1].start()] == " "
            continue
        kept.append(k)
        gap_after = line[m.end():words[k + 1].start()] if k + 1 < len(words) else ""
        runs_on.append(joined[k] or gap_after in ("' ", "’ "))
    return kept, runs_on
