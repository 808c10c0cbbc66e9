"""Confidential attributes (Sánchez, Batet and Viejo): detect the terms that disclose a sensitive condition
(HIV, a mental disorder, a religion...) and the terms related to it, and generalize them.

`sensitive_set` builds the set S of a condition from a taxonomy (WordNet, or a licensed SNOMED CT release
through `snomed`) and the clinical lexicon of `clinical`; `terms` turns words into the stemmed keys
matched in text and counted in an index;
`ic` holds the information-theoretic formulas (IC, tau, PMI, disclosure risk, eq. 4 and 8); `index` is
the document co-occurrence index on disk; `component` is the `anon_sensitive` factory.
"""
