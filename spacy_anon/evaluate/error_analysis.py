"""What limits a tagger, from its cross-validated held-out predictions (no training here).

The predictions are those `spacy_anon.evaluate.crossval.write_predictions` writes: DIR/pred.json for the
config's own setting, DIR/pred.SETTING.json for each swept one (`load_predictions` reads them). Every
analysis takes gold records and predictions {doc_id: [[start, end, label]]} and returns scores
[token recall, token precision] (TAB metrics) before and after a change to the predictions:

- `errors`: false and missed tokens by kind and label;
- `per_label`: a threshold per label, chosen greedily in-sample and nested (on the other folds);
- `nested_setting`: one setting for all labels, chosen on the other folds (what choosing it by CV costs);
- `string_prior`: drop strings the training folds annotate in under a rate of their occurrences;
- `lowercase_propagation`, `drop_strings`, `allow_list`, `trim_trailing`, `case_split`: post-processings;
- `rule_precision`, `rule_union`, `implausible_dates`: what the rules and the clinical date filter do.
"""
import json
import re
from collections import Counter
from pathlib import Path
from typing import Dict, List, Sequence

from spacy_anon.corpora import record_from_doc
from spacy_anon.evaluate.crossval import split_folds
from spacy_anon.evaluate.tab import tab_metrics
from spacy_anon.mask.allow_list import allowed_regions, compile_occurrence_patterns, inside_any
from spacy_anon.rules import find_matches, get_recognizers, make_options
from spacy_anon.tagger.clinical_postprocess import implausible_date

TAB_LABELS = ("CODE", "DATETIME", "DEM", "LOC", "MISC", "ORG", "PERSON", "QUANTITY")
ARTICLE = re.compile(r"^(the|a|an)\s+", re.I)
TRAILING_FUNCTION_WORDS = frozenset("the a an and or of at to in for by on from with v after".split())


def load_gold(path: str, n_folds: int = 5):
    """(records, folds) of a `.spacy` gold file, with the cross-validation's folds by document."""
    import spacy
    from spacy.tokens import DocBin

    docs = list(DocBin().from_disk(path).get_docs(spacy.blank("en").vocab))
    records = [record_from_doc(d) for d in docs]
    return records, split_folds(docs, "doc", n_folds)


def load_predictions(directory: Path, base: str, settings: Sequence[str]) -> Dict[str, Dict]:
    """{setting: predictions} of the named settings: DIR/pred.json for `base` (the config's own
    setting), DIR/pred.SETTING.json for the others."""
    directory = Path(directory)
    return {t: json.loads((directory / ("pred.json" if t == base else f"pred.{t}.json")).read_text())
            for t in settings}


def load_settings(directory: Path, base: str, others: List[str]) -> Dict[str, Dict]:
    """{setting: predictions} of `base` (pred.json) and the `others` (pred.SETTING.json)."""
    by_setting = {base: json.loads((Path(directory) / "pred.json").read_text())}
    for t in others:
        by_setting[t] = json.loads((Path(directory) / f"pred.{t}.json").read_text())
    return by_setting


def scores(records, preds) -> List[float]:
    """[token recall, token precision] (TAB metrics), rounded to 4 places."""
    m = tab_metrics(records, preds)
    return [round(m["token_recall"], 4), round(m["token_precision"], 4)]


def errors(records, preds) -> Dict:
    """Wrong tokens: predicted outside gold ("spurious": the span touches no gold span, else "boundary"),
    gold not predicted ("missed": no prediction touches the gold span, else "partial"), by label."""
    false, missed = Counter(), Counter()
    for r in records:
        gold = [(g.start, g.end, g.label) for g in r.spans]
        pred = preds.get(r.doc_id, [])
        in_gold = {i for s, e, _ in gold for i in range(s, e)}
        in_pred = {i for s, e, _ in pred for i in range(s, e)}
        for spans, covered, other, kinds, out in ((pred, in_gold, gold, ("boundary", "spurious"), false),
                                                  (gold, in_pred, pred, ("partial", "missed"), missed)):
            for s, e, label in spans:
                touches = any(os < e and s < oe for os, oe, _ in other)
                for tok in re.finditer(r"\w+", r.text[s:e]):
                    if not all(i in covered for i in range(s + tok.start(), s + tok.end())):
                        out[f"{kinds[0] if touches else kinds[1]} {label}"] += 1
    return {"false_tokens": dict(false.most_common()), "missed_tokens": dict(missed.most_common())}


def combine(records, by_threshold, choice, indices):
    """Predictions of the records at `indices`, each label's spans from its chosen threshold's run."""
    return {records[i].doc_id: [s for label, t in choice.items()
                                for s in by_threshold[t].get(records[i].doc_id, []) if s[2] == label]
            for i in indices}


def greedy_thresholds(records, by_threshold, indices, min_precision=0.80):
    """Start every label at the highest threshold; lower one label a step at a time, taking the step with
    the most recall per precision lost, while precision stays >= min_precision."""
    order = sorted(by_threshold, key=float, reverse=True)
    choice = {label: order[0] for label in TAB_LABELS}
    subset = [records[i] for i in indices]
    recall, precision = scores(subset, combine(records, by_threshold, choice, indices))
    while True:
        best = None
        for label in TAB_LABELS:
            k = order.index(choice[label])
            if k + 1 == len(order):
                continue
            trial = dict(choice, **{label: order[k + 1]})
            r, p = scores(subset, combine(records, by_threshold, trial, indices))
            if p >= min_precision and r > recall:
                gain = (r - recall) / max(1e-6, precision - p)
                if best is None or gain > best[0]:
                    best = (gain, trial, r, p)
        if best is None:
            return choice, recall, precision
        _, choice, recall, precision = best


def per_label(records, folds, by_threshold: Dict[str, Dict]) -> Dict:
    """A threshold per label (spans of label L from the predictions at T_L), chosen greedily for recall at
    precision >= 0.80, in-sample and nested (chosen on the other folds, scored on the held-out one)."""
    everything = [i for fold in folds for i in fold]
    result = {"global": {t: scores(records, p) for t, p in by_threshold.items()}}
    choice, r, p = greedy_thresholds(records, by_threshold, everything)
    result["in_sample"] = {"thresholds": choice, "recall_precision": [r, p]}
    nested = {}
    for k, fold in enumerate(folds):
        train = [i for j, f in enumerate(folds) if j != k for i in f]
        chosen, _, _ = greedy_thresholds(records, by_threshold, train)
        nested.update(combine(records, by_threshold, chosen, fold))
    result["nested"] = scores(records, nested)
    return result


def nested_setting(records, folds, by_setting: Dict[str, Dict], min_precision=0.80) -> Dict:
    """One setting for every label, chosen without the fold it is scored on: for each fold, the setting
    with the highest recall at precision >= min_precision on the other folds; then the pooled scores of
    the held-out predictions (what choosing the setting by CV costs)."""
    nested, chosen = {}, []
    for k, fold in enumerate(folds):
        train = [records[i] for j, f in enumerate(folds) if j != k for i in f]
        scored = [(*scores(train, {rec.doc_id: preds.get(rec.doc_id, []) for rec in train}), name)
                  for name, preds in by_setting.items()]
        ok = [row for row in scored if row[1] >= min_precision]
        # none reaches the bound: the most precise setting
        name = max(ok)[2] if ok else max(scored, key=lambda row: row[1])[2]
        chosen.append(name)
        nested.update({records[i].doc_id: by_setting[name].get(records[i].doc_id, []) for i in fold})
    return {"global": {t: scores(records, p) for t, p in by_setting.items()}, "chosen_per_fold": chosen,
            "nested": scores(records, nested)}


def _norm(text: str) -> str:
    return ARTICLE.sub("", " ".join(text.split())).lower()


def string_prior(records, folds, preds, rates=(0.1, 0.2, 0.3), min_occurrences=10) -> Dict:
    """Drop a predicted string (article and case ignored; no digits) that is annotated in under `rate`
    of its occurrences in the other folds' documents (seen >= min_occurrences times there)."""
    fold_of = {records[i].doc_id: k for k, fold in enumerate(folds) for i in fold}
    stats = []
    for k in range(len(folds)):
        train = [records[i] for j, fold in enumerate(folds) if j != k for i in fold]
        annotated = Counter(_norm(r.text[g.start:g.end]) for r in train for g in r.spans)
        text = "\n".join(" ".join(r.text.split()).lower() for r in train)
        seen = {s: len(re.findall(r"(?<!\w)" + re.escape(s) + r"(?!\w)", text)) for s in annotated if s}
        stats.append((annotated, seen))
    result = {"base": scores(records, preds)}
    for rate in rates:
        kept, dropped = {}, Counter()
        for doc_id, spans in preds.items():
            annotated, seen = stats[fold_of[doc_id]]
            text = next(r.text for r in records if r.doc_id == doc_id)
            keep = []
            for s in spans:
                key = _norm(text[s[0]:s[1]])
                n = seen.get(key, 0)
                if n >= min_occurrences and annotated[key] / n < rate and not any(c.isdigit() for c in key):
                    dropped[key] += 1
                else:
                    keep.append(s)
            kept[doc_id] = keep
        result[f"rate<{rate}"] = {"recall_precision": scores(records, kept), "dropped": dict(dropped.most_common(5))}
    return result


def lowercase_propagation(records, preds) -> Dict:
    """Tag every other exact occurrence of a lowercase string (4+ characters) the tagger found once."""
    from spacy.lang.en.stop_words import STOP_WORDS

    out = {}
    for r in records:
        spans = [tuple(s) for s in preds.get(r.doc_id, [])]
        taken = {i for s, e, _ in spans for i in range(s, e)}
        found = {r.text[s:e]: label for s, e, label in spans
                 if not any(c.isupper() or c.isdigit() for c in r.text[s:e]) and len(r.text[s:e]) >= 4
                 and not all(w.lower() in STOP_WORDS for w in r.text[s:e].split())}
        for text, label in sorted(found.items(), key=lambda x: -len(x[0])):
            for m in re.finditer(r"(?<!\w)" + re.escape(text) + r"(?!\w)", r.text):
                if not taken.intersection(range(m.start(), m.end())):
                    spans.append((m.start(), m.end(), label))
                    taken.update(range(m.start(), m.end()))
        out[r.doc_id] = spans
    return {"base": scores(records, preds), "propagated": scores(records, out)}


def drop_strings(records, preds, pattern: str) -> Dict:
    """Drop predicted spans whose whole text matches `pattern` (e.g. "(?:[Tt]he )?Government")."""
    regex = re.compile(pattern)
    text = {r.doc_id: r.text for r in records}
    kept = {d: [s for s in spans if not regex.fullmatch(text[d][s[0]:s[1]])] for d, spans in preds.items()}
    return {"base": scores(records, preds), "dropped": scores(records, kept)}


def allow_list(records, preds, terms: List[str]) -> Dict:
    """What `anon_mask`'s allow_list would do: drop predictions lying inside an occurrence of a term."""
    patterns = compile_occurrence_patterns(terms)
    text = {r.doc_id: r.text for r in records}
    regions = {d: allowed_regions(t, patterns) for d, t in text.items()}
    kept = {d: [s for s in spans if not inside_any(s[0], s[1], regions.get(d, []))] for d, spans in preds.items()}
    return {"base": scores(records, preds), "allowed": scores(records, kept)}


def trim_trailing(records, preds, words=TRAILING_FUNCTION_WORDS) -> Dict:
    """Cut function words (and the punctuation before them) off the end of every prediction."""
    text = {r.doc_id: r.text for r in records}

    def trim(t, start, end):
        while True:
            last = re.search(r"(\w+)\W*$", t[start:end])
            if not last or last.start() == 0 or last.group(1).lower() not in words:
                return start, end
            end = start + last.start()
            while end > start and not t[end - 1].isalnum():
                end -= 1

    out = {}
    for d, spans in preds.items():
        out[d] = []
        for s in spans:
            start, end = trim(text[d], s[0], s[1])
            if end > start:
                out[d].append([start, end, *s[2:]])
    return {"base": scores(records, preds), "trimmed": scores(records, out)}


def rule_union(records, preds, recognizers: List[str]) -> Dict:
    """The predictions plus every match of `recognizers`; matches counted, and those touching gold."""
    recs, options = get_recognizers(recognizers), make_options()
    out = {d: list(spans) for d, spans in preds.items()}
    matches = on_gold = 0
    for r in records:
        for m in find_matches(r.text, recs, options):
            out.setdefault(r.doc_id, []).append([m.start, m.end, m.label])
            matches += 1
            on_gold += any(g.start < m.end and m.start < g.end for g in r.spans)
    return {"base": scores(records, preds), "with_rules": scores(records, out), "matches": matches,
            "matches_on_gold": on_gold}


def implausible_dates(records, preds) -> Dict:
    """DATETIME predictions inside number groups that cannot be dates dropped, with the reasons."""
    text = {r.doc_id: r.text for r in records}
    reasons: Counter = Counter()
    kept = {}
    for d, spans in preds.items():
        kept[d] = []
        for s in spans:
            why = implausible_date(text[d], s[0], s[1]) if s[2] == "DATETIME" and d in text else None
            if why:
                reasons[why] += 1
            else:
                kept[d].append(s)
    return {"base": scores(records, preds), "dropped": scores(records, kept), "reasons": dict(reasons)}


def case_split(records, by_threshold: Dict[str, Dict], high: List[str], low: List[str]) -> Dict:
    """One threshold for capitalised spans, another for lowercase ones: the predictions at each HIGH
    threshold plus the spans found at each LOW one that hold (or lack) a capital or a digit.
    `by_threshold` holds the predictions of every HIGH and LOW threshold (`load_predictions`)."""
    text = {r.doc_id: r.text for r in records}

    def cased(doc_id, s):
        return any(c.isupper() or c.isdigit() for c in text[doc_id][s[0]:s[1]])

    result = {t: scores(records, by_threshold[t]) for t in sorted(set(high) | set(low), key=float)}
    for hi in high:
        kept = by_threshold[hi]
        for lo in low:
            extra = by_threshold[lo]
            for mode in ("cased", "lowercase"):
                combined = {d: list(kept.get(d, [])) + [s for s in extra.get(d, []) if cased(d, s) == (mode == "cased")]
                            for d in text}
                result[f"{hi} + {mode} spans of {lo}"] = scores(records, combined)
    return result


def rule_precision(records) -> Dict:
    """{recognizer: [tokens inside gold, tokens outside gold, precision]} of `anon_rules` alone."""
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules")
    inside, outside = Counter(), Counter()
    for r in records:
        gold = {i for g in r.spans for i in range(g.start, g.end)}
        doc = nlp(r.text)
        for span in doc.spans["anon"]:
            for tok in re.finditer(r"\w+", span.text):
                a, b = span.start_char + tok.start(), span.start_char + tok.end()
                (inside if all(i in gold for i in range(a, b)) else outside)[span._.anon_source] += 1
    return {src: [inside[src], outside[src], round(inside[src] / (inside[src] + outside[src]), 3)]
            for src in sorted(set(inside) | set(outside))}
