"""Words that say which kind of thing a name is, whatever a tagger called it: the head nouns of
organisations ("Riverside Surgery", "Kestrel Avionics"), the names of languages and faiths (a DEM trait,
not a place: "Polish", "Yoruba"), and the months. Lists are lower case; a word is looked up folded.

Used by `spacy_anon.mask.span_kinds`, which decides the category of every kept span from its own text.
"""
from functools import lru_cache
from pathlib import Path
from typing import FrozenSet

# The last word of an organisation's name: a kind of business, institution or team. A place or a person
# is not named so ("Fernhill Dental", "Northline Rail", "Kendal Mountaineering Club"). Words that also end
# place names ("Park", "Hall", "House", "Centre" of a town, a French "department") are left out.
ORG_HEADS = frozenset(
    "ltd limited inc incorporated plc llc llp pllc gmbh ag sa srl sas bv nv co corp corporation company group "
    "lda sarl spa oy kft sro pty asa "  # "Lumen Arquitectura Lda", "Ferri SpA"
    "holdings partners partnership associates consultancy consulting consultants solutions services service systems "
    "technologies technology tech software labs laboratories analytics logistics logistik freight haulage "
    "transport airlines airways rail railways motors automotive garage avionics aerospace engineering "
    "electrical plumbing builders construction roofing joinery glazing heating heatcare energy utilities "
    "surveys surveyors catering removals "
    "insurance bank bancorp finance capital investments trust foundation charity association society union "
    "federation council ministry agency authority commission bureau office "
    "hospital infirmary hospice clinic surgery practice pharmacy dental dentistry healthcare medical physiotherapy "
    "university college school academy institute polytechnic nursery kindergarten "
    "club fc rovers athletic united "
    "church mosque synagogue diocese "
    "bistro cafe café restaurant bakery brewery pub bar grill kitchen diner deli takeaway hotel inn hostel "
    "salon barbers gym fitness studio studios media press publishing records films productions "
    "stores store shop supermarket pharma foods farms dairy properties estates lettings homes realty "
    "solicitors lawyers chambers legal accountants accounting payroll recruitment talent staffing "
    "unit police tribunal "
    # trades a local firm is named for ("Flexi Tyres", "Swift Removals", "Bright Opticians")
    "tyres tires autos removals cleaning cleaners couriers flooring carpets plastering decorating landscaping "
    "scaffolding opticians veterinary vets kennels printing tailors".split()
)

# Two-word heads of an organisation whose last word alone also ends place names ("Mercy Valley Medical
# Center", "Eastgate Health Centre"): a place is not named so.
ORG_HEAD_PAIRS = frozenset({
    ("medical", "center"), ("medical", "centre"), ("health", "center"), ("health", "centre"),
    ("healthcare", "center"), ("healthcare", "centre"), ("cancer", "center"), ("cancer", "centre"),
    ("surgical", "center"), ("surgical", "centre"), ("rehabilitation", "center"), ("rehabilitation", "centre"),
    ("nursing", "home"), ("care", "home"), ("medical", "group"), ("general", "hospital"),
})

# Credentials written after a signature's name ("A. LINDGREN RN", "R. Santiago LSW"): the person's
# qualification, not part of the name. Not those that end other names too ("RD" of a road, "DO").
POST_NOMINALS = frozenset(
    "rn rgn rmn rnld sn spn lpn lvn cna hca np pa md mbbs mbchb frcp mrcp frcs mrcgp phd dphil msc bsc "
    "lsw lcsw msw cnm rm slt pharmd dpt cns crnp aprn emt "
    # and the professions' and honours' letters a letter is signed with ("Moira Sutherland ACA")
    "aca acca fca cima cpa cfa llb llm qc kc mba ma ba beng meng ceng mbe obe cbe frics mrics pgce esq jd".split()
)

# The first word of an organisation's name in Romance languages ("Banca Sociala", "Hospital La Paz",
# "Universidade do Porto").
ORG_LEADS = frozenset(
    "banca banco banque hospital hôpital ospedale clinica clínica clinique universidad universidade "
    "università université universitatea colegio colégio instituto istituto institut fundación fundação "
    "fondazione fondation compañía companhia compagnie società société societatea grupo gruppo groupe "
    "ayuntamiento câmara comune mairie primăria tribunal tribunale juzgado lycée lycee école ecole collège "
    "escuela escola liceo gymnasium ysgol scoil".split()
)

# Languages that are no demonym of the package list (which holds "Polish", "English", "Vietnamese"),
# and faiths: a span of one alone is a DEM trait.
LANGUAGES = frozenset(
    "mandarin cantonese hakka yoruba igbo hausa fulani twi akan ewe wolof swahili kiswahili amharic tigrinya "
    "oromo somali zulu xhosa afrikaans shona lingala kinyarwanda gaelic welsh cornish manx breton basque "
    "catalan galician tagalog filipino punjabi urdu hindi bengali bangla tamil telugu malayalam kannada "
    "marathi gujarati sinhala sinhalese nepali pashto dari farsi persian kurdish arabic hebrew yiddish "
    "creole patois esperanto romani berber tamazight quechua guarani".split()
)
FAITHS = frozenset(
    "catholic protestant orthodox anglican methodist baptist pentecostal evangelical lutheran presbyterian "
    "christian muslim islamic jewish hindu sikh buddhist jain atheist agnostic mormon quaker".split()
)

MONTHS = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec".split()
)

DEMONYMS_FILE = Path(__file__).resolve().parents[1] / "data" / "gazetteers" / "demonyms.txt"


@lru_cache(maxsize=1)
def trait_words() -> FrozenSet[str]:
    """Demonyms (the package list), languages and faiths, lower case: what a DEM span alone can be."""
    lines = DEMONYMS_FILE.read_text(encoding="utf8").splitlines()
    demonyms = {ln.strip().lower() for ln in lines if ln.strip() and not ln.startswith("#")}
    return frozenset(demonyms | LANGUAGES | FAITHS)

# Role words written before a person's name in chats, tickets and notes ("Agent Gabriela", "Interpreter
# Adeyemi", "Wife Halina"): the name after one is a person's, the role word is not part of it.
ROLE_WORDS = frozenset(
    "agent advisor adviser operator representative interpreter translator driver courier engineer "
    "technician officer constable detective inspector insp sergeant sgt coach midwife paramedic carer "
    "caseworker receptionist consultant therapist counsellor counselor supervisor manager teacher tutor "
    "wife husband son daughter mother father mum dad brother sister grandson granddaughter partner fiancé "
    "fiancee witness patient client customer tenant landlord neighbour neighbor colleague friend".split()
)

# Head nouns of common job titles: "Payroll Administrator", "Senior Software Engineer", "Head Chef" name a
# job many hold, not a person, place or organisation (the guideline's "common job titles" are no PII).
JOB_NOUNS = frozenset(
    "administrator assistant engineer developer programmer electrician plumber carpenter mechanic manager "
    "director officer chef cook waiter waitress nurse doctor physician surgeon consultant coordinator "
    "analyst designer teacher lecturer professor technician apprentice accountant bookkeeper clerk "
    "supervisor receptionist secretary advisor adviser specialist intern trainee cashier driver cleaner "
    "porter carer worker operative executive associate representative architect scientist researcher "
    "editor writer journalist lawyer solicitor barrister paralegal pharmacist therapist midwife paramedic "
    "operator installer inspector planner dispatcher controller auditor instructor tutor counsellor counselor "
    "caseworker estimator "
    # property, insurance and recruitment ("Senior Lettings Negotiator", "Talent Partner", "Loss Adjuster")
    "negotiator broker recruiter partner agent buyer surveyor valuer underwriter adjuster "
    "lead head".split()
)
