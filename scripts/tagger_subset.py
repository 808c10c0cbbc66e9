"""Write a random subset of a .spacy file: python scripts/tagger_subset.py IN OUT --n 3000 [--seed 0]
[--rest REST] (REST: the other documents, so OUT and REST split IN in two)."""
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
    parser.add_argument("--rest", default=None, help="write the documents left out here")
    args = parser.parse_args()
    docs = list(DocBin().from_disk(args.input).get_docs(spacy.blank("xx").vocab))
    random.Random(args.seed).shuffle(docs)
    out = DocBin(store_user_data=True)
    for doc in docs[: args.n]:
        out.add(doc)
    out.to_disk(args.output)
    if args.rest:
        rest = DocBin(store_user_data=True)
        for doc in docs[args.n:]:
            rest.add(doc)
        rest.to_disk(args.rest)


if __name__ == "__main__":
    main()
