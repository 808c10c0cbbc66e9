"""anon_disclosure labels a flagged phrase PERSON when its shape is a person's name (a known first name
and capitalised words), so the generalizer can write "a person" instead of a tag; titles, organisations,
places and modifiers stay MISC."""
import pytest
import spacy

from spacy_anon.disclosure.person_names import looks_like_person_name

NLP = spacy.blank("en")


def span_of(text, sub):
    doc = NLP(text)
    start = text.index(sub)
    return doc.char_span(start, start + len(sub))


@pytest.mark.parametrize("text,sub", [
    ("She divorced Brad Pitt in 2016.", "Brad Pitt"),
    ("She met Jennifer Aniston at a party.", "Jennifer Aniston"),
    ("He worked with Billy Bob Thornton.", "Billy Bob Thornton"),
    ("with Joseph Gordon-Levitt and others", "Joseph Gordon-Levitt"),
    ("She married Maria O'Brien.", "Maria O'Brien"),
    ("Zoe Saldana (born Zoe Yadira Saldaña Nazario; 1978)", "Zoe Yadira Saldaña Nazario"),
    ("In 2010, Stewart was knighted by Queen Elizabeth II.", "Queen Elizabeth II"),
    ("to replace Governor Jerry Brown.", "Governor Jerry Brown"),
])
def test_names_by_their_shape(text, sub):
    assert looks_like_person_name(span_of(text, sub))


@pytest.mark.parametrize("text,sub", [
    ("She starred in the Harry Potter films.", "Harry Potter"),  # modifies a noun
    ("She starred in Harry Potter.", "Harry Potter"),  # after "in": a title more often
    ("He worked for the Jim Henson Company.", "Jim Henson Company"),  # an organisation's last word
    ("a walk across the Golden Gate Bridge", "Golden Gate Bridge"),  # no first name
    ("She starred in Charlie's Angels.", "Charlie's Angels"),  # a possessive is a title's word
    ("He played in The Rock.", "The Rock"),
    ("He met Brad.", "Brad"),  # one word: a first name alone may be anything
    ("He met the Governor.", "Governor"),
    ("She became Queen Consort.", "Queen Consort"),  # a title and no first name
    ("He met J. K. Rowling.", "J. K. Rowling"),  # initials are not matched
    ("the Mary Tyler Moore Show Tonight Live", "Mary Tyler Moore Show Tonight Live"),  # too long
])
def test_titles_organisations_and_places_are_no_names(text, sub):
    assert not looks_like_person_name(span_of(text, sub))


def test_anon_disclosure_labels_other_people_by_their_names_shape():
    # the demo biographies: the subject is PERSON as before (a mention of the subject); another person
    # whose name the scorer flags was MISC and is PERSON now; titles stay MISC
    from spacy_anon.disclosure.demo import demo_pipeline

    nlp, rows = demo_pipeline()
    doc = nlp.make_doc(rows[0]["text"])
    doc._.anon_subject = rows[0]["subject"]
    labels = {s.text: s.label_ for s in nlp(doc).spans["anon"]}
    assert labels["Marla Josephine Quennell"] == "PERSON" and labels["Owen Pryce"] == "PERSON"
    assert labels["Saltmarsh Lane"] == "MISC"


@pytest.mark.parametrize("text,sub,expected", [
    ("He moved to St. Louis in 1990.", "St. Louis", False),
    ("He won the Victoria Cross.", "Victoria Cross", False),
    ("She starred with Gabrielle Union.", "Gabrielle Union", True),
])
def test_places_and_things_after_the_and_surnames_that_are_words(text, sub, expected):
    assert looks_like_person_name(span_of(text, sub)) is expected


def test_only_english_texts():
    doc = spacy.blank("de")("Sie traf Brad Pitt in Berlin.")
    assert not looks_like_person_name(doc.char_span(9, 18))
