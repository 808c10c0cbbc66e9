"""Write spacy_anon/data/lexicon/en_common_words.txt: lower-case English words that are not only names.

The leak guard sweeps a masked surname in every casing ("KOWALSKI", "kowalski"), except where the
surname is also an ordinary word ("King", "White", "Young"): then only capitalised occurrences count,
or "young people" would be masked because of a Mr Young. Word frequency cannot tell the two apart
("williams" is as frequent as "white"); a dictionary can. This takes WordNet 3.0's lower-case,
alphabetic lemmas (proper nouns are capitalised there: "Johnson", "Williams") that wordfreq gives a
Zipf frequency of at least 3 (the rarer ones are unlikely to be someone's surname and a word at once).

    python scripts/make_common_words.py   (needs `spacy-anon wordnet install`)
"""
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "spacy_anon" / "data" / "lexicon" / "en_common_words.txt"
MIN_ZIPF = 3.0


def main() -> int:
    import wn
    from wordfreq import zipf_frequency

    from spacy_anon.generalize.wordnet_install import configure_wn, english_lexicons

    configure_wn()
    lexicon = wn.Wordnet(english_lexicons()[0])
    words = {w.lemma() for w in lexicon.words()}
    common = sorted(w for w in words if w.isalpha() and w == w.lower() and zipf_frequency(w, "en") >= MIN_ZIPF)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("# WordNet 3.0 lower-case lemmas with wordfreq Zipf >= 3 (scripts/make_common_words.py)\n"
                   + "\n".join(common) + "\n", encoding="utf-8")
    print(f"{len(common)} words -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
