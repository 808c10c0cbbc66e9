"""Words of a clinical note that no dictionary lists and that are still no names: drug and device names
("FLOVENT", "HICKMAN", "PERMACATH"), misspelt clinical or long English words ("pnuemonia", "levoquin",
"HOSPIATAL", "improvment") and words derived from known ones ("AROUSABLE", "BRADYCARDIC", "RECHECK",
"SUBTHERAPEUTIC", "JUNCTIONAL").

A tagger trained on prose reads such an unknown word in a note as a surname or an organisation, and the
`clinical_notes` span filter of `anon_crf` keeps an unknown word as evidence of a name; `is_clinical_form`
tells it which unknown words are clinical after all. A misspelling is one edit (a letter added, dropped,
changed, or two swapped) from a clinical term of five letters or more, or from an English word of eight
letters or more: surnames are often one edit from a short word ("Jones", "Martyn"), seldom from a long one.

Written for this project from general clinical usage (no word list of a de-identification corpus).
"""
from functools import lru_cache
from typing import Dict, FrozenSet, Iterable, Optional, Set

from spacy_anon.lexicon.clinical_terms import CLINICAL_TERMS, is_clinical_term, is_english_word
from spacy_anon.lexicon.common_words import COMMON_WORDS_DIR
from spacy_anon.lexicon.generic_words import CLINICAL_WORDS, zipf

# Drugs (brand and generic), nutrition products, dressings and devices of ward and ICU notes, eponyms of
# devices included ("Hickman", "Quinton", "Yankauer", "Passy-Muir"): a capitalised one looks like a name.
DRUGS_AND_DEVICES: FrozenSet[str] = frozenset("""
abciximab accupril acetylcysteine aceon actos adenosine advair aggrastat albumin aldactone aldomet
allopurinol alprazolam altace alteplase ambien ambisome amikacin aminophylline amitriptyline amlodipine
amoxicillin amphotericin ampicillin anzemet aricept atacand atenolol ativan atorvastatin atropine augmentin
avandia avapro avelox azithromycin aztreonam bacitracin baclofen bactroban benadryl betapace bicarb
bicarbonate bisacodyl bumetanide bumex buspar buspirone calcitriol carafate cardene cardizem cardura
carvedilol catapres cefepime cefotaxime cefoxitin ceftin cefuroxime celebrex celexa cephalexin cipro
ciprofloxacin cisatracurium citalopram claritin cleocin clinda clindamycin clonazepam clonidine clozapine
cogentin colchicine compazine cordarone coreg cozaar creon cyclosporine cytotec dantrolene daptomycin
demerol depakote desitin dexamethasone dexmedetomidine diamox diazepam dig digitek dilacor diovan
diphenhydramine dipyridamole diuril dobhoff docusate dolasetron donepezil doxacurium doxazosin doxycycline
droperidol duragesic effexor enalapril epogen eptifibatide ertapenem erythromycin esmolol esomeprazole
ethacrynic eucerin famotidine fentanyl ferrous fioricet flagyl flecainide flomax florinef flovent fluoxetine
fosphenytoin furosemide gabapentin gelfoam gemfibrozil geodon glipizide glucagon gluconate glyburide
guaifenesin haloperidol hibiclens hydrochlorothiazide hydrocortisone hydromorphone hytrin imdur imipenem
imodium inderal indocin integrilin intralipid isordil isosorbide kcentra keflex klonopin labetalol
lamictal lansoprazole levaquin levetiracetam levofloxacin levothyroxine librium lidocaine linezolid lipitor
lisinopril lomotil loperamide lopressor lorazepam losartan lotensin lotrimin lovastatin maalox magnesium
mannitol meropenem merrem mesalamine metformin methadone methylprednisolone metolazone metronidazole
micafungin miconazole midazolam milrinone minoxidil mirtazapine multivit mycostatin nafcillin naloxone
neomycin neosynephrine neutraphos nexium nicardipine nicoderm nifedipine nimbex nimodipine nitrobid nitropaste
norco norepinephrine nystatin octreotide olanzapine omeprazole ondansetron opsite oxacillin oxycontin
pamidronate pancuronium pantoprazole paxil penicillin pentobarbital persantine phenergan phenobarbital
phenytoin piperacillin plasmanate pletal potassium pravachol pravastatin prevacid prilosec primaxin procainamide
procan procardia prochlorperazine promethazine pronestyl propofol propranolol protamine proventil prozac
quetiapine ranitidine reglan remeron renagel rifampin risperdal risperidone rocephin rocuronium roxicet
sandostatin serax seroquel sertraline simethicone simvastatin sinemet sodium solucortef sotalol spironolactone
sucralfate sulfamethoxazole synthroid tamiflu tegaderm tenormin terazosin thiamine ticarcillin timentin
tobramycin toprol torsemide tramadol trazodone trental tylenol ultram unasyn valium valproate vasotec vecuronium
ventolin verapamil vicodin vitamin xanax xeroform zantac zaroxolyn zestril zithromax zocor zofran zoloft zosyn
zyvox
criticare ultracal osmolite isocal replete peptamen vivonex nepro jevity impact promote novasource boost
ensure glucerna suplena twocal resource beneprotein promod
hickman quinton permacath portacath mediport broviac groshong trialysis vascath introducer cordis
yankauer passy shiley portex bivona dobhoff penrose pleurx heimlich ambu venti venturi
swan ganz oximetric tegaderm duoderm allevyn aquacel mepilex kerlix xeroform adaptic telfa
zimmer rollator
apixaban rivaroxaban edoxaban dabigatran ticagrelor enoxaparin dalteparin tinzaparin naproxen diclofenac
ramipril bisoprolol gliclazide salbutamol beclometasone prednisolone flucloxacillin nitrofurantoin trimethoprim
clarithromycin co-amoxiclav co-codamol oramorph oxycodone pregabalin digoxin
""".split())


def _deletions(word: str) -> Set[str]:
    return {word} | {word[:i] + word[i + 1:] for i in range(len(word))}


def one_edit(a: str, b: str) -> bool:
    """Whether a and b differ by one edit: a letter added, dropped or changed, or two next letters swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return a == b
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1:] == b[i + 1:] or (i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i]
                                            and a[i + 2:] == b[i + 2:])
    return a[i + 1:] == b[i:] if len(a) > len(b) else a[i:] == b[i + 1:]


def _index(words: Iterable[str]) -> Dict[str, FrozenSet[str]]:
    out: Dict[str, Set[str]] = {}
    for word in words:
        for key in _deletions(word):
            out.setdefault(key, set()).add(word)
    return {k: frozenset(v) for k, v in out.items()}


@lru_cache(maxsize=1)
def _misspelling_index() -> Dict[str, FrozenSet[str]]:
    """Deletion keys of the words a misspelling is read against: clinical terms and drug names of five
    letters or more, and frequent English words (Zipf 3 or more) of eight letters or more."""
    clinical = {w for w in CLINICAL_TERMS | CLINICAL_WORDS | DRUGS_AND_DEVICES if len(w) >= 5 and w.isalpha()}
    lines = (COMMON_WORDS_DIR / "en_common_words.txt").read_text(encoding="utf-8").splitlines()
    english = {w for w in lines if len(w) >= 8 and w.isalpha() and not w.startswith("#") and zipf(w) >= 3.0}
    return _index(clinical | english)


def misspelt(word: str) -> Optional[str]:
    """The clinical term or long English word that a folded word of five letters or more is one edit
    from ("pnuemonia" -> "pneumonia", "hospiatal" -> "hospital"), or None."""
    if len(word) < 5 or not word.isalpha():
        return None
    index = _misspelling_index()
    for key in _deletions(word):
        for known in index.get(key, ()):
            if one_edit(word, known):
                return known
    return None


PREFIXES = ("re", "de", "non", "un", "sub", "bi", "multi", "inter", "intra", "epi", "peri", "hyper", "hypo",
            "trans", "anti", "pre", "post", "pro", "over", "under", "in", "ex", "dis", "mis", "semi", "co")
SUFFIXES = ("able", "ible", "ic", "al", "ally", "ness", "ment", "ation", "ive", "ous", "ed", "ing", "er", "ers",
            "ly", "ity", "ize", "ized", "ization")


def _known(word: str) -> bool:
    return is_english_word(word) or is_clinical_term(word) or word in CLINICAL_WORDS or word in DRUGS_AND_DEVICES


def derived(word: str) -> bool:
    """Whether a folded word is a known word of five letters or more with a prefix or suffix
    ("recheck", "subtherapeutic", "arousable" from "arouse", "bradycardic" from "bradycardia")."""
    if not word.isalpha():
        return False
    for prefix in PREFIXES:
        if word.startswith(prefix) and len(word) - len(prefix) >= 5 and _known(word[len(prefix):]):
            return True
    for suffix in SUFFIXES:
        stem = word[:-len(suffix)]
        if word.endswith(suffix) and len(stem) >= 5:
            forms = (stem, stem + "e", stem + "a", stem + "y") + ((stem[:-1],) if stem[-1] == stem[-2] else ())
            if any(_known(form) for form in forms):
                return True
    return False


@lru_cache(maxsize=65536)
def is_clinical_form(word: str) -> bool:
    """Whether a folded word is a drug or device name, or, listed by no dictionary, a misspelt clinical or
    long English word or a known word with a prefix or suffix ("daughter" is an English word, no form)."""
    if word in DRUGS_AND_DEVICES:
        return True
    return not is_english_word(word) and (misspelt(word) is not None or derived(word))
