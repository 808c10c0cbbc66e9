"""Words of clinical notes that the rules and the taggers share.

Nurses rate pain as "8/10", which is also shaped like a date (August 10): a pain word nearby tells them
apart. Two forms of one idea, kept side by side here:
- `PAIN_TOKENS`: whole tokens, a feature of the CRF ("10p"); the shipped deid models were trained with
  exactly this list, so it changes only with a retrained model;
- `PAIN_CONTEXT`: a regex searched in the characters around a rule match ("c/o" and "pain" inside
  "painful" count), used by the date rules and the tagger's `drop_implausible_dates` filter.
"""
PAIN_TOKENS = frozenset(
    "pain pains painful cp angina discomfort ache aches aching hurt hurts hurting sore soreness tender "
    "tenderness scale rating rated rates rate ha headache h/a".split()
)
PAIN_CONTEXT = r"(?i)pain|\bcp\b|c/o|scale|discomfort|\bha\b|headache"
