"""Text re-identification risk (TRIR, Manzanares-Salor §3): train an attacker on the background knowledge
and count how many anonymized documents it links to their individual.

Training data (§3.2): the background documents BD plus BD' = BD anonymized by an anonymizer within the
attacker's reach (default: this package's NER pipeline, `spacy_anon.load(strategy="tag")`), both
labelled by individual, so the attacker also learns the words an anonymizer leaves behind. Development
documents (a dict like the background) are anonymized the same way unless they already are.

TRIR = correct re-identifications / |protected documents|. The report also gives the clear-text TRIR
(the same attacker on the original texts), the maximum achievable (the share of protected individuals
present in the background) and the random-guess rate (1 / |background individuals|).
"""
import logging
import time
from typing import Callable, Dict, List, Optional, Sequence

from spacy_anon.errors import Errors
from spacy_anon.risk.attackers import make_attacker
from spacy_anon.risk.preprocess import DEFAULT_MASK_PATTERNS, preprocess_all

logger = logging.getLogger("spacy_anon.risk")
Texts = Dict[str, str]
Anonymizer = Callable[[List[str]], List[str]]
REPORT_SCHEMA = "spacy-anon/trir/1"


def pipeline_anonymizer(nlp=None, strategy: str = "tag", batch_size: int = 16) -> Anonymizer:
    """An anonymizer from a spacy-anon pipeline (default: the shipped NER pipeline, tag strategy).

    Fails closed: a document the pipeline could not anonymize raises instead of passing through.
    """
    name = "default NER pipeline" if nlp is None else str(nlp) if isinstance(nlp, str) else nlp.meta.get("name")
    if nlp is None or isinstance(nlp, str):
        # lazy: loading a pipeline pulls in every component; an attack without BK' never needs it
        from spacy_anon.pipeline import load

        nlp = load(nlp, strategy=strategy)

    def anonymize(texts: List[str]) -> List[str]:
        out = []
        for doc in nlp.pipe(texts, batch_size=batch_size):
            if doc._.anon_status != "ok" or doc._.anon_text is None:
                raise RuntimeError(Errors.E864.format(status=doc._.anon_status))
            out.append(doc._.anon_text)
        return out

    anonymize.description = f"spacy-anon {name} (strategy {strategy})"
    return anonymize


def spacy_ner_anonymizer(nlp) -> Anonymizer:
    """Replace every `doc.ents` entity by its label (the thesis's spaCy NER anonymizer)."""
    if isinstance(nlp, str):
        import spacy

        nlp = spacy.load(nlp)

    def anonymize(texts: List[str]) -> List[str]:
        out = []
        for doc in nlp.pipe(texts):
            parts, pos = [], 0
            for ent in doc.ents:
                parts.append(doc.text[pos:ent.start_char])
                parts.append(ent.label_)
                pos = ent.end_char
            parts.append(doc.text[pos:])
            out.append("".join(parts))
        return out

    anonymize.description = f"spaCy NER {nlp.meta.get('name', '')}"
    return anonymize


def _run_anonymizer(anonymizer: Anonymizer, texts: List[str]) -> List[str]:
    out = list(anonymizer(list(texts)))
    if len(out) != len(texts):
        raise ValueError(Errors.E863.format(n_out=len(out), n_in=len(texts)))
    return out


def training_documents(background: Texts, anonymized_background: Optional[Sequence[str]] = None):
    """(texts, labels): BD and, when given, BD' (the same documents anonymized, in the same order)."""
    names = list(background)
    texts, labels = [background[n] for n in names], list(names)
    if anonymized_background is not None:
        texts += list(anonymized_background)
        labels += names
    return texts, labels


class ReidentificationAttack:
    """A trained attacker plus its pre-processing; `report` scores any anonymized corpus with it.

    Train once per background knowledge and reuse it for every method compared (the benchmark does).
    """

    def __init__(self, background: Texts, attacker="tfidf", anonymizer: Optional[Anonymizer] = "default",
                 dev: Optional[Texts] = None, dev_is_anonymized: bool = False, anonymized_background=None,
                 normalizer="auto", remove_masks: bool = False, mask_patterns=DEFAULT_MASK_PATTERNS,
                 **attacker_settings):
        if len(background) < 2:
            raise ValueError(Errors.E857.format(n=len(background)))
        self.background = background
        self.normalizer, self.remove_masks, self.mask_patterns = normalizer, remove_masks, mask_patterns
        self.attacker = make_attacker(attacker, **attacker_settings) if isinstance(attacker, str) else attacker
        if isinstance(normalizer, str) and normalizer == "auto":
            # stems suit n-gram features; a word-piece encoder knows whole (lower-cased) words, and stems
            # ("famili", "jame") fall apart into sub-words it never saw in pre-training
            normalizer = "lower" if self.attacker.name == "transformer" else "stem"
        self.normalizer = normalizer
        self._predicted: Dict[str, str] = {}
        self._part_predicted: Dict[str, Dict[str, str]] = {}  # text -> {part: individual} (wide-and-deep)
        self.log: List[str] = []
        t0 = time.time()
        if anonymizer == "default":
            anonymizer = pipeline_anonymizer()
        self.anonymizer_description = getattr(anonymizer, "description", None) if anonymizer else None
        if anonymized_background is None and anonymizer is not None:
            anonymized_background = _run_anonymizer(anonymizer, list(background.values()))
            self._say(f"background anonymized with {self.anonymizer_description or 'the given anonymizer'} "
                      f"in {time.time() - t0:.1f} s")
        elif anonymized_background is None:
            self._say("no anonymizer: the attacker trains on the clear background only")
        self.anonymized_background = anonymized_background
        dev = dict(dev or {})
        dev = {k: v for k, v in dev.items() if k in background}
        if dev and not dev_is_anonymized and anonymizer is not None:
            dev = dict(zip(dev, _run_anonymizer(anonymizer, list(dev.values()))))
        self.dev = dev
        texts, labels = training_documents(background, anonymized_background)
        t1 = time.time()
        self.attacker.fit(self.prepare(texts), labels, self.prepare(list(dev.values())), list(dev))
        self.train_seconds = time.time() - t1
        self.prepare_seconds = t1 - t0
        self._say(f"{self.attacker.name} attacker trained on {len(texts)} documents in {self.train_seconds:.1f} s"
                  + (f"; dev accuracy {self.attacker.dev_accuracy:.3f} on {len(dev)} documents"
                     if self.attacker.dev_accuracy is not None else ""))
        self.log.extend(getattr(self.attacker, "log", []))

    def _say(self, message: str) -> None:
        logger.info(message)
        self.log.append(message)

    def prepare(self, texts: Sequence[str]) -> List[str]:
        return preprocess_all(list(texts), self.normalizer, self.remove_masks, self.mask_patterns)

    def predict(self, texts: Texts) -> Dict[str, str]:
        """{document id: predicted individual}; a text seen before is not predicted again (the clear text
        of every report, methods that leave a document unchanged)."""
        new = list(dict.fromkeys(t for t in texts.values() if t not in self._predicted))
        if new and hasattr(self.attacker, "predict_with_parts"):
            predicted, parts = self.attacker.predict_with_parts(self.prepare(new))
            self._predicted.update(zip(new, predicted))
            for k, text in enumerate(new):
                self._part_predicted[text] = {part: names[k] for part, names in parts.items()}
        elif new:
            self._predicted.update(zip(new, self.attacker.predict(self.prepare(new))))
        return {i: self._predicted[t] for i, t in texts.items()}

    def _part_report(self, anonymized: Texts, clear: Optional[Texts], original: Optional[Texts]) -> Dict:
        """{part: {"trir", "n_correct", "clear_text_trir"}} of an attacker made of parts (wide and deep)."""
        out: Dict[str, Dict] = {}
        for doc_id, text in anonymized.items():
            for part, name in self._part_predicted.get(text, {}).items():
                row = out.setdefault(part, {"n_correct": 0, "clear_correct": 0, "n_clear": 0})
                row["n_correct"] += name == doc_id
                if clear is not None and doc_id in clear:
                    row["n_clear"] += 1
                    row["clear_correct"] += self._part_predicted.get(original[doc_id], {}).get(part) == doc_id
        n = max(1, len(anonymized))
        return {part: {"trir": r["n_correct"] / n, "n_correct": r["n_correct"],
                       "clear_text_trir": r["clear_correct"] / r["n_clear"] if r["n_clear"] else None}
                for part, r in out.items()}

    def trir(self, texts: Texts) -> float:
        predicted = self.predict(texts)
        return sum(predicted[i] == i for i in predicted) / max(1, len(predicted))

    def report(self, anonymized: Texts, original: Optional[Texts] = None, context: Optional[Dict] = None) -> Dict:
        """The TRIR report (schema in docs/risk.md) of one anonymized corpus."""
        t0 = time.time()
        predicted = self.predict(anonymized)
        predict_seconds = time.time() - t0
        clear = self.predict({k: original[k] for k in anonymized if k in original}) if original else None
        known = set(self.background)
        n = len(anonymized)
        correct = sum(predicted[i] == i for i in predicted)
        documents = []
        for doc_id in anonymized:
            row = {"id": doc_id, "predicted": predicted[doc_id], "correct": predicted[doc_id] == doc_id,
                   "in_background": doc_id in known}
            if clear is not None and doc_id in clear:
                row["clear_text_predicted"] = clear[doc_id]
            if self._part_predicted.get(anonymized[doc_id]):
                row["parts"] = dict(self._part_predicted[anonymized[doc_id]])
            documents.append(row)
        return {
            "schema": REPORT_SCHEMA,
            **(context or {}),
            "attacker": self.attacker.settings(),
            "background_anonymizer": self.anonymizer_description,
            "preprocessing": {"normalizer": self.normalizer if isinstance(self.normalizer, str) else "custom",
                              "remove_masks": self.remove_masks},
            "n_background": len(known),
            "n_protected": n,
            "n_dev": len(self.dev),
            "trir": correct / n if n else 0.0,
            "n_correct": correct,
            "clear_text_trir": (sum(clear[i] == i for i in clear) / len(clear)) if clear else None,
            "max_achievable": (sum(1 for i in anonymized if i in known) / n) if n else 0.0,
            "random_guess": 1.0 / len(known),
            "dev_accuracy": self.attacker.dev_accuracy,
            "parts": self._part_report(anonymized, clear, original),
            "runtime_s": {"prepare": round(self.prepare_seconds, 2), "train": round(self.train_seconds, 2),
                          "predict": round(predict_seconds, 2),
                          "total": round(self.prepare_seconds + self.train_seconds + time.time() - t0, 2)},
            "log": list(self.log),
            "documents": documents,
        }


def reidentification_risk(background: Texts, anonymized: Texts, original: Optional[Texts] = None,
                          attacker: str = "tfidf", dev: Optional[Texts] = None, **settings) -> Dict:
    """Train an attack on `background` and return the TRIR report of `anonymized` (one call)."""
    attack = ReidentificationAttack(background, attacker=attacker, dev=dev, **settings)
    return attack.report(anonymized, original)
