"""Sub-command(s) for wordnet (placeholder until implemented)."""


def register(subparsers) -> None:
    return None
