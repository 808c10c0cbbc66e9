"""WordNet glosses as a training corpus for the vectors of generalizations (seed 003 §3.2.3).

The paper gives each candidate generalization a vector by re-training the model with the Wikipedia
article of that concept. Offline we use what the generalizer's WordNet ships: one short text per noun
synset, "lemma, lemma: definition. examples". Adding them with `train-embeddings --update` places
generic words ("performer", "city") in contexts that are not about one particular person.
"""
import json
from pathlib import Path
from typing import Iterator, Optional, Union

from spacy_anon.generalize.wordnet import configure_wn, resolve_lexicon


def wordnet_gloss_texts(lang: str = "en", lexicon: Optional[str] = None) -> Iterator[str]:
    """One text per noun synset of the installed WordNet (`spacy-anon wordnet install`)."""
    configure_wn()
    import wn

    net = wn.Wordnet(resolve_lexicon(lang, lexicon))
    for synset in net.synsets(pos="n"):
        lemmas = ", ".join(l.replace("_", " ") for l in synset.lemmas())
        definition = synset.definition() or ""
        examples = " ".join(e.rstrip(".") + "." for e in synset.examples())
        text = f"{lemmas}: {definition}. {examples}".strip()
        if definition:
            yield text


def write_glosses(out: Union[str, Path], lang: str = "en", lexicon: Optional[str] = None) -> int:
    """Write the glosses as JSONL ({"text": ...}); RETURNS the number of texts."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with out.open("w", encoding="utf8") as fh:
        for text in wordnet_gloss_texts(lang, lexicon):
            fh.write(json.dumps({"text": text}, ensure_ascii=False) + "\n")
            n += 1
    return n
