"""The `Recognizer` and `Pattern` types, the helpers the recognizer families share (compiled
patterns, prefilters) and the registry `anon_recognizers` that holds them by name.

Every regex here runs in time linear in the text: quantifiers that could restart at many positions and
run to the end of a long token are bounded (RFC limits for e-mails and domains, at most a few digit
groups) or anchored by a lookbehind, so a megabyte base64 blob or a long run of digits costs no more
than ordinary prose (`tests/test_rules_linear_time.py`).
"""
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional, Sequence, Tuple

from spacy.util import registry

from spacy_anon.errors import Errors
from spacy_anon.rules import scanning


# A finder yields (start, end, score) or (start, end, score, validated) for recognizers that are not
# plain regexes (phones, postal codes, checksummed identifiers).
Finder = Callable[[str, "object"], Iterable[Tuple[int, int, float]]]


@dataclass(frozen=True)
class Pattern:
    """A compiled regex, the score of its raw match, and the group that becomes the span."""

    regex: "re.Pattern[str]"
    score: float
    group: int = 0


def as_pattern(spec: Any, recognizer: str = "?") -> Pattern:
    """A Pattern from a Pattern, a regex string (score 0.5) or a (regex, score[, group]) tuple."""
    if isinstance(spec, Pattern):
        return spec
    if isinstance(spec, str):
        spec = (spec, 0.5, 0)
    if isinstance(spec, (tuple, list)) and 1 <= len(spec) <= 3 and isinstance(spec[0], str):
        source, score, group = (list(spec) + [0.5, 0][len(spec) - 1:])[:3]
        try:
            regex = re.compile(source)
        except re.error as err:
            raise ValueError(Errors.E211.format(name=recognizer, problem=f"has a pattern that does not compile ({err})")) \
                from None
        if not isinstance(score, (int, float)) or not 0.0 <= score <= 1.0:
            raise ValueError(Errors.E211.format(name=recognizer, problem=f"has a pattern score {score!r} outside [0, 1]"))
        if not isinstance(group, int) or not 0 <= group <= regex.groups:
            raise ValueError(Errors.E211.format(name=recognizer, problem=f"names group {group!r}, which its regex lacks"))
        return Pattern(regex, float(score), group)
    raise ValueError(Errors.E211.format(name=recognizer, problem=f"has a pattern of type {type(spec).__name__}"))


@dataclass(frozen=True)
class Recognizer:
    """One kind of identifier: patterns (or a finder), an optional validator, context words and a label.

    validator: returns True (checksum passed: the score becomes `validated_score`), False (drop the
        match) or None (keep the pattern score).
    context / negative_context: lower-case words or phrases; within the context window they raise /
        lower the score by the context boost.
    languages: language codes the recognizer is meant for; empty means any language.
    prefilter: cheap test on the whole text; when it fails the patterns are not run at all.
    needs: for a finder, compiled regexes one of which matches in every text where the finder finds
        something (its candidate patterns): a batch of texts is searched for them in one pass each,
        and the finder skips the texts where none matches (`batch_scan.finder_skips`).
    """

    name: str
    label: str
    patterns: Tuple[Pattern, ...] = ()
    finder: Optional[Finder] = None
    validator: Optional[Callable[[str], Optional[bool]]] = None
    validated_score: Optional[float] = None
    context: Tuple[str, ...] = ()  # "<word": only before the match, ">word": only after it
    negative_context: Tuple[str, ...] = ()
    languages: Tuple[str, ...] = ()
    prefilter: Optional[Callable[[str], bool]] = None
    identifier: Optional[str] = None
    opt_in: bool = False  # left out of "all": only used when named (domain shorthand that misfires elsewhere)
    type: Optional[str] = None  # fine type beside the label (`spacy_anon.labels.RULE_TYPES`); None: the label
    needs: Tuple["re.Pattern[str]", ...] = ()
    # key phrases: a value that fails the validator is kept when one keys it right before ("NI number: QQ 12
    # 34 56 C", "Card number: 4111 ..." mistyped): a value named so is one, whatever its check says
    keyed: Tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Check the definition when it is made, not at the first document: a pattern may be given as a
        regex string, a (regex, score[, group]) tuple or a Pattern; anything else, or a regex that does
        not compile, is an error naming the recognizer."""
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(Errors.E211.format(name=self.name, problem="has no name"))
        if not isinstance(self.label, str) or not self.label:
            raise ValueError(Errors.E211.format(name=self.name, problem="has no label"))
        if self.type is not None and (not isinstance(self.type, str) or not self.type):
            raise ValueError(Errors.E211.format(name=self.name, problem="has a type that is not a non-empty string"))
        patterns = tuple(as_pattern(p, self.name) for p in self.patterns)
        object.__setattr__(self, "patterns", patterns)
        if not patterns and self.finder is None:
            raise ValueError(Errors.E211.format(name=self.name, problem="has neither patterns nor a finder"))
        needs = tuple(self.needs) if isinstance(self.needs, (tuple, list)) else None
        if needs is None or not all(isinstance(r, re.Pattern) and isinstance(r.pattern, str) for r in needs):
            raise ValueError(Errors.E211.format(name=self.name, problem="needs a list of compiled str regexes in needs"))
        if needs and self.finder is None:
            raise ValueError(Errors.E211.format(name=self.name, problem="has needs but no finder (needs skip a finder)"))
        object.__setattr__(self, "needs", needs)
        for field_name in ("context", "negative_context", "languages", "keyed"):
            value = getattr(self, field_name)
            if isinstance(value, str) or not all(isinstance(w, str) for w in value):
                raise ValueError(Errors.E211.format(name=self.name, problem=f"needs a list of strings in {field_name}"))
            object.__setattr__(self, field_name, tuple(value))

    def raw_matches(self, text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
        """(start, end, score, validated) of every pattern/finder hit that survives the validator.

        validated: a checksum confirmed the value (the validator returned True on a recognizer with a
        `validated_score`, or the finder yielded a fourth element True): such a match keeps its label against other detectors'
        overlapping guesses (`spacy_anon.mask.overlaps`).
        """
        if self.prefilter is not None and not self.prefilter(text):
            return
        hits: Iterable[Tuple]
        if self.finder is not None:
            hits = self.finder(text, options)
        else:
            hits = pattern_hits(text, self.patterns)
        yield from self.checked(text, hits)

    def checked(self, text: str, hits: Iterable[Tuple]) -> Iterator[Tuple[int, int, float, bool]]:
        """The validator's step of `raw_matches` on (start, end, score[, validated]) hits in `text`
        (also for hits found by a scan of many texts at once: `spacy_anon.rules.batch_scan`)."""
        for hit in hits:
            start, end, score = hit[0], hit[1], hit[2]
            validated = bool(hit[3]) if len(hit) > 3 else False
            if self.validator is not None:
                verdict = self.validator(text[start:end])
                if verdict is False and not (self.keyed and keyed_before(text, start, self.keyed)):
                    continue
                if verdict is True and self.validated_score is not None:  # a checksum, not a plausibility
                    validated = True
                    score = max(score, self.validated_score)
            yield start, end, score, validated


# what may stand between a key and its value: separators, and "number", "no.", "is" ("NHS no. is 943 ...")
_KEY_SEPARATORS = " \t:#=.-"
_KEY_FILLER = re.compile(r"(?:\b(?:number|num|nr|no|is|was))\Z", re.IGNORECASE)


def keyed_before(text: str, start: int, keys: Sequence[str]) -> bool:
    """Whether one of `keys` (context phrases, lower case; "<phrase" too, not ">phrase") ends right before
    text[start:], with only separators and "number", "no", "is" between ("NI number: ", "IBAN ")."""
    before = text[max(0, start - 48):start].lower()
    phrases = [key.lstrip("<") for key in keys if key and not key.startswith(">")]
    for _ in range(3):
        before = before.rstrip(_KEY_SEPARATORS)
        if any(before.endswith(key) and (len(before) == len(key) or not before[-len(key) - 1].isalnum())
               for key in phrases):
            return True
        filler = _KEY_FILLER.search(before)
        if filler is None:
            return False
        before = before[:filler.start()]
    return False


def pattern_hits(text: str, patterns: Sequence[Pattern]) -> Iterator[Tuple[int, int, float]]:
    for p in patterns:
        for m in scanning.finditer(p.regex, text):  # the starts of digit runs only, when that suffices
            start, end = m.span(p.group)
            if start < end:
                yield start, end, p.score


def compile_patterns(specs: Iterable[Tuple[str, float, int]], flags: int = 0) -> Tuple[Pattern, ...]:
    return tuple(Pattern(re.compile(src, flags), score, group) for src, score, group in specs)


def has_digits(n: int) -> Callable[[str], bool]:
    """Prefilter: the text contains at least `n` digits (searched in C, stops at the n-th digit)."""
    regex = re.compile(r"\d" + r"\D*\d" * (n - 1))
    return lambda text: regex.search(text) is not None


def contains(*needles: str) -> Callable[[str], bool]:
    return lambda text: any(n in text for n in needles)


# after the digits of a number: no more digits and no word glued on ("4412", not "4412x" or "4412.5")
DIGITS_END = r"(?![\w/]|[.,-]\d)"


def last_digits(digits: str, ends: str = r"end(?:ed|ing|s)|finishing") -> str:
    r"""Regex source of the last digits a writer gives of a number ("ending in 4412", "the old one ended
    0142"): a word of `ends`, "in" or "with", then `digits` as group 1 (e.g. r"\d{4}"), `DIGITS_END` after
    it. Phones, cards and accounts say their last digits alike (`rules.phone_tail`, `rules.card_tail`,
    `rules.account_number`)."""
    return rf"\b(?:{ends})[ \t]+(?:in[ \t]+|with[ \t]+)?({digits}){DIGITS_END}"


def finds(pattern: str) -> Callable[[str], bool]:
    """Prefilter: the text has a match of `pattern` (tried only where its opening words occur)."""
    regex = re.compile(pattern)
    return lambda text: scanning.search(regex, text) is not None



# ---------------------------------------------------------------- registry
# Recognizers live in spaCy's registry `anon_recognizers` (entry point group `spacy_anon_recognizers`), so
# a package can add its own and a saved pipeline that names them loads wherever that package is installed.
if not hasattr(registry, "anon_recognizers"):
    registry.create("anon_recognizers", entry_points=True)


class _RegistryView(Mapping):
    """Read-only name -> Recognizer view of the registry (entry points included)."""

    def __getitem__(self, name: str) -> "Recognizer":
        if name not in registry.anon_recognizers.get_all():
            raise KeyError(name)
        return registry.anon_recognizers.get(name)

    def __iter__(self):
        return iter(registry.anon_recognizers.get_all())

    def __len__(self) -> int:
        return len(registry.anon_recognizers.get_all())


REGISTRY: Mapping[str, "Recognizer"] = _RegistryView()


def register(recognizer: Recognizer) -> Recognizer:
    """Add (or replace) a recognizer in the registry under its name (checked: see `Recognizer`)."""
    if not isinstance(recognizer, Recognizer):
        raise ValueError(Errors.E211.format(name=getattr(recognizer, "name", "?"),
                                            problem=f"is a {type(recognizer).__name__}, not a Recognizer"))
    registry.anon_recognizers.register(recognizer.name, func=recognizer)
    return recognizer


def get_recognizers(names: Sequence[str] = ("all",)) -> Tuple[Recognizer, ...]:
    """Look up recognizers by name ("all" = every registered one but the opt-in ones, which can be named
    beside it; "email" is short for "rules.email")."""
    known = registry.anon_recognizers.get_all()
    out = [r for r in known.values() if not r.opt_in] if "all" in names else []
    for name in names:
        if name == "all":
            continue
        key = name if name in known else f"rules.{name}"
        if key not in known:
            raise ValueError(Errors.E212.format(name=name, valid=", ".join(["all"] + sorted(known))))
        if known[key] not in out:
            out.append(known[key])
    return tuple(out)
