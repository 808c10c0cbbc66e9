"""Metrics on tiny hand-built cases; expected values are worked out in the comments."""
import math

import pytest

from spacy_anon.corpora import GoldRecord, GoldSpan
from spacy_anon.evaluate.spans import b_cubed, meddocan_scores, merge_spans, span_iou, span_scores, term_scores
from spacy_anon.evaluate.tab import (
    FunctionWordList,
    WordFreqWeighting,
    is_mention_masked,
    split_by_tokens,
    tab_metrics,
)

TEXT = "Mr John Smith of Oslo met Ann."
#       0123456789012345678901234567890


def at(sub, text=TEXT):
    s = text.index(sub)
    return s, s + len(sub)


def _record():
    g = GoldSpan
    return GoldRecord("d", TEXT, [
        g(*at("John Smith"), "PERSON", entity="e1", identifier="DIRECT", annotator="a1"),
        g(*at("Oslo"), "LOC", entity="e2", identifier="QUASI", annotator="a1"),
        g(*at("Ann"), "PERSON", entity="e3", identifier="NO_MASK", annotator="a1"),
        g(*at("Mr John Smith"), "PERSON", entity="f1", identifier="DIRECT", annotator="a2"),
        g(*at("of Oslo"), "LOC", entity="f2", identifier="QUASI", annotator="a2"),
    ])


class FixedWeights:
    def __init__(self, table):
        self.table = table

    def get_weights(self, doc_id, text, spans):
        return [self.table[text[s:e]] for s, e in spans]


def test_tab_mention_masked_predicate():
    masked = set(range(3, 13))
    fw = FunctionWordList()
    # "Mr" is a title word, the space is an ignored character
    assert is_mention_masked(TEXT, 0, 13, masked, fw)
    assert not is_mention_masked(TEXT, 0, 13, masked, None)
    # "of" is a function word, "Oslo" is not masked
    assert not is_mention_masked(TEXT, 14, 21, masked, fw)
    assert is_mention_masked(TEXT, 14, 16, masked, fw)
    assert split_by_tokens(TEXT, 0, 13) == [(0, 2), (3, 7), (8, 13)]


def test_tab_metrics_hand_case():
    masks = {"d": [[3, 13, "PERSON"], [22, 25, "MISC"]]}  # "John Smith", "met"
    weights = FixedWeights({"John": 1, "Smith": 3, "met": 4, "John Smith": 5})
    r = tab_metrics([_record()], masks, function_words=FunctionWordList(), weighting=weights)
    # entities needing masking: a1 {e1 direct ok, e2 quasi missed}, a2 {f1 direct ok ("Mr" title
    # word), f2 quasi missed}; e3 is NO_MASK
    assert r["recall_all_entities"] == pytest.approx(2 / 4)
    assert r["recall_direct_entities"] == pytest.approx(1.0)
    assert r["recall_quasi_entities"] == pytest.approx(0.0)
    # tokens: a1 John+ Smith+ Oslo-; a2 Mr+ John+ Smith+ of+ Oslo- -> 6/8
    assert r["token_recall"] == pytest.approx(6 / 8)
    assert r["token_recall_by_type"] == {"LOC": pytest.approx(1 / 3), "PERSON": pytest.approx(1.0)}
    assert r["mention_recall"] == pytest.approx(2 / 4)
    # precision, K=2 annotators: John 2/2, Smith 2/2, met 0/2 -> 4/6; spans "John Smith" 2, "met" 0 -> 2/4
    assert r["token_precision"] == pytest.approx(4 / 6)
    assert r["mention_precision"] == pytest.approx(2 / 4)
    assert r["token_f1"] == pytest.approx(2 * (4 / 6) * 0.75 / (4 / 6 + 0.75))
    # weighted: tokens (1*2 + 3*2 + 4*0) / ((1+3+4)*2) = 8/16 ; spans (5*2 + 4*0) / ((5+4)*2) = 10/18
    assert r["weighted_token_precision"] == pytest.approx(0.5)
    assert r["weighted_mention_precision"] == pytest.approx(10 / 18)
    assert r["counts"]["direct_entities"] == 2


def test_tab_without_flags_counts_everything_as_quasi():
    rec = GoldRecord("d", TEXT, [GoldSpan(*at("John Smith"), "PERSON"), GoldSpan(*at("Oslo"), "LOC")])
    r = tab_metrics([rec], {"d": [[3, 13]]})
    assert r["recall_all_entities"] == pytest.approx(0.5)
    assert r["recall_quasi_entities"] == pytest.approx(0.5)
    assert r["recall_direct_entities"] == 0.0 and r["counts"]["direct_entities"] == 0
    assert any("without DIRECT/QUASI" in n for n in r["notes"])
    # without function-word removal a missing doc masks nothing
    r2 = tab_metrics([rec], {})
    assert r2["token_recall"] == 0.0 and r2["token_precision"] == 0.0


def test_tab_precision_counts_overlapping_masks_once():
    """Bug: a rule span and a CRF span over the same words ("John Smith" and "Mr John Smith") counted
    those words twice in the precision, which raised it (TAB CV: 0.812 reported, 0.807 true)."""
    rec = GoldRecord("d", TEXT, [GoldSpan(*at("John Smith"), "PERSON"), GoldSpan(*at("Oslo"), "LOC")])
    overlapping = {"d": [[*at("John Smith"), "PERSON"], [*at("Mr John Smith"), "PERSON"], [*at("met"), "MISC"]]}
    union = {"d": [[*at("Mr John Smith"), "PERSON"], [*at("met"), "MISC"]]}
    r, u = tab_metrics([rec], overlapping), tab_metrics([rec], union)
    # the masked words are Mr John Smith met: John and Smith are right -> 2/4, not (2 + 2)/6
    assert r["token_precision"] == pytest.approx(2 / 4) == u["token_precision"]
    assert r["mention_precision"] == u["mention_precision"] == pytest.approx(0.0)
    assert r["token_recall"] == u["token_recall"] == pytest.approx(2 / 3)
    # masks that only touch stay separate mentions
    touching = tab_metrics([rec], {"d": [[*at("John"), "PERSON"], [at("John")[1], at("Smith")[1], "PERSON"]]})
    assert touching["mention_precision"] == pytest.approx(1.0)


def test_wordfreq_weights():
    w = WordFreqWeighting()
    common, rare = w.get_weights("d", "the zzqxvw --", [(0, 3), (4, 10)])
    assert common < 10 < rare
    assert rare == pytest.approx(-math.log2(1e-9))  # OOV word gets the floor frequency
    assert w.get_weights("d", "the zzqxvw --", [(11, 13)]) == [0.0]  # no word -> weight 0


MED = "Juan Pérez vive en C/ Mayor 5, 28001 Madrid."


def test_meddocan_subtracks():
    n, c, t, ct = at("Juan Pérez", MED), at("C/ Mayor 5", MED), at("28001 Madrid", MED), at("C/ Mayor 5, 28001 Madrid", MED)
    gold = {"x": [(*n, "NOMBRE_SUJETO_ASISTENCIA"), (*c, "CALLE"), (*t, "TERRITORIO")]}
    pred = {"x": [(*n, "NOMBRE_SUJETO_ASISTENCIA"), (*ct, "CALLE")]}
    r = meddocan_scores(gold, pred, {"x": MED})
    assert r["subtrack1"]["precision"] == pytest.approx(0.5)
    assert r["subtrack1"]["recall"] == pytest.approx(1 / 3)
    assert r["subtrack1"]["f1"] == pytest.approx(0.4)
    assert r["subtrack2_strict"]["tp"] == 1
    # merged: "C/ Mayor 5" + ", " + "28001 Madrid" become one span on the gold side
    assert merge_spans(gold["x"], MED) == [n, ct]
    assert r["subtrack2_merged"]["f1"] == pytest.approx(1.0)
    assert r["per_type"]["CALLE"]["precision"] == 0.0 and r["per_type"]["TERRITORIO"]["support"] == 1


def test_span_scores_exact_and_iou():
    n, c, t, ct = at("Juan Pérez", MED), at("C/ Mayor 5", MED), at("28001 Madrid", MED), at("C/ Mayor 5, 28001 Madrid", MED)
    gold = {"x": [(*n, "PERSON"), (*c, "LOC"), (*t, "LOC")]}
    pred = {"x": [(*n, "PERSON"), (*ct, "LOC")]}
    r = span_scores(gold, pred)
    assert (r["tp"], r["precision"], r["recall"]) == (1, 0.5, pytest.approx(1 / 3))
    # IoU: "C/ Mayor 5" 10/24 < 0.5; "28001 Madrid" 12/24 = 0.5 -> match
    r = span_scores(gold, pred, match="iou")
    assert r["tp"] == 2 and r["precision"] == 1.0 and r["recall"] == pytest.approx(2 / 3)
    assert r["f1"] == pytest.approx(0.8)
    assert r["f2"] == pytest.approx(5 * (2 / 3) / (4 + 2 / 3))
    assert r["per_label"]["LOC"]["recall"] == pytest.approx(0.5)
    r = span_scores(gold, {"x": [(*n, "ORG")]}, typed=True)
    assert r["tp"] == 0


def test_span_iou_is_overlap_over_union():
    assert span_iou((0, 10), (0, 10)) == 1.0
    assert span_iou((0, 10), (5, 15)) == pytest.approx(5 / 15)
    assert span_iou((0, 10), (2, 4)) == pytest.approx(0.2)  # inside: the union is the outer span
    assert span_iou((0, 5), (5, 9)) == 0.0 and span_iou((7, 9), (0, 3)) == 0.0  # touching or apart


def test_term_scores_seed003():
    text = "Tom Cruise starred in Top Gun in 1986 ."
    gold = {"a": [(*at("Tom Cruise", text), None), (*at("Top Gun", text), None), (*at("1986", text), None)],
            "b": [(0, 3, None)]}
    pred = {"a": [(*at("Cruise", text), None), (*at("starred", text), None), (*at("Top Gun in 1986", text), None)]}
    r = term_scores(gold, pred, {"a": text, "b": "Ann"})
    # doc a: precision 2/3 (Cruise, "Top Gun in 1986"); recall 2/3 (Tom Cruise only partly); partial 3/3
    assert r["per_doc"]["a"]["precision"] == pytest.approx(2 / 3)
    assert r["per_doc"]["a"]["recall"] == pytest.approx(2 / 3)
    assert r["per_doc"]["a"]["recall_partial"] == pytest.approx(1.0)
    # doc b: nothing detected -> precision undefined, recall 0
    assert r["per_doc"]["b"]["precision"] is None
    assert r["macro"]["precision"] == pytest.approx(2 / 3)
    assert r["macro"]["recall"] == pytest.approx(1 / 3)
    assert r["cv"]["recall"] == pytest.approx(1.0)  # values 2/3 and 0: sd 1/3, mean 1/3
    assert r["micro"]["precision"] == pytest.approx(2 / 3)
    assert r["micro"]["recall"] == pytest.approx(2 / 4)


def test_b_cubed():
    gold = {"d": [(0, 1, "A"), (2, 3, "A"), (4, 5, "B")]}
    pred = {"d": [(0, 1, "X"), (2, 3, "X"), (4, 5, "X")]}
    r = b_cubed(gold, pred)
    assert r["b3_precision"] == pytest.approx(5 / 9)
    assert r["b3_recall"] == pytest.approx(1.0)
    # nothing grouped: all singletons -> precision 1, recall (1/2 + 1/2 + 1)/3
    r = b_cubed(gold, {"d": []})
    assert r["b3_precision"] == 1.0 and r["b3_recall"] == pytest.approx(2 / 3)


# The 29 sub-types of the MEDDOCAN annotation guidelines (Marimon et al. 2019, "Automatic De-identification
# of Medical Texts in Spanish: the MEDDOCAN Track", Table 1), written out here, not read from the code.
MEDDOCAN_GUIDELINE_TYPES = {
    "NOMBRE_SUJETO_ASISTENCIA", "NOMBRE_PERSONAL_SANITARIO", "FAMILIARES_SUJETO_ASISTENCIA",
    "SEXO_SUJETO_ASISTENCIA", "PROFESION", "EDAD_SUJETO_ASISTENCIA", "FECHAS", "HOSPITAL", "CENTRO_SALUD",
    "INSTITUCION", "CALLE", "TERRITORIO", "PAIS", "NUMERO_TELEFONO", "NUMERO_FAX", "CORREO_ELECTRONICO",
    "URL_WEB", "DIREC_PROT_INTERNET", "ID_SUJETO_ASISTENCIA", "ID_CONTACTO_ASISTENCIAL", "ID_ASEGURAMIENTO",
    "ID_TITULACION_PERSONAL_SANITARIO", "ID_EMPLEO_PERSONAL_SANITARIO", "IDENTIF_VEHICULOS_NRSERIE_PLACAS",
    "IDENTIF_DISPOSITIVOS_NRSERIE", "NUMERO_BENEF_PLAN_SALUD", "IDENTIF_BIOMETRICOS", "OTRO_NUMERO_IDENTIF",
    "OTROS_SUJETO_ASISTENCIA",
}


def test_one_meddocan_map_covers_the_guidelines_and_relatives_are_demographic():
    from spacy_anon.corpora import LABEL_MAPS as reexported
    from spacy_anon.labels import CATEGORIES, CORPUS_LABEL_MAPS, LABEL_MAPS, MEDDOCAN, to_category

    assert set(MEDDOCAN) == MEDDOCAN_GUIDELINE_TYPES
    assert set(MEDDOCAN.values()) <= set(CATEGORIES)
    assert LABEL_MAPS is CORPUS_LABEL_MAPS is reexported
    # the guidelines annotate relatives by kinship ("madre", "padres"): a relation, not a name
    assert to_category("FAMILIARES_SUJETO_ASISTENCIA", "meddocan") == "DEM"
    assert to_category("NOMBRE_SUJETO_ASISTENCIA", "brat") == "PERSON"


def test_every_meddocan_label_in_the_corpus_is_mapped():
    import pathlib

    from spacy_anon.labels import MEDDOCAN

    root = pathlib.Path(__file__).resolve().parents[2] / "shared" / "data" / "meddocan"
    files = list(root.glob("*/*.ann"))
    if not files:
        pytest.skip("shared data not available")
    seen = {line.split("\t")[1].split(" ")[0] for f in files for line in f.read_text(encoding="utf-8").splitlines()
            if line.startswith("T")}
    assert seen <= set(MEDDOCAN)
