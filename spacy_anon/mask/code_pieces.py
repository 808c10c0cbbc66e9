"""A code or a date that a tagger cut at its separators, made one span again: "23" + "01456" + "FUL" of
the planning reference "23/01456/FUL", "02" + "04" of "booked for 02/04". Three pieces would be three
entities with three replacements, the separators left in clear between them, and a reference labelled
as three dates; the whole is one mention, labelled by its shape."""
import re
from typing import Callable, List, Sequence

from spacy.tokens import Span

from spacy_anon.extensions import span_getter

JOINERS = frozenset("/-.")  # what joins the parts of a code or a date, with no space around it


def _from_rules(span: Span) -> bool:
    return str(span_getter("anon_source")(span) or "").startswith("rules.")


_PART = re.compile(r"[^/.\-]+")


def _has_words(value: str) -> bool:
    """Whether a part between the joiners is a word in lower case, not a code's letters ("25,000-square-foot";
    "FUL", "CUST", "kb12" are a code's)."""
    return any(part.isalpha() and part.islower() and len(part) > 2 for part in _PART.findall(value))


def join_code_pieces(spans: Sequence[Span], text: str, relabel: Callable[[Span, str], Span],
                     date_shape: Callable[[str], bool], code_shape: Callable[[str, str], bool]) -> List[Span]:
    """`spans` (sorted, not overlapping) with a tagger's pieces that touch across one of `JOINERS` joined
    when the whole holds a digit: a date's shape makes it DATETIME, pieces all CODE or all ID keep that
    label, a code of letters and digits is ID, and other pieces keep the label they share ("12-14");
    otherwise the pieces stay. The
    joined span takes the attributes of its best-scored piece; a rule's span is never joined."""
    out: List[Span] = []
    run: List[Span] = []

    def flush() -> None:
        out.extend(_joined(run, text, relabel, date_shape, code_shape))
        run.clear()

    for span in spans:
        prev = run[-1] if run else None
        if prev is not None and not _from_rules(span) and prev.end_char < span.start_char \
                and text[prev.end_char:span.start_char] in JOINERS:
            run.append(span)
            continue
        flush()
        if _from_rules(span):
            out.append(span)
        else:
            run.append(span)
    flush()
    return out


def _joined(run: Sequence[Span], text: str, relabel: Callable[[Span, str], Span],
            date_shape: Callable[[str], bool], code_shape: Callable[[str, str], bool]) -> List[Span]:
    if len(run) < 2:
        return list(run)
    value = text[run[0].start_char:run[-1].end_char]
    if not any(c.isdigit() for c in value):
        return list(run)  # "Jean" + "Pierre": names are the name filters' to join
    labels = {span.label_ for span in run}
    if date_shape(value):
        label = "DATETIME"
    elif labels <= {"CODE"} or labels <= {"ID"}:
        label = run[0].label_  # a code already: "11/14e" + "2" of a land register's "11/14e.2"
    elif any(c.isalpha() for c in value) and code_shape(value, run[0].label_) and not _has_words(value):
        label = "ID"
    elif len(labels) == 1:
        label = run[0].label_
    else:
        return list(run)
    score = span_getter("anon_score")
    best = max(run, key=lambda span: score(span) or 0.0)
    whole = relabel(Span(best.doc, run[0].start, run[-1].end, label=best.label_), best.label_)
    for name in ("anon_source", "anon_score", "anon_identifier"):
        found = span_getter(name)(best)
        if found is not None:
            setattr(whole._, name, found)
    if label != best.label_:
        whole = relabel(whole, label)
        whole._.anon_type = None  # decided for the new category (`fine_types.decide_fine_types`)
    return [whole]


_CODE_PREFIX = re.compile(r"[A-Z]{1,5}")  # the letters of a reference before its hyphen ("IR", "INC")


def whole_codes(spans: Sequence[Span], text: str, relabel: Callable[[Span, str], Span]) -> List[Span]:
    """`spans` (sorted, not overlapping) with each ID or CODE grown over the letters and digits written
    against it that no other span holds: a tagger read "20260093" of a court list's "S20260093", and the
    "S" stayed in clear beside the mask; a tagger's ID, code or contact after capital letters and a hyphen
    grows over them and is an identifier ("2025-0311" of "IR-2025-0311", which a tagger read as a phone)."""
    out = list(spans)
    for n, span in enumerate(out):
        if span.label_ not in ("ID", "CODE", "CONTACT"):
            continue
        doc, start, end = span.doc, span.start, span.end
        low = out[n - 1].end if n else 0
        high = out[n + 1].start if n + 1 < len(out) else len(doc)
        label = span.label_
        if start - 2 >= low and doc[start - 1].text == "-" and not doc[start - 1].whitespace_ \
                and not doc[start - 2].whitespace_ and _CODE_PREFIX.fullmatch(doc[start - 2].text) \
                and (start - 3 < low or doc[start - 3].whitespace_ or not doc[start - 3].text.isalnum()):
            start, label = start - 2, "ID"  # "IR-" of "IR-2025-0311": the code's letters, and no contact's
        if label == "CONTACT":
            continue
        while start > low and doc[start - 1].text.isalnum() and not doc[start - 1].whitespace_:
            start -= 1
        while end < high and doc[end].text.isalnum() and not doc[end - 1].whitespace_:
            end += 1
        if (start, end) != (span.start, span.end):
            grown = relabel(Span(doc, start, end, label=label), label)
            for name in ("anon_source", "anon_score", "anon_identifier", "anon_entity"):
                value = span_getter(name)(span)
                if value is not None:
                    setattr(grown._, name, value)
            out[n] = grown
    return out
