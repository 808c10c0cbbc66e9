"""Sub-command(s) for anonymize (placeholder until implemented)."""


def register(subparsers) -> None:
    return None
