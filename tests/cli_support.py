"""Helpers shared by the tests of `spacy-anon anonymize` (imported by them; pytest puts tests/ on sys.path)."""
import json
from pathlib import Path

from spacy_anon.cli import main


def cli(capsys, *argv):
    """Run `spacy-anon anonymize ARGV` in this process: (exit code, stdout, stderr)."""
    code = main(["anonymize", *map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return path


def write_jsonl(path: Path, records) -> Path:
    """One line per record: a dict is written as JSON, a string as it is (for malformed lines)."""
    lines = [r if isinstance(r, str) else json.dumps(r) for r in records]
    return write(path, "\n".join(lines) + "\n")


def read_jsonl(path: Path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def check_anon_offsets(record):
    """Each replacement stands at anon_start:anon_end of "anonymized" (located without the original)."""
    for span in record["spans"]:
        assert record["anonymized"][span["anon_start"]:span["anon_end"]] == span["replacement"]


def raise_on(monkeypatch, word, error=ValueError):
    """Make `spacy-anon anonymize`'s pipeline raise `error` on a text holding `word` (the run stops at that
    record), for the resume and fail-closed tests."""
    from spacy.language import Language

    from spacy_anon.cli import runner

    name = f"test_raise_on_{word}_{error.__name__}"
    if name not in Language.factories:
        @Language.component(name)
        def explode(doc):
            if word in doc.text:
                raise error("boom")
            return doc

    real = runner.load_pipeline

    def load(options):
        nlp = real(options)
        nlp.add_pipe(name, first=True)
        return nlp

    monkeypatch.setattr(runner, "load_pipeline", load)
