"""tagger stage of the anonymization data flow."""
from spacy_anon.tagger import training_settings  # noqa: F401  (registers spacy_anon.fitted_in_initialize.v1)
from spacy_anon.tagger import e2ej  # noqa: F401  (registers spacy_anon.e2ej_tok2vec.v1)
from spacy_anon.tagger import vote_component  # noqa: F401  (registers the anon_span_vote factory)
from spacy_anon.tagger import minilm  # noqa: F401  (registers spacy_anon.minilm_transformer.v1)
