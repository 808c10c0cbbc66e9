"""`spacy-anon anonymize --policy / --recognizers / --config`: the settings files of `spacy_anon.load`."""
from pathlib import Path

from cli_support import cli, write

FIXTURES = Path(__file__).parent / "fixtures"
POLICY = FIXTURES / "policy_one_liner.yml"
RECOGNIZERS = FIXTURES / "recognizers_presidio.yml"
TEXT = ("Jane Roe (left-handed) of Acme Health leads the Falcon project; write to jane.roe@example.com, "
        "employee EMP-79927398713.\n")


def test_policy_file_sets_strategies_operators_lists_and_recognizers(tmp_path, capsys, rules_model):
    src = write(tmp_path / "in.txt", TEXT)
    code, out, err = cli(capsys, src, "--model", rules_model, "--rules-only", "--policy", POLICY)
    assert code == 0, err
    # CONTACT: mask_chars with the policy's operator settings; PROJECT (deny_list of its recognizer file):
    # replace; DEM: the policy's deny_list; the employee number: the Luhn-checked recognizer of the file
    assert out == ("Jane Roe ([DEM_1]) of Acme Health leads the <project> project; write to "
                   "####.###@#######.###, employee [EMPLOYEE_ID_1].\n")


def test_flags_win_over_the_policy(tmp_path, capsys, rules_model):
    src = write(tmp_path / "in.txt", TEXT)
    code, out, err = cli(capsys, src, "--model", rules_model, "--rules-only", "--policy", POLICY,
                         "--strategy", "suppress")
    assert code == 0, err
    assert "employee ***." in out and "<project>" in out  # label_strategies of the policy still apply


def test_recognizers_file_on_the_default_pipeline(tmp_path, capsys):
    src = write(tmp_path / "in.txt", "Please call the employee EMP-79927398713 about it.\n")
    code, out, err = cli(capsys, src, "--recognizers", RECOGNIZERS, "--format", "jsonl")
    assert code == 0, err
    assert "EMP-" not in out and '"type": "EMPLOYEE_ID"' in out


def test_config_file_overrides_a_component_of_the_pipeline(tmp_path, capsys):
    """[components.anon_crf] min_score = 0.9: the CRF's weak town (score 0.60) stays in clear (a town after a
    preposition, "in Leeds", is also `rules.known_town`'s, which the CRF's setting does not touch)."""
    src = write(tmp_path / "in.txt", "Peter Maxwell and Anna Kowalski, Leeds, 3 May 2019.\n")
    assert "Leeds" not in cli(capsys, src)[1]
    cfg = write(tmp_path / "strict.cfg", "[components.anon_crf]\nmin_score = 0.9\n")
    code, out, err = cli(capsys, src, "--config", cfg)
    assert code == 0, err
    assert out == "[PERSON_1] and [PERSON_2], Leeds, [DATETIME_1].\n"


def test_bad_settings_files_are_usage_errors_naming_the_file(tmp_path, capsys, rules_model):
    src = write(tmp_path / "in.txt", TEXT)
    bad_policy = write(tmp_path / "p.yml", "strategy: tag\nscore_threshold: 0.4\n")
    code, out, err = cli(capsys, src, "--model", rules_model, "--rules-only", "--policy", bad_policy)
    assert code == 2 and out == ""
    assert "[E059] --policy: " in err and str(bad_policy) in err and "score_threshold" in err
    bad_recognizers = write(tmp_path / "r.yml", "- name: a\n  label: ID\n  patterns: ['(']\n")
    code, out, err = cli(capsys, src, "--model", rules_model, "--rules-only", "--recognizers", bad_recognizers)
    assert code == 2 and f"[E052] --recognizers: {bad_recognizers}, recognizer 0" in err and "Fix:" in err
    bad_cfg = write(tmp_path / "c.cfg", "[training]\nmax_epochs = 3\n")
    code, out, err = cli(capsys, src, "--model", rules_model, "--rules-only", "--config", bad_cfg)
    assert code == 1 and "[E055]" in err and "'training'" in err
    assert "Jane" not in err and "left-handed" not in err  # no document content in messages


def test_resume_fingerprint_covers_the_settings_files(tmp_path):
    """--resume must not continue a run whose policy, or a recognizer file the policy names, changed."""
    from spacy_anon.cli import build_parser
    from spacy_anon.cli.options import Options
    from spacy_anon.cli.settings import resume_fingerprint

    src = write(tmp_path / "in.jsonl", '{"id": 1, "text": "x"}\n')
    write(tmp_path / "r.yml", "- {name: a, label: ID, patterns: ['A\\d']}\n")
    policy = write(tmp_path / "p.yml", "strategy: tag\nrecognizers: r.yml\n")

    def print_of(*flags):
        args = build_parser().parse_args(["anonymize", str(src), "-o", str(tmp_path / "o.jsonl"), *flags])
        return resume_fingerprint(Options.from_args(args), "jsonl", "jsonl")

    plain, first = print_of(), print_of("--policy", str(policy))
    assert plain != first
    write(tmp_path / "r.yml", "- {name: a, label: ID, patterns: ['B\\d']}\n")
    assert print_of("--policy", str(policy)) not in (first, plain)
