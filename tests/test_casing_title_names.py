"""A name after a title reads as a name in lines in lower case or capitals: the word after the title, after
the initials that follow it ("ms j. sawyer", "mr j.m. morenilla"), and after a known given name the surname
when it is a known surname or no English word ("mr tom wu"); the O of an Irish surname ("o’neill").
Not a verb after initials ("mrs b. left"), not a word after a given name ("dr anna gave evidence")."""
import pytest

from spacy_anon.casing import truecased_text


@pytest.mark.parametrize("line,read", [
    ("ms j. sawyer, adviser, was present", "Ms J. Sawyer, adviser, was present"),
    ("present were mr i. foighel and mr j.m. morenilla.", "Present were Mr I. Foighel and Mr J.M. Morenilla."),
    ("the applicant, mr tom wu, paid", "The applicant, Mr Tom Wu, paid"),
    ("he wrote to mr e. o’neill and mrs o'brien.", "He wrote to Mr E. O’Neill and Mrs O'Brien."),
    ("the claimant, mr will smith, said", "The claimant, Mr Will Smith, said"),
    ("ms a. young appeared for the applicant", "Ms A. Young appeared for the applicant"),
])
def test_a_name_after_a_title_reads_capitalised(line, read):
    assert truecased_text(line, "en") == read
    assert truecased_text(line.upper(), "en") == read


@pytest.mark.parametrize("line,words", [
    ("mr a. and mrs b. left the room.", ["left"]),
    ("dr anna gave evidence and mr john will come.", ["gave", "will"]),
    ("mr j. called back", ["called"]),
    ("dr will see you now", ["will", "see"]),
])
def test_words_after_a_name_stay_words(line, words):
    read = truecased_text(line, "en").split()
    assert all(w in read for w in words)


@pytest.mark.parametrize("line,name", [
    ("the chamber included ex officio mrs e. palm, the elected judge of swedish nationality.", "mrs e. palm"),
    ("present were mr n. valticos and mr i. foighel (article 43 in fine of the convention).", "mr i. foighel"),
    ("PRESENT WERE MR N. VALTICOS AND MR I. FOIGHEL (ARTICLE 43 IN FINE OF THE CONVENTION).", "MR I. FOIGHEL"),
])
def test_the_default_pipeline_masks_a_name_after_initials_whole(line, name):
    """Lower case: the full stop of an initial is no sentence end, so the surname after it is no word
    left loose ("palm"), and a lone "i" with a full stop after a title is an initial, not the pronoun
    ("mr i. foighel" was cut in two around it)."""
    from default_pipeline import default_nlp

    doc = default_nlp()(line)
    start = line.index(name)
    rows = [r for r in doc._.anon_table if r["start"] <= start < r["end"]]
    assert rows and rows[0]["label"] == "PERSON" and rows[0]["end"] == start + len(name)
