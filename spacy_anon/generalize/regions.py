"""Nationality words generalized to their world region: "an American actress" -> "a North American actress",
"Welsh" -> "European".

A nationality is a quasi-identifier that a reader still wants (where a person comes from); its region is
true of everybody the nationality is true of, and of many more. The table maps the demonyms (English) to
the continents of `spacy_anon.generalize.places.CONTINENTS` (the continent of the country, as GeoNames
gives it; the UK, Ireland and Russia count as Europe, Mexico and the Caribbean as North America, Turkey as
Asia). A hyphenated demonym ("Austrian-American") names the person's nationality last, so its last part
decides ("North American"). Words that are also languages ("English", "French") are read as demonyms only
where they modify a noun or follow "a"/"an": "speaks French" is left alone.
"""
from typing import Dict, List, Optional, Tuple

REGION_WORDS: Dict[str, str] = {"EU": "European", "AS": "Asian", "AF": "African", "NA": "North American",
                                "SA": "South American", "OC": "Oceanian"}

_TABLE = {
    "NA": "american canadian mexican cuban jamaican puerto rican haitian dominican guatemalan honduran "
          "salvadoran nicaraguan panamanian trinidadian bahamian barbadian costa",
    "SA": "brazilian argentine argentinian chilean colombian peruvian venezuelan uruguayan paraguayan "
          "bolivian ecuadorian guyanese",
    "EU": "british english scottish welsh irish northern french german italian spanish portuguese dutch "
          "belgian swiss austrian swedish norwegian danish finnish icelandic polish czech slovak hungarian "
          "romanian bulgarian greek serbian croatian bosnian slovenian albanian macedonian ukrainian russian "
          "belarusian lithuanian latvian estonian maltese cypriot luxembourgish flemish catalan basque "
          "galician sicilian corsican moldovan montenegrin georgian armenian",
    "AS": "chinese japanese korean indian pakistani bangladeshi sri lankan nepali thai vietnamese filipino "
          "indonesian malaysian singaporean taiwanese mongolian iranian iraqi israeli lebanese syrian jordanian "
          "turkish saudi emirati afghan kazakh uzbek burmese cambodian palestinian",
    "AF": "nigerian ghanaian kenyan ethiopian egyptian moroccan algerian tunisian senegalese ugandan "
          "tanzanian zimbabwean zambian cameroonian somali sudanese congolese angolan rwandan malian libyan",
    "OC": "australian zealander kiwi fijian samoan tongan papuan",
}
# demonym (lower case) -> continent code; two-word demonyms by their last word where it is unambiguous
DEMONYMS: Dict[str, str] = {w: code for code, text in _TABLE.items() for w in text.split()
                            if w not in ("puerto", "sri", "northern", "costa")}
DEMONYMS.update({"rican": "NA", "lankan": "AS", "new zealander": "OC", "south african": "AF",
                 "south korean": "AS", "north korean": "AS"})
# also languages: a demonym only before a noun or after "a"/"an"
AMBIGUOUS = frozenset("english french german italian spanish portuguese dutch russian chinese japanese korean "
                      "greek polish swedish danish norwegian finnish hungarian czech turkish arabic hindi "
                      "catalan basque galician welsh irish".split())


def demonym_code(text: str) -> Optional[str]:
    """The continent code of a demonym ("American" -> "NA", "Austrian-American" -> "NA"); None otherwise."""
    words = text.replace("\u2013", "-").split()
    if not words or not all(w[:1].isupper() for w in words):
        return None
    key = " ".join(words).lower()
    if key in DEMONYMS:
        return DEMONYMS[key]
    last = words[-1].split("-")[-1].lower()
    if "-" in words[-1] and last in DEMONYMS:
        return DEMONYMS[last]
    return DEMONYMS.get(last) if len(words) == 1 else None


def demonym_region(text: str, before: str = "", after: str = "") -> Optional[Tuple[str, List[str]]]:
    """(region word, the demonyms of that region) for a nationality word in context; None otherwise.

    before / after: the words just before and after the span (a word that is also a language counts only
    after "a"/"an" or before a lower-case word: "an English actor", not "spoke English")."""
    clean = text.strip()
    for article in ("a ", "an ", "A ", "An "):
        if clean.startswith(article):
            clean, before = clean[len(article):], article.strip()
    code = demonym_code(clean)
    if code is None:
        return None
    word = clean.split("-")[-1].lower()
    if word in AMBIGUOUS and before.lower() not in ("a", "an") and not (after[:1].islower() and after.isalpha()):
        return None
    return REGION_WORDS[code], sorted(w for w, c in DEMONYMS.items() if c == code)


__all__ = ["AMBIGUOUS", "DEMONYMS", "REGION_WORDS", "demonym_code", "demonym_region"]
