"""What limits the TAB tagger, from its cross-validated predictions (no training here).

Reads the held-out predictions that `tagger_eval.py --cv ... --predictions DIR/pred.json --thresholds ...`
writes (pred.json for the config's threshold, pred.T.json for each extra T) and the gold of TAB dev.

  python scripts/tab_error_analysis.py errors DIR/pred.0.02.json        # false/missed tokens by kind
  python scripts/tab_error_analysis.py per-label DIR 0.03 0.01 0.015 0.02 0.05
  python scripts/tab_error_analysis.py nested-setting DIR 0.02@0.003 0.015@0.003 0.01@0.003  # base, others
  python scripts/tab_error_analysis.py string-prior DIR/pred.0.02.json  # drop rarely annotated strings
  python scripts/tab_error_analysis.py lowercase-propagation DIR/pred.0.02.json
  python scripts/tab_error_analysis.py rules                         # anon_rules alone, by recognizer
  python scripts/tab_error_analysis.py drop-strings DIR/pred.0.02.json --pattern "(?:[Tt]he )?Government"
  python scripts/tab_error_analysis.py case-split DIR 0.03 --high 0.025 0.03 0.05 --low 0.01 0.015 0.02
  python scripts/tab_error_analysis.py allow-list DIR/pred.0.02.json --terms "the Government" Court
  python scripts/tab_error_analysis.py trim-trailing DIR/pred.0.02.json  # cut "of", "the"... off span ends
  python scripts/tab_error_analysis.py rule-union DIR/pred.json --gold corpus/deid/deid.spacy \
      --recognizers rules.clinical_date rules.clinical_month_day  # add these rules' matches to the predictions
  python scripts/tab_error_analysis.py implausible-dates DIR/pred.json --gold corpus/deid/deid.spacy

per-label: a threshold per label instead of one (spans of label L from the predictions at T_L), chosen
greedily for recall at precision >= 0.80, in-sample and nested (chosen on 4 folds, scored on the 5th).
nested-setting: one setting (threshold, or T@VETO) for all labels, chosen on 4 folds and scored on the 5th.
string-prior: drop predicted strings that the *training folds* annotate in under RATE of their occurrences.
lowercase-propagation: tag the other occurrences of lowercase strings the tagger found once.
rules: token precision of each `anon_rules` recognizer on its own (does the precision loss come from the
rules or from the CRF?).
rule-union: what adding the matches of named recognizers (opt-in ones too) to the predictions does, and how
many of the matches touch a gold span. implausible-dates: what `anon_crf`'s `drop_implausible_dates` does to
the DATETIME predictions. Both work on any gold with `--gold` (TAB dev by default; deid: corpus/deid/deid.spacy).
The analyses are `spacy_anon.evaluate.error_analysis`.
"""
import argparse
import json
from pathlib import Path

from spacy_anon.evaluate import error_analysis as ea

TAB_DEV = "corpus/tab/tab_dev.spacy"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("analysis", choices=["errors", "per-label", "string-prior", "lowercase-propagation", "rules",
                                             "drop-strings", "case-split", "allow-list", "trim-trailing",
                                             "rule-union", "implausible-dates", "nested-setting"])
    parser.add_argument("predictions", nargs="?", help="pred.json file (per-label: the directory; rules: none)")
    parser.add_argument("thresholds", nargs="*", help="per-label: the base threshold, then the others")
    parser.add_argument("--gold", default=TAB_DEV)
    parser.add_argument("--pattern", help="drop-strings: regular expression a dropped span's text matches whole")
    parser.add_argument("--terms", nargs="*", default=[], help="allow-list: the allow-list entries (strings)")
    parser.add_argument("--high", nargs="*", default=[], help="case-split: thresholds of the base predictions")
    parser.add_argument("--low", nargs="*", default=[], help="case-split: thresholds the extra spans come from")
    parser.add_argument("--recognizers", nargs="*", default=[], help="rule-union: recognizer names")
    args = parser.parse_args(argv)
    records, folds = ea.load_gold(args.gold)
    if args.analysis == "rules":
        result = ea.rule_precision(records)
    elif args.analysis == "case-split":
        settings = sorted(set(args.high) | set(args.low), key=float)
        by_threshold = ea.load_predictions(Path(args.predictions), args.thresholds[0], settings)
        result = ea.case_split(records, by_threshold, args.high, args.low)
    elif args.analysis == "per-label":
        by_threshold = ea.load_settings(Path(args.predictions), args.thresholds[0], args.thresholds[1:])
        result = ea.per_label(records, folds, by_threshold)
    elif args.analysis == "nested-setting":
        by_setting = ea.load_settings(Path(args.predictions), args.thresholds[0], args.thresholds[1:])
        result = ea.nested_setting(records, folds, by_setting)
    else:
        preds = json.loads(Path(args.predictions).read_text())
        result = {"errors": lambda: ea.errors(records, preds),
                  "string-prior": lambda: ea.string_prior(records, folds, preds),
                  "lowercase-propagation": lambda: ea.lowercase_propagation(records, preds),
                  "drop-strings": lambda: ea.drop_strings(records, preds, args.pattern),
                  "allow-list": lambda: ea.allow_list(records, preds, args.terms),
                  "trim-trailing": lambda: ea.trim_trailing(records, preds),
                  "rule-union": lambda: ea.rule_union(records, preds, args.recognizers),
                  "implausible-dates": lambda: ea.implausible_dates(records, preds)}[args.analysis]()
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
