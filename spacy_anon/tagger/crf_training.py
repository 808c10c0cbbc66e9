"""Training of `anon_crf` (all of it in `initialize`): the gazetteers the features read, the trigger
words learned from the gold spans, the (feature sequences, tag sequences) of the training docs with
out-of-fold regex-generator matches when cross-fitting, and the CRFsuite fit."""
import os
import tempfile
from typing import Callable, Dict, FrozenSet, List, Mapping, Sequence, Tuple

from spacy.language import Language
from spacy.tokens import Doc
from spacy.training import Example

from spacy_anon.candidates import append_candidates, scored_token_spans
from spacy_anon.errors import Errors
from spacy_anon.lexicon.gazetteers import PHRASE_PREFIX, load_gazetteers
from spacy_anon.tagger._docs import example_gold_tokens
from spacy_anon.tagger.features import learn_triggers, spans_to_tags
from spacy_anon.tagger.phrase_variants import expand_phrases
from spacy_anon.tagger.regex_generator import RuleIndex, apply_rules
from spacy_anon.tagger.regex_generator_component import SOURCE as RX_SOURCE
from spacy_anon.tagger.regex_generator_component import RegexGenerator

FeatureSequences = Tuple[List[List[int]], List[List[List[str]]]]  # (token indices, feature lists) per sequence


def feature_gazetteers(
    name: str, gazetteers: Mapping[str, str], phrase_gazetteers: Mapping[str, str], phrase_variants: Sequence[str]
) -> Dict[str, FrozenSet[str]]:
    """The word gazetteers and the phrase gazetteers (stored under `PHRASE_PREFIX` + name; those in
    `phrase_variants` with their abbreviated spellings) loaded from their source specs."""
    terms = load_gazetteers(gazetteers)
    phrases = load_gazetteers(phrase_gazetteers or {}, phrases=True)
    for phrases_name in phrase_variants or []:
        if phrases_name not in phrases:
            raise ValueError(Errors.E606.format(name=name, phrases=phrases_name))
        phrases[phrases_name] = expand_phrases(phrases[phrases_name])
    terms.update({PHRASE_PREFIX + k: v for k, v in phrases.items()})
    return terms


def learned_triggers(examples: Sequence[Example], gold_key: str, names: FrozenSet[str]) -> FrozenSet[str]:
    """The head words that open gold spans ("Hospital", "Calle"), first and last names left out."""
    data = [([t.text for t in eg.predicted], example_gold_tokens(eg, gold_key)) for eg in examples]
    return learn_triggers(data) - names


def cross_fit_rules(examples: List[Example], docs: List[Doc], nlp: Language, before: str, folds: int) -> None:
    """Replace the matches of the regex generators before the component `before` on the training docs
    by out-of-fold matches (rules learned on the other `folds` - 1 folds)."""
    k = folds
    for pipe_name, proc in nlp.pipeline:
        if pipe_name == before:
            break
        if not isinstance(proc, RegexGenerator):
            continue
        cfg = proc.cfg
        data = proc.training_data(examples)
        fold_of = [i % k for i in range(len(data))]
        for fold in range(k):
            index = RuleIndex(proc.learn([d for d, f in zip(data, fold_of) if f != fold]))
            for (tokens, _gold), doc, f in zip(data, docs, fold_of):
                if f != fold:
                    continue
                key = cfg["spans_key"]
                kept = [s for s in doc.spans[key] if s._.anon_source != RX_SOURCE] if key in doc.spans else []
                doc.spans[key] = kept
                spans = scored_token_spans(doc, apply_rules(tokens, index), RX_SOURCE, cfg["label_map"])
                append_candidates(doc, key, spans)


def training_sequences(
    examples: Sequence[Example],
    docs: Sequence[Doc],
    gold_key: str,
    tag_scheme: str,
    features: Callable[[Doc], FeatureSequences],
) -> Tuple[List[List[List[str]]], List[List[str]]]:
    """(feature sequences, gold tag sequences) of the training docs (`docs[i]`: `examples[i]`'s
    predicted doc as the CRF sees it)."""
    xs, ys = [], []
    for eg, doc in zip(examples, docs):
        tags = spans_to_tags(len(doc), example_gold_tokens(eg, gold_key), tag_scheme)
        for seq, feats in zip(*features(doc)):
            xs.append(feats)
            ys.append([tags[i] for i in seq])
    return xs, ys


def fit_crf(xs: List[List[List[str]]], ys: List[List[str]], c1: float, c2: float, max_iterations: int) -> bytes:
    """The CRFsuite model (L-BFGS with elastic-net regularisation) trained on feature/tag sequences."""
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for x, y in zip(xs, ys):
        trainer.append(x, y)
    trainer.set_params({
        "c1": c1, "c2": c2, "max_iterations": max_iterations,
        "feature.possible_transitions": True,
    })
    handle, path = tempfile.mkstemp(suffix=".crfsuite")
    os.close(handle)
    try:
        trainer.train(path)
        with open(path, "rb") as f:
            return f.read()
    finally:
        os.unlink(path)
