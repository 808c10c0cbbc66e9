"""Word lists and word-level knowledge shared by the rules, the taggers and the masking step.

- `gazetteers`: name, place and other term lists (Faker, shipped files, a user's files) as token sets;
- `honorifics`: titles that precede a name but are not part of it;
- `common_words`: whether a word is also an ordinary word of a language (a surname that is a word);
- `articles`: "a" or "an" before a word.
Base layer: imports nothing above it.
"""
