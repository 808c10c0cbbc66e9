"""What the casing tests share: the words a pipeline masks, to compare one text in several casings."""


def masked_words(nlp, text):
    """The words of `text` (lower-cased) that the pipeline masks, in document order."""
    doc = nlp(text)
    assert doc._.anon_status == "ok"
    chars = set()
    for row in doc._.anon_table:
        chars.update(range(row["start"], row["end"]))
    words, word = [], ""
    for i, ch in enumerate(text + " "):
        if ch.isalnum() and i in chars:
            word += ch
        elif word:
            words.append(word.lower())
            word = ""
    return words
