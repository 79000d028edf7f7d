"""Every question the campaign can ask has its answer in the engine's one table, whatever was imported first."""

import re
import subprocess
import sys
from pathlib import Path

from rules.genertela import engine

RULES = Path(engine.__file__).parent


def asked_kinds() -> set[str]:
    """The decision kinds the rules ask, read from the source: decisions.ask(state, who, "kind", ...) and ask_zone."""
    found: set[str] = set()
    for path in RULES.glob("*.py"):
        found |= set(re.findall(r'\bask(?:_zone)?\(\s*state,\s*[^,]+,\s*"(\w+)"', path.read_text(encoding="utf-8")))
    return found


def test_every_decision_kind_asked_has_an_answer():
    kinds = asked_kinds()
    assert len(kinds) >= 18 and "dragonewt_block" in kinds and "vote" in kinds
    assert kinds <= set(engine.ANSWERS), f"no answer for {sorted(kinds - set(engine.ANSWERS))}"


def test_the_answers_do_not_depend_on_what_was_imported_first():
    """A fresh interpreter that imports only the engine has every answer (no registration by import side effect)."""
    code = "from rules.genertela import engine; print(len(engine.ANSWERS))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=RULES.parents[1])
    assert int(out.stdout) == len(engine.ANSWERS)
