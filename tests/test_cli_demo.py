"""`spacy-anon demo` (what `make demo` runs) on the shipped examples."""


from spacy_anon.cli import main
from spacy_anon.cli.demo import example_files, format_table

# Values the rule recognizers must find in the examples (and that must never be printed by default).
SECRETS = ("corina.dabija@example.org", "DE89 3704 0044 0532 0130 00", "40593/04", "s.okafor@example.net",
           "07700 900461")


def test_examples_are_shipped():
    names = [p.name for p in example_files()]
    assert "court_judgment.txt" in names and "clinical_note.txt" in names
    text = "".join(p.read_text(encoding="utf-8") for p in example_files())
    for secret in SECRETS:
        assert secret in text


def test_demo_hides_original_values(capsys):
    assert main(["demo", "--no-biography"]) == 0
    out = capsys.readouterr().out
    assert "court_judgment.txt: anonymized" in out and "clinical_note.txt: anonymized" in out
    assert "replacement table" in out and "CONTACT" in out and "DATETIME" in out
    for secret in SECRETS:
        assert secret not in out


def test_demo_show_original(capsys):
    assert main(["demo", "--no-biography", "--show-original"]) == 0
    out = capsys.readouterr().out
    assert "original" in out
    assert "corina.dabija@example.org" in out.split("court_judgment.txt: anonymized", 1)[1]


def test_format_table():
    rows = [{"start": 0, "end": 3, "label": "PERSON", "identifier": "DIRECT", "entity": "PERSON_1",
             "replacement": "[PERSON_1]", "source": "ner", "score": 0.9}]
    table = format_table(rows, "Ann went home")
    lines = table.splitlines()
    assert lines[0].split() == ["start", "end", "label", "identifier", "entity", "replacement", "source",
                                "original"]
    assert lines[2].split() == ["0", "3", "PERSON", "DIRECT", "PERSON_1", "[PERSON_1]", "ner", "Ann"]
    assert "Ann" not in format_table(rows)
    assert "(no replacements)" in format_table([])


def test_full_demo_never_breaks(capsys):
    """With or without disclosure/WordNet/sample, the demo (as `make demo` runs it) exits 0."""
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "biography: anonymized" in out  # `make test` installs WordNet: nothing may be skipped
