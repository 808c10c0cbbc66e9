"""All-or-nothing output: a file renamed into place (`AtomicFile`), a staged folder (`StagedFolder`), or
stdout written only on success (`StdoutSink`), so that a reader never sees half an output.

Temporary output carries the writing process's pid in its name so that a later run can recognize and
remove what a killed run left behind (`remove_stale_temporaries`).
"""
import errno
import os
import re
import secrets
import shutil
import stat
import sys
import tempfile
from pathlib import Path
from typing import IO, List, Optional, Sequence, Union

# Marker in the names of our temporary files and staging folders: `.NAME.spacy-anon-PID-HEX.tmp`.
TEMP_TAG = "spacy-anon"


# ---------------------------------------------------------------------------------------------------------
# Temporary output: recognizable names, cleanup of what a killed run left behind


def temp_name(prefix: str) -> str:
    """`{prefix}spacy-anon-{pid}-{random}.tmp`: ours, and whose."""
    return f"{prefix}{TEMP_TAG}-{os.getpid()}-{secrets.token_hex(4)}.tmp"


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: alive, another user's
        return True
    return True


def remove_stale_temporaries(target: Union[str, Path], folder_output: bool = False) -> List[Path]:
    """Remove the temporary files (or staging folders, `folder_output`) that runs writing `target` left
    behind and whose process is gone (a SIGKILL cannot be handled: the next run cleans up).

    RETURNS the paths removed.
    """
    target = Path(target)
    if folder_output:
        where, prefix = target, "."
    else:
        where, prefix = target.parent, f".{target.name}."
    pattern = re.compile(re.escape(prefix + TEMP_TAG) + r"-(\d+)-[0-9a-f]+\.tmp")
    removed: List[Path] = []
    try:
        entries = list(os.scandir(where))
    except OSError:
        return removed
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if not match or _pid_alive(int(match.group(1))):
            continue
        path = Path(entry.path)
        try:
            if folder_output and entry.is_dir(follow_symlinks=False):
                shutil.rmtree(path)
            elif not folder_output and not entry.is_dir(follow_symlinks=False):
                path.unlink()
            else:
                continue
        except OSError:
            continue
        removed.append(path)
    return removed


def _missing_folders(folder: Path) -> List[Path]:
    """The folders `mkdir(parents=True)` would create, outermost first."""
    missing = []
    while not folder.exists():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder))
    return missing[::-1]


def _remove_if_empty(folders: Sequence[Path]) -> None:
    for folder in reversed(folders):
        try:
            folder.rmdir()
        except OSError:
            return


def _existing_mode(path: Path) -> Optional[int]:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return stat.S_IMODE(st.st_mode) if stat.S_ISREG(st.st_mode) else None


class AtomicFile:
    """Write a file under a temporary name in its own folder and rename it into place on success.

    The temporary file (`.NAME.spacy-anon-PID-HEX.tmp`) is created by `open()`, so a caller can check
    that the output is writable before doing any work. On an exception inside the `with` block, or
    `discard()`, it is removed (with any folder `open()` created) and the target is left untouched: a
    reader never sees a half-written output. The result has the mode a new file gets (0o666 less the
    umask), or the mode of the file it replaces.
    """

    def __init__(self, path: Union[str, Path], private: bool = False):
        self.path = Path(path)
        self.private = private  # it holds original values: created 0o600 at most, whatever it replaces
        self._tmp: Optional[Path] = None
        self._fh: Optional[IO[str]] = None
        self._created: List[Path] = []

    def open(self) -> IO[str]:
        if self._fh is not None:
            return self._fh
        folder = self.path.parent
        self._created = _missing_folders(folder)
        folder.mkdir(parents=True, exist_ok=True)
        mode = _existing_mode(self.path)
        if self.private:
            mode = 0o600 if mode is None else mode & 0o600
        self._tmp = folder / temp_name(f".{self.path.name}.")  # named before it exists: discard() finds it
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
        fd = os.open(self._tmp, flags, 0o666 if mode is None else mode)
        try:
            if mode is not None:
                os.fchmod(fd, mode)  # the umask may have taken bits the replaced file had
            self._fh = os.fdopen(fd, "w", encoding="utf-8", newline="")
        except BaseException:
            os.close(fd)
            self.discard()
            raise
        return self._fh

    def __enter__(self) -> IO[str]:
        try:
            return self.open()
        except BaseException:
            self.discard()
            raise

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is None:
            self.commit()
        else:
            self.discard()
        return False

    def commit(self) -> None:
        assert self._fh is not None and self._tmp is not None
        try:
            self._fh.flush()
            os.fsync(self._fh.fileno())
            self._fh.close()
            os.replace(self._tmp, self.path)
        except BaseException:
            self.discard()
            raise
        self._tmp = None

    def discard(self) -> None:
        if self._fh is not None and not self._fh.closed:
            try:
                self._fh.close()  # flushing may fail again (disk full): the file goes anyway
            except OSError:
                pass
        if self._tmp is not None:
            try:
                os.unlink(self._tmp)
            except FileNotFoundError:
                pass
            self._tmp = None
        _remove_if_empty(self._created)
        self._created = []


class StagedFolder:
    """All-or-nothing output into a folder: files are written into a hidden staging folder inside it
    (`.spacy-anon-PID-HEX.tmp`) and moved into place only when `commit()` is called; `discard()` removes
    the staging folder (and the output folder when this object created it and it is still empty).
    A moved file that replaces an existing one keeps that file's mode."""

    def __init__(self, folder: Union[str, Path]):
        self.folder = Path(folder)
        self._created = _missing_folders(self.folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.staging: Optional[Path] = self.folder / temp_name(".")
        try:
            os.mkdir(self.staging, 0o700)
        except BaseException:
            self.staging = None
            _remove_if_empty(self._created)
            raise
        self._written: List[Path] = []

    def write_text(self, rel_path: Union[str, Path], text: str) -> None:
        assert self.staging is not None
        target = self.staging / rel_path
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        self._written.append(Path(rel_path))

    def commit(self) -> List[Path]:
        assert self.staging is not None
        for rel in self._written:
            final = self.folder / rel
            final.parent.mkdir(parents=True, exist_ok=True)
            mode = _existing_mode(final)
            if mode is not None:
                os.chmod(self.staging / rel, mode)
            os.replace(self.staging / rel, final)
        shutil.rmtree(self.staging, ignore_errors=True)
        self.staging = None
        return [self.folder / rel for rel in self._written]

    def discard(self) -> None:
        if self.staging is not None:
            shutil.rmtree(self.staging, ignore_errors=True)
            self.staging = None
        _remove_if_empty(self._created)
        self._created = []


class StdoutSink:
    """Collect output in a spooled temporary file (memory, then an unnamed file); copy it to stdout only
    on success (fail closed)."""

    def __init__(self, stream: Optional[IO[str]] = None):
        self.stream = stream
        self._buf = tempfile.SpooledTemporaryFile(max_size=32 * 1024 * 1024, mode="w+", encoding="utf-8",
                                                  newline="")

    def __enter__(self) -> IO[str]:
        return self._buf  # type: ignore[return-value]

    def __exit__(self, exc_type, exc, tb) -> bool:
        try:
            if exc_type is None:
                self.commit()
        finally:
            self.discard()
        return False

    def commit(self) -> None:
        out = self.stream or sys.stdout
        self._buf.seek(0)
        shutil.copyfileobj(self._buf, out)
        out.flush()

    def discard(self) -> None:
        self._buf.close()
