"""The generalization g(t) of a sensitive term (Sánchez et al. eq. 4) and the hierarchies a related
term is generalized along (eq. 8): the most specific generalization whose IC is below tau, that is not
a top-level concept, not itself a term of S and names no condition, in the words a reader understands."""
from typing import Callable, Dict, List, Mapping, Optional, Sequence

from spacy_anon.generalize.wordnet import generalization_candidates
from spacy_anon.sensitive import care, clinical
from spacy_anon.sensitive import ic as icm
from spacy_anon.sensitive import special_categories
from spacy_anon.sensitive.glosses import GlossRelations
from spacy_anon.sensitive.sensitive_set import SensitiveSet, SensitiveTerm, inflects
from spacy_anon.sensitive.taxonomy import Taxonomy, WordNetTaxonomy
from spacy_anon.sensitive.terms import term_key

# Generalizations that tell a reader nothing (the top of WordNet's noun hierarchy): a term whose only
# safe generalization is one of these is removed instead.
TOP_CONCEPTS = frozenset({
    "entity", "physical entity", "thing", "object", "whole", "abstraction", "abstract entity", "act",
    "human action", "human activity", "group", "grouping", "psychological feature", "attribute", "relation",
    "measure", "matter", "event", "state", "living thing", "organism", "causal agent", "agent",
    "physical object", "something",
})


class AncestorChains:
    """Generalizations of a sensitive term, specific to general (its concept's ancestors in its
    taxonomy), built once per term text."""

    def __init__(self, taxonomies: Mapping[str, Taxonomy]):
        self.taxonomies = taxonomies  # by name
        self._chains: Dict[str, List[str]] = {}

    def __call__(self, term: SensitiveTerm) -> List[str]:
        if term.text not in self._chains:
            chain: List[str] = []
            if term.concept is not None:
                chain = self.taxonomies[term.taxonomy].ancestors(term.concept)
            self._chains[term.text] = [h for h in chain if term_key(h) != term.key]
        return self._chains[term.text]


class TermGeneralizer:
    """g(t) of the sensitive terms (remembered per term text) and the generalization hierarchy of a
    related term.

    sensitive: S; taxonomies: SNOMED CT's (when configured) before `wordnet`; chains: the ancestors of
    a term of S; glosses: WordNet's relations of a word to a condition (None: off); ic: IC of a phrase;
    lang, lexicon: the WordNet; readable: use the clinical lexicon's fixed and readable generalizations.
    """

    def __init__(self, sensitive: SensitiveSet, taxonomies: Sequence[Taxonomy], wordnet: WordNetTaxonomy,
                 chains: AncestorChains, glosses: Optional[GlossRelations], ic: Callable[[str], float],
                 lang: str, lexicon: Optional[str], readable: bool):
        self.sensitive = sensitive
        self.taxonomies = list(taxonomies)
        self.wordnet = wordnet
        self.chains = chains
        self.glosses = glosses
        self.ic = ic
        self.lang = lang
        self.lexicon = lexicon
        self.readable = readable
        self._general: Dict[str, Optional[str]] = {}

    def generalization(self, term: SensitiveTerm, tau: float) -> Optional[str]:
        """g(t), eq. 4: the most specific generalization with IC < tau that is not a top-level concept nor
        itself a term of S (`ic.most_specific_below`: word-frequency IC is not monotone along a chain), in
        the words a reader understands (`clinical.GENERALIZATIONS`, `HEAD_GENERALIZATIONS`, `READABLE`);
        None when there is none (the term is then removed). Remembered per term text."""
        if term.text not in self._general:
            self._general[term.text] = self.in_plain_words(self.safe_generalization(term, tau))
        return self._general[term.text]

    def safe_generalization(self, term: SensitiveTerm, tau: float) -> Optional[str]:
        """g(t) before `in_plain_words`."""
        fixed = clinical.GENERALIZATIONS.get(term.text) or special_categories.GENERALIZATIONS.get(term.text) \
            or care.GENERALIZATIONS.get(term.text.lower())
        if fixed is not None and self.readable:
            return fixed
        words = term.text.lower().replace("-", " ").split()
        head = clinical.HEAD_GENERALIZATIONS.get(words[-1]) if len(words) > 1 and term.origin == "clinical" else None
        if head is not None:  # "psych consult" -> "consultation", "viral load" -> "level", "psych meds" -> "drug"
            chain = [head] + self.related_hierarchy(head)
            found = icm.most_specific_below([(h, self.ic(h)) for h in chain
                                             if term_key(h) not in self.sensitive and not self.reveals(h)], tau)
            if found is not None:
                return found
        if term.concept is None and term.origin in ("clinical", "derived"):  # "antiretroviral drugs" -> "drugs"
            # never a word of the term itself ("came out" -> "out")
            chain = [h for h in self.related_hierarchy(term.text)
                     if term_key(h) not in self.sensitive and h.lower() not in words and not self.reveals(h)]
            return icm.most_specific_below([(h, self.ic(h)) for h in chain], tau)
        # a generalization that is itself a term of S ("drug user" for "IV drug user") still reveals
        chain = [h for h in self.chains(term)
                 if h.lower() not in TOP_CONCEPTS and term_key(h) not in self.sensitive and not self.reveals(h)]
        return icm.most_specific_below([(h, self.ic(h)) for h in chain], tau)

    def reveals(self, phrase: str) -> bool:
        """A generalization that still names a condition: a word of it is a sure term of S ("Islamic
        calendar month" for "Ramadan"), or WordNet relates it to a condition (`glosses`)."""
        for word in phrase.split():
            found = self.sensitive.lookup(term_key(word), word)
            if found is not None and found.kind == "sensitive" and not found.ambiguous \
                    and " " not in found.text and inflects(found.text, word):
                return True
        return self.glosses is not None and self.glosses.related(phrase) is not None

    def in_plain_words(self, g: Optional[str]) -> Optional[str]:
        """The readable form of a generalization (`clinical.READABLE`) unless that is a term of S."""
        if g is None or not self.readable:
            return g
        plain = clinical.READABLE.get(g.lower())
        return plain if plain is not None and term_key(plain) not in self.sensitive else g

    def related_hierarchy(self, text: str) -> List[str]:
        """Generalizations of a related term q: SNOMED CT's (when configured and known), else WordNet's
        (simpler phrases, then the hypernym chain), without the top-level concepts."""
        for taxonomy in self.taxonomies:
            if taxonomy is self.wordnet:
                break
            found = taxonomy.concepts(text)
            if found:
                return [h for h in taxonomy.ancestors(found[0]) if h.lower() not in TOP_CONCEPTS]
        chain = generalization_candidates(text, self.lang, self.lexicon)
        return [h for h in chain if h.lower() not in TOP_CONCEPTS and term_key(h) != term_key(text)]
