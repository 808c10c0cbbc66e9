"""`anonymize_dataframe`: anonymize chosen columns of a pandas DataFrame, row by row.

The string cells of one row share one replacement memory and one leak guard, so the same name in two
columns of a row gets the same replacement, and a surname alone in one column is masked with the entity
of the full name another column masked. Rows do not share them. Other columns are dropped unless `keep`
names them (nothing passes through by default). pandas is an optional dependency (`pip install spacy-anon[pandas]`).
"""
from typing import Any, Dict, List, Optional, Sequence

from spacy_anon.doc_keys import MEMORY_KEY
from spacy_anon.errors import Errors
from spacy_anon.longdocs import NotAnonymizedError, anonymize_long_text, guard_across, new_memory, result_from_doc


def anonymize_cells(nlp, values: Sequence[Optional[str]], memory: Any = None) -> List[Any]:
    """AnonResult (or None for a missing value) of each value, all with one replacement memory and one
    leak guard (`longdocs.guard_across`: what one cell masked is masked in the others); a value that is
    not anonymized raises NotAnonymizedError (fail closed)."""
    memory = memory if memory is not None else new_memory()
    results: List[Any] = []
    for value in values:
        if value is None:
            results.append(None)
            continue
        if len(value) > nlp.max_length:
            results.append(anonymize_long_text(nlp, value, None, memory))
            continue
        doc = nlp.make_doc(value)
        doc.user_data[MEMORY_KEY] = memory
        doc = nlp(doc)
        if doc._.anon_status != "ok" or doc._.anon_text is None:
            raise NotAnonymizedError(Errors.E830.format(anon_status=doc._.anon_status))
        results.append(result_from_doc(doc))
    present = [k for k, value in enumerate(values) if value is not None]
    guard_across(nlp, [values[k] for k in present], [results[k] for k in present])
    return results


def _missing(value: Any) -> bool:
    try:
        import pandas as pd  # lazy: an optional dependency

        return value is None or bool(pd.isna(value))
    except (TypeError, ValueError):
        return False


def anonymize_dataframe(nlp, df, columns: Sequence[str], keep: Sequence[str] = (), tables: bool = False):
    """A new DataFrame with `columns` anonymized and `keep` copied, in `df`'s column order; other columns
    are left out. Missing values (None/NaN) stay missing; a non-string cell is a TypeError naming its row
    and column (not its value).

    tables: also return {column: [replacement table of each row]} (offsets into the original cell).
    """
    import pandas as pd  # lazy: an optional dependency

    unknown = [c for c in [*columns, *keep] if c not in df.columns]
    if unknown:
        raise KeyError(Errors.E828.format(unknown=', '.join(map(str, unknown))))
    both = set(columns) & set(keep)
    if both:
        raise ValueError(Errors.E829.format(both=', '.join(map(str, sorted(both)))))
    chosen = set(columns) | set(keep)
    order = [c for c in df.columns if c in chosen]
    out: Dict[Any, List[Any]] = {c: [] for c in order}
    row_tables: Dict[Any, List[Any]] = {c: [] for c in columns}
    for position, (index, row) in enumerate(df.iterrows()):
        values: List[Optional[str]] = []
        for column in columns:
            cell = row[column]
            if _missing(cell):
                values.append(None)
            elif isinstance(cell, str):
                values.append(cell)
            else:
                raise TypeError(Errors.E831.format(index=index, position=position, column=column,
                                                   kind=type(cell).__name__))
        results = anonymize_cells(nlp, values)
        for column, value, result in zip(columns, values, results):
            out[column].append(row[column] if result is None else result.anonymized)
            row_tables[column].append([] if result is None else result.table)
        for column in keep:
            out[column].append(row[column])
    frame = pd.DataFrame(out, index=df.index, columns=order)
    return (frame, row_tables) if tables else frame
