"""Information content, sanitisation threshold and disclosure risk (Sánchez, Batet and Viejo, §3.2-3.5).

Pure functions on probabilities and document counts; the numbers in the tests can be checked by hand.

- IC(t) = -log2 p(t) (eq. 1); with document counts p(t) = df(t) / N (eq. 2 with a corpus for the Web).
- tau = min over s in S of IC(s) (eq. 3), contextualized: min IC(s AND g(s)) (eq. 12-13).
- g(t) = the most informative ancestor h of t with IC(h) < tau (eq. 4).
- PMI(t; q) = log2 p(t, q) / (p(t) p(q)) (eq. 5-6).
- DR(t; q) = PMI(t; q) + IC(g(t)) - PMI(g(t); q) (eq. 7); q is risky when DR >= tau for some t.
- g(q) = a generalization h of q with DR(t; h) < tau for every t (eq. 8).
"""
import math
from typing import Callable, Iterable, Optional, Sequence, Tuple

INFINITE = math.inf
# wordfreq frequencies below this are raised to it (as spacy_anon.generalize.utility does), so a word
# wordfreq has never seen gets a large but finite IC.
WORDFREQ_FLOOR = 1e-9


def information_content(p: float) -> float:
    """IC = -log2 p in bits; infinite for p = 0 (a term never seen tells everything, or cannot be measured)."""
    if p <= 0.0:
        return INFINITE
    return -math.log2(min(p, 1.0))


def ic_from_counts(df: int, n_docs: int) -> float:
    """IC of a term found in `df` of `n_docs` documents: -log2(df / N) (eq. 2); infinite when df = 0."""
    if n_docs <= 0 or df <= 0:
        return INFINITE
    return information_content(df / n_docs)


def wordfreq_ic(term: str, lang: str = "en", floor: float = WORDFREQ_FLOOR) -> float:
    """IC of a term from wordfreq's frequency. For a phrase wordfreq combines the word frequencies as
    1/p = sum of 1/p(word) (a little below the rarest word's), our stand-in for the hit count of the phrase."""
    from wordfreq import word_frequency

    term = " ".join(term.replace("_", " ").split())
    return information_content(max(float(word_frequency(term, lang)), floor))


def threshold(ics: Iterable[float]) -> Optional[float]:
    """tau = min IC over the sensitive set (eq. 3 / eq. 12): the least informative sensitive term bounds
    what any output may reveal. Infinite ICs (terms never seen) do not count; None when none is finite."""
    finite = [ic for ic in ics if ic != INFINITE]
    return min(finite) if finite else None


def most_informative_below(candidates: Sequence[Tuple[str, float]], tau: float) -> Optional[str]:
    """Eq. 4: among (ancestor, IC) pairs, the ancestor with the largest IC that is still below tau
    (the first in the given order on ties); None when no ancestor is below tau."""
    best: Optional[Tuple[str, float]] = None
    for name, ic in candidates:
        if ic < tau and (best is None or ic > best[1]):
            best = (name, ic)
    return best[0] if best else None


def most_specific_below(candidates: Sequence[Tuple[str, float]], tau: float) -> Optional[str]:
    """Eq. 4 on a hierarchy whose IC is not monotone: the first ancestor (specific to general) whose IC is
    below tau. With Web counts IC falls along a hypernym chain and this is the most informative one; with
    word frequencies it does not ("psychiatrist": specialist 15.7, doctor 13.6, ..., adult 14.0), and the
    largest IC below tau would skip "doctor" for the more general but rarer "adult"."""
    return next((name for name, ic in candidates if ic < tau), None)


def pmi(df_joint: int, df_a: int, df_b: int, n_docs: int) -> float:
    """PMI(a; b) = log2 (df(a, b) N) / (df(a) df(b)) from document counts (eq. 6 with a corpus);
    -inf when a and b never co-occur, 0 when a count is missing (no evidence either way)."""
    if df_a <= 0 or df_b <= 0 or n_docs <= 0:
        return 0.0
    if df_joint <= 0:
        return -INFINITE
    return math.log2(df_joint * n_docs / (df_a * df_b))


def disclosure_risk(pmi_t_q: float, ic_g: float, pmi_g_q: float) -> float:
    """Eq. 7: what q and the generalization g(t) left in the text reveal together about t:
    PMI(t; q) + IC(g(t)) - PMI(g(t); q) (the overlap PMI(g(t); q) is counted once).
    With t removed (no g(t)) pass ic_g = 0 and pmi_g_q = 0: DR = PMI(t; q) (eq. 5)."""
    if pmi_t_q == -INFINITE:
        return -INFINITE
    if pmi_g_q == -INFINITE:
        pmi_g_q = 0.0  # q never meets g(t): nothing to subtract
    return pmi_t_q + ic_g - pmi_g_q


def first_safe(candidates: Sequence[str], risk: Callable[[str], float], tau: float) -> Optional[str]:
    """Eq. 8: the first candidate h (most specific first) with risk(h) < tau, where risk(h) is the largest
    DR(t; h) over the sensitive terms t of the document. Along a taxonomic chain IC falls as h grows more
    general, so the first safe one is the most informative safe one. None when none is safe."""
    for h in candidates:
        if risk(h) < tau:
            return h
    return None
