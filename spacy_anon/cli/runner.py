"""Run records through the pipeline, for text, JSONL and structured inputs alike (one code path).

`prepare_pipeline` loads the pipeline of the options and makes it fail closed; `anonymize_records` yields
(record, Outcome) pairs in input order, computed in this process, in `--n-process` forked workers or on
`--engine`'s workers. A record that does not come back anonymized stops the run with a CLIError naming it.
"""
import contextlib
import functools
import sys
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from spacy_anon.cli.messages import EXIT_USAGE, CLIError, info, reason
from spacy_anon.cli.options import DEFAULT_BATCH, Options
from spacy_anon.cli.processing import Failure, Job, anonymize_batch, fail_closed
from spacy_anon.cli.readers import fields_to_anonymize
from spacy_anon.cli.settings import check_coverage, load_pipeline, mask_config, mask_default_config
from spacy_anon.engines import PartitionError, PipelineSpec, PipelineTask, make_engine
from spacy_anon.engines.base import partitions
from spacy_anon.errors import Errors
from spacy_anon.io import Record
from spacy_anon.longdocs import new_memory
from spacy_anon.workers import WorkerError, WorkerPool, fork_context


def prepare_pipeline(options: Options, count: int) -> Tuple[Any, Any, int]:
    """Load the pipeline (refusing one that detects no names unless --rules-only) and make it fail
    closed; RETURNS (nlp, the run's replacement memory or None, the number of processes to use for
    `count` records)."""
    nlp = load_pipeline(options)
    check_coverage(options, nlp)
    fail_closed(nlp)
    if options.max_length:
        nlp.max_length = options.max_length
    run_memory = new_memory() if options.consistent_across_docs else None
    return nlp, run_memory, process_count(options, count)


def process_count(options: Options, count: int) -> int:
    n_process = options.n_process
    if n_process > 1 and options.consistent_across_docs:
        info("--consistent-across-docs shares one replacement memory: running in one process", options.quiet)
        return 1
    if n_process > 1 and count <= 1:
        return 1
    if n_process > 1:
        if fork_context() is None:
            info(f"--n-process {n_process}: worker processes need the 'fork' start method, which "
                 "this platform lacks; running in one process", options.quiet)
            return 1
    return n_process


def record_job(index: int, record: Record, anonymize_fields: Sequence[str] = ()) -> Job:
    """The job of a text or JSONL record: its text, subject and the string fields named."""
    return Job(index, record.text, record.subject, fields_to_anonymize(record, anonymize_fields))


def anonymize_records(nlp, records, options: Options, stack: contextlib.ExitStack,
                      anonymize_fields: Sequence[str] = (), run_memory: Any = None,
                      n_process: int = 1, job_of: Optional[Callable[[int, Any], Job]] = None
                      ) -> Iterator[Tuple[Any, Any]]:
    """(record, Outcome) pairs in input order, computed in this process, in `n_process` forked workers
    (started now, before the caller starts threads; `stack` closes the pool) or on `--engine`'s workers.
    `job_of(index, record)` makes the Job (default: `record_job`; a structured record gives its fields).
    Iterating raises CLIError naming the record when one is not anonymized (fail closed)."""
    pending: Dict[int, Any] = {}
    job_of = job_of or functools.partial(record_job, anonymize_fields=anonymize_fields)

    def jobs() -> Iterator[Job]:
        for index, record in enumerate(records):
            pending[index] = record
            yield job_of(index, record)

    work = functools.partial(anonymize_batch, nlp, run_memory=run_memory, batch_size=options.batch_size,
                             debug=bool(options.debug))
    batches = partitions(jobs(), options.batch_size or DEFAULT_BATCH)
    if options.engine != "local":
        return engine_outcomes(options, batches, pending, stack)
    if n_process == 1:
        return outcomes(map(work, batches), pending)
    pool = stack.enter_context(WorkerPool(n_process, work))
    return outcomes(pool.imap(batches), pending)


def engine_batch(nlp, jobs: Sequence[Job], batch_size: Optional[int] = None, debug: bool = False) -> Any:
    """The task of an engine's worker (importable by name, so it pickles by reference)."""
    fail_closed(nlp)
    return anonymize_batch(nlp, jobs, batch_size=batch_size, debug=debug)


def engine_outcomes(options: Options, batches: Iterator[List[Job]], pending: Dict[int, Record],
                    stack: contextlib.ExitStack) -> Iterator[Tuple[Record, Any]]:
    """--engine NAME: the batches run as partitions on the engine's workers, each loading the pipeline
    once (from a PipelineSpec: the settings, not the loaded pipeline, travel)."""
    spec = PipelineSpec.from_config(options.model, options.lang, mask_config(options, mask_default_config()),
                                    options.max_length)
    task = PipelineTask(spec, functools.partial(engine_batch, batch_size=options.batch_size,
                                                debug=bool(options.debug)))
    try:
        engine = stack.enter_context(make_engine(options.engine, scheduler=options.scheduler,
                                                 n_workers=options.n_process))
    except (ImportError, ValueError) as err:
        raise CLIError(str(err), EXIT_USAGE) from None
    except OSError as err:
        raise CLIError(Errors.E935.format(engine=options.engine, reason=reason(err))) from None
    return engine_replies(options.engine, engine.map(task, batches), pending)


def engine_replies(name: str, replies: Iterator[Any], pending: Dict[int, Record]) -> Iterator[Tuple[Record, Any]]:
    """The outcomes of an engine's partitions; a partition that failed every attempt names its records."""
    try:
        yield from outcomes(replies, pending)
    except PartitionError as err:
        records = [pending[job.index].where for job in err.items if job.index in pending]
        named = ", ".join(records[:20]) + (f" and {len(records) - 20} more" if len(records) > 20 else "")
        raise CLIError(Errors.E908.format(name=name, number=err.number + 1,
                                          attempts=err.attempts, reason=err.reason, records=named)) from None


def outcomes(replies: Iterator[Any], pending: Dict[int, Record]) -> Iterator[Tuple[Record, Any]]:
    """(record, Outcome) pairs of the batches' replies; a Failure stops the run (`failure_error`)."""
    try:
        for reply in replies:
            if isinstance(reply, Failure):
                raise failure_error(reply, pending)
            for outcome in reply:
                yield pending.pop(outcome.index), outcome
    except WorkerError as err:
        raise CLIError(Errors.E936.format(err=err)) from None


def failure_error(failure: Failure, pending: Dict[int, Record]) -> CLIError:
    """The CLIError of a batch that failed, naming its record(s) and field (never their content); the
    traceback is printed only when the batch carries one (--debug)."""
    records = [pending[i] for i in failure.indices if i in pending]
    if len(records) == 1:
        where = records[0].where
    elif records:
        where = f"one of {len(records)} records from {records[0].where} to {records[-1].where}"
    else:
        where = "a record"
    if failure.part is not None:
        where += f", field {failure.part}"
    message = f"{where}: {failure.reason}; no output written"
    if failure.trace:
        print(failure.trace, file=sys.stderr, end="")
    elif failure.reason.startswith("anonymization failed"):
        message += ". Run with --debug to see the traceback (it may quote document content)."
    return CLIError(message)
