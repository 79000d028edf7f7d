"""Reads the bot's database directly (read-only) and replays a table's log with the engine alone.

Independent of table/'s store: if the bot stored something its own log cannot explain, this finds it. The
database is the SQLite file in a bot's data folder (a Path), or a PostgreSQL database (its URL, a str), read
with asyncpg on a thread of its own so the test's event loop is left alone.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

import rules
from rules import serial
from rules.base import SeatInfo
from rules.rng import Rng
from table.storage import logchunks


@dataclass
class TableDump:
    id: int
    channel_id: int
    game: str
    status: str
    version: int
    announced: int
    turns: int
    state: str | None
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    actions: list[dict[str, Any]]


def database(data_dir: Path) -> Path:
    found = [p for p in data_dir.iterdir() if p.suffix in (".db", ".sqlite", ".sqlite3")]
    assert len(found) == 1, f"expected one SQLite file in {data_dir}, found {[p.name for p in data_dir.iterdir()]}"
    return found[0]


Where = Path | str  # a bot's data folder (its SQLite file) or a PostgreSQL URL


class _Rows(list[dict[str, Any]]):
    def fetchone(self) -> dict[str, Any] | None:
        return self[0] if self else None


class PostgresReader:
    """sqlite3's execute() over a PostgreSQL database, for the oracle's few queries."""

    def __init__(self, url: str) -> None:
        self.url = url

    def execute(self, sql: str, args: tuple[Any, ...] = ()) -> _Rows:
        count = iter(range(1, 100))
        numbered = re.sub(r"\?", lambda _: f"${next(count)}", sql)

        async def query() -> list[dict[str, Any]]:
            conn = await asyncpg.connect(self.url)
            try:
                return [dict(row) for row in await conn.fetch(numbered, *args)]
            finally:
                await conn.close()

        with ThreadPoolExecutor(1) as pool:
            return _Rows(pool.submit(asyncio.run, query()).result())

    def close(self) -> None:
        return None


def connect(where: Where) -> sqlite3.Connection | PostgresReader:
    if isinstance(where, str):
        return PostgresReader(where)
    db = sqlite3.connect(f"file:{database(where)}?mode=ro", uri=True, timeout=10)
    db.row_factory = sqlite3.Row
    return db


def tables(data_dir: Where, channel_id: int | str | None = None, actions: bool = True) -> list[TableDump]:
    """Every table (or those of one channel), with its seats and, unless actions=False, its whole log."""
    where, args = ("WHERE channel_id = ?", (int(channel_id),)) if channel_id is not None else ("", ())
    with closing(connect(data_dir)) as db:
        result = []
        for row in db.execute(f"SELECT * FROM tables {where} ORDER BY id", args):
            seats = [dict(s) for s in db.execute("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (row["id"],))]
            log = _log(db, row["id"]) if actions else []
            result.append(
                TableDump(
                    row["id"],
                    row["channel_id"],
                    row["game"],
                    row["status"],
                    row["version"],
                    row["announced"],
                    row["turns"],
                    row["state"],
                    row["seed"],
                    json.loads(row["options"]),
                    seats,
                    log,
                )
            )
        return result


def _log(db: sqlite3.Connection | PostgresReader, table_id: int) -> list[dict[str, Any]]:
    """Finished turns from their compressed chunks, then the turn under way (see table/storage/logchunks.py)."""
    chunks = db.execute("SELECT rows FROM log_chunks WHERE table_id = ? ORDER BY first_n", (table_id,))
    log = [row for chunk in chunks for row in logchunks.decode(chunk["rows"])]
    rows = db.execute("SELECT * FROM actions WHERE table_id = ? ORDER BY n", (table_id,))
    return log + [dict(a) | {"action": json.loads(a["action"]), "events": json.loads(a["events"])} for a in rows]


def table_in(data_dir: Where, channel_id: int | str, actions: bool = True) -> TableDump:
    """The newest table in that channel."""
    found = tables(data_dir, channel_id, actions)
    assert found, f"no table in channel {channel_id}"
    return found[-1]


def replayed(table: TableDump) -> str:
    """The state the log gives: new() from the table seed, then every effective action with its own seed."""
    engine = rules.engine(table.game)
    state = engine.new([SeatInfo(s["faction"]) for s in table.seats], dict(table.options), Rng(table.seed))
    undone = {int(a["action"]["undoes"]) for a in table.actions if a["kind"] == "undo"}
    for action in table.actions:
        if action["kind"] != "undo" and action["n"] not in undone:
            engine.act(state, action["seat"], action["action"], Rng(action["seed"]))
    return serial.dumps(state)


@dataclass(frozen=True)
class TurnShape:
    """How a finished game's log divides into what needs a new public message."""

    turns: int  # player turns (turn_end events)
    handoffs: int  # decisions awaited from a player not yet awaited in the turn (a defender, an ally)


def turn_shape(table: TableDump) -> TurnShape:
    """Replays the log (no undo in these games) and counts turns and hand-offs, independently of the bot's posts."""
    engine = rules.engine(table.game)
    state = engine.new([SeatInfo(s["faction"]) for s in table.seats], dict(table.options), Rng(table.seed))
    seen = set(engine.awaiting(state))
    turns = handoffs = 0
    for action in table.actions:
        events = engine.act(state, action["seat"], action["action"], Rng(action["seed"]))
        waiting = set(engine.awaiting(state))
        if any(event.kind == "turn_end" for event in events):
            turns += 1
            seen = waiting
        elif not waiting <= seen:
            handoffs += 1
            seen |= waiting
    return TurnShape(turns, handoffs)


def assert_log_explains_state(table: TableDump) -> None:
    assert table.state is not None, "the table never started"
    numbers = [a["n"] for a in table.actions]
    assert numbers == list(range(1, len(numbers) + 1)), f"action numbers have gaps or repeats: {numbers}"
    assert json.loads(replayed(table)) == json.loads(table.state), "replaying the log does not give the stored state"


async def wait_for_setting(data_dir: Where, key: str, timeout: float = 10.0) -> str:
    """A bot setting once it is committed (polled: the bot writes it in its own time)."""
    import asyncio
    import time

    deadline = time.monotonic() + timeout
    while True:
        try:
            with closing(connect(data_dir)) as db:
                row = db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        except (sqlite3.OperationalError, asyncpg.UndefinedTableError):  # the bot has not created its tables yet
            row = None
        if row is not None:
            return str(row["value"])  # by name: a PostgreSQL row is a dict
        assert time.monotonic() < deadline, f"the bot never stored the setting {key!r}"
        await asyncio.sleep(0.05)
