"""Fine types beside the category: `span._.anon_type` from the rule recognizers and the taggers' corpus
labels, usable in `label_strategies`, in the replacement table and in the CLI's JSONL spans."""
import pickle
import random

import pytest
import spacy
from spacy.tokens import DocBin
from spacy.training import Example

import spacy_anon  # noqa: F401  (factories, extensions)
from spacy_anon.io import Record, output_record
from spacy_anon.labels import GOLD_SPAN_KEY, RULE_TYPES, SPAN_KEY, known_types
from spacy_anon.rules.recognizers import BUILT_IN

CARD = "4111 1111 1111 1111"
IBAN = "GB82 WEST 1234 5698 7654 32"
TEXT = ("Write to jane.roe@example.com or call +1 415 555 2671. Portal: https://clinic.example.org/jane, "
        f"server 192.168.20.14. Card {CARD}, IBAN {IBAN}, SSN: 536-22-1234.")


def masked(text=TEXT, lang="en", **config):
    nlp = spacy.blank(lang)
    nlp.add_pipe("anon_mask", config=config)
    return nlp(text)


def test_every_recognizer_has_a_fine_type_of_its_category():
    for recognizer in BUILT_IN:
        assert RULE_TYPES[recognizer.type] == recognizer.label, recognizer.name
    assert known_types()["NOMBRE_SUJETO_ASISTENCIA"] == "PERSON" and known_types()["HCPName"] == "PERSON"


def test_rule_spans_carry_their_fine_type_and_the_table_too():
    doc = masked(strategy="tag")
    found = {doc.text[s.start_char:s.end_char]: (s.label_, s._.anon_type) for s in doc.spans[SPAN_KEY]}
    assert found["jane.roe@example.com"] == ("CONTACT", "EMAIL")
    assert found["+1 415 555 2671"] == ("CONTACT", "PHONE")
    assert found["https://clinic.example.org/jane"] == ("CONTACT", "URL")
    assert found["192.168.20.14"] == ("CONTACT", "IP")
    assert found[CARD] == ("ID", "CARD") and found[IBAN] == ("ID", "IBAN") and found["536-22-1234"] == ("ID", "SSN")
    rows = {doc.text[r["start"]:r["end"]]: r for r in doc._.anon_table}
    assert rows["jane.roe@example.com"]["label"] == "CONTACT" and rows["jane.roe@example.com"]["type"] == "EMAIL"
    assert rows["+1 415 555 2671"]["type"] == "PHONE"
    # the kept spans say it too
    assert {s._.anon_type for s in doc.spans["anon_masked"]} >= {"EMAIL", "PHONE", "URL", "IP", "CARD", "IBAN", "SSN"}


def test_email_strategy_suppresses_the_email_and_tags_the_phone():
    doc = masked("Write to jane.roe@example.com or call +1 415 555 2671.", strategy="tag",
                 label_strategies={"EMAIL": "suppress"})
    anonymized = doc._.anon_text
    assert anonymized.startswith("Write to *** or call [") and anonymized.endswith("]."), anonymized
    assert [(r["type"], r["replacement"] == "***") for r in doc._.anon_table] == [("EMAIL", True), ("PHONE", False)]


def test_a_fine_type_wins_over_its_category():
    doc = masked("Write to jane.roe@example.com or call +1 415 555 2671.", strategy="tag",
                 label_strategies={"CONTACT": "suppress", "PHONE": "mask_chars"})
    assert doc._.anon_text == "Write to *** or call +* *** *** ****."


def test_an_unknown_name_is_refused_with_the_known_ones():
    with pytest.raises(ValueError) as err:
        spacy.blank("en").add_pipe("anon_mask", config={"label_strategies": {"E_MAIL": "suppress"}})
    message = str(err.value)
    assert "[E133]" in message and "E_MAIL" in message and "EMAIL" in message and "CONTACT" in message
    # names the pipeline declares are accepted: a custom recognizer's type, an extra label, an NER label
    custom = {"name": "employee_id", "label": "ID", "type": "EMPLOYEE_ID", "patterns": [r"\bEMP-\d{5}\b"]}
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules", config={"custom_recognizers": [custom]})
    nlp.add_pipe("anon_mask", config={"label_strategies": {"EMPLOYEE_ID": "suppress", "GPE": "keep"}})
    doc = nlp("Badge EMP-12345, e-mail jane.roe@example.com.")
    assert doc._.anon_text == "Badge ***, e-mail [CONTACT_1]."
    assert [r["type"] for r in doc._.anon_table] == ["EMPLOYEE_ID", "EMAIL"]


def test_ner_labels_are_the_fine_type_of_entities():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_mask", config={"strategy": "tag", "run_rules": False,
                                      "label_strategies": {"GPE": "keep"}})
    doc = nlp.make_doc("She moved from Izmir to the Acme Corp offices.")
    doc.ents = [doc.char_span(15, 20, label="GPE"), doc.char_span(28, 37, label="ORG")]
    doc = nlp.get_pipe("anon_mask")(doc)
    assert doc._.anon_text == "She moved from Izmir to the [ORG_1] offices."
    assert [(r["label"], r["type"]) for r in doc._.anon_table] == [("LOC", "GPE"), ("ORG", "ORG")]


def test_jsonl_spans_carry_the_type_beside_the_label():
    text = "Write to jane.roe@example.com or call +1 415 555 2671."
    doc = masked(text, strategy="tag")
    record = output_record(Record(id=1, text=text, extra={}), doc._.anon_text, doc._.anon_table)
    assert [(s["label"], s["type"]) for s in record["spans"]] == [("CONTACT", "EMAIL"), ("CONTACT", "PHONE")]
    assert list(record["spans"][0])[:2] == ["label", "type"]  # no offsets into the original by default
    record = output_record(Record(id=1, text=text, extra={}), doc._.anon_text, doc._.anon_table,
                           original_offsets=True)
    assert list(record["spans"][0])[:4] == ["start", "end", "label", "type"]


# ------------------------------------------------------------------ a MEDDOCAN-style tagger keeps its types
FIRST = ["Ernesto", "Lucia", "Marta", "Pablo", "Ana", "Jorge", "Irene", "Tomas", "Elena", "Rafael"]
LAST = ["Rivera", "Bueno", "Navarro", "Soto", "Prieto", "Vidal", "Campos", "Lozano"]


def _record(rng):
    parts, spans = [], []

    def add(text, label=None):
        start = sum(len(p) for p in parts)
        parts.append(text)
        if label:
            spans.append((start, start + len(text), label))

    add("Nombre: ")
    add(f"{rng.choice(FIRST)} {rng.choice(LAST)}", "NOMBRE_SUJETO_ASISTENCIA")
    add(".\nNHC: ")
    add(str(rng.randint(100000, 999999)), "ID_SUJETO_ASISTENCIA")
    add(".\nFecha de ingreso: ")
    add(f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/{rng.randint(1990, 2020)}", "FECHAS")
    add(".\nLe atiende el doctor ")
    add(f"{rng.choice(FIRST)} {rng.choice(LAST)}", "NOMBRE_PERSONAL_SANITARIO")
    add(".\n")
    return "".join(parts), spans


@pytest.fixture(scope="module")
def meddocan_nlp():
    nlp = spacy.blank("es", config={"nlp": {"tokenizer": {"@tokenizers": "spacy_anon.char_class_tokenizer.v1"}}})
    nlp.add_pipe("anon_crf", config={"max_iterations": 40, "label_map": {
        "@misc": "spacy_anon.corpus_label_map.v1", "corpus": "meddocan"}})
    nlp.add_pipe("anon_mask", config={"strategy": "tag", "run_rules": False,
                                      "label_strategies": {"NOMBRE_PERSONAL_SANITARIO": "suppress"}})
    rng = random.Random(0)
    examples = []
    for _ in range(30):
        text, spans = _record(rng)
        ref = nlp.make_doc(text)
        ref.spans[GOLD_SPAN_KEY] = [ref.char_span(s, e, label=label) for s, e, label in spans]
        examples.append(Example(nlp.make_doc(text), ref))
    nlp.initialize(lambda: examples)
    return nlp


NOTE = "Nombre: Marta Vidal.\nNHC: 123456.\nFecha de ingreso: 03/05/2011.\nLe atiende el doctor Pablo Soto.\n"
EXPECTED = {"Marta Vidal": ("PERSON", "NOMBRE_SUJETO_ASISTENCIA"), "123456": ("ID", "ID_SUJETO_ASISTENCIA"),
            "03/05/2011": ("DATETIME", "FECHAS"), "Pablo Soto": ("PERSON", "NOMBRE_PERSONAL_SANITARIO")}


def _types(doc, key=SPAN_KEY):
    return {s.text: (s.label_, s._.anon_type) for s in doc.spans[key]}


def test_tagger_spans_keep_their_corpus_type_beside_the_category(meddocan_nlp):
    doc = meddocan_nlp(NOTE)
    assert _types(doc) == EXPECTED
    assert _types(doc, "anon_masked") == EXPECTED
    assert [(r["label"], r["type"]) for r in doc._.anon_table] == list(EXPECTED.values())
    # the corpus type chose the strategy: the doctor suppressed, the patient tagged
    replacements = [r["replacement"] for r in doc._.anon_table]
    assert replacements[-1] == "***" and all(r.startswith("[") for r in replacements[:-1]), replacements


def test_corpus_types_survive_disk_pickling_and_docbin(meddocan_nlp, tmp_path):
    meddocan_nlp.to_disk(tmp_path / "model")
    loaded = spacy.load(tmp_path / "model")
    again = pickle.loads(pickle.dumps(spacy.load(tmp_path / "model")))  # spawned workers get it so
    for nlp in (loaded, again):
        doc = nlp(NOTE)
        assert _types(doc) == EXPECTED and doc._.anon_text.endswith("doctor ***.\n")
    doc = loaded(NOTE)
    assert _types(pickle.loads(pickle.dumps(doc))) == EXPECTED
    docs = DocBin(store_user_data=True, docs=[doc])
    [restored] = DocBin().from_bytes(docs.to_bytes()).get_docs(loaded.vocab)
    assert _types(restored) == EXPECTED


@pytest.mark.parametrize("text, tagged, found", [
    ("Correo: ana.gil@correo.es.", "ana.gil@correo.es", "ana.gil@correo.es"),
    ("Teléfono: 91 123 45 67.", "123 45 67", "91 123 45 67"),
])
def test_a_rule_match_over_a_tagger_span_keeps_the_corpus_type(text, tagged, found):
    """The rules anon_mask runs itself come after the tagger: over the same characters (shared span
    attributes) or winning the overlap (longer), the rule's type must not replace MEDDOCAN's."""
    nlp = spacy.blank("es")
    nlp.add_pipe("anon_mask", config={"strategy": "tag"})
    doc = nlp.make_doc(text)
    start = text.index(tagged)
    span = doc.char_span(start, start + len(tagged), label="CONTACT")
    corpus_type = "CORREO_ELECTRONICO" if "@" in tagged else "NUMERO_TELEFONO"
    span._.anon_source, span._.anon_score, span._.anon_type = "anon_crf", 0.9, corpus_type
    doc.spans[SPAN_KEY] = [span]
    doc = nlp.get_pipe("anon_mask")(doc)
    assert [(text[r["start"]:r["end"]], r["label"], r["type"]) for r in doc._.anon_table] == [
        (found, "CONTACT", corpus_type)]
