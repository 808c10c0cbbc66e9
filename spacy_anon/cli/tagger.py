"""Sub-command(s) for tagger (placeholder until implemented)."""


def register(subparsers) -> None:
    return None
