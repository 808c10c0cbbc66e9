"""Word lists and word-level knowledge shared by the rules, the taggers and the masking step.

- `gazetteers`: name, place and other term lists (Faker, shipped files, a user's files) as token sets;
- `honorifics`: titles that precede a name but are not part of it;
- `common_words`: whether a word is also an ordinary word of a language (a surname that is a word);
- `articles`: "a" or "an" before a word;
- `name_cues`: organisations and places found by a list or a cue word (`anon_rules` custom recognizers;
  registers `spacy_anon.name_cue_recognizers.v1`).
Base layer: imports nothing above it.
"""
from spacy_anon.lexicon import name_cues  # noqa: F401,E402  (registers spacy_anon.name_cue_recognizers.v1)
