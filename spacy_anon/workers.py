"""A small pool of forked worker processes (used by `spacy-anon anonymize --n-process N`).

Why not spaCy's `nlp.pipe(n_process=...)`: on Ctrl-C it can hang for a minute and SIGINT to the parent
can leave orphaned workers. Here the parent loads the pipeline once and forks the workers, which inherit
it (only tasks and plain results cross the pipes); workers ignore SIGINT (the parent decides what an
interruption means) and on Linux die with the parent even when it is SIGKILLed (PR_SET_PDEATHSIG);
results come back in task order; on an error or an interruption the parent terminates and joins every
worker before the exception leaves `with WorkerPool(...)`.
"""
import multiprocessing
import os
import signal
import sys
from collections import deque
from multiprocessing.connection import wait
from typing import Any, Callable, Deque, Dict, Iterable, Iterator, List, Optional

from spacy_anon.errors import Errors

PR_SET_PDEATHSIG = 1  # linux/prctl.h
_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
_JOIN_TIMEOUT = 2.0


class WorkerError(RuntimeError):
    """A worker process died or failed outside the task function (the message holds no content)."""


def fork_context() -> Optional[Any]:
    """The "fork" multiprocessing context, or None where the platform has none (workers must inherit
    the loaded pipeline: other start methods would pickle or reload it)."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return None
    return multiprocessing.get_context("fork")


def _die_with_parent(parent_pid: int) -> None:
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent_pid:  # the parent died before prctl took effect
        os._exit(1)


def _worker_main(conn, func: Callable[[Any], Any], parent_pid: int, others: List[Any]) -> None:
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        for signum in _SIGNALS:
            if signum != signal.SIGINT:
                signal.signal(signum, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)
        _die_with_parent(parent_pid)
        for other in others:  # the parent's ends of earlier workers' pipes
            other.close()
        while True:
            try:
                task = conn.recv()
            except (EOFError, OSError):
                return
            if task is None:
                return
            try:
                reply = (True, func(task))
            except Exception as err:  # noqa: BLE001  (the task function reports its own errors)
                reply = (False, type(err).__name__)
            conn.send(reply)
    except BaseException:  # noqa: BLE001  (no traceback: it could quote a document)
        os._exit(70)


class _Worker:
    def __init__(self, process, conn):
        self.process, self.conn = process, conn


class WorkerPool:
    """`n` forked processes applying `func` to tasks; `imap(tasks)` yields the results in task order.

    func: called in a worker with one task, returns a picklable result; it is inherited through fork,
        so it may close over unpicklable state (a loaded pipeline).
    window: most tasks sent but not yet yielded (default 2 per worker).
    """

    def __init__(self, n: int, func: Callable[[Any], Any], window: Optional[int] = None, ctx: Any = None):
        if n < 1:
            raise ValueError(Errors.E005)
        self.ctx = ctx or fork_context()
        if self.ctx is None:
            raise WorkerError(Errors.E006)
        self.n, self.func = n, func
        self.window = window or 2 * n
        self._workers: List[_Worker] = []

    @property
    def pids(self) -> List[int]:
        return [w.process.pid for w in self._workers]

    def start(self) -> "WorkerPool":
        parent_pid = os.getpid()
        # Signals stay blocked across fork until the worker has set its own handlers: a Ctrl-C in that
        # window must not run the parent's handler in the child.
        old_mask = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
        try:
            for i in range(self.n):
                parent_conn, child_conn = self.ctx.Pipe(duplex=True)
                others = [w.conn for w in self._workers]
                process = self.ctx.Process(target=_worker_main, name=f"spacy-anon-worker-{i + 1}",
                                           args=(child_conn, self.func, parent_pid, others), daemon=True)
                try:
                    process.start()
                finally:
                    child_conn.close()
                self._workers.append(_Worker(process, parent_conn))
        except BaseException:
            signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)
            self.close(graceful=False)
            raise
        signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)
        return self

    def __enter__(self) -> "WorkerPool":
        return self.start()

    def __exit__(self, exc_type, exc, tb) -> bool:
        self.close(graceful=exc_type is None)
        return False

    def imap(self, tasks: Iterable[Any]) -> Iterator[Any]:
        """Results of `func(task)` in task order; raises WorkerError if a worker dies or `func` raises."""
        tasks = iter(tasks)
        idle: Deque[_Worker] = deque(self._workers)
        busy: Dict[int, int] = {}  # id(worker) -> task number
        by_id = {id(w): w for w in self._workers}
        done: Dict[int, Any] = {}
        sent = yielded = 0
        exhausted = False
        while True:
            while idle and not exhausted and sent - yielded < self.window:
                try:
                    task = next(tasks)
                except StopIteration:
                    exhausted = True
                    break
                worker = idle.popleft()
                try:
                    worker.conn.send(task)
                except OSError:
                    raise WorkerError(self._died(worker)) from None
                busy[id(worker)] = sent
                sent += 1
            if yielded in done:
                yield done.pop(yielded)
                yielded += 1
                continue
            if not busy:
                return
            waiting = [by_id[k] for k in busy]
            ready = wait([w.conn for w in waiting] + [w.process.sentinel for w in waiting])
            ended = {r for r in ready if isinstance(r, int)}
            for worker in waiting:
                if any(r is worker.conn for r in ready) or worker.conn.poll():
                    try:
                        ok, result = worker.conn.recv()
                    except (EOFError, OSError):
                        raise WorkerError(self._died(worker)) from None
                    if not ok:
                        raise WorkerError(Errors.E007.format(result=result))
                    done[busy.pop(id(worker))] = result
                    idle.append(worker)
                elif worker.process.sentinel in ended:
                    raise WorkerError(self._died(worker))

    def _died(self, worker: _Worker) -> str:
        worker.process.join(0.5)
        code = worker.process.exitcode
        if code is not None and code < 0:
            try:
                how = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"killed by signal {-code}"
        else:
            how = f"exit status {code}"
        return f"worker process {worker.process.pid} ended unexpectedly ({how})"

    def close(self, graceful: bool = True) -> None:
        """Stop the workers: ask them to finish when `graceful`, else (or if they do not) terminate them;
        always join them, so that none outlives this call."""
        workers, self._workers = self._workers, []
        if graceful:
            for worker in workers:
                try:
                    worker.conn.send(None)
                except OSError:
                    pass
            for worker in workers:
                worker.process.join(_JOIN_TIMEOUT)
        for worker in workers:
            if worker.process.is_alive():
                worker.process.terminate()
        for worker in workers:
            worker.process.join(_JOIN_TIMEOUT)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(_JOIN_TIMEOUT)
            worker.conn.close()
            try:
                worker.process.close()
            except ValueError:  # still running after SIGKILL and a wait: leave it to the OS
                pass
