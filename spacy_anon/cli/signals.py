"""SIGTERM and SIGHUP end a run the way Ctrl-C does: as an exception in the main thread.

Why: Python's default for SIGTERM/SIGHUP is to die on the spot, leaving temporary output (which may hold
original text) on disk. As an exception, `with`/`finally` blocks run and remove it. SIGKILL cannot be
handled: what it leaves carries the dead process's pid in its name and the next run writing the same
output removes it (`spacy_anon.io.remove_stale_temporaries`).
"""
import signal
import threading
from contextlib import contextmanager
from typing import Dict, Iterator

HANDLED = ("SIGINT", "SIGTERM", "SIGHUP")


class Interrupted(KeyboardInterrupt):
    """A handled signal; `signum` gives the exit status 128 + signum."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def exit_status(err: BaseException) -> int:
    """128 + the signal number (SIGINT for a plain KeyboardInterrupt)."""
    return 128 + int(getattr(err, "signum", signal.SIGINT))


@contextmanager
def signals_as_interrupts() -> Iterator[None]:
    """Within the block, SIGINT, SIGTERM and SIGHUP raise `Interrupted` in the main thread.

    Only the first signal raises: later ones are ignored so that they cannot cut the cleanup short.
    A signal that is ignored when the block starts (`nohup`, a background job) stays ignored. Outside
    the main thread (where handlers cannot be set) nothing changes.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    fired = []

    def handler(signum, frame):
        if fired:
            return
        fired.append(signum)
        raise Interrupted(signum)

    previous: Dict[int, object] = {}
    try:
        for name in HANDLED:
            signum = getattr(signal, name, None)
            if signum is None:
                continue
            current = signal.getsignal(signum)
            if current == signal.SIG_IGN:
                continue
            previous[signum] = current
            signal.signal(signum, handler)
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old if old is not None else signal.SIG_DFL)
