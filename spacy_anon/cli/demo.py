"""Sub-command(s) for demo (placeholder until implemented)."""


def register(subparsers) -> None:
    return None
