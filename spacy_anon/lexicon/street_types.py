"""The street types English addresses write after a street's name, for the address rule and for truecasing
(`casing`: "14 kilmore close" is "14 Kilmore Close")."""

# Street types written after the name ("Birch Lane", "Kedzie Ave"), English, with their abbreviations.
STREET_TYPES = (
    "Street", "St", "Road", "Rd", "Lane", "Ln", "Avenue", "Ave", "Av", "Drive", "Close",
    "Crescent", "Cres", "Grove", "Place", "Pl", "Terrace", "Terr", "Way", "Boulevard", "Blvd", "Parade", "Rise",
    "Row", "Square", "Sq", "Hill", "Gardens", "Gdns", "Mews", "Walk", "Wharf", "View", "Causeway", "Highway",
    "Hwy", "Parkway", "Pkwy", "Circle", "Cir", "Trail", "Steps", "Point", "Broadway", "Embankment", "Quay",
    "Green", "Park", "Yard", "Hollow", "Bank", "Chase", "Croft", "Dale", "Meadow", "Meadows", "Vale", "Heights",
    "Ridge",
)
STREET_TYPE_WORDS = frozenset(w.lower() for w in STREET_TYPES)
