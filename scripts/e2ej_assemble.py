"""Save the E2EJ tagger, alone or voting with the CRF, as a complete pipeline for spacy_anon.load(PATH).

  python scripts/e2ej_assemble.py --e2ej training/e2ej/model-best -o training/e2ej/pipeline
  python scripts/e2ej_assemble.py --e2ej training/e2ej/model-best --crf training/meddocan-dev/model-best \
      --policies training/e2ej/policies.json -o training/e2ej/ensemble

Alone: `anon_span_vote` with default_policy "neural" hands the entities (MEDDOCAN labels) to anon_mask.
With --crf: the CRF pipeline gets the E2EJ `ner` (and its word vectors) and `anon_span_vote` with the
policies chosen by scripts/e2ej_vote_choose.py, before its anon_mask.
"""
import argparse
import json
import sys

import spacy_anon


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--e2ej", required=True, help="trained E2EJ pipeline (spacy train configs/e2ej_es.cfg)")
    parser.add_argument("--crf", default=None, help="trained CRF pipeline (configs/crf_es.cfg) to vote with")
    parser.add_argument("--policies", default=None, help="JSON {label: policy, ...} or a file holding it")
    parser.add_argument("--default-policy", default="crf")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args(argv)
    e2ej = spacy_anon.load(args.e2ej)
    if args.crf is None:
        if args.policies:
            parser.error("--policies needs --crf (alone, every entity is kept)")
        e2ej.add_pipe("anon_span_vote", before="anon_mask", config={"default_policy": "neural"})
        e2ej.to_disk(args.output)
        print(f"E2EJ pipeline {e2ej.pipe_names} -> {args.output}")
        return 0
    policies = {}
    if args.policies:
        text = args.policies
        policies = json.loads(text if text.lstrip().startswith("{") else open(text, encoding="utf8").read())
        policies = policies.get("policies", policies)
    nlp = spacy_anon.load(args.crf)
    nlp.vocab.vectors = e2ej.vocab.vectors
    nlp.add_pipe("ner", source=e2ej, before="anon_mask")
    nlp.add_pipe("anon_span_vote", before="anon_mask",
                 config={"policies": policies, "default_policy": args.default_policy})
    nlp.to_disk(args.output)
    print(f"ensemble {nlp.pipe_names} (policies {policies}) -> {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
