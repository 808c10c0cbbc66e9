"""`surrogate`: a fake value of the same kind and shape, one per entity, chosen from a secret key.

Choices and the date shift are HMAC-SHA256 of the key, the entity and the key scope (`key_scope`:
"document" or "corpus"), so nobody without the key can redo them, and one known date reveals nothing
beyond its scope. Without a key they are drawn from the memory's random salt (not reproducible). A bare
seed is accepted only in tests (`SPACY_ANON_ALLOW_SEED_ONLY=1`): it is public, and seeded surrogates
were reversed with candidate lists. Person names keep their parts aligned ("C. Polat" -> "W. Gill"),
and two people never share a surrogate name part ("Mr Brown" would name both).
"""
import hashlib
import hmac
import inspect
import random
import re
from typing import Any, Callable, Dict, List, Optional, Sequence

from spacy_anon.coref.grouper import entity_gender
from spacy_anon.errors import Errors
from spacy_anon.mask.grouping import DEFAULT_HONORIFICS, canonical_parts, normalize
from spacy_anon.mask.memory import ReplacementMemory
from spacy_anon.mask.address_surrogates import surrogate_for_type
from spacy_anon.mask.surrogates import FakerSurrogates, title_gender
from spacy_anon.mask.operators.base import Mention, Operator, OperatorParams, register
from spacy_anon.mask.time_shift import draw_time_shift
from spacy_anon.mask.value_kinds import value_kind_of
from spacy_anon.rules.recognizers.addresses import COUNTRIES, UNIT_WORDS

MAX_TRIES = 50
DEFAULT_LOCALES = {"en": "en_US", "es": "es_ES", "pt": "pt_PT"}  # operators.surrogate.locale = null
DEFAULT_DATE_SHIFT_DAYS = 365
MAX_DATE_SHIFT_DAYS = 36500
MIN_DATE_SHIFT = 30  # days: a shift of a few days hides little


def draw_date_shift(rng: random.Random, max_days: int) -> int:
    """A date shift in days, always earlier: at least `MIN_DATE_SHIFT` (or `max_days` when smaller) and at
    most `max_days` (anon_mask's `date_shift_days`), never whole weeks (a weekday named alone must change)
    and never whole years (a date written without its year, "Jun 28" in a log, must change).

    Earlier, so that a past date stays past with one shift for every date of the memory: order and
    intervals hold, and nothing is bounded by the run date (a date that stopped at "today" revealed it)."""
    days = rng.randint(min(MIN_DATE_SHIFT, max_days), max_days)
    while days > 1 and (days % 7 == 0 or whole_years(days)):
        days -= 1
    return -days


def whole_years(days: int) -> bool:
    """Whether `days` can be a whole number of calendar years for some date: 365 a year plus up to one
    29 February in every four years (and one more where the span starts or ends beside one)."""
    years = days // 365
    return years > 0 and days - 365 * years <= years // 4 + 1


EXTRAS = ("gender", "fine_type", "time_shift_minutes")  # optional keywords of a surrogate provider


def provider_extras(provider: Callable[..., Any]) -> frozenset:
    """The optional keyword arguments (`EXTRAS`) a surrogate provider takes: those it names, or all of
    them when it takes **kwargs; a provider written for the older interface gets none."""
    try:
        params = inspect.signature(provider).parameters.values()
    except (TypeError, ValueError):
        return frozenset()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return frozenset(EXTRAS)
    return frozenset(p.name for p in params if p.name in EXTRAS)


def _align(i: int, n: int, m: int) -> int:
    if m == n:
        return i
    if i == 0:
        return 0
    if i == n - 1:
        return m - 1
    return min(i, m - 1)


def render_name(mention: str, canonical: Sequence[str], surrogate: Sequence[str],
                honorifics: Sequence[str] = DEFAULT_HONORIFICS, digest: Optional[Callable[[str], str]] = None,
                initials: Optional[Sequence[str]] = None) -> Optional[str]:
    """A person mention rewritten part by part with the entity's surrogate name parts.

    "Mr Cengiz Polat" / "Polat" / "C. Polat" with canonical [cengiz, polat] and surrogate [John, Smith]
    give "Mr John Smith" / "Smith" / "J. Smith". Leading honorifics are kept. Returns None when a part of
    the mention is not in the canonical name (the caller then uses the whole surrogate).
    digest: when given, `canonical` and `initials` hold digest(part) and digest(first letter), so the
        original name need not be kept in clear.
    """
    canonical = list(canonical)
    digest = digest or (lambda x: x)
    initials = list(initials) if initials is not None else [p[:1] for p in canonical]
    n, m = len(canonical), len(surrogate)
    if not n or not m:
        return None
    out: List[str] = []
    pos = 0
    seen_name = False
    for match in re.finditer(r"\S+", mention):
        out.append(mention[pos:match.start()])
        pos = match.end()
        token = match.group(0)
        pre, core, post = re.match(r"^(\W*)(.*?)(\W*)$", token).groups()
        norm = normalize(core)
        if not norm:
            out.append(token)
            continue
        if not seen_name and norm in honorifics:
            out.append(token)
            continue
        new_parts = []
        for sub in norm.split():
            hashed = digest(sub)
            if hashed in canonical:
                new_parts.append(surrogate[_align(canonical.index(hashed), n, m)])
            elif len(sub) == 1 and hashed in initials:
                new_parts.append(surrogate[_align(initials.index(hashed), n, m)][:1].upper())
            else:
                return None
        seen_name = True
        new = "-".join(new_parts)
        if core.isupper() and len(core) > 1:
            new = new.upper()
        out.append(pre + new + post)
    out.append(mention[pos:])
    return "".join(out)


# Labels whose surrogate keeps some words on purpose: a unit, a month, a currency ("for 5-7 days", "GBP"),
# or whose value is one token that the full comparison covers (a code, an e-mail address).
KEEPS_WORDS = frozenset({"DATETIME", "AGE", "QUANTITY", "CONTACT", "ID", "CODE"})
# Words that are no part of what a name identifies: function words, legal forms, kinds of street.
SHARED_WORDS = frozenset({
    "the", "and", "of", "for", "del", "las", "los", "dos", "das", "des", "von", "van",
    "inc", "ltd", "llc", "plc", "corp", "gmbh", "ltda", "lda", "cia", "sll", "slu", "sau", "sad", "ag", "group",
    "grupo", "company", "limited", "hermanos", "hijos", "filhos", "sons", "street", "road", "avenue", "lane",
    "calle", "avenida", "plaza", "paseo", "camino", "rua", "praca", "travessa", "largo", "estrada",
    # the words of an address's unit, which its surrogate keeps with a new number ("Flat 2" -> "Flat 57")
    *(word.lower().strip(".") for unit in UNIT_WORDS for word in unit.split()),
})


def shares_a_word(value: str, originals: Sequence[str], label: str, honorifics: Sequence[str] = ()) -> bool:
    """Whether a surrogate keeps a word of the original mention (normalized `originals`): a kept surname
    ("Jonathan Brown" for "Jonathan Smith") shows it to every reader. Words of under three letters,
    honorifics and `SHARED_WORDS` do not count, nor do labels in `KEEPS_WORDS` (their words are units)."""
    if label in KEEPS_WORDS:
        return False
    words = {w for original in originals for w in original.split()
             if len(w) >= 3 and w not in SHARED_WORDS and w not in honorifics}
    if label == "LOC":  # an address's country stays ("..., Warwick, United States"): it names no one
        words -= _COUNTRY_WORDS
    return any(w in words for w in normalize(value).split())


_COUNTRY_WORDS = frozenset(w for country in COUNTRIES for w in normalize(country).split())
_TEXT_ENDS = re.compile(r"^\s*(?:$|\n)")
_NEXT_SENTENCE = re.compile(r"^\s+[A-Z\u00C0-\u00DE\"\u201c\u00bf\u00a1(]")


def fit_final_period(replacement: str, mention: str, after: str, label: str = "") -> str:
    """`replacement` fitted to the period after it: one that ends with an abbreviation's period ("Foo
    S.L.L.") before the sentence's own period drops its own ("S.L.L.." was the bug). When the mention's
    final period also ended the sentence, a replacement without one gets it back: at the end of the text
    or line, and before a capital after a company's legal form ("Acme S.A. The" -> "Foo LLC. The"; a
    capital after "U.S." is more often "U.S. Army" than a new sentence)."""
    if replacement.endswith(".") and after.startswith("."):
        return replacement[:-1]
    if mention.endswith(".") and not replacement.endswith((".", "!", "?")) and (
            _TEXT_ENDS.match(after) or label == "ORG" and _NEXT_SENTENCE.match(after)):
        return replacement + "."
    return replacement


def seed_for(key: Optional[bytes], seed: Optional[int], memory: ReplacementMemory, *parts: Any) -> int:
    """The random seed of one surrogate choice: HMAC(key, seed, scope, parts) with a secret key, else
    from the memory's random salt (or, in tests only, the bare seed)."""
    message = "\x1f".join(str(p) for p in parts).encode("utf8")
    if key is not None:
        scope = memory.scope if memory.scope is not None else b""
        digest = hmac.new(key, b"surrogate\x1f" + str(seed).encode("utf8") + b"\x1f" + scope + b"\x1f" + message,
                          hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big")
    base = f"seed:{seed}".encode("utf8") if seed is not None else memory.salt
    h = hashlib.sha256(base)
    h.update(message)
    return int.from_bytes(h.digest()[:8], "big")


@register("surrogate")
class SurrogateOperator(Operator):
    # locale: Faker locale (null: the pipeline language's, `DEFAULT_LOCALES`); date_shift_days: the
    # largest shift of a surrogate date (`draw_date_shift`)
    defaults = {"locale": None, "date_shift_days": DEFAULT_DATE_SHIFT_DAYS}

    @classmethod
    def option(cls, params: OperatorParams, key: str) -> Any:
        value = super().option(params, key)
        if key == "locale" and value is None:
            return DEFAULT_LOCALES.get(params.lang, "en_US")
        return value

    @classmethod
    def check_values(cls, params: OperatorParams) -> None:
        """Refuse a date shift that cannot work (E134), whether or not surrogates are used."""
        shift = cls.option(params, "date_shift_days")
        if not isinstance(shift, int) or isinstance(shift, bool) or not 1 <= shift <= MAX_DATE_SHIFT_DAYS:
            raise ValueError(Errors.E134.format(value=shift))

    def validate(self, params: OperatorParams) -> None:
        import faker.config  # heavy, only when surrogates are used

        self.check_options(params)
        self.check_values(params)
        locale = self.option(params, "locale")
        if locale not in faker.config.AVAILABLE_LOCALES:
            raise ValueError(Errors.E114.format(value=locale))

    def operate(self, mention: Mention, params: OperatorParams) -> str:
        label, memory, entity = mention.label, mention.memory, mention.entity
        is_name = label in params.name_labels
        provider: Callable[..., str] = params.surrogate_provider
        if isinstance(provider, FakerSurrogates):  # a type's own provider (ADDRESS) before the category's
            provider = surrogate_for_type(mention.fine_type) or provider
        extras_taken = params.surrogate_extras

        def choice_seed(*parts: Any) -> int:
            return seed_for(params.key, params.seed, memory, *parts)

        data = memory.get(entity, "surrogate")
        if data is None:
            if memory.date_shift is None:
                memory.date_shift = draw_date_shift(random.Random(choice_seed("date-shift")),
                                                    self.option(params, "date_shift_days"))
            if memory.time_shift is None:
                memory.time_shift = draw_time_shift(random.Random(choice_seed("time-shift")))
            canonical = canonical_parts(mention.key, mention.span, params.honorifics) if is_name else []
            source = " ".join(canonical) if is_name and canonical else mention.texts[0]
            originals = {normalize(t) for t in mention.texts} | {normalize(source)}
            extras: Dict[str, Any] = {}
            if "gender" in extras_taken and is_name:
                extras["gender"] = title_gender([mention.titles]) or entity_gender(mention.span)  # anon_coref's
            if "fine_type" in extras_taken:
                extras["fine_type"] = mention.fine_type
            if "time_shift_minutes" in extras_taken:
                extras["time_shift_minutes"] = memory.time_shift
            # a value's surrogate keeps its words and unit, its number a range ("Hb 98 g/L" -> "Hb 95-100 g/L"):
            # its words are no name kept
            word_label = "QUANTITY" if value_kind_of(label, source, mention.fine_type) is not None else label
            value, fallback = None, None
            for attempt in range(MAX_TRIES):
                value = provider(
                    label if not is_name else "PERSON", source, locale=self.option(params, "locale"),
                    seed=choice_seed(label, mention.key, attempt), date_shift_days=memory.date_shift,
                    **extras,
                )
                if normalize(value) in originals or shares_a_word(value, originals, word_label, params.honorifics):
                    continue
                if fallback is None:
                    fallback = value
                if memory.is_used("surrogate", value):
                    continue
                # two people must not share a surrogate name part: "Mr Brown" would name both
                if is_name and any(memory.is_used("surrogate-part", part) for part in value.split()):
                    continue
                break
            else:
                # every fresh value is taken (ten single-digit numbers have only ten surrogates): share one
                # with another entity rather than fail; never keep the original
                value = fallback
            if value is None or normalize(value) in originals or shares_a_word(value, originals, word_label,
                                                                                params.honorifics):
                raise ValueError(Errors.E115.format(label=label, tries=MAX_TRIES))
            data = {"full": value, "parts": value.split(),  # name parts only as digests (see render_name)
                    "canonical": [memory.digest("part", p) for p in canonical],
                    "initials": [memory.digest("part", p[:1]) for p in canonical]}
            memory.set(entity, "surrogate", data, used=value)
            if is_name:
                for part in value.split():
                    memory.mark_used("surrogate-part", part)
        value = data["full"]
        if is_name and data["canonical"]:
            value = render_name(mention.text, data["canonical"], data["parts"], params.honorifics,
                                digest=lambda part: memory.digest("part", part), initials=data["initials"]) or value
        span = mention.span
        return fit_final_period(value, mention.text, span.doc.text[span.end_char:span.end_char + 3], label)
