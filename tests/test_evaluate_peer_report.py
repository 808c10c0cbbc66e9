"""benchmarks/peer_comparison.py on a tiny fake shared/ folder (no live systems)."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_peer_report_writes_section(tmp_path):
    shared = tmp_path / "data"
    (shared / "tab" / "baselines").mkdir(parents=True)
    text = "John Smith lives in Oslo."
    (shared / "tab" / "tab_dev.jsonl").write_text(json.dumps(
        {"doc_id": "d", "text": text, "spans": [{"start": 0, "end": 10, "label": "PERSON"}, {"start": 20, "end": 24, "label": "LOC"}]}) + "\n")
    (shared / "tab" / "baselines" / "spaCy_Entity.json").write_text(json.dumps({"d": [[0, 10, "PERSON"]]}))
    bench = tmp_path / "BENCHMARKS.md"
    bench.write_text("# B\n<!-- evaluation:start -->\nold\n<!-- evaluation:end -->\n<!-- x:start -->keep<!-- x:end -->\n")
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "peer_comparison.py"), "--shared", str(shared),
                          "--no-live", "--write-benchmarks", str(bench)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    out = bench.read_text()
    assert "\nold\n" not in out and "keep" in out
    assert "| TAB dev | spaCy (TAB baseline) [precomputed] | 0.667 |" in out
    assert "WikiActors dev" in out  # missing corpus is noted, not fatal
