"""Write a random subset of a .spacy file: python scripts/tagger_subset.py IN OUT --n 3000 [--seed 0]."""
import argparse
import random

import spacy
from spacy.tokens import DocBin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--n", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    docs = list(DocBin().from_disk(args.input).get_docs(spacy.blank("xx").vocab))
    random.Random(args.seed).shuffle(docs)
    out = DocBin(store_user_data=True)
    for doc in docs[: args.n]:
        out.add(doc)
    out.to_disk(args.output)


if __name__ == "__main__":
    main()
