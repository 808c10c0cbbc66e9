"""The docs cannot drift from the code.

- Every ```python block of README.md and docs/**/*.md runs: each file's blocks in order, in one
  namespace, in a fresh temporary working directory (one subprocess for all files, so the whole check
  costs one start-up). A block whose opening fence is ```python no-run is skipped; use it only for code
  that needs corpora, trained models, GPUs or the network, and say why in a comment.
- A ```text block that follows a python block within a few lines is that block's expected output: what
  the block prints must match it exactly. The README's quick start must have one.
- Every relative link (and image) in README.md, BENCHMARKS.md, CHANGELOG.md and docs/**/*.md points to
  an existing file, and a #fragment into a Markdown page to an existing heading or anchor.
- README.md has at most 200 lines; no doc cites a paper by an internal seed number instead of its authors.
- Each factory has a page under docs/components/ whose settings table names every key of its
  default_config, and the anon_rules page names every registered recognizer.
"""
import json
import os
import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

import pytest

from conftest import WORDNET_REQUIRED

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
DOCS = REPO / "docs"
EXAMPLE_FILES = [README, *sorted(DOCS.rglob("*.md"))]
LINK_FILES = [README, REPO / "BENCHMARKS.md", REPO / "CHANGELOG.md", *sorted(DOCS.rglob("*.md"))]
MAX_README_LINES = 200
OUTPUT_GAP = 4  # a python block's closing fence to its ```text output block: a blank line, one line of prose, a blank line
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*(.*)$")
INTERNAL_PAPER_NUMBER = re.compile(r"seeds?[\s_\-]*0{2}\d", re.IGNORECASE)
FACTORIES = ("anon_rules", "anon_regex_generator", "anon_crf", "anon_context_tagger", "anon_disclosure",
             "anon_generalize", "anon_coref", "anon_mask", "anon_sensitive",
             "anon_span_vote")
WORDNET_USERS = ("anon_generalize", "generalization_candidates", "anon_sensitive")


@dataclass
class Block:
    info: str  # the fence's info string: "python", "python no-run", "text", "bash", ...
    code: str
    line: int  # line number of the opening fence (1-based)
    end: int  # line number of the closing fence
    expected: Optional[str] = None  # a python block's expected output

    @property
    def lang(self) -> str:
        return self.info.split()[0] if self.info.split() else ""

    @property
    def runnable(self) -> bool:
        return self.lang == "python" and "no-run" not in self.info.split()[1:]


def fenced_blocks(path: Path) -> List[Block]:
    """The fenced code blocks of a Markdown file, with each python block's expected output attached."""
    blocks: List[Block] = []
    lines = path.read_text(encoding="utf8").splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info, start = m.group(1), m.group(2).strip(), i
        body: List[str] = []
        i += 1
        while i < len(lines):
            close = FENCE.match(lines[i])
            if close and close.group(1)[0] == fence[0] and len(close.group(1)) >= len(fence) and not close.group(2):
                break
            body.append(lines[i])
            i += 1
        if i >= len(lines):
            raise AssertionError(f"{path.relative_to(REPO)}:{start + 1}: code block never closed")
        blocks.append(Block(info, textwrap.dedent("\n".join(body)) + "\n", start + 1, i + 1))
        i += 1
    for before, after in zip(blocks, blocks[1:]):
        if before.lang == "python" and after.lang == "text" and after.line - before.end <= OUTPUT_GAP:
            before.expected = after.code
    return blocks


def wordnet_installed() -> bool:
    from spacy_anon.generalize.wordnet_install import is_installed

    return is_installed()


# --------------------------------------------------------------------------- running the examples
RUNNER = r'''
import contextlib, io, json, os, sys, tempfile, traceback
jobs = json.load(open(sys.argv[1], encoding="utf8"))
root = sys.argv[2]
results = {}
for n, (name, blocks) in enumerate(jobs.items()):
    workdir = os.path.join(root, str(n))
    os.makedirs(workdir)
    os.chdir(workdir)
    environ = dict(os.environ)
    namespace = {"__name__": "__main__"}
    outputs, error = [], None
    for block in blocks:
        buffer = io.StringIO()
        try:
            with contextlib.redirect_stdout(buffer):
                exec(compile(block["code"], f"{name}:{block['line']}", "exec"), namespace)
        except BaseException:
            error = f"block at line {block['line']}:\n" + traceback.format_exc()
        outputs.append(buffer.getvalue())
        if error:
            break
    os.environ.clear()
    os.environ.update(environ)
    results[name] = {"outputs": outputs, "error": error}
json.dump(results, open(sys.argv[3], "w", encoding="utf8"))
'''


def _needs_wordnet(blocks: List[Block]) -> bool:
    return any(word in b.code for b in blocks if b.runnable for word in WORDNET_USERS)


def _runnable_files() -> Dict[str, List[Block]]:
    out = {}
    for path in EXAMPLE_FILES:
        blocks = [b for b in fenced_blocks(path) if b.runnable]
        if blocks:
            out[str(path.relative_to(REPO))] = blocks
    return out


@pytest.fixture(scope="module")
def example_runs(tmp_path_factory) -> Dict[str, dict]:
    """Run every file's examples once, in one subprocess; {file: {"outputs": [...], "error": str}}."""
    jobs = {}
    have_wordnet = wordnet_installed()
    for name, blocks in _runnable_files().items():
        if _needs_wordnet(blocks) and not have_wordnet and not WORDNET_REQUIRED:
            continue
        jobs[name] = [{"code": b.code, "line": b.line} for b in blocks]
    tmp = tmp_path_factory.mktemp("doc_examples")
    (tmp / "jobs.json").write_text(json.dumps(jobs), encoding="utf8")
    (tmp / "runner.py").write_text(RUNNER, encoding="utf8")
    env = {k: v for k, v in os.environ.items()
           if k not in ("SPACY_ANON_KEY", "SPACY_ANON_ALLOW_SEED_ONLY")}  # examples run as a user's code would
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    (tmp / "work").mkdir()
    proc = subprocess.run([sys.executable, str(tmp / "runner.py"), str(tmp / "jobs.json"), str(tmp / "work"),
                           str(tmp / "results.json")], cwd=tmp, env=env, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, f"example runner failed:\n{proc.stderr[-4000:]}"
    return json.loads((tmp / "results.json").read_text(encoding="utf8"))


@pytest.mark.parametrize("name", sorted(_runnable_files()))
def test_code_examples_run_and_print_what_the_docs_say(name, example_runs):
    if name not in example_runs:
        pytest.skip("WordNet not installed: run `spacy-anon wordnet install`")
    result = example_runs[name]
    assert result["error"] is None, f"{name}: {result['error']}"
    blocks = _runnable_files()[name]
    for block, printed in zip(blocks, result["outputs"]):
        if block.expected is not None:
            assert printed.rstrip("\n") == block.expected.rstrip("\n"), (
                f"{name}:{block.line}: the block printed\n{printed}\nbut the docs say\n{block.expected}")


def test_readme_quick_start_output_is_checked(example_runs):
    blocks = [b for b in fenced_blocks(README) if b.lang == "python"]
    assert blocks and blocks[0].runnable, "the README's quick start must be a runnable python block"
    quick_start = blocks[0]
    assert "spacy_anon.load()" in quick_start.code
    assert quick_start.expected, "the quick start needs its printed output in a ```text block right after it"
    printed = example_runs["README.md"]["outputs"][0]
    assert printed.rstrip("\n") == quick_start.expected.rstrip("\n")


DESIGN = DOCS / "DESIGN.md"
HOW_TOS = ("An operator", "A recognizer", "A language")  # the ### headings under "Adding ..." in DESIGN.md


def test_design_how_tos_are_worked_examples_that_run(example_runs):
    """Each how-to of DESIGN.md ("Adding an operator, a recognizer, a language") has at least one python
    block that runs as written and whose printed output the page shows (a ```text block after it)."""
    blocks = fenced_blocks(DESIGN)
    lines = DESIGN.read_text(encoding="utf8").splitlines()
    headings = {text: n + 1 for n, text in enumerate(lines) if text.startswith("### ")}
    starts = [headings[f"### {name}"] for name in HOW_TOS]  # a missing heading is a KeyError naming it
    section_end = next(n + 1 for n, text in enumerate(lines) if n + 1 > starts[-1] and text.startswith("## "))
    ends = starts[1:] + [section_end]
    runnable = [b for b in blocks if b.runnable]
    printed = dict(zip((b.line for b in runnable), example_runs[str(DESIGN.relative_to(REPO))]["outputs"]))
    for name, start, end in zip(HOW_TOS, starts, ends):
        checked = [b for b in runnable if start < b.line < end and b.expected]
        assert checked, f"DESIGN.md, {name}: no runnable python block with its printed output"
        for block in checked:
            assert printed[block.line].rstrip("\n") == block.expected.rstrip("\n"), f"DESIGN.md:{block.line}"


def test_no_run_blocks_say_why():
    for path in EXAMPLE_FILES:
        for block in fenced_blocks(path):
            if block.lang == "python" and not block.runnable:
                first = block.code.lstrip().splitlines()[0] if block.code.strip() else ""
                assert first.startswith("#"), (
                    f"{path.relative_to(REPO)}:{block.line}: a no-run block starts with a comment saying why")


# --------------------------------------------------------------------------- links
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
INLINE_CODE = re.compile(r"`+[^`\n]*`+")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
ANCHOR = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")


def _outside_fences(path: Path) -> List[str]:
    """The file's lines with those of fenced blocks blanked (links and headings there are examples)."""
    keep, inside = [], None
    for line in path.read_text(encoding="utf8").splitlines():
        m = FENCE.match(line)
        if inside is None and m:
            inside = m.group(1)
            keep.append("")
        elif inside is not None:
            if m and m.group(1)[0] == inside[0] and len(m.group(1)) >= len(inside) and not m.group(2):
                inside = None
            keep.append("")
        else:
            keep.append(line)
    return keep


def _prose(path: Path) -> str:
    """The file without its fenced blocks and inline code."""
    return "\n".join(INLINE_CODE.sub("", line) for line in _outside_fences(path))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\]\([^)]*\)", "", heading)
    text = re.sub(r"[`*\[\]]", "", text).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set:
    """Anchors of a Markdown page: its headings' slugs (repeats numbered) and explicit <a id=...>."""
    found, counts = set(), {}
    for line in _outside_fences(path):
        m = HEADING.match(line)
        if m:
            base = slug(m.group(1))
            n = counts.get(base, 0)
            counts[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
    found.update(ANCHOR.findall(path.read_text(encoding="utf8")))
    return found


@pytest.mark.parametrize("path", LINK_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_relative_links_point_to_existing_files(path):
    broken = []
    for target in LINK.findall(_prose(path)):
        if re.match(r"^[a-z][a-z0-9+.\-]*:", target, re.I):  # http:, https:, mailto: ...
            continue
        file_part, _, fragment = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        if not dest.exists():
            broken.append(f"{target} (no such file)")
        elif fragment and dest.suffix == ".md" and fragment not in anchors(dest):
            broken.append(f"{target} (no heading or anchor #{fragment})")
    assert not broken, f"{path.relative_to(REPO)}: broken links: {broken}"


# --------------------------------------------------------------------------- size and wording
def test_readme_is_short():
    n = len(README.read_text(encoding="utf8").splitlines())
    assert n <= MAX_README_LINES, f"README.md has {n} lines; move details to a page under docs/"


@pytest.mark.parametrize("path", LINK_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_papers_are_cited_by_name_not_by_internal_number(path):
    hits = [f"line {n}: {line.strip()[:80]}" for n, line in enumerate(path.read_text(encoding="utf8").splitlines(), 1)
            if INTERNAL_PAPER_NUMBER.search(line)]
    assert not hits, f"{path.relative_to(REPO)}: cite the paper (docs/references.md), not its number: {hits}"


# --------------------------------------------------------------------------- completeness
def _settings_keys(page: Path) -> set:
    """Keys named in the first cell of the page's table rows: | `key` | ..."""
    return set(re.findall(r"^\|\s*`([A-Za-z_][A-Za-z0-9_]*)`\s*\|", page.read_text(encoding="utf8"), re.M))


@pytest.mark.parametrize("factory", FACTORIES)
def test_each_component_page_lists_every_setting(factory):
    from importlib.metadata import entry_points

    from spacy.language import Language

    found = [ep for ep in entry_points(group="spacy_factories") if ep.name == factory]
    assert found, f"{factory}: no spacy_factories entry point (setup.cfg)"
    found[0].load()  # registers the factory and its default_config
    page = DOCS / "components" / f"{factory}.md"
    assert page.exists(), f"{factory} has no page under docs/components/"
    assert f"docs/components/{factory}.md" in README.read_text(encoding="utf8"), f"README does not link {factory}"
    keys = set(Language.get_factory_meta(factory).default_config)
    missing = sorted(keys - _settings_keys(page))
    assert not missing, f"{page.relative_to(REPO)}: settings table lacks {missing}"


def test_rules_page_names_every_recognizer():
    from spacy_anon.rules.recognizers import REGISTRY

    text = (DOCS / "components" / "anon_rules.md").read_text(encoding="utf8")
    missing = sorted(name for name in REGISTRY if f"`{name}`" not in text)
    assert not missing, f"docs/components/anon_rules.md does not describe {missing}"
