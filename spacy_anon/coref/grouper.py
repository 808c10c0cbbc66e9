"""The coreference grouper: entity keys of a base grouper (name variants), with acronyms joined to
their expansions, and the hook by which `anon_mask` groups with it when `anon_coref` ran on a doc.

Keys keep the base grouper's form (`"<LABEL>|<canonical form>"`, document-independent): an acronym
takes its expansion's key, so "ECHR" and "European Court of Human Rights" are one entity with one
replacement, in every chunk and document.
"""
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from spacy.tokens import Doc, Span

from spacy_anon.coref.resolve import acronym, fold, is_acronym, short_forms
from spacy_anon.extensions import doc_text, span_getter

COREF_RAN_KEY = "spacy_anon.coref_ran"  # doc.user_data: name of the anon_coref component that ran on the doc
ANAPHOR_SOURCE = "anon_coref."  # `span._.anon_source` of linked anaphora ("anon_coref.pronoun", ".nominal")
COREF_GENDER_KEY = "spacy_anon.coref_gender"  # doc.user_data: entity id -> "m" / "f" (names and pronouns)

ALIAS_CHARS = 120  # how far after a name an alias definition ('(“the Commission”)') is looked for
Grouper = Callable[[Doc, Sequence[Span]], List[str]]


class CorefGrouper:
    """`grouper(doc, spans) -> entity key per span`: `base`'s keys; acronyms and short forms (aliases
    defined in parentheses, the head before "of") of the names of `acronym_labels` and places joined to
    the full name."""

    place_labels = ("LOC",)

    def __init__(self, base: Grouper, acronym_labels: Sequence[str] = ("ORG",)) -> None:
        self.base = base
        self.acronym_labels = tuple(acronym_labels)
        # anon_mask reads these from its grouper (name labels, titles)
        self.name_labels = tuple(getattr(base, "name_labels", ("PERSON",)))
        if hasattr(base, "honorifics"):
            self.honorifics = tuple(base.honorifics)

    def __call__(self, doc: Doc, spans: Sequence[Span], text: Optional[str] = None) -> List[str]:
        """Entity keys of `spans` (`text`: `doc.text` when the caller has it, to save rebuilding it)."""
        keys = list(self.base(doc, spans))
        labels = [span.label_ for span in spans]
        joined = set(self.acronym_labels) | set(self.place_labels)
        if text is None:
            text = doc_text(doc) if any(label in joined for label in labels) else ""
        # a span's text is the doc text between its offsets (read from the tokens only without it)
        texts = [text[s.start_char:s.end_char] for s in spans] if text else [s.text for s in spans]
        acronym_labels = set(self.acronym_labels)
        expansions: Dict[Tuple[str, str], str] = {}
        for label, span_text, key in zip(labels, texts, keys):
            if label in acronym_labels:
                short = acronym(span_text)
                if short:
                    expansions.setdefault((label, short), key)
        if expansions:
            for i, (label, span_text) in enumerate(zip(labels, texts)):
                key = expansions.get((label, span_text))
                if key is not None and is_acronym(span_text):
                    keys[i] = key
        self._join_linked_anaphora(spans, keys)
        short: Dict[Tuple[str, str], Optional[str]] = {}
        for span, label, span_text, key in zip(spans, labels, texts, keys):
            if label in joined:
                after = text[span.end_char:span.end_char + ALIAS_CHARS]
                for form in short_forms(span_text, after):
                    known = short.get((label, form), key)
                    short[(label, form)] = key if known == key else None  # two names: ambiguous
        if short:
            for i, (label, span_text) in enumerate(zip(labels, texts)):
                if label not in joined:  # only names of these labels have short forms
                    continue
                # `fold` of each word: plain lower case for ASCII
                form = " ".join(span_text.lower().split() if span_text.isascii() else map(fold, span_text.split()))
                key = short.get((label, form))
                if key is not None:
                    keys[i] = key
        return keys

    @staticmethod
    def _join_linked_anaphora(spans: Sequence[Span], keys: List[str]) -> None:
        """Anaphora that anon_coref linked and added to the mentions (`mask_anaphora`) take the key of
        their entity's names."""
        entity_of, source_of = span_getter("anon_entity"), span_getter("anon_source")
        by_entity: Dict[str, str] = {}
        linked = []  # (index, entity) of the anaphora among the spans
        for i, (span, key) in enumerate(zip(spans, keys)):
            entity = entity_of(span)
            anaphor = (source_of(span) or "").startswith(ANAPHOR_SOURCE)
            if anaphor:
                linked.append((i, entity))
            elif entity:
                by_entity.setdefault(entity, key)
        for i, entity in linked:
            if entity in by_entity:
                keys[i] = by_entity[entity]


def grouper_for(nlp, doc: Doc, fallback: Grouper) -> Grouper:
    """The grouper `anon_mask` uses on `doc`: that of the `anon_coref` component that ran on it (when it
    is in `nlp`), else `fallback` (the mask's own)."""
    name: Optional[str] = doc.user_data.get(COREF_RAN_KEY)
    if name and nlp is not None and name in nlp.component_names:
        component = nlp.get_pipe(name)
        grouper = getattr(component, "grouper", None)
        if grouper is not None:
            return grouper
    return fallback


def entity_gender(span: Span) -> Optional[str]:
    """"male" / "female": the gender `anon_coref` found for the entity of a mention (its titles, else
    the pronouns linked to it, else its first name), so a surrogate name agrees with the pronouns kept
    in the text; None when anon_coref did not run or found none."""
    genders = span.doc.user_data.get(COREF_GENDER_KEY) or {}
    return {"m": "male", "f": "female"}.get(genders.get(span._.anon_entity or ""))
