"""`spacy-anon utility`: placeholder until the command lands (registers nothing)."""


def register(subparsers) -> None:
    """Add nothing yet."""
