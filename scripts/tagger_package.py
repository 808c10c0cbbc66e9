"""Save a trained tagger pipeline complete, as `spacy_anon.load(PATH)` runs it, and check it.

  python scripts/tagger_package.py training/english/model-best training/english/pipeline --max-mb 20
  python scripts/tagger_package.py training/english/pipeline spacy_anon/data/default_model --max-mb 20

Saves the pipeline complete (anon_rules and anon_mask with the settings of its config; added with their
defaults when a pipeline lacks them), so that `python -m spacy evaluate TARGET DATA` scores what
`spacy_anon.load(TARGET)` runs. Refuses one larger than --max-mb, then checks that `spacy_anon.load(TARGET)`
builds the same components and anonymizes a sample. When TARGET is the package's default model of --lang
(spacy_anon/data/default_model, default_model_pt, default_model_es: the project's package-* commands, the
only ones that write into the source tree), it also checks that `spacy_anon.load(lang=...)` runs it.
"""
import argparse
import shutil
import sys
from pathlib import Path


SAMPLES = {
    "en": "Mr John Smith was born on 3 May 1970 in Leeds and works for Acme Ltd.",
    "pt": "O Papa Clemente VII recebeu Henrique em Lisboa.",
    "es": "La paciente Carmen Delgado Ruiz vive en Sevilla.",
}


def folder_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("model")
    parser.add_argument("target")
    parser.add_argument("--max-mb", type=float, default=20.0)
    parser.add_argument("--lang", default="en", help="the language whose default the model is (load(lang=...))")
    args = parser.parse_args()
    import spacy_anon

    source, target = Path(args.model), Path(args.target)
    nlp = spacy_anon.load(source)
    if "anon_crf" not in nlp.pipe_names:
        print(f"{source} has no anon_crf component", file=sys.stderr)
        return 1
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    nlp.to_disk(tmp)
    size = folder_mb(tmp)
    if size > args.max_mb:
        shutil.rmtree(tmp)
        print(f"model is {size:.1f} MB > {args.max_mb} MB", file=sys.stderr)
        return 1
    shutil.rmtree(target, ignore_errors=True)
    tmp.rename(target)
    from spacy_anon.pipeline import DEFAULT_MODEL_DIRS

    default = DEFAULT_MODEL_DIRS.get(args.lang)
    loads = {f"spacy_anon.load({str(target)!r})": lambda: spacy_anon.load(target)}
    if default is not None and target.resolve() == default.resolve():
        loads[f"spacy_anon.load(lang={args.lang!r})"] = lambda: spacy_anon.load(lang=args.lang)
    for call, load in loads.items():
        anon = load()
        doc = anon(SAMPLES.get(args.lang, SAMPLES["en"]))
        print(f"{target}: {size:.2f} MB, {call} runs {anon.pipe_names}, status {doc._.anon_status}")
        if anon.pipe_names != nlp.pipe_names:
            print(f"{call} runs {anon.pipe_names}, the saved pipeline {nlp.pipe_names}", file=sys.stderr)
            return 1
        if doc._.anon_status != "ok":
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
