"""`spacy-anon deanonymize`: restore what the `encrypt` strategy replaced, with the key that encrypted it.

Reads the JSONL that `spacy-anon anonymize` wrote and writes one `{"id", "text", "restored", "kept"}` record
per line: the text with every `ENC:` replacement decrypted ("kept": replacements of other strategies, which
cannot be undone). The output holds original values: it is written only where `-o` says (or stdout), under
the same atomic, fail-closed writing as `anonymize`.
"""
import argparse
import os
import sys

from spacy_anon.errors import Errors, located
from spacy_anon.io import AtomicFile, InputError, StdoutSink, dumps_jsonl, loads_strict
from spacy_anon.mask.operators.encrypt import decrypt_spans

PROG = "spacy-anon deanonymize"


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "deanonymize", help="restore the values the encrypt strategy replaced (needs the key)",
        description=__doc__.splitlines()[0])
    parser.add_argument("input", metavar="ANONYMIZED.jsonl", help="output of `spacy-anon anonymize --format jsonl`")
    parser.add_argument("-o", "--output", metavar="RESTORED.jsonl", default="-", help="default: stdout")
    parser.add_argument("--key-env", metavar="VAR", default="SPACY_ANON_KEY",
                        help="environment variable holding the secret key (default SPACY_ANON_KEY)")
    parser.set_defaults(func=run)


def _error(message: str) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return 1


def run(args: argparse.Namespace) -> int:
    key = os.environ.get(args.key_env)
    if not key:
        return _error(f"--key-env: environment variable {args.key_env} is not set or empty")
    secret = key.encode("utf8")
    sink = StdoutSink() if args.output == "-" else AtomicFile(args.output)
    try:
        with open(args.input, "rb") as source, sink as out:
            for number, raw in enumerate(source, 1):
                line = raw.decode("utf-8").strip()
                if not line:
                    continue
                try:
                    record = loads_strict(line)
                    text, restored = decrypt_spans(secret, record["anonymized"], record["spans"])
                except (KeyError, TypeError) as err:
                    raise InputError(Errors.E944.format(input=args.input, number=number, kind=type(err).__name__))
                except ValueError as err:
                    raise InputError(located(f"{args.input} line {number}", err)) from None
                out.write(dumps_jsonl({"id": record.get("id"), "text": text, "restored": restored,
                                       "kept": len(record["spans"]) - restored}))
    except (InputError, OSError) as err:
        return _error(str(err) if isinstance(err, InputError) else f"{args.input}: cannot read ({err.strerror})")
    return 0
