"""`spacy-anon convert FORMAT INPUT OUTPUT`: an annotated corpus -> a .spacy DocBin with its gold spans in
`doc.spans["anon_gold"]` (and `doc.ents`), for `spacy evaluate`, `spacy train` and the project's taggers.

One converter for both uses: `--tokenizer spacy` (default) tokenizes as the language's spaCy tokenizer
does, for evaluating pipelines; `--tokenizer fine` uses the taggers' character-class tokenizer
(`spacy_anon.char_class_tokenizer.v1`), on which gold offsets fall on token boundaries, for training them.
"""
import sys
import time

import spacy

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


def run_convert(args) -> int:
    lang = args.lang or DEFAULT_LANGS.get(args.format, "en")
    nlp = tagger_nlp(lang) if args.tokenizer == "fine" else spacy.blank(lang)
    warnings = []
    kwargs = {"strict": not args.lenient, "warnings": warnings}
    if args.format in ("tab", "wikiactors"):
        kwargs["annotator"] = args.annotator
    if args.format in ("iob", "wikiann", "wnut17"):
        kwargs["sentences_per_doc"] = args.sentences_per_doc
    start = time.time()
    try:
        docs = READERS[args.format](args.input, nlp, **kwargs)
        if args.categories:
            label_map = LABEL_MAPS.get(args.format, {})
            docs = (map_gold_labels(d, label_map) for d in docs)
        n = write_docbin(docs, args.output)
    except CorpusFormatError as err:
        print(f"spacy-anon convert: error: {err}", file=sys.stderr)
        return 1
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    print(f"wrote {n} docs to {args.output} ({len(warnings)} spans skipped, {time.time() - start:.1f}s)",
          file=sys.stderr)
    return 0
