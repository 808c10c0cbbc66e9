"""English words that never identify anyone on their own: greetings, interjections, field keys of forms and
records, weekdays, generic clinical and document words, and the verb forms a tagger drags into a name.

A recall-tuned tagger marks them because they stand where names stand: capitalised at a line start
("Thanks, Best regards"), before a value ("MRN 4471823", "Tel: 555 ..."), next to a name ("John Smith
met"). The span filter `spacy_anon.tagger.span_filters.generic_words` cuts them off or drops the span;
these lists say what they are. Lists are lower case; a word is looked up folded.
"""
import re
from functools import lru_cache
from typing import Callable, Optional, Sequence, Tuple

from spacy_anon.lexicon.common_words import common_word_test

# Openings, closings and politeness formulas of letters, e-mails and chats.
GREETINGS = frozenset(
    "hi hello hey hiya howdy dear greetings thanks thank thx ty cheers regards best kind kindest warm warmest "
    "sincerely faithfully yours truly respectfully cordially bye goodbye congratulations congrats welcome "
    "please sorry good wishes many hola ciao bonjour salut hallo hej ola olá oi diolch cofion hwyl shwmae gday "
    "merci gracias grazie danke obrigado obrigada saludos cordialement ta namaste namaskar salaam "
    "hugs xoxo kære kaere liebe lieber querida querido chère "  # not "love", "cara", "cher": names too
    "mit freundlichen grüßen grüssen grüße gruß viele herzliche cordiali distinti saluti atentamente "
    "atenciosamente cumprimentos shoutout shout-out merry mubarak".split()  # "Mit freundlichen Grüßen", "Cordiali saluti", "Shoutout to"
    # "Many thanks", a British "Ta,"; and other languages' greetings and closings in English messages ("hola!
    # soy Mateo", a Welsh "Diolch," or a French "Merci," before the name, an Indian "Namaste sir"; "Hugs,", a
    # Danish "Kære Mette", a German "Liebe Anna")
)

# Words that address a letter's reader by role or courtesy ("Dear Sir/Madam", "Dear Hiring Manager"): no name.
SALUTATION_NOUNS = frozenset("sir sirs madam madame mesdames gentlemen ladies colleague colleagues team customer "
                             "customers client clients member members hiring manager recruiter recruitment valued".split())



def salutation_only(words: Sequence[str]) -> bool:
    """Folded words that only address a reader by role or courtesy ("sir", "/", "madam"): no name."""
    return any(w in SALUTATION_NOUNS for w in words) and all(w in SALUTATION_NOUNS or w in ("or", "and") for w in words)


# Interjections, fillers and sentence adverbs of speech and social text.
INTERJECTIONS = frozenset(
    "umm um uh uhh uhm hmm mmm erm ah ahh oh ooh wow yay yeah yep yup nope nah ok okay lol lmao omg "
    "haha hahaha hehe btw imo imho fyi tbh idk ugh meh oops whoa hooray alas "
    "unfortunately fortunately luckily hopefully sadly honestly basically actually anyway anyways however "
    "meanwhile otherwise maybe perhaps apparently obviously seriously literally "
    "yo bro bruv fam innit".split()  # "yo bro can u send me"
)

# Shorthand, clipped words and apostrophe-less contractions of chat and social posts ("wfh", "tmrw", "ur",
# "dont", "didn" of "didn't"): words, though no dictionary lists them, so a tagger reads them as names.
CHAT_SHORTHAND = frozenset(
    "u ur urs ya yall ye yea yeh naw pls plz thnx tnx tysm np nvm nm idc ikr irl tbf ngl rn atm afaik asap "
    "brb bbl gtg ttyl lmk hmu wfh eod eta tmrw tmr tmw tomoz 2moro 2day tonite smth sth smthg ppl bc bcs cuz "
    "coz cos w/ w/o wrt aka dm dms msg msgs txt pic pics vid vids gf bf bff bestie bruh gonna wanna gotta "
    "kinda sorta dunno lemme gimme omfg wtf ffs smh rofl lmfao xd xx xxx xoxo rip jk jw nbd ofc obvs defo "
    "deffo probs totes dont didnt doesnt isnt wasnt werent cant couldnt wouldnt shouldnt aint havent hasnt "
    "hadnt arent im ive youre youve theyre theyve thats whats wheres hows didn doesn isn wasn weren couldn "
    "wouldn shouldn hasn haven hadn aren mustn needn shes hes theres youll theyll wouldve couldve shouldve "
    "appt appts rly abt bday yday hosp meds thx tho aita wibta yta nta tifu tldr imo imho iirc eli5 ama "
    "approx esp etc incl excl yrs "  # "(male, approx 30)"
    "af tbh idk ik ily fr hbu wyd istg ong icl "  # "awkward af"
    "omw otw ooo fyi tia iykyk wbu smol gg".split()  # "omw to the dentist"
)

# The keys of a form or a record line ("MRN 4471823", "Tel: ...", "Case No 12345/06"): the value after
# them is what identifies; the key is layout.
FIELD_KEYS = frozenset(
    "mrn dob tel telephone phone ph mob mobile cell fax email e-mail mail id ids no nos num number ref "
    "reference acct account case file claim policy ticket order invoice staff employee patient pt "
    "member customer client badge passport licence license ssn nhs nin dl vin iban swift bic "
    "date birth born name surname forename address addr postcode zip ext extension pager contact attn "
    "re ip url salary wage wages nok "  # and a next of kin's "NOK:"
    "flight seat booking group room bed class ohip phn eircode "  # "Flight BA 0008", "Group #: 0047721", "bed 9"
    # a ticket's and an account's people fields ("Login: priya_r", "Reporter: m.okafor")
    "login username userid reporter assignee requester requestor submitter creator watchers approver".split()
)

WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays "
                     "fridays saturdays sundays mon tue tues wed thu thur "
                     "thurs fri sat sun".split())

# Weekday plurals and neighbours that make a weekday generic ("every Monday", "Monday mornings").
GENERIC_WEEKDAY_BEFORE = frozenset("every each most some all any weekday weekdays good nice great happy lovely".split())
GENERIC_WEEKDAY_AFTER = frozenset("mornings afternoons evenings nights blues vibes motivation "
                                  "roast roasts lunches dinners brunches papers league".split())  # "Sunday roasts"

# Headings and words of clinical notes and generic clinical vocabulary (diagnoses, procedures, anatomy,
# common abbreviations): what a note is about, not who.
CLINICAL_WORDS = frozenset(
    "discharge admission admit admitted summary history hpi pmh psh assessment plan impression diagnosis "
    "diagnoses dx ddx medications meds medication allergies allergy vitals vital signs labs lab results "
    "flowsheet objective subjective data note notes progress physical exam examination findings procedure "
    "procedures report referral consult consultation followup follow-up review ros rx sx tx hx fx "
    "stenosis stent stents angioplasty angiography angiogram catheterization cath infarction ischemia "
    "ischaemia hypertension htn diabetes dm copd chf cad afib mi stemi nstemi cabg pci lad rca lcx lcx lm "
    "lv lvef ef ecg ekg echo ct mri cxr xray x-ray ultrasound biopsy sepsis pneumonia fracture fever "
    "cough dyspnea dyspnoea sob cp chest pain headache nausea vomiting bp hr rr spo2 temp wbc hgb plt "
    "bid tid qid qd prn po iv im sc npo stat icu pacu nicu picu "
    "metoprolol aspirin clopidogrel heparin warfarin insulin metformin statin atorvastatin lisinopril "
    "amoxicillin paracetamol ibuprofen morphine saline oxygen".split()
)

# Imperatives that open instructions in notes, letters and chat ("SEE FLOWSHEET", "Call back", "Contact Mr X",
# "Text Sam on 07911 123456", "ring me on ...").
IMPERATIVES = frozenset(
    "see call contact refer check continue follow review note please ask email mail write send reply "
    "replying forward attach attached find confirm let tell meet visit return text ring message ping "
    "preheat heat mix stir bake add chop whisk pour serve boil simmer install run click select enter open update "
    "restart download upload deliver ship collect bring drop".split()
)

# words that open a sentence before a name and are no given name of it ("Hi Tom", "Call Sam on ...")
OPENING_NON_NAMES = GREETINGS | INTERJECTIONS | IMPERATIVES

# times of the day said around a clock time or beside a contact value ("till 3 tonight", "07700 900123 tomorrow")
DAY_TIMES = frozenset("morning afternoon evening night tonight today tomorrow".split())

# what follows a number as its ending or its unit ("21st", "1990s", "10am", "850U/HR", "5MG"): written in lower
# case whatever the line's case (`casing.truecase_line`)
NUMBER_ENDINGS = frozenset(
    "st nd rd th s am pm u iu mg mcg ml mls l g gm kg mmol meq cc hr hrs h min mins sec secs cm mm km m x k "
    "lb lbs oz ft yr yrs yo wk wks mo mos".split())

# words before a clock time said as a bare number ("around 11", "till 3", "by 5"): with it, no part of a name
CLOCK_PREPOSITIONS = frozenset("at around about by till til until before after from circa".split())

# Irregular past forms and auxiliaries: after a name they say the name is a subject ("Will Smith met").
IRREGULAR_VERBS = frozenset(
    "met said told went came saw sang paid brought gave took made had was were is are has have did does got "
    "left felt found kept knew ran sat stood thought wrote spoke heard held lost meant put read sent spent "
    "won ate drove flew fell became began broke chose drew forgot grew hid hung led lay rode rose shook "
    "sold taught threw understood woke wore bought caught fought sought slept swam spun stuck struck swore "
    "tore wept wound will would can could should shall may might must says goes gets takes makes "
    "sees comes knows thinks wants needs seems lives works "
    "seen been done gone given taken written known shown eaten driven spoken chosen broken forgotten stolen "
    "fallen hidden beaten flown grown thrown worn torn rang rung drank sank shrank sprang stank swung clung flung "
    "stung dug bled fed fled sped lent bent built burnt dealt dreamt knelt leapt crept swept".split()
)

# Words that a person span never ends on or starts with, though spaCy's stop words lack some.
PREPOSITIONS = frozenset(
    "in on at of for with from by to into onto about after before during under over between against since "
    "until till til via per near around through across toward towards within without upon and or but nor".split()
)


def folded(word: str) -> str:
    """The lookup form of a token: lower case, without trailing periods or colons ("No." -> "no")."""
    return word.lower().rstrip(".:#")


def verb_stems(word: str) -> Sequence[str]:
    """Candidate dictionary forms of an inflected lower-case word ("replying" -> "reply", "tried" -> "try")."""
    stems = []
    for suffix, repl in (("ing", ""), ("ing", "e"), ("ied", "y"), ("ed", ""), ("ed", "e"),
                         ("ies", "y"), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            stem = word[: len(word) - len(suffix)] + repl
            stems.append(stem)
            if suffix in ("ing", "ed") and len(stem) >= 3 and stem[-1] == stem[-2]:
                stems.append(stem[:-1])  # "stopped" -> "stop"
    return stems


def is_verb_form(word: str, is_common: Optional[Callable[[str], bool]] = None) -> bool:
    """Whether a lower-case word is a past, progressive or third-person verb form: an irregular form, or
    "-ed"/"-ing"/"-s" on a dictionary word (`is_common`). "-s" also makes plurals; callers that must
    tell them apart use `is_past_or_progressive`."""
    if word in IRREGULAR_VERBS:
        return True
    if is_common is None or not word.isalpha() or not word.islower():
        return False
    return any(is_common(stem) for stem in verb_stems(word))


def is_past_or_progressive(word: str, is_common: Optional[Callable[[str], bool]] = None) -> bool:
    """An irregular verb form, or "-ed"/"-ing" on a dictionary word ("called", "replying"); not "-s"."""
    if word in IRREGULAR_VERBS:
        return True
    if is_common is None or not word.isalpha() or not word.islower() or not word.endswith(("ed", "ing")):
        return False
    if word.endswith("eed") or len(word) < 5:  # "need", "seed", "bed", "ring"
        return False
    return any(is_common(stem) for stem in verb_stems(word))


# English prefixes that make new words of dictionary words ("countersign", "unsubscribe", "reupload")
COINING_PREFIXES = ("counter", "under", "inter", "multi", "over", "anti", "semi", "post", "self", "down", "out",
                    "pre", "sub", "mis", "dis", "non", "re", "un", "co", "de", "up")


def english_coinage(word: str, is_common: Callable[[str], bool]) -> bool:
    """Whether a lower-case ASCII word no dictionary lists is made of English words: a prefix and a
    dictionary word of four letters or more ("countersign", "reupload", "unsubscribe"), or two dictionary
    words of three letters or more ("payslips", "timesheet"), perhaps inflected ("countersigned"). A
    foreign word ("länsrätten") or a surname ("okafor", "kowalski") is not."""
    if not word.isascii() or not word.isalpha() or not word.islower():
        return False
    for form in (word, *verb_stems(word)):
        for prefix in COINING_PREFIXES:
            rest = form[len(prefix):]
            if form.startswith(prefix) and len(rest) >= 4 and is_common(rest):
                return True
        for cut in range(3, len(form) - 2):
            if is_common(form[:cut]) and is_common(form[cut:]):
                return True
    return False


@lru_cache(maxsize=65536)
def zipf(word: str) -> float:
    """wordfreq's English Zipf frequency of a word."""
    from wordfreq import zipf_frequency  # lazy: heavy word lists, loaded on first use

    return zipf_frequency(word, "en")


@lru_cache(maxsize=4)
def dictionary_test(lang: str) -> Callable[[str], bool]:
    """Whether a folded word, or its verb stem ("replying" -> "reply"), is an ordinary word of `lang`."""
    is_common = common_word_test(lang)

    def test(word: str) -> bool:
        return is_common(word) or any(is_common(stem) for stem in verb_stems(word))
    return test


_HELD_LETTER = re.compile(r"([^\W\d_])\1{2,}")


def elongated_forms(word: str) -> Tuple[str, ...]:
    """A word typed with a letter held down ("noooo", "yesss", "sooo") as it is usually written: each run
    of three or more of one letter cut to one and to two ("no"/"noo", "yes"/"yess"); () for a word with
    no such run. The caller looks the forms up ("cool" has a double letter of its own)."""
    if not _HELD_LETTER.search(word):
        return ()
    return (_HELD_LETTER.sub(r"\1", word), _HELD_LETTER.sub(r"\1\1", word))


_LETTERS = re.compile(r"[^\W\d_]+")


def shouted_words_only(line: str) -> bool:
    """Whether every capital of `line` is in a word written all in capitals that is an ordinary word,
    interjection or chat shorthand ("the 7:15 from chelmsford was cancelled AGAIN", "OMG same"): capitals
    for emphasis on a line typed in lower case, where names are in lower case too. Not an acronym or a
    name in capitals ("went to the NHS clinic", "met SARAH"), nor a capitalised word ("Chelmsford")."""
    shouted = False
    for m in _LETTERS.finditer(line):  # stops at the first word a writer capitalised
        w = m.group()
        if w.islower():
            continue
        if not w.isupper() or len(w) < 2:  # "Chelmsford", "I": capitals as a writer uses them
            return False
        lower = w.lower()
        if not (lower in INTERJECTIONS or lower in CHAT_SHORTHAND or dictionary_test("en")(lower)
                or zipf(lower) >= 5.0):  # "AND", "NOT": function words no dictionary lists
            return False  # "NHS", "SARAH": an acronym or a name
        shouted = True
    return shouted


# frequent English words the case table writes with a capital (they open many names in the corpus it was read
# from: "New York", "Love Island", "High School Musical") that a line typed in lower case means as words: "i
# love the big red bus", "the kids are asleep" (not the words of public bodies' and offices' names, "new",
# "high", "office", "house", "court", which court judgments typed in lower case name bodies with)
PROSE_NOT_NAMES = frozenset(
    "love loves big bad happy nice pretty fun hot beautiful tonight weekend waiting let others oh hey ya bit girl "
    "boy boys kids kid baby guy music movie movies games kitchen dream dreams smile kiss rain snow storm sun moon "
    "sky chicken eggs rice sugar diet bus train ride heat ice touch sounds hits magic memory evil heaven hell alive "
    "afraid tiny wild raw incredible greatest animal bird horse trees floor corner wall edge ball ring circle cards "
    "dance golf sport sports racing anniversary schedule customer uni dark".split())
BARE_TITLES = frozenset("Ms Mx Lady Lord Sir Dame".split())  # written in lower case where no name follows them
