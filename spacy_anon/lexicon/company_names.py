"""Companies everyone knows by one name, which a tagger reads as a place or a person in everyday text ("His
insurer is Admiral", "a job at Monzo", "the Tesco car park", "Bank: Lloyds"): banks, insurers, shops,
couriers, utilities and employers of the UK and the US whose name is no English word, given name or town
in its own right ("Halifax", "Santander" and "Zurich" are towns too: left out). A span that is exactly one of them is an organisation (`span_kinds.decide_categories`).
Names that are also words or people ("Next", "Boots", "Shell", "Ford") are left out."""
from spacy_anon.lexicon.generic_words import folded

COMPANIES = frozenset(folded(name) for name in (
    "Tesco", "Sainsbury's", "Sainsburys", "Asda", "Morrisons", "Waitrose", "Aldi", "Lidl", "Ocado", "Iceland Foods",
    "Primark", "Argos", "Currys", "Halfords", "IKEA", "Greggs", "Costa", "Starbucks", "Pret", "Deliveroo", "Uber",
    "Monzo", "Starling", "Revolut", "Barclays", "HSBC", "Lloyds", "NatWest", "Nationwide",
    "Aviva", "Admiral", "AXA", "Direct Line", "Hastings Direct", "LV=",
    "Amazon", "Google", "Microsoft", "Deloitte", "KPMG", "PwC", "Accenture", "Vodafone", "Virgin Media", "BT",
    "Evri", "Hermes", "DPD", "Yodel", "Royal Mail", "Parcelforce", "FedEx", "UPS", "DHL",
    "Thames Water", "British Gas", "EDF", "E.ON", "Octopus Energy", "Ovo Energy",
    "Walmart", "Target", "Costco", "Verizon", "Comcast", "Chase", "Wells Fargo", "Citibank",
    # software and platforms a workplace names ("Can someone update Salesforce?")
    "Salesforce", "HubSpot", "Xero", "Shopify", "PayPal", "Netflix", "Spotify", "Airbnb", "LinkedIn", "Zendesk",
))
# a word of them that is also an English word or a given name, read as the company only after "at", "from",
# "with", "to", "for", "by" ("a job at Target", not "the target"; "Chase bank" or "Chase Smith" stay)
AMBIGUOUS = frozenset({"target", "chase", "costa", "starling", "admiral", "iceland foods"})


def company(value: str, before: str = "", after: str = "") -> bool:
    """Whether `value` (a span's text) is one of the `COMPANIES`; `before`: the text before it on its line;
    `after`: the text after it, whose possessive may end the company's name ("Sainsbury" + "'s")."""
    name = folded(value.strip().rstrip(",;:"))
    if name not in COMPANIES and not (after[:2] in ("'s", "’s") and folded(value.strip() + "'s") in COMPANIES):
        return False
    if name in AMBIGUOUS:
        words = before.lower().split()
        return bool(words) and words[-1] in ("at", "from", "with", "to", "for", "by", "is", "insurer", "bank:")
    return True
