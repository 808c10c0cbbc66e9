"""Keep every error and warning code in its area's range (spacy_anon/errors.py, AREAS).

A code's area is the `# ---- [area] ...` section of errors.py it is written in (a section without a tag takes
the area of the first module that uses its first code). A code already in its area's range keeps its number;
one outside it moves to the lowest number of its area (not x00) that no code has now and no code had before
(a number a user may still search for is not given a new meaning). A code defined twice (two branches that
took the same number) stops the script: its references cannot tell which one they mean. The sections of
errors.py are put in area order. Every reference is rewritten: `Errors.E123`, `Warnings.W123` and bare codes
("E123", "[E123]") in the .py and .md files of spacy_anon/, tests/, benchmarks/, scripts/ and docs/ (not in
errors.py's docstring, which holds the range table, nor in this script). The old -> new table goes into
CHANGELOG.md (0.2.0, Changed), composed with the one already there (old codes there are never reused).

Deterministic and idempotent: a second run finds every code in range and changes nothing.

    python scripts/renumber_errors.py            # rewrite, print the mapping
    python scripts/renumber_errors.py --check    # exit 1 if a code would move (nothing written)
"""
import argparse
import ast
import re
import sys
from pathlib import Path
from typing import Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
ERRORS = ROOT / "spacy_anon" / "errors.py"
CHANGELOG = ROOT / "CHANGELOG.md"
SCANNED = ("spacy_anon", "tests", "benchmarks", "scripts", "docs")
SUFFIXES = (".py", ".md")
RELEASE = "## 0.2.0"
START, END = "<!-- error codes renumbered: start -->", "<!-- error codes renumbered: end -->"
# Fallback for a section without an `[area]` tag: the area of the module that uses its first code.
MODULE_AREAS = (
    ("spacy_anon/tagger/context_", "context"), ("spacy_anon/tagger/", "crf"), ("spacy_anon/mask/", "mask"),
    ("spacy_anon/rules/", "rules"), ("spacy_anon/generalize/", "generalize"), ("spacy_anon/sensitive/", "generalize"),
    ("spacy_anon/disclosure/", "disclosure"), ("spacy_anon/corpora/", "training"), ("spacy_anon/evaluate/", "training"),
    ("spacy_anon/structured/", "data"), ("spacy_anon/review/", "data"), ("spacy_anon/risk/", "data"),
    ("spacy_anon/io/", "data"), ("spacy_anon/cli/", "cli"), ("spacy_anon/engines/", "cli"),
    ("spacy_anon/coref/", "cli"), ("spacy_anon/", "pipeline"),
)
HEADER = re.compile(r"^    # -+ (?:\[(\w+)\] )?")
DEFINITION = re.compile(r"^    ([EW])(\d{3}) = ")
BARE = re.compile(r"(?<![A-Za-z0-9_])([EW]\d{3})(?![A-Za-z0-9_])")


def read_areas(text: str) -> Dict[str, Tuple[int, int, str]]:
    for node in ast.parse(text).body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["AREAS"]:
            return ast.literal_eval(node.value)
    sys.exit("errors.py has no AREAS table")


def scanned_files() -> List[Path]:
    files = []
    for folder in SCANNED:
        files.extend(p for p in (ROOT / folder).rglob("*") if p.suffix in SUFFIXES and p.is_file()
                     and p.resolve() != Path(__file__).resolve())
    return sorted(files)


class Section:
    """A `# ---- [area]` section of a class body of errors.py: its lines and the codes defined in it."""

    def __init__(self, cls: str, area: Optional[str], lines: List[str]):
        self.cls, self.area, self.lines = cls, area, lines

    def codes(self) -> List[str]:
        return [m.group(1) + m.group(2) for m in map(DEFINITION.match, self.lines) if m]


def split(text: str) -> list:
    """errors.py as a flat list of items, keeping every line: a str for a line outside the sections of
    the Errors and Warnings class bodies, a Section for each section."""
    items: list = []
    cls, section = None, None
    for line in text.split("\n"):
        klass = re.match(r"class (\w+)", line)
        if klass:
            cls, section = klass.group(1), None
            items.append(line)
            continue
        header = HEADER.match(line) if cls in ("Errors", "Warnings") else None
        if header:
            section = Section(cls, header.group(1), [line])
            items.append(section)
        elif section is not None and (line.startswith("    ") or not line.strip()):
            section.lines.append(line)
        else:
            section = None
            items.append(line)
    return items


def infer_area(code: str, cls: str, sources: Dict[Path, str]) -> Optional[str]:
    pattern = re.compile(rf"\b{cls}\.{code}\b")
    for path, text in sources.items():
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("spacy_anon/") and path != ERRORS and pattern.search(text):
            return next(area for prefix, area in MODULE_AREAS if rel.startswith(prefix))
    return None


def old_codes_in_changelog(text: str) -> Dict[str, str]:
    """The table already written: old code -> current code."""
    if START not in text:
        return {}
    block = text[text.index(START):text.index(END)]
    return dict(re.findall(r"^\| ([EW]\d{3}) \| ([EW]\d{3}) \|", block, re.M))


def plan(sections: List[Section], areas, retired: set) -> Dict[str, str]:
    seen: Dict[str, int] = {}
    for section in sections:
        for code in section.codes():
            seen[code] = seen.get(code, 0) + 1
    twice = sorted(code for code, n in seen.items() if n > 1)
    if twice:
        sys.exit(f"errors.py defines {', '.join(twice)} twice: the references cannot tell which one they mean. "
                 "Give one of them an unused number by hand (and its references), then run again.")
    mapping: Dict[str, str] = {}
    taken = {code for code in seen} | retired
    for section in sections:
        first, last, _ = areas[section.area]
        for code in section.codes():
            if first <= int(code[1:]) <= last:
                continue
            free = next((n for n in range(first + 1, last + 1) if f"{code[0]}{n:03d}" not in taken), None)
            if free is None:
                sys.exit(f"area {section.area!r} ({first:03d}-{last:03d}) has no free number for {code}")
            mapping[code] = f"{code[0]}{free:03d}"
            taken.add(mapping[code])
    return mapping


def rewrite(text: str, mapping: Dict[str, str]) -> str:
    return BARE.sub(lambda m: mapping.get(m.group(1), m.group(1)), text)


def ordered(items: list, areas) -> str:
    """errors.py with each class's sections in area order (stable), sections one blank line apart."""
    order = {area: i for i, area in enumerate(areas)}
    out: List[str] = []
    i = 0
    while i < len(items):
        if not isinstance(items[i], Section):
            out.append(items[i])
            i += 1
            continue
        run = []
        while i < len(items) and isinstance(items[i], Section):
            run.append(items[i])
            i += 1
        run.sort(key=lambda s: order[s.area])
        for k, section in enumerate(run):
            lines = list(section.lines)
            while lines and not lines[-1].strip():
                lines.pop()
            out.extend(lines)
            if k < len(run) - 1:
                out.append("")
        out.extend(["", ""] if i < len(items) else [""])
        while i < len(items) and isinstance(items[i], str) and not items[i].strip():
            i += 1
    return "\n".join(out)


def changelog(text: str, mapping: Dict[str, str]) -> str:
    if not mapping:
        return text
    table = old_codes_in_changelog(text)
    composed = {old: mapping.get(new, new) for old, new in table.items()}
    current = set(table.values())
    for old, new in mapping.items():
        if old not in current:  # a code first renumbered now
            composed.setdefault(old, new)
    composed = {old: new for old, new in composed.items() if old != new}
    if not composed:
        return text
    rows = "\n".join(f"| {old} | {new} |" for old, new in sorted(composed.items()))
    block = (f"{START}\n- Error and warning codes are numbered by area (the table at the top of "
             "`spacy_anon/errors.py`);\n  the codes that moved, old -> new (search your logs for the old one):\n\n"
             f"| old | new |\n|-----|-----|\n{rows}\n{END}")
    if START in text:
        return text[:text.index(START)] + block + text[text.index(END) + len(END):]
    release = text.index(RELEASE)
    changed = text.index("### Changed", release)
    at = text.index("\n", changed) + 1
    return text[:at] + "\n" + block + "\n" + text[at:]


def main(argv: Optional[List[str]] = None) -> int:
    global ROOT, ERRORS, CHANGELOG
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a code would move; write nothing")
    parser.add_argument("--root", type=Path, default=None, help="the project folder (default: this checkout)")
    args = parser.parse_args(argv)
    ROOT = (args.root or Path(__file__).resolve().parent.parent).resolve()
    ERRORS, CHANGELOG = ROOT / "spacy_anon" / "errors.py", ROOT / "CHANGELOG.md"
    errors_text = ERRORS.read_text(encoding="utf-8")
    areas = read_areas(errors_text)
    items = split(errors_text)
    sections = [item for item in items if isinstance(item, Section)]
    sources = {path: path.read_text(encoding="utf-8") for path in scanned_files()}
    for section in sections:
        if section.area is None and section.codes():
            section.area = infer_area(section.codes()[0], section.cls, sources)
            print(f"note: section {section.lines[0].strip()!r} has no [area] tag; area {section.area!r} "
                  "from the module that uses it")
        if section.codes() and section.area not in areas:
            sys.exit(f"section {section.lines[0].strip()!r}: unknown area {section.area!r}; "
                     f"known: {', '.join(areas)}")
    log = CHANGELOG.read_text(encoding="utf-8")
    retired = set(old_codes_in_changelog(log))
    mapping = plan(sections, areas, retired)
    for old, new in sorted(mapping.items()):
        print(f"{old} -> {new}")
    print(f"{len(mapping)} code(s) moved")
    if args.check:
        return 1 if mapping else 0
    # errors.py: the module docstring (the range table) is left as it is; the rest is rewritten.
    new_items = []
    for item in items:
        if isinstance(item, Section):
            item.lines = [rewrite(line, mapping) for line in item.lines]
        new_items.append(item)
    body = ordered(new_items, areas)
    doc_end = errors_text.index('"""', 3) + 3
    head = errors_text[:doc_end]
    body = head + rewrite(body[doc_end:], mapping)
    if body != errors_text:
        ERRORS.write_text(body, encoding="utf-8")
    for path, text in sources.items():
        if path == ERRORS:
            continue
        new = rewrite(text, mapping)
        if new != text:
            path.write_text(new, encoding="utf-8")
    new_log = changelog(log, mapping)
    if new_log != log:
        CHANGELOG.write_text(new_log, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
