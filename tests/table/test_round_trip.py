"""The round trip of an action (table/service/play.py): legal() built at most once on the state acted on, whatever
the input (a typed command, a button, a menu), and the state kept in memory between actions never used once another
writer (a second process on the same database) has moved the table on."""

from __future__ import annotations

import functools
import io
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

import rules
from console.clock import ConsoleClock
from console.session import Console
from rules import serial
from rules.base import Choice, Engine, RuleError
from table.service import Caller, Post, TableError, TableService
from table.service.state_cache import StateCache
from table.storage import Store
from tests.support import postgres
from tests.table.conftest import ALICE, BOB, CHANNEL, GUILD, FakeClock

PEOPLE = ("alice", "bob", "carol")
STEPS = 400  # moves played at most while looking for a button and a menu
INPUTS = {"typed", "labelled", "pressed", "picked"}
T = TypeVar("T")


class Built:
    """Every legal() the engine builds, as (seat, the state's stored text), wrapped around the game's engine."""

    def __init__(self, engine: Engine[Any], monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[int, str]] = []
        legal = engine.legal

        def counted(state: Any, seat: int) -> list[Choice]:
            self.calls.append((seat, serial.dumps(state)))
            return legal(state, seat)

        monkeypatch.setattr(engine, "legal", counted)

    async def during(self, before: str, act: Callable[[], Awaitable[T]]) -> T:
        """What one action gives, checking what it built: legal() once at most on the state acted on (`before`,
        stored text), and never twice on one state for one seat (the post's own, for who is awaited next)."""
        self.calls.clear()
        post = await act()
        on_before = [seat for seat, text in self.calls if text == before]
        assert len(on_before) <= 1, f"legal() built {len(on_before)} times on the state acted on"
        assert len(set(self.calls)) == len(self.calls), "legal() built twice on the same state for one seat"
        return post


async def _state_text(service: TableService, channel: int) -> str:
    return serial.dumps(service.state(await service.table_here(channel)))


@pytest.mark.parametrize("game", sorted(rules.engines()))
async def test_each_input_builds_legal_at_most_once(
    game: str, service: TableService, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A typed command, a console line naming a choice by its label, a button press and a menu pick, in each game:
    the input is read as the legal choice it stands for with one legal(), and the action is checked without
    building it again."""
    engine = rules.engine(game)
    compose = functools.partial(TableService, service.store, clock=service.clock, seeds=service.seeds)
    console = Console(compose, io.StringIO(), tmp_path / "images", ConsoleClock())
    service, channel = console.service, console.channel_id
    names = PEOPLE[: max(2, engine.meta.min_players)]
    people = [Caller(Console._id(name), name) for name in names]

    async def opened() -> Post:  # a table of the game (again, once one ended before every input came up)
        await service.create(GUILD, channel, people[0], game, {})
        for person in people[1:]:
            await service.join(channel, person)
        return await service.start(channel, people[0], "joined")

    post = await opened()
    built = Built(engine, monkeypatch)
    holder = {seat.seat: seat.user_id for seat in (await service.view(channel)).seats}
    caller = {person.user_id: person for person in people}
    chooser = random.Random(game)
    done: set[str] = set()
    for _ in range(STEPS):
        if done == INPUTS:
            break
        if post.finished:
            post = await opened()
        before = await _state_text(service, channel)
        if "pressed" not in done and post.quick:
            quick = chooser.choice(post.quick)
            who = caller[holder[quick.seat]]
            post = await built.during(
                before, functools.partial(service.press, who, quick.table_id, quick.version, quick.seat, quick.index)
            )
            done.add("pressed")
            continue
        if "picked" not in done and post.menus:
            menu = chooser.choice(post.menus)
            who, index = caller[holder[menu.seat]], chooser.randrange(len(menu.options))
            post = await built.during(
                before, functools.partial(service.pick, who, menu.table_id, menu.version, menu.seat, menu.action, index)
            )
            done.add("picked")
            continue
        for person in people:
            _, choices = await service.choices(channel, person.user_id)
            if choices:
                break
        playable = [c for c in choices if c.action["type"] not in ("resign", "concede")] or choices
        if "labelled" not in done:
            found = await _by_label(console, person, playable, built, before, monkeypatch)
            if found is not None:
                post = found
                done.add("labelled")
                continue
        action = chooser.choice(playable).action
        typed = "typed" not in done  # the action's values as a person types them back: read as names first
        post = await built.during(before, functools.partial(service.act, channel, person, action, typed=typed))
        done.add("typed")
    assert done == INPUTS, f"{game}: only {sorted(done)} came up in {STEPS} moves"


async def _by_label(
    console: Console, person: Caller, playable: list[Choice], built: Built, before: str, monkeypatch: pytest.MonkeyPatch
) -> Post | None:
    """A choice's label typed at the console, as `legal` and the buttons show it (the first one the console takes
    for a move: a label may begin with one of its own words); the post it showed."""
    console.user = person.name
    shown: list[Post] = []
    show = console.show

    async def recorded(post: Post) -> None:
        shown.append(post)
        await show(post)

    monkeypatch.setattr(console, "show", recorded)
    for choice in playable:
        await built.during(before, functools.partial(console.run_line, choice.label))
        if shown:
            return shown[-1]
    return None


@pytest.fixture(params=["sqlite", "postgresql"])
async def two(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on one database: what two bot processes would hold."""
    where = str(tmp_path / "t.sqlite3") if request.param == "sqlite" else await postgres.fresh_database()
    first, second = await Store.open(where), await Store.open(where)
    yield first, second
    await first.close()
    await second.close()


async def test_a_state_kept_in_memory_is_not_used_once_another_process_wrote(two: tuple[Store, Store]) -> None:
    clock, seeds = FakeClock(), iter(range(1, 10**6))
    cache = StateCache()
    here = TableService(two[0], clock=clock, seeds=lambda: next(seeds), cache=cache)
    there = TableService(two[1], clock=clock, seeds=lambda: next(seeds))
    await here.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await here.join(CHANNEL, BOB)
    await here.start(CHANNEL, ALICE, "joined")
    await here.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    await here.act(CHANNEL, BOB, {"type": "mark", "square": "c3"})
    hits = cache.hits
    assert hits >= 1  # the state alice's move made was read from memory for bob's: no parse between them
    await there.act(CHANNEL, ALICE, {"type": "mark", "square": "a1"})  # the other process moves the table on
    with pytest.raises((TableError, RuleError), match="a1"):  # kept here it was free: the stored state is read
        await here.act(CHANNEL, BOB, {"type": "mark", "square": "a1"})
    assert cache.hits == hits
    post = await here.act(CHANNEL, BOB, {"type": "mark", "square": "a3"})
    board = here.state(await here.table_here(CHANNEL)).board
    assert board == {"b2": 0, "c3": 1, "a1": 0, "a3": 1} and "bob" in post.text
