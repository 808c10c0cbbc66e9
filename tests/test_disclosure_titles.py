"""Joining flagged name units into one title candidate ("Lost in Translation"), a pure function on real sentences."""
import spacy

import spacy_anon  # noqa: F401
from spacy_anon.disclosure.chunking import chunk_doc
from spacy_anon.disclosure.detect import Decision, join_title_runs, title_extent

NLP = spacy.blank("en")


def _runs(text, mentions=(), blocked_words=()):
    doc = NLP.make_doc(text)
    decisions = [Decision(c, 0.5, c.key in mentions, c.kind == "name") for c in chunk_doc(doc)]
    blocked = [t.i for t in doc if t.text in blocked_words]
    out = []
    for run in join_title_runs(doc, decisions, blocked=blocked):
        start, end = run[0].chunk.start, run[-1].chunk.end
        if len(run) == 1 and run[0].chunk.kind == "name":
            start, end = title_extent(doc, start, end)
        out.append(doc[start:end].text)
    return out


def test_titles_with_lowercase_function_words_are_joined():
    runs = _runs("Johansson starred in Lost in Translation and Girl with a Pearl Earring in 2003.")
    assert "Lost in Translation" in runs and "Girl with a Pearl Earring" in runs
    runs = _runs("Depp starred in Charlie and the Chocolate Factory (2005).")
    assert "Charlie and the Chocolate Factory" in runs


def test_coordinated_names_stay_apart():
    runs = _runs("She starred in Glass Orchard and Iron Meadow.")
    assert "Glass Orchard" in runs and "Iron Meadow" in runs
    runs = _runs("Brad Pitt and Angelina Jolie met on set.")
    assert "Brad Pitt" in runs and "Angelina Jolie" in runs


def test_mentions_and_blocked_person_spans_are_never_joined():
    runs = _runs("Caan in Hawaii Five-0 was praised.", mentions=("caan",))
    assert "Caan" in runs and "Hawaii Five-0" in runs
    runs = _runs("Marla Singer in Fight Club.", blocked_words=("Marla", "Singer"))
    assert "Marla Singer" in runs and "Fight Club" in runs


def test_capitalised_function_words_inside_a_sentence_belong_to_the_title():
    assert "In Her Shoes" in _runs("Diaz starred in In Her Shoes (2005).")
    assert "Catch Me If You Can" in _runs("Hanks appeared in Catch Me If You Can (2002).")
    # a sentence-initial function word is not a title word
    assert "In Paris" not in _runs("In Paris she studied drama.")


def test_component_joins_titles_and_can_be_switched_off(tmp_path):
    from spacy_anon.disclosure.vectors import train_from_corpus
    from pathlib import Path

    fixture = Path(__file__).parent / "fixtures" / "disclosure_tiny.jsonl"
    train_from_corpus(fixture, tmp_path, vector_size=16, window=5, epochs=20, workers=1, seed=1, sample=0)
    text = "Nora Vell starred in Lost in Translation."
    for join, expected in ((True, {"Lost in Translation"}), (False, {"Lost", "Translation"})):
        nlp = spacy.blank("en")
        nlp.add_pipe("anon_disclosure", config={"vectors": str(tmp_path), "threshold": 0.0, "always": ["name"],
                                                "join_titles": join})
        doc = nlp.make_doc(text)
        doc._.anon_subject = "Nora Vell"
        doc = nlp(doc)
        texts = {s.text for s in doc.spans["anon"]}
        assert expected <= texts
        assert ("Lost" in texts) is (not join)


def test_a_memoir_title_and_film_titles_stay_whole():
    # the generalizer then replaces each as one unit ("a memoir", "a film"), never "a salt", "a hem"
    assert "Salt in the Hem" in _runs("In 2021 she published her memoir Salt in the Hem.")
    assert "Salt in the Hem" in _runs("She published a memoir, Salt in the Hem, in 2021.")
    runs = _runs("She starred in the biographical cable films George Wallace (1997) and Gia (1998).")
    assert "George Wallace" in runs and "Gia" in runs
    assert "Under Milk Wood" in _runs("She made her stage debut in a touring production of Under Milk Wood in 1993.")


def test_a_full_name_or_an_organisation_before_a_place_is_not_one_title():
    # where a person or an organisation is, not a title: each is masked as what it is
    runs = _runs("She is known for playing the detective Ivy Harrowgate in the BBC crime drama.")
    assert "Ivy Harrowgate" in runs and "BBC" in runs
    runs = _runs("In 2015 she founded the Tidewater Theatre Company in Swansea with her husband.")
    assert "Tidewater Theatre Company" in runs and "Swansea" in runs
    # titles whose first part is no organisation and no full name keep their words
    for title in ("Midnight in Paris", "Alice in Wonderland", "Sleepless in Seattle", "Night at the Museum"):
        assert title in _runs(f"He starred in {title} that year.")


def test_the_fields_an_organisation_is_of_stay_in_its_name():
    runs = _runs("She trained at the Royal Welsh College of Music and Drama in Cardiff.")
    assert "Royal Welsh College of Music and Drama" in runs and "Cardiff" in runs
    runs = _runs("He joined the Department of Health and Social Care in 2019.")
    assert "Department of Health and Social Care" in runs
    # two organisations stay two
    runs = _runs("She studied at the University of Leeds and Bangor University.")
    assert "Bangor University" in runs
