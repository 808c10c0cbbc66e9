"""Chunked runs keep the leak guard: a value masked in one chunk is masked in every chunk of the document,
before and after the chunk where it was detected (`spacy_anon.mask.document_guard`)."""
import re

import pytest
import spacy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spacy_anon
from spacy_anon.longdocs import anonymize_long_text, chunk_bounds

from cli_support import check_anon_offsets, cli, read_jsonl, write

# detected in the first chunk, in clear forms in later ones
FORWARD = ('Jonathan Kowalski was born in Leeds in 1970.\nThe witness "Kowalski" denied it.\n'
           'Later kowalski agreed to go back to Leeds.\n')
# in clear forms in the first chunks, detected only in the last one
BACKWARD = ('The witness "Kowalski" denied it at once.\nLater kowalski agreed to go.\n'
            'Jonathan Kowalski was born in Leeds in 1970.\n')


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def _leaks(out):
    return [w for w in ("kowalski", "jonathan", "leeds") if w in out.lower()]


@pytest.mark.parametrize("text", [FORWARD, BACKWARD])
def test_long_document_api_masks_every_form_in_every_chunk(nlp, text):
    assert len(chunk_bounds(text, 60)) >= 3  # the forms really are in other chunks
    result = anonymize_long_text(nlp, text, max_length=60)
    assert result.n_chunks >= 3
    assert _leaks(result.anonymized) == []
    # every row stands where the text says, and the sweep's rows join the entity of a detected mention
    rows = result.table
    pieces, pos = [], 0
    for row in sorted(rows, key=lambda r: r["start"]):
        pieces += [text[pos:row["start"]], row["replacement"]]
        pos = row["end"]
    assert "".join(pieces + [text[pos:]]) == result.anonymized
    swept = [r for r in rows if r["source"] == "anon_mask.leak_guard"]
    assert swept and {r["entity"] for r in swept} <= {r["entity"] for r in rows if r not in swept}


def test_long_document_agrees_with_the_whole_document(nlp):
    whole = nlp(FORWARD)._.anon_text
    assert anonymize_long_text(nlp, FORWARD, max_length=60).anonymized == whole


def test_a_single_chunk_is_left_to_the_component(nlp):
    text = "Later kowalski agreed. Jonathan Kowalski was born in Leeds."
    assert anonymize_long_text(nlp, text, max_length=1000).anonymized == nlp(text)._.anon_text


def test_the_document_sweep_respects_the_allow_list_and_leak_guard_setting():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules")
    mask = nlp.add_pipe("anon_mask", config={"run_rules": False, "allow_list": ["Strasbourg Court"]})

    @spacy.Language.component("test_tag_strasbourg_first_line")
    def tag(doc):
        if doc.text.startswith("Strasbourg was"):
            doc.spans["anon"] = [doc.char_span(0, 10, label="LOC")]
        return doc

    nlp.add_pipe("test_tag_strasbourg_first_line", before="anon_mask")
    text = "Strasbourg was named here.\nThe Strasbourg Court sat today.\nIn Strasbourg it rained.\n"
    out = anonymize_long_text(nlp, text, max_length=30).anonymized
    assert out == "[LOC_1] was named here.\nThe Strasbourg Court sat today.\nIn [LOC_1] it rained.\n"
    mask.leak_guard = False
    out = anonymize_long_text(nlp, text, max_length=30).anonymized
    assert out == "[LOC_1] was named here.\nThe Strasbourg Court sat today.\nIn Strasbourg it rained.\n"


@pytest.mark.parametrize("text", [FORWARD, BACKWARD])
def test_cli_max_length_masks_every_form_in_every_chunk(tmp_path, capsys, text):
    src = write(tmp_path / "in.txt", text)
    out = tmp_path / "out.jsonl"
    code, _, err = cli(capsys, src, "--format", "jsonl", "-o", out, "--max-length", "60")
    assert code == 0, err
    [record] = read_jsonl(out)
    assert _leaks(record["anonymized"]) == []
    check_anon_offsets(record)
    assert re.search(r"PERSON_\d", record["anonymized"])


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(max_length=st.integers(45, 140), order=st.permutations(range(4)))
def test_any_chunking_and_order_leaves_no_form_of_a_detected_name(nlp, max_length, order):
    """Wherever the chunks are cut (at line ends: every line is shorter than a chunk) and in whatever
    order the sentences come, the forms of a name detected in one of them are masked in all."""
    lines = ['The witness "Kowalski" denied it at once.', "Later kowalski agreed to go.",
             "Jonathan Kowalski was born in Leeds in 1970.", "KOWALSKI signed the record."]
    text = "\n".join(lines[i] for i in order) + "\n"
    result = anonymize_long_text(nlp, text, max_length=max_length)
    assert "kowalski" not in result.anonymized.lower() and "jonathan" not in result.anonymized.lower()
