"""Related terms from a definition corpus: WordNet's glosses and topic domains.

Step 2 of Sánchez, Batet and Viejo finds a related term q through its co-occurrence with a sensitive
term t (PMI, eq. 5-7) in a large corpus. A small corpus of clinical notes rarely holds a rare drug
name with the condition it treats, so PMI there finds nothing. A dictionary states the relation
outright: "zidovudine: an antiviral drug ... used in the treatment of AIDS".

Read WordNet as a corpus D whose documents are the synsets: the lemmas of a synset together with its
gloss. When the gloss of q's synset names t, q and t co-occur in q's own document. For a word that
appears in no other gloss (as a rare drug name does), df_D(q) = df_D(t, q) = 1, so

    PMI_D(t; q) = log2 (df_D(t, q) N / (df_D(t) df_D(q))) = log2 (N / df_D(t)) = IC_D(t),

the total disclosure of eq. 5. Since tau is the minimum IC over S, IC_D(t) >= tau_D, and since
PMI_D(g(t); q) <= IC_D(g(t)), eq. 7 gives DR(t; q) >= tau_D: q is risky whatever g(t) is. The
component therefore treats "the gloss names t" as the limit case of eq. 7 and does not compute the
counts. Three restrictions keep loose mentions out ("a papule, as in chicken pox"; "a flagon used to
hold alcoholic beverages"):

- for the health conditions, the gloss must state a clinical relation before t in the same clause
  (`CUES`: used in, treat, therapy, detect, test, cause, symptom, overcome ...);
- a noun of S written as an adjective ("alcoholic beverages") or inside a longer WordNet noun ("chicken
  pox") is not t;
- for the health conditions, q must not itself be a disease, symptom or state (`STATE_DOMAINS`):
  "cirrhosis" has other causes than the alcoholism its gloss names.

WordNet's topic domain is the same evidence in structured form: "Ramadan", "seder", "menorah" carry
the domain "Islam" or "Judaism", terms of S. A synset related through its first hypernym's gloss or
domain (one step: "lorazepam" is a "benzodiazepine") counts too.

Only q's most frequent noun sense makes q a related term; a less frequent sense that is related makes
q ambiguous (matched only with a sure term of the condition in the document, as for ambiguous lemmas
of S). Common words (Zipf frequency >= `MAX_ZIPF`) are never gloss-related: the dictionary's link of
"wine" to a rite says nothing about a given text.
"""
import functools
import re
from typing import Callable, Dict, Iterable, List, Optional, Tuple

from spacy_anon.generalize.wordnet import has_adjective_sense, noun_synsets
from spacy_anon.sensitive.sensitive_set import HEALTH_CONDITIONS, inflects
from spacy_anon.sensitive.terms import term_key, word_keys, word_offsets

# conditions whose gloss mentions need a relation cue (a dictionary names diseases in passing)
HEALTH = HEALTH_CONDITIONS
# a clinical relation stated before the term, in the same clause of the gloss
CUES = re.compile(
    r"\b(?:treat\w*|therap\w*|cur(?:e|es|ed|ing)|used|against|combat\w*|detect\w*|diagnos\w*|tests?|"
    r"caus\w*|responsible|overcome|prevent\w*|symptoms?|reliev\w*|control\w*|characteristic|suffer\w*|"
    r"addicts?|manag\w*|antagonist)\b")
CUE_REACH = 60  # characters before the term in which the cue must stand
MAX_ZIPF = 4.0  # a word this frequent or more is never related through its gloss
MIN_LENGTH = 5  # shorter words are abbreviations with other readings ("meth" in a note: methylene blue)
# a disease, symptom or state that a gloss ties to a condition ("cirrhosis: the major cause is chronic
# alcoholism", "hallucination: a symptom of severe mental disorder") has other causes, and an ICU's
# transient states are not the disorder (guideline rule 4): for the health conditions only drugs,
# tests, procedures, people, groups and organisms are related through their gloss
STATE_DOMAINS = frozenset({"noun.state", "noun.cognition", "noun.feeling", "noun.attribute", "noun.process",
                           "noun.phenomenon", "noun.body"})
# for the GDPR categories a dictionary ties many things to a people or a faith that say nothing of a
# person ("donkey: the symbol of the Democratic Party", "groundnut: food crop of American Indians"):
# animals, plants, food and substances are never related, and a word in everyday use (Zipf >= 3.0:
# "donkey", "mandarin", "comrade") needs a sure term of the category in the document
GDPR_EXCLUDED_DOMAINS = frozenset({"noun.animal", "noun.plant", "noun.food", "noun.substance", "noun.body"})
GDPR_SURE_ZIPF = 3.0
STOP = frozenset("a an the of and or in on at to for with by as from that which is are be its their".split())


@functools.lru_cache(maxsize=200_000)
def _zipf(text: str, lang: str) -> float:
    from wordfreq import zipf_frequency

    return zipf_frequency(text, lang)


def named_terms(gloss: str, keys: Dict[str, Tuple[str, str]], max_words: int,
                is_noun: Callable[[str], bool], has_adjective: Callable[[str], bool],
                cue_for: Callable[[str], bool]) -> List[Tuple[str, str]]:
    """(condition, term) for each term of S that a gloss names (pure, given the look-ups).

    keys: term key -> (condition, term text). A match must end with the term's last word or an
    inflection of it ("alcohol" is not "alcoholism"); a noun of S followed by a content word is an
    adjective there ("alcoholic beverages") when WordNet has an adjective sense of it; a one-word term
    that ends a longer WordNet noun with the word before it ("chicken pox") is not the term; and a
    condition for which `cue_for` is true needs a cue (`CUES`) before the term in the same clause; for
    the others (the GDPR categories) the gloss must name the term with a capital ("Islamic calendar":
    a lower-case "order" or "cause" in a gloss is seldom the religious order or the political cause)."""
    spans = word_offsets(gloss)  # (start, end) of each word, None at a break
    words = [gloss[o[0]:o[1]] if o is not None else None for o in spans]
    wkeys = word_keys(words)
    lower = gloss.lower()
    out: List[Tuple[str, str]] = []
    i = 0
    while i < len(wkeys):
        hit = None
        for n in range(min(max_words, len(wkeys) - i), 0, -1):
            window = wkeys[i:i + n]
            if None in window:
                continue
            found = keys.get(" ".join(window))
            if found is None or not inflects(found[1].split()[-1], words[i + n - 1]):
                continue
            after = words[i + n] if i + n < len(words) else None
            if after is not None and after.lower() not in STOP and has_adjective(found[1]) and not is_noun(
                    f"{found[1]} {after}"):
                continue
            before = words[i - 1] if i > 0 else None
            if n == 1 and before is not None and is_noun(f"{before} {words[i]}"):
                continue
            if not cue_for(found[0]) and not words[i][:1].isupper():
                continue  # a GDPR category is named by a proper word ("Islamic", "Jewish"), not "order", "cause"
            if cue_for(found[0]):
                start = spans[i][0]
                clause = re.split(r"[;()]", lower[max(0, start - CUE_REACH):start])[-1]
                if not CUES.search(clause):
                    continue
                # "used to treat trichomoniasis and giardiasis": one use among others is no disclosure
                if _coordinated(words, wkeys, i, i + n, keys, found[0]):
                    continue
            hit = (i + n, found)
            break
        if hit:
            out.append(hit[1])
            i = hit[0]
        else:
            i += 1
    return out


def _coordinated(words, wkeys, i: int, j: int, keys, condition: str) -> bool:
    """The term at words[i:j] is joined by "and"/"or" to a word that is not a term of the same condition."""
    def other(k: int) -> bool:
        if not 0 <= k < len(words) or words[k] is None:
            return False
        found = keys.get(wkeys[k])
        return found is None or found[0] != condition

    if j + 1 < len(words) and words[j] is not None and words[j].lower() in ("and", "or"):
        if other(j + 1):
            return True
    if i >= 2 and words[i - 1] is not None and words[i - 1].lower() in ("and", "or"):
        return other(i - 2)
    return False


def _domain(synset) -> Optional[str]:
    try:
        return synset.lexfile()
    except Exception:  # lexicons without lexicographer files
        return None


class GlossRelations:
    """Which condition a word's WordNet entry relates it to (see the module docstring), cached per word.

    wordnet: a `WordNetTaxonomy`; terms: (term text, condition) of the sure terms of S (unambiguous),
    the vocabulary a gloss is searched for."""

    def __init__(self, wordnet, terms: Iterable[Tuple[str, str]], lang: str = "en") -> None:
        self.wordnet = wordnet
        self.lang = lang
        self.keys: Dict[str, Tuple[str, str]] = {}
        for text, condition in terms:
            key = term_key(text)
            if key and len(text) > 2:
                self.keys.setdefault(key, (condition, text))
        self.max_words = max((len(k.split()) for k in self.keys), default=1)
        self._cache: Dict[str, Optional[Tuple[str, bool]]] = {}

    def _is_noun(self, text: str) -> bool:
        return bool(self.wordnet._wn.synsets(text, pos="n"))

    def _has_adjective(self, text: str) -> bool:
        return has_adjective_sense(text, self.wordnet.spec)

    def _topic(self, synset) -> Optional[str]:
        """The condition of the synset's topic domain when that domain is a term of S ("Islam")."""
        try:
            topics = synset.get_related("domain_topic")
        except Exception:  # lexicons without domain relations
            return None
        for topic in topics:
            for lemma in topic.lemmas():
                found = self.keys.get(term_key(str(lemma)))
                if found is not None:
                    return found[0]
        return None

    def synset_condition(self, synset, hop: bool = True) -> Optional[str]:
        """The condition the synset's gloss or topic names, else its first hypernym's (one step)."""
        topic = self._topic(synset)
        if topic is not None:
            return topic
        named = named_terms(synset.definition() or "", self.keys, self.max_words, self._is_noun,
                            self._has_adjective, lambda c: c in HEALTH)
        if named:
            return named[0][0]
        if hop:
            parents = synset.hypernyms()
            if parents:
                return self.synset_condition(parents[0], hop=False)
        return None

    def related(self, text: str) -> Optional[Tuple[str, bool]]:
        """(condition, ambiguous) when WordNet's entry for `text` relates it to a condition, else None.

        Ambiguous: only a less frequent sense is related (the component then needs a sure term of the
        condition in the document)."""
        key = text.lower()
        if key in self._cache:
            return self._cache[key]
        result = None
        if len(text) >= MIN_LENGTH and _zipf(text, self.lang) < MAX_ZIPF:
            senses = noun_synsets(text, self.wordnet.spec)
            for rank, synset in enumerate(senses[:4]):
                if synset.get_related("instance_hypernym"):
                    continue  # a named person or place ("Ferdinand"), not a term
                condition = self.synset_condition(synset)
                if condition is None or (condition in HEALTH and _domain(synset) in STATE_DOMAINS):
                    continue
                if condition not in HEALTH and self._topic(synset) is None:
                    if _domain(synset) in GDPR_EXCLUDED_DOMAINS:
                        continue
                    result = (condition, rank > 0 or _zipf(text, self.lang) >= GDPR_SURE_ZIPF)
                    break
                result = (condition, rank > 0)
                break
        self._cache[key] = result
        return result


__all__ = ["GlossRelations", "named_terms", "CUES", "MAX_ZIPF"]
