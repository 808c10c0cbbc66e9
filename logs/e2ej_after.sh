set -x
export PYTHONPATH=$PWD
PY=/work/main/.venv/bin/python
date
$PY scripts/e2ej_assemble.py --e2ej training/e2ej/model-best -o training/e2ej/pipeline
$PY scripts/tagger_eval.py --model training/e2ej/pipeline --dev corpus/meddocan/dev_a.spacy --metric meddocan --predictions benchmarks/out/e2ej_dev_a.json --out benchmarks/out/e2ej_meddocan_dev_a.json > /dev/null
$PY scripts/tagger_eval.py --model training/e2ej/pipeline --dev corpus/meddocan/dev_b.spacy --metric meddocan --predictions benchmarks/out/e2ej_dev_b.json --out benchmarks/out/e2ej_meddocan_dev_b.json > /dev/null
date
$PY scripts/e2ej_vote_choose.py --choose corpus/meddocan/dev_a.spacy benchmarks/out/crf_dev_a.json benchmarks/out/e2ej_dev_a.json --confirm corpus/meddocan/dev_b.spacy benchmarks/out/crf_dev_b.json benchmarks/out/e2ej_dev_b.json -o training/e2ej/policies.json > benchmarks/out/vote_choice.json
$PY scripts/e2ej_assemble.py --e2ej training/e2ej/model-best --crf training/meddocan-dev/model-best --policies training/e2ej/policies.json -o training/e2ej/ensemble
$PY scripts/tagger_eval.py --model training/e2ej/ensemble --dev corpus/meddocan/dev_b.spacy --metric meddocan --out benchmarks/out/ensemble_meddocan_dev_b.json > /dev/null
date
