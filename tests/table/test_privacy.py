"""Forgetting a user: nothing that names them is left, and every game still replays to its stored state."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import serial
from table.replay import replay
from table.service import Caller, TableError, TableService
from table.store import FORMER_PLAYER, TABLES, Prefs
from tests.table.conftest import CHANNEL, GUILD
from tests.table.test_console import play

# ids and names that a search of the database cannot find by accident
ALICE, BOB, CAROL = Caller(424242424242, "annabelle"), Caller(535353535353, "benedict"), Caller(6161616161, "cy")


async def finished_game(service: TableService) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    for who, square in [(ALICE, "a1"), (BOB, "b1"), (ALICE, "a2"), (BOB, "b2"), (ALICE, "a3")]:
        await service.act(CHANNEL, who, {"type": "mark", "square": square})


async def everything_stored(service: TableService) -> str:
    """Every row of every table in the database as text: what a search for the user would find."""
    rows = []
    for name in TABLES:
        rows += [repr(tuple(row.values())) for row in await service.store.rows_of(name)]
    return "\n".join(rows)


async def test_forgetting_leaves_nothing_that_names_the_user_and_games_still_replay(service: TableService) -> None:
    await finished_game(service)
    await service.store.save_prefs(Prefs(ALICE.user_id, quiet_from=22, quiet_to=7, timezone="Europe/Paris"))
    table = await service.table_here(CHANNEL)
    assert str(ALICE.user_id) in await everything_stored(service)

    reply = await service.forget(ALICE.user_id)

    assert "Forgotten" in reply and "1 seat now read 'a former player'" in reply
    stored = await everything_stored(service)
    assert str(ALICE.user_id) not in stored and "annabelle" not in stored
    assert "Europe/Paris" not in stored
    table = await service.table_here(CHANNEL)
    seats = await service.store.seats(table.id)
    assert [seat.name for seat in seats] == [FORMER_PLAYER, "benedict"]
    engine = service.engine(table)
    rebuilt = replay(engine, table, seats, await service.store.actions(table.id))
    assert serial.dumps(rebuilt) == table.state
    text, png = await service.board(CHANNEL, turn=1)
    assert png and "end of turn 1" in text
    history, _ = await service.history(CHANNEL)
    assert FORMER_PLAYER in history and "annabelle" not in history


async def test_a_player_still_at_a_running_table_is_asked_to_leave_first(service: TableService) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    before = await everything_stored(service)
    with pytest.raises(TableError, match=f"seat at 1 table \\(<#{CHANNEL}>\\).*Nothing was changed"):
        await service.forget(BOB.user_id)
    assert await everything_stored(service) == before


async def test_the_owner_erases_a_user_at_a_running_table_and_the_game_goes_on(service: TableService) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    reply = await service.forget(BOB.user_id, by_owner=True)
    assert reply.startswith(f"User {BOB.user_id} erased: their preferences")
    post = await service.fallback((await service.table_here(CHANNEL)).id, 1, 10**12)
    assert post is None  # no deadline set: nothing plays by itself, but the host can hand the seat on
    with pytest.raises(TableError, match="not playing at this table"):
        await service.act(CHANNEL, BOB, {"type": "mark", "square": "a1"})
    await service.forget(CAROL.user_id)  # a user the bot never met: nothing to do, no error


async def test_the_console_forgets_too(tmp_path: Path) -> None:
    text = await play(tmp_path, ["as dora", "reminders quiet=22-7", "privacy forget"])
    assert "Forgotten: your preferences are deleted" in text
