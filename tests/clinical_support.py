"""Shared helpers of the clinical-note tests: a line of vitals that makes a text read as a nursing note,
and the substrings the default pipeline masked."""

VITALS = " BP 110/60, HR 80S SR, SATS 95% ON 2L NC. LUNGS CLEAR. FOLEY DRAINING. NPO. NEURO: ALERT."


def masked(nlp, text):
    """The masked substrings of text (from the replacement table); the document must be anonymized."""
    doc = nlp(text)
    assert doc._.anon_status == "ok"
    return [text[row["start"]:row["end"]] for row in doc._.anon_table]
