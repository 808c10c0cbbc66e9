"""The vocabulary of nursing and progress notes that no dictionary lists: abbreviations ("SBP", "NIDDM",
"PRBC"), shorthand ("resp", "neuro", "conts"), units and the suffixes of drug, disease and procedure names
("labetelol", misspelt, is still a beta blocker by its "-lol").

In a note these words are what a tagger trained on prose mistakes for names: short capitals look like
acronyms of organisations, unknown words like surnames. The `clinical_notes` span filter of `anon_crf`
uses them twice: their share of a document's words says that it is a clinical note, and in a clinical
note a span made of them (and numbers, field keys and ordinary words) has no evidence of a name.

Written for this project from general clinical usage (no word list of a de-identification corpus).
"""
import re
from collections import Counter
from functools import lru_cache
from typing import FrozenSet, List, Sequence, Tuple

from spacy_anon.lexicon.address_runs import SEGMENT_AFTER, ST_SEGMENT_WORDS
from spacy_anon.lexicon.common_words import COMMON_WORDS_DIR, common_word_test
from spacy_anon.lexicon.generic_words import folded, verb_stems, zipf

# Abbreviations and shorthand common enough in notes to say "this is a clinical note" when several
# appear; none of them is also an everyday word or a frequent acronym of other domains ("hr", "pt", "md",
# "er", "or", "ct" are in CLINICAL_TERMS below, not here).
NOTE_MARKERS: FrozenSet[str] = frozenset("""
abd abg abgs abx adl adls niddm iddm afeb afebrile afib amb amio amt anc aox3 aox2 a&o a&ox3 ards asa bipap bival bm bms
bowel bs bun cabg cath ccu cbc cdiff cipro cmv copd cpap cre creat crit csf cta cvp cxr dbp ddavp dnr dni
dopa dsg dvt ecg echo ekg ef etoh ett extubated extubation fem ffp fio2 flagyl foley gcs gi gtt gtts gu
hct heme hemodynamically hgb hpi hypoactive hypotensive hypertensive icu inr intubated iss ivf jvd kcl
lasix lopressor lr lytes mae mae's mcg meq mgso4 mivf mrsa mso4 nad nc neb nebs neuro ngt nitro npo nsr
ns nsg ogt o2 o2sat pacu paced pcwp peep perrl perrla picc plt pmh pna po prbc prbcs prn ptt pulm pvc
pvcs q1h q2h q4h q6h qd qhs qid resp rhonchi rll rml rul lll lul rrr sats sbp simv sob sq ssi svr tf
tfs tid tpn trach uo uop urine vanco vanc vent vss wbc zosyn levophed neo neosynephrine heparin
propofol fentanyl versed ativan haldol dilaudid morphine
""".split())

# Further clinical abbreviations, shorthand, body systems and units: never evidence of a name in a note.
CLINICAL_TERMS: FrozenSet[str] = NOTE_MARKERS | frozenset("""
ac ace acs adm afb aki alb alk alt ast amb amp amps ap aox apap art asd av avr avn bb bbb bid bili bl
bld bmp bnp bp bpm bps bs bsa btw bx ca cad cap caps cc cco cd ceph ch chem chf ci ckd cl cm cmp cns co
co2 cont conts cp cpr cr crf crrt ct cv cva cvl cvvh cvvhd cx d5 d5w dc dcd dd dext dig diff dilt dm
dnr/dni dobut dp dr drsg dx ed eeg egd ent ep er esrd eti exam ext fb fe feb fhr fs fsbs ft fu fx gb gerd
gfr gl glu gluc gm gr gsw gt gyn h2o ha hbp hco3 hd hep hga1c hl hob hr hrs hs htn hx hypo ibw icd id
im inh io i&o ip irr iv ivp j jp k kg kub l la lab labs lad lat lbs lcx ld ldl le lft lfts lg lh li lle lmp
lnmp lo loc lt lue lv lvef lvh m mag map mb mcl md mdi meds mg mgm mi min ml mm mmhg mn mr mri ms mvi mvr
n na nabp nabps nbp nicu nkda nl nmt nn no. np nph nr nrb nstemi nt ntg nv o o2sats oob op or os ot oz
p pa pab pad pao2 pap paps pca pci pco2 pe peg per pf ph pic picu pm pmd pn pnd pnm pos pp ppd ppi pr pre
prn ps psv pt pta ptca pts pud pv pvd q qam qh qod qpm r ra rbc rca re rehab resp rf rhythm rij rl rn
ro r/o rr rt rue rx s s/p sa sao2 sat sc scd scds sd sem sicu sl slp sm sn snf sp spo2 sr ss st stat
stemi sv svt sx t tb tbi tbsa tc tcm temp tia tk tko tlc tm tmax tn tnf tp tpa tr tsh tt ttp tv tx u
ua uc uti ua va vac vap vat vf vfib vs vt vtach w wc wnl wt x xr yo y/o
asap eval f/u h/o c/o d/c d/c'd s/p w/ w/o b/l r/o n/v i/o
bipap cabg'd dopamine dobutamine dobutamine levofloxacin lopressor metoprolol labetalol hydralazine
amiodarone digoxin diltiazem nitroglycerin nitroprusside nipride milrinone vasopressin norepinephrine
epinephrine phenylephrine insulin lantus humalog novolog coumadin warfarin lovenox enoxaparin plavix
clopidogrel aspirin tylenol acetaminophen percocet oxycodone motrin ibuprofen toradol zofran reglan
protonix pepcid colace senna dulcolax lactulose kayexalate albuterol atrovent combivent solumedrol
prednisone decadron vancomycin gentamicin ceftriaxone ceftazidime ceftaz cefazolin kefzol unasyn
levaquin bactrim diflucan fluconazole acyclovir precedex ketamine narcan neurontin dilantin keppra
captopril lisinopril norvasc nexium mucomyst nepro pulmocare jevity promote impact ensure glucerna
foley picc swan cordis trach ett ngt ogt peg jp chest tube tubes sputum secretions suction suctioned
suctioning stool stools urine diuresis diuresed diuresing edema rales crackles wheezes wheezing
rhonchi diminished clear coarse bases lobes lobe lung lungs abdomen abd belly flatus tele telemetry
sinus tach tachy brady bradycardia tachycardia hypotension hypertension hypoxia hypoxemia afebrile
febrile tmax pupils sclera skin incision dressing dsd drain drains site sites ectopy ectopics
neuro cardiac cardio resp respiratory pulm pulmonary renal gi gu heme id endo onc psych psychosocial
social skin lines access integ integument musculoskeletal ms ext extremities pain comfort activity
dispo disposition plan assessment assess nursing nsg nurse note npn progress ccu micu sicu csru ctic
flowsheet carevue metavision flow sheet objective subjective vitals vs gtt drip drips infusion bolus
boluses titrate titrated titrating weaned weaning wean tapered tapering taper mcg/kg/min mcg/min
units/hr cc/hr ml/hr mg/hr kg lbs cm mmhg bpm l/min lpm nc fm nrb fio2 peep psv cpap simv ac imv prvc
iabp neg pos tol occ noc overnoc nocte cpk ck ckmb trop tropo tropn aline a-line paline vea ivb ij lij rij
lsc rsc amts bilat hemody hemodyn proph ppx fio mso maint sys dias pej mic nqwmi qwmi duoderm ditropan
pyridium urbc vol vols insp spont abx cx bcx ucx scx bcxs dx lg sm mod ng og svc ivc tte tee lhc rhc ivus
des pdx riss fsbg bg bgs accuchecks accucheck fingersticks fingerstick phos kphos replete repleted
repletion plts cryo vit ciwa dts ams rass sedation fent midaz seroquel zyprexa oxy epidural osh nh ltc
snf ecf rehab gtts mcg/kg cvvhdf hd ufr txfr xfer xfered transfered trx tx'd tx'ed f/c hypoact hyperact
nabp diur diuresis lasix'd ls bs's bbs abd. cath'd dsg's drsg tele's trach'd peg'd nsr/st st/sr sb sr/sb
nsg. nsgnote npn resp. npo'd vss. afeb. diet tfs ogt/ngt picc'd lfts trend trended trending hemodynamic
urine/foley uop's ivf's ns/lr d5/ns d51/2ns 1/2ns lr's chg chged chging ambulate ambulated ambulating oob
c/s cs hob voiding voided incont incontinent brief briefs guaiac guaiaced heme+ hemocult ob ob+ mae's
adeq wo antibx abx's inc incr decr freq approx levo levophed bc liq ho lrg pac fick yel rxed rx'd af wob br contin procan dopp doppler doppled dopplerable neice bigeminy bigeminal trigeminy ectopy mod sm lg sl sys sbp's dbp's dias resp's lytes cmo rrt lpn mech extubate extubated reintubate diurese diuresed careview angio inplace lcs lws pmicu csurg csru sxt pda rsd wein grav nts med prev signif synch unchg midnoc intub bronch dobuta fib flutter guiac guaic quiac lopresser serosang sanguinous serosanguinous trached crit qs ccu's crt cna msw lcsw rd pharmd crnp aprn cough/deep coughing dbcough ett/ogt lungs/ cxr's ekgs echos ct's mri's ctas cta's vq v/q pfts
""".split())

# Endings of drug, disease and procedure names (checked on words of six letters or more)
CLINICAL_SUFFIXES = (
    "olol", "lol", "pril", "sartan", "statin", "mycin", "micin", "cillin", "cycline", "floxacin", "azole",
    "dipine", "prazole", "tidine", "parin", "semide", "zepam", "azolam", "codone", "morphone", "phine",
    "oxacin", "vir", "mab", "nib", "tropin", "sone", "olone", "asone", "itis", "emia", "aemia", "osis",
    "ectomy", "otomy", "ostomy", "plasty", "scopy", "gram", "graphy", "pathy", "algia", "uria", "penia",
    "cytosis", "trophy", "megaly", "plegia", "paresis", "rrhea", "rrhage", "ectasis", "tension", "cardia",
    "pnea", "pnoea", "xaban", "gatran", "gliflozin", "gliptin", "glutide", "tinib", "lukast", "triptan",
)

# mixed letters and digits ("O2", "FIO2", "5mcg", "Q4H", "AOX3") and dose forms ("10cc", "2L")
_CODED = re.compile(r"^(?=.*\d)(?=.*[a-z])[a-z0-9/&'.]+$")


def is_clinical_term(word: str) -> bool:
    """Whether a folded word (lower case, no trailing period) is clinical vocabulary: an abbreviation,
    shorthand, unit, a coded value ("fio2", "q4h", "10cc") or a word of six letters or more with the
    ending of a drug, disease or procedure."""
    if word in CLINICAL_TERMS:
        return True
    if _CODED.match(word) and len(word) <= 8:
        return True
    return len(word) >= 6 and word.isalpha() and word.endswith(CLINICAL_SUFFIXES)


def is_note_marker(word: str) -> bool:
    """Whether a folded word is one of the abbreviations that mark a clinical note (`NOTE_MARKERS`)."""
    return word in NOTE_MARKERS


@lru_cache(maxsize=1)
def _rare_words() -> FrozenSet[str]:
    path = COMMON_WORDS_DIR / "en_rare_words.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


@lru_cache(maxsize=1)
def clinical_nouns() -> FrozenSet[str]:
    """English nouns that only name a body part, a disease, a symptom, an injury or a medical procedure
    ("gallbladder", "bronchopneumonia"; `en_clinical_nouns.txt`, from WordNet 3.0): no one's name."""
    path = COMMON_WORDS_DIR / "en_clinical_nouns.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def is_english_word(word: str) -> bool:
    """Whether a folded word is an English dictionary word, rare ones included ("coccyx", "dextrose"):
    WordNet's lower-case lemmas (`en_common_words.txt`, `en_rare_words.txt`), their regular plurals and
    verb forms ("sedated", "tolerating") and Latin plurals ("stimuli", "vertebrae")."""
    common, rare = common_word_test("en"), _rare_words()

    def listed(form: str) -> bool:
        return common(form) or form in rare or (form.endswith("s") and form[:-1] in rare)
    if listed(word) or any(listed(stem) for stem in verb_stems(word)):
        return True
    return (word.endswith("i") and listed(word[:-1] + "us")) or (word.endswith("ae") and listed(word[:-1]))


# A clinical note: at least this share of its words, and this many, are clinical terms
NOTE_SHARE = 0.06
NOTE_TERMS = 2
# clinical abbreviations that business mail and forms write more often ("ext 4471", "ASAP", "VAT reg: GB
# 123 4567 89"): no evidence of a note, or a short invoice or e-mail would read as one
EVERYDAY_ABBREVIATIONS = frozenset("ext asap vat gb io hrs insp".split())  # and a police log's "1830 HRS", "INSP"
_LETTER_RUN = re.compile(r"[^\W\d_]+")
# letters that belong to a code, not shorthand: a UK postcode or a US state and ZIP code ("Nottingham NG90
# 1BS" holds "NG" and "BS", "Nashville, TN 37203" "TN"), a reference joined by hyphens with a digit in it
# ("2026-SN-0412"). Counted, a form with an address or a letter with a reference read as a clinical note.
CODE_LETTERS = re.compile(r"(?<![\w-])(?:[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[A-Z]{2}|[A-Z]{2}[ \t]{1,2}\d{5}(?:-\d{4})?"
                          r"|(?=[A-Za-z0-9-]{0,40}\d)[A-Za-z0-9]+(?:-[A-Za-z0-9]+){1,4})(?![\w-])")  # not "so-called"


def code_spans(text: str) -> List[Tuple[int, int]]:
    """(start, end) of the codes of `text` whose letters are no shorthand (`CODE_LETTERS`, with a digit)."""
    return [m.span() for m in CODE_LETTERS.finditer(text) if any(c.isdigit() for c in m.group())]


def outside_codes(text: str, words: Sequence[str], starts: Sequence[int]) -> Sequence[str]:
    """`words` (the tokens of `text`, starting at `starts`) with those inside a code (`code_spans`) blanked,
    for `clinical_term_count`."""
    codes = code_spans(text)
    if not codes:
        return words
    out, k = list(words), 0
    for i, start in enumerate(starts):  # both in text order: one pass
        while k < len(codes) and codes[k][1] <= start:
            k += 1
        if k < len(codes) and codes[k][0] <= start:
            out[i] = ""
    return out


def clinical_term_count(words: Sequence[str]) -> Tuple[int, int]:
    """(clinical terms, words with a letter) among token texts. A clinical term here is a note
    abbreviation (`NOTE_MARKERS`), or clinical vocabulary that is no frequent short English word
    ("or", "pt" and "md" do not count: legal text and letters have them)."""
    terms = alpha = 0
    for word, n in Counter(words).items():  # each distinct word once: a document repeats its words
        kind = _word_kind(word)
        if kind:
            alpha += n
            if kind > 1:
                terms += n
    return terms, alpha


@lru_cache(maxsize=131072)
def _word_kind(word: str) -> int:
    """0: no letter; 1: a word; 2: a clinical term (see `clinical_term_count`). Cached: a document
    repeats its words, and several filters count the same document."""
    if not any(ch.isalpha() for ch in word):
        return 0
    w = folded(word)
    if w in EVERYDAY_ABBREVIATIONS:
        return 1
    return 2 if w in NOTE_MARKERS or (is_clinical_term(w) and (len(w) >= 5 or zipf(w) < 4.0)) else 1


def is_clinical_note(text: str, min_share: float = NOTE_SHARE, min_terms: int = NOTE_TERMS) -> bool:
    """Whether a text reads as a clinical note, counted over its runs of letters (the words the
    pipeline's tokenizer makes: "O2" is "O" and "2")."""
    terms, alpha = _letter_run_terms(text)
    return terms >= min_terms and terms >= min_share * alpha


@lru_cache(maxsize=64)
def _letter_run_terms(text: str) -> Tuple[int, int]:
    """`clinical_term_count` of a text's runs of letters; the last texts asked are kept (the rules and
    two span filters ask of the same document)."""
    codes = code_spans(text)
    if codes:
        kept, last = [], 0
        for a, b in codes:
            kept.append(text[last:a])
            last = b
        text = " ".join(kept + [text[last:]])
    return clinical_term_count(_LETTER_RUN.findall(text))


# Care's abbreviations written in capitals in letters, handovers and e-mails, which a tagger reads as an
# organisation's acronym ("refer to IAPT", "a DNACPR in place", "if OT are happy", "admitted with UTI"): a
# service, a form or a finding, never whose. Not the two letters that are also US states or places ("PA",
# "LA", "CA", "MD", "VA") nor those of other domains ("AP", "ED", "MS").
CARE_ABBREVIATIONS: FrozenSet[str] = frozenset("""
uti utis sob chf copd dnr dnar dnacpr resus si dsh nok sbar news news2 iapt camhs cmht cpn crhtt ahp ot ots
slt salt physio dvt pe aki ckd tia cva gord gerd ibs adhd asd ptsd ocd eupd bpd mdt ward-round dols lpa ehcp sen
senco adl adls obs tpr ews gcs avpu nbm npo iv ivabx ivfluids abx mrsa cdiff covid lft lfts fbc ues cxr ecg ekg
""".split())


# those also written with a capital alone, opening a note's sentence ("Obs stable", "Resus called"): no word
# or name is spelt so
TITLE_CASE_CARE_ABBREVIATIONS: FrozenSet[str] = frozenset("obs resus abx ivabx nbm physio".split())


def is_care_abbreviation(value: str) -> bool:
    """Whether `value` is one of `CARE_ABBREVIATIONS` written in capitals ("UTI", "DNACPR", "OT"), or one of
    `TITLE_CASE_CARE_ABBREVIATIONS` with its capital ("Obs")."""
    value = value.strip()
    return (value.isupper() and value.lower() in CARE_ABBREVIATIONS) or (
        value.istitle() and value.lower() in TITLE_CASE_CARE_ABBREVIATIONS)


# an ECG's leads and the segment of its trace ("ST elevation II III aVF", "ST depression V1-V4"): a reading of
# the heart, which a tagger takes for initials, a saint or a name
_ECG_LEAD = re.compile(r"(?i:i{1,3}|av[rlf]|v[1-9](?:-v?[1-9])?)")
_ECG_SEPARATORS = re.compile(r"[\s,;/&]+|\band\b|\bleads?\b", re.IGNORECASE)


def ecg_terms(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is made of an ECG's leads and its ST segment only: two leads or more ("II
    III aVF"), a lead no numeral could be ("aVF", "V1-V3"), or "ST" before its segment's word, in the span
    or right after it ("ST" of "ST elevation"). Not a lone "II", nor the "St" of "St Louis"."""
    words = [w for w in _ECG_SEPARATORS.split(text[start:end]) if w]
    lower = [w.lower() for w in words]
    leads = [w for w in words if _ECG_LEAD.fullmatch(w)]
    if not words or len(leads) + sum(w == "st" or w in ST_SEGMENT_WORDS for w in lower) != len(words):
        return False
    st = [k for k, w in enumerate(lower) if w == "st"]
    if not all(k + 1 < len(words) and lower[k + 1] in ST_SEGMENT_WORDS
               or k + 1 == len(words) and SEGMENT_AFTER.match(text, end) for k in st):
        return False
    return bool(st) or len(leads) >= 2 or any(set(w.lower()) - {"i"} for w in leads)
