"""The engine's work (a start, a move, a typed move's lookup, an undo's replay) runs off the event loop: while it
works, the loop takes its turns, so the bot can acknowledge other players within Discord's 3 seconds."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pytest

import rules
from table.service import TableService
from table.storage import Store
from tests.table.conftest import ALICE, BOB, CHANNEL, GUILD, FakeClock

GRACE = 10.0  # seconds an engine call waits for the loop's turn before it gives up (only the old code waits)


def waits_for_the_loop(loop: asyncio.AbstractEventLoop, work: Callable[..., Any], turns: list[bool]) -> Any:
    """`work`, made to wait until the event loop has run a callback of its: it can only if `work` runs elsewhere.
    Whether the loop came (True) is kept in `turns`."""

    def wrapped(*args: Any) -> Any:
        came = threading.Event()
        loop.call_soon_threadsafe(came.set)
        turns.append(came.wait(GRACE))
        return work(*args)

    return wrapped


@pytest.mark.parametrize("call", ["new", "apply"])
async def test_the_engine_works_while_the_event_loop_runs(
    sqlite_store: Store, monkeypatch: pytest.MonkeyPatch, call: str
) -> None:
    service = TableService(sqlite_store, clock=FakeClock(), seeds=iter(range(1, 1000)).__next__)
    engine = rules.engine("tictactoe")
    turns: list[bool] = []
    monkeypatch.setattr(engine, call, waits_for_the_loop(asyncio.get_running_loop(), getattr(engine, call), turns))
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, order="joined")  # new
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"}, typed=True)  # apply (and its check)
    await service.act(
        CHANNEL, BOB, {"type": "mark", "square": "A1"}, typed=True
    )  # a typed name resolved (legal, in the same thread)
    await service.undo(CHANNEL, BOB)  # the replay: new and apply again
    assert turns and all(turns), turns
    table = await sqlite_store.tables.table_in_channel(CHANNEL)
    assert table is not None and table.version == 4  # start, two marks, the undo: each once
