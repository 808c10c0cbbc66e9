"""UPPER and lower copies of part of a tagger corpus (`spacy_anon.tagger.case_copies`), written to a
`.spacy` file that goes beside the originals in the training folder:

  python scripts/tagger_case_copies.py corpus/harem/segundo5.spacy corpus/harem/primeiro5.spacy \
      -o corpus/harem/all/case_copies.spacy --share 0.3 --seed 0

The documents of every input are pooled in the order given, and round(share * n) of them are drawn with
--seed: half of those copied in UPPER case, half in lower case.
"""
import argparse
import sys
from pathlib import Path


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("inputs", nargs="+", help=".spacy files")
    parser.add_argument("-o", "--output", required=True)
    parser.add_argument("--share", type=float, default=0.3, help="share of the documents copied (0-1)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    import spacy
    from spacy.tokens import DocBin

    from spacy_anon.tagger.case_copies import case_copies

    vocab = spacy.blank("xx").vocab
    docs = [d for p in args.inputs for d in DocBin(store_user_data=True).from_disk(p).get_docs(vocab)]
    copies = case_copies(docs, args.share, args.seed)
    out = DocBin(store_user_data=True, docs=copies)
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    out.to_disk(args.output)
    print(f"{args.output}: {len(copies)} recased copies of {len(docs)} documents")
    return 0


if __name__ == "__main__":
    sys.exit(main())
