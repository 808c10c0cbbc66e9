"""What anon_mask considers masking: the detectors' candidates, less what the allow lists and the score
thresholds let through, grown over the name words a detector left out.

`CandidateFinder.find` returns (candidate with our label, detector's span) pairs: the span group's
candidates, then `doc.ents` mapped to our categories (`ent_label_map`); identical (start, end, label)
candidates merged (highest score); allow-list occurrences cut out (`spacy_anon.mask.allow_list`); those
under their label's threshold dropped (`spacy_anon.mask.thresholds`); person mentions extended
(`leak_guard.extend_name_mentions`, with the leak guard on).
"""
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from spacy.tokens import Doc, Span

from spacy_anon.casing import reading_text
from spacy_anon.extensions import has_own_value, span_getter
from spacy_anon.labels import identifier_for
from spacy_anon.lexicon.common_words import common_word_test
from spacy_anon.mask import fine_types, leak_guard, thresholds
from spacy_anon.rules.recognizers.names import first_names
from spacy_anon.mask.allow_list import (allowed_regions, compile_occurrence_patterns, rule_allow_entries,
                                        trim_to_unallowed, whole_value_regions, worth_masking)

Pair = Tuple[Span, Span]


class CandidateFinder:
    """The candidates of one anon_mask, with its allow lists compiled once.

    rule_allow_lists: `() -> entries` of the rule recognizers' allow lists (the pipeline's anon_rules and
    the mask's own rules), read at each document (a list may grow: `AnonRules.add_allow_list`).
    """

    def __init__(self, nlp: Any, *, spans_key: str, use_ents: bool, ent_label_map: Dict[str, Optional[str]],
                 allow_list: Sequence[Any], name_labels: Sequence[str], honorifics: Sequence[str],
                 rule_allow_lists: Callable[[], List[Any]]) -> None:
        self.nlp = nlp
        self.spans_key, self.use_ents, self.ent_label_map = spans_key, use_ents, ent_label_map
        self.name_labels, self.honorifics = tuple(name_labels), tuple(honorifics)
        self.rule_allow_lists = rule_allow_lists
        compile_occurrence_patterns(list(allow_list))  # bad entries raise here
        # one meaning with anon_rules' allow_list: phrases by their occurrences, patterns by whole values
        self._allow_patterns, self._allow_whole = rule_allow_entries(list(allow_list))
        self._rule_allow: Tuple[str, Any] = ("[]", ((), ()))  # the rules' allow lists, compiled (`allowed`)
        self._is_common: Optional[Callable[[str], bool]] = None

    def is_common(self) -> Callable[[str], bool]:
        """The common-word test of the pipeline's language (loaded at first use)."""
        if self._is_common is None:
            self._is_common = common_word_test(self.nlp.lang if self.nlp is not None else "en")
        return self._is_common

    def is_word_before_name(self) -> Callable[[str], bool]:
        """Whether a capitalised word before a person mention is a word, not a given name: a common word
        or a function word ("The applicant", "Yesterday Quayle"; the common-word test leaves function
        words out)."""
        common, stop = self.is_common(), self.stop_words()
        return lambda word: word in stop or common(word)

    def stop_words(self) -> frozenset:
        return self.nlp.Defaults.stop_words if self.nlp is not None else frozenset()

    def find(self, doc: Doc, text: str, min_score: float, label_min_scores: Dict[str, float],
             extend_names: bool) -> List[Pair]:
        """The candidates to mask, in order (see the module docstring)."""
        pairs = self.candidates(doc, text)
        if thresholds.is_active(min_score, label_min_scores):
            pairs = above_thresholds(pairs, text, min_score, label_min_scores)
        if extend_names:
            pairs = self.extend_names(doc, pairs, text)
            pairs = leak_guard.join_hyphenated_pairs(doc, pairs, text)  # no fragment of a wrapped word left
        return pairs

    def candidates(self, doc: Doc, text: str) -> List[Pair]:
        """(candidate with our label, original span) from the span group, then from doc.ents; identical
        (start, end, label) candidates merged, keeping the highest score; allow-list occurrences left out."""
        found: List[Pair] = []
        if self.spans_key in doc.spans:
            for span in doc.spans[self.spans_key]:
                found.append((span, span))
        if self.use_ents:
            for ent in doc.ents:
                label = self.ent_label_map.get(ent.label_)
                if not label:
                    continue
                found.append((Span(doc, ent.start, ent.end, label=label), ent))
        allowed, whole = self.allowed(text)
        if allowed or whole:
            found = self.trim_allowed(doc, found, text, allowed, whole)
        score = span_getter("anon_score")
        best: Dict[Tuple[int, int, str], Pair] = {}
        order: List[Tuple[int, int, str]] = []
        for cand, orig in found:
            start, end = cand.start_char, cand.end_char
            if not text[start:end].strip():  # the span's text, without rebuilding it from its tokens
                continue
            key = (start, end, cand.label_)
            if key not in best:
                order.append(key)
                best[key] = (cand, orig)
            elif (score(orig) or 0.0) > (score(best[key][1]) or 0.0):
                best[key] = (cand, orig)
        result = []
        for key in order:
            cand, orig = best[key]
            if cand is not orig:  # an entity under our label: carry its attributes over
                cand._.anon_source = orig._.anon_source or "ner"
                cand._.anon_score = orig._.anon_score
                cand._.anon_identifier = orig._.anon_identifier or identifier_for(cand.label_)
                cand._.anon_type = orig._.anon_type  # the NER label ("GPE") or the detector's fine type
                cand._.anon_replacement = orig._.anon_replacement
            result.append((cand, orig))
        return result

    def allowed(self, text: str) -> Tuple[List[Tuple[int, int]], Tuple[Any, ...]]:
        """The allowed character ranges of `text` (the mask's allow list and the phrases of the rules'
        allow lists) and the rules' whole-value patterns."""
        entries = self.rule_allow_lists()
        key = repr(entries)
        if key != self._rule_allow[0]:  # compiled again only when a list changed (`add_allow_list`)
            self._rule_allow = (key, rule_allow_entries(entries))
        phrases, whole = self._rule_allow[1]
        patterns = self._allow_patterns + phrases
        return (allowed_regions(text, patterns) if patterns else []), self._allow_whole + whole

    def trim_allowed(self, doc: Doc, found: List[Pair], text: str, allowed: List[Tuple[int, int]],
                     whole: Tuple[Any, ...]) -> List[Pair]:
        """Candidates without their allowed tokens (`allow_list.trim_to_unallowed`): dropped when nothing
        worth masking is left, else cut to what is; the pieces keep the detector's attributes."""
        stop_words, is_common, name_labels = self.stop_words(), self.is_common(), set(self.name_labels)
        out: List[Pair] = []
        for cand, orig in found:
            tokens = [(t.idx, t.idx + len(t.text), t.text) for t in cand]
            regions = allowed
            if whole:
                regions = sorted(allowed + whole_value_regions(text, [(a, b) for a, b, _ in tokens], whole))
            name = cand.label_ in name_labels
            pieces = trim_to_unallowed(tokens, regions, lambda w: worth_masking(w, stop_words, is_common, name)) \
                if regions else None
            if pieces is None:
                out.append((cand, orig))
                continue
            for i, j in pieces:
                piece = Span(doc, cand.start + i, cand.start + j, label=cand.label_)
                if not has_own_value(piece, "anon_source"):  # else another detector's span over these tokens
                    piece._.anon_source = orig._.anon_source or ("ner" if cand is not orig else None)
                    piece._.anon_score = orig._.anon_score
                    piece._.anon_identifier = orig._.anon_identifier or identifier_for(cand.label_)
                    piece._.anon_type = orig._.anon_type
                out.append((piece, piece))
        return out

    def extend_names(self, doc: Doc, pairs: List[Pair], text: str) -> List[Pair]:
        """Person candidates grown over the name words their detector left out (`extend_name_mentions`)."""
        name_labels = set(self.name_labels)
        names = [i for i, (cand, _) in enumerate(pairs) if cand.label_ in name_labels]
        if not names:
            return pairs
        # capitals read as the detectors read them: "mr lindqvist" and "MR LINDQVIST" as "Mr Lindqvist"
        extended = leak_guard.extend_name_mentions(
            reading_text(doc), [(pairs[i][0].start_char, pairs[i][0].end_char) for i in names], self.honorifics,
            first_names().__contains__, self.is_word_before_name())
        out = list(pairs)
        for i, (start, end) in zip(names, extended):
            cand = pairs[i][0]
            if (start, end) == (cand.start_char, cand.end_char):
                continue
            span = doc.char_span(start, end, label=cand.label_, alignment_mode="expand")
            if span is None:
                continue
            span._.anon_source = cand._.anon_source
            span._.anon_score = cand._.anon_score
            span._.anon_identifier = cand._.anon_identifier
            span._.anon_type = cand._.anon_type
            out[i] = (span, span)
        return out


def above_thresholds(pairs: List[Pair], text: str, min_score: float,
                     label_min_scores: Dict[str, float]) -> List[Pair]:
    """The candidates that reach their score threshold, or whose entity a confident one established.
    A span's threshold is looked up by the fine type its value proves (as the policies are), so
    `label_min_scores={"EMAIL": ...}` applies to an e-mail whichever detector found it."""
    keep = thresholds.kept_by_thresholds(
        [(c.label_, fine_types.fine_type_of(c, text), c._.anon_score, o._.anon_entity,
          text[c.start_char:c.end_char]) for c, o in pairs], min_score, label_min_scores)
    return [pair for pair, ok in zip(pairs, keep) if ok]
