"""Training settings that do nothing for our taggers are refused before anything is fitted.

`anon_crf`, `anon_regex_generator` and `anon_context_tagger` are fitted in `initialize`, which `spacy train`
runs once; their `update` is a no-op. A `[training] max_steps = 20` therefore trains nothing more and only
prints 20 identical evaluation rows. The shipped configs name `spacy_anon.fitted_in_initialize.v1` as
`[initialize.before_init]`, so such an override is an error ([E700]) that says which settings of the
components do set how long they fit (`max_iterations`, `max_iter`).
"""
from typing import Callable, Dict, Optional

from spacy.util import registry

from spacy_anon.errors import Errors

# our components fitted in `initialize` (update is a no-op), and the settings that bound their fitting
FITTED_IN_INITIALIZE: Dict[str, Optional[str]] = {
    "anon_crf": "anon_crf.max_iterations",
    "anon_regex_generator": None,  # rules counted in one pass
    "anon_context_tagger": "anon_context_tagger.max_iter",
}
# ours, with nothing to fit
NOT_TRAINED = ("anon_rules", "anon_coref", "anon_mask", "anon_generalize", "anon_disclosure")


def check_training_settings(nlp, training: dict) -> None:
    """Raise E700 when [training] asks for other than one step (max_steps 0 runs whole epochs, one
    evaluation row per batch) of a pipeline whose every component is fitted in `initialize` or not
    trained at all (a pipeline with other trainable components passes)."""
    factories = [nlp.get_pipe_meta(name).factory for name in nlp.pipe_names]
    fitted = [f for f in factories if f in FITTED_IN_INITIALIZE]
    if not fitted or any(f not in FITTED_IN_INITIALIZE and f not in NOT_TRAINED for f in factories):
        return
    knobs = ", ".join(FITTED_IN_INITIALIZE[f] for f in dict.fromkeys(fitted) if FITTED_IN_INITIALIZE[f])
    value = training.get("max_steps")
    if value is not None and value != 1:
        raise ValueError(Errors.E700.format(setting="max_steps", value=value, name=", ".join(dict.fromkeys(fitted)),
                                            knobs=knobs))


@registry.callbacks("spacy_anon.fitted_in_initialize.v1")
def make_fitted_in_initialize() -> Callable:
    """`[initialize.before_init]` callback: `check_training_settings` on the pipeline's own config."""

    def before_init(nlp):
        check_training_settings(nlp, dict(nlp.config.get("training", {})))
        return nlp

    return before_init

