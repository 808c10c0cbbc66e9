"""The sensitive set S of a condition: its synonyms and every specialization (Sánchez et al. §3.1).

A condition is a preset (below) or a user's term. Each preset names WordNet 3.0 lemmas and the noun
senses to take (1 = the most frequent); S holds every lemma of those synsets and of all their hyponyms
(transitive): "mental disorder" gives "depression", "schizophrenia", "anorexia nervosa"...; "religion"
gives "Catholicism", "religious person" gives "Catholic". A custom term takes its first sense.

Specializations are hyponyms, not instances: the instances of "religious person" are named people
("John", "Young"), not values of the attribute.

Polysemy. Some lemmas of S name something else first: "dose" is a venereal disease in WordNet but a
measure of medicine to most readers, "mother" a religious but first a parent. A lemma is *ambiguous*
when it has a noun sense outside S and either its most frequent sense is outside S and in another WordNet
domain (lexicographer file: "dose"), or it is a common word (Zipf frequency >= 5 in wordfreq: "mother",
"party", "church"). The component matches an ambiguous lemma only when the document also holds an
unambiguous term of the same condition (the counterpart of Sánchez et al.'s contextualized queries
"crabs AND STD", §3.5). "depression" (first sense a mental state, noun.state like the disorder; Zipf
4.6) is not ambiguous.
"""
import dataclasses
import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Set, Tuple

from spacy_anon.errors import Errors
from spacy_anon.sensitive import care
from spacy_anon.sensitive import clinical as lex
from spacy_anon.sensitive import special_categories as gdpr
from spacy_anon.sensitive.taxonomy import Taxonomy, first_known
from spacy_anon.sensitive.terms import term_key

# condition -> ((lemma, senses), ...); senses are 1-based noun sense numbers, None = every noun sense.
PRESETS: Dict[str, Tuple[Tuple[str, Optional[Tuple[int, ...]]], ...]] = {
    "hiv": (("HIV", None), ("AIDS", None)),
    "sexually_transmitted_disease": (("sexually transmitted disease", (1,)),),
    "mental_disorder": (("mental disorder", (1,)), ("mental illness", (1,))),
    "alcohol_abuse": (("alcohol abuse", (1,)), ("alcoholism", None), ("alcoholic", (1,))),
    "substance_abuse": (("substance abuse", (1,)), ("drug addiction", (1,)), ("drug addict", (1,))),
    "religion": (("religion", (1, 2)), ("religious person", (1,))),
    "political_opinion": (("political orientation", (1,)), ("political party", (1,))),
    "sexual_orientation": (("homosexuality", (1,)), ("heterosexuality", (1,)), ("bisexuality", (2,)),
                           ("homosexual", (1,)), ("heterosexual", (1,)), ("bisexual", (1,)), ("lesbian", (1,))),
    "ethnic_origin": (("ethnic group", (1,)), ("ethnic minority", (1,)), ("race", (3,))),
    "health": (("ill health", (1,)), ("disability", (1,)), ("injury", (1,))),
}
# The health conditions of PRESETS (the others are GDPR's special categories): clinical notes misspell their
# terms, and a dictionary names them in passing.
HEALTH_CONDITIONS = frozenset({"hiv", "sexually_transmitted_disease", "mental_disorder", "alcohol_abuse",
                               "substance_abuse", "health"})
CUSTOM = "custom"
COMMON_ZIPF = 5.0  # a lemma at least this frequent (wordfreq's Zipf scale) is ambiguous if it has another sense


@dataclass(frozen=True)
class SensitiveTerm:
    """One lemma of S: its text, key, condition, and the concept it names (for its generalizations)."""

    text: str
    key: str
    condition: str
    concept: Optional[str] = None  # None: a custom term no taxonomy knows
    taxonomy: Optional[str] = None  # name of the taxonomy of `concept`
    ambiguous: bool = False
    kind: str = "sensitive"  # "related": reveals the condition without naming it (a drug, a service)
    origin: str = "taxonomy"  # "clinical": from spacy_anon.sensitive.clinical (not used for tau)


@dataclass
class SensitiveSet:
    """S: its terms by key, and the number of words of its longest term (the matching window).

    Lemmas with one key ("Catholic", "Catholicity" -> "cathol") are all kept in `variants`; `lookup`
    prefers the one written as in the text."""

    terms: Dict[str, SensitiveTerm] = field(default_factory=dict)
    variants: Dict[str, List[SensitiveTerm]] = field(default_factory=dict)
    # lower-case forms of the drug classes shared by several conditions (`care.SHARED_ROOTS`)
    shared: Set[str] = field(default_factory=set)

    def add(self, term: SensitiveTerm) -> None:
        self.variants.setdefault(term.key, []).append(term)
        self.terms.setdefault(term.key, term)

    def replace(self, old: SensitiveTerm, new: SensitiveTerm) -> None:
        """Put `new` where `old` was (same key)."""
        self.variants[old.key] = [new if t is old else t for t in self.variants[old.key]]
        if self.terms.get(old.key) is old:
            self.terms[old.key] = new

    def lookup(self, key: str, surface: str = "") -> Optional[SensitiveTerm]:
        """The term of S with this key, preferring the lemma written like `surface` (case-insensitive)."""
        found = self.variants.get(key)
        if not found:
            return None
        lower = surface.lower()
        return next((t for t in found if t.text.lower() == lower), found[0])

    def lookup_form(self, key: str, surface: str) -> Optional[SensitiveTerm]:
        """Like `lookup`, but only a term whose last word is the surface's last word up to inflection:
        the stem of "withdrawal" is that of "withdrawer", and "depressed" that of "depression", but
        neither is a form of the other."""
        found = self.variants.get(key)
        if not found:
            return None
        lower = surface.lower()
        # a clinical form written as in the text names its condition the clinical way ("DTs": alcohol)
        # and a form written with the same capitals first ("Republican" the party, "republican" the adherent)
        exact = next((t for t in sorted(found, key=lambda t: (t.text != surface, t.origin != "clinical"))
                      if t.text.lower() == lower), None)
        if exact is not None:
            return exact
        last = _last_word(surface)
        return next((t for t in found if inflects(_last_word(t.text), last)), None)

    @property
    def max_words(self) -> int:
        return max((len(k.split()) for k in self.terms), default=1)

    def __len__(self) -> int:
        return len(self.terms)

    def __contains__(self, key: str) -> bool:
        return key in self.terms

    def conditions(self) -> List[str]:
        return sorted({t.condition for t in self.terms.values()})


def _last_word(text: str) -> str:
    words = re.findall(r"[^\W_]+|\+", text.lower())
    return words[-1] if words else ""


def inflects(lemma: str, word: str) -> bool:
    """`word` is `lemma` or an inflection of it (plural, possessive): "drugs"/"drug", "psychoses"/"psychosis",
    "DT"/"DTs"; not a derivation ("depressed"/"depression")."""
    lemma, word = lemma.lower(), word.lower()
    if word == lemma or word in (lemma + "s", lemma + "es") or word + "s" == lemma:
        return True
    if lemma.endswith("y") and word == lemma[:-1] + "ies":
        return True
    return lemma.endswith("is") and word == lemma[:-2] + "es"


def check_conditions(conditions: Sequence[str]) -> None:
    unknown = [c for c in conditions if c not in PRESETS]
    if unknown:
        raise ValueError(Errors.E350.format(names=unknown, presets=", ".join(sorted(PRESETS))))


def _senses(found: List[str], senses: Optional[Tuple[int, ...]]) -> List[str]:
    if senses is None:
        return found
    return [found[i - 1] for i in senses if 0 < i <= len(found)]


def condition_concepts(
    lemma: str, senses: Optional[Tuple[int, ...]], taxonomies: Sequence[Taxonomy]
) -> List[Tuple[Taxonomy, str]]:
    """(taxonomy, concept) of a condition lemma and all their specializations, taxonomies in priority order."""
    out: List[Tuple[Taxonomy, str]] = []
    for taxonomy in taxonomies:
        roots = _senses(taxonomy.concepts(lemma), senses)
        for root in roots:
            out.append((taxonomy, root))
            out.extend((taxonomy, c) for c in taxonomy.descendants(root))
    return out


def build_sensitive_set(
    conditions: Sequence[str], terms: Sequence[str], taxonomies: Sequence[Taxonomy], lang: str = "en",
    clinical: bool = True,
) -> SensitiveSet:
    """S for the given preset conditions and custom terms (see the module docstring), with the clinical
    lexicon of `spacy_anon.sensitive.clinical` when `clinical` is on.

    Terms are keyed by `term_key`; a lemma of two concepts belongs to the first (preset order, taxonomy
    priority). Raises on an unknown condition name.
    """
    check_conditions(conditions)
    result = SensitiveSet()
    groups: List[Tuple[str, List[Tuple[Taxonomy, str]]]] = []
    for condition in conditions:
        pairs: List[Tuple[Taxonomy, str]] = []
        for lemma, senses in PRESETS[condition]:
            pairs.extend(condition_concepts(lemma, senses, taxonomies))
        groups.append((condition, pairs))
    bare: List[str] = []
    for term in terms:
        pairs = condition_concepts(term, (1,), taxonomies)
        if pairs:
            groups.append((CUSTOM, pairs))
        else:
            bare.append(term)
    for condition, pairs in groups:
        members = {(tax.name, concept) for tax, concept in pairs}
        for taxonomy, concept in pairs:
            for lemma in taxonomy.lemmas(concept):
                key = term_key(lemma)
                if not key or any(t.text == lemma for t in result.variants.get(key, ())):
                    continue
                if dropped(lemma, concept, taxonomy, members, lang):
                    continue
                result.add(SensitiveTerm(
                    text=lemma, key=key, condition=condition, concept=concept, taxonomy=taxonomy.name,
                    ambiguous=_ambiguous(lemma, concept, taxonomy, members, lang),
                ))
    for term in bare:
        key = term_key(term)
        if key and key not in result.terms:
            result.add(SensitiveTerm(text=term, key=key, condition=CUSTOM))
    if clinical:
        _add_clinical(result, conditions, taxonomies, lang)
        _add_shared(result, conditions, taxonomies)
    for condition, pairs in groups:  # after the lexicon: a form it lists keeps its own reading
        _add_derived(result, condition, pairs, lang)
    return result


# a derived form with a sense of its own needs evidence when it is this frequent ("conservative"), or
# this frequent and first another sense ("irrational": first "not consistent with reason")
DERIVED_COMMON_ZIPF = 4.5
DERIVED_RARE_ZIPF = 3.0


def _add_derived(result: SensitiveSet, condition: str, pairs, lang: str) -> None:
    """The nouns and adjectives WordNet derives from the lemmas of S ("schizophrenic", "Marxist",
    "Buddhist", "Islamic", "gay"): the adjective or adherent a text writes instead of the noun. A noun
    keeps its own concept (its hypernyms give its generalization); an adjective has none (the component
    then walks the hypernyms of the word as a noun). A derived form with a sense not derived from S and
    a Zipf frequency of at least `DERIVED_COMMON_ZIPF` ("conservative" treatment), or of at least
    `DERIVED_RARE_ZIPF` whose most frequent sense is that other one, is ambiguous; so is an adjective
    with no derived noun of that frequency ("irrational", "manic")."""
    from wordfreq import zipf_frequency

    found: Dict[str, List[Tuple[str, str, object]]] = {}
    for taxonomy, concept in pairs:
        derive = getattr(taxonomy, "derived", None)
        if derive is None:
            continue
        for lemma, pos, synset in derive(concept):
            found.setdefault(lemma, []).append((pos, synset, taxonomy))
    for lemma, hits in found.items():
        key = term_key(lemma)
        if not key or len(lemma) <= 3 or any(t.text.lower() == lemma.lower() for t in result.variants.get(key, ())):
            continue
        taxonomy = hits[0][2]
        own = {synset for _, synset, _ in hits}
        # text is matched in any case: "Sister" (a nun) is also "sister"
        senses = list(dict.fromkeys(taxonomy.senses_of(lemma.lower()) + taxonomy.senses_of(lemma)))
        others = [c for c in senses if c not in own]
        zipf = zipf_frequency(lemma, lang)
        if zipf >= DROP_ZIPF and senses and senses[0] not in own:
            continue  # a kin word first ("sister"), as in `dropped`
        noun = next((synset for pos, synset, _ in hits if pos == "n"), None)
        # an adjective alone describes as often as it diagnoses ("irrational", "manic"): evidence first
        other_first = zipf >= DERIVED_RARE_ZIPF and senses[0] not in own
        other_reading = bool(others) and (zipf >= DERIVED_COMMON_ZIPF or other_first)
        ambiguous = other_reading or (noun is None and zipf >= DERIVED_RARE_ZIPF)
        result.add(SensitiveTerm(text=lemma, key=key, condition=condition, concept=noun,
                                 taxonomy=taxonomy.name if noun else None, ambiguous=ambiguous, origin="derived"))


def _add(result: SensitiveSet, text: str, condition: str, concept, taxonomy, kind: str, ambiguous: bool) -> None:
    """One clinical form, and its lower-case spelling when it is a case-free acronym ("ETOH", "etoh")."""
    ambiguous = ambiguous or text in lex.NEEDS_EVIDENCE or text in gdpr.NEEDS_EVIDENCE or text in care.NEEDS_EVIDENCE
    spellings = [text] + ([text.lower()] if text.split()[0] in lex.CASE_FREE | gdpr.CASE_FREE else [])
    for spelling in spellings:
        key = term_key(spelling)
        if not key:
            continue
        same = [t for t in result.variants.get(key, ()) if t.text == spelling and t.condition == condition]
        if same and same[0].ambiguous and not ambiguous:
            # the lexicon lists the form as sure ("gay"), whatever WordNet's other senses say
            result.replace(same[0], dataclasses.replace(same[0], ambiguous=False))
            continue
        if same:
            continue
        result.add(SensitiveTerm(text=spelling, key=key, condition=condition, concept=concept,
                                 taxonomy=taxonomy.name if taxonomy is not None else None, ambiguous=ambiguous,
                                 kind=kind, origin="clinical"))


def _add_clinical(result: SensitiveSet, conditions: Sequence[str], taxonomies: Sequence[Taxonomy],
                  lang: str) -> None:
    """The forms, related terms and treatments of `spacy_anon.sensitive.clinical` for the conditions."""
    def concept_of(lemma):
        taxonomy, found = first_known(taxonomies, lemma) if lemma else (None, [])
        return (found[0], taxonomy) if found else (None, None)

    for condition in conditions:
        for text, lemma in lex.CLINICAL_FORMS.get(condition, ()) + gdpr.FORMS.get(condition, ()):
            concept, taxonomy = concept_of(lemma)
            _add(result, text, condition, concept, taxonomy, "sensitive", False)
        if condition == "substance_abuse":
            drugs = [lemma for root, senses in lex.DRUGS_OF_ABUSE_ROOTS
                     for _, c in condition_concepts(root, senses, taxonomies[-1:])
                     for lemma in taxonomies[-1].lemmas(c) if len(lemma) > 3 and lemma.islower()]
            concept, taxonomy = concept_of("drug abuse")
            for drug in dict.fromkeys(drugs + list(lex.DRUGS_OF_ABUSE_EXTRA)):
                for use in lex.USE_WORDS:
                    _add(result, f"{drug} {use}", condition, concept, taxonomy, "sensitive", False)
        for text in lex.RELATED_FORMS.get(condition, ()) + gdpr.RELATED.get(condition, ()) + \
                care.RELATED.get(condition, ()):
            concept, taxonomy = concept_of(text)
            _add(result, text, condition, concept, taxonomy, "related", False)
        for root, senses in lex.TREATMENT_ROOTS.get(condition, ()) + care.TREATMENT_ROOTS.get(condition, ()):
            pairs = condition_concepts(root, senses, taxonomies)
            members = {(tax.name, c) for tax, c in pairs}
            for taxonomy, concept in pairs:
                for lemma in taxonomy.lemmas(concept):
                    if len(lemma) <= 2 or not any(ch.isalpha() for ch in lemma):
                        continue
                    # a short lower-case lemma is a slang name with an everyday reading ("sens", "pot")
                    ambiguous = _ambiguous(lemma, concept, taxonomy, members, lang) or (
                        lemma.islower() and len(lemma) <= 4)
                    _add(result, lemma, condition, concept, taxonomy, "related", ambiguous)


def _add_shared(result: SensitiveSet, conditions: Sequence[str], taxonomies: Sequence[Taxonomy]) -> None:
    """Drug classes related to one of several conditions (`care.SHARED_ROOTS`): each of their terms is
    added once per configured condition, always ambiguous; the component keeps the reading whose
    condition has a sure term in the document."""
    wordnet = taxonomies[-1]
    for group, roots in care.SHARED_ROOTS.items():
        chosen = [c for c in group if c in conditions]
        if not chosen:
            continue
        forms = list(care.SHARED_FORMS.get(group, ()))
        for root, senses in roots:
            for _, concept in condition_concepts(root, senses, [wordnet]):
                forms.extend(lemma for lemma in wordnet.lemmas(concept) if len(lemma) > 3)
        for text in dict.fromkeys(forms):
            result.shared.add(text.lower())
            found = wordnet.concepts(text)
            for condition in chosen:
                _add(result, text, condition, found[0] if found else None, wordnet if found else None,
                     "related", True)


def _ambiguous(lemma: str, concept: str, taxonomy: Taxonomy, members, lang: str = "en") -> bool:
    """See the module docstring: another sense, and either a first sense elsewhere or a common word; or
    a lower-case word that is mostly another part of speech ("prior": a monk, but first "prior to")."""
    # text is matched in any case: "Friend" (a Quaker) also stands for "friend"
    senses = list(dict.fromkeys(taxonomy.concepts(lemma) + taxonomy.concepts(lemma.lower())))
    outside = [c for c in senses if (taxonomy.name, c) not in members]
    if not outside:
        return _other_part_of_speech(lemma, taxonomy, lang)
    if (taxonomy.name, senses[0]) not in members:
        first, own = taxonomy.domain(senses[0]), taxonomy.domain(concept)
        if first is not None and own is not None and first != own:
            return True
    from wordfreq import zipf_frequency

    return zipf_frequency(lemma, lang) >= COMMON_ZIPF or _other_part_of_speech(lemma, taxonomy, lang)


# a lower-case one-word lemma this frequent with an adjective, adverb or verb sense is read as that
OTHER_POS_ZIPF = 4.0


def _other_part_of_speech(lemma: str, taxonomy: Taxonomy, lang: str) -> bool:
    """A lower-case one-word lemma of Zipf >= OTHER_POS_ZIPF that WordNet also knows as another part of
    speech: "prior" (a monk) is first an adjective in any text."""
    senses_of = getattr(taxonomy, "senses_of", None)
    if senses_of is None or not lemma.islower() or " " in lemma:
        return False
    from wordfreq import zipf_frequency

    if zipf_frequency(lemma, lang) < OTHER_POS_ZIPF:
        return False
    return any(not c.endswith("-n") for c in senses_of(lemma))


def dropped(lemma: str, concept: str, taxonomy: Taxonomy, members, lang: str = "en") -> bool:
    """A very common word whose most frequent sense lies outside S, in the same WordNet domain as its
    sense in S, is not a term of S at all: "sister" (a nun), "mother" (an abbess), "brother" (a monk)
    name kin in any text, and a sure term of religion nearby does not tell them apart. A word whose
    ordinary sense is of another kind stays, as an ambiguous lemma ("race": a contest, or a group)."""
    senses = list(dict.fromkeys(taxonomy.concepts(lemma.lower()) + taxonomy.concepts(lemma)))
    if not senses or (taxonomy.name, senses[0]) in members:
        return False
    first, own = taxonomy.domain(senses[0]), taxonomy.domain(concept)
    if first is None or own is None or first != own:
        return False
    from wordfreq import zipf_frequency

    return zipf_frequency(lemma, lang) >= DROP_ZIPF


DROP_ZIPF = 4.8
