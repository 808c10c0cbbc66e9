"""Resumable output: a run that may be interrupted writes under a clearly partial name and continues later.

Why a partial file and not a journal of ids: the output keeps the input order (every engine yields the
partitions in order), so what a run completed is a prefix of its input. `--resume` therefore keeps the
longest prefix of complete, parseable lines of `.NAME.spacy-anon.partial` whose ids are the first ids of
the input, cuts off the rest (a line a SIGKILL truncated), skips that many input records and appends.
A record is written once: it is either in the kept prefix or processed again, never both. The finished
file is renamed into place, so a file under the output's own name is always complete.

A folder output resumes per file: files are written into `OUTPUT/.spacy-anon.partial/` under a temporary
name and renamed there when complete, so every file present in it is whole; they move into place together
at the end. A side file (`.NAME.spacy-anon.partial.json`, `.spacy-anon.partial.json`) holds a fingerprint of
the run's settings and input: resuming with other settings would mix two outputs in one, and is refused.
An exclusive lock on the partial output keeps two runs from writing it at once.
"""
import errno
import fcntl
import hashlib
import json
import os
import secrets
import shutil
import stat
from pathlib import Path
from typing import IO, Any, Dict, Iterable, Iterator, List, Optional, Tuple, Union

from spacy_anon.errors import Errors

PARTIAL_TAG = "spacy-anon.partial"


class ResumeError(Exception):
    """A partial output cannot be continued (the message names files, never content)."""


def fingerprint(settings: Dict[str, Any], secret: Optional[str] = None) -> str:
    """A digest of the settings that decide the output (and, keyed by the secret, of the key itself:
    another key gives other pseudonyms). Neither the settings nor the key can be read back from it."""
    blob = json.dumps(settings, sort_keys=True, default=str).encode("utf-8")
    digest = hashlib.sha256(blob)
    if secret:
        import hmac

        digest.update(hmac.new(secret.encode("utf-8"), b"spacy-anon resume", hashlib.sha256).digest())
    return digest.hexdigest()


def partial_file(target: Union[str, Path]) -> Path:
    target = Path(target)
    return target.parent / f".{target.name}.{PARTIAL_TAG}"


def partial_folder(folder: Union[str, Path]) -> Path:
    return Path(folder) / f".{PARTIAL_TAG}"


def meta_file(partial: Path) -> Path:
    return partial.parent / f"{partial.name}.json"


def _lock(fd: int, name: Path) -> None:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as err:
        if err.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            raise ResumeError(Errors.E902.format(name=name)) from None
        raise


def _check_meta(partial: Path, digest: str, resume: bool) -> None:
    meta = meta_file(partial)
    if not resume:
        raise ResumeError(Errors.E901.format(name=partial, meta=meta.name))
    try:
        found = json.loads(meta.read_text(encoding="utf-8")).get("fingerprint")
    except (OSError, ValueError, AttributeError):
        found = None
    if found != digest:
        raise ResumeError(Errors.E900.format(name=partial, meta=meta.name))


def _write_meta(partial: Path, digest: str) -> None:
    meta = meta_file(partial)
    tmp = meta.parent / f"{meta.name}.{secrets.token_hex(4)}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)  # as the partial
    with open(fd, "w", encoding="utf-8") as fh:
        fh.write(json.dumps({"fingerprint": digest, "format": 1}) + "\n")
    os.replace(tmp, meta)


def complete_lines(stream: IO[bytes]) -> Iterator[Tuple[int, Any]]:
    """(end offset, id) of each complete JSON line at the start of `stream`; stops at the first line that
    is truncated (no newline) or not a JSON object with an "id"."""
    offset = 0
    for raw in stream:
        if not raw.endswith(b"\n"):
            return
        try:
            obj = json.loads(raw)
        except ValueError:
            return
        if not isinstance(obj, dict) or "id" not in obj:
            return
        offset += len(raw)
        yield offset, obj["id"]


def _same_id(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


# a partial output or index: created 0o600, never through a symbolic link planted at its name
PRIVATE_OPEN = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)


def _open_partial(partial):
    """Open (creating) a partial output for writing, locked against a second run: check the settings
    digest of an existing one, write it for a new one. RETURNS the partial output."""
    partial.target.parent.mkdir(parents=True, exist_ok=True)
    existed = partial.existed = partial.path.exists()
    if existed:
        _check_meta(partial.path, partial.digest, partial.resume)
    fd = os.open(partial.path, PRIVATE_OPEN, 0o600)
    try:
        _lock(fd, partial.path)
    except BaseException:
        os.close(fd)
        raise
    partial._fd = fd
    if not existed:
        _write_meta(partial.path, partial.digest)
    return partial


class PartialJsonl:
    """JSONL output to `target`, written line by line (flushed per record) under `partial_file(target)`.

    open(): creates or (resume) reopens the partial file, locked; `skip(records)` then drops the input
    records already written (checking their ids) and cuts off anything after them. commit() renames the
    partial file to `target`; keep() leaves it for a later `--resume`; discard() removes it.
    """

    def __init__(self, target: Union[str, Path], digest: str, resume: bool, private: bool = False):
        self.target = Path(target)
        self.path = partial_file(self.target)
        self.digest, self.resume = digest, resume
        self.private = private  # it holds original values: never wider than 0o600 (final_mode)
        self.done = 0  # records already in the partial output when this run started
        self.written = 0  # records this run wrote
        self._fh: Optional[IO[str]] = None
        self._fd: Optional[int] = None

    def open(self) -> "PartialJsonl":
        return _open_partial(self)

    def skip(self, records: Iterable[Any], id_of=lambda record: record.id) -> Iterator[Any]:
        """The input records not yet written: the first ones must have the ids of the partial output's
        complete lines (else ResumeError); the file is cut after the last of them before writing.
        Checked now (reading only the records already written), so `done` is known on return."""
        records = iter(records)
        keep_to = 0
        with open(self._fd, "rb", closefd=False) as stream:
            stream.seek(0)
            for number, (end, done_id) in enumerate(complete_lines(stream), 1):
                record = next(records, None)
                if record is None or not _same_id(id_of(record), done_id):
                    raise ResumeError(Errors.E903.format(name=self.path, number=number,
                                                         meta=meta_file(self.path).name))
                keep_to, self.done = end, number
        os.ftruncate(self._fd, keep_to)
        os.lseek(self._fd, keep_to, os.SEEK_SET)
        self._fh = open(self._fd, "w", encoding="utf-8", newline="", closefd=False)
        return records

    def count_done(self) -> int:
        """How many records the partial output holds complete (read without changing it)."""
        assert self._fd is not None
        with open(self._fd, "rb", closefd=False) as stream:
            stream.seek(0)
            return sum(1 for _ in complete_lines(stream))

    def write(self, line: str) -> None:
        assert self._fh is not None, "skip() first"
        self._fh.write(line)
        self._fh.flush()  # a killed run loses at most the line being written
        self.written += 1

    def commit(self) -> None:
        if self._fh is None:  # nothing to process (the input was empty or all written)
            self._fh = open(self._fd, "w", encoding="utf-8", newline="", closefd=False)
        self._fh.flush()
        os.fsync(self._fd)
        self._fh.close()
        os.chmod(self.path, final_mode(self.target, self.private))
        os.replace(self.path, self.target)
        self._close()
        _unlink(meta_file(self.path))

    @property
    def empty(self) -> bool:
        """Created by this run, which wrote nothing to it: nothing to resume."""
        return not getattr(self, "existed", True) and self.written == 0

    def keep(self) -> None:
        if self._fh is not None:
            try:
                self._fh.flush()
            except OSError:
                pass
            self._fh.close()
        self._close()

    def discard(self) -> None:
        self.keep()
        _unlink(self.path)
        _unlink(meta_file(self.path))

    def _close(self) -> None:
        self._fh = None
        if self._fd is not None:
            os.close(self._fd)  # releases the lock
            self._fd = None


def index_file(partial: Path) -> Path:
    return partial.parent / f"{partial.name}.index"


def complete_entries(stream: IO[bytes], size: int) -> Iterator[Tuple[int, int, Any]]:
    """(index offset, data end offset, id) of each complete entry at the start of an index file: a JSON
    line `[id, end]` whose ends grow and stay within the data's `size` bytes; stops at the first that
    is truncated, broken or points past the data (its record is then written again)."""
    offset, last = 0, 0
    for raw in stream:
        if not raw.endswith(b"\n"):
            return
        try:
            entry = json.loads(raw)
        except ValueError:
            return
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], int)
                or isinstance(entry[1], bool) or not last < entry[1] <= size):
            return
        offset, last = offset + len(raw), entry[1]
        yield offset, last, entry[0]


class PartialIndexed:
    """Output whose records cannot be recognized in the file itself (CSV/TSV rows, which may span lines
    and need not hold the id; items of a JSON array), written under `partial_file(target)` with an index
    beside it (`.NAME.spacy-anon.partial.index`): one line `[id, end offset]` per record, appended and
    flushed after the record. A killed run leaves at most one record without its index line: --resume
    keeps the records the index names, cuts the data after the last of them and writes the rest again.

    The file starts with a `preamble` (the CSV header, "[" of a JSON array), checked on resume (another
    header means another input), and commit() appends the `ending` (the "]" of an array).
    """

    def __init__(self, target: Union[str, Path], digest: str, resume: bool, private: bool = False):
        self.target = Path(target)
        self.path = partial_file(self.target)
        self.index = index_file(self.path)
        self.digest, self.resume = digest, resume
        self.private = private  # it holds original values: never wider than 0o600 (final_mode)
        self.done = 0
        self.written = 0
        self._fd: Optional[int] = None
        self._data: Optional[IO[bytes]] = None
        self._ids: Optional[IO[bytes]] = None

    @property
    def total(self) -> int:
        return self.done + self.written

    def open(self) -> "PartialIndexed":
        return _open_partial(self)

    def skip(self, records: Iterable[Any], id_of=lambda record: record.id, preamble: str = "") -> Iterator[Any]:
        """As PartialJsonl.skip; the data must begin with `preamble` when it holds records (else
        ResumeError E910), and begins with it again when it holds none."""
        records = iter(records)
        head = preamble.encode("utf-8")
        size = os.fstat(self._fd).st_size
        keep_data, keep_index = 0, 0
        if self.index.exists():
            with open(self.index, "rb") as stream:
                for number, (index_end, data_end, done_id) in enumerate(complete_entries(stream, size), 1):
                    record = next(records, None)
                    if record is None or not _same_id(id_of(record), done_id):
                        raise ResumeError(Errors.E903.format(name=self.path, number=number,
                                                             meta=meta_file(self.path).name))
                    keep_data, keep_index, self.done = data_end, index_end, number
        if self.done:
            os.lseek(self._fd, 0, os.SEEK_SET)
            if os.read(self._fd, len(head)) != head:
                raise ResumeError(Errors.E910.format(name=self.path, meta=meta_file(self.path).name))
        os.ftruncate(self._fd, keep_data)
        os.lseek(self._fd, keep_data, os.SEEK_SET)
        self._data = open(self._fd, "wb", closefd=False)
        ids = os.open(self.index, PRIVATE_OPEN, 0o600)
        os.ftruncate(ids, keep_index)
        os.lseek(ids, keep_index, os.SEEK_SET)
        self._ids = open(ids, "wb")
        if not self.done:
            self._data.write(head)
            self._data.flush()
        return records

    def write(self, text: str, record_id: Any = None) -> None:
        assert self._data is not None and self._ids is not None, "skip() first"
        self._data.write(text.encode("utf-8"))
        self._data.flush()  # the record before its index line: a record the index names is whole
        end = self._data.tell()
        self._ids.write((json.dumps([record_id, end], ensure_ascii=False) + "\n").encode("utf-8"))
        self._ids.flush()
        self.written += 1

    def commit(self, ending: str = "") -> None:
        if self._data is None:
            raise RuntimeError(Errors.E961)
        self._data.write(ending.encode("utf-8"))
        self._data.flush()
        os.fsync(self._fd)
        self._data.close()
        os.chmod(self.path, final_mode(self.target, self.private))
        os.replace(self.path, self.target)
        self._close()
        _unlink(self.index)
        _unlink(meta_file(self.path))

    @property
    def empty(self) -> bool:
        """Created by this run, which wrote no record to it: nothing to resume."""
        return not getattr(self, "existed", True) and self.written == 0

    def keep(self) -> None:
        self._close()

    def discard(self) -> None:
        self._close()
        _unlink(self.path)
        _unlink(self.index)
        _unlink(meta_file(self.path))

    def _close(self) -> None:
        for stream in (self._data, self._ids):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass
        self._data = self._ids = None
        if self._fd is not None:
            os.close(self._fd)  # releases the lock
            self._fd = None


class PartialFolder:
    """Files into `folder`, each written whole into `partial_folder(folder)` (temporary name, then
    renamed), moved into place by commit(); a resumed run skips the files already there."""

    def __init__(self, folder: Union[str, Path], digest: str, resume: bool, private: bool = False):
        self.folder = Path(folder)
        self.path = partial_folder(self.folder)
        self.digest, self.resume = digest, resume
        self.private = private  # it holds original values: never wider than 0o600 (final_mode)
        self.done = 0
        self.written = 0
        self._ours: List[Path] = []  # files of this run's input, skipped or written (only they move)
        self._lock_fd: Optional[int] = None

    def open(self) -> "PartialFolder":
        self.folder.mkdir(parents=True, exist_ok=True)
        existed = self.existed = self.path.exists()
        if existed:
            _check_meta(self.path, self.digest, self.resume)
        else:
            os.mkdir(self.path, 0o700)
            _write_meta(self.path, self.digest)
        fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        try:
            _lock(fd, self.path)
        except BaseException:
            os.close(fd)
            raise
        self._lock_fd = fd
        for leftover in self.path.rglob(f"*.{PARTIAL_TAG}-*.tmp"):  # a file a killed run was writing
            _unlink(leftover)
        return self

    def count_done(self, rel_paths: Iterable[Union[str, Path]]) -> int:
        """How many of `rel_paths` are already written (read without changing anything)."""
        return sum(1 for rel in rel_paths if (self.path / rel).is_file())

    def skip(self, records: Iterable[Any], rel_of=lambda record: record.rel_path) -> Iterator[Any]:
        for record in records:
            if (self.path / rel_of(record)).is_file():
                self.done += 1
                self._ours.append(Path(rel_of(record)))
                continue
            yield record

    def write(self, rel_path: Union[str, Path], text: str) -> None:
        final = self.path / rel_path
        final.parent.mkdir(parents=True, exist_ok=True)
        tmp = final.parent / f".{final.name}.{PARTIAL_TAG}-{secrets.token_hex(4)}.tmp"
        with open(tmp, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        os.replace(tmp, final)
        self.written += 1
        self._ours.append(Path(rel_path))

    def commit(self) -> None:
        """Move the files of this run's input into place (a file staged for an input that is gone is not
        output: it is removed with the partial folder)."""
        for rel in self._ours:
            final = self.folder / rel
            final.parent.mkdir(parents=True, exist_ok=True)
            os.chmod(self.path / rel, final_mode(final, self.private))
            os.replace(self.path / rel, final)
        self.discard()

    @property
    def empty(self) -> bool:
        """Created by this run, which wrote nothing to it: nothing to resume."""
        return not getattr(self, "existed", True) and self.written == 0

    def keep(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    def discard(self) -> None:
        self.keep()
        shutil.rmtree(self.path, ignore_errors=True)
        _unlink(meta_file(self.path))


def final_mode(target: Path, private: bool = False) -> int:
    """The mode the finished output gets: that of the regular file it replaces (the umask may have taken
    bits that file had), else the mode a new file gets (0o666 less the umask); `private` (it holds
    original values): no more than 0o600 either way. The partial output itself stays 0o600 while it is
    written."""
    try:
        st = os.stat(target)
        mode = stat.S_IMODE(st.st_mode) if stat.S_ISREG(st.st_mode) else 0o666 & ~_umask()
    except OSError:
        mode = 0o666 & ~_umask()
    return mode & 0o600 if private else mode


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
