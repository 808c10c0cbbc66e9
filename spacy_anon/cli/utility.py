"""`spacy-anon utility`: information kept by an anonymized corpus (TPI; Hassan et al.'s utility), see
docs/risk.md. Prints a summary; -o writes the JSON report."""
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from spacy_anon.cli.command_options import FromArgs
from spacy_anon.risk.data import load_texts
from spacy_anon.risk.tpi import text_preserved_information

PROG = "spacy-anon utility"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "utility",
        help="information content kept by an anonymized corpus (TPI) against the originals",
        description=(
            "TPI = TIC(anonymized) / TIC(original): terms are words with chunks merged, IC = -log2 p, masks "
            "count 0, a generalization keeps its own IC capped by the original's. ORIG and ANON: {id: text}, "
            "JSONL ({id, text} / the output of `spacy-anon anonymize`), or re-identification records (--field)."
        ),
    )
    parser.add_argument("--original", metavar="ORIG", required=True)
    parser.add_argument("--anonymized", metavar="ANON", required=True)
    parser.add_argument("--field", default=None, help="field of ANON's records (their original_abstract is ORIG)")
    parser.add_argument("--ic", choices=("wordfreq", "corpus", "mlm"), default="wordfreq",
                        help="probability source (default wordfreq, offline)")
    parser.add_argument("--corpus", default=None, help="--ic corpus: texts to estimate unigram probabilities")
    parser.add_argument("--mlm-path", default=None, help="--ic mlm: a local masked-LM folder (Hugging Face format)")
    parser.add_argument("--strategy", choices=("s-ta", "n-ta"), default="s-ta", help="--ic mlm: masking rounds")
    parser.add_argument("--n", type=int, default=6, help="--ic mlm --strategy n-ta: mask every N-th term")
    parser.add_argument("-o", "--output", metavar="REPORT.json", default=None)
    parser.set_defaults(func=run)


def _texts(path, field=None):
    if str(path).endswith(".jsonl") and field is None:
        rows = [json.loads(line) for line in Path(path).read_text(encoding="utf8").splitlines() if line.strip()]
        key = "anonymized" if rows and "anonymized" in rows[0] else "text"
        return load_texts(rows, field=key)
    return load_texts(path, field=field)


@dataclass(frozen=True)
class UtilityOptions(FromArgs):
    """The flags of `spacy-anon utility`."""

    original: str
    anonymized: str
    field: Optional[str] = None
    ic: str = "wordfreq"
    corpus: Optional[str] = None
    mlm_path: Optional[str] = None
    strategy: str = "s-ta"
    n: int = 6
    output: Optional[str] = None


def run(args) -> int:
    """The sub-command's entry point: the flags are read here, once."""
    return utility(UtilityOptions.from_args(args))


def utility(options: UtilityOptions) -> int:
    """Measure the information the anonymized corpus keeps; RETURNS the exit status."""
    try:
        anonymized = _texts(options.anonymized, options.field)
        original = _texts(options.original, "original_abstract" if options.field else None)
        if str(options.original).endswith(".jsonl"):
            original = load_texts(options.original, field="text")
        settings = {}
        if options.ic == "corpus":
            settings["corpus"] = list(_texts(options.corpus).values()) if options.corpus else None
        if options.ic == "mlm":
            settings.update(mlm_path=options.mlm_path, strategy=options.strategy, n=options.n)
        report = text_preserved_information(original, anonymized, ic=options.ic, **settings)
    except (ValueError, ImportError, OSError, KeyError) as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 1
    report = {"original": str(options.original), "anonymized": str(options.anonymized), **report}
    print(f"TPI {report['tpi']:.3f} (std {report['tpi_std']:.3f}; suppression only {report['tpi_suppression']:.3f})"
          f"  utility {report['utility_percent']:.1f}%  IC multiplier "
          + (f"{report['ic_multiplier']:.2f}" if report["ic_multiplier"] is not None else "n/a")
          + f"  [{report['ic']}, {report['n_documents']} documents, {report['runtime_s']:.0f} s]")
    if options.output:
        Path(options.output).parent.mkdir(parents=True, exist_ok=True)
        Path(options.output).write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf8")
    return 0
