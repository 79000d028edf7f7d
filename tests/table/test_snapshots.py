"""Snapshots stored as keyframes and deltas (table/storage/snapshots.py, log.py): every turn reads back exactly."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

import rules
from rules import serial
from rules.base import SeatInfo
from rules.rng import Rng
from table.service import Ask, TableService
from table.storage import MIGRATIONS, Store, snapshots
from tests.support import sqlite
from tests.table.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, FakeClock

PLAYERS = [ALICE, BOB, CAROL]


def real_game(game: str, options: dict[str, str], players: int, seed: int) -> list[str]:
    """The state's JSON at the start and at every turn's end of a game played to its end by random legal choices."""
    engine = rules.engine(game)
    state = engine.new([SeatInfo() for _ in range(players)], engine.meta.resolve_options(options), Rng(seed))
    texts = [serial.dumps(state)]
    chooser = random.Random(seed)
    for step in range(5000):
        if engine.outcome(state) is not None:
            break
        seat = min(engine.awaiting(state))
        events = engine.act(state, seat, chooser.choice(engine.legal(state, seat)).action, Rng(seed + step))
        if any(event.kind == "turn_end" for event in events):
            texts.append(serial.dumps(state))
    return texts


async def kinds(store: Store) -> tuple[int, int]:
    """(keyframes, deltas) stored."""
    rows = await store.schema.rows_of("snapshots")
    deltas = sum(row["base"] is not None for row in rows)
    return len(rows) - deltas, deltas


async def stored_bytes(store: Store) -> int:
    return sum(len(row["state"]) for row in await store.schema.rows_of("snapshots"))


async def new_table(store: Store) -> int:
    return await store.tables.insert_table(GUILD, CHANNEL, "smallworld", {}, ALICE.user_id, 0.0, 1)


@pytest.mark.parametrize(
    ("game", "options", "seed"),
    [("smallworld", {}, 3), ("smallworld", {}, 4), ("genertela", {"seating": "one_each", "last_turn": "2"}, 3)],
)
async def test_every_snapshot_of_a_real_game_reads_back_exactly(
    store: Store, game: str, options: dict[str, str], seed: int
):
    texts = real_game(game, options, 4, seed)
    assert len(texts) > 2 * snapshots.KEYFRAME_EVERY
    table_id = await new_table(store)
    for turn, text in enumerate(texts):
        await store.log.add_snapshot(table_id, turn, turn * 5, text, float(turn))
    for turn, text in enumerate(texts):
        row = await store.log.snapshot(table_id, turn)
        assert row is not None and (row.turn, row.upto, row.state, row.at) == (turn, turn * 5, text, float(turn))
    keyframes, deltas = await kinds(store)
    assert keyframes <= len(texts) // snapshots.KEYFRAME_EVERY + 1 and deltas > 0
    assert await stored_bytes(store) < sum(map(len, texts)) / 10


# The same in base and text, and hard to compress: a delta is smaller than the whole, so it is tried.
PAD = "".join(f"{i * 7919 % 10007:05d}" for i in range(60))


@pytest.mark.parametrize(
    ("base", "text", "as_delta"),
    [
        ('{"a":[1,2,3],"b":{"c":1},"p":"_"}', '{"a":[0,1,2,3,4],"d":null,"p":"_"}', True),  # added at both ends
        ('{"a":[{"u":1},{"u":2},{"u":3}],"p":"_"}', '{"a":[{"u":1},{"u":3},{"u":4,"v":[]}],"p":"_"}', True),
        ('{"a":[1,2,3],"p":"_"}', '{"a":[1,2.0,3],"p":"_"}', None),  # equal in Python, not in JSON
        ('{"a":[1,2,3],"p":"_"}', '{"a":[1,true,3],"p":"_"}', None),
        ('{"a":[1,2,3],"p":"_"}', '{"p": "_", "a": [1, 2, 3]}', False),  # not canonical: kept whole
        ('{"a":[1,2,3],"p":"_"}', '["_"]', None),
    ],
)
def test_a_delta_or_a_keyframe_gives_back_the_exact_text(base: str, text: str, as_delta: bool | None):
    base, text = base.replace("_", PAD), text.replace("_", PAD)
    stored, base_turn = snapshots.encode(text, 1, (0, snapshots.keyframe(base)))
    if as_delta is not None:
        assert (base_turn == 0) is as_delta and snapshots.is_delta(stored) is as_delta
    assert snapshots.decode(stored, snapshots.keyframe(base)) == text


def test_a_delta_needs_its_keyframe():
    base, text = f'{{"a":[1,2,3],"p":"{PAD}"}}', f'{{"a":[1,2,4],"p":"{PAD}"}}'
    stored, base_turn = snapshots.encode(text, 1, (0, base))  # a legacy (text) keyframe serves as a base
    assert base_turn == 0 and snapshots.decode(stored, base) == text
    with pytest.raises(ValueError, match="keyframe"):
        snapshots.decode(stored)


async def play_pig(service: TableService, until_turns: int | None = None) -> dict[int, str]:
    """Play pig (roll once, hold what was rolled) to its end or to `until_turns`; the state text at each turn."""
    texts: dict[int, str] = {}
    table = await service.table_here(CHANNEL)
    if table.turns == 0:
        assert table.state is not None
        texts[0] = table.state
    while table.status == "running" and (until_turns is None or table.turns < until_turns):
        state = service.state(table)
        action = {"type": "hold"} if state.turn_total else {"type": "roll"}
        await service.act(CHANNEL, PLAYERS[state.to_move], action)
        turns = table.turns
        table = await service.table_here(CHANNEL)
        if table.turns != turns:
            assert table.state is not None
            texts[table.turns] = table.state
    return texts


async def start_pig(service: TableService) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "pig", {})
    for caller in PLAYERS[1:]:
        await service.join(CHANNEL, caller)
    await service.start(CHANNEL, ALICE, "joined")


async def assert_every_turn_reads(service: TableService, texts: dict[int, str]) -> None:
    table = await service.table_here(CHANNEL)
    assert sorted(texts) == list(range(table.turns + 1))
    for turn, text in texts.items():
        row = await service.store.log.snapshot(table.id, turn)
        assert row is not None and row.state == text, turn
        label, png = await service.board(CHANNEL, turn)
        assert png.startswith(b"\x89PNG") and (turn == 0 or f"end of turn {turn}." in label)


@pytest.fixture
def small_keyframes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A keyframe every 3 turns: a short game crosses several keyframes and their deltas."""
    monkeypatch.setattr(snapshots, "KEYFRAME_EVERY", 3)


@pytest.mark.usefixtures("with_pig", "small_keyframes")
async def test_board_of_every_turn_of_a_finished_game(service: TableService):
    await start_pig(service)
    texts = await play_pig(service)
    assert (await service.table_here(CHANNEL)).status == "finished" and len(texts) > 6
    await assert_every_turn_reads(service, texts)
    keyframes, deltas = await kinds(service.store)
    assert keyframes == len(range(0, len(texts), 3)) and deltas == len(texts) - keyframes


async def undo_hold(service: TableService) -> None:
    """Undo the hold that ended the last turn (its player takes it back; no dice, so nobody is asked)."""
    table = await service.table_here(CHANNEL)
    last = (await service.store.log.actions(table.id))[-1]
    assert last.action == {"type": "hold"}
    assert not isinstance(await service.undo(CHANNEL, PLAYERS[last.seat or 0]), Ask)


@pytest.mark.usefixtures("with_pig", "small_keyframes")
async def test_undo_drops_a_keyframe_and_every_other_turn_still_reads(service: TableService):
    await start_pig(service)
    texts = await play_pig(service, until_turns=6)
    table = await service.table_here(CHANNEL)
    assert snapshots.wants_keyframe(6, 3)
    await undo_hold(service)  # turn 6 was a keyframe: it goes
    table = await service.table_here(CHANNEL)
    assert table.turns == 5 and await service.store.log.snapshot(table.id, 6) is None
    del texts[6]
    await assert_every_turn_reads(service, texts)
    texts.update(await play_pig(service, until_turns=8))  # turn 6 is kept again, as a keyframe; 7 and 8 against it
    await assert_every_turn_reads(service, texts)


@pytest.mark.usefixtures("with_pig", "small_keyframes")
async def test_undo_replays_from_a_delta_snapshot(service: TableService):
    await start_pig(service)
    await play_pig(service, until_turns=5)  # turn 5 is a delta against turn 3
    table = await service.table_here(CHANNEL)
    before = table.state
    mover = PLAYERS[service.state(table).to_move]
    await service.act(CHANNEL, mover, {"type": "hold"})
    await undo_hold(service)  # replays the log from the snapshot of turn 5
    table = await service.table_here(CHANNEL)
    assert table.state == before and table.turns == 5


async def test_dropping_from_any_action_leaves_every_remaining_turn_readable(tmp_path: Path):
    texts = real_game("smallworld", {}, 3, seed=5)[:40]
    for n in range(0, 45, 4):
        store = await Store.open(tmp_path / f"drop{n}.sqlite3")
        try:
            table_id = await new_table(store)
            for turn, text in enumerate(texts):
                await store.log.add_snapshot(table_id, turn, turn, text, 0.0)  # turn t includes actions up to t
            await store.log.drop_snapshots_from(table_id, n)
            for turn, text in enumerate(texts):
                row = await store.log.snapshot(table_id, turn)
                assert (row.state if row else None) == (text if turn < n else None)
            before = await store.log.last_snapshot_before(table_id, n + 10)
            assert (before.turn if before else None) == (min(n, len(texts)) - 1 if n else None)
            for turn in range(n, len(texts)):  # the game goes on after the undo
                await store.log.add_snapshot(table_id, turn, turn + 100, texts[turn], 0.0)
            rows = [await store.log.snapshot(table_id, turn) for turn in range(len(texts))]
            assert [row.state if row else None for row in rows] == texts
        finally:
            await store.close()


async def test_a_delta_never_leans_on_a_keyframe_with_later_actions(store: Store):
    texts = real_game("smallworld", {}, 3, seed=7)[:3]
    table_id = await new_table(store)
    await store.log.add_snapshot(table_id, 0, 50, texts[0], 0.0)
    await store.log.add_snapshot(table_id, 1, 5, texts[1], 0.0)  # had it been a delta against turn 0 ...
    await store.log.drop_snapshots_from(table_id, 10)  # ... this would strand it
    row = await store.log.snapshot(table_id, 1)
    assert row is not None and row.state == texts[1]


async def test_replacing_a_keyframe_keeps_its_deltas(store: Store):
    texts = real_game("smallworld", {}, 3, seed=7)[:10]
    table_id = await new_table(store)
    for turn, text in enumerate(texts):
        await store.log.add_snapshot(table_id, turn, turn, text, 0.0)
    await store.log.add_snapshot(table_id, 0, 0, texts[1], 0.0)  # turn 0 was the keyframe of turns 1 to 9
    assert [(await store.log.snapshot(table_id, turn)) is not None for turn in range(10)] == [True] * 10
    for turn in range(1, 10):
        row = await store.log.snapshot(table_id, turn)
        assert row is not None and row.state == texts[turn]


def old_database(path: Path, source: Path) -> None:
    """A database file as the 0001 schema left it, holding the tables, seats and log of `source` and its
    snapshots as JSON text (their format before 0002)."""
    old = sqlite3.connect(path)
    old.executescript((MIGRATIONS / "0001_init.sql").read_text() + "PRAGMA user_version = 1;")
    old.execute("ATTACH DATABASE ? AS new", (str(source),))
    for name in ("tables", "seats", "actions"):
        columns = ", ".join(row[1] for row in old.execute(f"PRAGMA main.table_info({name})"))
        old.execute(f"INSERT INTO main.{name} ({columns}) SELECT {columns} FROM new.{name}")
    rows = old.execute(
        "SELECT s.table_id, s.turn, s.upto, s.state, s.at, k.state FROM new.snapshots s"
        " LEFT JOIN new.snapshots k ON k.table_id = s.table_id AND k.turn = s.base"
    ).fetchall()
    for table_id, turn, upto, state, at, base in rows:
        text = snapshots.decode(state, base)
        old.execute("INSERT INTO main.snapshots VALUES (?, ?, ?, ?, ?)", (table_id, turn, upto, text, at))
    old.commit()
    old.close()


@pytest.mark.usefixtures("with_pig", "small_keyframes")
async def test_a_0001_database_migrates_and_its_old_snapshots_still_read(tmp_path: Path, clock: FakeClock):
    source = await Store.open(tmp_path / "source.sqlite3")
    seeds = iter(range(1, 10**6))
    service = TableService(source, clock=clock, seeds=lambda: next(seeds))
    await start_pig(service)
    texts = await play_pig(service, until_turns=7)
    await sqlite.connection(source).execute("PRAGMA wal_checkpoint(TRUNCATE)")
    await source.close()
    old_database(tmp_path / "old.sqlite3", tmp_path / "source.sqlite3")

    store = await Store.open(tmp_path / "old.sqlite3")
    try:
        async with sqlite.connection(store).execute("SELECT DISTINCT typeof(state) FROM snapshots") as cursor:
            assert [tuple(row) for row in await cursor.fetchall()] == [("text",)]  # read as they are
        service = TableService(store, clock=clock, seeds=lambda: next(seeds))
        await assert_every_turn_reads(service, texts)
        texts.update(await play_pig(service, until_turns=14))  # new snapshots: keyframes and deltas beside the old
        await assert_every_turn_reads(service, texts)
        if (await store.log.actions(1))[-1].action == {"type": "hold"}:
            await undo_hold(service)
        table = await service.table_here(CHANNEL)
        texts = {turn: text for turn, text in texts.items() if turn <= table.turns}
        await assert_every_turn_reads(service, texts)
    finally:
        await store.close()
