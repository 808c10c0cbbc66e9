"""The error and warning catalogue (spacy_anon/errors.py) stays what users search: every code is used,
names its fix, is unique and lies in its area's range; every message the package raises or warns is coded,
and no message is patched after formatting."""
import ast
import re
import string
from pathlib import Path

import pytest

from spacy_anon import errors
from spacy_anon.errors import AREAS, Errors, Warnings

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "spacy_anon"
ERRORS_PY = PACKAGE / "errors.py"
FIX = "Fix:"

# Raises whose literal text is a fragment of a coded message, not a message of its own.
FRAGMENT_RAISES = {
    "fail": "spacy_anon/policy.py: the problem part of E052 (a recognizer file entry), formatted into it",
    "_Rejected": "spacy_anon/io/strict_json.py: the reason inside the coded 'not valid JSON (...)' message",
}
# Codes defined but used only outside spacy_anon/ (none today); code -> reason.
UNUSED_OK = {}


def _sources():
    return sorted(p for p in PACKAGE.rglob("*.py") if p != ERRORS_PY)


def _catalogue(cls):
    return {name: value for name, value in vars(cls).items() if re.fullmatch(r"[EW]\d{3}", name)}


def _sections():
    """(code, area) for each code, by the `# ---- [area]` section it is written in."""
    area, out = None, []
    for line in ERRORS_PY.read_text().splitlines():
        header = re.match(r"\s*# -+ \[(\w+)\]", line)
        if header:
            area = header.group(1)
        elif re.match(r"class \w+", line):
            area = None
        code = re.match(r"    ([EW]\d{3}) = ", line)
        if code:
            out.append((code.group(1), area))
    return out


def test_codes_are_unique():
    codes = [code for code, _ in _sections()]
    assert sorted(set(c for c in codes if codes.count(c) > 1)) == []


def test_each_code_lies_in_its_area_range():
    wrong = []
    for code, area in _sections():
        assert area in AREAS, f"{code} is in no `# ---- [area]` section (areas: {', '.join(AREAS)})"
        first, last, _ = AREAS[area]
        if not first <= int(code[1:]) <= last:
            wrong.append(f"{code} ({area}: {first:03d}-{last:03d})")
    assert wrong == []


@pytest.mark.parametrize("cls", [Errors, Warnings])
def test_every_message_names_its_fix(cls):
    assert [code for code, text in _catalogue(cls).items() if FIX not in text] == []


@pytest.mark.parametrize("cls", [Errors, Warnings])
def test_every_message_formats(cls):
    for code, text in _catalogue(cls).items():
        list(string.Formatter().parse(text))  # no stray single brace
        assert getattr(cls, code).startswith(f"[{code}] ")


def test_every_code_is_used_in_the_package():
    text = "\n".join(p.read_text() for p in _sources())
    used = set(re.findall(r"\b(?:Errors|Warnings)\.([EW]\d{3})\b", text))
    defined = set(_catalogue(Errors)) | set(_catalogue(Warnings))
    assert sorted(defined - used - set(UNUSED_OK)) == []
    assert sorted(used - defined) == []


def _calls(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in (
                "Errors", "Warnings") and re.fullmatch(r"[EW]\d{3}", node.attr):
            yield node


def test_format_calls_give_every_field():
    """`Errors.E123.format(...)` names each field of the message; a message without fields is used as is."""
    problems = []
    for path in _sources():
        tree = ast.parse(path.read_text())
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in _calls(tree):
            message = vars(Errors if node.value.id == "Errors" else Warnings)[node.attr]
            fields = {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(message) if f}
            parent = parents.get(node)
            where = f"{path.relative_to(ROOT)}:{node.lineno} {node.attr}"
            if isinstance(parent, ast.Attribute) and parent.attr == "format":
                call = parents[parent]
                given = {k.arg for k in call.keywords}
                if call.args or None in given:
                    continue  # positional or **kwargs: not checkable here
                if fields - given:
                    problems.append(f"{where}: missing {sorted(fields - given)}")
            elif fields:
                problems.append(f"{where}: used without .format() but has fields {sorted(fields)}")
    assert problems == []


def test_no_message_is_patched():
    """No `.replace(` on a formatted Errors/Warnings member: a message takes the fields it needs."""
    patched = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "replace":
                if any(isinstance(n, ast.Attribute) and getattr(n.value, "id", None) in ("Errors", "Warnings")
                       for n in ast.walk(node.func.value)):
                    patched.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert patched == []


def _literal(node) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):  # "..." + x, "..." % x
        return _literal(node.left) or _literal(node.right)
    return False


def _name(func) -> str:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def test_no_literal_message_is_raised():
    """Every raise in the package gives a coded message (Errors.Exxx), not a literal one."""
    literal = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
                if _literal(node.exc.args[0]) and _name(node.exc.func) not in FRAGMENT_RAISES:
                    literal.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert literal == []


def test_warnings_are_coded():
    """warnings.warn and logger warnings give a Warnings.Wxxx message, never an Errors one."""
    bad = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and _name(node.func) in ("warn", "warning", "_warn") and node.args:
                arg = node.args[0]
                text = ast.unparse(arg)
                if _literal(arg) or "Errors." in text:
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert bad == []


def test_the_literal_check_catches_an_uncoded_raise(tmp_path):
    """The AST check above flags what it should (so a pass means something)."""
    tree = ast.parse('def f(x):\n    raise ValueError(f"bad {x}")\n\ndef g():\n    raise ValueError(Errors.E001)\n')
    flagged = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Raise) and _literal(n.exc.args[0])]
    assert flagged == [2]


def test_messages_take_fields_instead_of_patches():
    """The strategies that need a key name themselves; the disclosure error counts its entities."""
    assert "'encrypt' strategy" in Errors.E110.format(strategy="encrypt", env="SPACY_ANON_KEY")
    assert "'hash' strategy" in Errors.E110.format(strategy="hash", env="SPACY_ANON_KEY")
    assert "2 protected entities without a vector" in Errors.E403.format(n=2, entities="entities")
    assert errors.located("in.jsonl line 3", Errors.E003).startswith("[E003] in.jsonl line 3: ")


def _codes(text: str) -> str:
    """Codes in the fixtures below are written Ǝ123 / Ɯ123 so that renumbering the project leaves them alone."""
    return text.replace("Ǝ", "E").replace("Ɯ", "W")


def _renumber(root, *args):
    import importlib.util
    spec = importlib.util.spec_from_file_location("renumber_errors", ROOT / "scripts" / "renumber_errors.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.main(["--root", str(root), *args])


ERRORS_FIXTURE = '''"""Errors. Codes Ǝ000-Ǝ099 pipeline, Ǝ100-Ǝ199 mask (this docstring is left as it is: Ǝ150)."""
AREAS = {"pipeline": (0, 99, "pipeline"), "mask": (100, 199, "anon_mask"), "cli": (900, 999, "cli")}


class Errors:
    # ---- [mask] anon_mask
    Ǝ101 = "anon_mask: a. Fix: b"
    Ǝ040 = "anon_mask: moved from the pipeline range. Fix: c"

    # ---- [pipeline] load
    Ǝ001 = "load. Fix: d"

    # ---- fine types, written by a branch without a tag (Ǝ760-Ǝ769)
    Ǝ760 = "anon_mask: fine. Fix: e"


class Warnings:
    # ---- [cli] outputs
    Ɯ150 = "--flag. Fix: f"
'''


def test_renumber_script_moves_codes_into_their_range_and_is_idempotent(tmp_path, capsys):
    (tmp_path / "spacy_anon" / "mask").mkdir(parents=True)
    (tmp_path / "docs").mkdir()
    (tmp_path / "tests").mkdir()
    (tmp_path / "spacy_anon" / "errors.py").write_text(_codes(ERRORS_FIXTURE))
    (tmp_path / "spacy_anon" / "mask" / "x.py").write_text(
        _codes("raise ValueError(Errors.Ǝ040)\nraise ValueError(Errors.Ǝ760)\nwarn(Warnings.Ɯ150)\nE1010 = 1\n"))
    (tmp_path / "docs" / "a.md").write_text(
        _codes("refused (Ǝ040), see `[Ǝ760]` and Ɯ150; Ǝ0401 is not a code\n"))
    (tmp_path / "tests" / "test_x.py").write_text(_codes('match=r"\\[Ǝ040\\]"\n'))
    (tmp_path / "CHANGELOG.md").write_text("# Changelog\n\n## 0.2.0 (unreleased)\n\n### Changed\n\n- other\n")
    assert _renumber(tmp_path, "--check") == 1
    assert _renumber(tmp_path) == 0
    out = capsys.readouterr().out
    assert _codes("Ǝ040 -> Ǝ102") in out and _codes("Ǝ760 -> Ǝ103") in out and _codes("Ɯ150 -> Ɯ901") in out
    errors_py = (tmp_path / "spacy_anon" / "errors.py").read_text()
    assert _codes("(this docstring is left as it is: Ǝ150)") in errors_py
    # sections in area order: pipeline, mask (both mask sections), then the warnings' cli section
    order = [line.strip() for line in errors_py.splitlines() if line.strip().startswith(("# ----", "E", "W"))]
    assert order.index("# ---- [pipeline] load") < order.index("# ---- [mask] anon_mask")
    assert _codes('Ǝ102 = "anon_mask: moved from the pipeline range. Fix: c"') in order
    assert (tmp_path / "spacy_anon" / "mask" / "x.py").read_text() == (
        _codes("raise ValueError(Errors.Ǝ102)\nraise ValueError(Errors.Ǝ103)\nwarn(Warnings.Ɯ901)\nE1010 = 1\n"))
    assert (tmp_path / "docs" / "a.md").read_text() == _codes(
        "refused (Ǝ102), see `[Ǝ103]` and Ɯ901; Ǝ0401 is not a code\n")
    assert (tmp_path / "tests" / "test_x.py").read_text() == _codes('match=r"\\[Ǝ102\\]"\n')
    log = (tmp_path / "CHANGELOG.md").read_text()
    assert _codes("| Ǝ040 | Ǝ102 |") in log and _codes("| Ɯ150 | Ɯ901 |") in log and log.endswith("- other\n")
    snapshot = {p: p.read_text() for p in tmp_path.rglob("*") if p.is_file()}
    assert _renumber(tmp_path) == 0 and _renumber(tmp_path, "--check") == 0
    assert {p: p.read_text() for p in tmp_path.rglob("*") if p.is_file()} == snapshot


def test_the_catalogue_needs_no_renumbering(capsys):
    assert _renumber(ROOT, "--check") == 0, capsys.readouterr().out
