"""Small, fast disclosure demo: train toy phrase vectors on the shipped fictional biographies.

    from spacy_anon.disclosure.demo import demo_pipeline
    nlp, rows = demo_pipeline()          # seconds; rows = [{"subject": ..., "text": ...}, ...]
    doc = nlp.make_doc(rows[0]["text"]); doc._.anon_subject = rows[0]["subject"]; doc = nlp(doc)

Real use trains on a corpus that contains the documents to protect (`spacy-anon train-embeddings`).
"""
import json
from pathlib import Path
from typing import Dict, List, Optional, Tuple, Union

import spacy_anon.disclosure.component  # noqa: F401  (registers the anon_disclosure factory)
from spacy_anon.disclosure.vectors import chunk_corpus, load_vectors, save_model, train_model
from spacy_anon.errors import Errors

SAMPLE = Path(__file__).resolve().parents[2] / "assets" / "disclosure" / "biographies.jsonl"

# Tiny corpus, many epochs: enough for the subject's own phrases to cluster around the subject.
DEMO_TRAINING = {"vector_size": 50, "window": 10, "min_count": 1, "sg": 1, "epochs": 200, "sample": 0,
                 "negative": 5, "workers": 1, "seed": 0}


def load_sample(path: Optional[Union[str, Path]] = None) -> List[Dict[str, str]]:
    path = Path(path) if path else SAMPLE
    if not path.exists():
        raise FileNotFoundError(Errors.E406.format(path=path))
    return [json.loads(line) for line in path.read_text(encoding="utf8").splitlines() if line.strip()]


def train_demo_vectors(out_dir: Union[str, Path], sample: Optional[Union[str, Path]] = None) -> Path:
    """Train toy vectors on the sample biographies into out_dir (a few seconds); RETURNS out_dir."""
    rows = load_sample(sample)
    sentences = chunk_corpus([r["text"] for r in rows])
    model = train_model(sentences, **DEMO_TRAINING)
    return save_model(model, out_dir, {"chunker": "rule", "merge_lowercase": False,
                                       "training": DEMO_TRAINING, "documents": len(rows)})


def demo_pipeline(out_dir: Optional[Union[str, Path]] = None, threshold: float = 0.25,
                  sample: Optional[Union[str, Path]] = None, mask_strategy: Optional[str] = None
                  ) -> Tuple[object, List[Dict[str, str]]]:
    """A blank English pipeline with anon_disclosure on freshly trained demo vectors.

    out_dir: where the toy vectors are written; None: a temporary folder that is removed with the pipeline.
    mask_strategy: also add anon_mask with this strategy (e.g. "tag", "generalize"; "generalize" adds
    anon_generalize first, which needs WordNet: `spacy-anon wordnet install`). None: detection only.
    """
    import shutil
    import tempfile
    import weakref

    import spacy

    nlp = spacy.blank("en")
    out = Path(out_dir) if out_dir else Path(tempfile.mkdtemp(prefix="anon_disclosure_demo_"))
    if not out_dir:  # a folder of our own: removed with the pipeline, or when the interpreter exits
        weakref.finalize(nlp, shutil.rmtree, str(out), True)
    if not (out / "vectors.kv").exists():
        train_demo_vectors(out, sample)
    nlp.add_pipe("anon_disclosure", config={"vectors": str(out), "threshold": threshold})
    nlp.get_pipe("anon_disclosure").set_vectors(load_vectors(out))
    if mask_strategy:
        if mask_strategy == "generalize":
            nlp.add_pipe("anon_generalize", config={"threshold": threshold})
        nlp.add_pipe("anon_mask", config={"strategy": mask_strategy})
    return nlp, load_sample(sample)
