"""Where the sensitive set and the generalizations come from: a taxonomy of concepts with synonyms.

Sánchez et al. take synonyms, specializations and generalizations from SNOMED CT, then WordNet, in that
order of priority. `Taxonomy` is the small interface both provide; `WordNetTaxonomy` reads the WordNet of
`spacy-anon wordnet install` through `wn`, `spacy_anon.sensitive.snomed.SnomedTaxonomy` a licensed SNOMED
CT release the user has.
"""
from typing import List, Optional, Protocol, Sequence, Tuple

from spacy_anon.generalize.wordnet import get_wordnet, hypernym_chain, noun_synsets, resolve_lexicon, synset_label


class Taxonomy(Protocol):
    """Concepts (ids) with lemmas, specializations and a chain of generalizations."""

    name: str

    def concepts(self, term: str) -> List[str]:
        """Concepts the term names, most frequent sense first ([] when unknown)."""

    def lemmas(self, concept: str) -> List[str]:
        """The concept's synonyms, preferred first."""

    def descendants(self, concept: str) -> List[str]:
        """Every specialization of the concept (transitive; subclasses, not named instances)."""

    def ancestors(self, concept: str) -> List[str]:
        """Names of the concept's generalizations, specific to general (first parent at each step)."""

    def domain(self, concept: str) -> Optional[str]:
        """A coarse domain of the concept (WordNet's lexicographer file), None if the taxonomy has none."""


class WordNetTaxonomy:
    """Noun synsets of an installed WordNet (`spacy-anon wordnet install`)."""

    name = "wordnet"

    def __init__(self, lang: str = "en", lexicon: Optional[str] = None) -> None:
        self.spec = resolve_lexicon(lang, lexicon)
        self._wn = get_wordnet(self.spec)

    def _synset(self, concept: str):
        return self._wn.synset(concept)

    def concepts(self, term: str) -> List[str]:
        return [ss.id for ss in noun_synsets(term, self.spec)]

    def lemmas(self, concept: str) -> List[str]:
        return [str(lemma) for lemma in self._synset(concept).lemmas()]

    def descendants(self, concept: str) -> List[str]:
        return [ss.id for ss in self._synset(concept).closure("hyponym")]

    def ancestors(self, concept: str) -> List[str]:
        return [synset_label(ss) for ss in hypernym_chain(self._synset(concept))]

    def derived(self, concept: str) -> List[Tuple[str, str, str]]:
        """(lemma, part of speech, concept) of the nouns and adjectives derivationally related to the
        concept's lemmas ("schizophrenia" -> "schizophrenic", "Marxism" -> "Marxist", "homosexuality" ->
        "gay"); verbs are left out ("depression" -> "depress")."""
        out = []
        for sense in self._synset(concept).senses():
            for other in sense.get_related("derivation"):
                synset = other.synset()
                if synset.pos in ("n", "a", "s"):
                    out.append((other.word().lemma(), synset.pos, synset.id))
        return out

    def senses_of(self, word: str) -> List[str]:
        """Every synset of the word, any part of speech."""
        return [ss.id for ss in self._wn.synsets(word)]

    def domain(self, concept: str) -> Optional[str]:
        try:
            return self._synset(concept).lexfile()
        except Exception:  # lexicons without lexicographer files
            return None


def first_known(taxonomies: Sequence[Taxonomy], term: str):
    """(taxonomy, concepts) of the first taxonomy that knows the term, else (None, [])."""
    for taxonomy in taxonomies:
        found = taxonomy.concepts(term)
        if found:
            return taxonomy, found
    return None, []
