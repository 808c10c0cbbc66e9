"""Span voting between the CRF (ReCRF) and the neural tagger (E2EJ): pure functions.

Two taggers err differently: the CRF is precise on formatted identifiers, the neural tagger generalises
over wording. A policy per label says how the two lists of (start, end, label) spans combine:

- "crf": the CRF's spans of this label only (the neural ones are ignored);
- "add": the CRF's spans, plus the neural spans of this label that overlap no CRF span;
- "neural": as "add", and a neural span of this label also replaces the CRF spans it overlaps;
- "agree": the CRF's spans of this label are kept only where a neural span overlaps them.

"add" and "neural" read the neural span's label, "agree" the CRF span's. `choose_policies` picks one
policy per label greedily on held-out documents.
"""
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
                    labels: Iterable[str]) -> Tuple[Dict[str, str], float]:
    """Greedy per-label choice: for each label in turn, the policy that most raises `score(voted)` given
    the choices so far (ties keep "crf"). RETURNS (policies, score of the chosen vote)."""
    chosen: Dict[str, str] = {}
    best = score(vote_all(crf, neural, chosen))
    for label in sorted(set(labels)):
        for policy in POLICIES[1:]:
            trial = dict(chosen, **{label: policy})
            value = score(vote_all(crf, neural, trial))
            if value > best + 1e-12:
                best, chosen = value, trial
    return chosen, best
