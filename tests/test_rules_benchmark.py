"""The rules meet the project's target on Presidio's synthetic PII set (skipped when ../shared is absent)."""
import pytest


def test_presidio_synth_structured_types_meet_target(load_benchmark):
    bench = load_benchmark("presidio_synth_rules")
    if not bench.DEFAULT_DATA.exists():
        pytest.skip(f"data not available: {bench.DEFAULT_DATA}")
    result = bench.evaluate(bench.DEFAULT_DATA)
    overall = result["overall"]
    assert overall["gold"] == 328
    assert overall["recall"] >= 0.97, overall
    assert overall["precision"] >= 0.95, overall
    for entity_type in bench.TYPES:
        assert result[entity_type]["recall"] >= 0.9, (entity_type, result[entity_type])
