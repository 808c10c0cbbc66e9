"""The package's import graph: no module imports a layer above its own (checked on the source with `ast`,
module-level and function-level imports alike)."""
import ast
from pathlib import Path
from typing import Iterator, Tuple

PACKAGE = Path(__file__).resolve().parents[1] / "spacy_anon"

# Lowest first, in the order of the data flow: detect (rules, tagger, disclosure) -> replace (generalize,
# mask) -> measure (evaluate) -> run (long documents, workers, pipeline assembly) -> command line.
LAYERS = (
    {"doc_keys", "errors", "labels", "text_views", "casing", "case_regime", "possessives", "extensions", "failures", "progress", "candidates", "io", "lexicon",
     "saved_settings", "settings_vocabulary"},
    {"corpora"},
    {"rules"},
    {"tagger"},
    {"disclosure"},
    {"generalize"},
    {"sensitive"},
    {"coref"},
    {"mask"},
    {"evaluate"},
    {"longdocs", "workers", "pipeline", "policy", "engines", "structured", "review", "fast_path"},
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


# Private names (`_name`) used across modules: each entry says why it stays. None may be added: a name
# shared by two modules is public (no underscore) in the module that defines it.
PRIVATE_USES_ALLOWED: set = set()


def is_module(name: str) -> bool:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def dotted(node: ast.AST) -> str:
    """'a.b.c' of a Name/Attribute chain ('' for anything else)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted(node.value)
        return f"{inner}.{node.attr}" if inner else ""
    return ""


def private_uses(path: Path) -> Iterator[str]:
    """'source -> module._name' of each private name of another spacy_anon module this file uses:
    `from spacy_anon.x import _y`, and `_y` read through an imported module (`x._y`, `spacy_anon.x._y`)."""
    source = module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = {}  # local name -> the spacy_anon module it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "spacy_anon":
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if alias.name.startswith("_") and not alias.name.startswith("__") and node.module != source:
                    yield f"{source} -> {full}"
                if is_module(full):
                    modules[alias.asname or alias.name] = full
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "spacy_anon":
                    if alias.asname:
                        modules[alias.asname] = alias.name
                    else:
                        modules["spacy_anon"] = "spacy_anon"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            owner = dotted(node.value)
            head, _, rest = owner.partition(".")
            if head in modules:
                target = modules[head] + (f".{rest}" if rest else "")
                if is_module(target) and target != source:
                    yield f"{source} -> {target}.{node.attr}"


def test_no_module_uses_another_module_s_private_names():
    found = {use for path in sorted(PACKAGE.rglob("*.py")) for use in private_uses(path)}
    assert sorted(found - PRIVATE_USES_ALLOWED) == []
    assert sorted(PRIVATE_USES_ALLOWED - found) == []  # an entry fixed since: remove it from the list


def cli_import_graph() -> dict:
    """spacy_anon.cli module -> the spacy_anon.cli modules it imports (anywhere in the file)."""
    graph = {}
    for path in sorted((PACKAGE / "cli").rglob("*.py")):
        source = module_name(path)
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [f"{node.module}.{a.name}" for a in node.names] + [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                if name.startswith("spacy_anon.cli.") and is_module(name) and name != source:
                    targets.add(name)
        graph[source] = targets
    return graph


def test_cli_modules_import_no_cycle():
    """The command-line modules form layers: the entry point over its paths, over the runner, readers and
    writers; a module importing one that imports it back (even lazily) is a cycle."""
    graph = cli_import_graph()
    cycles, done = [], set()

    def visit(module, stack):
        for target in sorted(graph.get(module, ())):
            if target in stack:
                cycles.append(" -> ".join(stack[stack.index(target):] + [target]))
            elif target not in done:
                visit(target, stack + [target])
        done.add(module)

    for module in sorted(graph):
        if module not in done:
            visit(module, [module])
    assert cycles == []


# The modules of `spacy-anon anonymize` below its entry point: spacy_anon/cli/anonymize.py reads the flags
# once into an Options (`Options.from_args`, in options.py), and every function below takes that.
ANONYMIZE_MODULES = ("messages", "plan", "readers", "settings", "runner", "writers", "text_inputs",
                     "structured_inputs")


def test_anonymize_s_modules_take_options_not_the_parsed_arguments():
    uses = [f"spacy_anon.cli.{name}:{node.lineno}" for name in ANONYMIZE_MODULES
            for node in ast.walk(ast.parse((PACKAGE / "cli" / f"{name}.py").read_text(encoding="utf-8")))
            if (isinstance(node, ast.Name) and node.id in ("argparse", "Namespace", "args"))
            or (isinstance(node, ast.arg) and node.arg == "args")
            or (isinstance(node, ast.Import) and any(a.name == "argparse" for a in node.names))]
    assert uses == []


# Sizes: one concern per module and per class keeps each readable in one sitting. errors.py is a catalogue
# of messages (one line each), not code: it is exempt by name.
MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 400
SIZE_EXEMPT = {"spacy_anon.errors"}


def test_no_module_over_600_lines():
    long = [f"{module_name(path)}: {n} lines" for path in sorted(PACKAGE.rglob("*.py"))
            if module_name(path) not in SIZE_EXEMPT
            and (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES]
    assert long == []


def test_no_class_over_400_lines():
    long = [f"{module_name(path)}.{node.name}: {node.end_lineno - node.lineno + 1} lines"
            for path in sorted(PACKAGE.rglob("*.py")) if module_name(path) not in SIZE_EXEMPT
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES]
    assert long == []


# Modules of the command line not checked by the next test. Each entry says why and when it goes.
# deanonymize.py is being given its own options object; remove this entry when it has one.
NAMESPACE_EXEMPT: dict = {}


def entry_points(tree: ast.AST) -> set:
    """Names of the functions a module registers as sub-command entry points (`set_defaults(func=NAME)`)."""
    return {kw.value.id for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute) and node.func.attr == "set_defaults"
            for kw in node.keywords if kw.arg == "func" and isinstance(kw.value, ast.Name)}


def namespace_uses(path: Path, where: str = "") -> Iterator[str]:
    """Where a function of a command-line module takes or reads argparse's Namespace other than an entry
    point reading it once into its options (`X.from_args(args)`, the one reader of the Namespace)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    entries = entry_points(tree)
    where = where or module_name(path)
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        params = [a.arg for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs]
        name = getattr(fn, "name", "<lambda>")
        if name == "from_args":
            continue
        if isinstance(fn, ast.Lambda) or name in entries:
            if not params:
                continue
            reads = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == params[0]]
            once = [c for c in ast.walk(fn) if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute)
                    and c.func.attr == "from_args" and [getattr(a, "id", None) for a in c.args] == [params[0]]]
            if isinstance(fn, ast.Lambda) and not reads:
                continue  # a lambda that ignores the arguments (a group's help)
            if len(reads) != 1 or len(once) != 1:
                yield f"{where}:{fn.lineno} {name} (an entry point reads its arguments once, with from_args)"
            continue
        annotations = ast.dump(fn.args)
        if "args" in params or "Namespace" in annotations or any(
                isinstance(n, ast.Name) and n.id == "args" for n in ast.walk(fn)):
            yield f"{where}:{fn.lineno} {name} (below an entry point: takes the options, not the Namespace)"


def test_cli_functions_below_the_entry_points_take_options_not_the_parsed_arguments():
    """Each sub-command's entry point (the `func` its `register` sets) reads argparse's Namespace once into
    a frozen options object (spacy_anon/cli/command_options.py, options.py) and passes that down."""
    found = [use for path in sorted((PACKAGE / "cli").glob("*.py"))
             if path.stem not in NAMESPACE_EXEMPT and path.stem != "__init__"  # main() is the program's entry
             for use in namespace_uses(path)]
    assert found == []


def test_the_namespace_check_finds_a_namespace_passed_down(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def register(sub):\n    sub.set_defaults(func=run)\n\n\n"
                   "def run(args):\n    return helper(args)\n\n\ndef helper(args):\n    return args.x\n")
    assert [use.split()[1] for use in namespace_uses(bad, "bad")] == ["run", "helper"]
