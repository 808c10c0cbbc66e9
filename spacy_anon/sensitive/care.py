"""Tests, scales, services and drug classes that reveal a condition, one list per source.

A record rarely names the condition it is about to an insurer: it names the CD4 count, the CIWA
score, the methadone clinic. These lists give such terms per condition, in the style of
`spacy_anon.sensitive.clinical`, each from a general, published reference (no corpus, no held-out text):

- HIV: the tests and care named in the CDC's "Laboratory Testing for the Diagnosis of HIV Infection"
  (2014) and the HHS "Guidelines for the Use of Antiretroviral Agents in Adults and Adolescents with
  HIV" (monitoring: CD4, viral load, genotype; opportunistic-infection prophylaxis);
- sexually transmitted disease: the tests, drugs and services of the CDC's "Sexually Transmitted
  Infections Treatment Guidelines, 2021";
- mental disorder: the screening instruments and services named in the NIMH's health topics and the
  APA's "Online Assessment Measures" for DSM-5 (PHQ-9, GAD-7, C-SSRS ...), and the WordNet drug class
  "major tranquilizer" (antipsychotics such as haloperidol);
- alcohol abuse: the instruments and drugs of the NIAAA's "Helping Patients Who Drink Too Much: A
  Clinician's Guide" (AUDIT, CAGE, CIWA-Ar; thiamine is left out, guideline rule 8; its
  benzodiazepines, Librium and Serax, are shared, below);
- substance abuse: SAMHSA's TIP 63 "Medications for Opioid Use Disorder" (COWS, buprenorphine,
  methadone programmes) and the WordNet class "narcotic antagonist" (naloxone).

The sexual risk behaviours of the CDC's "HIV Risk Behaviors" page ("unprotected intercourse",
"multiple sexual partners") are shared the same way between HIV and sexually transmitted disease.

Two entries are clinical shorthand read in the development notes and texts, not in a guide: "psych
component" (mental disorder) and "injects heroin" (substance abuse).

Benzodiazepines (WordNet's "benzodiazepine" and its hyponyms: lorazepam/Ativan, diazepam,
chlordiazepoxide ...) treat alcohol withdrawal and anxiety, but an ICU gives them for sedation
(guideline rule 4): they are `SHARED`, related to alcohol abuse or to a mental disorder only when the
document has a sure term of that condition, and to the one whose sure term is nearest.
"""
import re
from typing import Dict, Tuple

# condition -> related terms (fine type SENSITIVE_RELATED), matched anywhere
RELATED: Dict[str, Tuple[str, ...]] = {
    "hiv": ("CD4+ count", "CD4 cell count", "CD4/CD8 ratio", "HIV RNA", "HIV test", "HIV testing", "HIV screen",
            "HIV antibody", "HIV-1 antibody", "HIV genotype", "resistance genotype", "Western blot", "ART",
            "antiretroviral regimen", "opportunistic infection", "opportunistic infections", "PCP prophylaxis",
            "MAC prophylaxis", "Pneumocystis pneumonia", "Kaposi sarcoma", "Kaposi's sarcoma", "Retrovir",
            "AZT", "zidovudine", "abacavir", "lamivudine", "rilpivirine", "darunavir", "atazanavir", "Genvoya",
            "Descovy", "Triumeq", "Odefsey", "cabotegravir", "bictegravir", "HIV clinic", "ID clinic",
            "Ryan White"),
    "sexually_transmitted_disease": ("FTA-ABS", "TP-PA", "treponemal test", "nontreponemal test", "NAAT",
                                     "chlamydia NAAT", "GC/CT", "GC/chlamydia", "Bicillin", "benzathine penicillin",
                                     "expedited partner therapy", "EPT", "contact tracing", "sexual health clinic",
                                     "GUM clinic", "STI clinic", "STI screen", "STI screening", "STD screen",
                                     "STD screening", "chancre", "genital ulcer", "genital ulcers",
                                     "urethral discharge", "Jarisch-Herxheimer", "valacyclovir", "Valtrex",
                                     "podofilox", "imiquimod"),
    "mental_disorder": ("PHQ-9", "PHQ9", "GAD-7", "GAD7", "C-SSRS", "Columbia suicide", "Beck Depression Inventory",
                        "HAM-D", "MADRS", "psychiatric hold", "involuntary hold", "5150", "section 12",
                        "mental health act", "inpatient psychiatry", "behavioral health", "CBT", "DBT",
                        "clozapine", "Clozaril", "haloperidol", "Haldol", "lurasidone", "ziprasidone", "paliperidone",
                        "Invega", "fluoxetine", "Prozac", "paroxetine", "Paxil", "Zoloft", "lamotrigine",
                        "psych component", "psychiatric component", "mental health team", "mental health nurse",
                        "crisis team", "suicide watch"),
    "alcohol_abuse": ("AUDIT", "AUDIT-C", "AUDIT score", "CAGE", "CAGE questionnaire", "CIWA-Ar", "CIWA score",
                      "CIWA scores",
                      "alcohol withdrawal protocol", "withdrawal protocol", "Campral", "Vivitrol", "sobriety", "sober",
                      "AA sponsor", "dry out"),
    "substance_abuse": ("COWS", "COWS score", "opioid withdrawal scale", "Subutex", "Sublocade", "Zubsolv",
                        "opioid treatment program", "OTP", "methadone program", "methadone programme",
                        "Narcotics Anonymous", "syringe services", "syringe exchange", "needle sharing",
                        "shared needles", "urine tox", "tox screen positive", "narcotic antagonist", "nalorphine",
                        "Naltrexone", "injects heroin", "injecting drugs", "skin popping"),
}

# forms that are also ordinary words or clinical abbreviations of something else: matched only with a
# sure term of the same condition in the document
NEEDS_EVIDENCE = frozenset({"ART", "CAGE", "AUDIT", "AUDIT score", "COWS", "COWS score", "OTP", "EPT", "NAAT", "5150",
                            "section 12", "CBT", "DBT", "sober", "sobriety", "dry out", "Western blot",
                            "opportunistic infection", "opportunistic infections", "chancre", "genital ulcer",
                            "genital ulcers", "urethral discharge", "behavioral health", "crisis team",
                            "valacyclovir", "Valtrex", "lamotrigine", "ID clinic",
                            "withdrawal protocol", "urine tox", "tox screen positive", "imiquimod"})

# WordNet drug classes (lemma, noun senses) whose lemmas and hyponyms are related terms, by condition
TREATMENT_ROOTS: Dict[str, Tuple[Tuple[str, Tuple[int, ...]], ...]] = {
    "mental_disorder": (("major tranquilizer", (1,)),),
    "substance_abuse": (("narcotic antagonist", (1,)),),
}

# drug classes related to one of several conditions, by the document's sure terms (see the docstring)
SHARED_ROOTS: Dict[Tuple[str, ...], Tuple[Tuple[str, Tuple[int, ...]], ...]] = {
    ("alcohol_abuse", "mental_disorder"): (("benzodiazepine", (1,)),),
    ("hiv", "sexually_transmitted_disease"): (),
}
SHARED_FORMS: Dict[Tuple[str, ...], Tuple[str, ...]] = {
    ("alcohol_abuse", "mental_disorder"): ("benzo", "benzos", "benzodiazepines", "Ativan", "Valium", "Xanax",
                                           "Klonopin", "clonazepam", "alprazolam"),
    # the sexual risk behaviours of the CDC's "HIV Risk Behaviors" and STI guidelines: they reveal HIV or
    # an STD in a text about one of them, and nothing in a text about neither
    ("hiv", "sexually_transmitted_disease"): ("unprotected intercourse", "unprotected sex", "condomless sex",
                                              "unprotected sexual intercourse", "multiple sexual partners",
                                              "multiple partners", "sex work", "sex worker"),
}
# replacements a reader can use for shared behaviours (none of them names a condition)
GENERALIZATIONS: Dict[str, str] = {
    "unprotected intercourse": "contact", "unprotected sex": "contact", "condomless sex": "contact",
    "unprotected sexual intercourse": "contact", "multiple sexual partners": "relationships",
    "multiple partners": "relationships", "sex work": "work", "sex worker": "worker",
}

# a benzodiazepine given for sedation or a procedure (guideline rule 4: "ativan gtt for sedation"): the
# words around the match
SEDATION = re.compile(r"\b(?:gtts?|drips?|infusion|sedat\w*|agitat\w*|procedure|spasms?|sleep|insomnia)\b",
                      re.IGNORECASE)


def for_sedation(before: str, after: str) -> bool:
    """The text around a benzodiazepine says it is given for sedation, sleep or a procedure."""
    return bool(SEDATION.search(before[-40:]) or SEDATION.search(after[:40]))

