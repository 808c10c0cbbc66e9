"""`benchmarks/throughput.py --baseline REF`: a commit's pipeline exported beside the working tree and timed
in its own process, without touching the working tree, its index or its branch."""
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "throughput.py"


def bench():
    spec = importlib.util.spec_from_file_location("throughput_bench", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def git(*args):
    return subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, check=True).stdout


def test_export_ref_writes_the_package_of_that_commit_and_leaves_the_index_alone(tmp_path):
    status = git("status", "--porcelain")
    commit = bench().export_ref("HEAD", tmp_path)
    assert re.fullmatch(r"[0-9a-f]{40}", commit) and commit == git("rev-parse", "HEAD").strip()
    exported = tmp_path / "spacy_anon" / "pipeline.py"
    assert exported.read_text(encoding="utf8") == git("show", "HEAD:spacy_anon/pipeline.py")
    assert not (tmp_path / "tests").exists()  # the package only
    assert git("status", "--porcelain") == status


def test_export_ref_refuses_a_ref_that_does_not_exist(tmp_path):
    with pytest.raises(subprocess.CalledProcessError):
        bench().export_ref("no-such-ref-anywhere", tmp_path)


def test_baseline_table_has_both_sides_the_change_and_components_only_one_side_has():
    table = bench().baseline_markdown(
        {"HEAD (abc1234)": {"tokenizer": 0.10, "anon_rules": 0.70, "anon_old": 0.20},
         "working tree": {"tokenizer": 0.10, "anon_rules": 0.50, "anon_new": 0.05}},
        ["HEAD (abc1234)", "working tree"], 3, ["1.0/1.0/1.0", "2.0/1.5/1.0"])
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.split("|")[2:5]]
            for line in table.splitlines() if line.startswith("| ") and "---" not in line}
    assert rows["anon_rules"] == ["0.70", "0.50", "-0.20"]
    assert rows["anon_old"] == ["0.20", "-", "-"] and rows["anon_new"] == ["-", "0.05", "-"]
    assert rows["total"] == ["1.00", "0.65", "-0.35 (-35%)"]
    assert "1.0/1.0/1.0 / 2.0/1.5/1.0" in table


def test_a_worker_imports_the_package_from_the_root_it_is_given():
    data = REPO.parent / "shared" / "data" / "tab" / "tab_dev.jsonl"
    if not data.exists():
        pytest.skip("the TAB dev set is not here")
    done = subprocess.run([sys.executable, str(SCRIPT), "--worker-root", str(REPO), "--data", str(data),
                           "--limit", "1", "--warmup", "1"], capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert Path(result["spacy_anon"]) == REPO / "spacy_anon"
    assert {"tokenizer", "anon_rules", "anon_mask"} <= set(result["components"])


def test_page_section_states_command_date_machine_and_data_without_run_diary(tmp_path):
    """The section written into docs/benchmarks/throughput.md gives the date, not the minute and the load
    average of one run, and shows no scratch path: a path outside the project becomes a placeholder."""
    module = bench()
    row = {"system": "Presidio analyzer + anonymizer", "seconds": 2.0, "cpu_seconds": 1.5, "spans": 3,
           "pipeline": "en_core_web_sm"}
    command = module._display_command(["--runs", "3", "--data", str(tmp_path / "tab_dev.jsonl"),
                                       f"--model={tmp_path / 'model-best'}"])
    table = module.markdown([row], 2, 1000, command, 3, tmp_path / "tab_dev.jsonl")
    assert re.search(r"^Date: \d{4}-\d{2}-\d{2}  $", table, re.M)
    assert "UTC" not in table and "Load average" not in table and "load average" not in table
    assert str(tmp_path) not in table
    assert "`python benchmarks/throughput.py --runs 3 --data PATH/tab_dev.jsonl --model=PATH/model-best`" in table
    assert "`PATH/tab_dev.jsonl` (2 documents, 1,000 characters)" in table
    beside = module.REPO.parent / "shared" / "data" / "tab" / "tab_dev.jsonl"
    assert module._display_path(beside) == "../shared/data/tab/tab_dev.jsonl"
