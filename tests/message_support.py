"""Coded messages ("[E812] where: what. Fix: how") reduced to their "where: what" part, for tests that check
the text a message gives about a place without fixing its code or its fix."""
import re

CODE = r"\[[EW]\d{3}\] "


def plain(message: str) -> str:
    """The message without its leading code and its trailing "Fix: ..." sentence."""
    return re.sub(r"\.? Fix: .*$", "", re.sub(r"^" + CODE, "", str(message)), flags=re.S)
