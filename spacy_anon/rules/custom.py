"""Recognizers defined in a pipeline's config (`anon_rules` setting `custom_recognizers`).

A team's own identifiers ("EMP-12345", a hospital's record format) should not need Python code or a
package: each entry is a plain dict, checked when the component is built (so a bad regex fails at
`add_pipe`, not at the first document), and, being config, it is saved by `nlp.to_disk` and rebuilt by
`spacy.load` in any process:

    {"name": "employee_id", "label": "ID", "type": "EMPLOYEE_ID",
     "patterns": ["EMP-\\\\d{5}", {"regex": "E\\\\d{7}", "score": 0.4, "group": 0}],
     "context": ["employee", "staff"], "negative_context": [], "languages": [], "validator": null}

`type` (optional) is the fine type written to `span._.anon_type` (default: the label). `validator` may
name a checksum of `spacy_anon.rules.validators` ("luhn", "iban", "es_dni", "nhs_number", "uk_nino",
"us_ssn"): a match that fails it is dropped, one that passes is validated.
"""
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence

from spacy_anon.errors import Errors
from spacy_anon.rules import validators as v
from spacy_anon.rules.recognizers import Recognizer

CUSTOM_PREFIX = "custom."
VALIDATORS: Dict[str, Callable[[str], bool]] = {
    "luhn": v.luhn_valid, "credit_card": lambda s: bool(v.credit_card_valid(s)), "iban": v.iban_valid,
    "es_dni": v.es_dni_valid, "nhs_number": v.nhs_number_valid, "uk_nino": v.uk_nino_valid,
    "us_ssn": v.us_ssn_valid,
}
_KEYS = {"name", "label", "type", "patterns", "score", "context", "negative_context", "languages", "validator"}


def _checked(check: Callable[[str], bool]) -> Callable[[str], Optional[bool]]:
    def validate(value: str) -> Optional[bool]:
        return True if check(value) else False

    return validate


def build_custom_recognizers(entries: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> List[Recognizer]:
    """Recognizers of config entries (see the module docstring); ValueError naming the entry otherwise.

    labels: the labels an entry may use (our categories and the component's `extra_labels`).
    """
    out: List[Recognizer] = []
    names = set()
    for index, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            raise ValueError(Errors.E213.format(index=index, problem=f"is a {type(entry).__name__}, not a dict"))
        unknown = sorted(set(entry) - _KEYS)
        if unknown:
            raise ValueError(Errors.E213.format(index=index, problem=f"has unknown keys {unknown}; known: "
                                                                      f"{sorted(_KEYS)}"))
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ValueError(Errors.E213.format(index=index, problem="needs a name"))
        full_name = name if name.startswith(CUSTOM_PREFIX) else CUSTOM_PREFIX + name
        if full_name in names:
            raise ValueError(Errors.E213.format(index=index, problem=f"repeats the name {name!r}"))
        names.add(full_name)
        label = entry.get("label")
        if label not in labels:
            raise ValueError(Errors.E213.format(index=index, problem=f"has label {label!r}; valid: "
                                                                      f"{', '.join(labels)} (or add it to extra_labels)"))
        fine_type = entry.get("type")
        if fine_type is not None and (not isinstance(fine_type, str) or not fine_type.strip()):
            raise ValueError(Errors.E217.format(index=index, value=fine_type))
        patterns = entry.get("patterns")
        if not isinstance(patterns, (list, tuple)) or not patterns:
            raise ValueError(Errors.E213.format(index=index, problem="needs a non-empty list of patterns"))
        default_score = entry.get("score", 0.5)
        specs = []
        for pattern in patterns:
            if isinstance(pattern, Mapping):
                specs.append((pattern.get("regex"), pattern.get("score", default_score), pattern.get("group", 0)))
            else:
                specs.append((pattern, default_score, 0))
        validator_name = entry.get("validator")
        validator = None
        if validator_name is not None:
            if validator_name not in VALIDATORS:
                raise ValueError(Errors.E213.format(index=index, problem=f"names validator {validator_name!r}; "
                                                                          f"known: {sorted(VALIDATORS)}"))
            validator = _checked(VALIDATORS[validator_name])
        out.append(Recognizer(
            name=full_name, label=label, type=fine_type, patterns=tuple(specs), validator=validator,
            validated_score=max(s for _, s, _ in specs) if validator else None,
            context=tuple(entry.get("context", ())), negative_context=tuple(entry.get("negative_context", ())),
            languages=tuple(entry.get("languages", ())),
        ))
    return out
