"""Sub-command(s) for embeddings (placeholder until implemented)."""


def register(subparsers) -> None:
    return None
