"""The rules meet the project's target on Presidio's synthetic PII set (skipped when ../shared is absent)."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "presidio_synth" / "synth_dataset_v2.json"


def test_presidio_synth_structured_types_meet_target():
    if not DATA.exists():
        pytest.skip(f"data not available: {DATA}")
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "presidio_synth_rules.py"), "--data", str(DATA),
                          "--json"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    result = json.loads(run.stdout)
    overall = result["overall"]
    assert overall["gold"] == 328
    assert overall["recall"] >= 0.97, overall
    assert overall["precision"] >= 0.95, overall
    for entity_type in (t for t in result if t != "overall"):
        assert result[entity_type]["recall"] >= 0.9, (entity_type, result[entity_type])
