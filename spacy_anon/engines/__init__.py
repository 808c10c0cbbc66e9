"""How a corpus run executes: engines (in-process, Dask; an adapter for others) and resumable output."""
from spacy_anon.engines.base import (
    Engine,
    PartitionError,
    PipelineSpec,
    PipelineTask,
    SerialEngine,
    engine_names,
    make_engine,
    partitions,
    register_engine,
    worker_pipeline,
)
from spacy_anon.engines import dask as _dask  # noqa: F401  (registers --engine dask; imports Dask lazily)

__all__ = ["Engine", "PartitionError", "PipelineSpec", "PipelineTask", "SerialEngine", "engine_names",
           "make_engine", "partitions", "register_engine", "worker_pipeline"]
