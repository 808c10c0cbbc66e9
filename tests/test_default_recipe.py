"""The shipped default English pipeline is what its recipe (configs/crf_en.cfg, `spacy project run
train-crf-english`) builds: a span filter set on one and not the other would be lost at the next
retraining or measured by the held-out evaluation without being shipped."""
from pathlib import Path

from spacy.util import load_config

REPO = Path(__file__).resolve().parents[1]
RECIPE = REPO / "configs" / "crf_en.cfg"
SHIPPED = REPO / "spacy_anon" / "data" / "default_model" / "config.cfg"


def span_filters(path):
    return load_config(path, interpolate=False)["components"]["anon_crf"]["span_filters"]


def test_the_shipped_default_has_the_recipe_s_span_filters_in_its_order_and_settings():
    recipe, shipped = span_filters(RECIPE), span_filters(SHIPPED)
    assert list(recipe) == list(shipped)
    for name, settings in recipe.items():
        # the shipped config lists every setting; the recipe may leave defaults out
        assert {k: shipped[name][k] for k in settings} == dict(settings), name
