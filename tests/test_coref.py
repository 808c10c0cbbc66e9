"""anon_coref on real sentences: names, acronyms and anaphora grouped into entities, masking that
propagates to every mention, settings, serialization and pickling."""
import json
import pickle
from pathlib import Path

import pytest
import spacy
from spacy.tokens import Doc

import spacy_anon
from spacy_anon.coref.component import AnonCoref
from spacy_anon.coref.grouper import COREF_GENDER_KEY, COREF_RAN_KEY
from spacy_anon.coref.leaks import acronym as leak_acronym
from spacy_anon.coref.leaks import partial_leaks
from spacy_anon.coref.resolve import acronym, find_anaphora, sentence_starts, short_forms
from spacy_anon.evaluate.spans import b_cubed

GOLD = Path(__file__).parent / "fixtures" / "coref_gold.jsonl"


def pipeline_with_spans(lang, patterns, **coref_config):
    """A blank pipeline whose detector is a span ruler writing doc.spans["anon"], then anon_coref and
    anon_mask (no statistical model: the test controls what is detected)."""
    nlp = spacy.blank(lang)
    ruler = nlp.add_pipe("span_ruler", config={"spans_key": "anon"})
    ruler.add_patterns([{"label": label, "pattern": text} for label, text in patterns])
    coref_config = {"use_ents": False, **coref_config}
    nlp.add_pipe("anon_coref", config=coref_config)
    shared = {k: coref_config[k] for k in ("use_ents", "grouper") if k in coref_config}  # one value (W061)
    nlp.add_pipe("anon_mask", config={"run_rules": False, **shared})
    return nlp


def entities(doc):
    return [(s.text, s._.anon_entity) for s in doc.spans["anon_coref"]]


@pytest.fixture(scope="module")
def default_nlp():
    nlp = spacy_anon.load()  # the default pipeline runs anon_coref
    assert nlp.pipe_names[-2:] == ["anon_coref", "anon_mask"]
    return nlp


# ------------------------------------------------------------------------------------ names
def test_two_does_and_the_ambiguous_one(default_nlp):
    """John and Jane Doe are two people; the last "Doe" could be either: it is masked (no name stays
    in clear) as an entity of its own (never attributed to the wrong person)."""
    doc = default_nlp("John Doe paid 200 dollars to Jane Doe on Monday. Doe later refused.")
    assert "Doe" not in doc._.anon_text
    people = [r for r in doc._.anon_table if r["label"] == "PERSON"]
    assert len(people) == 3 and len({r["entity"] for r in people}) == 3
    assert doc._.anon_text.endswith("[PERSON_3] later refused.")


def test_ambiguous_surname_joins_the_latest_with_recent_policy():
    nlp = pipeline_with_spans("en", [("PERSON", "John Doe"), ("PERSON", "Jane Doe")],
                              grouper={"@misc": "spacy_anon.name_part_grouper.v1", "ambiguous": "recent"})
    doc = nlp("John Doe paid 200 dollars to Jane Doe on Monday. Doe later refused.")
    assert doc._.anon_text == "[PERSON_1] paid 200 dollars to [PERSON_2] on Monday. [PERSON_2] later refused."


def test_sentence_initial_common_word_is_a_name_only_before_a_predicate():
    nlp = pipeline_with_spans("en", [("PERSON", "Mr Young")])
    doc = nlp("Mr Young appealed. Young later refused. Young people protested.")
    assert doc._.anon_text == "[PERSON_1] appealed. [PERSON_1] later refused. Young people protested."


def test_title_variants_possessives_and_accents():
    nlp = pipeline_with_spans("en", [("PERSON", "Mr Benham"), ("PERSON", "José Álvarez")])
    doc = nlp("Mr Benham instructed José Álvarez. Mr Benham's solicitor wrote to ALVAREZ and Alvarez replied.")
    assert doc._.anon_text == ("[PERSON_1] instructed [PERSON_2]. [PERSON_1]'s solicitor wrote to [PERSON_2] "
                               "and [PERSON_2] replied.")


# ------------------------------------------------------------------------------------ acronyms
def test_acronym_and_expansion_are_one_entity(default_nlp):
    # (the court that decides is public and stays: `drop_public_references`; an association is named)
    doc = default_nlp("The applicant complained to the Helsinki Foundation for Human Rights. The HFHR dismissed it.")
    assert "HFHR" not in doc._.anon_text
    orgs = [r for r in doc._.anon_table if r["label"] == "ORG"]
    assert len(orgs) == 2 and orgs[0]["entity"] == orgs[1]["entity"]
    assert orgs[0]["replacement"] == orgs[1]["replacement"]


def test_expansion_defined_before_a_detected_acronym():
    nlp = pipeline_with_spans("en", [("ORG", "PSO")])
    doc = nlp("It fell within a general order, Prison Service Order (PSO) 1000. The PSO applied to all prisons.")
    assert doc._.anon_text == ("It fell within a general order, [ORG_1] ([ORG_1]) 1000. "
                               "The [ORG_1] applied to all prisons.")


def test_acronyms_and_short_forms():
    assert acronym("European Court of Human Rights") == "ECHR"
    assert acronym("Supremo Tribunal de Justiça") == "STJ"
    assert acronym("Court") == "" and leak_acronym("Court") == ""
    assert short_forms("Cosmesin Laboratorieprodukter A/S", " (“Cosmesin”) and") == ["cosmesin"]
    assert short_forms("European Commission of Human Rights", ' ("the Commission")') == ["commission",
                                                                                      "european commission"]
    assert short_forms("United Kingdom of Great Britain") == ["united kingdom"]
    assert short_forms("Opole Lubelskie Prison Penitentiary Commission") == []


# ------------------------------------------------------------------------------------ anaphora
def test_the_applicant_and_pronouns_follow_their_person(default_nlp):
    doc = default_nlp('The case originated in an application lodged by a Turkish national, Mr Cengiz Polat '
                      '("the applicant"). The applicant was represented by Ms Ayla Kaya, a lawyer. She argued '
                      'that he had been detained. Polat later denied it.')
    found = dict((text.lower(), entity) for text, entity in entities(doc))
    applicant = found["mr cengiz polat"]
    assert found["the applicant"] == applicant and found["he"] == applicant and found["polat"] == applicant
    assert found["she"] == found["ms ayla kaya"] != applicant
    assert "the applicant" in doc._.anon_text and " he " in doc._.anon_text  # anaphora are kept
    assert "Polat" not in doc._.anon_text
    assert doc.user_data[COREF_GENDER_KEY][applicant] == "m"


def test_portuguese_ela_refers_to_maria():
    nlp = pipeline_with_spans("pt", [("PERSON", "Maria Silva"), ("PERSON", "Papa Clemente VII"), ("LOC", "Lisboa")])
    doc = nlp("Maria Silva chegou a Lisboa com o Papa Clemente VII. Ela disse que ele estava doente.")
    found = dict(entities(doc))
    assert found["Ela"] == found["Maria Silva"] and found["ele"] == found["Papa Clemente VII"]
    assert doc._.anon_text.endswith(". Ela disse que ele estava doente.")  # pronouns kept
    assert not {"Maria", "Lisboa", "Clemente"} & set(doc._.anon_text.replace(".", " ").split())


def test_spanish_el_paciente_and_ella():
    nlp = pipeline_with_spans("es", [("PERSON", "María García"), ("PERSON", "Juan Pérez"), ("LOC", "Madrid")])
    doc = nlp("La paciente, María García, fue atendida en Madrid. Ella refirió dolor. "
              "El paciente Juan Pérez llegó después; él negó fiebre. La paciente volvió.")
    found = entities(doc)
    maria = dict(found)["María García"]
    juan = dict(found)["Juan Pérez"]
    assert [e for t, e in found if t.lower() in ("la paciente", "ella")] == [maria, maria, maria]
    assert [e for t, e in found if t.lower() in ("el paciente", "él")] == [juan, juan]
    assert "El" not in [t for t, _ in found]  # the article "el" is no pronoun


def test_mask_anaphora_masks_them_with_the_name():
    nlp = pipeline_with_spans("en", [("PERSON", "Anna Kowalski")], mask_anaphora=True)
    doc = nlp("Anna Kowalski was arrested. She appealed.")
    assert doc._.anon_text == "[PERSON_1] was arrested. [PERSON_1] appealed."


def test_pronoun_lists_leave_articles_and_possessives_alone():
    text = "El informe de la paciente. O livro dela. Su madre y él."
    assert [(a.kind, text[a.start:a.end]) for a in find_anaphora(text, "es")] == [
        ("nominal", "la paciente"), ("pronoun", "él")]
    assert [text[a.start:a.end] for a in find_anaphora(text, "pt")] == ["dela"]
    assert sentence_starts("Mr. Smith came. He left.") == [0, 16]


# ------------------------------------------------------------------------------------ mask integration
def test_without_anon_coref_the_mask_groups_as_before():
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("span_ruler", config={"spans_key": "anon"})
    ruler.add_patterns([{"label": "ORG", "pattern": "European Court of Human Rights"},
                        {"label": "ORG", "pattern": "ECHR"}])
    nlp.add_pipe("anon_mask", config={"run_rules": False, "use_ents": False})
    doc = nlp("The European Court of Human Rights (ECHR) sat.")
    assert COREF_RAN_KEY not in doc.user_data
    assert doc._.anon_text == "The [ORG_1] ([ORG_2]) sat."
    nlp.add_pipe("anon_coref", before="anon_mask", config={"use_ents": False})
    assert nlp("The European Court of Human Rights (ECHR) sat.")._.anon_text == "The [ORG_1] ([ORG_1]) sat."


def test_one_surrogate_per_entity_across_its_mentions():
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("span_ruler", config={"spans_key": "anon"})
    ruler.add_patterns([{"label": "ORG", "pattern": "Irish Republican Army"}, {"label": "ORG", "pattern": "IRA"}])
    nlp.add_pipe("anon_coref", config={"use_ents": False})
    nlp.add_pipe("anon_mask", config={"run_rules": False, "use_ents": False, "strategy": "pseudonym",
                                      "pseudonym_key": "a-test-key-of-16-chars"})
    doc = nlp("The Irish Republican Army (known as the IRA) claimed it; the IRA denied it later.")
    assert len({r["replacement"] for r in doc._.anon_table}) == 1 and len(doc._.anon_table) == 3


def test_partial_leaks_counts_names_left_in_clear():
    text = "Mr Benham sued. Benham lost. The European Court of Human Rights and the ECHR."
    rows = [{"start": 0, "end": 9, "label": "PERSON", "replacement": "[PERSON_1]"},
            {"start": 33, "end": 63, "label": "ORG", "replacement": "[ORG_1]"}]
    anon = "[PERSON_1] sued. Benham lost. The [ORG_1] and the ECHR."
    leaks = partial_leaks(text, anon, rows)
    assert [(anon[p.start:p.end], p.label) for p in leaks] == [("Benham", "PERSON"), ("ECHR", "ORG")]


# ------------------------------------------------------------------------------------ settings, serialization
def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="E975"):
        AnonCoref(resolver="neural")
    with pytest.raises(ValueError, match="E976"):
        AnonCoref(max_sentences=-1)


def test_coreferee_resolver_needs_its_package_or_its_chains():
    try:
        import coreferee  # noqa: F401  (only whether it is installed)
    except ImportError:
        with pytest.raises(ValueError, match="E978"):
            AnonCoref(resolver="coreferee")
        return
    nlp = spacy.blank("en")
    coref = AnonCoref(resolver="coreferee")
    doc = nlp("Anna came. She left.")
    doc.spans["anon"] = [doc.char_span(0, 4, label="PERSON")]
    if not Doc.has_extension("coref_chains"):
        with pytest.raises(ValueError, match="E979"):
            coref(doc)


def test_config_round_trip_to_disk_and_pickle(tmp_path):
    nlp = pipeline_with_spans("en", [("PERSON", "Mr Cengiz Polat"), ("ORG", "European Court of Human Rights")],
                              max_sentences=3, acronym_labels=["ORG", "MISC"])
    text = 'Mr Cengiz Polat ("the applicant") wrote to the European Court of Human Rights. The ECHR replied to him.'
    expected = nlp(text)._.anon_text
    assert expected == '[PERSON_1] ("the applicant") wrote to the [ORG_1]. The [ORG_1] replied to him.'
    assert nlp.config["components"]["anon_coref"]["max_sentences"] == 3
    nlp.to_disk(tmp_path / "model")
    saved = spacy.util.load_config(tmp_path / "model" / "config.cfg")  # the settings live in the config only
    assert saved["components"]["anon_coref"]["acronym_labels"] == ["ORG", "MISC"]
    again = spacy.load(tmp_path / "model")
    assert again.get_pipe("anon_coref").max_sentences == 3
    assert again(text)._.anon_text == expected
    assert pickle.loads(pickle.dumps(nlp))(text)._.anon_text == expected
    component = pickle.loads(pickle.dumps(nlp.get_pipe("anon_coref")))
    assert component.acronym_labels == ("ORG", "MISC")
    assert AnonCoref(max_sentences=3).from_bytes(nlp.get_pipe("anon_coref").to_bytes()).max_sentences == 3


# ------------------------------------------------------------------------------------ gold
def test_gold_fixture_is_well_formed_and_large_enough():
    records = [json.loads(line) for line in GOLD.read_text(encoding="utf-8").splitlines() if line.strip()]
    mentions = [m for r in records for m in r["mentions"]]
    assert len(mentions) >= 300
    assert {r["lang"] for r in records} == {"en", "pt"}
    assert {r["id"].split(":")[0] for r in records} == {"tab", "wikiactors", "harem"}
    for r in records:
        assert len(r["text"]) <= 2500 and r["licence"] and r["split"] in ("dev", "heldout")
        for start, end, label, kind, cluster in r["mentions"]:
            assert r["text"][start:end].strip() == r["text"][start:end] and label in ("PERSON", "ORG", "LOC")
            assert kind in ("name", "acronym", "pronoun", "nominal") and cluster


def test_anon_coref_beats_both_baselines_on_the_gold():
    """B³ over all gold mentions (names given): anon_coref above the name-part grouper and singletons."""
    records = [json.loads(line) for line in GOLD.read_text(encoding="utf-8").splitlines() if line.strip()]
    nlps = {lang: spacy.blank(lang) for lang in ("en", "pt")}
    gold, coref_pred, single = {}, {}, {}
    for r in records:
        gold[r["id"]] = [(m[0], m[1], m[4]) for m in r["mentions"]]
        single[r["id"]] = [(m[0], m[1], f"s{m[0]}") for m in r["mentions"]]
        doc = nlps[r["lang"]].make_doc(r["text"])
        doc.spans["anon"] = [doc.char_span(m[0], m[1], label=m[2])
                             for m in r["mentions"] if m[3] in ("name", "acronym")]
        doc = AnonCoref(lang=r["lang"], add_mentions=False)(doc)
        coref_pred[r["id"]] = [(s.start_char, s.end_char, s._.anon_entity) for s in doc.spans["anon_coref"]]
    coref, base = b_cubed(gold, coref_pred), b_cubed(gold, single)
    assert base["b3_precision"] == 1.0 and coref["b3_recall"] > base["b3_recall"] + 0.3
    assert coref["b3_precision"] > 0.95 and coref["b3_f1"] > 0.9


@pytest.mark.parametrize("pronouns,gender", [("She appealed and her lawyer wrote.", "female"),
                                             ("He appealed and his lawyer wrote.", "male")])
def test_surrogate_agrees_with_the_kept_pronouns(pronouns, gender):
    """"Robin" says no gender; the pronouns do, and the surrogate first name follows them."""
    from faker.providers.person.en_US import Provider

    names = set(Provider.first_names_female if gender == "female" else Provider.first_names_male)
    for seed in range(4):
        nlp = pipeline_with_spans("en", [("PERSON", "Robin Quist")])
        nlp.remove_pipe("anon_mask")
        nlp.add_pipe("anon_mask", config={"run_rules": False, "use_ents": False, "strategy": "surrogate",
                                          "seed": seed})
        doc = nlp(f"Robin Quist was arrested. {pronouns}")
        assert doc._.anon_text.split()[0] in names
        assert doc._.anon_text.endswith(pronouns)


def test_entities_of_a_ner_are_mentions_too():
    """A pipeline whose names come from doc.ents (a spaCy ner): their pronouns and acronyms link."""
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("entity_ruler")
    ruler.add_patterns([{"label": "PERSON", "pattern": "Anna Kowalski"},
                        {"label": "ORG", "pattern": "Irish Republican Army"}])
    nlp.add_pipe("anon_coref")
    nlp.add_pipe("anon_mask", config={"run_rules": False})
    doc = nlp("Anna Kowalski left the Irish Republican Army. The IRA let her go; Kowalski moved.")
    assert doc._.anon_text == "[PERSON_1] left the [ORG_1]. The [ORG_1] let her go; [PERSON_1] moved."
    assert dict(entities(doc))["her"] == dict(entities(doc))["Anna Kowalski"]
