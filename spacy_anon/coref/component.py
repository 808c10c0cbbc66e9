"""`anon_coref`: the spaCy component that groups the detected mentions into entities and links the
anaphora that refer to them, so `anon_mask` masks every mention of an entity with one replacement.

It reads `doc.spans["anon"]` (the detectors' candidates), adds the forms of detected names that the
detectors left in clear (acronyms and expansions, name parts: `spacy_anon.coref.resolve`), sets
`span._.anon_entity` on the mentions (one id per entity, "PERSON_1"), writes every mention with its
linked pronouns and role nouns to `doc.spans["anon_coref"]`, and marks the doc so that `anon_mask`
groups with this component's grouper (`spacy_anon.coref.grouper.grouper_for`). Pronouns and role nouns
are kept in the text unless `mask_anaphora` is set.
"""
import re
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import srsly
from spacy import util
from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.util import SimpleFrozenList

from spacy_anon import extensions  # noqa: F401  (registers the Doc/Span attributes)
from spacy_anon.extensions import doc_text, span_getter
from spacy_anon.candidates import FreeTokens
from spacy_anon.coref.grouper import COREF_GENDER_KEY, COREF_RAN_KEY, CorefGrouper
from spacy_anon.coref.resolve import (UNNAMED, Anaphor, find_acronyms, find_anaphora, find_name_variants,
                                      is_title_only, link_anaphora, mention_gender, plain_words,
                                      sentence_starts)
from spacy_anon.doc_keys import SPAN_KEY
from spacy_anon.errors import Errors
from spacy_anon.progress import ErrorHandling, finishes, pipe_keeping_failures
from spacy_anon.labels import DEFAULT_ENT_LABEL_MAP
from spacy_anon.lexicon.common_words import common_word_test
from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS
from spacy_anon.saved_settings import check_saved_settings
from spacy_anon.settings_vocabulary import pipeline_language

# a mention written as an e-mail address or a web address: no name's parts to look for elsewhere (a handle,
# "@will.fitzgerald.pt", has them)
WEB_SHAPE = re.compile(r"\w@\w|://|\bwww\.|\w\.(?:com|org|net|io|dev|co|uk|gov|edu)\b", re.IGNORECASE)

RESOLVERS = ("rules", "coreferee")
COREF_SPAN_KEY = "anon_coref"
SOURCE = "anon_coref"

DEFAULT_CONFIG: Dict[str, Any] = {
    "resolver": "rules",
    "grouper": {"@misc": "spacy_anon.name_part_grouper.v1"},
    "spans_key": SPAN_KEY,
    "coref_key": COREF_SPAN_KEY,
    "acronym_labels": ["ORG"],
    "use_ents": True,
    "ent_label_map": None,
    "add_mentions": True,
    "link_anaphora": True,
    "mask_anaphora": False,
    "max_sentences": 2,
    "lang": None,
}


@Language.factory(
    "anon_coref",
    assigns=["doc.spans", "span._.anon_entity"],
    requires=["doc.spans"],
    default_config=DEFAULT_CONFIG,
)
def make_anon_coref(
    nlp: Language,
    name: str,
    resolver: str,
    grouper: Callable[[Doc, Sequence[Span]], List[str]],
    spans_key: str,
    coref_key: Optional[str],
    acronym_labels: List[str],
    use_ents: bool,
    ent_label_map: Optional[Dict[str, Optional[str]]],
    add_mentions: bool,
    link_anaphora: bool,
    mask_anaphora: bool,
    max_sentences: int,
    lang: Optional[str],
) -> "AnonCoref":
    """Build the coreference component; see `AnonCoref` for the arguments."""
    return AnonCoref(name, lang=pipeline_language(lang, nlp, name), resolver=resolver, grouper=grouper,
                     spans_key=spans_key, coref_key=coref_key, acronym_labels=acronym_labels, use_ents=use_ents,
                     ent_label_map=ent_label_map, add_mentions=add_mentions,
                     link_anaphora=link_anaphora, mask_anaphora=mask_anaphora, max_sentences=max_sentences)


class AnonCoref(ErrorHandling):
    """Group mentions into entities and link their anaphora.

    DOCS: docs/components/anon_coref.md
    """

    def __init__(
        self,
        name: str = "anon_coref",
        *,
        lang: str = "en",
        resolver: str = "rules",
        grouper: Optional[Callable[[Doc, Sequence[Span]], List[str]]] = None,
        spans_key: str = SPAN_KEY,
        coref_key: Optional[str] = COREF_SPAN_KEY,
        acronym_labels: Sequence[str] = ("ORG",),
        use_ents: bool = True,
        ent_label_map: Optional[Dict[str, Optional[str]]] = None,
        add_mentions: bool = True,
        link_anaphora: bool = True,
        mask_anaphora: bool = False,
        max_sentences: int = 2,
    ) -> None:
        """
        lang: language of the pronoun and role-noun lists (en, es, pt; others: names and acronyms only).
        resolver: "rules" (the built-in rule-based resolver) or "coreferee" (chains of the `coreferee`
            package, which must run earlier in the pipeline; names and acronyms still come from the rules).
        grouper: base grouping of names (spacy_anon.name_part_grouper.v1: titles, surname only, initials,
            case and accents; its `ambiguous` decides a surname shared by two people).
        spans_key: span group of the detected mentions (read, and extended with the forms found).
        coref_key: span group written with every mention and linked anaphor (None: not written).
        acronym_labels: labels whose names are joined to their acronyms ("ECHR").
        use_ents: also take `doc.ents` as mentions (a spaCy `ner`), mapped by `ent_label_map` (None:
            `spacy_anon.labels.DEFAULT_ENT_LABEL_MAP`, as anon_mask); they are not copied to `spans_key`.
        add_mentions: add to `spans_key` the acronyms, expansions and name parts of detected entities
            that the detectors left in clear.
        link_anaphora: link pronouns and role nouns ("he", "ela", "the applicant") to people.
        mask_anaphora: also add linked anaphora to `spans_key`, so they are masked like the name.
        max_sentences: how many sentences back a pronoun looks for its antecedent.
        """
        if resolver not in RESOLVERS:
            raise ValueError(Errors.E975.format(valid=RESOLVERS, value=resolver))
        if max_sentences < 0:
            raise ValueError(Errors.E976.format(value=max_sentences))
        if resolver == "coreferee":
            _require_coreferee()
        self.name = name
        self.lang = lang
        self.resolver = resolver
        if grouper is None:
            from spacy.util import registry

            grouper = registry.misc.get("spacy_anon.name_part_grouper.v1")()
        self.grouper = CorefGrouper(grouper, acronym_labels)
        self.spans_key = spans_key
        self.coref_key = coref_key
        self.acronym_labels = tuple(acronym_labels)
        self.use_ents = bool(use_ents)
        self.ent_label_map = dict(DEFAULT_ENT_LABEL_MAP if ent_label_map is None else ent_label_map)
        self.add_mentions = bool(add_mentions)
        self.link_anaphora = bool(link_anaphora)
        self.mask_anaphora = bool(mask_anaphora)
        self.max_sentences = int(max_sentences)
        self._is_common: Optional[Callable[[str], bool]] = None

    @property
    def name_labels(self) -> Tuple[str, ...]:
        return self.grouper.name_labels

    @property
    def honorifics(self) -> Tuple[str, ...]:
        return tuple(getattr(self.grouper, "honorifics", DEFAULT_HONORIFICS))

    @finishes
    def __call__(self, doc: Doc) -> Doc:
        """Group the mentions of `doc`, link its anaphora, and mark it for anon_mask."""
        text = doc_text(doc)
        words = _TextWords(text)  # its words and sentences, found once for the steps below
        group = list(doc.spans[self.spans_key]) if self.spans_key in doc.spans else []
        ents = self._entities(doc)
        if self.add_mentions and (group or ents):
            found = self._found_forms(doc, text, _non_overlapping(group + ents), words)
            group = self._join_titles(text, group + found)
        mentions = _non_overlapping(group + ents)
        keys = list(self.grouper(doc, mentions, text=text))
        if len(keys) != len(mentions):
            raise ValueError(Errors.E977.format(n_keys=len(keys), n_spans=len(mentions)))
        ids: Dict[Tuple[str, str], str] = {}
        counts: Dict[str, int] = {}
        for span, key in zip(mentions, keys):
            if (span.label_, key) not in ids:
                counts[span.label_] = counts.get(span.label_, 0) + 1
                ids[(span.label_, key)] = f"{span.label_}_{counts[span.label_]}"
            span._.anon_entity = ids[(span.label_, key)]
        anaphora = self._anaphora(doc, text, mentions, keys, ids, words) if self.link_anaphora else []
        extra = [span for span in anaphora if span._.anon_entity is not None]
        if self.mask_anaphora and extra:
            group = group + extra
        if self.add_mentions or self.mask_anaphora:
            doc.spans[self.spans_key] = group
        if self.coref_key:
            doc.spans[self.coref_key] = sorted(mentions + extra, key=lambda s: (s.start_char, s.end_char))
        doc.user_data[COREF_RAN_KEY] = self.name
        return doc

    def pipe(self, stream: Iterable[Doc], *, batch_size: int = 128) -> Iterable[Doc]:
        return pipe_keeping_failures(self, stream)

    # ------------------------------------------------------------------------------------ steps
    def _entities(self, doc: Doc) -> List[Span]:
        """`doc.ents` under our labels (`ent_label_map`), as anon_mask reads them (when `use_ents`)."""
        if not self.use_ents:
            return []
        found = []
        for ent in doc.ents:
            label = self.ent_label_map.get(ent.label_)
            if label:
                span = Span(doc, ent.start, ent.end, label=label)
                span._.anon_score = ent._.anon_score
                found.append(span)
        return found

    def _found_forms(self, doc: Doc, text: str, mentions: List[Span],
                     words: Optional["_TextWords"] = None) -> List[Span]:
        """Acronyms, expansions and name parts of detected entities left in clear, as new mentions."""
        if self._is_common is None:
            self._is_common = common_word_test(self.lang)
        words = words or _TextWords(text)
        triples = [(s.start_char, s.end_char, s.label_ if not WEB_SHAPE.search(s.text) else "CONTACT")
                   for s in mentions]  # a tagger's "name" over "github.com/x" gives no name part "GitHub"
        found = find_acronyms(text, triples, self.acronym_labels)
        found += find_name_variants(text, triples, self.name_labels, self.honorifics, self._is_common,
                                    words=words.words, starts=words.starts)
        free = FreeTokens(doc, mentions)
        added = []
        for start, end, index in sorted(found):
            source = mentions[index]
            span = free.claim(start, end, source.label_)
            if span is None:
                continue
            span._.anon_source = SOURCE
            span._.anon_score = source._.anon_score
            span._.anon_identifier = source._.anon_identifier
            added.append(span)
        return added

    def _join_titles(self, text: str, group: List[Span]) -> List[Span]:
        """A person mention that is only a title ("Mr") followed by a name part found in clear
        ("Benham") becomes one mention ("Mr Benham")."""
        name_labels = set(self.name_labels)
        source = span_getter("anon_source")
        by_start = {s.start: s for s in group if source(s) == SOURCE and s.label_ in name_labels}
        if not by_start:  # no name part was found in clear: no title to join
            return list(group)
        out, dropped = [], set()
        for span in group:
            nxt = by_start.get(span.end) or (by_start.get(span.end + 1) if span.end < len(span.doc) and
                                              span.doc[span.end].text == "." else None)
            if nxt is not None and span.label_ in name_labels and is_title_only(span.text, self.honorifics):
                joined = Span(span.doc, span.start, nxt.end, label=span.label_)
                joined._.anon_source = span._.anon_source
                joined._.anon_score = span._.anon_score
                joined._.anon_identifier = span._.anon_identifier
                out.append(joined)
                dropped.add(id(nxt))
            else:
                out.append(span)
        return [s for s in out if id(s) not in dropped]

    def _anaphora(self, doc: Doc, text: str, mentions: List[Span], keys: List[str],
                  ids: Dict[Tuple[str, str], str], words: Optional["_TextWords"] = None) -> List[Span]:
        """Spans of the pronouns and role nouns, `_.anon_entity` set to their person's id (None:
        unresolved); records each person's gender in doc.user_data."""
        words = words or _TextWords(text)
        name_labels = set(self.name_labels)
        people = []
        for span, key in zip(mentions, keys):
            if span.label_ in name_labels:
                title, first = mention_gender(text, span.start_char, span.end_char, self.lang, self.honorifics)
                people.append((span.start_char, span.end_char, ids[(span.label_, key)], title, first))
        taken = [(s.start_char, s.end_char) for s in mentions]
        anaphora = find_anaphora(text, self.lang, taken, words=words.words)
        if self.resolver == "coreferee":
            _link_with_coreferee(doc, people, anaphora)
        else:
            link_anaphora(text, self.lang, people, anaphora, self.max_sentences, starts=words.starts)
        unnamed: Dict[str, str] = {}
        n_people = sum(1 for (label, _) in ids if label in name_labels)
        for a in anaphora:
            if a.key is not None and a.key.startswith(UNNAMED):
                if a.key not in unnamed:
                    n_people += 1
                    unnamed[a.key] = f"PERSON_{n_people}"
                a.key = unnamed[a.key]
        genders: Dict[str, str] = {}
        for _, _, entity, title, _ in people:
            if title and entity not in genders:
                genders[entity] = title
        spans = []
        label_of = {entity: label for (label, _), entity in ids.items()}
        for a in anaphora:
            if a.key is not None and a.gender and a.key not in genders:
                genders[a.key] = a.gender
            span = doc.char_span(a.start, a.end, label=label_of.get(a.key, "PERSON") if a.key else "PERSON",
                                 alignment_mode="expand")
            if span is None:
                continue
            span._.anon_entity = a.key
            span._.anon_source = f"{SOURCE}.{a.kind}"
            spans.append(span)
        for _, _, entity, _, first in people:
            if first and entity not in genders:
                genders[entity] = first
        doc.user_data[COREF_GENDER_KEY] = genders
        return spans

    # ------------------------------------------------------------------------------------ serialization
    def _settings(self) -> Dict[str, Any]:
        return {"lang": self.lang, "resolver": self.resolver, "spans_key": self.spans_key,
                "coref_key": self.coref_key, "acronym_labels": list(self.acronym_labels),
                "use_ents": self.use_ents, "ent_label_map": self.ent_label_map,
                "add_mentions": self.add_mentions, "link_anaphora": self.link_anaphora,
                "mask_anaphora": self.mask_anaphora, "max_sentences": self.max_sentences}

    def to_bytes(self, *, exclude: Iterable[str] = SimpleFrozenList()) -> bytes:
        """Nothing learned to serialize: the settings come from the config (`spacy_anon.saved_settings`)."""
        return util.to_bytes({}, exclude)

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = SimpleFrozenList()) -> "AnonCoref":
        util.from_bytes(bytes_data, {"cfg": lambda b: self._check_old_settings(srsly.json_loads(b))}, exclude)
        return self

    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> None:
        """An empty folder: nothing is learned, the settings are the pipeline config's."""
        util.to_disk(util.ensure_path(path), {}, exclude)

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = SimpleFrozenList()) -> "AnonCoref":
        """Settings a pipeline saved before in `path/cfg` are ignored (the config's win)."""
        path = util.ensure_path(path)
        util.from_disk(path, {"cfg": lambda p: self._check_old_settings(srsly.read_json(p)) if p.exists() else None},
                       exclude)
        return self

    def _check_old_settings(self, cfg: Dict[str, Any]) -> None:
        check_saved_settings(self.name, cfg, self._settings(), file="cfg")


class _TextWords:
    """The words and sentence starts of a text, found at the first use and then reused."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._words: Optional[List] = None
        self._starts: Optional[List[int]] = None

    @property
    def words(self) -> List:
        if self._words is None:
            self._words = plain_words(self.text)
        return self._words

    @property
    def starts(self) -> List[int]:
        if self._starts is None:
            self._starts = sentence_starts(self.text)
        return self._starts


def _non_overlapping(spans: Sequence[Span]) -> List[Span]:
    """The longest spans first (then the highest scored), none overlapping another, in text order."""
    if not spans:
        return []
    chosen: List[Span] = []
    score = span_getter("anon_score")
    taken = bytearray(len(spans[0].doc) + 1)  # tokens taken
    ranked = []
    for i, s in enumerate(spans):
        start_char, end_char = s.start_char, s.end_char
        if end_char > start_char:
            ranked.append((-(end_char - start_char), -(score(s) or 0.0), start_char, i, s, end_char))
    ranked.sort(key=lambda x: x[:4])
    for *_, span, _end_char in ranked:
        start, end = span.start, span.end
        if taken.find(1, start, end) != -1:
            continue
        taken[start:end] = b"\x01" * (end - start)
        chosen.append(span)
    return sorted(chosen, key=lambda s: (s.start_char, s.end_char))


def _require_coreferee() -> None:
    try:
        import coreferee  # noqa: F401  (only whether it is installed)
    except ImportError as err:
        raise ValueError(Errors.E978) from err


def _link_with_coreferee(doc: Doc, people: Sequence[Tuple[int, int, str, Optional[str], Optional[str]]],
                         anaphora: List[Anaphor]) -> None:
    """Anaphora keys from `doc._.coref_chains` (coreferee): an anaphor takes the entity of a named
    person in its chain."""
    if not Doc.has_extension("coref_chains") or doc._.coref_chains is None:
        raise ValueError(Errors.E979)
    entity_at: Dict[int, str] = {}
    for start, end, entity, _, _ in people:
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is not None:
            for i in range(span.start, span.end):
                entity_at[i] = entity
    anaphor_at: Dict[int, Anaphor] = {}
    for a in anaphora:
        span = doc.char_span(a.start, a.end, alignment_mode="expand")
        if span is not None:
            anaphor_at[span.end - 1] = a
    for chain in doc._.coref_chains:
        indexes = [i for mention in chain for i in mention.token_indexes]
        entity = next((entity_at[i] for i in indexes if i in entity_at), None)
        if entity is None:
            continue
        for i in indexes:
            if i in anaphor_at:
                anaphor_at[i].key = entity
