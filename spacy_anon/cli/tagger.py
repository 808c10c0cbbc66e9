"""`spacy-anon tagger`: prepare tagger training data and inspect trained taggers.

  spacy-anon tagger convert FORMAT INPUT OUTPUT.spacy [--lang es] [--categories]
  spacy-anon tagger rules MODEL [--label LABEL]
"""
import sys


def _convert(args) -> int:
    from spacy_anon.corpora import write_docbin
    from spacy_anon.corpora.labelmaps import LABEL_MAPS
    from spacy_anon.tagger.data import map_gold_labels, read_corpus, tagger_nlp

    nlp = tagger_nlp(args.lang)
    docs = read_corpus(args.format, args.input, nlp, strict=False)
    if args.categories:
        label_map = LABEL_MAPS[args.format] if args.format in LABEL_MAPS else {}
        docs = (map_gold_labels(d, label_map) for d in docs)
    n = write_docbin(docs, args.output)
    print(f"{n} documents -> {args.output}", file=sys.stderr)
    return 0


def _rules(args) -> int:
    import spacy
    import srsly

    nlp = spacy.load(args.model)
    for name, proc in nlp.pipeline:
        if getattr(proc, "rules", None) is not None and hasattr(proc, "find"):
            for rule in proc.rules:
                if args.label is None or rule["label"] == args.label:
                    print(srsly.json_dumps(rule))
    return 0


def register(subparsers) -> None:
    parser = subparsers.add_parser("tagger", help="tagger data preparation and inspection")
    sub = parser.add_subparsers(dest="tagger_command", metavar="ACTION")
    conv = sub.add_parser("convert", help="corpus -> .spacy file tokenized for the taggers")
    conv.add_argument("format", help="brat|meddocan|deid|jsonl|tab|presidio|wikiann|wnut17|iob")
    conv.add_argument("input")
    conv.add_argument("output")
    conv.add_argument("--lang", default="en")
    conv.add_argument("--categories", action="store_true", help="map corpus labels to spacy-anon categories")
    conv.set_defaults(func=_convert)
    rules = sub.add_parser("rules", help="list the rules learned by anon_regex_generator (JSON lines)")
    rules.add_argument("model")
    rules.add_argument("--label", default=None)
    rules.set_defaults(func=_rules)
    parser.set_defaults(func=lambda args: parser.print_help() or 2)
