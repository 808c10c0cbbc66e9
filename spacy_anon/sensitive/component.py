"""`anon_sensitive`: mark the terms that disclose a confidential attribute, and generalize them.

Sánchez, Batet and Viejo, "Utility-preserving privacy protection of textual healthcare documents":
Step 1 marks every term of the sensitive set S of the configured conditions (synonyms and all
specializations, matched on Porter stems) and replaces it by its most informative generalization whose
IC is below tau = min IC over S (eq. 3-4). Step 2 (`related`, needs an index built by `spacy-anon index`)
marks the other terms q whose disclosure risk DR(t; q) = PMI(t; q) + IC(g(t)) - PMI(g(t); q) reaches tau
for a marked term t (eq. 7; contextualized eq. 10-13), and generalizes q until DR < tau for every t
(eq. 8). A term with no safe generalization gets none: anon_mask then removes it. Without an index,
`glosses` marks the words whose WordNet entry ties them to a condition (`spacy_anon.sensitive.glosses`:
eq. 7 over a definition corpus).

The spans go to doc.spans[spans_key] with `span._.anon_identifier == "CONFIDENTIAL"`, fine type
`SENSITIVE` (a term of S) or `SENSITIVE_RELATED` (Step 2), and `span._.anon_replacement` when
`generalize` is on; anon_mask's `generalize` strategy writes the replacement, its other strategies ignore it.

This module is the spaCy adapter (factory, settings, set-up, Doc in and spans out); the work is done by
`matching` (the matches of S and of glosses) with `evidence` (when a match counts), `generalization`
(g(t) and a related term's hierarchy), `risk` (IC, tau, DR through the index) and `rendering` (the
replacement as it stands in the text).
"""
import json
import os
import sqlite3
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.util import from_disk as util_from_disk
from spacy.util import to_disk as util_to_disk

from spacy_anon.settings_vocabulary import pipeline_language
from spacy_anon.saved_settings import check_saved_settings
from spacy_anon import extensions  # noqa: F401  (registers the span attributes)
from spacy_anon.errors import Errors
from spacy_anon.progress import ErrorHandling, finishes, pipe_keeping_failures
from spacy_anon.labels import CONFIDENTIAL, SPAN_KEY
from spacy_anon.sensitive import clinical
from spacy_anon.sensitive import ic as icm
from spacy_anon.sensitive import special_categories
from spacy_anon.sensitive.generalization import AncestorChains, TermGeneralizer
from spacy_anon.sensitive.glosses import GlossRelations
from spacy_anon.sensitive.index import DB_NAME, CooccurrenceIndex
from spacy_anon.sensitive.matching import RELATED_HEAD_POS, TermMatcher, head_ok
from spacy_anon.sensitive.rendering import pluralize, render
from spacy_anon.sensitive.risk import DisclosureRisk, InformationContent, check_anchors, condition_thresholds
from spacy_anon.sensitive.sensitive_set import (
    PRESETS,
    SensitiveSet,
    SensitiveTerm,
    build_sensitive_set,
    check_conditions,
)
from spacy_anon.sensitive.snomed import SnomedTaxonomy
from spacy_anon.sensitive.taxonomy import Taxonomy, WordNetTaxonomy
from spacy_anon.sensitive.terms import (
    BREAK,
    mostly_capitals,
    term_key,
    word_keys,
    word_offsets,
)

WORDFREQ = "wordfreq"
SENSITIVE_TYPE = "SENSITIVE"
RELATED_TYPE = "SENSITIVE_RELATED"
# The conditions US law asks to redact before a record goes to an insurer (Sánchez et al. §4).
DEFAULT_CONDITIONS = ["hiv", "sexually_transmitted_disease", "mental_disorder", "alcohol_abuse", "substance_abuse"]
DEFAULT_CONFIG: Dict[str, Any] = {
    "conditions": DEFAULT_CONDITIONS,
    "terms": [],
    "ic_source": WORDFREQ,
    "contextualize": False,
    "related": False,
    "generalize": True,
    "label": "MISC",
    "spans_key": SPAN_KEY,
    "snomed_path": None,
    "lang": None,
    "lexicon": None,
    "min_df": 2,
    "clinical": True,
    "max_df_share": 0.02,
    "pmi_discount": 2.0,
    "glosses": True,
}


@Language.factory("anon_sensitive", default_config=DEFAULT_CONFIG)
def make_anon_sensitive(
    nlp: Language,
    name: str,
    conditions: List[str],
    terms: List[str],
    ic_source: str,
    contextualize: bool,
    related: bool,
    generalize: bool,
    label: str,
    spans_key: str,
    snomed_path: Optional[str],
    lang: Optional[str],
    lexicon: Optional[str],
    min_df: int,
    clinical: bool,
    max_df_share: float,
    pmi_discount: float,
    glosses: bool,
) -> "SensitiveTerms":
    """Build the component; see `SensitiveTerms` for the arguments."""
    return SensitiveTerms(nlp, name, conditions=conditions, terms=terms, ic_source=ic_source,
                          contextualize=contextualize, related=related, generalize=generalize, label=label,
                          spans_key=spans_key, snomed_path=snomed_path, lang=lang, lexicon=lexicon, min_df=min_df,
                          clinical=clinical, max_df_share=max_df_share, pmi_discount=pmi_discount,
                          glosses=glosses)


class SensitiveTerms(ErrorHandling):
    """Mark (and generalize) the terms that disclose a confidential attribute.

    DOCS: docs/components/anon_sensitive.md
    """

    def __init__(
        self,
        nlp: Optional[Language] = None,
        name: str = "anon_sensitive",
        *,
        conditions: Sequence[str] = tuple(DEFAULT_CONDITIONS),
        terms: Sequence[str] = (),
        ic_source: str = WORDFREQ,
        contextualize: bool = False,
        related: bool = False,
        generalize: bool = True,
        label: str = "MISC",
        spans_key: str = SPAN_KEY,
        snomed_path: Optional[str] = None,
        lang: Optional[str] = None,
        lexicon: Optional[str] = None,
        min_df: int = 2,
        clinical: bool = True,
        max_df_share: float = 0.02,
        pmi_discount: float = 2.0,
        glosses: bool = True,
    ) -> None:
        """
        conditions: preset names (`spacy_anon.sensitive.sensitive_set.PRESETS`).
        terms: the user's own sensitive terms (each with its synonyms and specializations when the taxonomy
            knows it).
        ic_source: "wordfreq" (IC from word frequencies) or the folder of an index built by `spacy-anon index`
            (IC and PMI from document counts of that corpus).
        contextualize: compute tau and the risk of related terms on co-occurrences with the generalization
            (eq. 10-13); needs an index.
        related: also mark and generalize the terms related to a sensitive term (Step 2); needs an index.
        generalize: set `span._.anon_replacement` to the generalization (eq. 4 and 8).
        label: category of the spans (their identifier type is always CONFIDENTIAL).
        spans_key: the span group to add to.
        snomed_path: folder of a licensed SNOMED CT RF2 release; its concepts come before WordNet's.
        lang, lexicon: the WordNet and word frequencies (as anon_generalize); lang None: the pipeline's.
        min_df: with an index, a term seen in fewer documents gives no evidence of risk (its PMI counts as 0).
        clinical: add the clinical lexicon (`spacy_anon.sensitive.clinical`): clinical forms of the
            conditions, their treatments, look-alikes and denials that are not the condition, readable
            replacements; and the special-category lexicons (`spacy_anon.sensitive.special_categories`).
        max_df_share: with an index, a term in more than this share of the documents is the corpus's
            common vocabulary ("IV", "PMH") and never a related term.
        pmi_discount: with an index, co-occurrence counts are lowered by this many documents before PMI
            (absolute discounting): one or two chance co-occurrences give no risk.
        glosses: also mark the words whose WordNet entry relates them to a condition (a gloss that names
            a term of S, or a topic domain in S: `spacy_anon.sensitive.glosses`), without an index.
        """
        self.nlp = nlp
        self.name = name
        lang = pipeline_language(lang, nlp, name)
        check_conditions(list(conditions))
        if not conditions and not terms:
            raise ValueError(Errors.E351)
        if not isinstance(ic_source, str) or not ic_source:
            raise ValueError(Errors.E355.format(setting="ic_source", allowed="\"wordfreq\" or an index folder",
                                                value=ic_source))
        for setting, value in (("related", related), ("contextualize", contextualize)):
            if value and ic_source == WORDFREQ:
                raise ValueError(Errors.E352.format(setting=setting))
        if int(min_df) < 1:
            raise ValueError(Errors.E355.format(setting="min_df", allowed="at least 1", value=min_df))
        if not 0.0 < float(max_df_share) <= 1.0:
            raise ValueError(Errors.E355.format(setting="max_df_share", allowed="in (0, 1]", value=max_df_share))
        if float(pmi_discount) < 0.0:
            raise ValueError(Errors.E355.format(setting="pmi_discount", allowed="at least 0", value=pmi_discount))
        if snomed_path is not None and not Path(snomed_path).exists():
            raise FileNotFoundError(Errors.E356.format(path=str(snomed_path)))
        self.cfg: Dict[str, Any] = {
            "conditions": list(conditions), "terms": list(terms), "ic_source": ic_source,
            "contextualize": bool(contextualize), "related": bool(related), "generalize": bool(generalize),
            "label": label, "spans_key": spans_key, "snomed_path": snomed_path, "lang": lang,
            "lexicon": lexicon, "min_df": int(min_df), "clinical": bool(clinical),
            "max_df_share": float(max_df_share), "pmi_discount": float(pmi_discount), "glosses": bool(glosses),
            # read by anon_mask: its label_strategies accept these fine types
            "label_map": {SENSITIVE_TYPE: label, RELATED_TYPE: label},
        }
        self._index_path: Optional[Path] = None if ic_source == WORDFREQ else Path(ic_source)
        self._ready = False

    # ------------------------------------------------------------------------------------ set-up
    def __getstate__(self) -> Dict[str, Any]:
        """Pickled (worker processes under "spawn") without the open index and the caches: rebuilt on use."""
        state = {k: v for k, v in self.__dict__.items() if k in ("nlp", "name", "cfg", "_index_path")}
        state["_ready"] = False
        return state

    def _setup(self) -> None:
        """Build S, open the index and compute tau and g(t) (on first use: a loaded pipeline first points
        the component at its own copy of the index). A forked worker opens its own connection."""
        if self._ready and self._pid == os.getpid():
            return
        self._pid = os.getpid()
        cfg = self.cfg
        self.taxonomies: List[Taxonomy] = []
        if cfg["snomed_path"]:
            self.taxonomies.append(SnomedTaxonomy(cfg["snomed_path"]))
        self.wordnet = WordNetTaxonomy(cfg["lang"], cfg["lexicon"])
        self.taxonomies.append(self.wordnet)
        self._by_name = {t.name: t for t in self.taxonomies}
        self.sensitive: SensitiveSet = build_sensitive_set(cfg["conditions"], cfg["terms"], self.taxonomies,
                                                             cfg["lang"], cfg.get("clinical", True))
        if not len(self.sensitive):
            raise ValueError(Errors.E351)
        self.index: Optional[CooccurrenceIndex] = None
        if self._index_path is not None:
            self.index = CooccurrenceIndex(self._index_path)
            self.n_docs = self.index.n_docs
        self.information = InformationContent(self.index, cfg["lang"])
        self.chains = AncestorChains(self._by_name)
        self.taus: Dict[str, float] = condition_thresholds(self.sensitive, self.ic, self.chains, self.index,
                                                           cfg["contextualize"], cfg["min_df"])
        if not self.taus:
            raise ValueError(Errors.E353.format(path=str(self._index_path)))
        self.tau = min(self.taus.values())
        self.glosses: Optional[GlossRelations] = None
        if cfg.get("glosses", True):
            # the vocabulary a gloss is searched for: the sure terms of S, and for the GDPR categories also
            # the capitalized names that need evidence in running text ("a Christian sacrament")
            vocabulary = [(t.text, t.condition) for variants in self.sensitive.variants.values() for t in variants
                          if t.kind == "sensitive" and (not t.ambiguous or (
                              t.condition in special_categories.FORMS and t.text[:1].isupper()))]
            self.glosses = GlossRelations(self.wordnet, vocabulary, cfg["lang"])
        self.matcher = TermMatcher(self.sensitive, self.wordnet, self.glosses, cfg["conditions"],
                                   set(self.taus) | set(self.sensitive.conditions()), cfg["lang"],
                                   cfg.get("clinical", True))
        self.generalizer = TermGeneralizer(self.sensitive, self.taxonomies, self.wordnet, self.chains, self.glosses,
                                           self.ic, cfg["lang"], cfg["lexicon"], cfg.get("clinical", True))
        self.disclosure: Optional[DisclosureRisk] = None
        if self.index is not None:
            self.disclosure = DisclosureRisk(
                self.index, self.ic, self.generalization if cfg["generalize"] else None, self.tau_of,
                cfg["min_df"], cfg.get("pmi_discount", 0.0), cfg["contextualize"])
            if cfg["related"]:
                check_anchors(self.sensitive, self.index, self._index_path)
        self._ready = True

    def ic(self, text: str) -> float:
        """IC of a term: from wordfreq, or -log2(df / N) in the index (infinite when never seen)."""
        return self.information(text)

    def tau_of(self, term: SensitiveTerm) -> float:
        """tau of the term's condition (the smallest tau when its condition has none)."""
        return self.taus.get(term.condition, self.tau)

    def generalization(self, term: SensitiveTerm) -> Optional[str]:
        """g(t), eq. 4, below tau of the term's condition (`TermGeneralizer.generalization`); None when the
        term has no safe generalization (it is then removed)."""
        return self.generalizer.generalization(term, self.tau_of(term))

    # ------------------------------------------------------------------------------------ risk (Step 2)
    def disclosure_risk(self, term: SensitiveTerm, key: str) -> float:
        """DR(t; q) of eq. 7 (eq. 10-11 with `contextualize`) for a sensitive term t and the key of q
        (`DisclosureRisk.disclosure_risk`; needs an index)."""
        return self.disclosure.disclosure_risk(term, key)

    def risk(self, found: Sequence[SensitiveTerm], key: str) -> float:
        """The largest DR(t; q) - tau of t's condition over the sensitive terms t found in the document:
        q is risky when it is >= 0 (eq. 7), a generalization of q safe when it is < 0 (eq. 8)."""
        return self.riskiest(found, key)[0]

    def riskiest(self, found: Sequence[SensitiveTerm], key: str) -> Tuple[float, Optional[SensitiveTerm]]:
        """(risk, the sensitive term t that q reveals most, relative to its tau)."""
        return self.disclosure.riskiest(found, key)

    # ------------------------------------------------------------------------------------ the step
    @finishes
    def __call__(self, doc: Doc) -> Doc:
        self._setup()
        text = doc.text
        offsets = word_offsets(text)
        words = [text[o[0]:o[1]] if o is not None else BREAK for o in offsets]
        keys = word_keys(words, mostly_capitals(text), self.matcher.acronyms)
        tagged = doc.has_annotation("POS")
        matches = self.matcher.matches(doc, text, offsets, words, keys, tagged)
        stats = dict(doc._.anon_stats or {})
        new_spans: List[Span] = []
        found: Dict[str, SensitiveTerm] = {}
        taken = set()
        for i, j, term in matches:
            fine = SENSITIVE_TYPE if term.kind == "sensitive" else RELATED_TYPE
            span = self._span(doc, offsets, i, j, fine, term.condition)
            if span is None:
                continue
            if term.kind == "sensitive":
                found[term.key] = term
            taken.update(range(i, j))
            if self.cfg["generalize"]:
                g = self.generalization(term)
                if g is not None:
                    span._.anon_replacement = self.render(doc, span, g)
                else:
                    stats["sensitive_removed"] = stats.get("sensitive_removed", 0) + 1
            new_spans.append(span)
        if self.cfg.get("clinical", True):
            new_spans.extend(self._amounts(doc, new_spans, stats))
        stats["sensitive_terms"] = stats.get("sensitive_terms", 0) + len(new_spans)
        if self.cfg["related"] and found:
            related = self._related(doc, offsets, words, keys, taken, list(found.values()), tagged, stats)
            stats["sensitive_related"] = stats.get("sensitive_related", 0) + len(related)
            new_spans.extend(related)
        key = self.cfg["spans_key"]
        group = list(doc.spans[key]) if key in doc.spans else []
        doc.spans[key] = group + sorted(new_spans, key=lambda s: (s.start, s.end))  # the group exists even if empty
        doc._.anon_stats = stats
        return doc

    def pipe(self, stream: Iterable[Doc], batch_size: int = 128):
        return pipe_keeping_failures(self, stream)

    def _amounts(self, doc: Doc, spans: Sequence[Span], stats: Dict[str, int]) -> List[Span]:
        """Amounts of drink written as a habit ("4-5 drinks/day"): related terms of alcohol abuse, removed
        (no generalization of an amount hides what is drunk)."""
        out: List[Span] = []
        taken = [(s.start_char, s.end_char) for s in spans]
        for condition, pattern in {**clinical.AMOUNTS, **special_categories.PATTERNS}.items():
            if condition not in self.cfg["conditions"]:
                continue
            for m in pattern.finditer(doc.text):
                if any(m.start() < e and s < m.end() for s, e in taken):
                    continue
                span = doc.char_span(m.start(), m.end(), label=self.cfg["label"], kb_id=condition,
                                     alignment_mode="expand")
                if span is None:
                    continue
                span._.anon_identifier = CONFIDENTIAL
                span._.anon_source = self.name
                span._.anon_type = RELATED_TYPE
                span._.anon_score = 1.0
                taken.append((span.start_char, span.end_char))
                if self.cfg["generalize"]:
                    stats["sensitive_removed"] = stats.get("sensitive_removed", 0) + 1
                out.append(span)
        return out

    def _span(self, doc: Doc, offsets, i: int, j: int, fine_type: str, condition: str) -> Optional[Span]:
        """A CONFIDENTIAL span over words i..j; its kb_id_ names the condition it reveals."""
        span = doc.char_span(offsets[i][0], offsets[j - 1][1], label=self.cfg["label"], kb_id=condition,
                             alignment_mode="expand")
        if span is None:
            return None
        span._.anon_identifier = CONFIDENTIAL
        span._.anon_source = self.name
        span._.anon_type = fine_type
        span._.anon_score = 1.0
        return span

    def _related(self, doc, offsets, words, keys, taken, found, tagged, stats) -> List[Span]:
        """Step 2: risky related terms (DR >= tau for some found t), longest first, generalized by eq. 8."""
        risky = self.disclosure.risky_ngrams(
            words, keys, taken, found, self.sensitive, self.cfg.get("max_df_share", 1.0),
            lambda j: not tagged or head_ok(doc, offsets, j, RELATED_HEAD_POS))
        spans: List[Span] = []
        used = set()
        for i, j, condition in risky:
            if any(k in used for k in range(i, j)):
                continue
            span = self._span(doc, offsets, i, j, RELATED_TYPE, condition)
            if span is None:
                continue
            used.update(range(i, j))
            if self.cfg["generalize"]:
                hierarchy = self.generalizer.related_hierarchy(doc.text[offsets[i][0]:offsets[j - 1][1]])
                g = icm.first_safe(hierarchy, lambda h: self.risk(found, term_key(h)), 0.0)
                if g is not None:
                    span._.anon_replacement = self.render(doc, span, g)
                else:
                    stats["sensitive_removed"] = stats.get("sensitive_removed", 0) + 1
            spans.append(span)
        return spans

    # ------------------------------------------------------------------------------------ output
    def render(self, doc: Doc, span: Span, word: str) -> str:
        """The replacement as it stands in the text (`rendering.render`)."""
        return render(doc, span, word, self.wordnet.spec)

    # ------------------------------------------------------------------------------------ serialization
    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = ()) -> None:
        """A copy of the index (counts only; the settings are the config's): a saved pipeline does not depend on the original
        index folder. A SNOMED CT release is never copied (its licence): snomed_path must stay valid."""
        def save_index(p: Path) -> None:
            if self._index_path is not None:
                p.mkdir(parents=True, exist_ok=True)
                source = sqlite3.connect(str(self._index_path / DB_NAME))
                target = sqlite3.connect(str(p / DB_NAME))
                with target:
                    source.backup(target)
                source.close()
                target.close()

        util_to_disk(Path(path), {"index": save_index}, exclude)  # the settings are the config's

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = ()) -> "SensitiveTerms":
        def load_cfg(p: Path) -> None:  # settings a pipeline saved before: ignored, the config's win
            if p.exists():
                check_saved_settings(self.name, json.loads(p.read_text(encoding="utf8")), self.cfg, file="cfg")

        def load_index(p: Path) -> None:
            if (p / DB_NAME).exists():
                self._index_path = p

        util_from_disk(Path(path), {"cfg": load_cfg, "index": load_index}, exclude)
        self._ready = False
        return self


__all__ = ["SensitiveTerms", "make_anon_sensitive", "pluralize", "PRESETS"]
