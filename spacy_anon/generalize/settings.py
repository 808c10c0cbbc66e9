"""The settings of `anon_generalize`: their defaults (the factory's `default_config`) and their checks.

`validated_settings` turns the factory's arguments into the component's `cfg` dict, or raises the coded
error that names the fix; the component reads `cfg` when it runs, so a changed value takes effect.
"""
from pathlib import Path
from typing import Any, Dict, Optional, Sequence, Union

from spacy_anon.errors import Errors
from spacy_anon.generalize.vacuous import COMMON_WORD_ZIPF, DEFAULT_MIN_DEPTH, VACUOUS_POLICIES
from spacy_anon.labels import SPAN_KEY
from spacy_anon.settings_vocabulary import checked

SENSE_MODES = ("context", "first")
SAFETY_RULES = ("absolute", "relative")

DEFAULT_CONFIG: Dict[str, Any] = {
    "vectors": None,
    "vectors_from": "anon_disclosure",
    "threshold": 0.25,
    "safety": "relative",
    "reference_size": 1000,
    "oov_candidates": "unsafe",
    "lang": None,
    "lexicon": None,
    "levels_up": 1,
    "skip_labels": ["CODE", "CONTACT", "ID"],
    "simplify": True,
    "article": True,
    "overwrite": False,
    "spans_key": SPAN_KEY,
    "date_granularity": "month",
    "age_bucket": 10,
    "number_style": "about",
    "knowledge_base": None,
    "vacuous": "tag",
    "min_depth": DEFAULT_MIN_DEPTH,
    "sense": "context",
    "keep_common": True,
    "common_zipf": COMMON_WORD_ZIPF,
    "classes": True,
    "class_threshold": 0.25,
    "document_frequencies": None,
    "crowd_share": 0.05,
    "keep_share": None,
    "regions": True,
}


def validated_settings(
    *,
    vectors: Optional[Union[str, Path]] = None,
    vectors_from: Optional[str] = "anon_disclosure",
    threshold: float = 0.25,
    oov_candidates: str = "unsafe",
    lang: Optional[str] = None,
    lexicon: Optional[str] = None,
    levels_up: int = 1,
    skip_labels: Sequence[str] = ("CODE", "CONTACT", "ID"),
    simplify: bool = True,
    article: bool = True,
    overwrite: bool = False,
    spans_key: str = SPAN_KEY,
    date_granularity: str = "month",
    age_bucket: int = 10,
    number_style: str = "about",
    safety: str = "relative",
    reference_size: int = 1000,
    knowledge_base: Optional[str] = None,
    vacuous: str = "tag",
    min_depth: int = DEFAULT_MIN_DEPTH,
    sense: str = "context",
    keep_common: bool = True,
    common_zipf: float = COMMON_WORD_ZIPF,
    classes: bool = True,
    class_threshold: float = 0.25,
    document_frequencies: Optional[Union[str, Path]] = None,
    crowd_share: Optional[float] = 0.05,
    keep_share: Optional[float] = None,
    regions: bool = True,
) -> Dict[str, Any]:
    """The component's settings, checked and normalised (paths as str, numbers as int or float).

    vectors: path to gensim KeyedVectors (a `spacy-anon train-embeddings` folder, .kv, .model,
        word2vec .txt/.bin). None: use the vectors of the pipeline component `vectors_from`, if any;
        otherwise choose by `levels_up`.
    vectors_from: name of an anon_disclosure component whose vectors to share (None: never).
    threshold: t of seed 003: a generalization g is safe when risk(g, e) < t.
    safety: how risk(g, e) is measured. "absolute" (seed 003): cos(v(g), v(e)). "relative"
        (specificity-adjusted): cos(v(g), v(e)) minus the mean cosine of v(g) to the reference
        population of e, i.e. how much more g points at e than at the entities e hides among; a
        hypernym such as "performer" that is as close to every actor as to e does not single e out.
    reference_size: the reference population for safety="relative": the reference_size most frequent
        multi-word vocabulary keys (in a corpus of biographies: mostly other people, titles and
        organisations), leaving out keys that contain a word of e's name.
    oov_candidates: a candidate without any vector (not even for one of its words) is "unsafe"
        (default, fail closed: a more general candidate is tried) or "safe" (it never occurs in the
        training corpus, so it has no measurable association with e; use with small corpora).
    lang: language of the WordNet lexicon and of coarsened dates and numbers ("en" is installed by
        `spacy-anon wordnet install`); None (the factory's default): the pipeline's, `nlp.lang`.
    lexicon: wn lexicon specifier (e.g. "oewn:2024"); None picks the best installed one.
    levels_up: without vectors, take the levels_up-th candidate of G(s) (1 = the first).
    skip_labels: categories left alone (their replacement is anon_mask's business).
    simplify: try simpler noun phrases before giving up on a term unknown to WordNet.
    article: put "a"/"an" before a bare noun when no determiner precedes the span.
    overwrite: replace an anon_replacement set by an earlier component.
    spans_key: the span group with the candidates.
    date_granularity, age_bucket, number_style: coarsening of DATETIME, AGE, QUANTITY (as anon_mask: one
        definition in `spacy_anon.settings_vocabulary`, checked here).
    knowledge_base: path of a knowledge base of entity classes (`spacy_anon.generalize.knowledge_base`)
        used to generalize names and titles as one unit; None: NER label and WordNet only.
    vacuous: what a span becomes when its only generalizations are vacuous ("thing", "entity", "act",
        see `spacy_anon.generalize.vacuous`): "tag" (anon_mask's tag, "[MISC_1]") or "suppress".
    min_depth: a WordNet concept fewer levels than this below the root is too general to write.
    sense: "context" (the sense of the head that fits its sentence, `spacy_anon.generalize.senses`)
        or "first" (the most frequent sense, seed 003).
    keep_common: a span whose generalization would be vacuous stays as written when it discloses
        nothing: an ordinal or a very common lower-case word ("first", "part"), never a name,
        date, number, code, identifier or contact, nor a word that names a kind of person
        ("writer", "wrestler": an occupation is a quasi-identifier).
    common_zipf: how common a word must be for keep_common (wordfreq Zipf; 5.0 is 100 per million
        words; 4.5 kept "drug" and "highest-paid", which re-identified people on WikiActors).
    classes: a span with no safe specific generalization gets its coarse class ("a film", "a
        place", "a performer", `spacy_anon.generalize.classes`) before it is tagged or suppressed.
    class_threshold: the safety test of a coarse class: risk(class, e) < class_threshold for every
        protected entity (the same risk as `threshold`; 1.0 accepts every class).
    document_frequencies: a corpus like the attacker's background (.jsonl/.jsonl.gz/.txt or a folder)
        or a table written by `DocumentFrequencies.to_disk`: in how many documents each word occurs
        (`spacy_anon.generalize.crowds`). None: the table saved with the pipeline, if any.
    crowd_share: a coarse class (or region) found in at least this share of those documents passes
        the class-level safety test whatever its vector (it points at a crowd); None: off.
    keep_share: a one-word lower-case span whose generalization would be vacuous stays as written
        when at least this share of the documents contain it; None (default): off.
    regions: a nationality word with no safe generalization becomes its world region ("American" ->
        "North American", `spacy_anon.generalize.regions`), under the class-level safety test.

    RETURNS the settings dict, with every key of DEFAULT_CONFIG.
    """
    if float(threshold) <= -1.0 or float(threshold) > 1.0:
        raise ValueError(Errors.E301.format(setting="threshold", allowed="in (-1, 1]", value=threshold,
                                            fix="a cosine similarity bound, e.g. 0.25"))
    if safety not in SAFETY_RULES:
        raise ValueError(Errors.E301.format(setting="safety", allowed=f"one of {SAFETY_RULES}", value=safety,
                                            fix="use one of them"))
    if int(reference_size) < 1:
        raise ValueError(Errors.E301.format(setting="reference_size", allowed=">= 1", value=reference_size,
                                            fix="a number of reference phrases"))
    if oov_candidates not in ("unsafe", "safe"):
        raise ValueError(Errors.E301.format(setting="oov_candidates", allowed="'unsafe' or 'safe'",
                                            value=oov_candidates, fix="use one of them"))
    if int(levels_up) < 1:
        raise ValueError(Errors.E301.format(setting="levels_up", allowed=">= 1", value=levels_up,
                                            fix="how many hypernym levels to climb"))
    if vacuous not in VACUOUS_POLICIES:
        raise ValueError(Errors.E303.format(valid=VACUOUS_POLICIES, value=vacuous))
    if isinstance(min_depth, bool) or not isinstance(min_depth, int) or not 0 <= min_depth <= 20:
        raise ValueError(Errors.E304.format(value=min_depth))
    if isinstance(class_threshold, bool) or not isinstance(class_threshold, (int, float)) or \
            not -1.0 < float(class_threshold) <= 1.0:
        raise ValueError(Errors.E306.format(value=class_threshold))
    for setting, share in (("crowd_share", crowd_share), ("keep_share", keep_share)):
        if share is not None and (isinstance(share, bool) or not isinstance(share, (int, float))
                                  or not 0.0 < float(share) <= 1.0):
            raise ValueError(Errors.E340.format(setting=setting, value=share))
    if sense not in SENSE_MODES:
        raise ValueError(Errors.E305.format(valid=SENSE_MODES, value=sense))
    checked("anon_generalize", "lang", lang)
    lang = lang or "en"
    for setting, value in (("date_granularity", date_granularity), ("age_bucket", age_bucket),
                           ("number_style", number_style)):
        checked("anon_generalize", setting, value)
    cfg: Dict[str, Any] = {
        "vectors": str(vectors) if vectors else None,
        "vectors_from": vectors_from,
        "threshold": float(threshold),
        "safety": safety,
        "reference_size": int(reference_size),
        "oov_candidates": oov_candidates,
        "lang": lang,
        "lexicon": lexicon,
        "levels_up": int(levels_up),
        "skip_labels": list(skip_labels),
        "simplify": bool(simplify),
        "article": bool(article),
        "overwrite": bool(overwrite),
        "spans_key": spans_key,
        "date_granularity": date_granularity,
        "age_bucket": int(age_bucket),
        "number_style": number_style,
        "knowledge_base": str(knowledge_base) if knowledge_base else None,
        "vacuous": vacuous,
        "min_depth": int(min_depth),
        "sense": sense,
        "keep_common": bool(keep_common),
        "common_zipf": float(common_zipf),
        "classes": bool(classes),
        "class_threshold": float(class_threshold),
        "document_frequencies": str(document_frequencies) if document_frequencies else None,
        "crowd_share": None if crowd_share is None else float(crowd_share),
        "keep_share": None if keep_share is None else float(keep_share),
        "regions": bool(regions),
    }
    return cfg


__all__ = ["DEFAULT_CONFIG", "SAFETY_RULES", "SENSE_MODES", "validated_settings"]
