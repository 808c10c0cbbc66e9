"""A curated clinical lexicon beyond WordNet: how clinicians write the protected conditions, their
treatments, and the look-alikes that are not the condition.

WordNet names a condition the way a dictionary does ("alcohol abuse", "drug addiction"); a clinical
note writes "ETOH abuse", "IVDU", "polysubstance", "Bipolar II", "psych consult". This module lists
those forms from general clinical knowledge (standard abbreviations and phrasings; the drug classes
are WordNet synsets, so their members come from WordNet, not from any corpus):

- `CLINICAL_FORMS`: forms of the condition itself (fine type SENSITIVE), each with the WordNet lemma
  it stands for, whose hypernyms give its generalization;
- `RELATED_FORMS`: terms that reveal the condition without naming it (SENSITIVE_RELATED): services,
  scales, treatments written as abbreviations;
- `TREATMENT_ROOTS`: WordNet drug classes whose lemmas and hyponyms reveal the condition they treat
  (antipsychotics and antidepressants: a mental disorder; antiretrovirals: HIV; drugs of abuse:
  substance abuse);
- `DRUGS_OF_ABUSE` x `USE_WORDS`: "<drug of abuse> abuse|use|dependence|..." ("cocaine abuse") is a
  form of substance abuse;
- `NEEDS_EVIDENCE`: forms that are also ordinary words ("withdrawal", "viral load"): matched only
  with a sure term of the same condition in the document;
- `EXCLUSIONS` and `NEGATION`: contexts where a match is not the condition ("ST depression" on an
  ECG, "respiratory depression", "depressed skull fracture") or is denied ("denies ETOH",
  "occasional ETOH").

- `GENERALIZATIONS`, `HEAD_GENERALIZATIONS` and `READABLE`: replacements a reader can use: a lexicon
  ancestor for forms whose WordNet sense misleads ("ETOH" is ethanol: "a substance", not "a use"), the
  head of a related phrase without its revealing qualifier ("psych consult" -> "a consultation", "STD
  clinic" -> "a clinic"), and plain words for WordNet's technical or misleading ancestors ("physical
  condition" for a mental disorder -> "condition", "consumer" for a drinker -> "person").

Everything here is on by default (`clinical = true`); `clinical = false` keeps WordNet's terms only.
"""
import re
from typing import Dict, Optional, Tuple

# condition -> ((surface form, WordNet lemma it stands for or None), ...)
CLINICAL_FORMS: Dict[str, Tuple[Tuple[str, Optional[str]], ...]] = {
    "alcohol_abuse": (
        ("ETOH", "alcohol abuse"), ("EtOH", "alcohol abuse"), ("ETOH abuse", "alcohol abuse"),
        ("ETOH use", "alcohol abuse"), ("ETOH dependence", "alcohol abuse"), ("ETOH withdrawal", "alcohol abuse"),
        ("alcohol use", "alcohol abuse"), ("alcohol dependence", "alcoholism"), ("alcohol withdrawal", "alcoholism"),
        ("alcohol use disorder", "alcoholism"), ("alcohol intoxication", "alcohol abuse"),
        ("heavy drinker", "alcoholic"), ("heavy drinking", "alcohol abuse"), ("binge drinking", "alcohol abuse"),
        ("AUD", "alcoholism"), ("DTs", "alcoholism"), ("delirium tremens", "alcoholism"),
        ("withdrawal", "alcoholism"),
    ),
    "substance_abuse": (
        ("IVDU", "drug abuse"), ("IVDA", "drug abuse"), ("IVDU", "drug abuse"), ("IV drug use", "drug abuse"),
        ("IV drug abuse", "drug abuse"), ("IV drug user", "drug addict"), ("intravenous drug use", "drug abuse"),
        ("injection drug use", "drug abuse"), ("polysubstance", "drug abuse"), ("polysubstance abuse", "drug abuse"),
        ("polysubstance use", "drug abuse"), ("drug abuse", "drug abuse"), ("drug use", "drug abuse"),
        ("drug user", "drug addict"), ("substance use", "drug abuse"), ("substance use disorder", "drug abuse"),
        ("opioid use disorder", "drug abuse"), ("opioid dependence", "drug addiction"), ("SUD", "drug abuse"),
        ("OUD", "drug abuse"),
    ),
    "mental_disorder": (
        ("bipolar", "bipolar disorder"), ("bipolar I", "bipolar disorder"), ("bipolar II", "bipolar disorder"),
        ("bipolar 1", "bipolar disorder"), ("bipolar 2", "bipolar disorder"), ("BPAD", "bipolar disorder"),
        ("MDD", "depression"), ("major depressive disorder", "depression"), ("depressive disorder", "depression"),
        ("generalized anxiety", "anxiety disorder"), ("general anxiety", "anxiety disorder"),
        ("schizoaffective", "schizophrenia"), ("schizoaffective disorder", "schizophrenia"),
        ("suicidal ideation", "depression"), ("suicide attempt", "depression"), ("suicidal", "depression"),
        ("OCD", "anxiety disorder"), ("ADHD", "mental disorder"), ("PTSD", "anxiety disorder"),
        ("panic attack", "panic disorder"), ("panic attacks", "panic disorder"), ("anorexia", "anorexia nervosa"),
        ("schizophrenic", "schizophrenia"), ("psychotic", "psychosis"), ("eating disorder", "eating disorder"),
        ("psych history", "mental disorder"), ("psych hx", "mental disorder"),
        ("psychiatric history", "mental disorder"),
        ("psychiatric illness", "mental disorder"), ("psychiatric disorder", "mental disorder"),
    ),
    "sexually_transmitted_disease": (
        ("STI", "sexually transmitted disease"), ("sexually transmitted infection", "sexually transmitted disease"),
        ("HPV", "sexually transmitted disease"), ("genital warts", "venereal disease"),
        ("venereal warts", "venereal disease"), ("condyloma", "venereal disease"), ("condylomata", "venereal disease"),
        ("trichomoniasis", "venereal disease"), ("gonorrhoea", "gonorrhea"), ("HSV-2", "herpes"),
    ),
    "hiv": (
        ("HIV positive", "HIV"), ("HIV-positive", "HIV"), ("HIV+", "HIV"), ("seropositive", "HIV"),
        ("seropositivity", "HIV"), ("PLWH", "HIV"), ("PLHIV", "HIV"),
    ),
}

# condition -> surface forms of terms that reveal it without naming it
RELATED_FORMS: Dict[str, Tuple[str, ...]] = {
    "alcohol_abuse": ("CIWA", "CIWA scale", "CIWA protocol", "detox", "detox unit", "detoxification", "AA meetings",
                      "Alcoholics Anonymous", "Antabuse", "disulfiram", "naltrexone", "acamprosate", "banana bag",
                      "alcohol gtt", "ETOH gtt", "alcohol drip", "ETOH drip", "last drink"),
    "substance_abuse": ("methadone", "methadone clinic", "methadone maintenance", "suboxone", "buprenorphine",
                        "Narcan", "naloxone", "track marks", "needle exchange", "NA meetings", "rehab", "overdose"),
    "mental_disorder": ("psychiatrist", "psychiatry", "psychiatric", "psych consult", "psych meds", "psych nurse",
                        "psych eval", "psych evaluation", "psych team", "psych service", "psych unit", "psych ward",
                        "psychotropic", "psychotropic meds", "psychotropics", "antidepressants", "antipsychotics",
                        "anti-anxiety", "antianxiety", "lithium", "SSRI", "trazodone", "seroquel", "quetiapine",
                        "olanzapine", "zyprexa", "risperidone", "risperdal", "abilify", "aripiprazole", "depakote",
                        "lamictal", "anti-depressant", "anti-depressants", "anti-depressant drugs", "anti-psychotic",
                        "anti-psychotics", "celexa", "citalopram", "lexapro", "escitalopram", "sertraline",
                        "wellbutrin",
                        "bupropion", "effexor", "venlafaxine", "cymbalta", "duloxetine", "mirtazapine", "remeron",
                        "ECT", "electroconvulsive therapy"),
    "hiv": ("antiretroviral", "antiretrovirals", "antiretroviral therapy", "antiretroviral drugs", "ARV", "ARVs",
            "HAART", "PrEP", "pre-exposure prophylaxis", "post-exposure prophylaxis", "CD4 count", "CD4", "viral load",
            "Truvada", "Biktarvy", "efavirenz",
            "tenofovir", "emtricitabine", "dolutegravir", "raltegravir"),
    "sexually_transmitted_disease": ("RPR", "RPR test", "VDRL", "penicillin G benzathine", "STD clinic",
                                     "partner notification"),
}

# WordNet drug classes (lemma, noun senses) whose lemmas and hyponyms reveal a condition
TREATMENT_ROOTS: Dict[str, Tuple[Tuple[str, Tuple[int, ...]], ...]] = {
    "mental_disorder": (("antidepressant", (1,)), ("antipsychotic drug", (1,)), ("psychiatrist", (1,)),
                        ("psychotherapy", (1,)), ("psychotherapist", (1,))),
    "hiv": (("reverse transcriptase inhibitor", (1,)), ("protease inhibitor", (1,))),
    "substance_abuse": (("hard drug", (1,)), ("soft drug", (1,)), ("methadone", (1,))),
    "alcohol_abuse": (("disulfiram", (1,)),),
}
# the drugs of abuse whose "<drug> abuse" etc. are forms of substance abuse; the lemmas of these WordNet
# classes, plus a few common names WordNet lacks
DRUGS_OF_ABUSE_ROOTS: Tuple[Tuple[str, Tuple[int, ...]], ...] = (("hard drug", (1,)), ("soft drug", (1,)))
DRUGS_OF_ABUSE_EXTRA = ("opioid", "opiate", "methamphetamine", "meth", "amphetamine", "benzodiazepine", "benzo",
                        "IV drug", "cannabis", "narcotic", "crystal meth", "oxycodone", "fentanyl", "PCP", "LSD")
# acronyms that are matched in any case ("etoh", "ivdu"): no other reading in clinical text
CASE_FREE = frozenset({"ETOH", "IVDU", "IVDA", "HAART", "CIWA", "SSRI", "BPAD"})
USE_WORDS = ("abuse", "use", "dependence", "addiction", "overdose", "abuser", "user", "use disorder")

# forms that are also ordinary words: matched only with a sure term of the same condition in the text
NEEDS_EVIDENCE = frozenset({"withdrawal", "viral load", "CD4", "rehab", "detox", "psychiatric", "suicidal",
                            "drug use", "substance use", "lithium", "last drink", "PrEP", "anorexia", "psychotic",
                            "overdose"})

# a form -> the generalization a reader understands, where the form's WordNet ancestors mislead
GENERALIZATIONS: Dict[str, str] = {
    "ETOH": "substance", "EtOH": "substance", "etoh": "substance", "PrEP": "medication",
    # adjectives: "her partner is HIV-positive" -> "is ill", not "is an infection"
    "HIV positive": "ill", "HIV-positive": "ill", "HIV+": "ill", "seropositive": "ill", "schizophrenic": "ill",
    "psychotic": "ill", "last drink": "last intake", "Last drink": "Last intake",
    "Pride": "event", "Pride parade": "event",  # the march, not the feeling
}
# generalizations that are adjectives: written without an article ("is ill")
ADJECTIVES = frozenset({"ill"})
# the last word of a related phrase that WordNet does not know as a whole -> its generalization: the
# phrase without its revealing qualifier ("psych nurse" -> "nurse", "methadone clinic" -> "clinic")
HEAD_GENERALIZATIONS: Dict[str, str] = {
    "meds": "medication", "med": "medication", "medications": "medication", "medication": "medication",
    "consult": "consultation", "consultation": "consultation", "nurse": "nurse", "team": "team",
    "unit": "unit", "ward": "ward", "clinic": "clinic", "service": "service", "eval": "evaluation",
    "evaluation": "evaluation", "meetings": "meetings", "protocol": "protocol", "scale": "scale",
    "test": "test", "history": "history", "hx": "history", "count": "count", "therapy": "therapy",
    "maintenance": "treatment", "group": "group", "interpreter": "interpreter", "partner": "partner",
    "notification": "notification", "parade": "event", "site": "site", "load": "level",
    "drugs": "drugs", "drug": "drug", "drink": "intake", "drip": "infusion", "gtt": "infusion",
}
# WordNet ancestors that read wrongly in running text -> the plain word that says as little
READABLE: Dict[str, str] = {
    "physical condition": "condition", "physiological state": "condition", "physiological condition": "condition",
    "consumer": "person", "user": "person", "due process": "procedure", "group action": "action",
    "activity": "behavior", "use": "behavior", "usage": "behavior", "misuse": "behavior", "signal": "medication",
    "signals": "medication", "animal virus": "virus",
}

# amounts of drink a clinician records as a sign of alcohol abuse: "4-5 drinks/day", "a pint of vodka
# daily", "6 beers a day" (a number or "a" before the drink: "drinks two cups of coffee" is not one)
_NUMBER = r"(?:\d+(?:\.\d+)?(?:\s*(?:-|to)\s*\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|a|1/2)"
_LIQUOR = r"(?:vodka|whiskey|whisky|gin|rum|liquor|wine|beer|alcohol|etoh)"
# drinks counted as such, or a container of a named liquor ("1 liter per day" of fluids is not one)
_DRINK = rf"(?:drinks?|beers?|shots?|glass(?:es)?\s+of\s+wine|" \
         rf"(?:pints?|fifths?|liters?|bottles?|cans?|gallons?)\s+(?:of\s+)?{_LIQUOR})"
_PER_DAY = r"(?:\s*(?:/|per|a|an|each|every)\s*(?:day|d|night|week|wk)\b|\s*(?:daily|nightly|qd|qday)\b)"
AMOUNTS = {
    "alcohol_abuse": re.compile(
        rf"\b{_NUMBER}\s*{_DRINK}{_PER_DAY}|\bdrinks\s+{_NUMBER}\s*(?:{_DRINK}\s*)?{_PER_DAY}",
        re.IGNORECASE),
}

# look-alikes: (regex on the lower-cased words before the match, regex on the words after, the match's
# first word) -> the match is not the condition
EXCLUSIONS = (
    (r"(?:\bst|\bst[- ]segment|\bst[- ]t|\bst[- ]wave|\brespiratory|\bresp|\bcns|\bmyocardial|\bmarrow|"
     r"\bventilatory|\bcardiac|\bbone|\bskull|\bsegment)[\s-]*$", r"", r"depress"),
    (r"", r"^[\s-]*(?:skull|fracture|fx|ef\b|ejection|lv\b|lvef|function|mental status|ms\b|level of|loc\b|"
          r"consciousness|sensorium|reflexes|segment|st\b|respirat|resp\b|breathing)", r"depress"),
    (r"(?:\bappears?|\bseems?|\blooks?|\bfeels?|\bfeeling|\bslightly|\bmildly|\bsomewhat|\bvery)\s*$", r"",
     r"depress"),
    (r"", r"^[\s-]*(?:level|lvl|screen|tox|negative|neg\b)", r"etoh"),
    (r"(?:\bcondom|\btexas)[\s-]*$", r"", r"cath"),
    (r"", r"^[\s-]*(?:rheumatoid|ra\b|arthritis|(?:for|to)\s+(?!hiv))", r"seropositiv"),
)
# a denial or a non-abusive use before the match: "denies ETOH", "w/o etoh", "occasional ETOH", "no hx of"
NEGATION = re.compile(
    r"(?:\bno|\bnot|\bdenies|\bdenied|\bdeny|\bwithout|\bw/o|\bwo|\bnegative for|\bneg for|\boccasional|\bocc|"
    r"\bsocial|\bsocially|\brare|\brarely|\bnon|\bnever)(?:\s+(?:hx|history|h/o|of|any|significant|known|"
    r"recent|current))*[\s:]*$")


def excluded(before: str, match: str, after: str) -> bool:
    """The match is a look-alike or is denied: `before` and `after` are the text just around it."""
    before = before.lower()[-40:]
    after = after.lower()[:40]
    lower = match.lower()
    for pre, post, word in EXCLUSIONS:
        if not lower.startswith(word):
            continue
        if pre and re.search(pre, before):
            return True
        if post and re.search(post, after):
            return True
    return bool(NEGATION.search(before))


def one_edit(a: str, b: str) -> bool:
    """a and b differ by at most one insertion, deletion, substitution or swap of neighbours."""
    if a == b:
        return True
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    if la == lb:
        diff = [i for i in range(la) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    if la > lb:
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i:] == b[i + 1:]


def deletions(word: str):
    """The word and every string one deletion away (the keys of a symmetric-delete lookup)."""
    yield word
    for i in range(len(word)):
        yield word[:i] + word[i + 1:]
