"""Coreference: which mentions (names, acronyms, pronouns, nominal anaphora) refer to the same entity."""
