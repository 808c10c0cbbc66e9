"""Keep only some gold labels of a .spacy file (the others are dropped, not relabelled):

  python scripts/tagger_keep_labels.py corpus/harem/segundo.spacy corpus/harem/segundo5.spacy \
      --labels PESSOA LOCAL ORGANIZACAO TEMPO VALOR
"""
import argparse
from collections import Counter

import spacy
from spacy.tokens import DocBin

from spacy_anon.corpora.base import GOLD_RECORDS
from spacy_anon.labels import GOLD_SPAN_KEY
from spacy_anon.tagger.data import map_gold_labels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--labels", nargs="+", required=True)
    args = parser.parse_args()
    keep = {label: label for label in args.labels}
    out = DocBin(store_user_data=True)
    counts: Counter = Counter()
    for doc in DocBin().from_disk(args.input).get_docs(spacy.blank("xx").vocab):
        doc = map_gold_labels(doc, keep)
        stored = doc.user_data.get(GOLD_RECORDS) or {}
        if GOLD_SPAN_KEY in stored:  # the exact-offset gold that scorers read (record_from_doc)
            stored[GOLD_SPAN_KEY] = [row for row in stored[GOLD_SPAN_KEY] if row[2] in keep]
        counts.update(span.label_ for span in doc.spans[GOLD_SPAN_KEY])
        out.add(doc)
    out.to_disk(args.output)
    print(f"{len(out)} docs, gold spans kept: {dict(sorted(counts.items()))}")


if __name__ == "__main__":
    main()
