"""Names under which components leave things on a Doc for each other: the one place they are defined.

Span groups (`doc.spans[...]`) and `doc.user_data` keys read by more than one module. A component takes
its group from its `spans_key` setting; these are the defaults.
"""
SPAN_KEY = "anon"  # candidates: every detector appends here, anon_mask reads it
GOLD_SPAN_KEY = "anon_gold"  # gold annotations of the corpus readers (scorers compare against it)
MASKED_SPAN_KEY = "anon_masked"  # the mentions anon_mask replaced

RULES_RAN_KEY = "spacy_anon.rules_ran"  # set by anon_rules; anon_mask then does not run the rules again
MEMORY_KEY = "spacy_anon.memory"  # a ReplacementMemory shared by the docs/chunks that must agree
FAILED_KEY = "spacy_anon.failed"  # the component that failed on the doc (non-raising error handler)
PROGRESS_KEY = "spacy_anon.progress"  # component name -> "started" | "finished" (spacy_anon.progress)
WRITTEN_KEY = "spacy_anon.mask_written"  # replacements anon_mask wrote on spans (not a generalizer's)
NAMES_DETECTOR_KEY = "spacy_anon.names_detector"  # set by anon_crf / anon_disclosure: a detector of names ran
