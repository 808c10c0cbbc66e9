"""`anon_regex_generator`: rules learned from training annotations, applied as a first-pass detector.

DOCS: docs/components/anon_regex_generator.md. The rules live in `rules.json` in the component folder; edit it (or
the `rules` property) to inspect, remove or add rules.
"""
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Union

import srsly
from spacy import util
from spacy.attrs import ORTH
from spacy.language import Language
from spacy.scorer import Scorer
from spacy.tokens import Doc
from spacy.training import Example

from spacy_anon.casing import reading_words
from spacy_anon.labels import GOLD_SPAN_KEY, SPAN_KEY
from spacy_anon.candidates import append_candidates, scored_token_spans
from spacy_anon.progress import ErrorHandling, finishes, pipe_keeping_failures
from spacy_anon.saved_settings import check_saved_settings
from spacy_anon.tagger._docs import example_gold_tokens, span_group_getter
from spacy_anon.tagger.regex_generator import Rule, RuleIndex, apply_rules, learn_rules

SOURCE = "anon_regex_generator"


@Language.factory(
    "anon_regex_generator",
    default_config={
        "spans_key": SPAN_KEY,
        "gold_key": GOLD_SPAN_KEY,
        "max_context": 2,
        "min_precision": 0.9,
        "min_support": 2,
        "min_docs": 2,
        "context_free": True,
        "label_map": {},
        "generalize_runs": True,
    },
    default_score_weights={"spans_regex_f": 1.0, "spans_regex_p": 0.0, "spans_regex_r": 0.0},
)
def make_anon_regex_generator(
    nlp: Language,
    name: str,
    spans_key: str,
    gold_key: str,
    max_context: int,
    min_precision: float,
    min_support: int,
    min_docs: int,
    context_free: bool,
    label_map: Dict[str, str],
    generalize_runs: bool,
) -> "RegexGenerator":
    """Create the rule generator.

    spans_key: span group the matches are appended to (use a private key such as "anon_regex" when a
        CRF after it makes the final decision).
    gold_key: span group of the training references that holds the gold annotations (else `ents`).
    max_context: longest left context (tokens) of a rule.
    min_precision: rules below this precision on the training data are dropped.
    min_support: rules must be right at least this often on the training data.
    min_docs: rules must come from values in at least this many training documents.
    context_free: also learn rules without context (kept only when precise).
    label_map: output label for a learned label (e.g. MEDDOCAN sub-category -> category).
    generalize_runs: runs of one word class become `X+` in rule bodies (so "C+" matches any number of
        capitalised words); false keeps the lengths seen in training.
    """
    return RegexGenerator(
        nlp.vocab, name, spans_key=spans_key, gold_key=gold_key, max_context=max_context,
        min_precision=min_precision, min_support=min_support, min_docs=min_docs,
        context_free=context_free, label_map=label_map, generalize_runs=generalize_runs,
    )


class RegexGenerator(ErrorHandling):
    """Learns context + shape rules in `initialize` and writes their matches as spans."""

    def __init__(
        self,
        vocab,
        name: str = "anon_regex_generator",
        *,
        spans_key: str = SPAN_KEY,
        gold_key: str = GOLD_SPAN_KEY,
        max_context: int = 2,
        min_precision: float = 0.9,
        min_support: int = 2,
        min_docs: int = 2,
        context_free: bool = True,
        label_map: Optional[Dict[str, str]] = None,
        rules: Optional[Iterable[Union[Rule, Dict]]] = None,
        generalize_runs: bool = True,
    ):
        self.vocab = vocab
        self.name = name
        self.cfg: Dict[str, Any] = {
            "spans_key": spans_key, "gold_key": gold_key, "max_context": max_context,
            "min_precision": min_precision, "min_support": min_support, "min_docs": min_docs,
            "context_free": context_free,
            "label_map": dict(label_map or {}), "generalize_runs": generalize_runs,
        }
        self.rules = list(rules or [])

    @property
    def rules(self) -> List[Dict]:
        """The learned rules as editable dicts: context, pattern, label, precision, support."""
        return [r.to_dict() for r in self._index.rules]

    @rules.setter
    def rules(self, rules: Iterable[Union[Rule, Dict]]) -> None:
        self._index = RuleIndex(r if isinstance(r, Rule) else Rule.from_dict(r) for r in rules)

    @property
    def labels(self) -> List[str]:
        return sorted({r.label for r in self._index.rules})

    def find(self, doc: Doc):
        """(start, end, label, score) token matches in a doc, read truecased where a line is in capitals or
        lower case (`casing.reading_words`; token texts otherwise read from its arrays: a Token object per
        token is slow)."""
        words = reading_words(doc)
        if words is None:
            strings = doc.vocab.strings
            words = [strings[orth] for orth in doc.to_array(ORTH).tolist()]
        return apply_rules(words, self._index)

    @finishes
    def __call__(self, doc: Doc) -> Doc:
        spans = scored_token_spans(doc, self.find(doc), SOURCE, self.cfg["label_map"])
        append_candidates(doc, self.cfg["spans_key"], spans)
        return doc

    def pipe(self, stream: Iterable[Doc], batch_size: int = 128):
        return pipe_keeping_failures(self, stream)

    def initialize(
        self,
        get_examples: Callable[[], Iterable[Example]],
        *,
        nlp: Optional[Language] = None,
        rules: Optional[List[Dict]] = None,
    ) -> None:
        """Learn rules from the training examples (or take `rules` given in [initialize.components])."""
        if rules is not None:
            self.rules = rules
            return
        self.rules = self.learn(self.training_data(get_examples()))

    def training_data(self, examples: Iterable[Example]):
        """(token texts, gold token spans) of each example."""
        return [
            ([t.text for t in eg.predicted], example_gold_tokens(eg, self.cfg["gold_key"], strict=True))
            for eg in examples
        ]

    def learn(self, data) -> List[Rule]:
        """Rules learned from (token texts, gold token spans) pairs with this component's settings."""
        return learn_rules(
            data, max_context=self.cfg["max_context"], min_precision=self.cfg["min_precision"],
            min_support=self.cfg["min_support"], min_docs=self.cfg["min_docs"], context_free=self.cfg["context_free"],
            generalize_runs=self.cfg.get("generalize_runs", True),
        )

    def update(self, examples: Iterable[Example], *, drop: float = 0.0, sgd=None, losses=None, **kwargs):
        """Nothing to update by gradient: rules are learned in `initialize`."""
        losses = {} if losses is None else losses
        losses.setdefault(self.name, 0.0)
        return losses

    def score(self, examples: Iterable[Example], **kwargs: Any) -> Dict[str, Any]:
        """Span P/R/F of this component's matches against the gold span group."""
        getter = span_group_getter(self.cfg["gold_key"], self.cfg["spans_key"], SOURCE, self.cfg.get("label_map"))
        return Scorer.score_spans(examples, "spans_regex", getter=getter, has_annotation=None, allow_overlap=True)

    # serialization: the learned rules only; the settings come from the config (`spacy_anon.saved_settings`)
    def to_bytes(self, *, exclude=tuple()) -> bytes:
        return srsly.msgpack_dumps({"rules": self.rules})

    def from_bytes(self, data: bytes, *, exclude=tuple()) -> "RegexGenerator":
        msg = srsly.msgpack_loads(data)
        if "cfg" in msg:  # written before the settings were left to the config
            check_saved_settings(self.name, msg["cfg"], self.cfg)
        self.rules = msg["rules"]
        return self

    def to_disk(self, path, *, exclude=tuple()) -> None:
        path = util.ensure_path(path)
        serializers = {"rules.json": lambda p: srsly.write_json(p, self.rules)}
        util.to_disk(path, serializers, exclude)

    def from_disk(self, path, *, exclude=tuple()) -> "RegexGenerator":
        path = util.ensure_path(path)

        def load_rules(p: Path) -> None:
            self.rules = srsly.read_json(p)

        def check_old_cfg(p: Path) -> None:  # a pipeline saved when the settings were written here too
            if p.exists():
                check_saved_settings(self.name, srsly.read_json(p), self.cfg)

        deserializers = {
            "cfg.json": check_old_cfg,
            "rules.json": load_rules,
        }
        util.from_disk(path, deserializers, exclude)
        return self
