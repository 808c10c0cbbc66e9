"""Classes from a name's own words and its place in the sentence, for a capitalised unit that no class
noun, knowledge base, WordNet instance or NER label names: "Golden Globe" -> "award", "Marvel Comics" ->
"publisher", "starred in Gilmore Girls" -> "production".

A tag ("[MISC_3]") tells a reader only that something was removed. These classes are true of the span by
its form, and so common in any corpus of biographies that they point at nobody (anon_generalize still puts
each through its class-level safety test, and writes the first of a span's classes that passes):

- organisations by their last word (`ORG_SUFFIXES`: "Marvel Comics" -> "publisher", else "company";
  "signed with Empire Records" -> "music company"; "the Juilliard School" -> "institution"; a class
  never repeats a word of the name) and broadcasters by name
  (`BROADCASTERS`: "the BBC", "HBO" -> "network");
- awards and honours by name (`AWARD_NAMES`: Golden Globe, Emmy, BAFTA ...; a name that is also a first
  name or a word, "Tony", "Oscar", "Juno", only next to a word about prizes), an award's category ("won
  Best Actor", and the rest of it after a dash: "Best Actor – Motion Picture Musical or Comedy") and
  honours ("Commander of the Order of the British Empire", "Hollywood Walk of Fame" -> "honour", else
  "award");
- a role and its title read as one phrase ("Marla Singer in Fight Club") in a sentence about acting ->
  "character in a production";
- titles of productions: a capitalised span after "in" or "on", or in a list that "in"/"on" opens, in a
  sentence about acting ("starred in Gilmore Girls", "appearances in Looper, Sin City and Lucy") ->
  "production" (WordNet: a presentation for the stage or screen or radio or television), unless the
  span is a place (the gazetteer or WordNet knows it: "starred in a play in London") or an owner ("in
  Tom's film");
- a title followed by its year ("Big Fish (2003)", "The Faculty (both 1998)"), or in a list that ends with
  one, whose sentence names no single medium: "production" in a sentence about acting, else "work".

The rules read English words; other languages get () (the span stays with the other sources).
"""
import re
from typing import Tuple

from spacy.tokens import Span

from spacy_anon.generalize.places import generalize_place
from spacy_anon.generalize.units import LIST_SEPARATORS, QUOTES, ROLE_CUES, TITLE_WORDS, title_year
from spacy_anon.generalize.wordnet import noun_senses

# The last word of an organisation's name and its classes, specific to general (the first that passes the
# safety test is written: "Marvel Comics" is "a publisher", or "a company" where "publisher" points at
# the person).
_COMPANY = ("company",)
_INSTITUTION = ("institution",)
ORG_SUFFIXES = {
    **{w: ("publisher", *_COMPANY) for w in "comics publishing publishers press books".split()},
    **{w: ("music company", *_COMPANY) for w in "records recordings music".split()},
    **{w: ("studio", *_COMPANY) for w in "studios pictures films".split()},
    "productions": ("production company", *_COMPANY),
    **{w: _COMPANY for w in "entertainment media inc inc. ltd ltd. corporation corp corp. llc plc co. "
                            "group".split()},
    "network": _COMPANY, "broadcasting": ("broadcaster", *_COMPANY),
    **{w: ("school", *_INSTITUTION) for w in "university college academy institute conservatory".split()},
    "school": _INSTITUTION, "hospital": _INSTITUTION, "museum": _INSTITUTION,
    **{w: ("charity",) for w in "foundation fund trust".split()},
    **{w: ("association",) for w in "guild association society".split()},
    **{w: ("public body",) for w in "council agency ministry department".split()},
    "magazine": ("publication",),
    **{w: ("newspaper", "publication") for w in "times post journal herald tribune gazette".split()},
    "theatre": ("venue",), "theater": ("venue",), "festival": ("event",), "orchestra": ("band",),
}
# Television networks and channels by name (lower case, without "the" or "TV").
BROADCASTERS = frozenset((
    "bbc", "bbc one", "bbc two", "bbc three", "bbc four", "bbc america", "itv", "channel 4", "sky", "sky one",
    "cbs", "nbc", "abc", "fox", "the cw", "cw", "hbo", "fx", "amc", "starz", "showtime", "netflix", "hulu",
    "cnn", "mtv", "pbs", "espn", "disney channel", "nickelodeon", "cartoon network", "abc family", "tnt", "tbs",
))
NETWORK = ("network", *_COMPANY)
AWARD = ("award",)
CATEGORY = ("category",)
HONOUR = ("honour", "award")
PRODUCTION = ("production",)
WORK = ("work",)
CHARACTER = ("character in a production", "character")
# Names of prizes that do not say "award" (lower case, whole name after an article is removed).
AWARD_NAMES = frozenset((
    "golden globe", "golden globes", "oscars", "emmy", "emmys", "primetime emmy", "primetime emmys",
    "daytime emmy", "daytime emmys", "bafta", "baftas", "grammy", "grammys", "tonys", "obie", "obies",
    "razzie", "razzies", "palme d'or", "golden lion", "golden bear", "silver bear", "golden raspberry",
    "academy awards", "pulitzer", "nobel", "logie", "filmfare", "david di donatello",
))
# Prizes whose name is also a first name, a title or a word ("Tony", "Annie", "Juno"): only next to a word
# about prizes ("won an Oscar", "a Tony nomination").
AMBIGUOUS_AWARD_NAMES = frozenset((
    "oscar", "tony", "césar", "cesar", "goya", "olivier", "saturn", "annie", "peabody", "juno", "genie",
    "gemini", "bodil", "lola", "ariel",
))
PRIZE_CUES = frozenset((
    "won win wins winning winner winners nominated nomination nominations nominee award awards awarded prize "
    "prizes received receiving earned earning honoured honored"
).split())
# Honours by the words they are made of ("Order of ...", "... of Fame", "... Honours").
_HONOUR = re.compile(r"(?i)^(?:(?:knight|dame|commander|officer|member|companion|grand cross)\b.*\border of\b"
                     r"|order of\b|.*\b(?:walk|hall) of fame$|.*\bhonours$|.*\bhonors$|legion of honou?r$)")
# The words of a sentence that make a capitalised name after "in"/"on" a production.
# The words of a sentence that make a capitalised name after "in"/"on" a production: the acting cues of
# `units.ROLE_CUES` and words about performances and credits.
PERFORMANCE_CUES = ROLE_CUES | frozenset((
    "co-star appearance appearances cameo cameos guest performance performances lead leading supporting "
    "directed directing produced producing narrated hosted hosting featured acted acting portrayal portrayals"
).split())
_OPENERS = frozenset(["in", "on"])
_SENTENCE_ENDS = frozenset([".", "!", "?", ";"])  # not ":", which titles contain ("Avengers: Endgame")
_LIST_PUNCT = frozenset(["(", ")", "[", "]", ":", "–", "-"])
_DETERMINERS = frozenset("the a an".split())
MAX_LIST = 40  # tokens walked to the left over an earlier list of titles


def _name_words(span: Span):
    words = [t for t in span]
    while words and (words[0].lower_ in _DETERMINERS or words[0].text in QUOTES):
        words = words[1:]
    while words and (words[-1].text in ("'s", "’s") or words[-1].text in QUOTES):
        words = words[:-1]
    return words


def organisation_classes(span: Span) -> Tuple[str, ...]:
    """("publisher", "company") for "Marvel Comics": the classes an organisation's last word gives; () for
    one word."""
    words = _name_words(span)
    if len(words) < 2 or not words[0].text[:1].isupper():
        return ()
    return ORG_SUFFIXES.get(words[-1].lower_, ())


def broadcaster_classes(span: Span) -> Tuple[str, ...]:
    """("network", "company") for a broadcaster's name ("the BBC", "Starz TV", "BBC One"); () otherwise."""
    words = _name_words(span)
    if not words or not words[0].text[:1].isupper():
        return ()
    name = [t.lower_ for t in words]
    if name[-1] == "tv" and len(name) > 1:
        name = name[:-1]  # "Starz TV"
    return NETWORK if " ".join(name) in BROADCASTERS else ()


def award_classes(span: Span) -> Tuple[str, ...]:
    """("award",) for a prize's name, ("category",) for an award's category, ("honour", "award") for an
    order or a walk of fame; () otherwise."""
    words = _name_words(span)
    if not words or not words[0].text[:1].isupper():
        return ()
    name = " ".join(t.lower_ for t in words)
    if name in AWARD_NAMES or (name in AMBIGUOUS_AWARD_NAMES and _near_prize_cue(span)):
        return AWARD
    if words[0].text == "Best" and 2 <= len(words) <= 5 and all(t.text[:1].isupper() for t in words) \
            and _near_prize_cue(span, reach=20):
        return CATEGORY  # "nominated for Best Actor"; not "He founded Best Buy"
    if _HONOUR.match(" ".join(t.text for t in words)):
        return HONOUR
    if _category_fragment(span):
        return CATEGORY
    return ()


_DASHES = frozenset(["–", "-", "—"])
_CATEGORY_JOINS = _DASHES | {"or", "and"}


def _words_near(span: Span, reach: int, after: bool = True):
    """The lower-case words of the span's sentence, up to `reach` tokens before it (and after it)."""
    doc = span.doc
    i = span.start - 1
    while i >= 0 and span.start - i <= reach and not (doc[i].text in _SENTENCE_ENDS or "\n" in doc[i].text):
        yield doc[i].lower_
        i -= 1
    j = span.end
    while after and j < len(doc) and j - span.end <= reach and not (doc[j].text in _SENTENCE_ENDS
                                                                   or "\n" in doc[j].text):
        yield doc[j].lower_
        j += 1


def _near_prize_cue(span: Span, reach: int = 8) -> bool:
    """A word about prizes within `reach` tokens of the span, in its sentence ("won an Oscar")."""
    return any(word in PRIZE_CUES for word in _words_near(span, reach))


def _category_fragment(span: Span, reach: int = 10) -> bool:
    """The rest of an award's category after a dash: "Best Actor – Motion Picture Musical or Comedy" (every
    word back to "Best" capitalised, a dash among them); not "won Best Picture and Meryl Streep"."""
    doc = span.doc
    i = span.start - 1
    if i < 0 or doc[i].text not in _CATEGORY_JOINS:
        return False
    dashed = False
    while i >= 0 and span.start - i <= reach:
        token = doc[i]
        if token.text == "Best":
            return dashed
        if token.text in _DASHES:
            dashed = True
        elif not (token.text[:1].isupper() or token.lower_ in _CATEGORY_JOINS):
            return False
        i -= 1
    return False


def _opened_by_in(span: Span) -> bool:
    """The span follows "in"/"on", directly or as a later item of a list of capitalised names that
    "in"/"on" opens ("in Sin City, Looper and Lucy")."""
    doc = span.doc
    i = span.start - 1
    while i >= 0 and doc[i].text in QUOTES:
        i -= 1
    if i >= 0 and doc[i].lower_ in _OPENERS:
        return True
    if i < 0 or doc[i].lower_ not in LIST_SEPARATORS:
        return False
    stop = max(-1, i - MAX_LIST)
    while i > stop:
        token = doc[i]
        lower = token.lower_
        if token.text in _SENTENCE_ENDS or "\n" in token.text:
            return False
        if lower in _OPENERS:
            return doc[i + 1].text[:1].isupper() or doc[i + 1].text in QUOTES
        if token.text[:1].isupper() or token.like_num or token.text in QUOTES or token.text in _LIST_PUNCT \
                or lower in LIST_SEPARATORS or lower in TITLE_WORDS or lower in ("'s", "’s"):
            i -= 1
            continue
        return False
    return False


def _is_place(text: str, lang: str) -> bool:
    if generalize_place(text, lang):
        return True
    try:
        senses = noun_senses(text, lang)
    except Exception:  # no WordNet for this language
        return False
    for sense in senses or ():
        try:
            if sense.lexfile() == "noun.location":
                return True
        except Exception:
            return False
    return False


def production_classes(span: Span, lang: str = "en") -> Tuple[str, ...]:
    """("production",) for a capitalised name after "in"/"on" in a sentence about acting; () for a
    place, an acronym or an owner ("in Tom's film")."""
    words = _name_words(span)
    if not words or not words[0].text[:1].isupper() or span.label_ in ("PERSON", "LOC", "GPE", "ORG"):
        return ()
    if any(t.is_upper and len(t) > 1 for t in words) and len(words) == 1:
        return ()  # an acronym ("WWE", "UNICEF") is more often an organisation than a title
    if not (_opened_by_in(span) and _acting_cue(span, reach=40, after=False)):
        return ()
    doc = span.doc
    if span.end < len(doc) and doc[span.end].text in ("'s", "’s") or span[-1].text in ("'s", "’s"):
        return ()  # "in Tom's film": the owner of the production, not the production
    if _is_place(" ".join(t.text for t in words), lang):
        return ()
    return PRODUCTION


def _year_ends_list(span: Span, reach: int = 30) -> bool:
    """A later item of the span's list of titles has its year ("Moonrise Kingdom, The Expendables 2, and
    Looper (all 2012)"): the span is an item of that list."""
    doc = span.doc
    j = span.end
    if j >= len(doc) or doc[j].text != ",":
        return False
    while j < len(doc) and j - span.end <= reach:
        token = doc[j]
        if token.text == "(":
            nxt = doc[j + 1] if j + 1 < len(doc) else None
            return nxt is not None and (nxt.text[:4].isdigit() or nxt.lower_ in ("both", "all", "each"))
        if token.text in _SENTENCE_ENDS or "\n" in token.text:
            return False
        if not (token.text[:1].isupper() or token.like_num or token.lower_ in LIST_SEPARATORS or token.text == ":"
                or (token.lower_ in TITLE_WORDS and doc[j - 1].text[:1].isupper())):
            return False
        j += 1
    return False


def _acting_cue(span: Span, reach: int = 80, after: bool = True) -> bool:
    """A word about acting in the span's sentence, before it (and after it)."""
    return any(word in PERFORMANCE_CUES for word in _words_near(span, reach, after))


def title_classes(span: Span) -> Tuple[str, ...]:
    """("production",) or ("work",) for a title followed by its year ("Big Fish (2003)", "The Faculty (both
    1998)") or in a list that ends with one, whose medium its sentence does not tell: "production" in a
    sentence about acting, else "work" (an album, a book and a game have years too)."""
    if span.label_ in ("PERSON", "LOC", "GPE", "ORG") or any(t.lower_ in ("award", "awards", "prize") for t in span):
        return ()
    if title_year(span) is None and not _year_ends_list(span):
        return ()
    return PRODUCTION if _acting_cue(span) else WORK


_CHARACTER_JOINS = frozenset(["in", "on"])


def character_classes(span: Span) -> Tuple[str, ...]:
    """("character in a production", "character") for a role and its title read as one phrase ("Marla
    Singer in Fight Club", "Jon Snow in the HBO"), in a sentence about acting."""
    doc = span.doc
    if span.start > 0 and doc[span.start - 1].lower_ in _OPENERS:
        return ()  # "starred in Sleepless in Seattle": a title with "in" in it
    words = list(span)
    k = next((i for i, t in enumerate(words) if t.lower_ in _CHARACTER_JOINS and t.is_lower), None)
    if k is None or k == 0 or k + 1 >= len(words):
        return ()
    if not all(t.text[:1].isupper() or t.text in ("'s", ".", "-", "/") or t.like_num for t in words[:k]):
        return ()
    after = words[k + 1:]
    if after and after[0].lower_ == "the":
        after = after[1:]
    if not after or not after[0].text[:1].isupper() or not _acting_cue(span):
        return ()
    return CHARACTER


def shape_classes(span: Span, lang: str = "en") -> Tuple[str, ...]:
    """The classes of a capitalised unit from its own words or its place in the sentence, specific to
    general, every rule's in turn (English; () when none applies): "Marla Singer in Fight Club" gives
    ("character in a production", "character", "club"), and the generalizer writes the first that passes."""
    words = _name_words(span)
    if lang != "en" or not words or not words[0].text[:1].isupper():
        return ()
    found: Tuple[str, ...] = ()
    rules = (broadcaster_classes, award_classes, character_classes, production_classes, organisation_classes,
             title_classes)  # "starred in Empire Records": a production before a music company
    for rule in rules:
        found += tuple(c for c in (rule(span, lang) if rule is production_classes else rule(span)) if c not in found)
    return found


__all__ = ["AMBIGUOUS_AWARD_NAMES", "AWARD_NAMES", "BROADCASTERS", "ORG_SUFFIXES", "PERFORMANCE_CUES",
           "award_classes", "broadcaster_classes", "character_classes",
           "organisation_classes", "production_classes", "shape_classes", "title_classes"]
