"""A player's "since your last turn" puts the reader first, and /undo and /history say what was taken back.

Seeded games of every installed game are played through the table service (people choosing at random among the
legal moves, a bot in one seat). After every step, each seat's recap is checked against the log: the events that
cost the reader something (their `affects`) come first and are never cut, then the newest of the rest, newest
last; routine steps and turn ends are left out; a bot's seat has none.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.base import Engine, fill_seats
from table.service import Caller, Post, TableService
from table.service.core import told
from table.service.outbox import SINCE_WINDOW
from table.service.replay import effective
from table.storage import ActionRow, Store
from table.text import present
from tests.table.conftest import GUILD, FakeClock

CHANNEL = 700
PEOPLE = (Caller(1, "alice"), Caller(2, "bob"), Caller(3, "carol"))
STEPS = 70  # moves of each seeded game
LIMIT = 3  # lines of the rest kept in each recap checked (the turn message's own number)
LEFT_OUT = ("routine", "turn_end")


@dataclass
class Game:
    """One seeded table: its service, the people at it and the posts it made."""

    service: TableService
    store: Store
    engine: Engine[Any]
    people: list[Caller]
    chooser: random.Random
    posts: list[Post] = field(default_factory=list)
    messages: int = 1000

    async def table(self) -> Any:
        return await self.service.table_here(CHANNEL)

    async def shown(self, post: Post) -> Post:
        """What the front end does once Discord has the message, so the turn's next posts edit it."""
        if post.edit is None:
            self.messages += 1
        await self.service.message_sent(post, post.edit or self.messages)
        await self.service.announced(post.table_id, post.version)
        self.posts.append(post)
        return post

    async def step(self) -> Post | None:
        """One move: by the first person awaited (at random among their legal moves), else by the bot."""
        for person in self.people:
            _, choices = await self.service.choices(CHANNEL, person.user_id)
            if choices:
                playable = [c for c in choices if c.action["type"] not in ("resign", "concede")] or choices
                kind = self.chooser.choice(sorted({c.action["type"] for c in playable}))  # each kind of move alike
                action = self.chooser.choice([c for c in playable if c.action["type"] == kind]).action
                return await self.shown(await self.service.act(CHANNEL, person, action))
        table = await self.table()
        post = await self.service.play_bot(table.id)
        return await self.shown(post) if post is not None else None


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(tmp_path / "recap.sqlite3")
    yield opened
    await opened.close()


async def seeded(game: str, store: Store, people: int) -> Game:
    """A started table of `game`: `people` people, and a bot in one more seat."""
    engine = rules.engine(game)
    seeds = iter(range(1, 10**6))
    service = TableService(store, clock=FakeClock(), seeds=lambda: next(seeds))
    callers = list(PEOPLE[:people])
    await service.create(GUILD, CHANNEL, callers[0], game, {})
    for person in callers[1:]:
        await service.join(CHANNEL, person)
    await service.add_bot(CHANNEL, callers[0])
    playing = Game(service, store, engine, callers, random.Random(game))
    await playing.shown(await service.start(CHANNEL, callers[0], "joined"))
    return playing


def _line(event: dict[str, Any], name: Any) -> str:
    return present.event_lines([event], name)[0]


async def _check_recaps(playing: Game, seen: dict[str, int]) -> None:
    """Every seat's recap now, against the log it is made from."""
    table = await playing.table()
    seats = await playing.store.tables.seats(table.id)
    names = {seat.seat: seat.name for seat in seats}
    name = names.__getitem__
    rows = effective(await playing.store.log.actions(table.id, after=max(0, table.version - 1 - SINCE_WINDOW)))
    for seat in seats:
        recap = await playing.service.since_last_turn(table, seat.seat, limit=LIMIT)
        if not seat.person:
            assert recap == [], f"a recap addressed to the bot {seat.name}: {recap}"
            continue
        mine = [i for i, row in enumerate(rows) if row.seat == seat.seat]
        later = [row for row in rows[mine[-1] + 1 if mine else 0 :] if row.seat != seat.seat]
        public = [event for row in later for event in row.events if event.get("to") is None]
        told = [event for event in public if event.get("kind") not in LEFT_OUT]
        theirs = [_line(e, name) for e in told if seat.seat in e.get("affects", ())]
        rest = [_line(e, name) for e in told if seat.seat not in e.get("affects", ())]
        routine = {fill_seats(e["text"], name) for e in public if e.get("kind") in LEFT_OUT}  # shown without icon
        boilerplate = routine - {_line(e, name) for e in told}
        where = f"{playing.engine.meta.id}, {seat.name}'s recap {recap}"
        assert recap[: len(theirs)] == theirs, f"{where}: what happened to them first, all of it: {theirs}"
        kept = [line for line in recap[len(theirs) :] if not line.endswith(" in /history)")]
        assert len(kept) == min(len(rest), max(0, LIMIT - len(theirs))), where
        assert kept == rest[len(rest) - len(kept) :], f"{where}: the newest of the rest, newest last: {rest}"
        assert not boilerplate & set(recap), f"{where}: boilerplate {boilerplate & set(recap)}"
        cut = len(kept) < len(rest)
        assert cut == any(line.endswith(" in /history)") for line in recap), f"{where}: the cut is counted"
        seen["affecting"] += len(theirs)
        seen["cut with affecting"] += bool(theirs) and cut
        seen["routine"] += sum(e.get("kind") == "routine" for e in public)


@pytest.mark.parametrize("game", sorted(rules.engines()))
async def test_each_recap_puts_the_reader_first_and_leaves_out_routine_steps(game: str, store: Store) -> None:
    engine = rules.engine(game)
    people = min(engine.meta.max_players, 3) - 1 or 1  # room for a bot in one more seat
    playing = await seeded(game, store, people)
    seen = {"affecting": 0, "cut with affecting": 0, "routine": 0}
    try:
        for _ in range(STEPS):
            post = await playing.step()
            if post is None or post.finished:
                break
            await _check_recaps(playing, seen)
    finally:
        await playing.service.bots_settled()
    seats = await store.tables.seats((await playing.table()).id)
    bots = [seat.name for seat in seats if not seat.person]
    for post in playing.posts:  # the turn's messages: no recap for a bot either
        assert not [line for line in post.text.splitlines() for bot in bots if line.startswith(f"Since {bot}'s")]
    if not engine.meta.demo:  # a real game: its players lose things to each other, and it takes routine steps
        assert seen["affecting"] and seen["cut with affecting"] and seen["routine"], f"{game}: {seen}"


async def _with_bots(game: str, store: Store) -> Game:
    """A started table of `game` with alice alone among bots: her /undo needs nobody's consent."""
    engine = rules.engine(game)
    seeds = iter(range(1, 10**6))
    service = TableService(store, clock=FakeClock(), seeds=lambda: next(seeds))
    alice = PEOPLE[0]
    await service.create(GUILD, CHANNEL, alice, game, {})
    for _ in range(max(1, engine.meta.min_players - 1)):
        await service.add_bot(CHANNEL, alice)
    playing = Game(service, store, engine, [alice], random.Random(game))
    await playing.shown(await service.start(CHANNEL, alice, "joined"))
    return playing


async def _chain(playing: Game) -> list[Any]:
    """What alice's /undo would take back now: her latest move and the bot moves after it (empty: not hers)."""
    table = await playing.table()
    bots = {seat.seat for seat in await playing.store.tables.seats(table.id) if not seat.person}
    rows = effective(await playing.store.log.actions(table.id))
    answers: list[ActionRow] = []
    while rows and rows[-1].seat in bots:
        answers.insert(0, rows.pop())
    return [rows[-1], *answers] if rows and rows[-1].seat == 0 and rows[-1].kind == "act" else []


@pytest.mark.parametrize("game", sorted(rules.engines()))
async def test_undo_drops_the_undone_lines_and_history_says_who_took_back_what(game: str, store: Store) -> None:
    playing = await _with_bots(game, store)
    service, alice = playing.service, playing.people[0]
    try:
        chain: list[Any] = []
        for _ in range(STEPS):  # until alice's move was answered by a bot, her second move or later
            post = await playing.step()
            assert post is not None and not post.finished, f"{game}: no move of alice's was answered"
            chain = await _chain(playing)
            if len(chain) > 1 and chain[0].n > 2 and 0 in playing.engine.awaiting(service.state(await playing.table())):
                break
        before = playing.posts[-1]
        undone = await service.undo(CHANNEL, alice)
        assert isinstance(undone, Post)
        assert undone.edit is not None and undone.started == before.started  # the turn's message, edited
        table = await playing.table()
        names = {seat.seat: seat.name for seat in await store.tables.seats(table.id)}
        last = chain[-1]  # the bot's answer: shown in that message, which now drops it
        said = told(last.events, last.action, last.seat, names.__getitem__)
        was, now = before.text.splitlines(), undone.text.splitlines()
        for line in set(said) & set(was):
            assert now.count(line) < was.count(line), f"{game}: {line!r} is still in the turn's message"
        assert any(line.startswith("↩ alice takes back their last move") for line in now)
        page, _ = await service.history(CHANNEL)
        bot = names[chain[1].seat]
        (took,) = [line for line in page.splitlines() if "↩" in line]
        assert f"↩ alice took back their move #{chain[0].n}" in took and f"{bot}'s answer" in took, took
        assert f"{bot} took back" not in page
    finally:
        await service.bots_settled()
