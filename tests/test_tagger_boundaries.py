"""Span boundary repair learned from training spans (`spacy_anon.tagger.boundaries`, anon_crf's
`repair_boundaries`)."""
from spacy_anon.tagger.boundaries import learn_boundary_words, repair_boundaries, split_span
from spacy_anon.tagger.tokenizer import split_char_classes


def tokens_and_spans(text, spans):
    """Fine tokens of `text` and the token spans of character spans [(substring, label)]."""
    words, spaces = split_char_classes(text)
    offsets, pos = [], 0
    for word, space in zip(words, spaces):
        offsets.append(pos)
        pos += len(word) + (1 if space else 0)
    out = []
    for piece, label in spans:
        start_char = text.index(piece)
        end_char = start_char + len(piece)
        start = offsets.index(start_char)
        end = max(i for i, o in enumerate(offsets) if o < end_char) + 1
        out.append((start, end, label))
    return words, out


TRAIN = [
    ("Hospital Clínico San Carlos. Calle Martín Lagos s/n. Madrid",
     [("Hospital Clínico San Carlos", "HOSPITAL"), ("Calle Martín Lagos s/n", "CALLE"), ("Madrid", "TERRITORIO")]),
    ("Hospital La Paz. Avda. de la Castellana 261. Madrid",
     [("Hospital La Paz", "HOSPITAL"), ("Avda. de la Castellana 261", "CALLE"), ("Madrid", "TERRITORIO")]),
    ("Hospital de Cruces. Avda. Cruces 12, Barakaldo",
     [("Hospital de Cruces", "HOSPITAL"), ("Avda. Cruces 12", "CALLE"), ("Barakaldo", "TERRITORIO")]),
    ("Calle Mayor 3. Hospital del Mar. Avda. Diagonal 8",
     [("Calle Mayor 3", "CALLE"), ("Hospital del Mar", "HOSPITAL"), ("Avda. Diagonal 8", "CALLE")]),
    ("Operado en 1999 y 2002. Calle Real 5",
     [("1999", "FECHAS"), ("2002", "FECHAS"), ("Calle Real 5", "CALLE")]),
    ("Revisiones en 2004 y 2006, Calle Sol 1",
     [("2004", "FECHAS"), ("2006", "FECHAS"), ("Calle Sol 1", "CALLE")]),
    ("Ingresó en marzo de 2000 y Calle Luna 2",
     [("marzo de 2000", "FECHAS"), ("Calle Luna 2", "CALLE")]),
]


def learned(**kwargs):
    return learn_boundary_words([tokens_and_spans(t, s) for t, s in TRAIN], min_count=2, **kwargs)


def test_learns_heads_extensions_and_breaks_from_training_spans():
    model = learned()
    assert model["heads"] == {"calle": "CALLE", "hospital": "HOSPITAL", "avda": "CALLE"}
    assert "avda" in model["extend"] and "calle" in model["extend"]
    assert model["breaks"] == {"FECHAS": ["y"]}  # seen alone between two dates, never inside one
    assert learned(exclude=frozenset({"calle"}))["heads"].keys() == {"hospital", "avda"}


def test_a_span_running_into_a_street_is_cut_before_the_street_head():
    model = learned()
    words, _ = tokens_and_spans("Hospital Virgen del Rocío Avda. Manuel Siurot s/n", [])
    cut = repair_boundaries(words, [(0, len(words), "HOSPITAL", 0.9)], model)
    assert [("".join(words[s:e]).replace(" ", ""), label) for s, e, label, _ in cut] == [
        ("HospitalVirgendelRocío", "HOSPITAL"), ("Avda.ManuelSiurots/n", "CALLE")]
    # a head left alone at the end ("... Arrixaca Ctra") is dropped, not kept as a one-word street
    words, _ = tokens_and_spans("Hospital Virgen de la Arrixaca Avda", [])
    assert repair_boundaries(words, [(0, len(words), "HOSPITAL", 0.9)], model) == [(0, 5, "HOSPITAL", 0.9)]


def test_heads_do_not_cut_their_own_label_or_after_a_connector():
    model = learned()
    words, _ = tokens_and_spans("Complejo Hospitalario Hospital General", [])
    span = (0, len(words), "HOSPITAL", 1.0)
    assert split_span(words, span, model["heads"], frozenset()) == [span]
    words, _ = tokens_and_spans("Centro de Calle Mayor", [])  # "de Calle": part of the name
    span = (0, len(words), "HOSPITAL", 1.0)
    assert split_span(words, span, model["heads"], frozenset()) == [span]
    words, _ = tokens_and_spans("C/ Calle Mayor 3", [])  # nothing but an abbreviation before the head
    span = (0, len(words), "CALLE", 1.0)
    assert split_span(words, span, {"calle": "CALLE", "hospital": "HOSPITAL"}, frozenset()) == [span]


def test_break_words_split_two_dates_but_not_an_elliptical_one():
    model = learned()
    words, _ = tokens_and_spans("entre 2001 y 2005 se operó", [])
    out = repair_boundaries(words, [(1, 4, "FECHAS", 1.0)], model)
    assert [words[s] for s, _, _, _ in out] == ["2001", "2005"] and all(e - s == 1 for s, e, _, _ in out)
    words, _ = tokens_and_spans("en febrero y abril de 2002", [])  # "febrero" shares the year
    span = (2, len(words), "FECHAS", 1.0)
    assert repair_boundaries(words, [span], model) == [span]
    # breaks belong to a label: "y" inside a street name stays
    words, _ = tokens_and_spans("Calle Ramón y Cajal 3", [])
    span = (0, len(words), "CALLE", 1.0)
    assert repair_boundaries(words, [span], model) == [span]


def test_a_prediction_after_a_head_of_its_label_takes_the_head_in():
    model = learned()
    words, _ = tokens_and_spans("Servicio. Avda. As Xubias 84", [])
    start = words.index("As")
    out = repair_boundaries(words, [(start, len(words), "CALLE", 1.0)], model)
    assert out == [(words.index("Avda"), len(words), "CALLE", 1.0)]
    # not over a head of another label
    out = repair_boundaries(words, [(start, len(words), "HOSPITAL", 1.0)], model)
    assert out == [(start, len(words), "HOSPITAL", 1.0)]


def test_crf_learns_and_stores_boundary_words(tmp_path):
    import spacy

    from test_tagger_components import make_examples, tagger_blank  # tests/ is on sys.path under pytest

    nlp = tagger_blank()
    repair = {"repair_boundaries": {"@misc": "spacy_anon.repair_boundaries.v1"}}
    nlp.add_pipe("anon_crf", config={"max_iterations": 20, "span_filters": repair})
    examples = make_examples(nlp, n=20)
    nlp.initialize(lambda: examples)
    crf = nlp.get_pipe("anon_crf")
    words = crf.span_filters["repair_boundaries"].words
    assert set(words) == {"heads", "extend", "breaks", "edge_punct"}
    nlp.to_disk(tmp_path / "m")
    assert (tmp_path / "m" / "anon_crf" / "span_filters.json").exists()
    loaded = spacy.load(tmp_path / "m")
    assert loaded.get_pipe("anon_crf").span_filters["repair_boundaries"].words == words
    other = spacy.blank("es").add_pipe("anon_crf", config={"span_filters": repair})
    assert other.from_bytes(crf.to_bytes()).span_filters["repair_boundaries"].words == words
    text = "Nombre: Ana Soto.\nNHC: 123456.\n"
    doc_loaded, doc = loaded(text), nlp(text)
    assert [(s.start, s.end, s.label_) for s in doc_loaded.spans["anon"]] == \
        [(s.start, s.end, s.label_) for s in doc.spans["anon"]]
    # off by default: nothing learned, nothing stored
    plain = tagger_blank()
    plain.add_pipe("anon_crf", config={"max_iterations": 5})
    plain.initialize(lambda: make_examples(plain, n=5))
    plain.to_disk(tmp_path / "plain")
    assert not (tmp_path / "plain" / "anon_crf" / "span_filters.json").exists()


def test_edge_punctuation_never_seen_at_a_span_edge_is_trimmed():
    model = learned()
    assert model["edge_punct"] == {"start": [], "end": []}
    words, _ = tokens_and_spans("C/ Sta Mª Valverde 2; 41008 Sevilla", [])
    semi = words.index(";")
    assert repair_boundaries(words, [(0, semi + 1, "CALLE", 1.0)], model) == [(0, semi, "CALLE", 1.0)]
    # an abbreviation's period stays where training spans end with one
    model["edge_punct"]["end"] = ["."]
    words, _ = tokens_and_spans("Calle Mayor 5, 4 izq..", [])
    span = (0, len(words) - 1, "CALLE", 1.0)
    assert repair_boundaries(words, [span], model) == [span]
