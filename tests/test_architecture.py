"""The package's import graph: no module imports a layer above its own (checked on the source with `ast`,
module-level and function-level imports alike)."""
import ast
from pathlib import Path
from typing import Iterator, Tuple

PACKAGE = Path(__file__).resolve().parents[1] / "spacy_anon"

# Lowest first, in the order of the data flow: detect (rules, tagger, disclosure) -> replace (generalize,
# mask) -> measure (evaluate) -> run (long documents, workers, pipeline assembly) -> command line.
LAYERS = (
    {"doc_keys", "errors", "labels", "text_views", "extensions", "failures", "progress", "candidates", "io", "lexicon",
     "saved_settings"},
    {"corpora"},
    {"rules"},
    {"tagger"},
    {"disclosure"},
    {"generalize"},
    {"sensitive"},
    {"coref"},
    {"mask"},
    {"evaluate"},
    {"longdocs", "workers", "pipeline", "policy", "engines", "structured", "review"},
    {"risk"},
    {"cli", "__main__"},
)
LAYER_OF = {area: i for i, areas in enumerate(LAYERS) for area in areas}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> Iterator[Tuple[str, int]]:
    """(imported spacy_anon module, line) of every import in a file."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "spacy_anon":
            if node.module == "spacy_anon":
                for alias in node.names:
                    yield f"spacy_anon.{alias.name}", node.lineno
            else:
                yield node.module, node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "spacy_anon":
                    yield alias.name, node.lineno


def area(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "(package)"


def test_every_area_has_a_layer():
    areas = {area(module_name(p)) for p in PACKAGE.rglob("*.py")} - {"(package)"}
    assert areas <= set(LAYER_OF), sorted(areas - set(LAYER_OF))


def test_no_module_imports_a_higher_layer():
    upward = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = module_name(path)
        if source == "spacy_anon":
            continue  # the package itself assembles the public API
        for target, line in imports(path):
            if target == "spacy_anon":
                upward.append(f"{source}:{line} imports the package root")
                continue
            a, b = area(source), area(target)
            if LAYER_OF[b] > LAYER_OF[a]:
                upward.append(f"{source}:{line} -> {target}")
    assert upward == []


def function_level_imports(path: Path) -> Iterator[Tuple[int, str]]:
    """(line, source lines) of each import of a spacy_anon module inside a function."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for sub in ast.walk(node):
                own = (isinstance(sub, ast.ImportFrom) and (sub.module or "").startswith("spacy_anon")) or \
                    (isinstance(sub, ast.Import) and any(a.name.startswith("spacy_anon") for a in sub.names))
                if own:
                    yield sub.lineno, "\n".join(lines[max(0, sub.lineno - 2):sub.end_lineno])


def test_own_modules_are_imported_at_module_level_unless_documented():
    """A function-level import of our own modules hides the dependency graph; the only accepted ones say
    why on the line before or on the import ("# lazy: <reason>": an import cycle or a heavy optional
    dependency)."""
    hidden = [f"{module_name(path)}:{line}" for path in sorted(PACKAGE.rglob("*.py"))
              for line, text in function_level_imports(path) if "lazy:" not in text]
    assert hidden == []
