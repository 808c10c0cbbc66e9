"""The review report: one self-contained HTML page of an anonymized JSONL output (with its originals)."""
from spacy_anon.review.html import render_report  # noqa: F401
from spacy_anon.review.records import ReviewDoc, ReviewError, ReviewSpan, read_review_records  # noqa: F401
