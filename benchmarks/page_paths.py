"""How the benchmark pages show a path: relative to the project, `../shared/...` for the data folder
beside it (the path as given or with its links followed), else `PATH/name` (a reader's machine has no
copy of a scratch folder)."""
import os
from pathlib import Path
from typing import Union


def shown_path(path: Union[str, Path], project: Path) -> str:
    raw, real = Path(os.path.abspath(path)), Path(path).resolve()
    for known, prefix in ((project, ""), (project.parent / "shared", "../shared")):
        for p, k in ((raw, Path(os.path.abspath(known))), (real, known.resolve())):
            if p == k or k in p.parents:
                rel = p.relative_to(k).as_posix()
                return (f"{prefix}/{rel}" if prefix else rel) if rel != "." else (prefix or ".")
    return f"PATH/{raw.name}"
