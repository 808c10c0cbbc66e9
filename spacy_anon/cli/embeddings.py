"""Sub-commands for disclosure embeddings: `train-embeddings` (train or update) and `assemble-disclosure`."""
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

from spacy_anon.cli.command_options import FromArgs
from spacy_anon.disclosure.vectors import load_meta, train_from_corpus, update_from_corpus
from spacy_anon.errors import Errors
from spacy_anon.generalize.crowds import load_frequencies
from spacy_anon.generalize.glosses import write_glosses


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "train-embeddings",
        help="train skip-gram phrase vectors on a corpus (Hassan et al., word embeddings), or add documents to trained ones",
        description=(
            "Chunk CORPUS into phrases (stop words dropped, noun phrases atomic) and train Word2Vec "
            "skip-gram vectors (300 d, window 10, min_count 1). CORPUS: .jsonl(.gz) with a 'text' field, "
            ".txt file, or folder of .txt files. With --update MODEL, add CORPUS to a trained model "
            "(vocabulary expansion, no retraining from scratch)."
        ),
    )
    p.add_argument("corpus", help="corpus to train on (or the new documents with --update)")
    p.add_argument("-o", "--output", help="output folder (vectors.kv, word2vec.model, meta.json)")
    p.add_argument("--update", metavar="MODEL", help="folder of a trained model to add CORPUS to")
    p.add_argument("--extra", action="append", default=[], metavar="CORPUS",
                   help="more documents to include (e.g. the documents to protect); repeatable")
    p.add_argument("--epochs", type=int, default=None, help="training epochs (default 10)")
    p.add_argument("--window", type=int, default=None, help="context window in phrases (default 10)")
    p.add_argument("--dim", type=int, default=None, help="vector size (default 300)")
    p.add_argument("--workers", type=int, default=None, help="worker threads (default 2)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default 0)")
    p.add_argument("--chunker", choices=["rule", "noun_chunks"], default="rule",
                   help="phrase chunker; noun_chunks needs --spacy-model with a parser")
    p.add_argument("--merge-lowercase", action="store_true",
                   help="rule chunker: keep runs of lowercase content words as one phrase")
    p.add_argument("--spacy-model", default=None, help="spaCy pipeline for --chunker noun_chunks")
    p.set_defaults(func=run_train)

    g = subparsers.add_parser(
        "wordnet-glosses",
        help="write WordNet noun glosses as a JSONL corpus (to give generalizations vectors via --update)",
    )
    g.add_argument("-o", "--output", required=True, help="JSONL file to write")
    g.add_argument("--lang", default="en")
    g.set_defaults(func=run_glosses)

    a = subparsers.add_parser(
        "assemble-disclosure",
        help="build a pipeline: rules + anon_disclosure (+ anon_generalize) + anon_mask",
        description=(
            "Assemble and save a pipeline that protects each document's subject (doc._.anon_subject, "
            "filled by `spacy-anon anonymize` from the JSONL 'subject' field) with anon_disclosure."
        ),
    )
    a.add_argument("--vectors", required=True, help="folder written by train-embeddings")
    a.add_argument("-o", "--output", required=True, help="pipeline folder to write")
    a.add_argument("--base", default=None, help="spaCy pipeline to start from (default: blank 'en')")
    a.add_argument("--threshold", type=float, default=0.25, help="disclosure threshold t (default 0.25)")
    a.add_argument("--generalize-threshold", type=float, default=None,
                   help="anon_generalize's safety threshold (default: the disclosure threshold)")
    a.add_argument("--always", default="", help="comma-separated chunk kinds always flagged, e.g. date,number")
    a.add_argument("--strategy", default="generalize", help="anon_mask strategy (default generalize)")
    a.add_argument("--no-generalize", action="store_true", help="leave out anon_generalize")
    a.add_argument("--background", default=None, metavar="CORPUS",
                   help="corpus like the attacker's background (e.g. the one the vectors were trained on): "
                        "anon_generalize counts in how many of its documents each word occurs (crowd test of "
                        "coarse classes) and saves the table with the pipeline")
    a.add_argument("--no-rules", action="store_true", help="leave out anon_rules")
    a.set_defaults(func=run_assemble)


@dataclass(frozen=True)
class TrainOptions(FromArgs):
    """The flags of `spacy-anon train-embeddings`."""

    corpus: str
    output: Optional[str] = None
    update: Optional[str] = None
    extra: Sequence[str] = field(default_factory=list)
    epochs: Optional[int] = None
    window: Optional[int] = None
    dim: Optional[int] = None
    workers: Optional[int] = None
    seed: Optional[int] = None
    chunker: str = "rule"
    merge_lowercase: bool = False
    spacy_model: Optional[str] = None


@dataclass(frozen=True)
class GlossesOptions(FromArgs):
    """The flags of `spacy-anon wordnet-glosses`."""

    output: str
    lang: str = "en"


@dataclass(frozen=True)
class AssembleOptions(FromArgs):
    """The flags of `spacy-anon assemble-disclosure`."""

    vectors: str
    output: str
    base: Optional[str] = None
    threshold: float = 0.25
    generalize_threshold: Optional[float] = None
    always: str = ""
    strategy: str = "generalize"
    no_generalize: bool = False
    background: Optional[str] = None
    no_rules: bool = False


def run_train(args) -> int:
    """`train-embeddings`' entry point: the flags are read here, once."""
    return train_embeddings(TrainOptions.from_args(args))


def run_glosses(args) -> int:
    """`wordnet-glosses`' entry point: the flags are read here, once."""
    return glosses(GlossesOptions.from_args(args))


def run_assemble(args) -> int:
    """`assemble-disclosure`'s entry point: the flags are read here, once."""
    return assemble(AssembleOptions.from_args(args))


def _nlp_for(options: TrainOptions):
    if options.chunker != "noun_chunks":
        return None
    if not options.spacy_model:
        raise SystemExit(Errors.E947)
    import spacy

    return spacy.load(options.spacy_model, exclude=["ner", "lemmatizer"])


def train_embeddings(options: TrainOptions) -> int:
    """Train phrase vectors on the corpus, or add it to trained ones (--update)."""
    params = {"epochs": options.epochs, "window": options.window, "vector_size": options.dim,
              "workers": options.workers, "seed": options.seed}
    t0 = time.perf_counter()
    if options.update:
        info = update_from_corpus(options.update, options.corpus, out_dir=options.output, epochs=options.epochs,
                                  nlp=_nlp_for(options))
    else:
        if not options.output:
            raise SystemExit(Errors.E949)
        info = train_from_corpus(options.corpus, options.output, chunker=options.chunker,
                                 merge_lowercase=options.merge_lowercase, extra=options.extra,
                                 nlp=_nlp_for(options), **params)
    info["total_seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(info, indent=2, sort_keys=True))
    return 0


def glosses(options: GlossesOptions) -> int:
    """Write WordNet's noun glosses as a JSONL corpus."""
    t0 = time.perf_counter()
    n = write_glosses(options.output, lang=options.lang)
    print(json.dumps({"texts": n, "seconds": round(time.perf_counter() - t0, 1), "output": options.output}))
    return 0


def _has_factory(nlp, name: str) -> bool:
    try:
        return nlp.has_factory(name)
    except Exception:  # an entry point whose module is not written yet
        return False


def assemble_pipeline(vectors: str, base=None, threshold: float = 0.25, always=(),
                      strategy: str = "generalize", generalize: bool = True, rules: bool = True,
                      generalize_threshold: Optional[float] = None, background: Optional[str] = None):
    """A pipeline for subject-centred protection: [anon_rules] + anon_disclosure + [anon_generalize] +
    anon_mask. Optional components are added when their factory exists. generalize_threshold: the
    generalizer's safety threshold, when it should be stricter than the disclosure threshold (a
    generalization that never falls back on a vacuous concept needs a stricter test to protect as well).
    background: a corpus whose document frequencies anon_generalize keeps for its crowd test."""
    import spacy

    nlp = spacy.load(base) if base else spacy.blank("en")
    meta = load_meta(vectors)
    vectors_path = str(Path(vectors).resolve())
    if rules and "anon_rules" not in nlp.pipe_names and _has_factory(nlp, "anon_rules"):
        nlp.add_pipe("anon_rules")
    nlp.add_pipe("anon_disclosure", config={
        "vectors": vectors_path,
        "threshold": threshold,
        "chunker": meta.get("chunker", "rule"),
        "merge_lowercase": bool(meta.get("merge_lowercase", False)),
        "always": list(always),
    })
    if generalize and _has_factory(nlp, "anon_generalize"):
        # shares anon_disclosure's vectors (its `vectors_from` default) and, by default, its threshold
        gen_threshold = threshold if generalize_threshold is None else generalize_threshold
        gen = nlp.add_pipe("anon_generalize", config={"threshold": gen_threshold})
        if background:
            gen.set_document_frequencies(load_frequencies(background))
    if _has_factory(nlp, "anon_mask"):
        nlp.add_pipe("anon_mask", config={"strategy": strategy})
    else:
        raise RuntimeError(Errors.E948)
    return nlp


def assemble(options: AssembleOptions) -> int:
    """Assemble the subject-centred pipeline and save it."""
    always = [k.strip() for k in options.always.split(",") if k.strip()]
    nlp = assemble_pipeline(options.vectors, base=options.base, threshold=options.threshold, always=always,
                            strategy=options.strategy, generalize=not options.no_generalize,
                            rules=not options.no_rules, generalize_threshold=options.generalize_threshold,
                            background=options.background)
    nlp.to_disk(options.output)
    print(f"Saved pipeline {nlp.pipe_names} to {options.output}", file=sys.stderr)
    return 0
