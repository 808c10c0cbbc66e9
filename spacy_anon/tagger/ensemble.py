"""Span voting between the CRF (ReCRF) and the neural tagger (E2EJ): pure functions.

Two taggers err differently: the CRF is precise on formatted identifiers, the neural tagger generalises
over wording. A policy per label says how the two lists of (start, end, label) spans combine:

- "crf": the CRF's spans of this label only (the neural ones are ignored);
- "add": the CRF's spans, plus the neural spans of this label that overlap no CRF span;
- "neural": as "add", and a neural span of this label also replaces the CRF spans it overlaps;
- "agree": the CRF's spans of this label are kept only where a neural span overlaps them.

"add" and "neural" read the neural span's label, "agree" the CRF span's. `choose_policies` picks one
policy per label greedily on held-out documents; `fold_min_gain` sets how much a choice must raise
the score there, by folds of those documents.
"""
import random
from typing import Callable, Dict, Iterable, List, Mapping, Sequence, Tuple

from spacy_anon.errors import Errors

Triple = Tuple[int, int, str]
POLICIES = ("crf", "add", "neural", "agree")


def check_policies(policies: Mapping[str, str], default: str) -> None:
    """Refuse an unknown policy name (setting policies / default_policy)."""
    for label, policy in list(policies.items()) + [("default_policy", default)]:
        if policy not in POLICIES:
            raise ValueError(Errors.E784.format(label=label, value=policy, valid=list(POLICIES)))


def overlaps(a: Triple, b: Triple) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def vote_spans(crf: Sequence[Triple], neural: Sequence[Triple], policies: Mapping[str, str],
               default: str = "crf") -> List[Triple]:
    """The voted spans, sorted, without overlaps when neither input list has any (see the module doc)."""
    check_policies(policies, default)
    policy = lambda label: policies.get(label, default)  # noqa: E731
    keep = [True] * len(crf)
    added: List[Triple] = []
    for span in neural:
        rule = policy(span[2])
        if rule not in ("add", "neural"):
            continue
        hit = [i for i, c in enumerate(crf) if overlaps(c, span)]
        if not hit:
            added.append(span)
        elif rule == "neural":
            for i in hit:
                keep[i] = False
            added.append(span)
    for i, c in enumerate(crf):
        if keep[i] and policy(c[2]) == "agree" and not any(overlaps(c, n) for n in neural):
            keep[i] = False
    kept = [c for i, c in enumerate(crf) if keep[i]]
    return sorted(set(kept + added), key=lambda t: (t[0], t[1], t[2]))


Preds = Dict[str, List[Triple]]


def vote_all(crf: Preds, neural: Preds, policies: Mapping[str, str], default: str = "crf") -> Preds:
    """`vote_spans` for every document id of `crf` (a missing neural document has no spans)."""
    return {doc_id: vote_spans(spans, neural.get(doc_id, []), policies, default) for doc_id, spans in crf.items()}


def choose_policies(crf: Preds, neural: Preds, score: Callable[[Preds], float],
                    labels: Iterable[str], min_gain: float = 0.0) -> Tuple[Dict[str, str], float]:
    """Greedy per-label choice: for each label in turn, the policy that most raises `score(voted)` given
    the choices so far (ties keep the earlier policy, and "crf" unless the rise exceeds `min_gain`, a
    guard against choices that fit a few documents). RETURNS (policies, score of the chosen vote)."""
    chosen: Dict[str, str] = {}
    best = score(vote_all(crf, neural, chosen))
    for label in sorted(set(labels)):
        top, pick = best, None
        for policy in POLICIES[1:]:
            value = score(vote_all(crf, neural, dict(chosen, **{label: policy})))
            if value > top + 1e-12:
                top, pick = value, policy
        if pick is not None and top > best + min_gain + 1e-12:
            best, chosen = top, dict(chosen, **{label: pick})
    return chosen, best


def restrict(preds: Preds, doc_ids: Iterable[str]) -> Preds:
    """The predictions of `doc_ids` only (a missing document has no spans)."""
    return {doc_id: list(preds.get(doc_id, [])) for doc_id in doc_ids}


def fold_min_gain(crf: Preds, neural: Preds, score_on: Callable[[List[str]], Callable[[Preds], float]],
                  labels: Iterable[str], gains: Sequence[float],
                  parts: Sequence[Sequence[str]]) -> Tuple[float, Dict[float, float]]:
    """The `min_gain` of `gains` whose policies, chosen on all `parts` (document ids) but one, score best on
    the one left out (mean over the parts; a tie goes to the larger gain, the fewer choices).
    `score_on(doc_ids)` is the score over those documents. RETURNS (gain, {gain: mean held-out score})."""
    labels = sorted(set(labels))
    means: Dict[float, float] = {}
    for gain in sorted(set(gains)):
        held_scores = []
        for k, held in enumerate(parts):
            rest = [i for j, part in enumerate(parts) if j != k for i in part]
            policies, _ = choose_policies(restrict(crf, rest), restrict(neural, rest), score_on(rest), labels, gain)
            held_scores.append(score_on(list(held))(vote_all(restrict(crf, held), restrict(neural, held), policies)))
        means[gain] = sum(held_scores) / len(held_scores)
    best = max(sorted(means, reverse=True), key=lambda g: means[g])
    return best, means


def split_parts(doc_ids: Iterable[str], folds: int, seed: int = 0) -> List[List[str]]:
    """`folds` parts of the shuffled document ids, as even as they go (an empty part when fewer ids)."""
    ids = sorted(doc_ids)
    random.Random(seed).shuffle(ids)
    return [ids[k::folds] for k in range(folds)]
