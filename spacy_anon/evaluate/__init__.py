"""evaluate stage of the anonymization data flow: metrics of the field as pure functions.

- `spacy_anon.evaluate.tab`: TAB metrics (`tab_metrics`, `is_mention_masked`, weightings
  `WordFreqWeighting` / `BertWeighting`, function-word sources `FunctionWordList` / `SpacyFunctionWords`).
- `spacy_anon.evaluate.spans`: `meddocan_scores`, `merge_spans`, `span_iou`, `span_scores`, `term_scores`
  (Hassan et al., word embeddings), `b_cubed`.
- `spacy_anon.evaluate.report`: `evaluate_records` (everything at once) and `format_table`.
- `spacy_anon.evaluate.io`: `load_system` (masks files, `spacy-anon anonymize` JSONL).
- `spacy_anon.evaluate.scorers`: spaCy scorers `spacy_anon.tab_scorer.v1`, `spacy_anon.span_scorer.v1`,
  `spacy_anon.anon_scorer.v1`.
- `spacy_anon.evaluate.crossval`: cross-validation of a tagger config (folds by document or patient,
  training per fold, held-out predictions, threshold sweeps); `scripts/tagger_eval.py` runs it.
- `spacy_anon.evaluate.generalization_quality`: is a generalization usable (`vacuous_share`,
  `classify_replacement`, `replaced_segments`) and how close is the anonymized text to the original
  (`chunk_ids`, `mean_pool`, `mean_similarity`); `benchmarks/generalization_quality.py` runs them.
- `spacy_anon.evaluate.error_analysis`: what limits a tagger, from its held-out predictions
  (`scripts/tab_error_analysis.py`).
"""
