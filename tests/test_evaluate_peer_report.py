"""benchmarks/peer_comparison.py on a tiny fake shared/ folder (no live systems)."""
import json


def test_peer_report_writes_section(tmp_path, load_benchmark):
    shared = tmp_path / "data"
    (shared / "tab" / "baselines").mkdir(parents=True)
    text = "John Smith lives in Oslo."
    (shared / "tab" / "tab_dev.jsonl").write_text(json.dumps(
        {"doc_id": "d", "text": text, "spans": [{"start": 0, "end": 10, "label": "PERSON"}, {"start": 20, "end": 24, "label": "LOC"}]}) + "\n")
    (shared / "tab" / "baselines" / "spaCy_Entity.json").write_text(json.dumps({"d": [[0, 10, "PERSON"]]}))
    bench = tmp_path / "BENCHMARKS.md"
    bench.write_text("# B\n<!-- evaluation:start -->\nold\n<!-- evaluation:end -->\n<!-- x:start -->keep<!-- x:end -->\n")
    mod = load_benchmark("peer_comparison")
    assert mod.main(["--shared", str(shared), "--no-live", "--write-benchmarks", str(bench)]) == 0
    out = bench.read_text()
    assert "\nold\n" not in out and "keep" in out
    assert "| TAB dev | spaCy (TAB baseline) [precomputed] | 0.667 |" in out
    assert "WikiActors dev" in out  # missing corpus is noted, not fatal
