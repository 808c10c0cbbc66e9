"""Sub-command(s) for evaluate (placeholder until implemented)."""


def register(subparsers) -> None:
    return None
