set -x
export PYTHONPATH=$PWD
PY=/work/main/.venv/bin/python
mkdir -p benchmarks/out
$PY scripts/tagger_eval.py --model training/meddocan-dev/model-best --dev corpus/meddocan/dev_a.spacy --metric meddocan --predictions benchmarks/out/crf_dev_a.json --out benchmarks/out/crf_meddocan_dev_a.json > /dev/null
$PY scripts/tagger_eval.py --model training/meddocan-dev/model-best --dev corpus/meddocan/dev_b.spacy --metric meddocan --predictions benchmarks/out/crf_dev_b.json --out benchmarks/out/crf_meddocan_dev_b.json > /dev/null
date
