"""`spacy-anon report`: the HTML review page, parsed without a browser and rendered in headless Chromium."""
import json
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cli_support import write_jsonl
from spacy_anon.cli import main
from spacy_anon.review import ReviewError, read_review_records, render_report

TEXT_A = "Peter Maxwell wrote to peter@example.com on 3 May 2004.\nHe lives in Leeds."
TEXT_B = "Dr <b>Anna</b> & co: SSN 536-22-1784."


def _span(text, value, label, replacement, anon_start, source, score, entity=None):
    start = text.index(value)
    return {"start": start, "end": start + len(value), "label": label, "entity": entity or replacement.strip("[]"),
            "identifier": "DIRECT", "replacement": replacement, "anon_start": anon_start,
            "anon_end": anon_start + len(replacement), "text": value, "source": source, "score": score}


RECORD_A = {
    "id": "a", "text": TEXT_A,
    "anonymized": "[PERSON_1] wrote to [CONTACT_1] on [DATETIME_1].\nHe lives in [LOC_1].",
    "spans": [_span(TEXT_A, "Peter Maxwell", "PERSON", "[PERSON_1]", 0, "anon_crf", 0.99),
              _span(TEXT_A, "peter@example.com", "CONTACT", "[CONTACT_1]", 20, "rules.email", 1.0),
              _span(TEXT_A, "3 May 2004", "DATETIME", "[DATETIME_1]", 35, "rules.date", 0.85),
              _span(TEXT_A, "Leeds", "LOC", "[LOC_1]", 61, "anon_crf", 0.41)],
}
RECORD_B = {
    "id": "<b>", "text": TEXT_B, "anonymized": "Dr <b>[PERSON_1]</b> & co: SSN [ID_1].",
    "spans": [_span(TEXT_B, "Anna", "PERSON", "[PERSON_1]", 6, "rules.titled_name", 0.9),
              _span(TEXT_B, "536-22-1784", "ID", "[ID_1]", 29, "rules.us_ssn", 1.0)],
}


class _Page(HTMLParser):
    """Elements (tag, attrs) and text, with the text of each <mark> and of <script>/<style>."""

    def __init__(self):
        super().__init__()
        self.elements, self.marks, self.scripts, self.text = [], [], [], []
        self._in = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append((tag, attrs))
        self._in.append((tag, attrs, len(self.text)))

    def handle_endtag(self, tag):
        while self._in:
            open_tag, attrs, at = self._in.pop()
            if open_tag == tag:
                content = "".join(self.text[at:])
                if tag == "mark":
                    self.marks.append((attrs, content))
                elif tag == "script":
                    self.scripts.append(content)
                break

    def handle_data(self, data):
        self.text.append(data)


def parse(page: str) -> _Page:
    parser = _Page()
    parser.feed(page)
    parser.close()
    return parser


@pytest.fixture
def output_jsonl(tmp_path):
    path = tmp_path / "out.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in (RECORD_A, RECORD_B)), encoding="utf-8")
    return path


def report(*argv):
    return main(["report", *map(str, argv)])


def test_records_are_checked_for_offsets(output_jsonl):
    docs = list(read_review_records(output_jsonl))
    assert [d.id for d in docs] == ["a", "<b>"]
    assert [s.text for s in docs[0].spans] == ["Peter Maxwell", "peter@example.com", "3 May 2004", "Leeds"]


def test_page_structure_without_a_browser(output_jsonl):
    page = render_report(list(read_review_records(output_jsonl)))
    parsed = parse(page)
    # per document: the original and the anonymized text, each span highlighted with its label
    originals = [(a["data-label"], text) for a, text in parsed.marks if text.startswith(a["data-label"])]
    marked = {text[len(label):] for label, text in originals}  # each mark: the label tag, then the value
    assert {"Peter Maxwell", "peter@example.com", "3 May 2004", "Leeds", "Anna", "536-22-1784", "[PERSON_1]",
            "[CONTACT_1]", "[DATETIME_1]", "[LOC_1]", "[ID_1]"} <= marked
    assert len(parsed.marks) == 2 * 6
    sources = {a["data-source"] for a, _ in parsed.marks}
    assert sources == {"anon_crf", "rules.email", "rules.date", "rules.titled_name", "rules.us_ssn"}
    # filters: one checkbox per label and per source, a score slider; totals per label
    boxes = {(a["name"], a["value"]) for t, a in parsed.elements if t == "input" and a.get("type") == "checkbox"}
    assert boxes == {("label", label) for label in ("PERSON", "CONTACT", "DATETIME", "LOC", "ID")} | \
        {("source", s) for s in sources}
    assert any(t == "input" and a.get("type") == "range" and a.get("id") == "min-score" for t, a in parsed.elements)
    totals = {a["data-total"] for t, a in parsed.elements if t == "td" and "data-total" in a}
    assert totals == {"PERSON", "CONTACT", "DATETIME", "LOC", "ID"}
    assert '<td>PERSON</td><td>2</td>' in page
    # replacement tables: one row per span
    assert sum(1 for t, a in parsed.elements if t == "tr" and "data-label" in a) == 6
    # exact text kept (line break), every value escaped
    assert "wrote to " in page and ".\nHe lives in " in page
    assert "<b>Anna</b>" not in page and "&lt;b&gt;" in page and "&amp; co" in page
    # self-contained: nothing loaded from anywhere
    for tag, attrs in parsed.elements:
        assert tag not in ("link", "img", "iframe")
        assert "src" not in attrs and not attrs.get("href", "").startswith(("http", "//"))
    assert "http://" not in page and "https://" not in page
    assert parsed.scripts and "apply" in parsed.scripts[0]


def test_cli_writes_the_page_only_with_the_flag(output_jsonl, tmp_path, capsys):
    out = tmp_path / "report.html"
    assert report(output_jsonl, "-o", out) == 2
    assert "[E801]" in capsys.readouterr().err and not out.exists()
    assert report(output_jsonl, "-o", "-", "--include-original") == 2
    assert report(output_jsonl, "-o", out, "--include-original") == 0
    err = capsys.readouterr().err
    assert "2 document(s), 6 span(s)" in err and "original values" in err
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.jsonl", "report.html"]  # no temporary left


def test_cli_refuses_to_overwrite_its_input(output_jsonl, capsys):
    before = output_jsonl.read_bytes()
    assert report(output_jsonl, "-o", output_jsonl, "--include-original") == 2
    assert "input file" in capsys.readouterr().err
    assert output_jsonl.read_bytes() == before


def test_cli_says_when_the_input_holds_no_originals(tmp_path, capsys):
    plain = {k: v for k, v in RECORD_A.items() if k != "text"}
    plain["spans"] = [{k: v for k, v in s.items() if k not in ("text", "source", "score")} for s in RECORD_A["spans"]]
    src = write_jsonl(tmp_path / "plain.jsonl", [plain])
    out = tmp_path / "report.html"
    assert report(src, "-o", out, "--include-original") == 1
    err = capsys.readouterr().err
    assert "line 1" in err and "no original text" in err and "anonymize --include-original" in err
    assert "Leeds" not in err and not out.exists()
    src = write_jsonl(tmp_path / "bad.jsonl", [RECORD_A, "{not json"])
    assert report(src, "-o", out, "--include-original") == 1
    assert "line 2" in capsys.readouterr().err and not out.exists()
    with pytest.raises(ReviewError, match="not an output record"):
        list(read_review_records(write_jsonl(tmp_path / "input.jsonl", [{"id": 1, "text": "x"}])))


def test_report_of_a_real_anonymize_run(tmp_path, capsys):
    """anonymize --include-original, then report: the spans of the default pipeline are on the page."""
    src = write_jsonl(tmp_path / "in.jsonl", [{"id": 1, "text": TEXT_A}, {"id": 2, "text": "Call +44 20 7946 0958."}])
    out = tmp_path / "out.jsonl"
    assert main(["anonymize", str(src), "-o", str(out), "--include-original", "--quiet"]) == 0
    html_out = tmp_path / "r.html"
    assert report(out, "-o", html_out, "--include-original", "--quiet") == 0
    parsed = parse(html_out.read_text(encoding="utf-8"))
    values = {text[len(a["data-label"]):] for a, text in parsed.marks}
    assert {"Peter Maxwell", "peter@example.com"} <= values
    assert all(a["data-source"] != "unknown" and a["data-score"] for a, _ in parsed.marks)


# --- in a browser ------------------------------------------------------------------------------------------

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def _browser():
    return next((shutil.which(b) for b in BROWSERS if shutil.which(b)), None)


def dump_dom(url: str) -> str:
    browser = _browser()
    done = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                           "--no-first-run", "--virtual-time-budget=3000", "--dump-dom", url],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.skipif(_browser() is None, reason="no Chromium installed (apt-get install chromium)")
def test_page_in_headless_chromium(output_jsonl, tmp_path):
    out = tmp_path / "report.html"
    assert report(output_jsonl, "-o", out, "--include-original", "--quiet") == 0
    dom = dump_dom(out.as_uri())
    parsed = parse(dom)
    body = next(a for t, a in parsed.elements if t == "body")
    assert body.get("data-filters") == "ready"  # the script ran
    marks = [(a["data-label"], "off" in a["class"].split()) for a, _ in parsed.marks]
    assert len(marks) == 12 and not any(off for _, off in marks)
    shown = {a["data-total"]: t for t, a in parsed.elements if t == "td" and "data-total" in a}
    assert set(shown) == {"PERSON", "CONTACT", "DATETIME", "LOC", "ID"}
    assert "<td data-total=\"PERSON\">2</td>" in dom
    # filters preset in the address: the score filter hides the low-score span, the label filter others
    dom = dump_dom(out.as_uri() + "#min=0.5")
    off = {(a["data-label"], a["data-score"]) for a, _ in parse(dom).marks if "off" in a["class"].split()}
    assert off == {("LOC", "0.4100")}
    assert "<td data-total=\"LOC\">0</td>" in dom
    dom = dump_dom(out.as_uri() + "#labels=PERSON")
    on = {a["data-label"] for a, _ in parse(dom).marks if "off" not in a["class"].split()}
    assert on == {"PERSON"}
    assert "<td data-total=\"CONTACT\">0</td>" in dom and "<td data-total=\"PERSON\">2</td>" in dom


@pytest.mark.skipif(_browser() is None, reason="no Chromium installed (apt-get install chromium)")
def test_screenshot_script(output_jsonl, tmp_path):
    script = Path(__file__).resolve().parents[1] / "scripts" / "report_screenshot.py"
    png = tmp_path / "report.png"
    import sys

    done = subprocess.run([sys.executable, str(script), str(output_jsonl), "-o", str(png)], capture_output=True,
                          text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
