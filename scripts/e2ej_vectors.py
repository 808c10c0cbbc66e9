"""Word vectors for the E2EJ tagger: gensim word2vec on the text of .spacy corpora, in spaCy's format.

  python scripts/e2ej_vectors.py corpus/meddocan/train.spacy -o training/e2ej/vectors --dim 100

Tokens are the corpus' own (the taggers' fine tokenizer), keyed by NORM (lowercase), one sentence a line;
the vectors are written as word2vec text and converted with `spacy init vectors --attr NORM`, so the
`[initialize] vectors` of configs/e2ej_es.cfg can load them. Only the text is read, never the gold spans.
"""
import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import spacy
from spacy.tokens import DocBin


def sentences(paths, vocab):
    """Lines of NORM keys of every doc (whitespace tokens dropped)."""
    out = []
    for path in paths:
        for doc in DocBin().from_disk(path).get_docs(vocab):
            line = []
            for token in doc:
                if token.is_space or "\n" in token.text:
                    if line:
                        out.append(line)
                    line = []
                    continue
                line.append(token.norm_)
            if line:
                out.append(line)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpora", nargs="+", help=".spacy files whose text trains the vectors")
    parser.add_argument("-o", "--output", required=True, help="spaCy vectors folder to write")
    parser.add_argument("--lang", default="es")
    parser.add_argument("--dim", type=int, default=100)
    parser.add_argument("--window", type=int, default=5)
    parser.add_argument("--min-count", type=int, default=2)
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    if min(args.dim, args.window, args.min_count, args.epochs, args.workers) < 1:
        parser.error("--dim, --window, --min-count, --epochs and --workers must be at least 1")
    from gensim.models import Word2Vec

    sents = sentences(args.corpora, spacy.blank(args.lang).vocab)
    model = Word2Vec(sents, vector_size=args.dim, window=args.window, min_count=args.min_count, sg=1,
                     epochs=args.epochs, workers=args.workers, seed=0)
    with tempfile.TemporaryDirectory() as tmp:
        txt = Path(tmp) / "vectors.txt"
        model.wv.save_word2vec_format(str(txt))
        subprocess.run([sys.executable, "-m", "spacy", "init", "vectors", args.lang, str(txt), args.output,
                        "--attr", "NORM"], check=True)
    print(f"{len(model.wv)} words x {args.dim} from {len(sents)} lines -> {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
