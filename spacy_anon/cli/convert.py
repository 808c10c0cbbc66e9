"""`spacy-anon convert FORMAT INPUT OUTPUT`: an annotated corpus -> a .spacy DocBin with its gold spans in
`doc.spans["anon_gold"]` (and `doc.ents`), for `spacy evaluate`, `spacy train` and the project's taggers.

One converter for both uses: `--tokenizer spacy` (default) tokenizes as the language's spaCy tokenizer
does, for evaluating pipelines; `--tokenizer fine` uses the taggers' character-class tokenizer
(`spacy_anon.char_class_tokenizer.v1`), on which gold offsets fall on token boundaries, for training them.
"""
import sys
import time
from dataclasses import dataclass
from typing import Optional

import spacy

from spacy_anon.cli.command_options import FromArgs
from spacy_anon.corpora import READERS, CorpusFormatError, write_docbin
from spacy_anon.labels import LABEL_MAPS
from spacy_anon.tagger.data import map_gold_labels, tagger_nlp

FORMATS = ("tab", "wikiactors", "jsonl", "deid", "brat", "meddocan", "presidio", "iob", "wikiann", "wnut17", "harem", "everyday")
DEFAULT_LANGS = {"harem": "pt", "meddocan": "es", "brat": "es"}


def register(subparsers) -> None:
    cv = subparsers.add_parser(
        "convert",
        help="convert an annotated corpus to a .spacy DocBin with gold spans in doc.spans['anon_gold']",
        description="FORMAT: " + ", ".join(FORMATS) + ". INPUT: file or brat folder. OUTPUT: .spacy file. "
                    + __doc__.split("\n\n")[1].replace("\n", " "),
    )
    cv.add_argument("format", choices=FORMATS, metavar="FORMAT")
    cv.add_argument("input", metavar="INPUT")
    cv.add_argument("output", metavar="OUTPUT")
    cv.add_argument("--lang", default=None, help="spaCy language (default: en; pt for harem; es for brat/meddocan)")
    cv.add_argument("--tokenizer", choices=("spacy", "fine"), default="spacy",
                    help="spacy: the language's tokenizer (evaluation); fine: the taggers' tokenizer (training)")
    cv.add_argument("--categories", action="store_true",
                    help="relabel gold spans with spacy-anon's categories (spacy_anon.labels.LABEL_MAPS)")
    cv.add_argument("--annotator", default=None, help="TAB JSON: annotator copied into anon_gold (default: first)")
    cv.add_argument("--lenient", action="store_true",
                    help="skip spans that do not match the text (with a warning) instead of failing")
    cv.add_argument("--sentences-per-doc", type=int, default=1, help="IOB: sentences per Doc (default 1)")
    cv.set_defaults(func=run_convert)


@dataclass(frozen=True)
class ConvertOptions(FromArgs):
    """The flags of `spacy-anon convert`."""

    format: str
    input: str
    output: str
    lang: Optional[str] = None
    tokenizer: str = "spacy"
    categories: bool = False
    annotator: Optional[str] = None
    lenient: bool = False
    sentences_per_doc: int = 1


def run_convert(args) -> int:
    """The sub-command's entry point: the flags are read here, once."""
    return convert(ConvertOptions.from_args(args))


def convert(options: ConvertOptions) -> int:
    """Write the corpus the options name as a DocBin; RETURNS the exit status."""
    lang = options.lang or DEFAULT_LANGS.get(options.format, "en")
    nlp = tagger_nlp(lang) if options.tokenizer == "fine" else spacy.blank(lang)
    warnings = []
    kwargs = {"strict": not options.lenient, "warnings": warnings}
    if options.format in ("tab", "wikiactors"):
        kwargs["annotator"] = options.annotator
    if options.format in ("iob", "wikiann", "wnut17"):
        kwargs["sentences_per_doc"] = options.sentences_per_doc
    start = time.time()
    try:
        docs = READERS[options.format](options.input, nlp, **kwargs)
        if options.categories:
            label_map = LABEL_MAPS.get(options.format, {})
            docs = (map_gold_labels(d, label_map) for d in docs)
        n = write_docbin(docs, options.output)
    except CorpusFormatError as err:
        print(f"spacy-anon convert: error: {err}", file=sys.stderr)
        return 1
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    print(f"wrote {n} docs to {options.output} ({len(warnings)} spans skipped, {time.time() - start:.1f}s)",
          file=sys.stderr)
    return 0
