"""Consistency memory: the same entity gets the same id and replacement across chunks and documents."""
import hashlib
import os
from typing import Any, Dict, Iterable, List, Optional, Tuple


class ReplacementMemory:
    """Maps entity keys to entity ids (`PERSON_1`) and remembers each entity's replacement per strategy.

    Share one instance across docs with `doc.user_data["spacy_anon.memory"] = memory` (the CLI does so
    for the chunks of one input), or let `anon_mask` keep one for its lifetime (`consistency =
    "pipeline"`). Entity keys come from the grouper and contain normalized original text, so they are
    stored only as salted BLAKE2 digests: the memory never holds original values in clear.

    salt (bytes): salt of the key digests; random by default (a memory is not meant to be persisted).
    """

    def __init__(self, salt: Optional[bytes] = None) -> None:
        self.salt = salt if salt is not None else os.urandom(16)
        self._ids: Dict[str, str] = {}  # key digest -> entity id
        self._counters: Dict[str, int] = {}  # label -> last index
        self._parts: Dict[str, List[str]] = {}  # digest of (label, name part) -> entity ids
        self._values: Dict[Tuple[str, str], Any] = {}  # (entity id, strategy) -> replacement data
        self._used: Dict[str, set] = {}  # strategy -> replacements already given out
        self.date_shift: Optional[int] = None  # days, drawn once per memory by the surrogate strategy
        self.time_shift: Optional[int] = None  # minutes, likewise (times of day keep order and intervals)
        self.scope: Optional[bytes] = None  # what keyed surrogate choices are consistent over (set by anon_mask)

    def digest(self, *parts: str) -> str:
        """Salted digest of strings: how the memory stores anything derived from original text."""
        h = hashlib.blake2b(self.salt, digest_size=16)
        h.update("\x1f".join(parts).encode("utf8"))
        return h.hexdigest()

    def __len__(self) -> int:
        return sum(self._counters.values())

    def find(self, label: str, key: str) -> Optional[str]:
        """The entity id already given to `key`, or None."""
        return self._ids.get(self.digest(label, key))

    def find_by_part(self, label: str, part: str) -> List[str]:
        """Entity ids of multi-part names (registered with `parts`) that contain the name part `part`."""
        return list(self._parts.get(self.digest(label, "part", part), []))

    def entity_id(self, label: str, key: str, *, parts: Iterable[str] = (), alias_part: bool = False) -> str:
        """The id of the entity with this key, creating `LABEL_<n>` (n counts per label) if new.

        parts: name parts of a multi-part PERSON name, indexed so a later lone part can be aliased.
        alias_part: when the key is unknown and `parts` is a single name part contained in exactly one
            known entity, return that entity's id (a surname in a later chunk joins its full name).
        """
        digest = self.digest(label, key)
        if digest in self._ids:
            return self._ids[digest]
        parts = list(parts)
        if alias_part and len(parts) == 1:
            owners = self.find_by_part(label, parts[0])
            if len(owners) == 1:
                self._ids[digest] = owners[0]
                return owners[0]
        index = self._counters.get(label, 0) + 1
        self._counters[label] = index
        entity = f"{label}_{index}"
        self._ids[digest] = entity
        if len(parts) > 1:
            for part in parts:
                if len(part) > 1:
                    owners = self._parts.setdefault(self.digest(label, "part", part), [])
                    if entity not in owners:
                        owners.append(entity)
        return entity

    @staticmethod
    def index_of(entity_id: str) -> int:
        """The per-label index of an entity id (`PERSON_3` -> 3)."""
        return int(entity_id.rsplit("_", 1)[1])

    def get(self, entity_id: str, strategy: str) -> Any:
        return self._values.get((entity_id, strategy))

    def set(self, entity_id: str, strategy: str, value: Any, used: Optional[str] = None) -> None:
        """Remember the replacement data of an entity; `used` marks a string as given out."""
        self._values[(entity_id, strategy)] = value
        if used is not None:
            self._used.setdefault(strategy, set()).add(used.lower())

    def mark_used(self, strategy: str, value: str) -> None:
        """Mark a string as given out under `strategy` (e.g. a surrogate name part)."""
        self._used.setdefault(strategy, set()).add(value.lower())

    def is_used(self, strategy: str, value: str) -> bool:
        return value.lower() in self._used.get(strategy, ())
