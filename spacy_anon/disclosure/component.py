"""`anon_disclosure`: flag the phrases whose embedding is close to the person being protected (seed 003).

Every phrase p (see `chunking`) with cos(v(p), v(e)) > threshold becomes a QUASI candidate in
doc.spans["anon"] with anon_score = the similarity; mentions of the protected entity itself become
DIRECT PERSON candidates. The protected entities come from `doc._.anon_subject` (str or list), else
the most frequent PERSON in doc.ents / doc.spans["anon"].

Decisions, documented:
- v(e): the entity name's own phrase vector averaged with the vectors of the doc's mentions of it
  ("scott_andrew_caan", "caan"); without those, the mean of its name parts' vectors.
- A phrase without a vector is counted in anon_stats["oov_phrases"] and flagged with score 1.0
  (oov="mask", fail closed) or left alone (oov="keep").
- A subject is named but has no vector at all: anon_stats["disclosure_warning"] says so and, with
  on_subject_oov="mask_all" (default), every phrase is flagged with score 1.0 (fail closed);
  "skip" flags only its mentions and OOV phrases, "error" raises.
- No subject at all (none given, no PERSON found): whom to protect is unknown, so by default
  (on_no_subject="mask_names") every name is flagged with score 1.0 (fail closed: a pipeline without NER
  must not let names through); "skip" flags nothing, "error" raises. anon_stats says so either way.
- specificity="relative": a phrase over the threshold is flagged only when it is also closer to e than to
  the average other entity of the corpus by more than specificity_threshold (see `detect.specificity`).
- Serialization copies the KeyedVectors into the component folder, so a saved pipeline is self-contained.
"""
import json
import pickle
import re
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Union

from spacy.language import Language
from spacy.tokens import Doc, Span, SpanGroup
from spacy.util import from_bytes as util_from_bytes, from_disk as util_from_disk
from spacy.util import to_bytes as util_to_bytes, to_disk as util_to_disk

from spacy_anon.saved_settings import check_saved_settings
from spacy_anon import extensions  # noqa: F401
from spacy_anon.disclosure.chunking import CHUNKERS, Chunk, chunk_doc
from spacy_anon.disclosure.detect import (SPECIFICITIES, Decision, build_subjects, join_title_runs, mean_unit_vector,
                                          name_parts, reference_keys, score_chunks, subjects_of, title_extent)
from spacy_anon.disclosure.name_kinds import name_kind
from spacy_anon.disclosure.vectors import KV_NAME, load_vectors
from spacy_anon.doc_keys import NAMES_DETECTOR_KEY
from spacy_anon.errors import Errors
from spacy_anon.progress import ErrorHandling, finishes, pipe_keeping_failures
from spacy_anon.labels import DEFAULT_ENT_LABEL_MAP, DIRECT, QUASI, SPAN_KEY

SOURCE = "anon_disclosure"
OOV_POLICIES = ("mask", "keep")
SUBJECT_OOV_POLICIES = ("mask_all", "skip", "error")
NO_SUBJECT_POLICIES = ("mask_names", "skip", "error")
KIND_LABELS = {"date": "DATETIME"}
_YEARS = re.compile(r"(1[5-9]|20)\d\d(s|\s*[–-]\s*((1[5-9]|20)?\d\d|present))?")


@Language.factory(
    "anon_disclosure",
    default_config={
        "vectors": None,
        "threshold": 0.25,
        "oov": "mask",
        "chunker": "rule",
        "merge_lowercase": False,
        "label": "MISC",
        "use_mentions": True,
        "always": [],
        "nominal_only": True,
        "on_subject_oov": "mask_all",
        "on_no_subject": "mask_names",
        "join_titles": True,
        "specificity": "absolute",
        "specificity_threshold": 0.2,
        "reference_size": 1000,
    },
)
def make_anon_disclosure(
    nlp: Language,
    name: str,
    vectors: Optional[str],
    threshold: float,
    oov: str,
    chunker: str,
    merge_lowercase: bool,
    label: str,
    use_mentions: bool,
    always: List[str],
    nominal_only: bool,
    on_subject_oov: str,
    on_no_subject: str = "mask_names",
    join_titles: bool = True,
    specificity: str = "absolute",
    specificity_threshold: float = 0.2,
    reference_size: int = 1000,
) -> "DisclosureDetector":
    """Create the disclosure detector.

    vectors: path to KeyedVectors (folder from `spacy-anon train-embeddings`, .kv, .model, word2vec
        .txt/.bin); loaded on first use. threshold: t; a phrase is flagged when cos > t (lower t masks
        more). oov: "mask" | "keep" for phrases without a vector. chunker: "rule" | "noun_chunks"
        (must match training). merge_lowercase: the rule chunker's lowercase runs (must match training).
        label: category of new candidates that no NER/rule span overlaps and whose kind is unclear (a
        person after a role word, an organisation by its head word and a place by GeoNames or "born in"
        are labelled so: `name_kinds.name_kind`). use_mentions: build v(e) from the doc's mentions too. always: chunk kinds always flagged ("date", "number", "name").
        nominal_only: never flag verbs/adverbs (POS tags when the pipeline has a tagger, else a word
        list). on_subject_oov: "mask_all" | "skip" | "error". on_no_subject: no subject given or found:
        "mask_names" (every name flagged, fail closed) | "skip" | "error". join_titles: flagged name units joined by
        lowercase title function words become one candidate ("Lost in Translation"; see
        `detect.join_title_runs`). specificity: "absolute" (cos > threshold) or "relative" (also cos to e
        minus the mean cos to other entities > specificity_threshold, so that words close to every entity
        of the corpus stay). reference_size: how many of the vocabulary's most frequent multi-word units
        form that population of other entities.
    RETURNS (DisclosureDetector)
    """
    return DisclosureDetector(nlp, name, vectors=vectors, threshold=threshold, oov=oov, chunker=chunker,
                              merge_lowercase=merge_lowercase, label=label, use_mentions=use_mentions,
                              always=always, nominal_only=nominal_only, on_subject_oov=on_subject_oov,
                              on_no_subject=on_no_subject, join_titles=join_titles, specificity=specificity,
                              specificity_threshold=specificity_threshold, reference_size=reference_size)


class DisclosureDetector(ErrorHandling):
    """Pipeline component wrapping `detect.score_chunks`. DOCS: docs/components/anon_disclosure.md."""

    def __init__(
        self,
        nlp: Optional[Language],
        name: str = "anon_disclosure",
        *,
        vectors: Optional[str] = None,
        threshold: float = 0.25,
        oov: str = "mask",
        chunker: str = "rule",
        merge_lowercase: bool = False,
        label: str = "MISC",
        use_mentions: bool = True,
        always: Iterable[str] = (),
        nominal_only: bool = True,
        on_subject_oov: str = "mask_all",
        on_no_subject: str = "mask_names",
        join_titles: bool = True,
        specificity: str = "absolute",
        specificity_threshold: float = 0.2,
        reference_size: int = 1000,
        kv=None,
    ) -> None:
        if oov not in OOV_POLICIES:
            raise ValueError(Errors.E401.format(setting="oov", allowed=f"one of {OOV_POLICIES}", value=oov))
        if chunker not in CHUNKERS:
            raise ValueError(Errors.E401.format(setting="chunker", allowed=f"one of {CHUNKERS}", value=chunker))
        if on_subject_oov not in SUBJECT_OOV_POLICIES:
            raise ValueError(Errors.E401.format(setting="on_subject_oov", allowed=f"one of {SUBJECT_OOV_POLICIES}",
                                                value=on_subject_oov))
        if on_no_subject not in NO_SUBJECT_POLICIES:
            raise ValueError(Errors.E401.format(setting="on_no_subject", allowed=f"one of {NO_SUBJECT_POLICIES}",
                                                value=on_no_subject))
        if not 0.0 <= float(threshold) <= 1.0:
            raise ValueError(Errors.E401.format(setting="threshold", allowed="in [0, 1]", value=threshold))
        _check_specificity(specificity, specificity_threshold, reference_size)
        self.nlp = nlp
        self.name = name
        self.cfg: Dict[str, Any] = {
            "vectors": str(vectors) if vectors else None,
            "threshold": float(threshold),
            "oov": oov,
            "chunker": chunker,
            "merge_lowercase": bool(merge_lowercase),
            "label": label,
            "use_mentions": bool(use_mentions),
            "always": list(always),
            "nominal_only": bool(nominal_only),
            "on_subject_oov": on_subject_oov,
            "on_no_subject": on_no_subject,
            "join_titles": bool(join_titles),
            "specificity": specificity,
            "specificity_threshold": float(specificity_threshold),
            "reference_size": int(reference_size),
        }
        self._kv = kv
        self._reference: Dict[tuple, Any] = {}

    # -- vectors ---------------------------------------------------------------------------------
    @property
    def kv(self):
        """The KeyedVectors, loaded from cfg["vectors"] on first use."""
        if self._kv is None:
            path = self.cfg.get("vectors")
            if not path:
                raise ValueError(Errors.E402)
            self._kv = load_vectors(path)
        return self._kv

    def set_vectors(self, kv) -> None:
        self._kv = kv
        self._reference = {}

    def reference_mean(self, kv, name: str):
        """Mean unit vector of the reference population for the entity `name` (its own name words left
        out), cached per name."""
        own = tuple(sorted(set(name_parts(name))))
        size = int(self.cfg.get("reference_size", 1000))
        key = (id(kv), size, own)
        if key not in self._reference:
            if len(self._reference) > 1000:
                self._reference.clear()
            keys = reference_keys(kv, own, size)
            self._reference[key] = mean_unit_vector([kv[k] for k in keys], kv.vector_size)
        return self._reference[key]

    def initialize(self, get_examples: Optional[Callable] = None, *, nlp: Optional[Language] = None,
                   vectors: Optional[str] = None) -> None:
        """Load the vectors now (optionally from another path)."""
        if vectors:
            self.cfg["vectors"] = str(vectors)
            self._kv = None
        _ = self.kv

    @property
    def threshold(self) -> float:
        return self.cfg["threshold"]

    @threshold.setter
    def threshold(self, value: float) -> None:
        self.cfg["threshold"] = float(value)

    # -- processing ------------------------------------------------------------------------------
    @finishes
    def __call__(self, doc: Doc) -> Doc:
        kv = self.kv
        cfg = self.cfg
        stats = doc._.anon_stats if doc._.anon_stats is not None else {}
        chunks = chunk_doc(doc, chunker=cfg["chunker"], merge_lowercase=cfg["merge_lowercase"])
        names, source = subjects_of(doc)
        stats["disclosure_phrases"] = stats.get("disclosure_phrases", 0) + len(chunks)
        stats["oov_phrases"] = stats.get("oov_phrases", 0) + sum(
            1 for c in chunks if c.key not in kv.key_to_index
        )
        stats["disclosure_subject_source"] = source
        group = doc.spans[SPAN_KEY] if SPAN_KEY in doc.spans else SpanGroup(doc, name=SPAN_KEY)
        added = 0
        if names:
            subjects = build_subjects(kv, names, chunks, use_mentions=cfg["use_mentions"])
            relative = cfg.get("specificity", "absolute") == "relative"
            if relative:
                for subj in subjects:
                    subj.reference = self.reference_mean(kv, subj.name)
            missing = [s for s in subjects if s.vector is None]
            if missing:
                msg = (f"anon_disclosure: {len(missing)} protected entit{'y' if len(missing) == 1 else 'ies'} "
                       f"without a vector")
                if cfg["on_subject_oov"] == "error":
                    raise ValueError(Errors.E403.format(n=len(missing), entities="entity" if len(missing) == 1 else "entities"))
                stats["disclosure_warning"] = msg + (
                    "; all phrases flagged" if cfg["on_subject_oov"] == "mask_all" and len(missing) == len(subjects)
                    else "")
            fail_closed = len(missing) == len(subjects) and cfg["on_subject_oov"] == "mask_all"
            decisions = score_chunks(kv, chunks, subjects, cfg["threshold"], oov=cfg["oov"],
                                     always=cfg["always"], nominal_only=cfg["nominal_only"],
                                     specificity_threshold=cfg["specificity_threshold"] if relative else None)
            if relative:
                stats["disclosure_unspecific"] = stats.get("disclosure_unspecific", 0) + sum(
                    1 for d in decisions if not d.flagged and d.score is not None and d.score > cfg["threshold"]
                    and d.specificity is not None and (d.chunk.nominal or not cfg["nominal_only"]))
            labels = _existing_labels(doc, group)
            existing = {(s.start, s.end, s.label_) for s in group}
            if fail_closed:
                for dec in decisions:
                    if dec.chunk.nominal or not cfg["nominal_only"]:
                        dec.flagged = True
            blocked = [i for s, e, lab in labels if lab == "PERSON" for i in range(s, e)]
            blocked_set = set(blocked)
            runs = join_title_runs(doc, decisions, max_gap=3 if cfg.get("join_titles", True) else 0,
                                   blocked=blocked)
            for run in runs:
                dec = run[0]
                start, end = run[0].chunk.start, run[-1].chunk.end
                if cfg.get("join_titles", True) and run[0].chunk.kind == "name" and run[-1].chunk.kind == "name" \
                        and not any(d.mention for d in run) and not any(i in blocked_set for i in range(start, end)):
                    start, end = title_extent(doc, start, end)
                    if (start, end) != (run[0].chunk.start, run[-1].chunk.end) and len(run) == 1:
                        run = [dec, dec]  # treated as a joined title below
                span = doc[start:end]
                if len(run) > 1:
                    stats["disclosure_titles_joined"] = stats.get("disclosure_titles_joined", 0) + 1
                    scores = [d.score for d in run]
                    dec = Decision(Chunk(span.start, span.end, dec.chunk.key, "name"),
                                   None if any(x is None for x in scores) else max(scores), False, True)
                if dec.mention:
                    lab, ident = "PERSON", DIRECT
                else:
                    lab = _label_for(span, labels) or _kind_label(dec.chunk.kind, span.text) or \
                        name_kind(span) or cfg["label"]
                    ident = QUASI
                if (span.start, span.end, lab) in existing:
                    # already proposed by another detector: Span attributes are keyed by offsets and
                    # label, so a second span would overwrite its source and score
                    continue
                new = Span(doc, span.start, span.end, label=lab)
                new._.anon_source = SOURCE
                new._.anon_identifier = ident
                new._.anon_score = 1.0 if dec.score is None or dec.mention else max(0.0, min(1.0, dec.score))
                group.append(new)
                added += 1
        else:
            added += self._flag_names_without_subject(doc, chunks, group, stats)
        stats["disclosure_candidates"] = stats.get("disclosure_candidates", 0) + added
        doc.spans[SPAN_KEY] = group
        doc._.anon_stats = stats
        doc.user_data[NAMES_DETECTOR_KEY] = self.name
        return doc

    def _flag_names_without_subject(self, doc: Doc, chunks, group: SpanGroup, stats: Dict[str, Any]) -> int:
        """No subject: whom to protect is unknown, so nothing can be scored. Fail closed by default: every
        name chunk becomes a QUASI candidate with score 1.0 (setting on_no_subject)."""
        policy = self.cfg.get("on_no_subject", "mask_names")  # pipelines saved before the setting existed
        if policy == "error":
            raise ValueError(Errors.E404.format(name=self.name))
        if policy == "skip":
            stats["disclosure_warning"] = f"{self.name}: no subject given or found; nothing flagged"
            return 0
        labels = _existing_labels(doc, group)
        existing = {(s.start, s.end) for s in group}
        added = 0
        for chunk in chunks:
            if chunk.kind != "name" or (chunk.start, chunk.end) in existing:
                continue
            span = doc[chunk.start:chunk.end]
            new = Span(doc, span.start, span.end, label=_label_for(span, labels) or name_kind(span) or self.cfg["label"])
            new._.anon_source = SOURCE
            new._.anon_identifier = QUASI
            new._.anon_score = 1.0
            group.append(new)
            added += 1
        stats["disclosure_warning"] = f"{self.name}: no subject given or found; every name flagged"
        return added

    def pipe(self, stream: Iterable[Doc], batch_size: int = 128):
        return pipe_keeping_failures(self, stream)

    # -- serialization ---------------------------------------------------------------------------
    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = ()) -> None:
        path = Path(path)

        def save_vectors(p: Path) -> None:
            p.mkdir(parents=True, exist_ok=True)
            if self._kv is not None or self.cfg.get("vectors"):
                self.kv.save(str(p / KV_NAME))

        util_to_disk(path, {"vectors": save_vectors}, exclude)  # the settings are the config's

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = ()) -> "DisclosureDetector":
        path = Path(path)

        def load_cfg(p: Path) -> None:  # settings a pipeline saved before: ignored, the config's win
            if p.exists():
                check_saved_settings(self.name, json.loads(p.read_text(encoding="utf8")), self.cfg, file="cfg")

        def load_vecs(p: Path) -> None:
            if (p / KV_NAME).exists():
                self._kv = load_vectors(p)

        util_from_disk(path, {"cfg": load_cfg, "vectors": load_vecs}, exclude)
        return self

    def to_bytes(self, *, exclude: Iterable[str] = ()) -> bytes:
        kv = self.kv if (self._kv is not None or self.cfg.get("vectors")) else None
        return util_to_bytes({"vectors": lambda: pickle.dumps(kv) if kv is not None else b""}, exclude)

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = ()) -> "DisclosureDetector":
        def load_vecs(b: bytes) -> None:
            if b:
                self._kv = pickle.loads(b)

        util_from_bytes(
            bytes_data,
            {"cfg": lambda b: check_saved_settings(self.name, json.loads(b), self.cfg, file="cfg"), "vectors": load_vecs},
            exclude,
        )
        return self


def _check_specificity(specificity: str, threshold: Any, reference_size: Any) -> None:
    if specificity not in SPECIFICITIES:
        raise ValueError(Errors.E409.format(setting="specificity", allowed=f"one of {SPECIFICITIES}",
                                            value=specificity))
    if not isinstance(threshold, (int, float)) or isinstance(threshold, bool) or not -1.0 <= float(threshold) <= 1.0:
        raise ValueError(Errors.E409.format(setting="specificity_threshold", allowed="a number in [-1, 1]",
                                            value=threshold))
    if not isinstance(reference_size, int) or isinstance(reference_size, bool) or reference_size < 1:
        raise ValueError(Errors.E409.format(setting="reference_size", allowed="a whole number >= 1",
                                            value=reference_size))


def _kind_label(kind: str, text: str) -> Optional[str]:
    if kind == "number" and _YEARS.fullmatch(text):
        return "DATETIME"
    return KIND_LABELS.get(kind)


def _existing_labels(doc: Doc, group: SpanGroup) -> List[tuple]:
    """(start, end, label) of the candidates other detectors (and the NER) already proposed."""
    spans = [(s.start, s.end, s.label_) for s in group if s._.anon_source != SOURCE]
    for ent in doc.ents:
        mapped = DEFAULT_ENT_LABEL_MAP.get(ent.label_)
        if mapped:
            spans.append((ent.start, ent.end, mapped))
    return spans


def _label_for(span: Span, labels: List[tuple]) -> Optional[str]:
    """Label of the existing span that overlaps `span` the most."""
    best, best_overlap = None, 0
    for start, end, label in labels:
        overlap = min(end, span.end) - max(start, span.start)
        if overlap > best_overlap:
            best, best_overlap = label, overlap
    return best
