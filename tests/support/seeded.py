"""A seeded game played through the table service by people at the console's channel, each move a random legal one
(never a resignation): the tests that read what the bot shows (names typed back, the next line, the wording) play
their games this one way."""

from __future__ import annotations

import functools
import io
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import rules
from console.clock import ConsoleClock
from console.session import Console
from rules.base import Choice
from table.service import Caller, Post, TableService
from table.storage import Store
from tests.table.conftest import FakeClock

PEOPLE = ("alice", "bob", "carol", "dave", "erin")


@dataclass
class Step:
    number: int
    post: Post  # the last post before this step's move (the start's, at step 0)
    awaited: list[tuple[str, list[Choice]]]  # the people the game awaits, each with their legal choices


class SeededTable:
    """One table of `game` with as many people as it needs (two at least), its seeds and choices fixed by the game."""

    def __init__(self, game: str, service: TableService, console: Console) -> None:
        self.game, self.service, self.console = game, service, console
        self.engine = rules.engine(game)
        self.people = PEOPLE[: max(2, self.engine.meta.min_players)]
        self.chooser = random.Random(game)  # the moves played, and whatever else a test picks at random
        self.post: Post | None = None

    @classmethod
    @asynccontextmanager
    async def opened(cls, game: str, tmp_path: Path) -> AsyncIterator[SeededTable]:
        store = await Store.open(tmp_path / f"{game}.sqlite3")
        seeds = iter(range(1, 10**6))
        compose = functools.partial(TableService, store, clock=FakeClock(), seeds=lambda: next(seeds))
        console = Console(compose, io.StringIO(), tmp_path / "images", ConsoleClock())
        service = console.service
        try:
            yield cls(game, service, console)
        finally:
            await service.bots_settled()
            await store.close()

    def caller(self, name: str) -> Caller:
        return Caller(self.console._id(name), name)

    async def play(self, steps: int) -> AsyncIterator[Step]:
        """Seat the people, start in joining order and play up to `steps` moves, yielding each step before its move;
        `self.post` is then the last post (the game's end, if it came), which no step carried."""
        channel, host = self.console.channel_id, self.caller(self.people[0])
        await self.service.create(1, channel, host, self.game, {})
        for person in self.people[1:]:
            await self.service.join(channel, self.caller(person))
        self.post = await self.service.start(channel, host, "joined")
        for number in range(steps):
            if self.post.finished:
                return
            awaited = []
            for person in self.people:
                _, choices = await self.service.choices(channel, self.caller(person).user_id)
                if choices:
                    awaited.append((person, choices))
            assert awaited, f"{self.game}: nobody may act at step {number}"
            yield Step(number, self.post, awaited)
            person, choices = awaited[0]
            playable = [c for c in choices if c.action["type"] not in ("resign", "concede")] or choices
            self.post = await self.service.act(channel, self.caller(person), self.chooser.choice(playable).action)
