"""A project.yml recipe run on other paths: the shell lines of named commands with their paths replaced,
so that a cross-validation fold builds its model by the very commands that build the shipped one."""
import re
from typing import List, Mapping, Optional, Sequence, Tuple

from spacy_anon.errors import Errors

# (command name, a text picking some of its lines or None for all, the paths those lines must contain)
RecipeStep = Tuple[str, Optional[str], Sequence[str]]


def substitute(line: str, paths: Mapping[str, str]) -> str:
    """`line` with every path of `paths` replaced in one pass (a replacement is never replaced again);
    the longest path wins where two start at the same place."""
    if not paths:
        return line
    pattern = re.compile("|".join(re.escape(k) for k in sorted(paths, key=len, reverse=True)))
    return pattern.sub(lambda m: paths[m.group(0)], line)


def recipe_lines(project: Mapping, steps: Sequence[RecipeStep], paths: Mapping[str, str],
                 skip: Sequence[str] = (), only: Sequence[str] = ()) -> List[str]:
    """The shell lines of `steps` (those of the commands in `only`, when given; none of a step whose
    picking text is in `skip`), paths replaced. Refuses (E774) a command that no longer holds a line or a
    path the replacement expects, so a changed recipe is never run half on the shipped paths."""
    commands = {c["name"]: c for c in project["commands"]}
    out = []
    for name, which, needed in steps:
        if (which is not None and which in skip) or (only and name not in only):
            continue
        if name not in commands:
            raise ValueError(Errors.E774.format(command=name, text=name))
        lines = [ln for ln in commands[name]["script"] if which is None or which in ln]
        if not lines:
            raise ValueError(Errors.E774.format(command=name, text=which))
        text = " ".join(lines)
        for path in needed:
            if path not in text:
                raise ValueError(Errors.E774.format(command=name, text=path))
        out.extend(substitute(ln, paths) for ln in lines)
    return out
