"""`spacy-anon risk`: re-identification risk (TRIR) of an anonymized corpus, by attacking it with the
background knowledge (see docs/risk.md). Prints a summary; -o writes the JSON report."""
import json
import logging
import sys
from pathlib import Path

from spacy_anon.risk.data import load_background, load_texts
from spacy_anon.risk.trir import ReidentificationAttack, pipeline_anonymizer

PROG = "spacy-anon risk"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "risk",
        help="re-identification attack (TRIR) on an anonymized corpus with background knowledge",
        description=(
            "Train an attacker (one class per individual of BK) on BK plus BK anonymized by --bk-anonymizer, "
            "and report the share of ANON documents it links to their individual (TRIR), with the clear-text "
            "TRIR (--original), the maximum achievable and the random-guess rate. BK: {name: text} or "
            "re-identification records. ANON: the JSONL of `spacy-anon anonymize`, {id: text}, or records "
            "with --field; ids name the true individuals (used only for scoring)."
        ),
    )
    parser.add_argument("--background", metavar="BK", required=True, help="background knowledge")
    parser.add_argument("--anonymized", metavar="ANON", required=True, help="anonymized documents")
    parser.add_argument("--field", default=None,
                        help="field of ANON's records to attack (e.g. manual_abstract); its original_abstract "
                             "then gives the clear-text TRIR")
    parser.add_argument("--original", metavar="ORIG", default=None,
                        help="original texts {id: text} or JSONL {id, text}: adds the clear-text TRIR")
    parser.add_argument("--attacker", choices=("tfidf", "transformer"), default="tfidf")
    parser.add_argument("--dev", metavar="DEV", default=None,
                        help="development documents {name: text} (anonymized like BK) for model selection and "
                             "early stopping; records: their dev_abstract field (already anonymized)")
    parser.add_argument("--bk-anonymizer", default="default",
                        help="anonymizer of BK': default (the shipped NER pipeline), none, or a spacy-anon "
                             "pipeline name or path")
    parser.add_argument("--remove-masks", action="store_true", help="drop fixed mask tokens before the attack")
    parser.add_argument("--model", default=None, help="transformer: a local Hugging Face model folder (default MiniLM)")
    parser.add_argument("--max-epochs", type=int, default=20, help="transformer: most fine-tuning epochs")
    parser.add_argument("--max-windows-per-doc", type=int, default=None,
                        help="transformer: training windows drawn per background document and epoch (bounds a "
                             "CPU epoch; default all)")
    parser.add_argument("--max-seconds", type=float, default=None, help="transformer: training time budget")
    parser.add_argument("-o", "--output", metavar="REPORT.json", default=None)
    parser.add_argument("--quiet", action="store_true")
    parser.set_defaults(func=run)


def _dev(path):
    data = json.loads(Path(path).read_text(encoding="utf8"))
    if isinstance(data, list) and data and isinstance(data[0], dict) and "dev_abstract" in data[0]:
        return load_texts(data, field="dev_abstract"), True
    return load_texts(data), False


def run(args) -> int:
    if not args.quiet:
        logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    try:
        background = load_background(args.background)
        anonymized = load_texts(args.anonymized, field=args.field)
        original = None
        if args.original:
            original = load_texts(args.original, field="text" if str(args.original).endswith(".jsonl") else None)
        elif args.field:
            original = load_texts(args.anonymized, field="original_abstract")
        dev, dev_anonymized = _dev(args.dev) if args.dev else (None, False)
        anonymizer = (None if args.bk_anonymizer == "none" else
                      "default" if args.bk_anonymizer == "default" else pipeline_anonymizer(args.bk_anonymizer))
        settings = {}
        if args.attacker == "transformer":
            settings = {"model": args.model, "max_epochs": args.max_epochs,
                        "max_windows_per_doc": args.max_windows_per_doc, "max_seconds": args.max_seconds}
        attack = ReidentificationAttack(background, attacker=args.attacker, anonymizer=anonymizer, dev=dev,
                                        dev_is_anonymized=dev_anonymized, remove_masks=args.remove_masks, **settings)
        report = attack.report(anonymized, original, {"background": str(args.background),
                                                      "anonymized": str(args.anonymized), "field": args.field})
    except (ValueError, ImportError, OSError, KeyError) as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 1
    clear = report["clear_text_trir"]
    print(f"TRIR {report['trir']:.3f} ({report['n_correct']}/{report['n_protected']})"
          + (f"  clear text {clear:.3f}" if clear is not None else "")
          + f"  max achievable {report['max_achievable']:.3f}  random guess {report['random_guess']:.4f}"
          + f"  [{report['attacker']['name']}, {report['runtime_s']['total']:.0f} s]")
    if args.output:
        Path(args.output).parent.mkdir(parents=True, exist_ok=True)
        Path(args.output).write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf8")
    return 0
