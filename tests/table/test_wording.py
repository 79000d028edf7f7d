"""Counts, plurals and verbs read as English in everything the bot shows, and every roll against a number says it.

Seeded games of every installed game are played through the table service. Everything shown along the way (the
posted turn messages and their private lines, the status line, the legal labels, refusals of bad actions, /hand,
/history, the board label and the texts drawn on the boards) is read for "(s)", for "1 <plural>", for a zero where
a count should be left out, and for a verb that disagrees with its singular subject.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import rules
from console.session import Console
from render import renderer
from render.draw import recording
from render.record import table_facts
from rules.base import RuleError
from rules.genertela.board import NATIONS
from table.service import Caller, Post, TableError, TableService
from tests.support.seeded import SeededTable

STEPS = 160  # actions played in each game (fewer if it ends first)
EVERY = 20  # every this many steps, what is shown on demand is read too (status, /hand, refusals, boards)

# words ending in s that are singular after "1"
SINGULAR_ENDING_IN_S = {"Chaos", "Veshtargos", "Uz", "Mostali", "bonus", "Thieving", "status", "minus", "plus"}
ONE_PLURAL = re.compile(r"(?<![\d.+\-])\b1 ([A-Za-z]+s)\b")
ZERO_PUT_BACK = re.compile(r"\b0\b[^.;:]*\bto put back|withdraws 0\b")
# the verbs Genertela's lines put after a nation's name, in their plural form
NATION_VERBS = (
    "aim at|are|attack|build|cast|challenge|do not|gain|give|grant|have|keep|leave|lend|let|lose|move|place|put|"
    "refuse|retake|retreat|revolt|roll|score|send|submit|take|withdraw"
)
SINGULAR_NATIONS = "|".join(re.escape(n.name) for n in NATIONS.values() if n.singular)
NATION_SLIP = re.compile(rf"\b(?:{SINGULAR_NATIONS}) (?:{NATION_VERBS})\b") if SINGULAR_NATIONS else None


def slips(text: str) -> list[str]:
    """The lines of `text` that get a count, plural or verb wrong, each with what is wrong in it."""
    found = []
    for line in text.splitlines():
        wrong = ["(s)"] * ("(s)" in line)
        wrong += [f"1 {m[1]}" for m in ONE_PLURAL.finditer(line) if m[1] not in SINGULAR_ENDING_IN_S]
        wrong += ["a zero to put back"] * bool(ZERO_PUT_BACK.search(line))
        wrong += [f"'{m[0]}'" for m in NATION_SLIP.finditer(line)] if NATION_SLIP is not None else []
        found += [f"{what}: {line.strip()[:160]}" for what in wrong]
    return found


def test_the_scan_catches_each_slip_it_looks_for() -> None:
    assert slips("3 token(s) in hand")
    assert slips("now (1 turns played)")
    assert slips("free 1 discs, 2 legends")
    assert slips("Bob loses 1 token in Hills and withdraws 0 to put back at the end of this turn.")
    assert not slips("now (1 turn played); 2 turns played; 1 bonus")
    assert not slips("Fighter d10+1: 4 (needs 6+): miss")
    if NATION_SLIP is not None:
        assert slips("Uz build a Foot in Storn.")
        assert not slips("Uz builds a Foot in Storn.")


class Reader:
    """One table played by people at the console's channel, and everything shown to them kept to be read."""

    def __init__(self, service: TableService, console: Console, game: str) -> None:
        self.service, self.console, self.game = service, console, game
        self.shown: list[str] = []

    def caller(self, name: str) -> Caller:
        return Caller(self.console._id(name), name)

    def post(self, post: Post) -> None:
        self.shown.append(post.text)
        self.shown += [line for lines in post.private.values() for line in lines]
        self.shown += [q.label for q in post.quick] + [o for m in post.menus for o in m.options]

    async def on_demand(self, people: tuple[str, ...], chooser: random.Random) -> None:
        """What players ask for: the status line, /hand, the board's label and drawing, refusals of bad actions."""
        channel = self.console.channel_id
        self.shown.append((await self.service.view(channel)).status)
        for person in people:
            text, _ = await self.service.private_status(channel, self.caller(person))
            self.shown.append(text)
        label, _ = await self.service.board(channel)
        self.shown.append(label)
        table = await self.service.table_here(channel)
        engine = self.service.engine(table)
        state = self.service.state(table)
        seats = await self.service.store.tables.seats(table.id)
        facts = table_facts(engine, state, [seat.name for seat in seats])
        pictures = renderer(self.game)
        with recording() as drawn:
            public = engine.view(state, None)
            pictures.board(public, facts)
            if pictures.full is not None:
                pictures.full(public, facts)
            if pictures.hand is not None:
                for seat in range(len(seats)):
                    pictures.hand(engine.view(state, seat), seat, facts)
        self.shown += [d.text for d in drawn]
        # refusals: an awaited player's action played by someone else, and its numbers made too large
        waiting: list[tuple[str, list[dict[str, Any]]]] = []
        for person in people:
            _, choices = await self.service.choices(channel, self.caller(person).user_id)
            if choices:
                waiting.append((person, [c.action for c in choices]))
        for person, actions in waiting:
            others = [p for p in people if p not in dict(waiting)][:1]
            tries = [(who, action) for action in chooser.sample(actions, min(6, len(actions))) for who in others]
            for action in actions:
                bent = {k: (v + 99 if isinstance(v, int) and not isinstance(v, bool) else v) for k, v in action.items()}
                if bent != action and bent not in actions:
                    tries.append((person, bent))
            for who, action in tries[:40]:
                try:
                    await self.service.act(channel, self.caller(who), dict(action), typed=True)
                except (RuleError, TableError) as refused:
                    self.shown.append(str(refused))
                else:
                    raise AssertionError(f"{self.game}: {action} was played while only being tried")

    async def history(self, people: tuple[str, ...]) -> None:
        channel = self.console.channel_id
        for person in (None, *people):
            user = self.caller(person).user_id if person else None
            text, pages = await self.service.history(channel, 1, user)
            self.shown.append(text)
            for page in range(2, pages + 1):
                self.shown.append((await self.service.history(channel, page, user))[0])


async def _play(game: str, tmp_path: Path) -> Reader:
    async with SeededTable.opened(game, tmp_path) as table:
        reader = Reader(table.service, table.console, game)
        async for step in table.play(STEPS):
            reader.post(step.post)
            reader.shown += [choice.label for _, choices in step.awaited for choice in choices]
            if step.number % EVERY == 0:
                await reader.on_demand(table.people, table.chooser)
        assert table.post is not None
        reader.post(table.post)
        await reader.history(table.people)
    return reader


@pytest.mark.parametrize("game", sorted(rules.engines()))
async def test_counts_plurals_and_verbs_read_as_english_in_everything_shown(game: str, tmp_path: Path) -> None:
    reader = await _play(game, tmp_path)
    wrong = sorted({slip for text in reader.shown for slip in slips(text)})
    assert not wrong, "\n".join(wrong[:40]) + f"\n({len(wrong)} in all)"
