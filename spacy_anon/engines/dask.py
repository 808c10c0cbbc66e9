"""The Dask engine: partitions run on the workers of a Dask cluster (a LocalCluster of processes when no
scheduler address is given).

Why Dask: it is pure Python and pip-installable (no JVM as for Spark), runs the same code on one machine
(LocalCluster) and on a cluster (`dask scheduler` / `dask worker`, Kubernetes, HPC job queues), ships
plain picklable Python callables, retries a task whose worker died, and its futures let us keep a
bounded window of partitions in flight and read results back in order. Ray would fit as well (see
`register_engine`); Spark suits data already in Spark more than a Python/spaCy workload.

Surrogate memory across documents: Dask offers Actors and distributed Variables, but a shared memory
would serialize every worker on one actor and make numbered replacements depend on which worker ran
first. We keep none: each document has its own memory, and consistency across documents and workers
comes from keyed replacements (HMAC under the secret key), which need no shared state.
"""
import itertools
import logging
import secrets
from collections import deque
from typing import Any, Callable, Deque, Iterable, Iterator, List, Optional, Tuple

from spacy_anon.engines.base import Engine, PartitionError, register_engine

_RUNS = itertools.count(1)


class DaskEngine(Engine):
    """scheduler: address of a running scheduler ("tcp://host:8786") or None for a LocalCluster of
    `n_workers` processes (one thread each: spaCy is CPU-bound and holds the GIL).
    window: partitions in flight (default: 2 per worker thread); retries: extra attempts per partition
    (a worker that dies is also replaced by Dask, up to its `allowed-failures`)."""

    name = "dask"

    def __init__(self, scheduler: Optional[str] = None, n_workers: int = 2, window: Optional[int] = None,
                 retries: int = 2, client: Any = None, **_: Any):
        self.scheduler, self.n_workers = scheduler, max(1, int(n_workers))
        self.window, self.retries = window, max(0, int(retries))
        self.client, self._own_client, self.cluster = client, client is None, None

    def start(self) -> "DaskEngine":
        if self.client is not None:
            return self
        from distributed import Client, LocalCluster

        if self.scheduler:
            self.client = Client(self.scheduler)
        else:
            # on this machine only (documents travel between the processes), no fixed port to collide on
            self.cluster = LocalCluster(n_workers=self.n_workers, threads_per_worker=1, processes=True,
                                        host="127.0.0.1", dashboard_address="127.0.0.1:0",
                                        silence_logs=logging.ERROR)
            self.client = Client(self.cluster)
        return self

    def close(self) -> None:
        if self.client is not None and self._own_client:
            self.client.close()
            self.client = None
        if self.cluster is not None:
            self.cluster.close()
            self.cluster = None

    def _threads(self) -> int:
        try:
            return max(1, sum(self.client.nthreads().values()))
        except Exception:  # noqa: BLE001
            return self.n_workers

    def map(self, task: Callable[[List[Any]], Any], parts: Iterable[List[Any]]) -> Iterator[Any]:
        if self.client is None:
            self.start()
        window = self.window or 2 * self._threads()
        run = f"spacy-anon-{next(_RUNS)}-{secrets.token_hex(4)}"
        parts = iter(parts)
        pending: Deque[Tuple[int, List[Any], Any]] = deque()
        numbers = itertools.count()
        try:
            while True:
                while len(pending) < window:
                    part = next(parts, None)
                    if part is None:
                        break
                    number = next(numbers)
                    future = self.client.submit(task, part, key=f"{run}-{number}", pure=False,
                                                retries=self.retries)
                    pending.append((number, part, future))
                if not pending:
                    return
                number, part, future = pending.popleft()
                try:
                    result = future.result()
                except Exception as err:  # noqa: BLE001  (the type only: a message could quote content)
                    raise PartitionError(number, part, self.retries + 1, type(err).__name__) from None
                finally:
                    future.release()
                yield result
        finally:
            for _, _, future in pending:
                future.cancel()


def make_dask_engine(**options: Any) -> Engine:
    return DaskEngine(**options)


register_engine("dask", make_dask_engine, needs=("distributed", "dask"))
