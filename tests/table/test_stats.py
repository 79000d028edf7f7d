"""/stats on both stores: a member's record per game and side, their time to move and the tables waiting on them;
a game's figures with the bots' self-play beside them; this server's ended games only; names escaped, nobody
pinged, one message; bad input refused. And the self-play figures file, checked at load."""

from __future__ import annotations

import functools
import io
import json
from pathlib import Path
from typing import Any

import pytest

import rules
from console.clock import ConsoleClock
from console.session import Console
from rules.selfplay_figures import FILE, FiguresError, figures, parse
from table.commands import Reply, Where, must_find
from table.service import Caller, TableError, TableService
from table.storage import ResultRow, ResultSeatRow, Store
from table.text.present import MESSAGE_LIMIT
from tests.table.conftest import ALICE, BOB, CHANNEL, GUILD, FakeClock

HOUR = 3600.0
X_WINS = [(ALICE, "a1"), (BOB, "b1"), (ALICE, "a2"), (BOB, "b2"), (ALICE, "a3")]


async def stats(service: TableService, caller: Caller, visible: bool = True, **args: Any) -> Reply:
    command, _ = must_find(["stats"])
    where = Where(caller, GUILD, CHANNEL, service.clock(), lambda channel: visible)
    return await command(service, where, args)


async def tictactoe(service: TableService, clock: FakeClock, channel: int, moves: list[tuple[Caller, str]]) -> int:
    table = await service.create(GUILD, channel, ALICE, "tictactoe", {})
    await service.join(channel, BOB)
    await service.start(channel, ALICE, "joined")
    for who, square in moves:
        clock.advance(HOUR)
        await service.act(channel, who, {"type": "mark", "square": square})
    return table.id


async def test_a_members_record_time_to_move_and_tables_waiting(service: TableService, clock: FakeClock) -> None:
    await tictactoe(service, clock, CHANNEL, X_WINS)  # alice (X) wins
    abandoned = await tictactoe(service, clock, CHANNEL + 1, X_WINS[:2])
    table = await service.store.tables.table(abandoned)
    assert table is not None
    await service.abandon(abandoned, ALICE, table.version)
    await tictactoe(service, clock, CHANNEL + 2, X_WINS[:1])  # running: bob is awaited

    reply = await stats(service, BOB)
    assert reply.ephemeral
    text = reply.text
    assert "**bob**" in text
    assert "**Tic-tac-toe**: 2 played: 0 won, 1 lost, 1 abandoned (wins 0%)." in text
    assert "O 2 played: 0 won, 1 lost, 1 abandoned" in text
    assert "median 1 h 0 min" in text
    assert f"Waiting on bob now: <#{CHANNEL + 2}> (Tic-tac-toe)." in text
    assert "<@" not in text  # nobody is pinged

    mine = (await stats(service, ALICE)).text
    assert "2 played: 1 won, 0 lost, 1 abandoned (wins 100%)" in mine and "No table here is waiting on alice" in mine
    hidden = (await stats(service, BOB, visible=False)).text  # a channel the asker can't see is not named
    assert f"<#{CHANNEL + 2}>" not in hidden


async def test_another_servers_games_are_not_counted(service: TableService, clock: FakeClock) -> None:
    await service.create(GUILD + 1, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    for who, square in X_WINS:
        await service.act(CHANNEL, who, {"type": "mark", "square": square})
    assert "No ended games yet." in (await stats(service, ALICE)).text
    assert "0 games ended." in (await stats(service, ALICE, game="tictactoe")).text


async def test_a_games_figures_with_the_bots_beside_them(store: Store) -> None:
    service = TableService(store)
    for n, (winner, ending) in enumerate([(0, "victory points"), (1, "victory points"), (0, "round limit")]):
        table_id = await store.tables.insert_table(GUILD, 500 + n, "nerath", {}, 1, 0.0, 1)
        await store.tables.set_table(table_id, status="finished", started_at=0.0, finished_at=86400.0 * (n + 1))
        result = ResultRow(table_id, GUILD, "nerath", "finished", 0.0, 86400.0 * (n + 1), 10 + n, ending)
        sides = ["Karkoth + Iron Circle", "Vailin + Nerath"]
        seats = [
            ResultSeatRow(table_id, s, 1 + s, sides[s], None, 1 if s == winner else 2, 10.0, False, 5, 60.0, 90.0)
            for s in range(2)
        ]
        await store.results.record(result, seats)

    text = (await stats(service, ALICE, game="nerath")).text
    assert "**D&D: Conquest of Nerath** on this server: 3 games ended (3 finished, 0 abandoned)." in text
    assert "Karkoth + Iron Circle 67% of 3 (bots 47.5%)" in text and "Vailin + Nerath 33% of 3 (bots 52.5%)" in text
    assert "Wins by seat, 2 players (3 games): 67% / 33% (bots: 48% / 52%)." in text
    assert "How games end: victory points 67%, round limit 33%." in text
    assert "Length (median): 11 turns, 2 days; longest 12 turns, 3 days." in text
    assert "Bots' self-play (our measurement" in text and "4 players, free-for-all, 400 games" in text
    assert len(text) <= MESSAGE_LIMIT


async def test_names_are_escaped_and_bad_input_refused(service: TableService, clock: FakeClock) -> None:
    await tictactoe(service, clock, CHANNEL, X_WINS)
    sneaky = Caller(BOB.user_id, "@everyone *bob*")
    text = (await stats(service, ALICE, member=sneaky)).text
    assert "@everyone" not in text and "\\*bob\\*" in text
    with pytest.raises(TableError, match="No game called 'chess'"):
        await stats(service, ALICE, game="chess")
    with pytest.raises(TableError, match="is a bot account"):
        await stats(service, ALICE, member=Caller(99, "Some Bot", bot=True))


async def test_one_message_however_many_sides(service: TableService, clock: FakeClock) -> None:
    store = service.store
    for n in range(40):
        table_id = await store.tables.insert_table(GUILD, 900 + n, "smallworld", {}, 1, 0.0, 1)
        await store.tables.set_table(table_id, status="finished", started_at=0.0, finished_at=10.0)
        result = ResultRow(table_id, GUILD, "smallworld", "finished", 0.0, 10.0, 9, "most coins " * 20)
        seats = [
            ResultSeatRow(
                table_id, s, ALICE.user_id if s == 0 else 50 + s, f"Race {n} {s} / Other {n}", None, s + 1, 1.0
            )
            for s in range(5)
        ]
        await store.results.record(result, seats)
    assert len((await stats(service, ALICE)).text) <= MESSAGE_LIMIT
    assert len((await stats(service, ALICE, game="smallworld")).text) <= MESSAGE_LIMIT


async def test_the_console_answers_stats(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "console.sqlite3")
    out = io.StringIO()
    clock = ConsoleClock()
    console = Console(functools.partial(TableService, store, clock=clock), out, tmp_path / "images", clock)
    lines = ["game new tictactoe", "as bob", "game join", "as alice", "game start joined"]
    lines += ["mark a1", "as bob", "mark b1", "as alice", "mark a2", "as bob", "mark b2", "as alice", "mark a3"]
    for line in [*lines, "stats", "stats game=tictactoe", "stats game=chess"]:
        assert await console.run_line(line)
    await store.close()
    printed = out.getvalue()
    assert "1 played: 1 won, 0 lost (wins 100%)" in printed
    assert "**Tic-tac-toe** on this server: 1 game ended" in printed or "Tic-tac-toe on this server" in printed
    assert "No game called 'chess'" in printed


def test_the_selfplay_figures_load_and_name_installed_games() -> None:
    assert figures("nerath") and figures("tictactoe") == ()
    data = json.loads(FILE.read_text(encoding="utf-8"))
    known = frozenset(rules.engines())
    assert set(parse(data, known)) <= known
    broken = json.loads(FILE.read_text(encoding="utf-8"))
    broken["games"]["nerath"][0]["seats"] = [50.0]
    with pytest.raises(FiguresError, match="one rate for each of 2 players"):
        parse(broken, known)
    broken["games"]["nerath"][0]["seats"] = [50.0, 150.0]
    with pytest.raises(FiguresError, match="percentage"):
        parse(broken, known)
    with pytest.raises(FiguresError, match="not an installed game"):
        parse({"about": "", "games": {"chess": []}}, known)
