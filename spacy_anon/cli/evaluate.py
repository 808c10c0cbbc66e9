"""`spacy-anon evaluate GOLD SYSTEM`: TAB, span, term-level (Hassan et al., word embeddings) and MEDDOCAN
metrics of a system's masks against an annotated corpus."""
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from spacy_anon.cli.command_options import FromArgs
from spacy_anon.cli.convert import FORMATS
from spacy_anon.corpora import CorpusFormatError, guess_format, iter_records
from spacy_anon.evaluate.io import load_system
from spacy_anon.evaluate.report import evaluate_records, format_table
from spacy_anon.evaluate.scorers import make_function_words, make_weighting


def register(subparsers) -> None:
    ev = subparsers.add_parser(
        "evaluate",
        help="score a system's masks against an annotated corpus (TAB, span, term, MEDDOCAN metrics)",
        description=(
            "GOLD is an annotated corpus (TAB JSON, span JSONL, brat folder, Presidio synthetic JSON, IOB, "
            "HAREM, or a .spacy file written by `spacy-anon convert`). SYSTEM is a masks file "
            "{doc_id: [[start, end, label], ...]} (as in ../shared/data/*/baselines) or the JSONL output of "
            "`spacy-anon anonymize`. Prints a table; -o writes the JSON report (TAB keys as in TAB's "
            "evaluation.py, plus span P/R/F1/F2, seed-003 term metrics, B3, and MEDDOCAN for brat gold)."
        ),
    )
    ev.add_argument("gold", metavar="GOLD")
    ev.add_argument("system", metavar="SYSTEM")
    ev.add_argument("--format", choices=FORMATS + ("spacy",), default=None, help="gold format (default: guessed)")
    ev.add_argument("--annotator", default=None, help="annotator layer for span/term/MEDDOCAN scores (default: first)")
    ev.add_argument(
        "--function-words", default=None,
        help="function-word source of TAB's mention-masked test: list (fixed English list; default for English "
             "corpora), auto (a tagger pipeline if installed), a spaCy pipeline name, or none (default for "
             "MEDDOCAN and HAREM)",
    )
    ev.add_argument("--weighting", default=None,
                    help="weights of weighted precision: wordfreq[:lang] (default; es for MEDDOCAN, pt for HAREM), "
                         "bert:PATH, none")
    ev.add_argument("--iou", type=float, default=0.5, help="IoU threshold of the overlap span match (default 0.5)")
    ev.add_argument("--meddocan", action="store_true", help="also MEDDOCAN sub-track scores (default for brat gold)")
    ev.add_argument("--background", metavar="BK", default=None,
                    help="background knowledge ({name: text} JSON or WikiActors re-identification records): adds "
                         "the re-identification risk (TRIR, TF-IDF attack) and information kept (TPI); gold "
                         "document ids must be the individuals' names")
    ev.add_argument("-o", "--output", metavar="REPORT.json", default=None)
    ev.set_defaults(func=run_evaluate)


@dataclass(frozen=True)
class EvaluateOptions(FromArgs):
    """The flags of `spacy-anon evaluate`."""

    gold: str
    system: str
    format: Optional[str] = None
    annotator: Optional[str] = None
    function_words: Optional[str] = None
    weighting: Optional[str] = None
    iou: float = 0.5
    meddocan: bool = False
    background: Optional[str] = None
    output: Optional[str] = None


def run_evaluate(args) -> int:
    """The sub-command's entry point: the flags are read here, once."""
    return evaluate(EvaluateOptions.from_args(args))


def evaluate(options: EvaluateOptions) -> int:
    """Score the system's masks against the gold corpus; RETURNS the exit status."""
    fmt = options.format or guess_format(options.gold)
    lang = {"brat": "es", "meddocan": "es", "harem": "pt"}.get(fmt, "en")
    function_words = options.function_words
    if function_words is None:
        function_words = "list" if lang == "en" else "none"
    weighting = options.weighting
    if weighting is None:
        weighting = "wordfreq" if lang == "en" else f"wordfreq:{lang}"
    try:
        records = list(iter_records(options.gold, fmt))
        system = load_system(options.system)
        report = evaluate_records(
            records, system,
            function_words=make_function_words(function_words),
            weighting=make_weighting(weighting),
            annotator=options.annotator,
            meddocan=options.meddocan or fmt in ("brat", "meddocan"),
            corpus={"brat": "meddocan"}.get(fmt, fmt),
            iou_threshold=options.iou,
        )
    except (CorpusFormatError, ValueError, KeyError, OSError) as err:
        print(f"spacy-anon evaluate: error: {err}", file=sys.stderr)
        return 1
    report = {"gold": str(options.gold), "gold_format": fmt, "system": str(options.system),
              "function_words": function_words, "weighting": weighting, **report}
    if options.background:
        from spacy_anon.risk import privacy_utility_from_spans  # lazy: scikit-learn only with --background

        report["privacy_utility"] = privacy_utility_from_spans(
            {r.doc_id: r.text for r in records}, system, options.background)
    print(format_table(report))
    if options.output:
        Path(options.output).parent.mkdir(parents=True, exist_ok=True)
        Path(options.output).write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf8")
    return 0
