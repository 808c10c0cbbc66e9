"""`spacy-anon tagger`: inspect trained taggers and build their word clusters (training data: `spacy-anon
convert FORMAT IN OUT --tokenizer fine`).

  spacy-anon tagger rules MODEL [--label LABEL]
  spacy-anon tagger clusters INPUT... -o CLUSTERS.tsv.gz [--exclude-ids FILE.jsonl]
"""
import sys
from dataclasses import dataclass
from typing import Optional, Sequence

from spacy_anon.cli.command_options import FromArgs
from spacy_anon.tagger.clusters import (
    held_out_ids,
    iter_texts,
    tokenize_for_clusters,
    train_word_clusters,
    write_clusters,
)


@dataclass(frozen=True)
class RulesOptions(FromArgs):
    """The flags of `spacy-anon tagger rules`."""

    model: str
    label: Optional[str] = None


@dataclass(frozen=True)
class ClustersOptions(FromArgs):
    """The flags of `spacy-anon tagger clusters`."""

    inputs: Sequence[str]
    output: str
    exclude_ids: Optional[Sequence[str]] = None
    dim: int = 100
    min_count: int = 3
    epochs: int = 10
    depth: int = 16
    workers: int = 1
    seed: int = 0


def _rules(args) -> int:
    """`rules`' entry point: the flags are read here, once."""
    return print_rules(RulesOptions.from_args(args))


def _clusters(args) -> int:
    """`clusters`' entry point: the flags are read here, once."""
    return build_clusters(ClustersOptions.from_args(args))


def print_rules(options: RulesOptions) -> int:
    """Print the rules learned by the model's rule generators (JSON lines)."""
    import spacy
    import srsly

    nlp = spacy.load(options.model)
    for name, proc in nlp.pipeline:
        if getattr(proc, "rules", None) is not None and hasattr(proc, "find"):
            for rule in proc.rules:
                if options.label is None or rule["label"] == options.label:
                    print(srsly.json_dumps(rule))
    return 0


def build_clusters(options: ClustersOptions) -> int:
    """Train word clusters on the inputs and write them."""
    import time

    excluded = held_out_ids(options.exclude_ids or ())
    sentences = []
    for path in options.inputs:
        for text in iter_texts(path, excluded):
            sentences.extend(tokenize_for_clusters(text))
    n_tokens = sum(len(s) for s in sentences)
    started = time.process_time()
    clusters = train_word_clusters(
        sentences, dim=options.dim, min_count=options.min_count, epochs=options.epochs, max_depth=options.depth,
        workers=options.workers, seed=options.seed,
    )
    write_clusters(clusters, options.output)
    print(f"{n_tokens} tokens, {len(sentences)} lines ({len(excluded)} documents excluded) -> "
          f"{len(clusters)} words in {options.output} ({time.process_time() - started:.0f} CPU-s)", file=sys.stderr)
    return 0


def register(subparsers) -> None:
    parser = subparsers.add_parser("tagger", help="tagger data preparation and inspection")
    sub = parser.add_subparsers(dest="tagger_command", metavar="ACTION")
    rules = sub.add_parser("rules", help="list the rules learned by anon_regex_generator (JSON lines)")
    rules.add_argument("model")
    rules.add_argument("--label", default=None)
    rules.set_defaults(func=_rules)
    clus = sub.add_parser("clusters", help="word clusters (word2vec + binary 2-means) for anon_crf.clusters")
    clus.add_argument("inputs", nargs="+", help="text corpora: .txt or a folder of them, .jsonl[.gz], .json "
                      "({id: text} or records), .spacy")
    clus.add_argument("-o", "--output", required=True, help="word<TAB>bits file (.gz to compress)")
    clus.add_argument("--exclude-ids", nargs="*", help="JSONL corpora whose doc_id/id values are skipped "
                      "in the inputs (keep held-out documents out of the clusters)")
    clus.add_argument("--dim", type=int, default=100)
    clus.add_argument("--min-count", type=int, default=3)
    clus.add_argument("--epochs", type=int, default=10)
    clus.add_argument("--depth", type=int, default=16, help="longest bit path")
    clus.add_argument("--workers", type=int, default=1,
                      help="word2vec threads (default 1: the same clusters on every run; more are faster, not reproducible)")
    clus.add_argument("--seed", type=int, default=0)
    clus.set_defaults(func=_clusters)
    parser.set_defaults(func=lambda args: parser.print_help() or 2)
