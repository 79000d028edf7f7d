"""A sixth game in one folder: Footrace (tests/support/toy/, engine and renderer) installed for a whole pytest run
with `-p tests.support.toy.plugin`, as if it shipped. The checks every game must pass read the registry, so they
cover it with no list of games touched; a check that kept a list of its own would miss it, and these tests name it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

import rules

ROOT = Path(__file__).resolve().parent.parent
NEW = "footrace"
# What a new game must pass (rules/README.md): the engine contract, the renderer record, text readable inline, the
# players' colours, a whole game through the real bot. Checks, not games: each covers every installed game.
REQUIRED = (
    "tests/rules/test_registry.py::test_every_installed_game_keeps_the_engine_contract_over_its_shortest_whole_game",
    "tests/rules/test_registry.py::test_every_game_is_registered_once_with_its_renderer_record",
    "tests/render/test_records.py::test_the_posted_board_draws_the_same_state_alike_and_nothing_hidden",
    "tests/render/test_records.py::test_the_whole_map_draws_nothing_hidden",
    "tests/render/test_records.py::test_every_zoom_place_is_named_once_draws_and_shows_nothing_hidden",
    "tests/render/test_records.py::test_a_hand_draws_only_what_its_seat_may_see",
    "tests/render/test_records.py::test_warming_up_leaves_the_boards_as_they_were",
    "tests/render/test_inline_text.py::test_every_text_is_readable_at_discords_inline_width",
    "tests/render/test_inline_text.py::test_every_posted_board_has_a_headline",
    "tests/render/test_inline_text.py::test_the_whole_map_reads_at_discords_inline_width",
    "tests/render/test_colour_vision.py::"
    "test_the_colours_that_tell_a_games_players_apart_stay_distinguishable_and_take_readable_text",
    "tests/e2e/test_games.py::test_every_game_plays_to_the_end",
)


def _pytest(args: list[str], collected: Path | None = None) -> subprocess.CompletedProcess[str]:
    """pytest in a child process, Footrace installed for its whole run."""
    env = os.environ | ({"TOY_COLLECTED": str(collected)} if collected else {})
    command = [sys.executable, "-m", "pytest", "-p", "tests.support.toy.plugin", "-p", "no:cacheprovider", *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)


def _games_by_check(ids: list[str], games: set[str]) -> dict[str, set[str]]:
    """Each parametrised test function and the installed games among its parameters ("f[nerath-pieces0]" covers
    nerath)."""
    found: dict[str, set[str]] = defaultdict(set)
    for node in ids:
        match = re.fullmatch(r"(.+?)\[(.+)\]", node.strip())
        if match:
            found[match[1]] |= set(match[2].split("-")) & games
    return found


def missed(ids: list[str], shipped: set[str], new: str) -> list[str]:
    """The checks that cover every shipped game but not the new one: a list of games kept by hand."""
    return sorted(f for f, covered in _games_by_check(ids, shipped | {new}).items() if shipped <= covered - {new}
                  and new not in covered)  # fmt: skip


def test_the_rule_finds_a_check_that_keeps_its_own_list_of_games() -> None:
    ids = [
        "a.py::by_registry[x]", "a.py::by_registry[y]", "a.py::by_registry[new]",
        "a.py::by_hand[x]", "a.py::by_hand[y]",
        "a.py::one_game[x-pieces0]", "a.py::plain",
    ]  # fmt: skip
    assert missed(ids, {"x", "y"}, "new") == ["a.py::by_hand"]
    assert _games_by_check(ids, {"x", "y"})["a.py::one_game"] == {"x"}


def test_no_check_of_every_game_misses_a_game_registered_by_a_test(tmp_path: Path) -> None:
    """Collect the whole suite with Footrace installed: every test parametrised over every shipped game covers it
    too, and so does each check a new game must pass."""
    shipped = set(rules.engines())
    assert all("-" not in game for game in shipped | {NEW})  # a test id's parameters are split at '-'
    listing = tmp_path / "collected.txt"
    run = _pytest(["--collect-only", "-q", "-n", "0", "tests"], listing)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    ids = listing.read_text(encoding="utf-8").splitlines()
    assert missed(ids, shipped, NEW) == []
    covered = _games_by_check(ids, shipped | {NEW})
    assert [check for check in REQUIRED if NEW not in covered.get(check, set())] == []


@pytest.mark.slow
@pytest.mark.alone  # a whole game through the real bot in a child pytest: kept off the other workers' load
def test_the_new_game_passes_every_check_a_game_must_pass() -> None:
    """Run the checks a new game must pass with Footrace: the engine contract, the renderer record, the inline
    text, the colours, a whole game through the real bot against the Discord stand-in. The child run leaves out
    tests/conftest.py (--confcutdir): the lock it takes for `alone` tests is held by this test, which runs alone."""
    files = sorted({check.split("::")[0] for check in REQUIRED})
    run = _pytest(["-q", "-n", "0", "-rA", "--confcutdir", "tests/e2e", "-k", NEW, *files])
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    passed = set(re.findall(r"^PASSED (\S+)", run.stdout, re.MULTILINE))
    assert [check for check in REQUIRED if f"{check}[{NEW}]" not in passed] == [], run.stdout[-3000:]
