"""Clinical post-processing of CRF spans: names grown over an initial or a rare given name, and number
groups that cannot be dates dropped from date predictions (pure functions, then the component)."""
import pytest
import spacy

from spacy_anon.tagger.clinical_postprocess import extend_names_left, implausible_date


@pytest.mark.parametrize("text,date,reason", [
    ("ABG POST-EXTUBATION 136/43/7.35/25/-1; SATS", "136/43", "blood gas"),
    ("bp 120/67-159/88 hct", "159", "not a month"),
    ("sbp 129/78--140/88", "78", "not a month"),
    ("abg on the ps=10 cmh2o are 7.42/56/96.bs", "56", "blood gas"),
    ("PT THEN HAD 8/10 CP, RESISTANT", "8/10", "pain score"),
    ("c/o chest pain. chest pain (7/10)cont", "7", "pain score"),
    ("ON 24/06/12/18 SCHEDULE", "06", "number chain"),
])
def test_number_groups_that_cannot_be_dates(text, date, reason):
    start = text.index(date)
    assert implausible_date(text, start, start + len(date)) == reason


@pytest.mark.parametrize("text,date", [
    ("PMH: CAD, AVR 8/88, DDD PMR", "8/88"),  # month / two-digit year
    ("OVARIAN CA (12/93) S/P DEBULKING", "12"),
    ("admitted 10/3. Pt placed back", "10/3"),
    ("labs 10/14/82 hct", "10/14/82"),
    ("XRT 10/03/10/04 AND DUE", "10/03/10/04"),  # two month/days
    ("seen 9/2", "9/2"),
    ("intubated 6/30-7/2 for CHF", "7/2"),
    ("in 1999 and", "1999"),
])
def test_plausible_dates_are_kept(text, date):
    start = text.index(date)
    assert implausible_date(text, start, start + len(date)) is None


def _spans(words, spans):
    return [(" ".join(words[s:e]), label) for s, e, label, _ in spans]


@pytest.mark.parametrize("words,spans,expected", [
    # a rare capitalised given name or an initial right before a name joins it
    (["SICU", "team", "has", "spoken", "with", "Radu", "Crosson", "today"], [(6, 7, "RelativeProxyName", 0.9)],
     [("Radu", "RelativeProxyName"), ("Crosson", "RelativeProxyName")]),
    (["ELEVATED", "PAPS", ",", "J", "SMITH", "ORDERED"], [(4, 5, "HCPName", 0.8)],
     [("J", "HCPName"), ("SMITH", "HCPName")]),
    (["CARAFATE", "-", "W", ".", "MAROTTA", "AWARE"], [(4, 5, "HCPName", 0.8)],
     [("W", "HCPName"), ("MAROTTA", "HCPName")]),
    # titles, common words, a line break and non-person labels stay out
    (["spoke", "with", "Dr", "Cole", "and", "Nurse", "Smith"], [(3, 4, "HCPName", 0.9), (6, 7, "HCPName", 0.9)],
     [("Cole", "HCPName"), ("Smith", "HCPName")]),
    (["Radu", "\n", "Crosson"], [(2, 3, "PTName", 0.9)], [("Crosson", "PTName")]),
    (["went", "to", "Kessler", "Baltimore"], [(3, 4, "Location", 0.9)], [("Baltimore", "Location")]),
])
def test_names_grow_left_over_an_initial_or_a_rare_given_name(words, spans, expected):
    out = extend_names_left(words, spans, is_person=lambda label: label.endswith("Name"))
    assert _spans(words, out) == expected


def _filters(*names):
    return {"span_filters": {name: {"@misc": f"spacy_anon.{name}.v1"} for name in names}}


def test_deid_crf_filters_are_built_in_order():
    from spacy_anon.tagger.span_filters import DropImplausibleDates, ExtendNames

    nlp = spacy.blank("en")
    crf = nlp.add_pipe("anon_crf", config=_filters("extend_names", "drop_implausible_dates"))
    assert list(crf.span_filters) == ["extend_names", "drop_implausible_dates"]
    assert isinstance(crf.span_filters["extend_names"], ExtendNames)
    assert isinstance(crf.span_filters["drop_implausible_dates"], DropImplausibleDates)
    assert nlp.add_pipe("anon_crf", name="plain").span_filters == {}


def _trained(**config):
    from spacy.training import Example
    from spacy_anon.labels import GOLD_SPAN_KEY

    nlp = spacy.blank("en", config={"nlp": {"tokenizer": {"@tokenizers": "spacy_anon.char_class_tokenizer.v1"}}})
    nlp.add_pipe("anon_crf", config={"max_iterations": 30, "label_map": {"HCPName": "PERSON", "Date": "DATETIME"},
                                     **config})
    examples = []
    for i in range(12):
        text = f"Seen by Dr Zorbel{i % 3} on {i % 12 + 1}/{i + 10}. BP 13{i}/4{i}.\n"
        ref = nlp.make_doc(text)
        start, date = text.index("Zorbel"), text.index(" on ") + 4
        ref.spans[GOLD_SPAN_KEY] = [ref.char_span(start, start + 7, label="HCPName"),
                                    ref.char_span(date, text.index(". BP"), label="Date")]
        examples.append(Example(nlp.make_doc(text), ref))
    nlp.initialize(lambda: examples)
    return nlp


def test_crf_drops_dates_that_cannot_be_dates_and_grows_names():
    text = "Seen by Dr Zorbel1 on 13/40. BP 130/40.\nSeen by Dr J Zorbel2 on 3/14. Radu Zorbel1 came; Radu left."

    def found(**config):
        doc = _trained(**config)(text)
        return [(s.text, s.label_, s.start_char) for s in doc.spans["anon"]]

    plain = {(t, label) for t, label, _ in found()}
    assert ("13/40", "DATETIME") in plain and ("Radu", "PERSON") not in plain
    fixed = found(**_filters("drop_implausible_dates", "extend_names", "propagate"))
    labelled = {(t, label) for t, label, _ in fixed}
    assert ("13/40", "DATETIME") not in labelled and ("3/14", "DATETIME") in labelled
    assert {("J", "PERSON"), ("Radu", "PERSON")} <= labelled
    assert [start for t, _, start in fixed if t == "Radu"] == [text.index("Radu"), text.rindex("Radu")]
