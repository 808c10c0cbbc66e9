"""Adversarial sizes: a 1 MB base64 blob through the default pipeline, and linear propagation."""
import base64
import random
import time

import spacy_anon
from spacy_anon.tagger.propagate import propagate_spans


def test_a_one_megabyte_base64_blob_is_anonymized_in_linear_time():
    """It did not finish in 300 s (quadratic e-mail regex, tagged runs compared with every position)."""
    rng = random.Random(0)
    blob = base64.b64encode(bytes(rng.getrandbits(8) for _ in range(750_000))).decode()
    nlp = spacy_anon.load()
    nlp.max_length = 2_000_000
    start = time.perf_counter()
    small = nlp("Attachment: " + blob[:100_000])
    small_seconds = time.perf_counter() - start
    start = time.perf_counter()
    doc = nlp("Attachment: " + blob)
    seconds = time.perf_counter() - start
    assert doc._.anon_status == "ok" and small._.anon_status == "ok"
    assert seconds < 150, seconds
    assert seconds < 25 * max(small_seconds, 0.5), (small_seconds, seconds)  # 10x the text, not 100x the time


def test_propagation_with_thousands_of_tagged_runs_stays_linear():
    rng = random.Random(1)
    words = [rng.choice("ABCDEFGH") + rng.choice("abcdefgh") for _ in range(40_000)]
    spans = [(i, i + rng.randint(1, 30), "CODE", 0.9) for i in range(0, 40_000, 40)]
    start = time.perf_counter()
    out = propagate_spans(words, spans)
    assert time.perf_counter() - start < 20
    assert len(out) >= len(spans)
