"""Disclosure stage (seed 003): phrases whose embeddings are close to the protected person.

- `chunking`: the phrase units shared by training and detection (`chunk_doc`).
- `vectors`: corpus reading, skip-gram training/updating, `load_vectors`, `phrase_vector`, `entity_vector`.
- `detect`: pure detection functions (`subjects_of`, `build_subjects`, `score_chunks`).
- `component`: the `anon_disclosure` factory.
- `demo`: toy vectors on the shipped fictional biographies.
"""
