"""`spacy-anon risk`: re-identification risk (TRIR) of an anonymized corpus, by attacking it with the
background knowledge (see docs/risk.md). Prints a summary; -o writes the JSON report."""
import json
import logging
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from spacy_anon.cli.command_options import FromArgs
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


@dataclass(frozen=True)
class RiskOptions(FromArgs):
    """The flags of `spacy-anon risk`."""

    background: str
    anonymized: str
    field: Optional[str] = None
    original: Optional[str] = None
    attacker: str = "tfidf"
    dev: Optional[str] = None
    bk_anonymizer: str = "default"
    remove_masks: bool = False
    model: Optional[str] = None
    max_epochs: int = 20
    max_windows_per_doc: Optional[int] = None
    max_seconds: Optional[float] = None
    output: Optional[str] = None
    quiet: bool = False


def run(args) -> int:
    """The sub-command's entry point: the flags are read here, once."""
    return risk(RiskOptions.from_args(args))


def risk(options: RiskOptions) -> int:
    """Attack the anonymized corpus with the background knowledge; RETURNS the exit status."""
    if not options.quiet:
        logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    try:
        background = load_background(options.background)
        anonymized = load_texts(options.anonymized, field=options.field)
        original = None
        if options.original:
            original = load_texts(options.original, field="text" if str(options.original).endswith(".jsonl") else None)
        elif options.field:
            original = load_texts(options.anonymized, field="original_abstract")
        dev, dev_anonymized = _dev(options.dev) if options.dev else (None, False)
        anonymizer = (None if options.bk_anonymizer == "none" else
                      "default" if options.bk_anonymizer == "default" else pipeline_anonymizer(options.bk_anonymizer))
        settings = {}
        if options.attacker == "transformer":
            settings = {"model": options.model, "max_epochs": options.max_epochs,
                        "max_windows_per_doc": options.max_windows_per_doc, "max_seconds": options.max_seconds}
        attack = ReidentificationAttack(background, attacker=options.attacker, anonymizer=anonymizer, dev=dev,
                                        dev_is_anonymized=dev_anonymized, remove_masks=options.remove_masks, **settings)
        report = attack.report(anonymized, original, {"background": str(options.background),
                                                      "anonymized": str(options.anonymized), "field": options.field})
    except (ValueError, ImportError, OSError, KeyError) as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 1
    clear = report["clear_text_trir"]
    print(f"TRIR {report['trir']:.3f} ({report['n_correct']}/{report['n_protected']})"
          + (f"  clear text {clear:.3f}" if clear is not None else "")
          + f"  max achievable {report['max_achievable']:.3f}  random guess {report['random_guess']:.4f}"
          + f"  [{report['attacker']['name']}, {report['runtime_s']['total']:.0f} s]")
    if options.output:
        Path(options.output).parent.mkdir(parents=True, exist_ok=True)
        Path(options.output).write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf8")
    return 0
