"""What the benchmark scripts write into docs/benchmarks: the date of a run (not its minute), and no path of
a scratch folder, which a reader's machine does not have."""
import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def script(name):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", REPO / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generalization_quality_shows_scratch_paths_as_placeholders(tmp_path):
    shown = script("generalization_quality").shown_args(
        ["--before", str(tmp_path / "gen" / "before_splitB.json"), "--save-outputs", str(tmp_path / "out"),
         "--records", str(REPO.parent / "shared" / "data" / "w.json"), "--heldout-offset", "50"])
    assert shown == ["--before", "PATH/before_splitB.json", "--save-outputs", "PATH/out",
                     "--records", "../shared/data/w.json", "--heldout-offset", "50"]


def test_scaling_section_gives_the_date_not_the_minute():
    rows = {"length": [], "count": []}
    text = script("scaling").table(rows, "python benchmarks/scaling.py", 100_000, 12.0)
    assert "UTC" not in text
    date_lines = [line for line in text.splitlines() if line.startswith("Date: ")]
    assert len(date_lines) == 1 and len(date_lines[0].strip()) == len("Date: 2026-11-27")
