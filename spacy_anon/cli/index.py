"""`spacy-anon index CORPUS -o INDEX_DIR [--append]`: the document co-occurrence index of anon_sensitive.

The index holds counts only (documents per term, documents per pair of a sensitive term and another
term), never text. Its anchors (the terms whose pairs are counted) are the sensitive sets of the chosen
conditions and terms (with the clinical lexicon of spacy_anon.sensitive.clinical, which a component with
`clinical = false` simply does not use), with their generalizations; the component needs an index built for
its conditions.
"""
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from spacy_anon.cli.command_options import FromArgs
from spacy_anon.errors import Errors
from spacy_anon.io import InputError
from spacy_anon.sensitive.index import DB_NAME, DEFAULT_MAX_NGRAM, CooccurrenceIndex, anchors_for, corpus_texts
from spacy_anon.sensitive.sensitive_set import PRESETS, build_sensitive_set, check_conditions
from spacy_anon.sensitive.snomed import SnomedTaxonomy
from spacy_anon.sensitive.taxonomy import WordNetTaxonomy


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "index", help="Count term co-occurrences in a corpus for anon_sensitive (counts only, no text).",
        description="Build (or with --append, extend) the document co-occurrence index that anon_sensitive "
                    "reads through its ic_source setting. CORPUS: a folder of .txt files, a .txt file, or a "
                    "JSONL file with a \"text\" field per line.",
    )
    parser.add_argument("corpus", help="folder of .txt files, a .txt file, or a .jsonl file")
    parser.add_argument("-o", "--output", required=True, help="index folder (created; index.sqlite inside)")
    parser.add_argument("--append", action="store_true",
                        help="add the documents to an existing index (its anchors and n-gram size are kept)")
    parser.add_argument("--conditions", default=",".join(PRESETS),
                        help="comma-separated presets whose terms are anchors (default: all presets)")
    parser.add_argument("--terms", default="", help="comma-separated custom sensitive terms (anchors too)")
    parser.add_argument("--max-ngram", type=int, default=DEFAULT_MAX_NGRAM, help="longest counted term, in words")
    parser.add_argument("--snomed", default=None, help="folder of a licensed SNOMED CT RF2 release")
    parser.add_argument("--lexicon", default=None, help="wn lexicon specifier (default: the best installed)")
    parser.set_defaults(func=_index)


def _names(value: str):
    return [v.strip() for v in value.split(",") if v.strip()]


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@dataclass(frozen=True)
class IndexOptions(FromArgs):
    """The flags of `spacy-anon index`."""

    corpus: str
    output: str
    append: bool = False
    conditions: str = ",".join(PRESETS)
    terms: str = ""
    max_ngram: int = DEFAULT_MAX_NGRAM
    snomed: Optional[str] = None
    lexicon: Optional[str] = None


def _index(args) -> int:
    """The sub-command's entry point: the flags are read here, once."""
    return build_index(IndexOptions.from_args(args))


def build_index(options: IndexOptions) -> int:
    """Build or extend the co-occurrence index; RETURNS the exit status."""
    started = time.time()
    corpus = Path(options.corpus)
    try:
        if not corpus.exists():
            raise ValueError(Errors.E362.format(path=str(corpus)))
        if not 1 <= options.max_ngram <= 6:
            raise ValueError(Errors.E364.format(value=options.max_ngram))
        out = Path(options.output)
        if options.append and (out / DB_NAME).exists():
            index = CooccurrenceIndex(out)
        else:
            conditions, terms = _names(options.conditions), _names(options.terms)
            check_conditions(conditions)
            taxonomies = ([SnomedTaxonomy(options.snomed)] if options.snomed else []) + [WordNetTaxonomy("en", options.lexicon)]
            by_name = {t.name: t for t in taxonomies}
            sensitive = build_sensitive_set(conditions, terms, taxonomies)
            anchors = anchors_for(
                (t.text, by_name[t.taxonomy].ancestors(t.concept) if t.concept is not None else [])
                for variants in sensitive.variants.values() for t in variants)
            index = CooccurrenceIndex(out, create=True, anchors=anchors, max_ngram=options.max_ngram)
        added = index.add_texts(corpus_texts(corpus))
        if added == 0 and index.n_docs == 0:
            index.close()
            raise ValueError(Errors.E363.format(path=str(corpus)))
        stats = index.stats()
        index.close()
    except (ValueError, FileNotFoundError, InputError) as err:
        _log(f"error: {err}")
        return 1
    _log(f"indexed {added} documents in {time.time() - started:.1f}s: {stats['documents']} documents, "
         f"{stats['terms']} terms, {stats['anchors']} anchors, {stats['pairs']} pairs in {out / DB_NAME}")
    return 0
