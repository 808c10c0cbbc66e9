"""The rule recognizers anon_mask runs itself when no `anon_rules` ran before it (`run_rules`).

The pipeline assembly (`spacy_anon.load`, `add_to_pipeline`) puts an `anon_rules` before the mask, and
then the mask runs nothing ("auto": `doc.user_data` says the rules ran). `nlp.add_pipe("anon_mask")`
alone must still find e-mails and phone numbers, so the mask composes one `AnonRules`, made by the public
`build_default_rules` with its `rules` settings: the recognizers run in one place, `AnonRules.__call__`.
"""
from typing import Any, Dict, List, Optional, Union

from spacy.tokens import Doc

from spacy_anon.doc_keys import RULES_RAN_KEY
from spacy_anon.rules.component import AnonRules, build_default_rules


class RuleFallback:
    """mode: "auto" (run when no anon_rules ran on the doc), True (always), False (never); rules_cfg: the
    AnonRules settings (`rules` of anon_mask); spans_key: where the candidates go (the mask's)."""

    def __init__(self, nlp: Any, mode: Union[bool, str], rules_cfg: Dict[str, Any], spans_key: str) -> None:
        self.nlp, self.mode, self.rules_cfg, self.spans_key = nlp, mode, dict(rules_cfg), spans_key
        self.rules: Optional[AnonRules] = None
        if mode is True or self.rules_cfg:  # built now: a bad rules setting fails at construction
            self.rules = self._build()

    def _build(self) -> AnonRules:
        cfg = dict(self.rules_cfg)
        cfg.setdefault("spans_key", self.spans_key)
        return build_default_rules(self.nlp, **cfg)

    def run(self, doc: Doc) -> None:
        """Run the rules on `doc` when the mode says so."""
        if self.mode is False:
            return
        if self.mode == "auto" and doc.user_data.get(RULES_RAN_KEY):
            return
        if self.rules is None:
            self.rules = self._build()
        self.rules(doc)

    def allow_lists(self) -> List[Any]:
        """The rules' allow lists: these rules' (or their config's), then each anon_rules' of the pipeline."""
        entries = list(self.rules.allow_list if self.rules is not None else self.rules_cfg.get("allow_list") or ())
        for _, proc in (self.nlp.pipeline if self.nlp is not None else []):
            if isinstance(proc, AnonRules):
                entries.extend(proc.allow_list)
        return entries
