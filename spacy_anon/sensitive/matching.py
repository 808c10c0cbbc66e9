"""Finding the terms of the sensitive set S in a text (Sánchez et al. Step 1): the longest matches on
word stems, long words also one spelling error away, and the words that WordNet's entry ties to a
condition (`glosses`); each kept only under the evidence rules of `spacy_anon.sensitive.evidence`.

Words are those of `terms.word_offsets`; a match is (first word, end word, term)."""
from typing import AbstractSet, Dict, List, Optional, Sequence

from spacy.tokens import Doc

from spacy_anon.generalize.wordnet import noun_synsets
from spacy_anon.sensitive import special_categories
from spacy_anon.sensitive.clinical import deletions, one_edit
from spacy_anon.sensitive.evidence import Match, Offsets, excluded, sure_positions, surface, with_evidence
from spacy_anon.sensitive.glosses import GlossRelations
from spacy_anon.sensitive.sensitive_set import HEALTH_CONDITIONS, SensitiveSet, SensitiveTerm
from spacy_anon.sensitive.taxonomy import WordNetTaxonomy
from spacy_anon.sensitive.terms import is_acronym_key, ngrams, term_key

# Parts of speech a term's last word may have when the doc is tagged (a noun phrase's head, or an
# adjective such as "Catholic"); without tags every n-gram is a candidate.
HEAD_POS = frozenset({"NOUN", "PROPN", "ADJ", "X"})
RELATED_HEAD_POS = frozenset({"NOUN", "PROPN"})
FUZZY_MIN = 8  # a word this long or longer may be matched with one spelling error
FUZZY_MAX_ZIPF = 2.0  # ... when it is not itself a word in use ("remained" is not "Remainer")
FUZZY_MEMO = 100_000  # remembered words, per component, before the memo starts again
# conditions whose terms a clinical note misspells ("depresssion", "trazadone"); a one-edit match of a
# GDPR-category term is a real word ("believes" / "believer")
FUZZY_CONDITIONS = HEALTH_CONDITIONS


def head_ok(doc: Doc, offsets: Offsets, j: int, allowed: AbstractSet[str]) -> bool:
    """The last word of a match ending at word j has a part of speech in `allowed` (or no token)."""
    start, end = offsets[j - 1]
    span = doc.char_span(start, end, alignment_mode="expand")
    return span is None or span[-1].pos_ in allowed


class TermMatcher:
    """The matches of S (and, with `glosses`, of the words WordNet relates to a condition) in a doc.

    conditions: the configured conditions; gloss_conditions: those a gloss match may reveal; lang: for
    word frequencies; clinical_lexicon: apply the clinical lexicon's exclusion and evidence rules.
    """

    def __init__(self, sensitive: SensitiveSet, wordnet: WordNetTaxonomy, glosses: Optional[GlossRelations],
                 conditions: Sequence[str], gloss_conditions: AbstractSet[str], lang: str, clinical_lexicon: bool):
        self.sensitive = sensitive
        self.wordnet = wordnet
        self.glosses = glosses
        self.conditions = conditions
        self.gloss_conditions = gloss_conditions
        self.lang = lang
        self.clinical_lexicon = clinical_lexicon
        self.acronyms = frozenset(k for k in sensitive.terms if is_acronym_key(k))
        # symmetric-delete lookup of the long one-word terms, for spellings one edit away ("depresssion")
        self._fuzzy: Dict[str, List[str]] = {}
        for key, variants in sensitive.variants.items():
            for term in variants:
                word = term.text.lower()
                if len(word) >= FUZZY_MIN and word.isalpha():
                    for d in deletions(word):
                        self._fuzzy.setdefault(d, []).append(key)
        self._fuzzy_found: Dict[str, Optional[SensitiveTerm]] = {}  # per lower-case word: every doc asks again

    def matches(self, doc: Doc, text: str, offsets: Offsets, words: Sequence[str], keys: Sequence[Optional[str]],
                tagged: bool) -> List[Match]:
        """The matches of S and then of glosses, in text order (`tagged`: the doc has POS tags)."""
        matches = self.sensitive_matches(doc, text, offsets, keys, tagged)
        if self.glosses is not None:
            matches = sorted(matches + self.gloss_matches(doc, text, offsets, words, matches, tagged),
                             key=lambda m: m[0])
        return matches

    def sensitive_matches(self, doc: Doc, text: str, offsets: Offsets, keys: Sequence[Optional[str]],
                          tagged: bool) -> List[Match]:
        """Longest matches of S, left to right, on stems and then on a spelling one edit away for long
        words; a match whose last word is not an inflection of the term's ("depressed" for "depression"),
        a look-alike or a denial (`clinical.excluded`) is dropped; ambiguous lemmas only with an
        unambiguous term of the same condition in the document."""
        width = self.sensitive.max_words
        out: List[Match] = []
        i = 0
        while i < len(keys):
            hit = None
            if keys[i] is not None:
                for n in range(min(width, len(keys) - i), 0, -1):
                    window = keys[i:i + n]
                    if None in window:
                        continue
                    phrase = surface(text, offsets, i, i + n)
                    term = self.sensitive.lookup_form(" ".join(window), phrase)
                    if term is None and n == 1:
                        term = self.fuzzy_lookup(phrase)
                    if term is None or (tagged and not head_ok(doc, offsets, i + n, HEAD_POS)):
                        continue
                    if self._excluded(text, offsets, i, i + n, phrase, term.condition, term.text):
                        continue
                    hit = (i, i + n, term)
                    break
            if hit:
                out.append(hit)
                i = hit[1]
            else:
                i += 1
        return with_evidence(out, text, offsets, self.sensitive, self.conditions, self.clinical_lexicon)

    def gloss_matches(self, doc: Doc, text: str, offsets: Offsets, words: Sequence[str], matches: Sequence[Match],
                      tagged: bool) -> List[Match]:
        """Related terms that WordNet's entry ties to a configured condition (`glosses`): the longest
        n-gram (up to 3 words) that WordNet knows as a noun, outside the matches of S, not denied; one
        related only through a less frequent sense needs a sure term of its condition."""
        taken = {k for i, j, _ in matches for k in range(i, j)}
        sure = set(sure_positions(matches, text, offsets, self.clinical_lexicon))
        conditions = self.gloss_conditions
        found: List[Match] = []
        used = set()
        for i, j in sorted(ngrams(words, 3), key=lambda r: (r[0], -(r[1] - r[0]))):
            if any(k in taken or k in used for k in range(i, j)):
                continue
            phrase = surface(text, offsets, i, j)
            if term_key(phrase) in self.sensitive:
                continue  # a term of S that matching left out (denied, a look-alike, no evidence)
            if not any(ch.islower() for ch in phrase) and len(phrase) <= 6:
                continue  # an acronym WordNet may read otherwise ("PCP", "ETOH")
            related = self.glosses.related(phrase)
            if related is None or related[0] not in conditions or (related[1] and related[0] not in sure):
                continue
            if related[0] in special_categories.FORMS and phrase.isupper():
                continue  # a note in capitals: "GRADUAL" is an adverb there, not a Catholic antiphon
            if tagged and not head_ok(doc, offsets, j, RELATED_HEAD_POS):
                continue
            if self._excluded(text, offsets, i, j, phrase, related[0]):
                continue
            synsets = noun_synsets(phrase, self.wordnet.spec)
            term = SensitiveTerm(text=phrase, key=term_key(phrase), condition=related[0],
                                 concept=synsets[0].id if synsets else None, taxonomy=self.wordnet.name,
                                 ambiguous=related[1], kind="related", origin="gloss")
            found.append((i, j, term))
            used.update(range(i, j))
        return found

    def _excluded(self, text: str, offsets: Offsets, i: int, j: int, phrase: str, condition: str,
                  term_text: str = "") -> bool:
        """`evidence.excluded` when the clinical lexicon's rules apply."""
        if not self.clinical_lexicon:
            return False
        return excluded(text, offsets, i, j, phrase, condition, self.sensitive.shared, term_text)

    def fuzzy_lookup(self, word: str) -> Optional[SensitiveTerm]:
        """The unambiguous one-word term one edit away from a long word that is not itself a known word
        ("depresssion" -> "depression"), or None."""
        lower = word.lower()
        if lower not in self._fuzzy_found:
            if len(self._fuzzy_found) > FUZZY_MEMO:
                self._fuzzy_found.clear()
            self._fuzzy_found[lower] = self._fuzzy_term(lower)
        return self._fuzzy_found[lower]

    def _fuzzy_term(self, lower: str) -> Optional[SensitiveTerm]:
        if len(lower) < FUZZY_MIN or not lower.isalpha():
            return None
        from wordfreq import zipf_frequency

        # a known word is no misspelling: the frequency test first, WordNet (a database query) after
        if zipf_frequency(lower, self.lang) >= FUZZY_MAX_ZIPF or noun_synsets(lower, self.wordnet.spec):
            return None
        for d in deletions(lower):
            for key in self._fuzzy.get(d, ()):
                for term in self.sensitive.variants[key]:
                    if not term.ambiguous and term.condition in FUZZY_CONDITIONS and term.text.lower() != lower \
                            and one_edit(term.text.lower(), lower):
                        return term
        return None
