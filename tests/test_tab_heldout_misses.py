"""`benchmarks/tab_heldout_misses.py`: mentions left wholly in clear, and how often the gold marks their text."""
import importlib.util
from pathlib import Path

SPEC = importlib.util.spec_from_file_location(
    "tab_heldout_misses", Path(__file__).resolve().parents[1] / "benchmarks" / "tab_heldout_misses.py")
misses = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(misses)


def test_a_mention_counts_only_when_every_word_is_in_clear():
    text = "The Government and Mr Smith met the Government."
    gold = [(4, 14), (19, 27)]
    mask = misses.masked_chars(len(text), [(22, 27, "PERSON")])  # "Smith" masked, "Mr" not
    assert misses.missed_mentions(text, gold, mask) == [("Government", 1)]


def test_marked_share_counts_whole_phrases():
    docs = [("the Government said; the Government agreed", [(4, 14)]), ("Governments differ", [])]
    assert misses.marked_share("Government", docs) == (1, 2)
