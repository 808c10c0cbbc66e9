"""Each rule recognizer on realistic sentences: what it must find and what it must leave alone."""
import pytest

from spacy_anon.rules import find_matches, get_recognizers, make_options
from spacy_anon.rules.recognizers import REGISTRY


def found(text, **config):
    """{(matched text, recognizer name)} for the default recognizers."""
    return {(text[m.start:m.end], m.source) for m in find_matches(text, **config)}


def texts(text, source, **config):
    return [text[m.start:m.end] for m in find_matches(text, **config) if m.source == source]


# ------------------------------------------------------------------ CONTACT
@pytest.mark.parametrize("text,expected", [
    ("Please write to maria.lopez+news@hospital-central.es before Friday.", "maria.lopez+news@hospital-central.es"),
    ("E-mail:\nSzaszJanka@cuvox.de\n", "SzaszJanka@cuvox.de"),
])
def test_email_found(text, expected):
    assert texts(text, "rules.email") == [expected]


@pytest.mark.parametrize("text", [
    "Meet me @ the station at noon.",
    "The handle @someone posted it.",
    "Send it to john@localhost please.",
])
def test_email_not_found(text):
    assert texts(text, "rules.email") == []


def test_url_and_domain():
    text = "Read https://www.example.co.uk/path?id=3, or go to clinic-norte.org and www.UEarly.se/."
    assert texts(text, "rules.url") == ["https://www.example.co.uk/path?id=3", "clinic-norte.org", "www.UEarly.se/"]


def test_bare_country_domains_need_context_or_second_level():
    assert texts("No edema noted in the chart.pt alert and oriented; monday.no vent change.", "rules.url") == []
    assert texts("Our website sapo.pt has moved.", "rules.url") == ["sapo.pt"]
    assert texts("See bbc.co.uk and uol.com.br today.", "rules.url") == ["bbc.co.uk", "uol.com.br"]


def test_url_not_in_email_or_version():
    text = "Mail ana@example.com; we use numpy 1.26.4 and e.g. the file report.pdf."
    assert texts(text, "rules.url") == []


@pytest.mark.parametrize("text,expected", [
    ("I can't browse to your site, keep getting address 41.173.96.26 blocked", "41.173.96.26"),
    ("The client 2001:db8::ff00:42:8329 connected twice.", "2001:db8::ff00:42:8329"),
    ("Server 6e40:4041:c617:e898:c11:40d2:c669:2eb4 is down", "6e40:4041:c617:e898:c11:40d2:c669:2eb4"),
])
def test_ip_found(text, expected):
    assert texts(text, "rules.ip") == [expected]


@pytest.mark.parametrize("text", [
    "The host 10.0.0.256 does not exist.",
    "Upgrade to version 1.2.3.4 of the tool.",
    "It costs 1.200.300 pesos.",
])
def test_ip_not_found(text):
    assert texts(text, "rules.ip") == []


@pytest.mark.parametrize("text,expected", [
    ("Call me at +1 (212) 555-0199 tomorrow.", "+1 (212) 555-0199"),
    ("Phone:\n60-56-85-91\n", "60-56-85-91"),
    ("They're not answering at 078 8098 1119", "078 8098 1119"),
    ("Desk: +1-903-140-4508x769", "+1-903-140-4508x769"),
    ("Fax: 259.735.7502x459", "259.735.7502x459"),
    ("Tel.: 912 345 678 (centralita)", "912 345 678"),
    ("Ligue para (21) 98765-4321 amanhã.", "(21) 98765-4321"),
    ("The office line is +44 20 7946 0958.", "+44 20 7946 0958"),
])
def test_phone_found(text, expected):
    assert texts(text, "rules.phone") == [expected]


@pytest.mark.parametrize("text", [
    "The village had 1234567 visitors.",  # no context, not valid anywhere
    "My driver's license number is 2270-66-1551",  # negative context
    "The restaurant is at 5521 119 Countess Close",  # street number
    "Invoice 2021-05-13 was paid.",  # a date
    "SSN 536-22-1234",  # SSN shape
    "La casa costó 612 345 678 euros.",  # an amount
])
def test_phone_not_found(text):
    assert texts(text, "rules.phone") == []


def test_phone_regions_are_configurable():
    text = "Contact reception on 0113 496 0000."  # a UK number in national format
    assert texts(text, "rules.phone", phone_regions=["GB"]) == ["0113 496 0000"]
    # without GB the national format is still reported thanks to the context word
    assert texts(text, "rules.phone", phone_regions=["US"]) == ["0113 496 0000"]
    assert texts("Reception: 0113 496 0000.", "rules.phone", phone_regions=["US"], context_boost=0.0) == []


# ------------------------------------------------------------------ ID
@pytest.mark.parametrize("text,expected", [
    ("My card 4111 1111 1111 1111 expires soon.", "4111 1111 1111 1111"),
    ("Please charge my credit card. Number is 30288610434735", "30288610434735"),
    ("card number 630427373398 is lost", "630427373398"),
    ("Paid with 5500-0000-0000-0004 yesterday.", "5500-0000-0000-0004"),
])
def test_credit_card_found(text, expected):
    assert texts(text, "rules.credit_card") == [expected]


@pytest.mark.parametrize("text", [
    "My card 4111 1111 1111 1112 expires soon.",  # Luhn fails
    "Card 0000 0000 0000 0000 is a placeholder.",  # one repeated digit
    "Order 4111111111111112 shipped.",
])
def test_credit_card_invalid_rejected(text):
    assert texts(text, "rules.credit_card") == []


@pytest.mark.parametrize("text,expected", [
    ("My IBAN is GB82 WEST 1234 5698 7654 32.", "GB82 WEST 1234 5698 7654 32"),
    ("Transfer to ES91 2100 0418 4502 0005 1332 and confirm.", "ES91 2100 0418 4502 0005 1332"),
    ("IBAN: PT50000201231234567890154", "PT50000201231234567890154"),
    # lower case is accepted when the checksum holds (mod-97 of the rearranged digits is 1, computed by hand)
    ("from gb42nawi04454264788619 to other bank", "gb42nawi04454264788619"),
])
def test_iban_found(text, expected):
    assert texts(text, "rules.iban") == [expected]


@pytest.mark.parametrize("text", [
    "Account GB82 WEST 1234 5698 7654 33.",  # mod-97 fails
    "Ref ES91 2100 0418 4502 0005 133",  # wrong length for ES
    "Code XX82WEST12345698765432 is unknown.",  # unknown country
])
def test_iban_invalid_rejected(text):
    assert texts(text, "rules.iban") == []


@pytest.mark.parametrize("text,expected", [
    ("My IBAN is GB82 WEST 1234 5698 7654 33.", "GB82 WEST 1234 5698 7654 33"),  # mod-97 fails
    ("IBAN ES91 2100 0418 4502 0005 133", "ES91 2100 0418 4502 0005 133"),  # wrong length for ES
])
def test_a_keyed_invalid_iban_is_kept(text, expected):
    """Named "IBAN", a value that fails its check is a mistyped one: masked, not validated."""
    assert texts(text, "rules.iban") == [expected]


@pytest.mark.parametrize("text,expected", [
    ("Here's my SSN: 460-89-9847", "460-89-9847"),
    ("His social security number is 853 37 1694.", "853 37 1694"),
    ("SSN 536221234 on file", "536221234"),
])
def test_ssn_found(text, expected):
    assert texts(text, "rules.us_ssn") == [expected]


@pytest.mark.parametrize("value", [
    "000-12-3456", "666-12-3456", "901-12-3456", "123-00-4567", "123-45-0000",
    "078-05-1120",  # Woolworth wallet card
    "219-09-9999",  # SSA pamphlet
    "123-45.6789",  # mixed separators
])
def test_ssn_invalid_rejected(value):
    assert texts(f"Reference {value}.", "rules.us_ssn") == []


@pytest.mark.parametrize("value", ["000-12-3456", "666-12-3456", "078-05-1120", "219-09-9999"])
def test_a_keyed_invalid_ssn_is_kept(value):
    """After "SSN", a number no one is issued (a typo, a specimen) is masked all the same."""
    assert texts(f"My SSN is {value}.", "rules.us_ssn") == [value]


def test_ssn_without_dashes_needs_context():
    assert texts("The parcel weighs 536221234 grams.", "rules.us_ssn") == []


def test_es_dni_checksum():
    text = "Paciente con DNI 12345678Z y NIE X1234567L; el 12345678A es erróneo."
    assert texts(text, "rules.es_dni") == ["12345678Z", "X1234567L"]


def test_passport_needs_context():
    assert texts("Her passport X1234567 was stolen.", "rules.passport") == ["X1234567"]
    assert texts("The part X1234567 was replaced.", "rules.passport") == []


@pytest.mark.parametrize("text,expected", [
    ("MRN: 00012345. Admitted for chest pain.", "00012345"),
    ("NHC: 2589658.", "2589658"),
    ("Nº de historia clínica 1234567", "1234567"),
    ("Número de historia clínica: 77788899", "77788899"),
    ("Medical record number 4455-2210 reviewed.", "4455-2210"),
    ("NHC: 2594890. Domicilio: calle Mayor", "2594890"),
    ("Apellidos: Garcia. NASS: 47 39047534 02. Domicilio", "47 39047534 02"),
    ("CIPA: nhc-739146.", "nhc-739146"),
    ("Servicio: Urgencias. Episodio: 04735665. Médico", "04735665"),
])
def test_record_number_found(text, expected):
    assert texts(text, "rules.record_number") == [expected]


def test_record_number_needs_cue():
    assert texts("The room 2589658 is upstairs.", "rules.record_number") == []


# ------------------------------------------------------------------ CODE
def test_case_number_echr_style():
    text = ("The case originated in an application (no. 40593/04) against the Republic; see also "
            "Smith v. the United Kingdom, nos. 12345/05 and 6789/06.")
    assert texts(text, "rules.case_number") == ["40593/04", "12345/05", "6789/06"]


def test_case_number_long_lists_without_nearby_cue():
    text = "the complaints (applications nos. 26480/95, 28291/95, 29280/95, 26699/96, 29700/96, 29701/96)"
    assert len(texts(text, "rules.case_number")) == 6


def test_case_number_not_tax_year():
    assert texts("for the tax years covering 1996/97 and 1997/98.", "rules.case_number") == []


def test_record_number_not_a_law():
    assert texts("under the Prevention of Terrorism Act (Law no. 3713 of 12 April 1991)", "rules.record_number") == []


def test_case_number_not_fraction_or_dose():
    assert texts("Give 5/10 mg twice; 3/4 of patients improved; score 12/15.", "rules.case_number") == []


# ------------------------------------------------------------------ DATETIME
@pytest.mark.parametrize("text,expected", [
    ("The hearing took place on 3 March 2004 in Strasbourg.", "3 March 2004"),
    ("The hearing took place on March 3, 2004 in Strasbourg.", "March 3, 2004"),
    ("Born on the 21st of June 1970.", "21st of June 1970"),
    ("It was signed on Tuesday, 4 May 1999.", "Tuesday, 4 May 1999"),
    ("Admitted 03/04/2004 with fever.", "03/04/2004"),
    ("Timestamp 2004-03-03 for the record.", "2004-03-03"),
    ("When: 2000-04-16 11:34:35\nWhere: Upton", "2000-04-16 11:34:35"),
    ("She was born on 2/8/1935. Her maiden name is", "2/8/1935"),
    ("Report of 12.03.2019 attached.", "12.03.2019"),
    ("Ingresó el 12 de marzo de 2019 en urgencias.", "12 de marzo de 2019"),
    ("Fue intervenido el 1 de enero del 2020.", "1 de enero del 2020"),
    ("Deu entrada a 5 de janeiro de 2020 no hospital.", "5 de janeiro de 2020"),
    ("Teve alta em 30 de Março de 2021.", "30 de Março de 2021"),
    ("La revisión se hizo en marzo de 2019.", "marzo de 2019"),
    ("The treaty of December 1948 remains.", "December 1948"),
    ("Carga viral (enero 2001: 0.5 copias)", "enero 2001"),
])
def test_date_found(text, expected):
    assert texts(text, "rules.date") == [expected]


@pytest.mark.parametrize("text", [
    "You may 5 times try again.",
    "Scores were 35/40/2004 in total.",
    "The ratio 13/14/15 is odd.",
    "Version 1.2.3 was released.",
    "Use 31.13.2004 as the invalid example.",
    "Criptolátex en suero positivo 1/2048.",
])
def test_date_not_found(text):
    assert texts(text, "rules.date") == []


@pytest.mark.parametrize("text,expected", [
    ("The surgery started at 14:30 sharp.", "14:30"),
    ("Call me at 3 pm tomorrow.", "3 pm"),
    ("We left at 9:15 a.m. yesterday.", "9:15 a.m."),
    ("A consulta é às 14h30.", "14h30"),
])
def test_time_found(text, expected):
    assert texts(text, "rules.time") == [expected]


@pytest.mark.parametrize("text,expected", [
    ("The Exversion Orchestra was founded in 1977. Since then it grew.", ["1977"]),
    ("During 1971, Mayo-Walters invested in a farm.", ["1971"]),
    ("Ocurrió en 1998 y de nuevo desde 2005.", ["1998", "2005"]),
    ("He was born 1950 in Porto.", ["1950"]),
    ("Popular in the 1990s.", ["1990s"]),
    ("Ingresó en dos ocasiones en 1993 y 1994.", ["1993", "1994"]),
])
def test_year_in_context(text, expected):
    assert texts(text, "rules.year") == expected


@pytest.mark.parametrize("text,expected", [
    ("Seen on 7/24 by the team.", ["7/24"]),
    ("Pain score 7/10 this morning.", []),
    ("Saturation 9/10 times normal.", []),
    ("Admitted 12/3 with chest pain.", ["12/3"]),
    ("Took 1/2 tablet on 3/4 of the days.", []),
    ("Placed on bipap 10/5 overnight.", []),
])
def test_short_dates_need_context(text, expected):
    assert texts(text, "rules.date_short") == expected


def test_bare_number_is_not_a_year():
    assert texts("We treated 1500 patients and 2000 people came.", "rules.year") == []


# ------------------------------------------------------------------ AGE
@pytest.mark.parametrize("text,expected", [
    ("This 79 year old female complains of pain.", ["79"]),
    ("Patient is a 38-year-old male with fever.", ["38"]),
    ("I'm Naomi and i'm 31 y/o.", ["31"]),
    ("My father retired at the age of 61.", ["61"]),
    ("A woman aged 58 was admitted.", ["58"]),
    ("Paciente varón de 70 años que acude a urgencias.", ["70 años"]),
    ("Doente de 45 anos, sexo feminino.", ["45 anos"]),
    ("Edad: 58", ["58"]),
    ("El niño con 15 meses de edad presenta fiebre.", ["15 meses de edad"]),
    ("A 3-month-old infant was seen.", ["3"]),
])
def test_age_found(text, expected):
    assert texts(text, "rules.age") == expected


@pytest.mark.parametrize("text", [
    "Hace 20 años tuvo un infarto.",
    "Há 10 anos que não fuma.",
    "The house is 200 years old.",  # > 125
    "The contract ran for 5 years.",
    "Intervenido de ulcus duodenal 20 años antes.",
    "Refiere lumbalgia desde hacía unos 30 años.",
    "Lesiones de 4 años de evolución.",
])
def test_age_not_found(text):
    assert texts(text, "rules.age") == []


# ------------------------------------------------------------------ LOC (postal codes)
def test_postal_codes_need_context_or_shape():
    text = ("Send it to 1600 Pennsylvania Ave NW, Washington, DC 20500, to London SW1A 1AA, "
            "to Rua Augusta, 1100-053 Lisboa, or C.P. 28013 Madrid.")
    # the postal code recognizer alone: in the full set `rules.address` takes each whole address
    postal = get_recognizers(("postal_code",))
    assert texts(text, "rules.postal_code", recognizers=postal) == ["20500", "SW1A 1AA", "1100-053", "28013"]
    assert "1600 Pennsylvania Ave NW, Washington, DC 20500" in [text[m.start:m.end] for m in find_matches(text)]
    assert texts("On the farm we counted 12345 apples and 54321 pears.", "rules.postal_code") == []


def test_postal_locales_are_configurable():
    text = "Adresse: 12 rue de Rivoli, 75001 Paris. London SW1A 1AA."
    postal = get_recognizers(("postal_code",))  # alone: `rules.address` takes "London SW1A 1AA" whole
    assert texts(text, "rules.postal_code", recognizers=postal, postal_locales=["FR"]) == ["75001"]
    assert texts(text, "rules.postal_code", recognizers=postal, postal_locales=["GB"]) == ["SW1A 1AA"]


# ------------------------------------------------------------------ registry
def test_registry_names_and_labels():
    assert {"rules.email", "rules.phone", "rules.iban", "rules.date", "rules.age"} <= set(REGISTRY)
    labels = {r.label for r in REGISTRY.values()}
    assert labels <= {"CONTACT", "ID", "CODE", "DATETIME", "AGE", "LOC", "QUANTITY", "PERSON", "ORG"}
    assert get_recognizers(["email", "rules.iban"]) == (REGISTRY["rules.email"], REGISTRY["rules.iban"])


def test_unknown_recognizer_name_lists_valid_ones():
    with pytest.raises(ValueError, match="rules.email"):
        get_recognizers(["emial"])


def test_only_selected_recognizers_run():
    text = "Mail a@b.com or call +1 (212) 555-0199."
    got = find_matches(text, get_recognizers(["email"]), make_options())
    assert [m.source for m in got] == ["rules.email"]


# ------------------------------------------------------------------ QUANTITY: money; DEM: ages in words
@pytest.mark.parametrize("text,expected", [
    ("The court awarded the applicant 1,336 Swedish kronor in costs.", ["1,336 Swedish kronor"]),
    ("He claimed approximately SEK 14.6 million and GBP 39.95 for postage.",
     ["approximately SEK 14.6 million", "GBP 39.95"]),
    ("She sought 50,169.18 pounds sterling (GBP) and £400 in damages.",
     ["50,169.18 pounds sterling (GBP)", "£400"]),
    ("The monthly fees were 401, 515 and 397 kronor.", ["401, 515 and 397 kronor"]),
    ("The fine was NOK 25,000,000 and 100 Norwegian kroner (NOK) a day.",
     ["NOK 25,000,000", "100 Norwegian kroner (NOK)"]),
    ("EUR 5,000 in respect of non-pecuniary damage", ["EUR 5,000"]),
    # a range names its currency once: both amounts are found; chat's "quid" and "bucks" are currencies
    ("my bill jumped from 85 to 265 quid this month", ["85", "265 quid"]),
    ("rooms cost between 40 and 55 euros a night", ["40", "55 euros"]),
    ("lent him 20 bucks", ["20 bucks"]),
    ("He paid 1,717 kronor for 1980 and 1,325 kronor for 1981.", ["1,717 kronor", "1,325 kronor"]),
])
def test_money_found(text, expected):
    assert texts(text, "rules.money") == expected


@pytest.mark.parametrize("text", [
    "See paragraph 45 of the judgment of 12 March 1999.",
    "Three judges dissented; the vote was 4 to 3.",
    "It takes from 3 to 5 days; she is aged 40 to 45.",
    "The Court held, by six votes to one, that there had been a violation.",
])
def test_money_not_found(text):
    assert texts(text, "rules.money") == []


@pytest.mark.parametrize("text,expected", [
    # plot areas and seized quantities in judgments (TAB annotates them QUANTITY)
    ("the plot of 3,862 sq. m. and a house of about 152.25 sq. m were sold", ["3,862 sq. m", "about 152.25 sq. m"]),
    ("They seized 4 tons of cannabis on a farm of 12 hectares (30 acres).", ["4 tons", "12 hectares", "30 acres"]),
    ("a flat of 40 m² and a garage of 15m2", ["40 m²", "15m2"]),
])
def test_measures_found(text, expected):
    assert texts(text, "rules.measure") == expected


@pytest.mark.parametrize("text", [
    "Mag 2 grams IV given; EF 20%; 5 mg morphine; weight 80 kg.",  # clinical doses and measures
    "See paragraph 12 ha of the Act.",
    "Reference no. 11/1,018 sq is not an area.",
])
def test_measures_not_found(text):
    assert texts(text, "rules.measure") == []


@pytest.mark.parametrize("text,expected", [
    # nursing notes name relatives after the kinship word, often in lower case (PhysioNet deid style)
    ("social- son bill in to visit. wife, rose, left phone number", ["bill", "rose"]),
    ("SOCIAL: MOTHER, AUNTS, GIRLFRIEND EVE IN MOST OF DAY", ["EVE"]),
    ("The applicant's son, John, was arrested.", ["John"]),
])
def test_relative_names_found(text, expected):
    assert texts(text, "rules.relative_name") == expected


@pytest.mark.parametrize("text", [
    "son will call back tomorrow; husband at bedside; son son",  # stop words and kinship words
    "her daughter lives close by; the brother of the applicant",
    "My friend Xqzt arrived.",  # no known first name and no name's shape (a rare word with a vowel is one)
    "My friend Paris arrived.",  # a frequent word
])
def test_relative_names_not_found(text):
    assert texts(text, "rules.relative_name") == []


def test_pager_numbers_and_slashed_or_spaced_phones():
    text = ("Will remain involved as needed. Pager 83554. Wife (201/324/1423), dtr 212- 476- 8356; "
            "XRT 10/03/10/04; page 12345 of the chart")
    assert texts(text, "rules.pager") == ["83554"]
    # bug: the 4-7 digits were cut out of a longer run ("1234567" of an 8-digit number, "12345" of "12345x")
    assert texts("pager 12345678 now; beeper 12345x; pgr 4455-1234", "rules.pager") == []
    assert texts(text, "rules.phone") == ["201/324/1423", "212- 476- 8356"]


def test_ages_in_words_and_phrases():
    text = ("At the age of three he moved; his sister was eight years old, the 18 year\u2011old victim was "
            "19 years of age, and no one aged 130 took part.")
    assert texts(text, "rules.age") == ["three", "eight", "18", "19"]


def test_british_dotted_times_need_am_pm():
    text = "The search began at 6.00 a.m. and ended at 10.30 pm; the rate rose by 6.00 per cent."
    assert texts(text, "rules.time") == ["6.00 a.m.", "10.30 pm"]


# ------------------------------------------------------------------ clinical date shorthand (opt-in)
def opt_in(text, name):
    """What the opt-in recognizer `name` alone finds in text."""
    return [text[m.start:m.end] for m in find_matches(text, get_recognizers([name]))]


def clinical(text):
    return opt_in(text, "rules.clinical_date")


@pytest.mark.parametrize("text,expected", [
    # ranges of month/day, month/two-digit year in a history, dates glued to a word or a dash
    ("intubated 6/30-7/2 for CHF; cultures from 10/15-10/16. XRT 10/03/10/04", ["6/30-7/2", "10/15-10/16",
                                                                                 "10/03/10/04"]),
    ("s/p pelvic fx4/97, right arm fx 5/97, S/P UTI 6/85.", ["4/97", "5/97", "6/85"]),
    ("LITHIUM TOXICITY-9/2/92. labs on10/14/82> hct", ["9/2/92", "10/14/82"]),
    ("11/21.93 \nneuro: alert", ["11/21.93"]),
    # two-digit years: after an event of the history, or before an apostrophe
    ("PMH MI 92, CABG 81, Redo CABG 84, CVA in 94 and 00; resection 1977 LS clear", ["92", "81", "84", "94",
                                                                                      "00", "1977"]),
    ("CVA 74'. CHOLECYSTECTOMY 77'.", ["74", "77"]),
    # month names in lower case with a day and a year; ordinal days standing alone
    ("pt's birthday is tomorrow, may 16, 2015. note 1->2 nov, 96; in nov. 2016", ["may 16, 2015", "1->2 nov, 96",
                                                                                   "nov. 2016"]),
    ("\"i'm at the general hospital. it's the 11th.\" drawn on the 11th", ["11th", "11th"]),
])
def test_clinical_dates_found(text, expected):
    assert clinical(text) == expected


@pytest.mark.parametrize("text", [
    "PS 10/5, 3/4 tab, 1/3-1/2 of the dose, BP 120/80-130/90, EF 50%",  # settings, fractions, pressures
    "MI 2 days ago; CABG x3; HR 92, RR 18; 60' of tubing; Hr 70-80' nsr; 5.6/67 ratio; 7.5/12 mm",
    "you may 2, 3 times; the 3rd ventricle; the 4th of them",
])
def test_clinical_dates_not_found(text):
    assert clinical(text) == []


def test_clinical_dates_are_opt_in():
    """Clinical shorthand ("fx 5/97", "MI 92") is checked on nursing notes only: not in "all"."""
    assert "rules.clinical_date" not in {r.name for r in get_recognizers(["all"])}
    assert "rules.clinical_date" in {r.name for r in get_recognizers(["all", "rules.clinical_date"])}
    assert "rules.clinical_date" in REGISTRY


def test_decades_in_upper_case():
    assert texts("HX OF POSSIBLE MI IN 1980S AFTER CHOLE; in the 1990s", "rules.year") == ["1980S", "1990s"]


def titled(text):
    return opt_in(text, "rules.titled_name")


def test_names_after_a_title_any_case():
    text = ("REFER TO MR. BENSKY, NOT MR. SKRIBA. spoke w/dr vasquez, dr rizzo. MRS LEY HERE. mr I "
            "remained; Ms. O'Rourke's son; Dr. Art White")
    assert titled(text) == ["BENSKY", "SKRIBA", "vasquez", "rizzo", "LEY", "I", "O'Rourke"]


def test_titles_before_common_words_or_mental_status_are_not_names():
    # "MS" is mental status or morphine sulfate in notes; common words after a title are not surnames
    text = "monitor MS. Aspiration precautions; am ms contin; MS INCISION; dr aware; Dr. will call; Mr. a"
    assert titled(text) == []
    assert "rules.titled_name" not in {r.name for r in get_recognizers(["all"])}


def month_days(text):
    return opt_in(text, "rules.clinical_month_day")


def test_bare_month_days_in_notes_are_dates():
    text = ("plan for 10/3. Pt placed back on AC. \n9/7-INITIAL EVENTS; CSRU 3/30 p perf; "
            "SENT FOR CULTURE 8/16); blood culture 9/30; DAUGHTER TO ARRIVE 9/9 @ 1900; since 1400 on 10/31")
    assert month_days(text) == ["10/3", "9/7", "3/30", "8/16", "9/30", "9/9", "10/31"]


@pytest.mark.parametrize("text", [
    "PSV increased to 10/5 overnight; CPAP .5% 5/8; BIPAP 10/5 FIO2 65%; on mask ventilation 5/10 30%",
    "perrla 2/2, 4/4 strength, 5/5 ABG; 1/2 tab; 3/4 of the dose; c/o chest pain 8/10; sbp 100/60",
    "\nHA 7/10 this am",  # the pain words are the ones drop_implausible_dates uses
    "BP 120/80-130/90; 7.42/56/96; 24/06/12/18; 1/5 liters; 2/4 bl cx; 10/5 40%; 10/13/82",
])
def test_vent_settings_scores_fractions_and_pressures_are_not_dates(text):
    assert month_days(text) == []


@pytest.mark.parametrize("text,expected", [
    # the spaces around "#", "no." and ":" are bounded (linear time), the forms stay
    ("Pager number: 12345, call back", ["12345"]),
    ("pager # 4455 overnight", ["4455"]),
    ("PGR:  83554.", ["83554"]),
    ("beeper no. 1234567 on the desk", ["1234567"]),
])
def test_pager_forms(text, expected):
    assert texts(text, "rules.pager") == expected


@pytest.mark.parametrize("text,expected", [
    # a hedge just before the amount joins its span, also across a line break
    ("They paid about\nEUR 5,000 in costs.", ["about\nEUR 5,000"]),
    ("a total of 4 tons was seized", ["a total of 4 tons"]),
    ("roughly 401, 515 and 397 kronor", ["roughly 401, 515 and 397 kronor"]),
])
def test_hedges_join_amounts(text, expected):
    assert texts(text, "rules.money") + texts(text, "rules.measure") == expected


def test_age_and_date_lookaheads_read_long_spaces_once():
    assert texts("Age:" + " " * 20 + "45 at admission", "rules.age") == ["45"]
    assert texts("seen May 5" + " " * 20 + "12 times", "rules.date") == []
