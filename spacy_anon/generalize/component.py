"""`anon_generalize`: replace each candidate span by its most specific safe generalization (seed 003 §3.2.3).

For each span in doc.spans["anon"] it sets `span._.anon_replacement`; `anon_mask`'s `generalize`
strategy uses it. Candidates G(s) come from `wordnet.generalization_candidates` (simpler noun phrases,
WordNet hypernym chain of the most frequent sense, a category word, the root "entity").

Choosing among them:
- With word vectors (config `vectors`, or the KeyedVectors of the pipeline's `anon_disclosure`
  component): the first g with risk(g, e) < threshold for every protected entity e; risk is
  cos(v(g), v(e)) minus g's mean cosine to a reference population (safety="relative", default: a
  generalization as close to everybody as to e does not single e out) or cos(v(g), v(e)) alone
  (safety="absolute", seed 003 as written)
  (`doc._.anon_subject`, else the most frequent PERSON, as in anon_disclosure). A candidate missing from
  the vectors gets the mean of its words' vectors; with none of its words known it is not considered
  safe (fail closed) and anon_stats["generalize_no_vector"] counts it. Seed 003 gives such candidates a
  vector by a vocabulary update (`spacy_anon.disclosure.vectors.update_model` with texts about them)
  when the disclosure model is trained; the mean of words is the fallback here.
- Without vectors or without a protected entity: G(s)[levels_up - 1] (default 1: the first
  generalization, Barcelona -> city).
- DATETIME, AGE and QUANTITY are coarsened like anon_mask does (`spacy_anon.generalize.coarsen`).
- Labels in `skip_labels` (CODE, CONTACT, ID by default) are left to anon_mask.

Output: bare nouns get an indefinite article unless a determiner precedes the span ("moved to
Barcelona" -> "moved to a city"; "the Barcelona office" keeps "the"); a capital is kept at sentence
start.
"""
import json
import pickle
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.util import from_bytes as util_from_bytes
from spacy.util import from_disk as util_from_disk
from spacy.util import to_bytes as util_to_bytes
from spacy.util import to_disk as util_to_disk

from spacy_anon import extensions  # noqa: F401  (registers the span attributes)
from spacy_anon.disclosure.chunking import chunk_doc, text_key
from spacy_anon.disclosure.detect import build_subjects, name_parts, subjects_of
from spacy_anon.disclosure.vectors import KV_NAME, entity_vector, load_vectors, phrase_vector
from spacy_anon.errors import Errors
from spacy_anon.generalize import coarsen
from spacy_anon.generalize.knowledge_base import KnowledgeBase
from spacy_anon.generalize.units import unit_generalization
from spacy_anon.generalize.wordnet import (
    choose_generalization,
    generalization_candidates,
    resolve_lexicon,
)
from spacy_anon.labels import SPAN_KEY

COARSENED_LABELS = ("DATETIME", "AGE", "QUANTITY")
# A number that coarsening cannot handle ("two daughters") is replaced by this word, not looked up.
SOME_NUMBER = {"en": "some"}
# Last-resort generalization per category (before the root "entity") when WordNet has nothing better.
CATEGORY_WORDS: Dict[str, Dict[str, str]] = {
    "en": {"PERSON": "person", "ORG": "organization", "LOC": "location", "DEM": "group",
           "MISC": "thing", "DATETIME": "date", "AGE": "age", "QUANTITY": "quantity"},
}
# Labels whose mentions are names: simplifying them ("Tom Cruise" -> "Cruise") would leak a part of the
# name, so only their WordNet entry (e.g. "Einstein" > physicist) and the category word are candidates.
NAME_LABELS = ("PERSON",)
DETERMINERS = frozenset(
    "a an the this that these those my your his her its our their whose which what some any every each "
    "no another either neither".split()
)
SAFETY_RULES = ("absolute", "relative")
_AN_EXCEPTIONS_A = ("uni", "use", "usu", "eu", "one", "once", "ure")
_AN_EXCEPTIONS_AN = ("hour", "honest", "honor", "honour", "heir")

DEFAULT_CONFIG: Dict[str, Any] = {
    "vectors": None,
    "vectors_from": "anon_disclosure",
    "threshold": 0.25,
    "safety": "relative",
    "reference_size": 1000,
    "oov_candidates": "unsafe",
    "lang": "en",
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
}


@Language.factory("anon_generalize", default_config=DEFAULT_CONFIG)
def make_anon_generalize(
    nlp: Language,
    name: str,
    vectors: Optional[str],
    vectors_from: Optional[str],
    threshold: float,
    oov_candidates: str,
    lang: str,
    lexicon: Optional[str],
    levels_up: int,
    skip_labels: List[str],
    simplify: bool,
    article: bool,
    overwrite: bool,
    spans_key: str,
    date_granularity: str,
    age_bucket: int,
    number_style: str,
    safety: str = "relative",
    reference_size: int = 1000,
    knowledge_base: Optional[str] = None,
) -> "Generalizer":
    """Build the generalizer; see `Generalizer` for the arguments."""
    return Generalizer(
        nlp, name, vectors=vectors, vectors_from=vectors_from, threshold=threshold,
        oov_candidates=oov_candidates, lang=lang, lexicon=lexicon, levels_up=levels_up,
        skip_labels=skip_labels, simplify=simplify, article=article, overwrite=overwrite, spans_key=spans_key,
        date_granularity=date_granularity, age_bucket=age_bucket, number_style=number_style,
        safety=safety, reference_size=reference_size, knowledge_base=knowledge_base,
    )


def _cosine(a, b) -> float:
    import numpy

    na, nb = float(numpy.linalg.norm(a)), float(numpy.linalg.norm(b))
    if na == 0.0 or nb == 0.0:
        return 0.0
    return float(numpy.dot(a, b) / (na * nb))


def candidate_vector(kv, phrase: str):
    """v(g): the phrase's own vector (keys as the disclosure chunker writes them), else the mean of its
    words' vectors; None when no word is known."""
    import numpy

    vec = phrase_vector(kv, phrase)
    if vec is not None:
        return vec
    words = [w for w in text_key(phrase).split("_") if w] or phrase.lower().split()
    vecs = [kv[w] for w in words if w in kv.key_to_index]
    if not vecs:
        return None
    return numpy.mean(numpy.vstack(vecs), axis=0)


def _is_cardinal(token) -> bool:
    """A number ("2", "two", "18,000"), not an ordinal ("first", "3rd")."""
    if not token.like_num:
        return False
    lower = token.lower_
    return not (lower.endswith(("st", "nd", "rd", "th")) or lower in ("first", "second", "third"))


def with_article(word: str) -> str:
    """"city" -> "a city", "organization" -> "an organization" (simple spelling rules)."""
    lower = word.lower()
    if lower.startswith(_AN_EXCEPTIONS_AN):
        art = "an"
    elif lower.startswith(_AN_EXCEPTIONS_A):
        art = "a"
    else:
        art = "an" if lower[:1] in "aeiou" else "a"
    return f"{art} {word}"


class Generalizer:
    """Set `span._.anon_replacement` to the most specific safe generalization of each candidate span.

    DOCS: docs/components/anon_generalize.md
    """

    def __init__(
        self,
        nlp: Optional[Language] = None,
        name: str = "anon_generalize",
        *,
        vectors: Optional[Union[str, Path]] = None,
        vectors_from: Optional[str] = "anon_disclosure",
        threshold: float = 0.25,
        oov_candidates: str = "unsafe",
        lang: str = "en",
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
    ) -> None:
        """
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
        lang: language of the WordNet lexicon ("en" is installed by `spacy-anon wordnet install`).
        lexicon: wn lexicon specifier (e.g. "oewn:2024"); None picks the best installed one.
        levels_up: without vectors, take the levels_up-th candidate of G(s) (1 = the first).
        skip_labels: categories left alone (their replacement is anon_mask's business).
        simplify: try simpler noun phrases before giving up on a term unknown to WordNet.
        article: put "a"/"an" before a bare noun when no determiner precedes the span.
        overwrite: replace an anon_replacement set by an earlier component.
        spans_key: the span group with the candidates.
        date_granularity, age_bucket, number_style: coarsening of DATETIME, AGE, QUANTITY (as anon_mask).
        knowledge_base: path of a knowledge base of entity classes (`spacy_anon.generalize.knowledge_base`)
            used to generalize names and titles as one unit; None: NER label and WordNet only.
        """
        self.nlp = nlp
        self.name = name
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
        if not isinstance(lang, str) or not lang.isalpha() or not 2 <= len(lang) <= 3:
            raise ValueError(Errors.E301.format(setting="lang", allowed="a language code", value=lang,
                                                fix="e.g. 'en', 'es' or 'pt'"))
        self.cfg: Dict[str, Any] = {
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
        }
        # Fail early with the fix when WordNet is missing (or the lexicon/language has none).
        self.lexicon = resolve_lexicon(lang, lexicon)
        self._kv = None
        self._kb = None
        self._reference: Dict[Tuple[Any, ...], Any] = {}
        self._candidates: Dict[Tuple[Any, ...], List[str]] = {}
        # A missing vectors path is reported on first use, not here: a pipeline saved with
        # nlp.to_disk carries its own copy of the vectors and must load after the original is gone.

    # -- vectors -----------------------------------------------------------------------------------
    @property
    def kv(self):
        """The KeyedVectors used for the safety test, or None (no vectors: choose by levels_up)."""
        if self._kv is None and self.cfg["vectors"]:
            path = Path(self.cfg["vectors"])
            if not path.exists():
                raise ValueError(Errors.E302.format(path=str(path)))
            self._kv = load_vectors(path)
        if self._kv is None and self.cfg["vectors_from"] and self.nlp is not None:
            if self.cfg["vectors_from"] in getattr(self.nlp, "pipe_names", ()):
                pipe = self.nlp.get_pipe(self.cfg["vectors_from"])
                if getattr(pipe, "_kv", None) is not None or (getattr(pipe, "cfg", {}) or {}).get("vectors"):
                    return pipe.kv
        return self._kv

    def set_vectors(self, kv) -> None:
        """Use these KeyedVectors (e.g. shared with another component)."""
        self._kv = kv

    @property
    def knowledge_base(self):
        """The KnowledgeBase of `knowledge_base`, loaded on first use; None when not configured."""
        if self._kb is None and self.cfg.get("knowledge_base"):
            self._kb = KnowledgeBase.from_path(self.cfg["knowledge_base"])
        return self._kb

    # -- decisions ---------------------------------------------------------------------------------
    def candidates(self, text: str, label: Optional[str] = None) -> List[str]:
        """G(s) for a mention text with its category."""
        key = (text, label, self.cfg["lang"], self.lexicon, self.cfg["simplify"])
        if key not in self._candidates:
            if len(self._candidates) > 100_000:
                self._candidates.clear()
            self._candidates[key] = self._compute_candidates(text, label)
        return list(self._candidates[key])

    def _compute_candidates(self, text: str, label: Optional[str]) -> List[str]:
        lang = self.cfg["lang"]
        category = CATEGORY_WORDS.get(lang, {}).get(label) if label else None
        simplify = self.cfg["simplify"] and label not in NAME_LABELS
        return generalization_candidates(text, lang=lang, lexicon=self.lexicon, simplify=simplify,
                                         category=category)

    def subject_vectors(self, doc: Doc, kv) -> List[Any]:
        """v(e) for each protected entity of the doc (as anon_disclosure computes it); [] if unknown."""
        names, _ = subjects_of(doc)
        if not names:
            return []
        try:
            subjects = build_subjects(kv, names, chunk_doc(doc))
            vecs = [s.vector for s in subjects]
        except Exception:  # chunking needs nothing but tokens; fall back to the name alone
            vecs = [entity_vector(kv, name)[0] for name in names]
        return [v for v in vecs if v is not None]

    def reference_means(self, doc: Doc, kv, subjects: Sequence[Any]) -> List[Any]:
        """For safety="relative": per subject, the mean of the unit vectors of its reference population
        (see `reference_size`), so that mean_r cos(v(g), r) = unit(v(g)) . mean. [] for "absolute"."""
        if self.cfg.get("safety", "relative") != "relative" or not subjects:
            return []
        import numpy

        names, _ = subjects_of(doc)
        own = set()
        for name in names:
            own.update(name_parts(name))
        size = int(self.cfg.get("reference_size", 1000))
        key = (id(kv), size, tuple(sorted(own)))
        if key not in self._reference:
            picked = []
            for vocab_key in kv.index_to_key:  # gensim keeps the vocabulary sorted by frequency
                words = str(vocab_key).split("_")
                if len(words) < 2 or own.intersection(words):
                    continue
                picked.append(vocab_key)
                if len(picked) >= size:
                    break
            if picked:
                mat = numpy.vstack([kv[k] for k in picked]).astype("float64")
                mat /= numpy.maximum(numpy.linalg.norm(mat, axis=1, keepdims=True), 1e-12)
                mean = mat.mean(axis=0)
            else:
                mean = numpy.zeros(kv.vector_size)
            if len(self._reference) > 1000:
                self._reference.clear()
            self._reference[key] = mean
        means = [self._reference[key] for _ in subjects]
        return means

    def risk(self, vec, subject, mean=None) -> float:
        """risk(g, e): cos(v(g), v(e)), minus the mean cosine to e's reference population when given."""
        import numpy

        value = _cosine(vec, subject)
        if mean is not None:
            norm = float(numpy.linalg.norm(vec))
            if norm > 0.0:
                value -= float(numpy.dot(vec, mean) / norm)
        return value

    def choose(self, text: str, label: Optional[str], kv=None, subjects: Sequence[Any] = (),
               stats: Optional[Dict[str, Any]] = None) -> Optional[str]:
        """The generalization of one mention (without article); None when there is none."""
        return self._decide(text, label, kv, subjects, stats)[0]

    def _decide(self, text: str, label: Optional[str], kv=None, subjects: Sequence[Any] = (),
                stats: Optional[Dict[str, Any]] = None, means: Sequence[Any] = ()) -> Tuple[Optional[str], bool]:
        """(generalization, coarsened): coarsened is True for dates/ages/numbers made less precise."""
        if label in COARSENED_LABELS:
            coarse = self._coarsen(text, label)
            if coarse is not None:
                return coarse, True
        candidates = self.candidates(text, label)
        if not candidates:
            return None, False
        if kv is None or not subjects:
            return candidates[min(self.cfg["levels_up"], len(candidates)) - 1], False
        threshold = self.cfg["threshold"]
        verdicts: Dict[str, bool] = {}

        def is_safe(candidate: str) -> bool:
            if candidate not in verdicts:
                vec = candidate_vector(kv, candidate)
                if vec is None and stats is not None:
                    stats["generalize_no_vector"] = stats.get("generalize_no_vector", 0) + 1
                if vec is None:
                    verdicts[candidate] = self.cfg["oov_candidates"] == "safe"
                else:
                    verdicts[candidate] = all(
                        self.risk(vec, e, means[i] if i < len(means) else None) < threshold
                        for i, e in enumerate(subjects))
            return verdicts[candidate]

        choice = choose_generalization(text, candidates, is_safe)
        if choice is not None and not is_safe(choice):
            # Nothing is safe: the category word (what a replacement table tells anyway) reads better
            # than the root ("A person (born 1971)" rather than "An entity (born 1971)").
            category = CATEGORY_WORDS.get(self.cfg["lang"], {}).get(label)
            if category and category in candidates:
                choice = category
            if stats is not None:
                stats["generalize_no_safe_candidate"] = stats.get("generalize_no_safe_candidate", 0) + 1
        return choice, False

    def _coarsen(self, text: str, label: str) -> Optional[str]:
        cfg = self.cfg
        if label == "DATETIME":
            return coarsen.coarsen_date(text, cfg["date_granularity"], cfg["lang"])
        if label == "AGE":
            return coarsen.coarsen_age(text, cfg["age_bucket"])
        return coarsen.coarsen_number(text, cfg["number_style"], cfg["lang"])

    @staticmethod
    def lookup_text(span: Span) -> str:
        """The span text, with a sentence-initial capital removed from a one-word common noun
        ("Detective ..." at the start of a sentence is looked up as "detective")."""
        text = span.text
        doc = span.doc
        at_start = span.start == 0 or doc[span.start - 1].text in (".", "!", "?", "\n", "\n\n") or (
            doc[span.start].is_sent_start is True)
        if at_start and len(span) == 1 and text[:1].isupper() and text[1:].islower():
            return text[:1].lower() + text[1:]
        return text

    def render(self, span: Span, word: str, coarsened: bool, starts: frozenset = frozenset(),
               ends: frozenset = frozenset()) -> str:
        """Article and capitalisation of the replacement in its context.

        No article after a determiner, possessive or number, before a noun or another candidate span
        (the span is a modifier), after another candidate span, or on a plural (when tagged).
        starts / ends: token indices where other candidate spans start / end.
        """
        doc = span.doc
        out = word
        if self.cfg["article"] and not coarsened and self.cfg["lang"] == "en":
            prev = doc[span.start - 1] if span.start > 0 else None
            nxt = doc[span.end] if span.end < len(doc) else None
            after_det = prev is not None and (
                prev.lower_ in DETERMINERS or prev.tag_ in ("DT", "PRP$", "WP$")
                or (prev.like_num and not (prev.text.isdigit() and len(prev.text) == 4))  # "two", not 2015
                or prev.text.endswith(("'s", "’s")) or span.start in ends)
            modifier = nxt is not None and (nxt.pos_ in ("NOUN", "PROPN") or span.end in starts)
            plural = span[-1].tag_ in ("NNS", "NNPS")
            if not (after_det or modifier or plural):
                out = with_article(word)
        at_start = span.start == 0 or doc[span.start - 1].text in (".", "!", "?", "\n", "\n\n") or (
            doc[span.start].is_sent_start is True)
        if at_start and span.text[:1].isupper():
            out = out[:1].upper() + out[1:]
        return out

    # -- processing --------------------------------------------------------------------------------
    def __call__(self, doc: Doc) -> Doc:
        key = self.cfg["spans_key"]
        if key not in doc.spans or not len(doc.spans[key]):
            return doc
        stats = doc._.anon_stats if doc._.anon_stats is not None else {}
        kv = self.kv
        subjects = self.subject_vectors(doc, kv) if kv is not None else []
        means = self.reference_means(doc, kv, subjects) if subjects else []
        if kv is not None and not subjects:
            stats["generalize_warning"] = "no protected entity with a vector: generalized by levels_up"
        cache: Dict[Tuple[str, str], Tuple[Optional[str], bool]] = {}
        done = 0
        group = list(doc.spans[key])
        # neighbouring word-like candidates ("Welsh" + "actress") share one article; dates do not count
        starts = frozenset(s.start for s in group if s.label_ not in COARSENED_LABELS)
        ends = frozenset(s.end for s in group if s.label_ not in COARSENED_LABELS)
        for span in group:
            if span.label_ in self.cfg["skip_labels"]:
                continue
            if span._.anon_replacement is not None and not self.cfg["overwrite"]:
                continue
            text = self.lookup_text(span)
            unit = unit_generalization(span, lang=self.cfg["lang"], knowledge_base=self.knowledge_base)
            if unit is not None:
                span._.anon_replacement = self.render(span, unit, False, starts, ends)
                done += 1
                continue
            ck = (span.label_, text)
            if ck not in cache:
                if span.label_ not in COARSENED_LABELS and all(_is_cardinal(t) for t in span):
                    coarse = self._coarsen(span.text, "QUANTITY")
                    some = SOME_NUMBER.get(self.cfg["lang"])
                    cache[ck] = (coarse, True) if coarse else ((some, True) if some else (None, False))
                else:
                    cache[ck] = self._decide(text, span.label_, kv, subjects, stats, means)
            word, coarsened = cache[ck]
            if word is None:
                continue
            span._.anon_replacement = self.render(span, word, coarsened, starts, ends)
            done += 1
        stats["generalized"] = stats.get("generalized", 0) + done
        doc._.anon_stats = stats
        return doc

    def pipe(self, stream: Iterable[Doc], batch_size: int = 128):
        for doc in stream:
            yield self(doc)

    # -- serialization -----------------------------------------------------------------------------
    def _save_vectors(self, p: Path) -> None:
        if self._kv is not None or self.cfg["vectors"]:
            p.mkdir(parents=True, exist_ok=True)
            self.kv.save(str(p / KV_NAME))

    def _load_vectors(self, p: Path) -> None:
        if (p / KV_NAME).exists():
            self._kv = load_vectors(p)

    def _load_cfg(self, data: Dict[str, Any]) -> None:
        self.cfg.update(data)
        self.lexicon = resolve_lexicon(self.cfg["lang"], self.cfg["lexicon"])

    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = ()) -> None:
        """Write cfg.json and, when vectors are configured, a copy of them (self-contained pipeline)."""
        serializers = {
            "cfg": lambda p: p.write_text(json.dumps(self.cfg, indent=2, sort_keys=True), encoding="utf8"),
            "vectors": self._save_vectors,
        }
        util_to_disk(Path(path), serializers, exclude)

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = ()) -> "Generalizer":
        def load_cfg(p: Path) -> None:
            if p.exists():
                self._load_cfg(json.loads(p.read_text(encoding="utf8")))

        util_from_disk(Path(path), {"cfg": load_cfg, "vectors": self._load_vectors}, exclude)
        return self

    def to_bytes(self, *, exclude: Iterable[str] = ()) -> bytes:
        kv = self.kv if (self._kv is not None or self.cfg["vectors"]) else None
        serializers = {
            "cfg": lambda: json.dumps(self.cfg, sort_keys=True),
            "vectors": lambda: pickle.dumps(kv) if kv is not None else b"",
        }
        return util_to_bytes(serializers, exclude)

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = ()) -> "Generalizer":
        def load_vecs(b: bytes) -> None:
            if b:
                self._kv = pickle.loads(b)

        util_from_bytes(bytes_data, {"cfg": lambda b: self._load_cfg(json.loads(b)), "vectors": load_vecs},
                        exclude)
        return self
