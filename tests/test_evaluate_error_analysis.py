"""The TAB error analysis counts wrong tokens by kind, and its post-processing variants behave."""
from spacy_anon.corpora.base import GoldRecord, GoldSpan
from spacy_anon.evaluate import error_analysis as ea

TEXT = "The applicant, Mr Olsen, received widows' benefits from the Government. Olsen kept the benefits."


def _record():
    def span(text, label, nth=0):
        start = -1
        for _ in range(nth + 1):
            start = TEXT.index(text, start + 1)
        return GoldSpan(start, start + len(text), label, text=text, annotator="a1")
    return GoldRecord("d1", TEXT, [span("Mr Olsen", "PERSON"), span("widows' benefits", "MISC"),
                                   span("Olsen", "PERSON", nth=1), span("benefits", "MISC", nth=1)])


def test_errors_split_spurious_boundary_missed_partial():
    record = _record()
    at = TEXT.index
    preds = {"d1": [(at("Olsen"), at("Olsen") + 5, "PERSON"),            # partial: "Mr" missed
                    (at("the Government"), at("the Government") + 14, "ORG"),  # spurious: 2 tokens
                    (at("Olsen kept"), at("Olsen kept") + 10, "PERSON")]}  # boundary: "kept"
    result = ea.errors([record], preds)
    assert result["false_tokens"] == {"spurious ORG": 2, "boundary PERSON": 1}
    assert result["missed_tokens"] == {"partial PERSON": 1, "missed MISC": 3}  # widows, benefits x2


def test_lowercase_propagation_tags_other_occurrences_only_of_lowercase_strings():
    record = _record()
    first = TEXT.index("benefits")
    preds = {"d1": [(first, first + 8, "MISC"), (TEXT.index("Olsen"), TEXT.index("Olsen") + 5, "PERSON")]}
    out = ea.lowercase_propagation([record], preds)
    assert out["propagated"][0] > out["base"][0]  # the second "benefits" is now masked too
    capitalised = {"d1": [(TEXT.index("Government"), TEXT.index("Government") + 10, "ORG")]}
    assert ea.lowercase_propagation([record], capitalised)["propagated"] == ea.scores([record], capitalised)


def test_rule_precision_counts_rule_tokens_inside_and_outside_gold():
    text = "He was arrested on 21 February 2007; Protocol No. 11 entered into force on 1 November 1998."
    start = text.index("21 February 2007")
    record = GoldRecord("d2", text, [GoldSpan(start, start + 16, "DATETIME", annotator="a1")])
    assert ea.rule_precision([record])["rules.date"] == [3, 3, 0.5]


def test_drop_strings_removes_only_whole_matches():
    record = _record()
    at = TEXT.index
    olsen = (at("Mr Olsen"), at("Mr Olsen") + 8, "PERSON")
    gov = (at("the Government"), at("the Government") + 14, "ORG")
    out = ea.drop_strings([record], {"d1": [olsen, gov]}, "(?:[Tt]he )?Government")
    assert out["dropped"] == ea.scores([record], {"d1": [olsen]})
    assert out["base"][1] < out["dropped"][1] == 1.0  # "the Government" was the only false mask
    assert ea.drop_strings([record], {"d1": [olsen]}, "Olsen")["dropped"] == out["dropped"]  # "Mr Olsen" is kept


def test_case_split_adds_low_threshold_spans_by_case(tmp_path):
    import json

    record = _record()
    at = TEXT.index
    olsen = [at("Mr Olsen"), at("Mr Olsen") + 8, "PERSON"]
    benefits = [at("widows' benefits"), at("widows' benefits") + 16, "MISC"]
    (tmp_path / "pred.json").write_text(json.dumps({"d1": [olsen]}))  # the config's threshold, 0.03
    (tmp_path / "pred.0.01.json").write_text(json.dumps({"d1": [olsen, benefits]}))
    out = ea.case_split([record], ea.load_predictions(tmp_path, "0.03", ["0.03", "0.01"]), ["0.03"], ["0.01"])
    assert out["0.03 + cased spans of 0.01"] == out["0.03"]  # "Mr Olsen" is there already
    assert out["0.03 + lowercase spans of 0.01"] == out["0.01"]  # the lowercase description is added
    assert out["0.01"][0] > out["0.03"][0]


def test_allow_list_drops_predictions_inside_an_allowed_occurrence():
    record = _record()
    at = TEXT.index
    olsen = [at("Mr Olsen"), at("Mr Olsen") + 8, "PERSON"]
    gov = [at("Government"), at("Government") + 10, "ORG"]
    the_gov = [at("the Government"), at("the Government") + 14, "ORG"]
    out = ea.allow_list([record], {"d1": [olsen, gov]}, ["the Government"])
    assert out["allowed"] == ea.scores([record], {"d1": [olsen]})
    # "the Government" is not inside an occurrence of "Government": kept (as anon_mask keeps it)
    kept = ea.allow_list([record], {"d1": [olsen, the_gov]}, ["Government"])
    assert kept["allowed"] == kept["base"]


def test_trim_trailing_cuts_function_words_off_span_ends():
    record = _record()
    at = TEXT.index
    long_olsen = [at("Mr Olsen"), at("Mr Olsen, received") + 18, "PERSON"]  # "Mr Olsen, received"
    with_from = [at("widows' benefits"), at("widows' benefits from the") + 25, "MISC"]
    out = ea.trim_trailing([record], {"d1": [long_olsen, with_from]})
    widows = [at("widows' benefits"), at("widows' benefits") + 16, "MISC"]
    assert out["trimmed"] == ea.scores([record], {"d1": [long_olsen, widows]})  # "from the" cut, "received" kept


def test_rule_union_adds_named_opt_in_recognizers_and_counts_matches_on_gold():
    text = "PMH MI 92, CABG 81. Seen by Mr. Olsen."
    at = text.index
    record = GoldRecord("d3", text, [GoldSpan(at("92"), at("92") + 2, "DATETIME", annotator="a1"),
                                     GoldSpan(at("Olsen"), at("Olsen") + 5, "PERSON", annotator="a1")])
    out = ea.rule_union([record], {"d3": []}, ["rules.clinical_date", "rules.titled_name"])
    assert out["matches"] == 3 and out["matches_on_gold"] == 2  # "81" is not in this gold
    assert out["base"][0] == 0.0 and out["with_rules"][0] == 1.0


def test_implausible_dates_drops_only_date_predictions_that_cannot_be_dates():
    text = "BP 129/78 on 10/3, pain 8/10."
    at = text.index
    record = GoldRecord("d4", text, [GoldSpan(at("10/3"), at("10/3") + 4, "DATETIME", annotator="a1")])
    preds = {"d4": [(at("129"), at("129") + 6, "DATETIME"), (at("10/3"), at("10/3") + 4, "DATETIME"),
                    (at("8/10"), at("8/10") + 4, "DATETIME"), (at("129"), at("129") + 3, "QUANTITY")]}
    out = ea.implausible_dates([record], preds)
    assert out["reasons"] == {"not a month": 1, "pain score": 1}
    assert out["dropped"][1] > out["base"][1] and out["dropped"][0] == out["base"][0] == 1.0


def test_nested_setting_chooses_each_folds_setting_on_the_other_folds(tmp_path):
    """Setting "wide" adds a false "the Government" to the names that "narrow" masks: same recall, lower
    precision, so every fold takes "narrow" and the nested score is narrow's."""
    import json

    records = []
    for k in range(3):
        r = _record()
        records.append(GoldRecord(f"d{k}", r.text, r.spans))
    at = TEXT.index
    names = [(at("Mr Olsen"), at("Mr Olsen") + 8, "PERSON"), (at("Olsen kept"), at("Olsen kept") + 5, "PERSON")]
    spurious = [(at("the Government"), at("the Government") + 14, "ORG")]
    narrow = {r.doc_id: names for r in records}
    wide = {r.doc_id: names + spurious for r in records}
    (tmp_path / "pred.json").write_text(json.dumps(narrow))
    (tmp_path / "pred.wide.json").write_text(json.dumps(wide))
    folds = [[0], [1], [2]]
    result = ea.nested_setting(records, folds, ea.load_settings(tmp_path, "narrow", ["wide"]))
    assert result["chosen_per_fold"] == ["narrow"] * 3  # "wide" adds 2 false tokens: precision under 0.80
    assert result["nested"] == result["global"]["narrow"]
    relaxed = ea.nested_setting(records, folds, ea.load_settings(tmp_path, "narrow", ["wide"]), min_precision=0.5)
    assert relaxed["chosen_per_fold"] == ["narrow"] * 3  # both qualify; equal recall, so the more precise
