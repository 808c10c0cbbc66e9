"""Hand-written lexicons of GDPR's special categories (Art. 9): religion, political opinion, sexual
orientation, ethnic origin. WordNet names the categories the way a dictionary does ("Catholicism",
"political orientation", "ethnic group"); a text says "a devout Muslim", "a Tory voter", "her wife",
"of Roma origin". These lists give the adherents, adjectives, groups and practices that reveal a
category, in the style of `spacy_anon.sensitive.clinical`:

- `FORMS`: the category itself, its kinds and their adherents (fine type SENSITIVE), each with the
  WordNet lemma whose hypernyms give its generalization (None: the component walks the form's own
  WordNet hypernyms);
- `RELATED`: practices, clergy, places, symbols and groups that reveal the category without naming
  it (SENSITIVE_RELATED);
- `NEEDS_EVIDENCE`: forms that are also ordinary words ("conservative management", "a mass in the
  lung", "the temple area", "pride"): matched only with a sure term of the same category in the text;
- `PATTERNS`: phrases that state an origin whatever the people named ("of Roma descent", "a
  Tamil-speaking nurse", "a Kurmanji interpreter").

Sources, one per list (general reference works, no corpus): religions and denominations follow the
world-religion and Christian-denomination groupings of the Pew Research Center's "Global Religious
Landscape" (2012) and the observances named in their calendars; political parties are the main parties
of the US, UK, Canada, Australia and Ireland, ideologies the "-isms" of an introductory politics text
(whose adherents WordNet also gives as derivationally related forms); orientation and identity terms
follow the GLAAD Media Reference Guide (11th ed.); ethnic groups follow the census categories of the
US (2020), the UK ONS (2021) and Canada (2021), plus widely named minorities (Roma, Kurds, Uyghurs,
Tamils, Rohingya).
"""
import re
from typing import Dict, Optional, Pattern, Tuple

_R = "religious person"
_RELIGION_FORMS = tuple((f, _R) for f in (
    # adherents and adjectives (Pew: Christians, Muslims, Hindus, Buddhists, folk religions, other, Jews)
    "Christian", "Catholic", "Roman Catholic", "Protestant", "Orthodox Christian", "Eastern Orthodox",
    "Evangelical", "evangelical Christian", "Baptist", "Methodist", "Lutheran", "Anglican", "Episcopalian",
    "Presbyterian", "Pentecostal", "Calvinist", "Mormon", "Latter-day Saint", "Quaker", "Amish", "Mennonite",
    "Adventist", "Seventh-day Adventist", "Jehovah's Witness", "Jehovah's Witnesses", "Christian Scientist",
    "Muslim", "Moslem", "Islamic", "Sunni", "Shia", "Shiite", "Sufi", "Ahmadi", "Ahmadiyya",
    "Jew", "Jews", "Jewish", "Orthodox Jew", "Orthodox Jews", "Hasidic", "Hasid", "Haredi",
    "Hindu", "Buddhist", "Sikh", "Jain", "Baha'i", "Bahai", "Zoroastrian", "Parsi", "Taoist", "Shinto",
    "Rastafarian", "Wiccan", "pagan", "atheist", "agnostic", "born-again", "churchgoer",
    "Catholicism", "Protestantism", "Islam", "Judaism", "Hinduism", "Buddhism", "Sikhism", "Jainism",
))
_RELIGION_RELATED = (
    # clergy
    "priest", "imam", "rabbi", "pastor", "vicar", "minister of religion", "monk", "nun", "chaplain", "deacon",
    "bishop", "mullah", "lama", "swami", "granthi",
    # places of worship
    "church", "mosque", "synagogue", "temple", "gurdwara", "chapel", "cathedral", "parish", "Kingdom Hall",
    "madrasa", "yeshiva", "monastery", "convent",
    # observances and practices
    "Ramadan", "Eid", "Eid al-Fitr", "Passover", "Yom Kippur", "Rosh Hashanah", "Hanukkah", "Sabbath",
    "Shabbat", "Diwali", "Vaisakhi", "Lent", "Easter", "Mass", "Holy Communion", "communion", "confession",
    "baptism", "bar mitzvah", "bat mitzvah", "Hajj", "pilgrimage", "halal", "kosher", "hijab", "niqab",
    "burqa", "headscarf", "turban", "kippah", "yarmulke", "rosary", "Bible study", "Koran", "Quran", "Torah",
    "prayer", "prays", "fasting",
)
_RELIGION_NEEDS = frozenset({"church", "temple", "Mass", "communion", "confession", "chapel", "parish",
                             "Easter", "Lent", "pilgrimage", "prayer", "prays", "fasting", "pagan",
                             "minister of religion", "bishop", "deacon", "chaplain", "convent", "baptism",
                             "headscarf", "turban", "Eid", "Evangelical", "Christian", "Orthodox Christian"})

_P = "political party"
_POLITICAL_FORMS = tuple((f, None) for f in (
    # adherents of the ideologies (WordNet also derives several of these from the -isms)
    "socialist", "communist", "Marxist", "Leninist", "Trotskyist", "Maoist", "anarchist", "fascist",
    "neo-Nazi", "Nazi", "libertarian", "nationalist", "white nationalist", "separatist", "monarchist",
    "republican", "social democrat", "Christian democrat", "centrist", "populist", "conservative",
    "liberal", "progressive", "leftist", "left-wing", "right-wing", "far-left", "far-right", "alt-right",
    "Zionist", "anti-Zionist", "environmentalist", "feminist",
)) + tuple((f, _P) for f in (
    # parties and their members (US, UK, Canada, Australia, Ireland)
    "Republican", "Republicans", "Democrat", "Democrats", "Democratic Party", "Republican Party",
    "GOP", "Labour", "Labour Party", "Tory", "Tories", "Conservative Party", "Liberal Democrats",
    "Lib Dem", "Lib Dems", "Green Party", "Greens", "UKIP", "Reform UK", "SNP", "Plaid Cymru", "Sinn Fein",
    "Sinn Féin", "Fianna Fáil", "Fine Gael", "NDP", "Bloc Québécois", "Liberal Party", "Communist Party",
    "Socialist Party", "Libertarian Party", "Tea Party",
))
_POLITICAL_RELATED = ("party member", "party membership", "campaigned for", "canvassed for", "voted for",
                      "MAGA", "Brexiteer", "Remainer", "trade unionist", "picket line")
_POLITICAL_NEEDS = frozenset({"conservative", "liberal", "progressive", "republican", "Labour", "Greens",
                              "nationalist", "separatist", "populist", "centrist", "feminist", "environmentalist",
                              "campaigned for", "canvassed for", "voted for", "SNP",
                              "picket line", "Liberal Party", "NDP", "Tea Party"})

_O = "sexual orientation"
_ORIENTATION_FORMS = tuple((f, _O) for f in (
    "gay", "lesbian", "bisexual", "homosexual", "heterosexual", "queer", "pansexual", "asexual", "bi",
    "same-sex attracted", "men who have sex with men", "MSM", "WSW", "LGBT", "LGBTQ", "LGBTQ+", "LGBTQIA",
    "LGBTQIA+", "transgender", "trans woman", "trans man", "non-binary", "nonbinary", "gender-fluid",
    "genderqueer", "gender dysphoria", "transsexual",
))
_ORIENTATION_RELATED = ("same-sex partner", "same-sex couple", "same-sex marriage", "same-sex relationship",
                        "came out", "coming out", "come out", "Pride", "Pride parade", "gay bar",
                        "drag queen", "gender-affirming", "gender affirming", "transition", "transitioned")
_ORIENTATION_NEEDS = frozenset({"bi", "straight", "came out", "coming out", "come out", "Pride", "transition",
                                "transitioned", "queer", "MSM", "WSW"})

_E = "ethnic group"
_ETHNIC_FORMS = tuple((f, _E) for f in (
    # US census, UK ONS, Statistics Canada categories and widely named minorities
    "Hispanic", "Latino", "Latina", "Latinx", "Chicano", "Chicana", "African American", "African-American",
    "Black British", "Afro-Caribbean", "Black Caribbean", "Black African", "Caucasian", "Asian American",
    "Asian-American", "British Asian", "Pacific Islander", "Native Hawaiian", "Native American",
    "American Indian", "Alaska Native", "First Nations", "Métis", "Metis", "Inuit", "Aboriginal",
    "Torres Strait Islander", "Indigenous", "Maori", "Māori", "Roma", "Romani", "Romany", "Gypsy", "Sinti",
    "Irish Traveller", "Traveller", "Kurd", "Kurdish", "Uyghur", "Uighur", "Tamil", "Rohingya", "Berber",
    "Amazigh", "Bedouin", "Pashtun", "Hazara", "Tutsi", "Hutu", "Yoruba", "Igbo", "Somali", "Sami", "Basque",
    "Han Chinese", "Tibetan", "Arab", "Ashkenazi", "Sephardic", "mixed race", "mixed-race", "biracial",
    "multiracial", "ethnic minority", "person of colour", "person of color", "people of colour",
    "people of color", "BAME", "BIPOC",
))
_ETHNIC_RELATED = ("Romani interpreter", "Traveller site", "reservation")
_ETHNIC_NEEDS = frozenset({"Indigenous", "Traveller", "Arab", "Basque", "Somali", "Tibetan", "reservation",
                           "Metis", "Sami"})

FORMS: Dict[str, Tuple[Tuple[str, Optional[str]], ...]] = {
    "religion": _RELIGION_FORMS, "political_opinion": _POLITICAL_FORMS,
    "sexual_orientation": _ORIENTATION_FORMS, "ethnic_origin": _ETHNIC_FORMS,
}
RELATED: Dict[str, Tuple[str, ...]] = {
    "religion": _RELIGION_RELATED, "political_opinion": _POLITICAL_RELATED,
    "sexual_orientation": _ORIENTATION_RELATED, "ethnic_origin": _ETHNIC_RELATED,
}
NEEDS_EVIDENCE = _RELIGION_NEEDS | _POLITICAL_NEEDS | _ORIENTATION_NEEDS | _ETHNIC_NEEDS
# acronyms matched in any case
CASE_FREE = frozenset({"LGBT", "LGBTQ", "LGBTQIA", "BAME", "BIPOC"})

# Languages whose name before "-speaking" or "interpreter" says nothing of origin in an English text.
_NEUTRAL_LANGUAGES = r"(?!(?:English|Sign|ASL|BSL)\b)"
_CAP = r"[A-Z][a-zà-öø-ÿ]+(?:-[A-Z][a-zà-öø-ÿ]+)?"
# condition -> a phrase that states an origin ("of Kurdish descent", "a Tamil-speaking nurse", "Somali
# interpreter"); the component marks it as a related term and removes it
PATTERNS: Dict[str, Pattern] = {
    "ethnic_origin": re.compile(
        rf"\b(?:of|with)\s+(?:{_CAP}\s+){{1,2}}(?:descent|origin|heritage|ancestry|extraction|background)\b"
        rf"|\b{_NEUTRAL_LANGUAGES}{_CAP}(?:-speaking|\s+(?:speaking|speaker|interpreter|translator))\b"),
}

# Look-alikes found in clinical notes: a religious or political word inside the name of an institution or
# a device ("Kessler-Adventist Hosp", "a Puritan Bennett vent", "the Dominican Republic"), or an
# abbreviation of a clinical word ("SNP gtt": sodium nitroprusside; "urine CULT": culture; "Calif").
INSTITUTION_AFTER = re.compile(
    r"^[\s-]*(?:hosp\b|hospital|rehab|medical|health|healthcare|nursing|facility|center|centre|clinic|"
    r"univ\b|university|college|school|home\b|republic|bennett|charities|cemetery)", re.IGNORECASE)
# matched only with a sure term of the same category in the document
LOOKALIKES = frozenset({"snp", "cult", "cults", "calif", "puritan"})
# generalizations a reader can use for observances and practices: WordNet's ancestors either name the
# faith ("Islamic calendar month") or read oddly ("a time period"); these say when, not whose
GENERALIZATIONS: Dict[str, str] = {
    "Ramadan": "month", "Lent": "season", "Passover": "holiday", "Yom Kippur": "holiday",
    "Rosh Hashanah": "holiday", "Hanukkah": "holiday", "Diwali": "holiday", "Vaisakhi": "holiday",
    "Eid": "holiday", "Eid al-Fitr": "holiday", "Easter": "holiday", "Sabbath": "day", "Shabbat": "day",
    "fasting": "diet", "halal": "diet", "kosher": "diet", "hijab": "headwear", "niqab": "headwear",
    "burqa": "clothing", "turban": "headwear", "kippah": "headwear", "yarmulke": "headwear",
    "headscarf": "headwear", "bar mitzvah": "ceremony", "bat mitzvah": "ceremony", "baptism": "ceremony",
    "Hajj": "journey", "pilgrimage": "journey",
}


def lookalike(before: str, match: str, after: str) -> bool:
    """A special-category match inside the name of an institution or a device (the word after it says
    so: "Kessler-Adventist Hosp"; a hyphen alone does not: "an Irish-Catholic family")."""
    return bool(INSTITUTION_AFTER.search(after))
