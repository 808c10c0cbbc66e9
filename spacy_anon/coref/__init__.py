"""coref stage of the anonymization data flow.

A coreference component replaces `anon_mask`'s default grouper (`spacy_anon.name_part_grouper.v1`,
in `spacy_anon.mask.grouping`) by registering a function with the same interface,
`grouper(doc, spans) -> list of entity keys` (one document-independent key per span; equal keys are
one entity), and naming it in `anon_mask`'s `grouper` setting.
"""
