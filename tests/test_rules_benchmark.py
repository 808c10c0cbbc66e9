"""The rules meet the project's target on Presidio's synthetic PII set (skipped when ../shared is absent)."""
import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "presidio_synth_rules.py"


def _load_bench():
    spec = importlib.util.spec_from_file_location("presidio_synth_rules", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_presidio_synth_structured_types_meet_target():
    bench = _load_bench()
    if not bench.DEFAULT_DATA.exists():
        pytest.skip(f"data not available: {bench.DEFAULT_DATA}")
    result = bench.evaluate(bench.DEFAULT_DATA)
    overall = result["overall"]
    assert overall["gold"] == 328
    assert overall["recall"] >= 0.97, overall
    assert overall["precision"] >= 0.95, overall
    for entity_type in bench.TYPES:
        assert result[entity_type]["recall"] >= 0.9, (entity_type, result[entity_type])
