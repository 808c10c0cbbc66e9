"""Moved to `spacy_anon.lexicon.gazetteers` (word lists are shared by rules, taggers and masking); this
name stays importable for code and pickles that still use it."""
from spacy_anon.lexicon.gazetteers import *  # noqa: F401,F403
from spacy_anon.lexicon.gazetteers import PHRASE_PREFIX, load_gazetteer, load_gazetteers, phrases_of, words_of  # noqa: F401
