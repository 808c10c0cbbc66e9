"""`spacy-anon index CORPUS`: document co-occurrence index for confidential-attribute detection (being built)."""


def register(subparsers) -> None:
    return None
