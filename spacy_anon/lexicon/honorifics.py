"""Titles that precede a person's name but are not part of it (English, Spanish, Portuguese), lowercase,
without dots: grouping ignores them, the leak guard grows a title-only mention over the name after it,
the tagger does not count them as name words."""

DEFAULT_HONORIFICS = (
    "mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "dame", "madam",
    "sr", "sra", "srta", "dna", "dona", "don", "sres", "dra",
)

# the care roles written before a person's name ("Nurse Will Cook", "Midwife Hope Baker"): a name after
# one is no job title, though a role alone does not make an ORG a person
CARE_ROLES = frozenset("nurse sister midwife doctor consultant registrar pharmacist physiotherapist therapist "
                       "paramedic carer".split())
