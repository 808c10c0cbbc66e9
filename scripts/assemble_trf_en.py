"""The English default with the transformer tagger added: `spacy project run assemble-trf-en`.

  python scripts/assemble_trf_en.py training/trf-en/model-best training/trf-en/pipeline

Loads the embedded English default (anon_rules, anon_regex_generator, anon_crf, anon_coref, anon_mask, with
their shipped settings), puts the trained `transformer` and `ner` of MODEL in front of them (both pipelines
use the taggers' fine tokenizer), and saves the whole: the ner's doc.ents join the CRF's and the rules'
spans in anon_mask (use_ents). Then checks that `spacy_anon.load(TARGET)` runs it on a sample.
Needs the trf extra.
"""
import argparse
import sys
from pathlib import Path

SAMPLE = "Mr John Smith was born on 3 May 1970 in Leeds and works for Acme Ltd."


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model", help="a trained pipeline with `transformer` and `ner` (train-trf-en)")
    parser.add_argument("target")
    args = parser.parse_args(argv)
    import spacy

    import spacy_anon

    trf = spacy.load(args.model)
    nlp = spacy_anon.load()
    nlp.add_pipe("transformer", source=trf, first=True)
    nlp.add_pipe("ner", source=trf, after="transformer")
    nlp.to_disk(args.target)
    check = spacy_anon.load(Path(args.target))
    doc = check(SAMPLE)
    print(f"{args.target}: {', '.join(check.pipe_names)}; sample: {doc._.anon_text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
