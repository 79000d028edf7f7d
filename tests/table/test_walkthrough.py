"""A newcomer's walkthrough: in every game of the registry, one person sits down at the console with bots and plays
their first two turns using only what the console printed. At each move the person reads the last block the bot
printed and answers in one of four ways, in turn: a name it shows (a button's or a menu option's label, typed back
whole), the first command of the "➡️ Next" line, `press <n>` for a button or `pick <n>` for a menu option (a command
the line names without values lists the person's choices, and one is played with `do <n>`). A turn is the person's
moves until the console says it waits for someone else. No id, action or name of any game is written here: every
word typed comes from the bot's own output.

Set PBP_WALKTHROUGH_OUT to a folder to keep each game's transcript of the person's first turn (<game>.txt).
"""

from __future__ import annotations

import functools
import io
import os
import random
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

import rules
from console.clock import ConsoleClock
from console.session import Console
from table.service import TableService
from table.storage import Store
from tests.table.conftest import FakeClock

PERSON = "alice"
WAYS = ("name", "next", "press", "pick")  # how the person answers, one after the other
TURNS = 2
MAX_COMMANDS = 40  # two turns of any game take fewer answers than this
NUMBERED = re.compile(r"\[(\d+)\] (.+?)(?=  \[\d+\] |  \((?:pick|press) <n>\)$)")
COMMAND = re.compile(r"`([^`]+)`")
LISTED = re.compile(r"^  \[(\d+)\] ", re.MULTILINE)  # a line of `legal`


@dataclass(frozen=True)
class Shown:
    """What the last block printed offers the person: the next line's commands, the buttons and the menu options."""

    next: list[str]
    buttons: list[str]
    options: list[str]


def read(block: str) -> Shown:
    commands: list[str] = []
    buttons: list[str] = []
    options: list[str] = []
    for line in block.splitlines():
        if line.startswith(f"➡️ Next for {PERSON}:"):
            commands = [c for c in COMMAND.findall(line) if not c.endswith("…")]
        elif line.startswith("Buttons: "):
            buttons = [label for _, label in NUMBERED.findall(line)]
        elif line.startswith("Menu ("):
            options += [label for _, label in NUMBERED.findall(line.split("): ", 1)[1])]
    return Shown(commands, buttons, options)


def last_block(text: str) -> str:
    """The last thing the console showed: a post's menus, buttons and next line follow its board image."""
    return text[text.rindex("[image: ") :] if "[image: " in text else ""


def answer(way: str, shown: Shown, chooser: random.Random) -> str | None:
    """What the person types in this way, from what was shown; None when the block offers no such thing."""
    if way == "name" and (shown.options or shown.buttons):
        return chooser.choice(shown.options + shown.buttons)
    if way == "next" and shown.next:
        return next((c for c in shown.next if ":" in c), shown.next[0])  # the first one with its values
    if way == "press" and shown.buttons:
        return f"press {chooser.randint(1, len(shown.buttons))}"
    if way == "pick" and shown.options:
        return f"pick {chooser.randint(1, len(shown.options))}"
    return None


class Newcomer:
    """One person at the console, and everything it printed, command by command."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.out = io.StringIO()
        console.out = self.out
        console.user = PERSON
        self.transcript: list[str] = []

    async def type(self, line: str) -> str:
        start = len(self.out.getvalue())
        assert await self.console.run_line(line)
        said = self.out.getvalue()[start:]
        self.transcript.append(f"{PERSON}> {line}\n{said}")
        return said


async def _walk(game: str, tmp_path: Path) -> tuple[list[str], list[str]]:
    """The person's two turns: (what went wrong, the transcript up to the end of the first turn)."""
    engine = rules.engine(game)
    store = await Store.open(tmp_path / "walk.sqlite3")
    seeds = iter(range(1, 10**6))
    compose = functools.partial(TableService, store, clock=FakeClock(), seeds=lambda: next(seeds))
    person = Newcomer(Console(compose, io.StringIO(), tmp_path / "images", ConsoleClock()))
    service = person.console.service
    chooser = random.Random(game)
    first_turn: list[str] = []
    try:
        said = ""
        for opening in [f"game new {game}", *["game bot add easy"] * (max(2, engine.meta.min_players) - 1)]:
            said = await person.type(opening)
        said = await person.type("game start joined")
        turns = 0
        for number in range(MAX_COMMANDS):
            table = await service.table_here(person.console.channel_id)
            if table.status != "running":
                return [], first_turn or person.transcript  # the game ended (a bot won) before two turns
            shown = read(last_block(said))
            start = number % len(WAYS)
            ways = WAYS[start:] + WAYS[:start]
            line = next((typed for way in ways if (typed := answer(way, shown, chooser)) is not None), None)
            if line is None:
                return [f"{game}: nothing shown to answer with:\n{said}"], person.transcript
            said = await person.type(line)
            listed = LISTED.findall(said) if "[image: " not in said else []
            if listed:  # a command named without values lists the person's choices: one is played by its number
                said = await person.type(f"do {chooser.choice(listed)}")
            refused = [row for row in said.splitlines() if row.startswith("! ")]
            if refused or "[image: " not in said:
                return [f"{game}: typed {line!r} as shown, and the bot said:\n{said}"], person.transcript
            if not shown.next:
                return [f"{game}: the block {PERSON} answered had no next line:\n{last_block(said)}"], person.transcript
            if re.search(rf"^Waiting for (?!{PERSON}\b)", said, re.MULTILINE):  # someone else's move: a turn is over
                turns += 1
                first_turn = first_turn or list(person.transcript)
                if turns == TURNS:
                    return [], first_turn
        return [f"{game}: {TURNS} turns took more than {MAX_COMMANDS} answers"], person.transcript
    finally:
        await service.bots_settled()
        await store.close()


@pytest.mark.parametrize("game", sorted(rules.engines()))
async def test_a_newcomer_plays_two_turns_with_only_what_the_bot_says(game: str, tmp_path: Path) -> None:
    wrong, transcript = await _walk(game, tmp_path)
    kept = os.environ.get("PBP_WALKTHROUGH_OUT")
    if kept:
        Path(kept).mkdir(parents=True, exist_ok=True)
        text = "".join(transcript).replace(str(tmp_path / "images"), "console-out")
        (Path(kept) / f"{game}.txt").write_text(text)
    assert not wrong, wrong[0] + "\n\nTranscript:\n" + "".join(transcript)[-3000:]
