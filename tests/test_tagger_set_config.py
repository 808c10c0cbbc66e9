"""scripts/tagger_set_config.py changes a packaged model's decode-time settings so that they take effect:
config.cfg is what configures the components: the loaded pipeline has the value written."""
import shutil
import subprocess
import sys
from pathlib import Path

import spacy_anon

REPO = Path(__file__).resolve().parents[1]


def test_a_threshold_written_by_the_script_is_the_one_the_loaded_pipeline_uses(tmp_path):
    model = tmp_path / "model_pt"
    shutil.copytree(REPO / "spacy_anon" / "data" / "default_model_pt", model)
    before = spacy_anon.load(str(model)).get_pipe("anon_crf").cfg["entity_threshold"]
    new = 0.35 if abs(before - 0.35) > 1e-9 else 0.45
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "tagger_set_config.py"), str(model),
                           f"components.anon_crf.entity_threshold={new}"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert abs(spacy_anon.load(str(model)).get_pipe("anon_crf").cfg["entity_threshold"] - new) < 1e-9
