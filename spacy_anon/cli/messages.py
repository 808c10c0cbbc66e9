"""What `spacy-anon anonymize` prints: errors that are safe to show (no document content), notes, warnings.

Every message names files, line numbers, fields and byte offsets, never document content."""
import sys
from typing import Optional

PROG = "spacy-anon anonymize"
EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2
NOTHING_WRITTEN = "; no output written"


class CLIError(Exception):
    """An error whose message is safe to print (no document content); `code` is the exit status."""

    def __init__(self, message: str, code: int = EXIT_FAILURE):
        super().__init__(message)
        self.code = code


def error(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


def info(message: str, quiet: bool = False) -> None:
    """A note on stderr, silenced by --quiet."""
    if not quiet:
        print(f"{PROG}: {message}", file=sys.stderr)


def warn(message: str) -> None:
    """Printed even with --quiet: the user should know when the output holds original values."""
    print(f"{PROG}: warning: {message}", file=sys.stderr)


def skipped(message: str) -> None:
    """An invalid line or record left out (--skip-invalid)."""
    print(f"{PROG}: skipped: {message}", file=sys.stderr)


def reason(err: OSError) -> str:
    return err.strerror or type(err).__name__


def first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0][:300] if text else ""


def kept_message(message: str, kept: Optional[str]) -> str:
    """`message`, saying what --resume kept when a partial output stays behind (`kept`, from
    `writers.Output.discard`) instead of claiming that nothing was written."""
    if not kept:
        return message
    if message.endswith(NOTHING_WRITTEN):
        message = message[:-len(NOTHING_WRITTEN)]
    elif NOTHING_WRITTEN + "." in message:
        message = message.replace(NOTHING_WRITTEN + ".", ".")
    if message.endswith("."):
        return f"{message} {kept[0].upper()}{kept[1:]}"
    return f"{message}; {kept}"
