"""`anon_generalize`: replace each candidate span by its most specific safe generalization (seed 003 §3.2.3).

For each span in doc.spans["anon"] it sets `span._.anon_replacement`; `anon_mask`'s `generalize`
strategy uses it. Candidates G(s) come from `wordnet.generalization_chain` (simpler noun phrases,
WordNet hypernym chain of the sense that fits the context, a category word, the root "entity").

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

Sense in context: the sense of the head whose hypernyms are climbed is the one that fits the sentence
(`spacy_anon.generalize.senses`: gloss overlap, and word vectors when there are some), not always the
most frequent one ("her first film role" -> a portrayal, not a duty).

Never vacuous (`spacy_anon.generalize.vacuous`): candidates that tell a reader nothing ("thing",
"entity", "act", "group", a "person" that is not a PERSON) or lie fewer than `min_depth` levels below
WordNet's root are never written. When nothing else is left, a word that discloses nothing ("first")
stays as written; else, with `classes`, the span gets its coarse class when that passes the class-level
safety test (`class_threshold`; `spacy_anon.generalize.classes`: "a performer", "a film", "a place");
anything else is left to anon_mask's tag or suppress operator (`vacuous`), and the table row says so.
A class (or a nationality's region, `spacy_anon.generalize.regions`) also passes when a share
`crowd_share` of the documents of a background corpus contain it (`spacy_anon.generalize.crowds`: it
points at a crowd); with `keep_share` (off by default: the attacker matches a kept word against the
person's own background, so a common word such as "writer" still singles out), a lower-case word that
a share `keep_share` of them contain stays as written.

Output: bare nouns get an indefinite article unless a determiner precedes the span ("moved to
Barcelona" -> "moved to a city"; "the Barcelona office" keeps "the"), a plural stays plural ("awards" ->
"symbols"), a capital is kept at sentence start.
"""
import json
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.util import from_bytes as util_from_bytes
from spacy.util import from_disk as util_from_disk
from spacy.util import to_bytes as util_to_bytes
from spacy.util import to_disk as util_to_disk

from spacy_anon.saved_settings import check_saved_settings
from spacy_anon import extensions  # noqa: F401  (registers the span attributes)
from spacy_anon.disclosure.detect import specificity
from spacy_anon.disclosure.vectors import KV_NAME, load_vectors
from spacy_anon.errors import Errors
from spacy_anon.generalize.class_choice import class_for
from spacy_anon.generalize.coarsen_mentions import coarsen_bare_number, coarsen_mention
from spacy_anon.progress import ErrorHandling, finishes, pipe_keeping_failures
from spacy_anon.generalize.crowds import FILE_NAME as FREQUENCIES_FILE
from spacy_anon.generalize.crowds import DocumentFrequencies, load_frequencies
from spacy_anon.generalize.generalization_choice import candidate_chain, pick_generalization, usable_candidates
from spacy_anon.generalize.keep_rules import stays_as_written
from spacy_anon.generalize.knowledge_base import KnowledgeBase
from spacy_anon.generalize.mentions import (
    COARSENED_LABELS,
    NAME_LABELS,
    compound_runs,
    is_adjective,
    is_cardinal,
    lookup_text,
)
from spacy_anon.generalize.rendering import is_plural, render
from spacy_anon.generalize.safety import in_crowd, is_safe, reference_means, subject_vectors
from spacy_anon.generalize.senses import content_words, disambiguate, sentence_context, sentence_starts
from spacy_anon.generalize.settings import DEFAULT_CONFIG, validated_settings
from spacy_anon.settings_vocabulary import pipeline_language
from spacy_anon.generalize.units import unit_generalization
from spacy_anon.generalize.vacuous import (
    COMMON_WORD_ZIPF,
    DEFAULT_MIN_DEPTH,
    POLICY_KEY,
    is_ordinal,
    is_vacuous,
    set_class_fallback,
    set_fallback,
)
from spacy_anon.generalize.wordnet import chosen_sense, resolve_lexicon, simpler_phrases


@Language.factory("anon_generalize", default_config=DEFAULT_CONFIG)
def make_anon_generalize(
    nlp: Language,
    name: str,
    vectors: Optional[str],
    vectors_from: Optional[str],
    threshold: float,
    oov_candidates: str,
    lang: Optional[str],
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
    vacuous: str = "tag",
    min_depth: int = DEFAULT_MIN_DEPTH,
    sense: str = "context",
    keep_common: bool = True,
    common_zipf: float = COMMON_WORD_ZIPF,
    classes: bool = True,
    class_threshold: float = 0.25,
    document_frequencies: Optional[str] = None,
    crowd_share: Optional[float] = 0.05,
    keep_share: Optional[float] = None,
    regions: bool = True,
) -> "Generalizer":
    """Build the generalizer; see `Generalizer` for the arguments."""
    return Generalizer(
        nlp, name, vectors=vectors, vectors_from=vectors_from, threshold=threshold,
        oov_candidates=oov_candidates, lang=lang, lexicon=lexicon, levels_up=levels_up,
        skip_labels=skip_labels, simplify=simplify, article=article, overwrite=overwrite, spans_key=spans_key,
        date_granularity=date_granularity, age_bucket=age_bucket, number_style=number_style,
        safety=safety, reference_size=reference_size, knowledge_base=knowledge_base, vacuous=vacuous,
        min_depth=min_depth, sense=sense, keep_common=keep_common, common_zipf=common_zipf, classes=classes,
        class_threshold=class_threshold, document_frequencies=document_frequencies, crowd_share=crowd_share,
        keep_share=keep_share, regions=regions,
    )


@dataclass
class DocumentWalk:
    """What the walk over one doc's candidate spans shares: the vectors and protected entities of the
    safety test and its verdicts, the counters, where candidate spans start and end (articles), and the
    doc's sentence starts and content words (sense in context), computed on first use."""

    kv: Any
    subjects: List[Any]
    means: List[Any]
    stats: Dict[str, Any]
    starts: frozenset
    ends: frozenset
    verdicts: Dict[str, bool] = field(default_factory=dict)
    context: Dict[str, Any] = field(default_factory=dict)

    def sentences(self, doc: Doc) -> Tuple[Sequence[int], Sequence[str]]:
        """(sentence_starts(doc), content_words(doc.text)), computed once per doc."""
        if "starts" not in self.context:
            self.context["starts"], self.context["words"] = sentence_starts(doc), content_words(doc.text)
        return self.context["starts"], self.context["words"]


class Generalizer(ErrorHandling):
    """Set `span._.anon_replacement` to the most specific safe generalization of each candidate span.

    DOCS: docs/components/anon_generalize.md
    """

    def __init__(self, nlp: Optional[Language] = None, name: str = "anon_generalize", **settings: Any) -> None:
        """settings: the keys of DEFAULT_CONFIG, checked by `spacy_anon.generalize.settings.validated_settings`
        (which says what each one does)."""
        self.nlp = nlp
        self.name = name
        settings["lang"] = pipeline_language(settings.get("lang"), nlp, name)  # None: the pipeline's
        self.cfg: Dict[str, Any] = validated_settings(**settings)
        lang, lexicon = self.cfg["lang"], self.cfg["lexicon"]
        # Fail early with the fix when WordNet is missing (or the lexicon/language has none).
        self.lexicon = resolve_lexicon(lang, lexicon)
        self._kv = None
        self._kb = None
        self._df: Optional[DocumentFrequencies] = None
        self._reference: Dict[Tuple[Any, ...], Any] = {}
        self._candidates: Dict[Tuple[Any, ...], List[str]] = {}
        self._sense_vectors: Dict[Tuple[int, str], Any] = {}
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

    @property
    def frequencies(self) -> Optional[DocumentFrequencies]:
        """The document frequencies of the crowd test (`document_frequencies`, or the table saved with
        the pipeline); None when there are none."""
        if self._df is None and self.cfg.get("document_frequencies"):
            path = Path(self.cfg["document_frequencies"])
            if not path.exists():
                raise ValueError(Errors.E341.format(path=str(path)))
            self._df = load_frequencies(path)
        return self._df

    def set_document_frequencies(self, table: Optional[DocumentFrequencies]) -> None:
        """Use this table for the crowd test (saved with the pipeline by `nlp.to_disk`)."""
        self._df = table

    def in_crowd(self, phrases: Sequence[str], share: Optional[float]) -> bool:
        """The crowd test (`spacy_anon.generalize.safety.in_crowd`) on the frequency table."""
        if share is None:
            return False
        return in_crowd(self.frequencies, phrases, share)

    # -- decisions ---------------------------------------------------------------------------------
    def candidates(self, text: str, label: Optional[str] = None) -> List[str]:
        """G(s) for a mention text with its category (most frequent senses, vacuous ones included)."""
        key = (text, label, self.cfg["lang"], self.lexicon, self.cfg["simplify"])
        if key not in self._candidates:
            if len(self._candidates) > 100_000:
                self._candidates.clear()
            self._candidates[key] = [c for c, _ in self.chain(text, label)]
        return list(self._candidates[key])

    def chain(self, text: str, label: Optional[str], choose_sense=None) -> List[Tuple[str, Optional[int]]]:
        """G(s) with depths (`spacy_anon.generalize.generalization_choice.candidate_chain`)."""
        return candidate_chain(text, label, lang=self.cfg["lang"], lexicon=self.lexicon,
                               simplify=self.cfg["simplify"], choose_sense=choose_sense)

    def usable(self, chain: Sequence[Tuple[str, Optional[int]]], label: Optional[str]) -> List[str]:
        """The candidates of a chain that are not vacuous for this label (see `is_vacuous`)."""
        return usable_candidates(chain, label, min_depth=self.cfg["min_depth"], lang=self.cfg["lang"])

    def sense_chooser(self, span: Span, kv=None, starts: Optional[Sequence[int]] = None,
                      document: Sequence[str] = ()):
        """A `choose_sense` for `generalization_chain` that reads the span's sentence and, with less
        weight, its document (None with sense = "first", and for names). starts: `sentence_starts(doc)`
        and document: `content_words(doc.text)`, computed once per doc."""
        if self.cfg["sense"] != "context" or span.label_ in NAME_LABELS:
            return None
        context = sentence_context(span.doc, span.start, span.end, starts=starts)
        if not context and not document:
            return None

        def choose(term: str, synsets: Sequence[Any]) -> int:
            return disambiguate(synsets, context, term, kv, vector_means=self._sense_vector_cache(kv),
                                document=document)[0]

        return choose

    def _sense_vector_cache(self, kv) -> Optional[Dict[Tuple[int, str], Any]]:
        return self._sense_vectors if kv is not None else None

    def subject_vectors(self, doc: Doc, kv) -> List[Any]:
        """v(e) for each protected entity of the doc (`spacy_anon.generalize.safety.subject_vectors`)."""
        return subject_vectors(doc, kv)

    def reference_means(self, doc: Doc, kv, subjects: Sequence[Any]) -> List[Any]:
        """For safety="relative": per subject, the mean unit vector of its reference population
        (`spacy_anon.generalize.safety.reference_means`). [] for "absolute"."""
        if self.cfg.get("safety", "relative") != "relative" or not subjects:
            return []
        return reference_means(doc, kv, subjects, int(self.cfg.get("reference_size", 1000)), self._reference)

    def risk(self, vec, subject, mean=None) -> float:
        """risk(g, e): cos(v(g), v(e)), minus the mean cosine to e's reference population when given."""
        return specificity(vec, subject, mean)

    def choose(self, text: str, label: Optional[str], kv=None, subjects: Sequence[Any] = (),
               stats: Optional[Dict[str, Any]] = None) -> Optional[str]:
        """The generalization of one mention (without article); None when only vacuous ones are left."""
        return self._decide(text, label, kv, subjects, stats)[0]

    def _decide(self, text: str, label: Optional[str], kv=None, subjects: Sequence[Any] = (),
                stats: Optional[Dict[str, Any]] = None, means: Sequence[Any] = (), choose_sense=None,
                verdicts: Optional[Dict[str, bool]] = None, exclude: Iterable[str] = ()) -> Tuple[Optional[str], bool]:
        """(generalization, coarsened): coarsened is True for dates/ages/numbers made less precise. The
        generalization is None when every candidate is vacuous or, with vectors, when none is safe and
        the label's own category word is not a candidate."""
        if label in COARSENED_LABELS:
            coarse = self._coarsen(text, label)
            if coarse is None and label == "QUANTITY":
                coarse = self._coarsen_number(text)  # "three": a number in words, not WordNet's "digit"
            if coarse is not None:
                return coarse, True
        skip = {e.lower() for e in exclude}
        usable = [c for c in self.usable(self.chain(text, label, choose_sense), label) if c.lower() not in skip]
        is_safe = None
        if kv is not None and subjects:
            verdicts = {} if verdicts is None else verdicts

            def is_safe(candidate: str) -> bool:
                return self.is_safe(candidate, kv, subjects, means, verdicts, stats)

        return pick_generalization(text, label, usable, is_safe, levels_up=self.cfg["levels_up"],
                                   lang=self.cfg["lang"], stats=stats), False

    def is_safe(self, candidate: str, kv, subjects: Sequence[Any], means: Sequence[Any] = (),
                verdicts: Optional[Dict[str, bool]] = None, stats: Optional[Dict[str, Any]] = None,
                threshold: Optional[float] = None) -> bool:
        """risk(g, e) < threshold (default: the `threshold` setting) for every protected entity e (True
        when there are no vectors or no protected entity: the choice is then made by `levels_up`).
        verdicts caches per candidate (`spacy_anon.generalize.safety.is_safe`)."""
        return is_safe(candidate, kv, subjects, means, {} if verdicts is None else verdicts, stats,
                       threshold=self.cfg["threshold"] if threshold is None else threshold,
                       oov_safe=self.cfg["oov_candidates"] == "safe")

    def _coarsen(self, text: str, label: str) -> Optional[str]:
        cfg = self.cfg
        return coarsen_mention(text, label, date_granularity=cfg["date_granularity"], age_bucket=cfg["age_bucket"],
                               number_style=cfg["number_style"], lang=cfg["lang"])

    def _coarsen_number(self, text: str) -> Optional[str]:
        return coarsen_bare_number(text, number_style=self.cfg["number_style"], lang=self.cfg["lang"])

    # -- reading and writing in context (`mentions`, `rendering`) ----------------------------------
    @staticmethod
    def lookup_text(span: Span) -> str:
        """The text WordNet is asked about (`spacy_anon.generalize.mentions.lookup_text`)."""
        return lookup_text(span)

    def is_plural(self, span: Span) -> bool:
        """Whether the span's head noun is plural (`spacy_anon.generalize.rendering.is_plural`)."""
        return is_plural(span, self.cfg["lang"], self.lexicon)

    def is_adjective(self, span: Span) -> bool:
        """A one-word modifier with adjective senses (`spacy_anon.generalize.mentions.is_adjective`)."""
        return is_adjective(span, self.cfg["lang"], self.lexicon)

    def render(self, span: Span, word: str, coarsened: bool, starts: frozenset = frozenset(),
               ends: frozenset = frozenset()) -> str:
        """Article, number and capitalisation of the replacement (`spacy_anon.generalize.rendering.render`)."""
        return render(span, word, coarsened, starts, ends, lang=self.cfg["lang"], lexicon=self.lexicon,
                      article=self.cfg["article"])

    def fallback(self, span: Span) -> str:
        """What a span with no usable generalization becomes: "keep" when it discloses nothing
        (`spacy_anon.generalize.keep_rules.stays_as_written`), else the `vacuous` setting ("tag" or
        "suppress")."""
        cfg = self.cfg
        keep = stays_as_written(span, keep_common=cfg["keep_common"],
                                common_zipf=cfg.get("common_zipf", COMMON_WORD_ZIPF),
                                keep_share=cfg.get("keep_share"), skip_labels=cfg["skip_labels"], lang=cfg["lang"],
                                lexicon=self.lexicon, in_crowd=self.in_crowd)
        return "keep" if keep else cfg["vacuous"]

    # -- processing --------------------------------------------------------------------------------
    @finishes
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
        doc.user_data[POLICY_KEY] = self.cfg["vacuous"]
        group = list(doc.spans[key])
        # neighbouring word-like candidates ("Welsh" + "actress") share one article; dates do not count
        starts = frozenset(s.start for s in group if s.label_ not in COARSENED_LABELS)
        ends = frozenset(s.end for s in group if s.label_ not in COARSENED_LABELS)
        state = DocumentWalk(kv=kv, subjects=subjects, means=means, stats=stats, starts=starts, ends=ends)
        todo = [span for span in group if span.label_ not in self.cfg["skip_labels"]
                and (span._.anon_replacement is None or self.cfg["overwrite"])]
        done = 0
        for run in compound_runs(todo):
            if len(run) > 1 and self._generalize_compound(doc, run, state):
                done += len(run)
                continue
            for span in run:
                done += self._generalize_span(span, state)
        stats["generalized"] = stats.get("generalized", 0) + done
        doc._.anon_stats = stats
        return doc

    def _generalize_compound(self, doc: Doc, run: List[Span], state: "DocumentWalk") -> bool:
        """"sheep" + "farm": one phrase ("sheep farm" > farm > workplace), not "bovid workplace"; every
        member gets the same replacement and anon_mask writes it once; no simpler form of the run is an
        answer, as each is made of words selected for masking. RETURNS False when the run has neither a
        generalization nor a class (its members are then generalized one by one)."""
        whole = doc[run[0].start:run[-1].end]
        own = [m.text for m in run] + simpler_phrases(whole.text)
        word, coarsened = self._word_for(whole, run[-1].label_, state, exclude=own)
        found = None
        if word is None and not all(self.fallback(m) == "keep" for m in run):
            found = self._class_for(whole, run[-1].label_, None, state)
        if word is None and found is None:
            return False
        rendered = self.render(whole, word if word is not None else found[0], coarsened, state.starts, state.ends)
        for span in run:
            span._.anon_replacement = rendered
            if word is None:
                set_class_fallback(span, found[1])
                state.stats["generalize_class"] = state.stats.get("generalize_class", 0) + 1
        return True

    def _generalize_span(self, span: Span, state: "DocumentWalk") -> int:
        """Set the span's replacement: its whole-unit class, else its generalization, else (it stays as
        written, or) its coarse class, else the vacuous policy's mark. RETURNS 1 when a replacement was set."""
        stats = state.stats
        unit = unit_generalization(span, lang=self.cfg["lang"], knowledge_base=self.knowledge_base)
        if unit is not None and is_vacuous(unit, span.label_, None, self.cfg["min_depth"], self.cfg["lang"]):
            unit = None
        # a unit's class passes the same safety test as a WordNet candidate ("film" for a title
        # may single out an actor known for one), or the crowd test (a class that many background
        # documents share points at nobody); an unsafe class leaves the span to the walk
        if unit is not None and (self.in_crowd([unit], self.cfg["crowd_share"])
                                 or self.is_safe(unit, state.kv, state.subjects, state.means, state.verdicts, stats)):
            span._.anon_replacement = self.render(span, unit, False, state.starts, state.ends)
            return 1
        word, coarsened = self._word_for(span, span.label_, state)
        if word is not None:
            span._.anon_replacement = self.render(span, word, coarsened, state.starts, state.ends)
            return 1
        # a word that discloses nothing stays as written; else its coarse class; else a tag
        kind = self.fallback(span)
        found = None if kind == "keep" else self._class_for(span, span.label_, unit, state)
        if found is not None:
            span._.anon_replacement = self.render(span, found[0], False, state.starts, state.ends)
            set_class_fallback(span, found[1])
            stats["generalize_class"] = stats.get("generalize_class", 0) + 1
            return 1
        set_fallback(span, kind)
        stat = "generalize_kept" if kind == "keep" else "generalize_vacuous"
        stats[stat] = stats.get(stat, 0) + 1
        return 0

    def _word_for(self, span: Span, label: str, state: "DocumentWalk",
                  exclude: Iterable[str] = ()) -> Tuple[Optional[str], bool]:
        """(generalization, coarsened) of a span or a compound run (None: only vacuous ones). exclude:
        texts that may not be the answer (a run's own members: each was selected for masking)."""
        if label not in COARSENED_LABELS and all(is_cardinal(t) for t in span):
            return self._coarsen_number(span.text), True
        if label not in COARSENED_LABELS and (is_ordinal(span.text) or self.is_adjective(span)):
            return None, False  # no noun to climb from: "third husband", "a major film"
        chooser = self.sense_chooser(span, state.kv, *state.sentences(span.doc))
        return self._decide(self.lookup_text(span), label, state.kv, state.subjects, state.stats, state.means,
                            chooser, state.verdicts, exclude)

    def _class_for(self, span: Span, label: str, unit: Optional[str],
                   state: "DocumentWalk") -> Optional[Tuple[str, str]]:
        """(coarse class, source) of a span with no safe specific generalization, when `classes` is on and
        the class passes the class-level safety test (`class_threshold`); else None."""
        cfg = self.cfg
        if not cfg["classes"] or label in COARSENED_LABELS or is_ordinal(span.text) or \
                any(is_cardinal(t) for t in span) or self.is_adjective(span):
            return None
        chooser = self.sense_chooser(span, state.kv, *state.sentences(span.doc))
        text = self.lookup_text(span)
        simplify = cfg["simplify"] and label not in NAME_LABELS
        sense = chosen_sense(text, cfg["lang"], self.lexicon, chooser, simplify) if label not in NAME_LABELS else None
        chain = self.chain(text, label, chooser) if label not in NAME_LABELS else []
        verdicts = state.verdicts

        def passes(cls: str, implied: Sequence[str]) -> bool:
            # a crowd of the background corpus shares it, or its vector passes the class-level test
            key = f"class:{cls}"
            if key not in verdicts:
                verdicts[key] = cfg["class_threshold"] >= 1.0 or self.in_crowd([cls, *implied], cfg["crowd_share"]) \
                    or self.is_safe(cls, state.kv, state.subjects, state.means, {}, state.stats,
                                    threshold=cfg["class_threshold"])
            return verdicts[key]

        return class_for(span, label, unit, sense=sense, chain=chain, passes=passes, lang=cfg["lang"],
                         min_depth=cfg["min_depth"], regions=cfg["regions"])

    def pipe(self, stream: Iterable[Doc], batch_size: int = 128):
        return pipe_keeping_failures(self, stream)

    # -- serialization -----------------------------------------------------------------------------
    def _save_vectors(self, p: Path) -> None:
        if self._kv is not None or self.cfg["vectors"]:
            p.mkdir(parents=True, exist_ok=True)
            self.kv.save(str(p / KV_NAME))

    def _load_vectors(self, p: Path) -> None:
        if (p / KV_NAME).exists():
            self._kv = load_vectors(p)

    def _save_frequencies(self, p: Path) -> None:
        if self.frequencies is not None:
            p.mkdir(parents=True, exist_ok=True)
            self.frequencies.to_disk(p / FREQUENCIES_FILE)

    def _load_frequencies(self, p: Path) -> None:
        if (p / FREQUENCIES_FILE).exists():
            self._df = DocumentFrequencies.from_disk(p / FREQUENCIES_FILE)

    def _load_cfg(self, data: Dict[str, Any]) -> None:
        """Settings a pipeline saved before: ignored, the config's win (`spacy_anon.saved_settings`)."""
        check_saved_settings(self.name, data, self.cfg, file="cfg")

    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = ()) -> None:
        """Write, when vectors are configured, a copy of them (self-contained pipeline) and the frequency
        table; the settings are the config's."""
        serializers = {
            "vectors": self._save_vectors,
            "frequencies": self._save_frequencies,
        }
        util_to_disk(Path(path), serializers, exclude)

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = ()) -> "Generalizer":
        def load_cfg(p: Path) -> None:
            if p.exists():
                self._load_cfg(json.loads(p.read_text(encoding="utf8")))

        util_from_disk(Path(path), {"cfg": load_cfg, "vectors": self._load_vectors,
                                    "frequencies": self._load_frequencies}, exclude)
        return self

    def to_bytes(self, *, exclude: Iterable[str] = ()) -> bytes:
        kv = self.kv if (self._kv is not None or self.cfg["vectors"]) else None
        serializers = {
            "vectors": lambda: pickle.dumps(kv) if kv is not None else b"",
            "frequencies": lambda: json.dumps(self.frequencies.to_dict()) if self.frequencies is not None else "",
        }
        return util_to_bytes(serializers, exclude)

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = ()) -> "Generalizer":
        def load_vecs(b: bytes) -> None:
            if b:
                self._kv = pickle.loads(b)

        def load_freqs(b: bytes) -> None:
            if b:
                self._df = DocumentFrequencies.from_dict(json.loads(b))

        util_from_bytes(bytes_data, {"cfg": lambda b: self._load_cfg(json.loads(b)), "vectors": load_vecs,
                                     "frequencies": load_freqs}, exclude)
        return self
