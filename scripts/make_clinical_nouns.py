"""Write spacy_anon/data/lexicon/en_clinical_nouns.txt: English nouns that only name a part of the body, a
disease, a symptom, an injury or a medical procedure ("gallbladder", "bronchopneumonia", "craniotomy", "dementia"), so
that a tagger's name span made of them is dropped (`spacy_anon.mask.span_kinds`): "Findings: Gallbladder
contains calculi" names no place.

Takes WordNet 3.0's lower-case, alphabetic lemmas of four letters or more under body_part.n.01,
disease.n.01, symptom.n.01, medical_procedure.n.01, pathology.n.02, injury.n.01, mental_illness.n.01 and
mental_disorder.n.01 (hyponyms, all the way
down) whose every noun sense lies there ("temple", "valve" and "liver" have other senses and stay out),
and leaves out the given names, surnames and place names the pipeline's gazetteers know.

    python scripts/make_clinical_nouns.py   (needs `spacy-anon wordnet install`)
"""
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "spacy_anon" / "data" / "lexicon" / "en_clinical_nouns.txt"
# WordNet 3.0 offsets: body_part, disease, symptom, medical_procedure, pathology (a deviation from health), injury,
# mental_illness, mental_disorder
ROOTS = ("05220461-n", "14070360-n", "14299637-n", "01024392-n", "14204950-n", "14285662-n", "14380140-n",
         "14083790-n")


def main() -> int:
    import wn

    from spacy_anon.generalize.wordnet_install import configure_wn, english_lexicons
    from spacy_anon.lexicon.place_names import known_place_names
    from spacy_anon.rules.recognizers.names import first_names, last_names

    configure_wn()
    spec = english_lexicons()[0]
    lexicon = wn.Wordnet(spec)
    prefix = spec.split(":")[0] + "-"
    closure, stack = set(), [lexicon.synset(prefix + root) for root in ROOTS]
    while stack:
        synset = stack.pop()
        if synset.id not in closure:
            closure.add(synset.id)
            stack.extend(synset.hyponyms())
    lemmas = {lemma for sid in closure for lemma in lexicon.synset(sid).lemmas()
              if lemma.isalpha() and lemma.islower() and len(lemma) >= 4}
    names = first_names() | last_names() | known_place_names()
    kept = sorted(w for w in lemmas if w not in names
                  and all(s.id in closure for s in lexicon.synsets(w, pos="n")))
    OUT.write_text("# WordNet 3.0 nouns that only name a body part, disease, symptom, injury or medical procedure "
                   "(scripts/make_clinical_nouns.py)\n" + "\n".join(kept) + "\n", encoding="utf-8")
    print(f"{len(kept)} words -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
