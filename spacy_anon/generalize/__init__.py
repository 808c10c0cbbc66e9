"""generalize stage of the anonymization data flow: WordNet generalizations instead of deletion.

- `wordnet_install`: `spacy-anon wordnet install` (offline WordNet 3.0 -> WN-LMF -> wn), `configure_wn()`.
- `wordnet`: pure functions `simpler_phrases`, `hypernym_candidates`, `generalization_candidates`,
  `choose_generalization` (seed 003 §3.2.3).
- `component`: the `anon_generalize` spaCy factory (`Generalizer`), a thin adapter to Docs over
  `settings`, `mentions`, `coarsen_mentions`, `generalization_choice`, `safety`, `class_choice`,
  `keep_rules` and `rendering` (one decision each, see docs/DESIGN.md).
- `utility`: the IC-based utility measure of seed 003 §4.2.
- `coarsen`: coarser dates, age ranges and number magnitudes (also what `anon_mask`'s `generalize` uses
  when no generalizer set a replacement).
- `glosses`: WordNet noun glosses as a corpus for the vectors of generalizations.
Heavy libraries (wn, gensim, wordfreq) are imported inside functions.
"""
