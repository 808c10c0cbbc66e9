"""Build spacy_anon/data/lexicon/{en,es,pt}_word_case.txt: the usual written form of words that are not
written in lower case (names, places, acronyms) and of rare words that are, counted in cased running text,
and (`--places`) the one-word place names of Faker's address lists.

Sources: TAB's background judgments (ECHR, `tab/background/*.json`, MIT licence, Norsk Regnesentral) and,
with `--wikiann`, the sentences of WikiANN's English train split (Wikipedia text, CC BY-SA; only counts of
word forms are kept).
Only mid-sentence occurrences count (a sentence's first word is capitalised whatever it is). A word is kept
when it was seen `--min-count` times and one form has at least `--min-share` of them; it is written when
that form is not the lower-case one, or when it is but the word is rare in English (wordfreq Zipf below
`--common-zipf`), since a rare word that is not listed is read as a name.

    python scripts/build_case_table.py ../shared/data/tab/background --wikiann ../shared/data/ner/wikiann_en/train \
        -o spacy_anon/data/lexicon/en_word_case.txt

Spanish: the clinical cases of MEDDOCAN train (brat `.txt` files, CC BY 4.0; dev is left out, it is the
benchmark) and Faker's Spanish place names (MIT). Portuguese: no cased Portuguese text with a licence that
allows shipping what is derived from it is at hand (HAREM's terms are "research use"), so Faker's
Portuguese place names only (MIT); Portuguese person names are Faker's, read at run time
(`spacy_anon.lexicon.case_profiles`).

    python scripts/build_case_table.py ../shared/data/meddocan/train --lang es --places es --all-forms \
        -o spacy_anon/data/lexicon/es_word_case.txt
    python scripts/build_case_table.py --lang pt --places pt -o spacy_anon/data/lexicon/pt_word_case.txt
"""
import argparse
import collections
import json
import re
from pathlib import Path

WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
# Faker address lists whose one-word entries are place names: (provider locale, attribute) per language
PLACES = {
    "es": (("es_ES", "countries"), ("es_ES", "states"), ("es_ES", "regions"), ("es_MX", "states"),
           ("es_MX", "countries")),
    "pt": (("pt_BR", "countries"), ("pt_PT", "countries"), ("pt_BR", "estados"), ("pt_PT", "cities"),
           ("pt_PT", "distritos"), ("pt_PT", "concelhos")),
}
# one-word place names that are ordinary words more often ("Tomar" is a town, "tomar" to take)
GENERIC_PLACE_WORDS = frozenset(
    "mundo ciudad tomar guarda fronteira batalha nordeste paredes chaves mora centro vale monte ponte "
    "guerrero sul norte este oeste mar".split())
SENT_END = re.compile(r"[.!?:;]\s*$|\n\s*$|^\s*$")


def texts(folder: Path):
    """The texts of a folder's `.json` files (TAB's background: {id: text} or [{"text": ...}]) and `.txt`
    files (brat: one document each)."""
    for path in sorted(Path(folder).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf8"))
        yield from (data.values() if isinstance(data, dict) else (d.get("text", "") for d in data))
    for path in sorted(Path(folder).glob("*.txt")):
        yield path.read_text(encoding="utf8")


def place_forms(lang: str, max_zipf: float):
    """The one-word place names of Faker's address lists for `lang` (`PLACES`), as written; not a function
    word of the language, a `GENERIC_PLACE_WORDS` word, or (but for a country) a word more frequent than
    `max_zipf`."""
    import importlib

    from wordfreq import zipf_frequency

    stop = importlib.import_module(f"spacy.lang.{lang}.stop_words").STOP_WORDS
    out = set()
    for locale, attribute in PLACES[lang]:
        for entry in getattr(importlib.import_module(f"faker.providers.address.{locale}").Provider, attribute):
            entry = entry[-1] if isinstance(entry, (tuple, list)) else entry  # ("AC", "Acre")
            words = WORD.findall(entry)
            if len(words) != 1 or entry.strip() != words[0] or not words[0][:1].isupper():
                continue
            lower = words[0].lower()
            if lower in stop or lower in GENERIC_PLACE_WORDS or (
                    attribute != "countries" and zipf_frequency(lower, lang) > max_zipf):
                continue
            out.add(words[0])
    return out


def wikiann_lines(path: Path):
    """WikiANN's "en:word<TAB>tag" lines as one text line per sentence."""
    words = []
    for line in Path(path).read_text(encoding="utf8").splitlines():
        if not line.strip():
            if words:
                yield " ".join(words)
            words = []
            continue
        words.append(line.split("\t")[0].split(":", 1)[-1])
    if words:
        yield " ".join(words)


def count_forms(lines, forms) -> None:
    """Add the mid-sentence forms of each word of `lines` to `forms` (lower -> Counter of forms)."""
    for line in lines:
        letters = [c for c in line if c.isalpha()]
        if letters and sum(c.isupper() for c in letters) > 0.6 * len(letters):
            continue  # headings in capitals say nothing of a word's usual form
        prev_end = 0
        for m in WORD.finditer(line):
            if prev_end and not SENT_END.search(line[max(0, prev_end - 3):m.start()]):
                forms[m.group().lower()][m.group()] += 1
            prev_end = m.end()


def header(a) -> str:
    """The table's first lines: what it was counted in, and under which licences."""
    if a.lang == "en":
        return ("# Usual written form of English words (scripts/build_case_table.py): counted in TAB's background\n"
                "# judgments (MIT licence, Norsk Regnesentral)" + (" and WikiANN English train (CC BY-SA)" if a.wikiann else "")
                + ". One form per line.\n")
    name = {"es": "Spanish", "pt": "Portuguese"}[a.lang]
    sources = []
    if a.folder:
        sources.append(f"counted in {Path(a.folder).parent.name}/{Path(a.folder).name} (" +
                       ("MEDDOCAN train, CC BY 4.0" if "meddocan" in str(a.folder).lower() else "cased text") + ")")
    if a.places:
        sources.append("one-word place names of Faker's address lists (MIT)")
    return (f"# Usual written form of {name} words (scripts/build_case_table.py --lang {a.lang}): "
            + "; ".join(sources) + ". One form per line.\n")


# personal pronouns: capitalised only at a sentence's start, in a title or a heading ("Others" stays: a
# case name's "and Others")
PRONOUNS_EN = frozenset("i me my mine myself you your yours yourself yourselves we us our ours ourselves he him his "
                        "himself she her hers herself it its itself they them their theirs themselves".split())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder", nargs="?", default=None, help="cased text: .json (TAB background) / .txt files")
    ap.add_argument("--lang", default="en", choices=("en", "es", "pt"))
    ap.add_argument("--places", default=None, choices=tuple(PLACES), help="add Faker's one-word place names")
    ap.add_argument("--place-max-zipf", type=float, default=5.5)
    ap.add_argument("--all-forms", action="store_true",
                    help="write lower-case forms too, however frequent (a listed name that the text writes in "
                         "lower case, \"izquierdo\", is then read as a word)")
    ap.add_argument("--wikiann", default=None, help="WikiANN English train file (optional)")
    ap.add_argument("-o", "--out", required=True)
    ap.add_argument("--min-count", type=int, default=3)
    ap.add_argument("--min-share", type=float, default=0.6)
    ap.add_argument("--common-zipf", type=float, default=3.0)
    a = ap.parse_args(argv)
    from wordfreq import zipf_frequency

    forms = collections.defaultdict(collections.Counter)
    if a.folder:
        for text in texts(Path(a.folder)):
            count_forms(text.splitlines(), forms)
    if a.wikiann:
        count_forms(wikiann_lines(Path(a.wikiann)), forms)
    out = []
    for lower, counter in forms.items():
        total = sum(counter.values())
        form, n = counter.most_common(1)[0]
        if total < a.min_count or n < a.min_share * total or len(lower) < 2:
            continue
        if form == lower and not a.all_forms and zipf_frequency(lower, a.lang) >= a.common_zipf:
            continue
        if form not in (lower, lower.upper(), lower[:1].upper() + lower[1:]) and not form[:1].isupper():
            continue
        if a.lang == "en" and lower in PRONOUNS_EN:
            continue  # "Me", "You", "Your": a heading's or a title's capital, never the word's usual form
        out.append(form)
    if a.lang != "en":  # titles are capitalised wherever they stand (the profile's `titles`): "SR" -> "Sr"
        from spacy_anon.lexicon.case_profiles import PROFILES

        out = [form for form in out if form.lower() not in PROFILES[a.lang].titles]
    counted = {form.lower() for form in out}
    if a.places:
        out.extend(form for form in place_forms(a.places, a.place_max_zipf) if form.lower() not in counted)
    out.sort(key=str.lower)
    Path(a.out).write_text(header(a) + "\n".join(out) + "\n", encoding="utf8")
    print(f"{len(out)} forms from {len(forms)} words")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
