"""`spacy-anon deanonymize`: restore what the `encrypt` strategy replaced, with the key that encrypted it.

Reads the JSONL that `spacy-anon anonymize` wrote and writes one `{"id", "text", "restored", "failed",
"kept"}` record per line: the text with every encrypted token that verifies decrypted ("kept": replacements
of other strategies, which cannot be undone). A token that does not verify (cut, altered, or made with
another key) is reported by record line and table row, never by value; then nothing is written and the
exit status is 1, unless --partial (write what verified, the failed tokens left as they are, status 0).
The output holds original values: it is written only where `-o` says (or stdout), under the same atomic,
fail-closed writing as `anonymize`.
"""
import os
import sys
from dataclasses import dataclass
from typing import IO, Any, Dict, List

from spacy_anon.errors import Errors, Warnings, located
from spacy_anon.io import AtomicFile, InputError, StdoutSink, dumps_jsonl, loads_strict
from spacy_anon.mask.operators.base import KEY_ENV
from spacy_anon.mask.restore import restore_text
from spacy_anon.cli.command_options import FromArgs

PROG = "spacy-anon deanonymize"
SHOWN_ROWS = 10  # failed rows named per record (the count is always given)


@dataclass(frozen=True)
class DeanonymizeOptions(FromArgs):
    """The flags of `spacy-anon deanonymize`, read once by `run`; everything below takes this."""

    input: str
    output: str = "-"
    key_env: str = KEY_ENV
    partial: bool = False



def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "deanonymize", help="restore the values the encrypt strategy replaced (needs the key)",
        description=__doc__.splitlines()[0])
    parser.add_argument("input", metavar="ANONYMIZED.jsonl", help="output of `spacy-anon anonymize --format jsonl`")
    parser.add_argument("-o", "--output", metavar="RESTORED.jsonl", default="-", help="default: stdout")
    parser.add_argument("--key-env", metavar="VAR", default=KEY_ENV,
                        help="environment variable holding the secret key (default SPACY_ANON_KEY)")
    parser.add_argument("--partial", action="store_true",
                        help="write the output even when some tokens do not verify (they stay as they are; each "
                             "is reported); without it such an input writes nothing and exits 1")
    parser.set_defaults(func=run)


def _error(message: str) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return 1


def _rows(failed) -> str:
    shown = ", ".join(str(i) for i in failed[:SHOWN_ROWS])
    return shown + (f" and {len(failed) - SHOWN_ROWS} more" if len(failed) > SHOWN_ROWS else "")


def restore_lines(options: DeanonymizeOptions, secret: bytes, source: IO[bytes], out: IO[str]) -> List[str]:
    """Write one restored record per input record; the messages of the records whose tokens failed."""
    failures: List[str] = []
    for number, raw in enumerate(source, 1):
        line = raw.decode("utf-8").strip()
        if not line:
            continue
        try:
            record: Dict[str, Any] = loads_strict(line)
            result = restore_text(secret, record["anonymized"], record["spans"])
        except (KeyError, TypeError, AttributeError) as err:
            raise InputError(Errors.E944.format(input=options.input, number=number, kind=type(err).__name__))
        except ValueError as err:
            raise InputError(located(f"{options.input} line {number}", err)) from None
        if result.failed:
            failures.append(f"{options.input} line {number}: {len(result.failed)} token(s), table row(s) "
                            f"{_rows(result.failed)}")
        out.write(dumps_jsonl({"id": record.get("id"), "text": result.text, "restored": result.restored,
                               "failed": len(result.failed), "kept": result.kept}))
    return failures


def deanonymize(options: DeanonymizeOptions) -> int:
    key = os.environ.get(options.key_env)
    if not key:
        return _error(Errors.E986.format(key_env=options.key_env))
    secret = key.encode("utf8")
    sink = StdoutSink() if options.output == "-" else AtomicFile(options.output, private=True)  # restored originals
    failures: List[str] = []
    try:
        with open(options.input, "rb") as source, sink as out:
            failures = restore_lines(options, secret, source, out)
            if failures and not options.partial:
                raise InputError(Errors.E987.format(records=len(failures)))
    except InputError as err:
        for failure in failures:
            print(f"{PROG}: failed: {failure}", file=sys.stderr)
        return _error(str(err))
    except OSError as err:
        return _error(Errors.E811.format(path=err.filename or options.input, reason=err.strerror))
    for failure in failures:
        print(f"{PROG}: failed: {failure}", file=sys.stderr)
    if failures:
        print(f"{PROG}: warning: {Warnings.W986.format(records=len(failures))}", file=sys.stderr)
    return 0


def run(args) -> int:
    return deanonymize(DeanonymizeOptions.from_args(args))
