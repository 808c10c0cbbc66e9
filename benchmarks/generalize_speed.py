"""Speed of generalization: `python benchmarks/generalize_speed.py [N]` (needs the installed WordNet).

Times `generalization_candidates` over N distinct WordNet nouns (cold caches), then `anon_generalize`
(no vectors) on a Doc with one span per one-word noun, first with cold and then with warm caches.
"""
import sys
import time


def main(n_terms: int = 1000) -> None:
    import spacy
    from spacy.tokens import Span

    import spacy_anon  # noqa: F401
    from spacy_anon.generalize.wordnet import generalization_candidates, get_wordnet, resolve_lexicon

    spec = resolve_lexicon("en")
    words = sorted({str(lemma) for s in get_wordnet(spec).synsets(pos="n")[: 3 * n_terms] for lemma in s.lemmas()})
    words = words[:n_terms]
    start = time.perf_counter()
    total = sum(len(generalization_candidates(w)) for w in words)
    dt = time.perf_counter() - start
    print(f"generalization_candidates: {len(words)} terms in {dt:.2f} s = {len(words) / dt:.0f} terms/s, "
          f"mean |G(s)| {total / len(words):.1f}")

    single = [w for w in sorted({str(l) for s in get_wordnet(spec).synsets(pos="n")[-3 * n_terms:]
                                 for l in s.lemmas()}) if w.isalpha()][: n_terms // 2]
    nlp = spacy.blank("en")
    gen = nlp.add_pipe("anon_generalize")
    doc = nlp.make_doc(" ".join(f"He saw {w} there ." for w in single))
    doc.spans["anon"] = [Span(doc, i * 5 + 2, i * 5 + 3, "MISC") for i in range(len(single))]
    for label, reset in (("cold", False), ("warm", True)):
        if reset:
            for span in doc.spans["anon"]:
                span._.anon_replacement = None
        start = time.perf_counter()
        gen(doc)
        print(f"anon_generalize ({label} caches): {len(single)} spans in {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
