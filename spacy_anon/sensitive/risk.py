"""How much a term discloses (Sánchez et al. §3): IC from word frequencies or from the document counts
of an index built by `spacy-anon index`, the threshold tau of each condition (eq. 3; contextualized
eq. 12-13), and with an index the disclosure risk DR(t; q) of a related term q (eq. 7; eq. 10-11)
from the co-occurrence counts. The formulas themselves are in `spacy_anon.sensitive.ic`."""
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from spacy_anon.errors import Errors
from spacy_anon.sensitive import ic as icm
from spacy_anon.sensitive.generalization import AncestorChains
from spacy_anon.sensitive.index import CooccurrenceIndex, compound
from spacy_anon.sensitive.sensitive_set import SensitiveSet, SensitiveTerm
from spacy_anon.sensitive.terms import ngrams, term_key


class InformationContent:
    """IC of a phrase, remembered: from wordfreq, or -log2(df / N) in the index (infinite when never seen)."""

    def __init__(self, index: Optional[CooccurrenceIndex], lang: str):
        self.index = index
        self.lang = lang
        self._cache: Dict[str, float] = {}

    def __call__(self, text: str) -> float:
        if text not in self._cache:
            if self.index is None:
                self._cache[text] = icm.wordfreq_ic(text, self.lang)
            else:
                self._cache[text] = icm.ic_from_counts(self.index.df(term_key(text)), self.index.n_docs)
        return self._cache[text]


def condition_threshold(terms: Sequence[SensitiveTerm], ic: Callable[[str], float], chains: AncestorChains,
                        index: Optional[CooccurrenceIndex], contextualize: bool, min_df: int) -> Optional[float]:
    """tau over the unambiguous terms of one condition (eq. 3), or contextualized (eq. 12-13)."""
    # the clinical forms are not dictionary terms: their frequency says nothing of the condition's IC
    plain = [t for t in terms if not t.ambiguous and t.origin == "taxonomy"]
    if not contextualize:
        return icm.threshold(ic(t.text) for t in plain)
    values = []
    for term in plain:
        own = ic(term.text)
        # eq. 13: g(s) is the most specific generalization with IC(g(s)) < IC(s)
        g = next((h for h in chains(term) if ic(h) < own), None)
        joint = index.pair_df(term.key, term_key(g)) if g is not None else 0
        # a corpus, unlike the Web, seldom writes a term with its generalization: with fewer than
        # min_df documents holding both, the plain IC stands (rather than a near-infinite one)
        values.append(icm.ic_from_counts(joint, index.n_docs) if joint >= min_df else own)
    return icm.threshold(values)


def condition_thresholds(sensitive: SensitiveSet, ic: Callable[[str], float], chains: AncestorChains,
                         index: Optional[CooccurrenceIndex], contextualize: bool, min_df: int) -> Dict[str, float]:
    """{condition: tau} for the conditions of S that have one (`condition_threshold`)."""
    taus: Dict[str, float] = {}
    for condition in sensitive.conditions():
        value = condition_threshold([t for t in sensitive.terms.values() if t.condition == condition],
                                    ic, chains, index, contextualize, min_df)
        if value is not None:
            taus[condition] = value
    return taus


def check_anchors(sensitive: SensitiveSet, index: CooccurrenceIndex, path: object) -> None:
    """Every term of S must be an anchor of the index (counted with every word it occurs with)."""
    missing = [t.text for t in sensitive.terms.values() if not index.has_anchor(t.key)]
    if missing:
        raise ValueError(Errors.E354.format(path=str(path), n=len(missing),
                                            examples=", ".join(repr(m) for m in missing[:3])))


class DisclosureRisk:
    """DR(t; q) of the sensitive terms t of a document and a candidate related term q, from an index.

    ic: IC of a phrase; generalization: g(t) (None: terms are removed, not generalized); tau_of: tau of
    a term's condition; min_df, pmi_discount, contextualize: the component's settings of the same names.
    """

    def __init__(self, index: CooccurrenceIndex, ic: Callable[[str], float],
                 generalization: Optional[Callable[[SensitiveTerm], Optional[str]]],
                 tau_of: Callable[[SensitiveTerm], float], min_df: int, pmi_discount: float, contextualize: bool):
        self.index = index
        self.n_docs = index.n_docs
        self.ic = ic
        self.generalization = generalization
        self.tau_of = tau_of
        self.min_df = min_df
        self.pmi_discount = pmi_discount
        self.contextualize = contextualize

    def pmi(self, anchor: str, anchor_df: int, key: str, discount: float = 0.0) -> Optional[float]:
        """PMI from the index, the joint count lowered by `discount` documents; None when the counts are
        too small to say anything (q or the pair in fewer than min_df documents, or nothing left after the
        discount)."""
        df_q = self.index.df(key)
        joint = self.index.pair_df(anchor, key)
        if df_q < self.min_df or anchor_df <= 0 or joint < self.min_df or joint - discount <= 0:
            return None
        return icm.pmi(joint - discount, anchor_df, df_q, self.n_docs)

    def disclosure_risk(self, term: SensitiveTerm, key: str) -> float:
        """DR(t; q) of eq. 7 (eq. 10-11 with `contextualize`) for a sensitive term t and the key of q.

        PMI(t; q) is computed on a discounted joint count (`pmi_discount`), so that a chance co-occurrence
        in a small corpus is no evidence. Contextualized, t is counted with g(t) only where the corpus
        holds them together in at least min_df documents; elsewhere the plain counts stand."""
        g = self.generalization(term) if self.generalization is not None else None
        g_key = term_key(g) if g else None
        discount = self.pmi_discount
        pmi_tq = None
        if self.contextualize and g_key:
            joint = self.index.pair_df(term.key, g_key)
            if joint >= self.min_df:
                pmi_tq = self.pmi(compound(term.key, g_key), joint, key, discount)
                if pmi_tq is None:
                    return -icm.INFINITE
        if pmi_tq is None:
            pmi_tq = self.pmi(term.key, self.index.df(term.key), key, discount)
        if pmi_tq is None:
            return -icm.INFINITE  # no evidence that q goes with t
        if g_key is None:
            return icm.disclosure_risk(pmi_tq, 0.0, 0.0)  # t removed: DR = PMI(t; q), eq. 5
        pmi_gq = self.pmi(g_key, self.index.df(g_key), key)
        # the overlap of q and g(t) is never negative: a q rarer with g(t) than by chance adds no risk
        return icm.disclosure_risk(pmi_tq, self.ic(g), max(pmi_gq or 0.0, 0.0))

    def riskiest(self, found: Sequence[SensitiveTerm], key: str) -> Tuple[float, Optional[SensitiveTerm]]:
        """(the largest DR(t; q) - tau of t's condition over the found terms t, that t): q is risky when
        it is >= 0 (eq. 7), a generalization of q safe when it is < 0 (eq. 8)."""
        best: Tuple[float, Optional[SensitiveTerm]] = (-icm.INFINITE, None)
        for term in found:
            margin = self.disclosure_risk(term, key) - self.tau_of(term)
            if margin > best[0]:
                best = (margin, term)
        return best

    def risky_ngrams(self, words: Sequence[str], keys: Sequence[Optional[str]], taken: Iterable[int],
                     found: Sequence[SensitiveTerm], sensitive: SensitiveSet, max_df_share: float,
                     head_ok: Callable[[int], bool]) -> List[Tuple[int, int, str]]:
        """(first word, end word, condition) of the n-grams q (up to the index's longest) outside `taken`
        whose DR reaches tau for some found t, longest first: not a term of S, in at least min_df and at
        most max_df_share of the documents, and ending in a word `head_ok` accepts (given its end)."""
        taken = set(taken)
        risky: List[Tuple[int, int, str]] = []
        min_df = self.min_df
        max_df = max_df_share * self.n_docs
        for i, j in ngrams(words, self.index.max_ngram):
            if any(k in taken for k in range(i, j)):
                continue
            key = " ".join(keys[i:j])
            if key in sensitive or not min_df <= self.index.df(key) <= max_df:
                continue
            if not head_ok(j):
                continue
            margin, term = self.riskiest(found, key)
            if margin >= 0.0 and term is not None:
                risky.append((i, j, term.condition))
        risky.sort(key=lambda r: (-(r[1] - r[0]), r[0]))
        return risky
