"""`spacy-anon keygen`: print (or write to a file only its owner can read) a strong secret key for the
keyed strategies (pseudonym, hash, encrypt, keyed surrogates): 32 random bytes, base64url.

    export SPACY_ANON_KEY="$(spacy-anon keygen)"
    spacy-anon keygen -o anon.key && export SPACY_ANON_KEY="$(cat anon.key)"
"""
import os
import sys
from dataclasses import dataclass
from typing import Optional

from spacy_anon.errors import Errors
from spacy_anon.mask.keys import new_key
from spacy_anon.cli.command_options import FromArgs

PROG = "spacy-anon keygen"


@dataclass(frozen=True)
class KeygenOptions(FromArgs):
    """The flags of `spacy-anon keygen`."""

    output: Optional[str] = None



def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "keygen", help="print a strong secret key for the keyed strategies (or write it to a 0600 file)",
        description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", metavar="KEY_FILE", default=None,
                        help="write the key to this new file (mode 0600) instead of stdout; an existing file is "
                             "never overwritten")
    parser.set_defaults(func=run)


def write_key(path: str, key: str) -> None:
    """Create `path` with mode 0600 and write `key` (OSError when it exists or cannot be written)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(key + "\n")


def keygen(options: KeygenOptions) -> int:
    key = new_key()
    if options.output is None:
        print(key)
        return 0
    try:
        write_key(options.output, key)
    except FileExistsError:
        print(f"{PROG}: error: {Errors.E151.format(path=options.output)}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"{PROG}: error: {Errors.E152.format(path=options.output, reason=err.strerror)}", file=sys.stderr)
        return 1
    print(f"{PROG}: key written to {options.output} (readable by its owner only)", file=sys.stderr)
    return 0


def run(args) -> int:
    return keygen(KeygenOptions.from_args(args))
