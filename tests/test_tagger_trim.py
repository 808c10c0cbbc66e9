"""Bug: the recall-tuned CRF tagged "Mail" (before an e-mail) and "Contact Mr Cengiz Polat" as PERSON."""
import spacy

from spacy_anon.tagger.span_filters.names import trim_common_words


def _spans(text, spans, names=frozenset()):
    doc = spacy.blank("en")(text)
    result = trim_common_words(doc, [(s, e, label, 0.9) for s, e, label in spans], frozenset(names))
    return [doc[s:e].text for s, e, _, _ in result]


def test_leading_common_word_before_a_name_is_trimmed():
    assert _spans("Contact Mr Cengiz Polat today", [(0, 4, "PERSON")]) == ["Mr Cengiz Polat"]


def test_lone_common_capitalised_word_is_dropped():
    assert _spans("Mail jane", [(0, 1, "PERSON")]) == []


def test_names_initials_surnames_and_descriptions_are_kept():
    assert _spans("Mrs E. Palm", [(0, 3, "PERSON")]) == ["Mrs E. Palm"]
    assert _spans("Will Smith", [(0, 2, "PERSON")], names={"will"}) == ["Will Smith"]
    assert _spans("his two sisters", [(0, 3, "PERSON")]) == ["his two sisters"]
    assert _spans("Mail Office", [(0, 2, "ORG")]) == ["Mail Office"]  # other labels untouched


def test_lone_function_words_are_dropped_whatever_the_label():
    """Bug: with the recall knob on, "at" in "Mail Cengiz Polat at cengiz.polat@..." came out as ORG."""
    assert _spans("Polat at home", [(1, 2, "ORG"), (0, 1, "PERSON")]) == ["Polat"]
    assert _spans("The Hague", [(0, 2, "LOC")]) == ["The Hague"]


def test_lone_capitalised_article_is_dropped_but_names_that_are_stop_words_stay():
    """Bug: TAB cross-validation showed 196 lone "The" tokens tagged ORG by the recall knob."""
    assert _spans("The Government replied", [(0, 1, "ORG")]) == []
    assert _spans("In May he left", [(1, 2, "DATETIME")]) == ["May"]
    assert _spans("Will said so", [(0, 1, "PERSON")], names={"will"}) == ["Will"]


def test_person_span_is_cut_between_two_names_but_descriptions_stay_whole():
    """Bug: "Mark Grace met Will Smith" came out of the CRF as one PERSON."""
    names = {"mark", "will"}  # first names, as in the shipped Faker gazetteer
    assert _spans("Mark Grace met Will Smith", [(0, 5, "PERSON")], names) == ["Mark Grace", "Will Smith"]
    assert _spans("Maria van der Berg", [(0, 4, "PERSON")]) == ["Maria van der Berg"]
    assert _spans("Lord Rodger of Earlsferry", [(0, 4, "PERSON")]) == ["Lord Rodger of Earlsferry"]
    assert _spans("the applicant's brother", [(0, 4, "PERSON")]) == ["the applicant's brother"]


def test_mid_sentence_capitalised_common_word_is_a_name_not_trimmed():
    assert _spans("They met Will Smith", [(2, 4, "PERSON")]) == ["Will Smith"]


def test_merge_adjacent_joins_same_label_words_on_one_line_only():
    import spacy

    from spacy_anon.tagger.span_filters.chunks import merge_adjacent_spans

    doc = spacy.blank("en")("Daughter Mary  Jones called.\nSmith\nJones Dr Lee")
    words = [t.text for t in doc]
    i = {w: words.index(w) for w in ("Mary", "Jones", "Smith", "Lee", "Dr")}
    second_jones = len(words) - 1 - words[::-1].index("Jones")
    spans = [(i["Mary"], i["Mary"] + 1, "PERSON", 0.9), (i["Jones"], i["Jones"] + 1, "PERSON", 0.5),
             (i["Smith"], i["Smith"] + 1, "PERSON", 0.8), (second_jones, second_jones + 1, "PERSON", 0.8),
             (i["Dr"], i["Dr"] + 1, "MISC", 0.8), (i["Lee"], i["Lee"] + 1, "PERSON", 0.8)]
    merged = merge_adjacent_spans(doc, spans)
    texts = [(doc[s:e].text, label) for s, e, label, _ in merged]
    assert texts == [("Mary  Jones", "PERSON"), ("Smith", "PERSON"), ("Jones", "PERSON"), ("Dr", "MISC"),
                     ("Lee", "PERSON")]  # a newline or another label keeps spans apart
    assert abs(merged[0][3] - 0.7) < 1e-9
