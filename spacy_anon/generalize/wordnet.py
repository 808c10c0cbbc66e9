"""Candidate generalizations of a term (seed 003 §3.2.3) and the rule that picks one.

G(s) lists candidates from specific to general: simpler noun phrases ("famous American film actor" ->
"American film actor" -> "film actor" -> "actor"), then the hypernym chain of the most frequent noun
sense in WordNet (instance hypernyms for named entities: Barcelona > city > municipality > ...), up to the
root ("entity"). `choose_generalization` takes the first candidate that `is_safe` accepts.

Determinism: the sense is the first noun synset in wn's order (sense rank; for the converted WordNet 3.0,
WordNet's own frequency order) unless a `choose_sense` function picks another (the generalizer's reads
the sentence: `spacy_anon.generalize.senses`), and where a synset has several hypernyms we follow the
first in the lexicon's relation order (see `hypernym_chain`). Nothing
depends on the set or dict order of a process, so every process gives the same chain.
"""
import functools
import re
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from spacy_anon.errors import Errors
from spacy_anon.generalize.wordnet_install import (
    WN30_LEXICON_ID,
    WordNetMissingError,
    configure_wn,
)

# Preferred lexicon ids per language when several are installed (first match wins).
PREFERRED_LEXICONS: Dict[str, Tuple[str, ...]] = {
    "en": ("oewn", WN30_LEXICON_ID, "omw-en", "omw-en31", "ewn"),
}
ROOTS = {"en": "entity"}

# Words that end the head noun phrase ("Academy Award for Best Actor" -> "Academy Award").
_PHRASE_BREAKS = frozenset(
    "of for in at on with from by to and or but as into about against between under over near "
    "de del da do".split()
)
_LEADING_DROPS = frozenset("the a an this that these those his her their its my our your".split())
_WORD = re.compile(r"[^\s,;:()\[\]]+")


# --------------------------------------------------------------------------------------------------
# Opening WordNet
# --------------------------------------------------------------------------------------------------
def installed_lexicons(lang: str = "en") -> List[str]:
    """Specifiers of the installed lexicons for a language, best first (see PREFERRED_LEXICONS)."""
    configure_wn()
    import wn

    lexicons = [lex for lex in wn.lexicons() if lex.language.split("-")[0].lower() == lang.lower()]
    prefs = PREFERRED_LEXICONS.get(lang, ())

    def key(lex) -> Tuple[int, str, str]:
        rank = prefs.index(lex.id) if lex.id in prefs else len(prefs)
        return (rank, lex.id, lex.version)

    # newest version first within an id
    lexicons.sort(key=key)
    by_id: Dict[str, List] = {}
    for lex in lexicons:
        by_id.setdefault(lex.id, []).append(lex)
    ordered = []
    for lex_id in dict.fromkeys(lex.id for lex in lexicons):
        versions = sorted(by_id[lex_id], key=lambda lx: lx.version, reverse=True)
        ordered.extend(f"{lx.id}:{lx.version}" for lx in versions)
    return ordered


def resolve_lexicon(lang: str = "en", lexicon: Optional[str] = None) -> str:
    """The lexicon specifier to use; raises a clear error when WordNet for `lang` is missing."""
    available = installed_lexicons(lang)
    if lexicon:
        configure_wn()
        import wn

        matches = [f"{lx.id}:{lx.version}" for lx in wn.lexicons(lexicon=lexicon)] if _known(lexicon) else []
        if not matches:
            raise WordNetMissingError(
                Errors.E312.format(lexicon=lexicon, lang=lang, reason=', '.join(available) or 'none')
            )
        return matches[0]
    if not available:
        if lang == "en":
            raise WordNetMissingError(
                Errors.E313
            )
        raise WordNetMissingError(
            Errors.E311.format(lang=lang)
        )
    return available[0]


def _known(lexicon: str) -> bool:
    import wn

    try:
        return bool(wn.lexicons(lexicon=lexicon))
    except wn.Error:
        return False


@functools.lru_cache(maxsize=8)
def get_wordnet(lexicon: str):
    """A `wn.Wordnet` for a lexicon specifier, cached per process."""
    configure_wn()
    import wn

    return wn.Wordnet(lexicon)


# WordNet's noun detachment rules (morphy), applied to the last word of a term. wn's own `Morphy`
# loads every word form at start-up (about 30 s), so we test the few base forms directly.
_NOUN_SUFFIXES = (("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
                  ("men", "man"), ("ies", "y"), ("s", ""))


def noun_base_forms(term: str) -> List[str]:
    """Candidate singular forms of a (multi-word) noun: "cities" -> ["city"], "film actors" -> ["film actor"]."""
    head, sep, last = term.rpartition(" ")
    out: List[str] = []
    for suffix, repl in _NOUN_SUFFIXES:
        if last.endswith(suffix) and len(last) > len(suffix) + 1:
            form = f"{head}{sep}{last[: -len(suffix)] + repl}"
            if form not in out:
                out.append(form)
    return out


# --------------------------------------------------------------------------------------------------
# Pure candidate functions
# --------------------------------------------------------------------------------------------------
def simpler_phrases(phrase: str) -> List[str]:
    """Simpler forms of a noun phrase, from specific to general (seed 003 §3.2.3).

    Leading determiners go (they do not make a phrase simpler); a prepositional or coordinated tail is
    cut ("Academy Award for Best Actor" -> "Academy Award"); then the leftmost word is removed repeatedly:
    "famous American film actor" -> ["American film actor", "film actor", "actor"].
    RETURNS (list): the forms, without the phrase itself.
    """
    words = _WORD.findall(phrase)
    while words and words[0].lower() in _LEADING_DROPS:
        words = words[1:]
    original = " ".join(words)  # "the famous actor" is not simpler than itself without "the"
    for i, word in enumerate(words):
        if i > 0 and word.lower() in _PHRASE_BREAKS:
            words = words[:i]
            break
    out: List[str] = []
    for start in range(len(words)):
        form = " ".join(words[start:])
        if form and form != original and form not in out:
            out.append(form)
    return out


def _lookup_forms(term: str) -> List[str]:
    term = " ".join(term.replace("_", " ").split())
    forms = [term]
    if "-" in term:
        forms.append(term.replace("-", " "))
    return forms


def noun_synsets(term: str, lexicon: str, lemmatize: bool = True) -> List:
    """Noun synsets of a term, most frequent sense first (the form itself, then its singular forms)."""
    wordnet = get_wordnet(lexicon)
    forms = _lookup_forms(term)
    if lemmatize:
        forms += [base for form in forms for base in noun_base_forms(form)]
    for form in forms:
        synsets = wordnet.synsets(form, pos="n")
        if synsets:
            return synsets
    return []


def _parents(synset) -> List:
    return synset.get_related("hypernym", "instance_hypernym")


def hypernym_chain(synset) -> List:
    """Ancestors of a synset from its parent up to the root.

    With several parents we follow the first in the lexicon's relation order: for the converted
    WordNet 3.0 that is the order of the WNDB data files, i.e. NLTK's `hypernyms()[0]`
    (Barcelona > city rather than > port; municipality > urban area; person > organism).
    The same database gives the same order in every process.
    """
    chain = []
    seen = {synset.id}
    current = synset
    while True:
        parents = [p for p in _parents(current) if p.id not in seen]
        if not parents:
            break
        current = parents[0]
        seen.add(current.id)
        chain.append(current)
    return chain


# (lexicon, synset id) -> head words of its ancestors; ancestors near the root are shared by many terms.
_CHAIN_LABELS: Dict[Tuple[str, str], Tuple[str, ...]] = {}


def _chain_labels(synset, lexicon: str, depth: int = 0) -> Tuple[str, ...]:
    key = (lexicon, synset.id)
    if key not in _CHAIN_LABELS:
        parents = [p for p in _parents(synset) if p.id != synset.id]
        if not parents or depth > 64:  # WordNet's hypernym graph is acyclic; the guard is cheap
            labels: Tuple[str, ...] = ()
        else:
            parent = parents[0]
            labels = (synset_label(parent),) + _chain_labels(parent, lexicon, depth + 1)
        _CHAIN_LABELS[key] = labels
    return _CHAIN_LABELS[key]


def synset_label(synset) -> str:
    """The head word of a synset (its first lemma in the lexicon's member order)."""
    lemmas = synset.lemmas()
    return str(lemmas[0]) if lemmas else synset.id


@functools.lru_cache(maxsize=64)
def _spec(lang: str, lexicon: Optional[str]) -> str:
    return resolve_lexicon(lang, lexicon)


@functools.lru_cache(maxsize=65536)
def _noun_senses(term: str, lang: str, lexicon: Optional[str]) -> Tuple:
    spec = _spec(lang, lexicon)
    synsets = noun_synsets(term, spec)
    if term[:1].isupper():
        # A capitalised term is a name unless WordNet has a capitalised lemma for it: "Barcelona",
        # "China" keep their senses; "Morrow" (a surname) or "Apple" (a company) do not become the
        # common nouns morrow and apple. Callers lower-case sentence-initial common nouns first.
        forms = {f.lower() for f in _lookup_forms(term)}
        forms |= {b.lower() for f in list(forms) for b in noun_base_forms(f)}
        synsets = [ss for ss in synsets
                   if any(str(lemma)[:1].isupper() and str(lemma).lower() in forms for lemma in ss.lemmas())]
    return tuple(synsets)


def noun_senses(term: str, lang: str = "en", lexicon: Optional[str] = None) -> List:
    """The noun senses of a term in sense-rank order, after the capitalisation rule of
    `hypernym_candidates` ("Apple" has none, "apple" the fruit)."""
    return list(_noun_senses(term.strip(), lang, lexicon))


@functools.lru_cache(maxsize=65536)
def has_adjective_sense(word: str, lexicon: str) -> bool:
    """Whether WordNet has the word as an adjective ("major", "critical"; not "film")."""
    wordnet = get_wordnet(lexicon)
    return bool(wordnet.synsets(word, pos="a") or wordnet.synsets(word, pos="s"))


@functools.lru_cache(maxsize=65536)
def is_noun_lemma(word: str, lang: str = "en", lexicon: Optional[str] = None) -> bool:
    """Whether the word itself (not only its singular) is a noun lemma ("news", "series"; not "awards")."""
    word = word.lower()
    return any(str(lemma).lower() == word for ss in _noun_senses(word, lang, lexicon) for lemma in ss.lemmas())


def sense_chain(synset, term: str, lexicon: str) -> List[Tuple[str, int]]:
    """(head word, depth) of each ancestor of a sense, specific to general; depth counts the levels to
    the root along the chain (entity = 0). The term itself is left out."""
    labels = _chain_labels(synset, lexicon)
    out: List[Tuple[str, int]] = []
    term_key = term.replace("_", " ").lower()
    seen = set()
    for i, label in enumerate(labels):
        if label.lower() != term_key and label not in seen:
            seen.add(label)
            out.append((label, len(labels) - 1 - i))
    return out


# Chooses one of a term's senses: (term, senses in rank order) -> index. The default is the first sense.
SenseChooser = Callable[[str, Sequence], int]


def _hypernym_chain_of(term: str, lang: str, lexicon: Optional[str],
                       choose_sense: Optional[SenseChooser] = None) -> List[Tuple[str, int]]:
    synsets = _noun_senses(term, lang, lexicon)
    if not synsets:
        return []
    index = 0
    if choose_sense is not None and len(synsets) > 1:
        index = choose_sense(term, synsets)
        index = index if 0 <= index < len(synsets) else 0
    return sense_chain(synsets[index], term, _spec(lang, lexicon))


def chosen_sense(term: str, lang: str = "en", lexicon: Optional[str] = None,
                 choose_sense: Optional[SenseChooser] = None, simplify: bool = True):
    """The sense whose chain `generalization_chain` climbs for this term (the term's own, else that of
    the first simpler form WordNet knows), or None; its `lexfile()` says what kind of thing it is."""
    term = " ".join(term.split())
    forms = [term]
    if simplify and not _noun_senses(term, lang, lexicon):
        forms = []
        for form in simpler_phrases(term):
            words = form.split()
            if any(ch.isdigit() for ch in form):
                continue
            if _is_proper_fragment(words):
                if len(words) > 1:
                    continue
                lowered = form.lower()
                if not _name_head(lowered, lang) or not _common_word(lowered, lang) or \
                        not _common_noun(lowered, lang, lexicon):
                    continue
                form = lowered
            if _noun_senses(form, lang, lexicon):
                forms = [form]
                break
    for form in forms:
        synsets = _noun_senses(form, lang, lexicon)
        if not synsets:
            continue
        index = choose_sense(form, synsets) if choose_sense is not None and len(synsets) > 1 else 0
        return synsets[index if 0 <= index < len(synsets) else 0]
    return None


@functools.lru_cache(maxsize=65536)
def _hypernym_candidates(term: str, lang: str, lexicon: Optional[str]) -> Tuple[str, ...]:
    return tuple(label for label, _ in _hypernym_chain_of(term, lang, lexicon))


def hypernym_candidates(term: str, lang: str = "en", lexicon: Optional[str] = None) -> List[str]:
    """Hypernym chain (head words) of the term's most frequent noun sense, specific to general.

    "Barcelona" -> ["city", "municipality", "urban area", ..., "entity"]; [] when WordNet lacks the term.
    A capitalised term only matches senses with a capitalised lemma ("Apple" -> [], "apple" -> fruit).
    Raises WordNetMissingError when no WordNet for `lang` is installed.
    """
    return list(_hypernym_candidates(term.strip(), lang, lexicon))


# The head of a proper name becomes a candidate only if it is a common word (Zipf >= 4 in wordfreq:
# "Company", "University", "Award", "Lane"), not a rare one that is more likely a surname ("Morrow").
COMMON_HEAD_MIN_ZIPF = 4.0
# ... and only if it names the kind of thing the name is: the head of an institution, place, award or
# event name ("Academy Award", "Tidewater Theatre Company", "8 Birch Lane"). The last word of a title
# is a word of the title, not its class: "Harry Potter" -> "potter", "Silent Hill" -> "hill", "National
# Treasure" -> "treasure" and "Hugo Boss" -> "boss" each tell an attacker which title it was.
NAME_HEADS = frozenset((
    "award prize medal trophy university college school academy institute institution company corporation "
    "studio studios theatre theater festival church hospital museum foundation society association club band "
    "orchestra choir party council guild league union street road lane avenue square park river lake mountain "
    "island county city town village state province district house hall centre center library station airport "
    "bridge building tower palace castle cathedral hotel restaurant bank agency department ministry committee "
    "commission army navy network channel magazine newspaper company"
).split())


def _name_head(word: str, lang: str) -> bool:
    """Whether the head word of a proper name names its kind (`NAME_HEADS`, singular or plural); other
    languages than English have no list and keep the Zipf and WordNet tests only."""
    if lang != "en":
        return True
    return word in NAME_HEADS or any(base in NAME_HEADS for base in noun_base_forms(word))


def _common_word(word: str, lang: str) -> bool:
    from wordfreq import zipf_frequency

    return zipf_frequency(word, lang) >= COMMON_HEAD_MIN_ZIPF


def compound_head(term: str, lang: str = "en", lexicon: Optional[str] = None) -> Optional[str]:
    """"drama" for "comedy-drama" (a comedy-drama is a drama): the phrase with its last word's hyphenated
    compound of two nouns cut to its head; None when the first part is also an adjective ("low-budget" is
    no budget), either part is no noun, or the compound has more than two parts ("sword-and-sorcery")."""
    if lang != "en" or not term:
        return None
    words = term.split()
    while len(words) > 1 and words[0].lower() in ("a", "an", "the"):
        words = words[1:]
    parts = words[-1].split("-")
    if len(parts) != 2 or not all(p.isalpha() and p.islower() and len(p) > 2 for p in parts):
        return None
    first, head = parts
    spec = _spec(lang, lexicon)
    if not noun_synsets(first, spec) or has_adjective_sense(first, spec) or not noun_synsets(head, spec):
        return None
    return " ".join(words[:-1] + [head])


@functools.lru_cache(maxsize=65536)
def _common_noun(word: str, lang: str, lexicon: Optional[str]) -> bool:
    """WordNet has the word as a lower-case (common) noun lemma: "award", "company"; not "williams",
    whose only senses are people called Williams (a frequent surname, so the Zipf test alone passes it)."""
    synsets = noun_synsets(word, _spec(lang, lexicon))
    forms = {word.lower()} | {b.lower() for b in noun_base_forms(word)}
    return any(str(lemma) == str(lemma).lower() and str(lemma).lower() in forms
               for ss in synsets for lemma in ss.lemmas())


def _is_proper_fragment(words: Sequence[str]) -> bool:
    return all(w[:1].isupper() for w in words)


def generalization_chain(
    term: str,
    lang: str = "en",
    lexicon: Optional[str] = None,
    simplify: bool = True,
    category: Optional[str] = None,
    choose_sense: Optional[SenseChooser] = None,
) -> List[Tuple[str, Optional[int]]]:
    """G(s) of seed 003 with the depth of each candidate: [(candidate, depth)], specific to general.

    If WordNet knows the term: its hypernym chain. Otherwise (with `simplify`) the simpler forms of the
    phrase up to the first one WordNet knows, followed by that form's hypernym chain. Partial proper
    names ("York City") are skipped; a single capitalised head word is kept only when it is a common
    word (Zipf >= 4) that WordNet has as a common noun, in lower case ("Academy Award" -> "award",
    but "Dafydd Morrow" does not give "morrow"). `category` (e.g. "person") is added before the root
    when given. The term itself never appears.

    depth: levels from the candidate to the root along the chain (entity = 0); None for a category
    word. choose_sense(form, senses) picks the sense of the form WordNet knows (default: the first,
    i.e. the most frequent; `spacy_anon.generalize.senses.disambiguate` picks it from the context).
    """
    term = " ".join(term.split())
    out: List[Tuple[str, Optional[int]]] = []
    seen = set()

    def add(items: Iterable[Tuple[str, Optional[int]]]) -> None:
        for item, depth in items:
            if item and item.lower() != term.lower() and item not in seen:
                seen.add(item)
                out.append((item, depth))

    chain = _hypernym_chain_of(term, lang, lexicon, choose_sense)
    if chain:
        add(chain)
    elif simplify:
        head = compound_head(term, lang, lexicon)
        for form in ([head] if head else []) + simpler_phrases(head or term):
            words = form.split()
            if any(ch.isdigit() for ch in form):
                continue  # parts of codes and addresses ("NR4 7UY" -> "7UY") would leak, not generalize
            if _is_proper_fragment(words):
                if len(words) > 1:
                    continue
                lowered = form.lower()
                if (not _name_head(lowered, lang) or not _common_word(lowered, lang)
                        or not _common_noun(lowered, lang, lexicon) or not hypernym_candidates(lowered, lang, lexicon)):
                    continue
                form = lowered
            form_chain = _hypernym_chain_of(form, lang, lexicon, choose_sense)
            add([(form, len(form_chain) if form_chain else None)])
            if form_chain:
                add(form_chain)
                break
    if category:
        add([(category, None)])
    root = ROOTS.get(lang)
    if root:
        add([(root, 0)])
    return out


def generalization_candidates(
    term: str,
    lang: str = "en",
    lexicon: Optional[str] = None,
    simplify: bool = True,
    category: Optional[str] = None,
    choose_sense: Optional[SenseChooser] = None,
) -> List[str]:
    """The ordered set G(s) of seed 003: simpler phrases, hypernym chain, category phrase, root (the
    candidates of `generalization_chain`, without their depths)."""
    return [c for c, _ in generalization_chain(term, lang, lexicon, simplify, category, choose_sense)]


def choose_generalization(
    term: str, candidates: Sequence[str], is_safe: Callable[[str], bool]
) -> Optional[str]:
    """Seed 003's rule: the first (most specific) candidate g with is_safe(g), e.g. cos(v(g), v(e)) < t.

    When no candidate is safe, the last (most general) candidate is returned: the root concept carries
    no information about the protected entity. RETURNS None only for an empty candidate list.
    """
    for candidate in candidates:
        if candidate.lower() != term.lower() and is_safe(candidate):
            return candidate
    return candidates[-1] if candidates else None
