"""Write spacy_anon/data/lexicon/en_rare_words.txt: English dictionary words too rare for the common-word
list, so that a clinical note's "rectal", "coccyx", "dextrose" or "lethargic" is a word, not a name.

`en_common_words.txt` keeps WordNet 3.0 lower-case lemmas of Zipf >= 3 (a rarer lemma is unlikely to be
someone's surname and a word at once, the leak guard's question). The `clinical_notes` span filter of
anon_crf asks the other question, whether a word of a note can be a name at all, and needs the rarer
lemmas too: this takes WordNet 3.0's lower-case, alphabetic lemmas that wordfreq knows (Zipf above 0)
below the common list's Zipf 3. Proper nouns are capitalised in WordNet, so names stay out.

    python scripts/make_rare_words.py   (needs `spacy-anon wordnet install`)
"""
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "spacy_anon" / "data" / "lexicon" / "en_rare_words.txt"
MAX_ZIPF = 3.0


def main() -> int:
    import wn
    from wordfreq import zipf_frequency

    from spacy_anon.generalize.wordnet_install import configure_wn, english_lexicons

    configure_wn()
    lexicon = wn.Wordnet(english_lexicons()[0])
    words = {w.lemma() for w in lexicon.words()}
    rare = sorted(w for w in words if w.isalpha() and w == w.lower() and 0 < zipf_frequency(w, "en") < MAX_ZIPF)
    OUT.write_text("# WordNet 3.0 lower-case lemmas with wordfreq 0 < Zipf < 3 (scripts/make_rare_words.py)\n"
                   + "\n".join(rare) + "\n", encoding="utf-8")
    print(f"{len(rare)} words -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
