"""The store: every row the table keeps, and the only place SQL is written.

`Store` holds the queries, written once in SQL that SQLite and PostgreSQL both accept; the two
implementations supply what differs: connecting, transactions, the table lock, and a few spellings.
- table/sqlite_store.py (the default): one file, one process (table/instance.py refuses a second).
- table/postgres_store.py: a shared PostgreSQL database, for several bot processes at once.
`Store.open(where)` picks one: a path or sqlite:///path for SQLite, postgresql://... for PostgreSQL.

Guarantees both keep: a change made inside `transaction()` lands whole or not at all (it may be nested within
one task); `lock(table_id)` is held by one task at a time in every process on the database; a state saved
against an old version raises StaleVersion.
"""

from __future__ import annotations

import json
import re
import secrets
from abc import ABC, abstractmethod
from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

from table import logchunks, snapshots

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
LEASE_SECONDS = 120.0  # how long a claim (a post or a DM on its way) is held before another process may take it
NONCE_BYTES = 10  # a post's nonce: 20 hex characters (Discord takes up to 25)

# Every table of the schema, parents before children: the order a copy between stores writes them in.
TABLES = (
    "tables",
    "seats",
    "actions",
    "log_chunks",
    "snapshots",
    "prefs",
    "reminders",
    "requests",
    "settings",
    "turn_messages",
    "away_used",
    "postings",
    "deliveries",
    "seat_names",
)


class Row(Protocol):
    """A result row as both drivers give it: by column name or position, and dict(row)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def keys(self) -> Any: ...


@dataclass
class TableRow:
    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    status: str
    creator_id: int
    created_at: float
    started_at: float | None
    finished_at: float | None
    seed: int
    version: int
    state: str | None
    turns: int
    announced: int
    remind_after: int
    remind_every: int
    deadline: int | None
    paused: bool
    posts: str = "turn"  # 'turn': a turn's actions edit one message; 'action': a message per action
    away_allowance: int = 14 * 86400  # how long absences may hold back one seat's deadlines in this game


@dataclass
class TurnMessage:
    """The channel message a turn's actions are edited into (one message per turn)."""

    table_id: int
    started: int  # the version whose post began it
    message_id: int | None  # None until Discord has confirmed the post
    seen: frozenset[int]  # seats awaited since it began: a seat not among them gets a new, pinging message
    body: list[str]  # its lines so far, without the closing "Waiting for" line


@dataclass
class SeatRow:
    table_id: int
    seat: int
    user_id: int
    name: str
    faction: str | None
    bot: str | None = None  # the strength of the bot playing this seat; None for a person

    @property
    def person(self) -> bool:
        """A seat someone holds in Discord (to ping, DM, ask, give buttons to), not a bot's, nor an erased one:
        no Discord user has a negative id, so none is ever written into a message."""
        return self.bot is None and self.user_id > 0


@dataclass
class ActionRow:
    table_id: int
    n: int
    kind: str
    seat: int | None
    user_id: int | None
    action: dict[str, Any]
    seed: int
    events: list[dict[str, Any]]
    rolls: int
    secret: bool
    at: float
    version: int | None = None  # the table version its change made (None: logged before migrations/0010)


@dataclass
class SnapshotRow:
    table_id: int
    turn: int
    upto: int
    state: str
    at: float


@dataclass
class Prefs:
    user_id: int
    dms: bool = True
    quiet_from: int | None = None
    quiet_to: int | None = None
    timezone: str = "UTC"
    dm_closed: bool = False
    away_from: float | None = None  # an announced absence (/away)
    away_to: float | None = None

    def away(self, now: float) -> bool:
        return self.away_from is not None and self.away_to is not None and self.away_from <= now < self.away_to


@dataclass
class ReminderRow:
    table_id: int
    seat: int
    since: float
    next_at: float
    sent: int
    deadline_at: float | None
    mentioned: bool = False  # the channel was told about this wait already
    warn_at: float | None = None  # when the deadline's warning goes out (None: sent, or no deadline)


@dataclass
class RequestRow:
    id: int
    table_id: int
    kind: str
    user_id: int
    version: int
    approvals: list[int]
    open: bool
    created_at: float


@dataclass
class Delivery:
    """A reminder, warning or mention claimed by one process and not yet sent (see migrations/0008)."""

    id: int
    table_id: int
    seat: int
    since: float  # the wait it belongs to
    how: str  # dm, mention
    user_id: int
    text: str
    origin: dict[str, Any]
    owner: str
    lease_until: float


FORMER_PLAYER = "a former player"  # the name a forgotten user's seats keep


def scrub(text: str, names: Iterable[str]) -> str:
    """`text` with each of `names` (a forgotten user's) replaced by FORMER_PLAYER, as a whole word: a name found
    inside a longer word belongs to that word."""
    for name in sorted(names, key=len, reverse=True):  # "ann" must not eat the start of "anna"
        if name:
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", FORMER_PLAYER, text)
    return text


class StaleVersion(Exception):
    """The table changed since it was read: the caller's view of it is out of date."""


class NewerDatabase(Exception):
    """The database was written by a newer version of the bot: refused, never written to."""


class Unreachable(Exception):
    """The database could not be opened (no server, refused login, no such database...): one line that names what
    failed and what to check, never the password."""


class Conflict(Exception):
    """A row with that key exists already (a unique constraint), whichever database said so."""


SYNCHRONOUS = ("NORMAL", "FULL")  # SQLite's durability levels that suit WAL (see SqliteStore.open)


def migrations(dialect: str) -> list[tuple[int, str]]:
    """The numbered schema changes for a dialect: migrations/*.sql (SQLite), migrations/postgresql/*.sql."""
    folder = MIGRATIONS if dialect == "sqlite" else MIGRATIONS / dialect
    files = sorted(folder.glob("[0-9][0-9][0-9][0-9]_*.sql"))
    return [(int(path.name[:4]), path.read_text(encoding="utf-8")) for path in files]


def newer_database(where: str, found: int, known: int) -> NewerDatabase:
    return NewerDatabase(
        f"{where} was written by a newer version of this bot (database version {found}; this one knows up "
        f"to {known}). Upgrade the bot, or point it at another database. Nothing was changed."
    )


class Store(ABC):
    """The queries; a subclass connects to one kind of database (see the module's docstring)."""

    dialect: str
    location: str  # what Store.open was given: the file's path or the database's URL
    GREATEST = "MAX"  # the larger of two values: MAX(a, b) in SQLite, GREATEST(a, b) in PostgreSQL
    LEAST = "MIN"

    @staticmethod
    async def open(where: str | Path, synchronous: str = "NORMAL") -> Store:
        """The store at `where`: a path, sqlite:///relative/path or sqlite:////absolute/path (SQLite), or
        postgresql://... (PostgreSQL)."""
        # imported here: both implementations import this module for the queries they share
        from table.postgres_store import PostgresStore
        from table.sqlite_store import SqliteStore

        text = str(where)
        if text.startswith(("postgresql://", "postgres://")):
            return await PostgresStore.connect(text)
        return await SqliteStore.open_file(text.removeprefix("sqlite:///"), synchronous)

    # --- what each database does its own way -------------------------------------------------------------

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def migrate(self) -> int:
        """Apply every migration newer than the database's version; returns the version reached."""

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[None]:
        """Statements that land together or not at all; nested within one task, the outer one decides."""

    @abstractmethod
    def lock(self, table_id: int) -> AbstractAsyncContextManager[None]:
        """The table's lock: one holder at a time among all tasks of all processes using this database."""

    @abstractmethod
    async def _write(self, sql: str, args: Iterable[Any] = ()) -> int:
        """One write statement (inside the caller's transaction or as its own); the number of rows it changed.
        A unique key already taken raises Conflict."""

    @abstractmethod
    async def _write_rows(self, sql: str, args: Iterable[Any] = ()) -> list[Row]:
        """A write statement with RETURNING: the rows it wrote."""

    async def _insert(self, sql: str, args: Iterable[Any] = ()) -> int:
        """An INSERT ... RETURNING id; the new row's id."""
        rows = await self._write_rows(sql, args)
        return int(rows[0][0])

    @abstractmethod
    async def _one(self, sql: str, args: Iterable[Any] = ()) -> Row | None: ...

    @abstractmethod
    async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[Row]: ...

    async def _upsert(self, table: str, key: tuple[str, ...], values: dict[str, Any]) -> None:
        """Insert the row, or replace the one with the same key (INSERT OR REPLACE, in SQL both accept)."""
        columns = ", ".join(values)
        marks = ", ".join("?" * len(values))
        changes = ", ".join(f"{name} = excluded.{name}" for name in values if name not in key)
        await self._write(
            f"INSERT INTO {table} ({columns}) VALUES ({marks}) ON CONFLICT ({', '.join(key)}) DO UPDATE SET {changes}",
            tuple(values.values()),
        )

    # --- copying a whole database (bot.py --migrate-to) ----------------------------------------------------

    async def rows_of(self, table: str) -> list[dict[str, Any]]:
        if table not in TABLES:
            raise ValueError(table)
        return [dict(row) for row in await self._all(f"SELECT * FROM {table}")]

    async def put_rows(self, table: str, rows: list[dict[str, Any]]) -> None:
        """Write rows read by rows_of from another store (ids kept), inside the caller's transaction."""
        if table not in TABLES:
            raise ValueError(table)
        for row in rows:
            columns = ", ".join(row)
            await self._write(
                f"INSERT INTO {table} ({columns}) VALUES ({', '.join('?' * len(row))})", tuple(row.values())
            )

    async def count(self, table: str) -> int:
        if table not in TABLES:
            raise ValueError(table)
        row = await self._one(f"SELECT COUNT(*) FROM {table}")
        return int(row[0]) if row else 0

    async def ids_copied(self) -> None:
        """After put_rows: the next new table or request gets an id above the copied ones."""
        return None

    # --- tables -------------------------------------------------------------------------------------------

    @staticmethod
    def _table(row: Row) -> TableRow:
        data = dict(row)
        data["options"] = json.loads(data["options"])
        data["paused"] = bool(data["paused"])
        return TableRow(**data)

    async def insert_table(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        creator_id: int,
        now: float,
        seed: int,
    ) -> int:
        return await self._insert(
            "INSERT INTO tables (guild_id, channel_id, game, options, status, creator_id, created_at, seed)"
            " VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?) RETURNING id",
            (guild_id, channel_id, game, json.dumps(options), creator_id, now, seed),
        )

    async def table(self, table_id: int) -> TableRow | None:
        row = await self._one("SELECT * FROM tables WHERE id = ?", (table_id,))
        return self._table(row) if row else None

    async def table_in_channel(self, channel_id: int) -> TableRow | None:
        """The channel's newest table: the one being played, or the last one finished there."""
        row = await self._one("SELECT * FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return self._table(row) if row else None

    async def tables_in_guild(self, guild_id: int, limit: int = 50) -> list[TableRow]:
        rows = await self._all(
            "SELECT * FROM tables WHERE guild_id = ? ORDER BY status IN ('finished', 'abandoned'), id DESC LIMIT ?",
            (guild_id, limit),
        )
        return [self._table(row) for row in rows]

    async def unannounced(self, limit: int = 20) -> list[TableRow]:
        rows = await self._all(
            "SELECT * FROM tables WHERE status IN ('running', 'finished') AND announced < version LIMIT ?", (limit,)
        )
        return [self._table(row) for row in rows]

    async def set_announced(self, table_id: int, version: int) -> None:
        await self._write(
            f"UPDATE tables SET announced = {self.GREATEST}(announced, ?) WHERE id = ?", (version, table_id)
        )

    async def set_table(self, table_id: int, **fields: Any) -> None:
        if "options" in fields:
            fields["options"] = json.dumps(fields["options"])
        columns = ", ".join(f"{name} = ?" for name in fields)
        await self._write(f"UPDATE tables SET {columns} WHERE id = ?", (*fields.values(), table_id))

    async def save_state(self, table_id: int, expected_version: int, state: str, **fields: Any) -> int:
        """Store a new state if the table is still at `expected_version`; returns the new version."""
        extra = "".join(f", {name} = ?" for name in fields)
        changed = await self._write(
            f"UPDATE tables SET state = ?, version = version + 1{extra} WHERE id = ? AND version = ?",
            (state, *fields.values(), table_id, expected_version),
        )
        if changed != 1:
            raise StaleVersion(table_id)
        return expected_version + 1

    # --- seats --------------------------------------------------------------------------------------------

    async def seats(self, table_id: int) -> list[SeatRow]:
        rows = await self._all("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))
        return [SeatRow(**dict(row)) for row in rows]

    async def add_seat(
        self, table_id: int, seat: int, user_id: int, name: str, faction: str | None, bot: str | None = None
    ) -> None:
        async with self.transaction():
            await self._write(
                "INSERT INTO seats (table_id, seat, user_id, name, faction, bot) VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, seat, user_id, name, faction, bot),
            )
            if bot is None:
                await self._remember_name(table_id, user_id, name)

    async def replace_seats(self, table_id: int, seats: list[SeatRow]) -> None:
        await self._write("DELETE FROM seats WHERE table_id = ?", (table_id,))
        for seat in seats:
            await self.add_seat(table_id, seat.seat, seat.user_id, seat.name, seat.faction, seat.bot)

    async def set_seat_user(self, table_id: int, seat: int, user_id: int, name: str, bot: str | None = None) -> None:
        """Hand a seat to a person, or to a bot of strength `bot`."""
        async with self.transaction():
            await self._write(
                "UPDATE seats SET user_id = ?, name = ?, bot = ? WHERE table_id = ? AND seat = ?",
                (user_id, name, bot, table_id, seat),
            )
            if bot is None:
                await self._remember_name(table_id, user_id, name)

    async def rename_user(self, user_id: int, name: str) -> None:
        async with self.transaction():
            await self._write("UPDATE seats SET name = ? WHERE user_id = ? AND name != ?", (name, user_id, name))
            await self._write(
                "INSERT INTO seat_names (table_id, user_id, name) SELECT table_id, user_id, name FROM seats"
                " WHERE user_id = ? AND bot IS NULL ON CONFLICT DO NOTHING",
                (user_id,),
            )

    async def _remember_name(self, table_id: int, user_id: int, name: str) -> None:
        """A name a person held a seat under: forgetting them scrubs it from the table's texts even after the
        seat changed hands (see migrations/0009)."""
        if user_id > 0:  # bots and erased seats have ids no Discord user has
            await self._write(
                "INSERT INTO seat_names (table_id, user_id, name) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (table_id, user_id, name),
            )

    # --- the action log -----------------------------------------------------------------------------------

    async def append_action(self, row: ActionRow) -> None:
        """Append to the log; an action numbered like one already there lost a race (StaleVersion)."""
        try:
            await self._append_action(row)
        except Conflict:
            raise StaleVersion(row.table_id) from None

    async def _append_action(self, row: ActionRow) -> None:
        await self._write(
            "INSERT INTO actions (table_id, n, kind, seat, user_id, action, seed, events, rolls, secret, at, version)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                row.table_id,
                row.n,
                row.kind,
                row.seat,
                row.user_id,
                json.dumps(row.action),
                row.seed,
                json.dumps(row.events),
                row.rolls,
                int(row.secret),
                row.at,
                row.version,
            ),
        )

    async def actions(self, table_id: int, after: int = 0) -> list[ActionRow]:
        """The log after action `after`, in order: finished turns from their chunks, then the turn under way."""
        chunks = await self._all(
            "SELECT rows FROM log_chunks WHERE table_id = ? AND last_n > ? ORDER BY first_n", (table_id, after)
        )
        rows = [self._action(data) for chunk in chunks for data in logchunks.decode(chunk["rows"])]
        live = await self._all("SELECT * FROM actions WHERE table_id = ? AND n > ? ORDER BY n", (table_id, after))
        rows += [self._action(dict(row)) for row in live]
        return [row for row in rows if row.n > after]

    async def action_count(self, table_id: int) -> int:
        row = await self._one(
            f"SELECT {self.GREATEST}(COALESCE((SELECT MAX(n) FROM actions WHERE table_id = ?), 0),"
            " COALESCE((SELECT MAX(last_n) FROM log_chunks WHERE table_id = ?), 0))",
            (table_id, table_id),
        )
        return int(row[0]) if row else 0

    async def actions_page(self, table_id: int, offset: int, limit: int) -> list[ActionRow]:
        """A page of the log, newest first."""
        newest_first = list(reversed(await self.actions(table_id)))
        return newest_first[offset : offset + limit]

    @staticmethod
    def _action(data: dict[str, Any]) -> ActionRow:
        data = dict(data)
        for column in ("action", "events"):
            if isinstance(data[column], str):  # a row of the turn under way; a chunk's rows are decoded already
                data[column] = json.loads(data[column])
        data["secret"] = bool(data["secret"])
        return ActionRow(**data)

    async def _chunk_log(self, table_id: int, upto: int) -> None:
        """Move the live rows up to action `upto` (a turn that ended) into one compressed chunk."""
        live = [
            self._action(dict(row))
            for row in await self._all(
                "SELECT * FROM actions WHERE table_id = ? AND n <= ? ORDER BY n", (table_id, upto)
            )
        ]
        if not live:
            return
        rows = [asdict(row) for row in live]
        await self._write(
            "INSERT INTO log_chunks (table_id, first_n, last_n, users, rows) VALUES (?, ?, ?, ?, ?)",
            (table_id, live[0].n, live[-1].n, logchunks.users(rows), logchunks.encode(rows)),
        )
        await self._write("DELETE FROM actions WHERE table_id = ? AND n <= ?", (table_id, upto))

    # --- snapshots ----------------------------------------------------------------------------------------
    # Kept small by table/snapshots.py: a keyframe (base NULL) or a delta against the keyframe of turn `base`.
    # A delta's keyframe has an earlier turn and no later action (upto), so drop_snapshots_from, which drops by
    # upto, never strands a delta; replacing a keyframe's turn would, so its deltas are made keyframes first.

    _SNAPSHOT = (
        "SELECT s.table_id, s.turn, s.upto, s.state, s.at, k.state AS base_state FROM snapshots s"
        " LEFT JOIN snapshots k ON k.table_id = s.table_id AND k.turn = s.base"
    )

    @staticmethod
    def _snapshot(row: Row) -> SnapshotRow:
        text = snapshots.decode(row["state"], row["base_state"])
        return SnapshotRow(row["table_id"], row["turn"], row["upto"], text, row["at"])

    async def add_snapshot(self, table_id: int, turn: int, upto: int, state: str, now: float) -> None:
        async with self.transaction():
            dependents = await self._all(self._SNAPSHOT + " WHERE s.table_id = ? AND s.base = ?", (table_id, turn))
            for row in dependents:
                await self._write(
                    "UPDATE snapshots SET state = ?, base = NULL WHERE table_id = ? AND turn = ?",
                    (snapshots.keyframe(self._snapshot(row).state), table_id, row["turn"]),
                )
            key = await self._one(
                "SELECT turn, state FROM snapshots WHERE table_id = ? AND base IS NULL AND turn < ? AND upto <= ?"
                " ORDER BY turn DESC LIMIT 1",
                (table_id, turn, upto),
            )
            data, base = snapshots.encode(state, turn, (key["turn"], key["state"]) if key else None)
            await self._upsert(
                "snapshots",
                ("table_id", "turn"),
                {"table_id": table_id, "turn": turn, "upto": upto, "state": data, "at": now, "base": base},
            )
            await self._chunk_log(table_id, upto)  # the turn is over: its log rows are read, not written, now on

    async def snapshot(self, table_id: int, turn: int) -> SnapshotRow | None:
        row = await self._one(self._SNAPSHOT + " WHERE s.table_id = ? AND s.turn = ?", (table_id, turn))
        return self._snapshot(row) if row else None

    async def last_snapshot_before(self, table_id: int, n: int) -> SnapshotRow | None:
        """The newest snapshot that includes no action from n on."""
        row = await self._one(
            self._SNAPSHOT + " WHERE s.table_id = ? AND s.upto < ? ORDER BY s.upto DESC, s.turn DESC LIMIT 1",
            (table_id, n),
        )
        return self._snapshot(row) if row else None

    async def drop_snapshots_from(self, table_id: int, n: int) -> None:
        await self._write("DELETE FROM snapshots WHERE table_id = ? AND upto >= ?", (table_id, n))

    # --- preferences --------------------------------------------------------------------------------------

    async def prefs(self, user_id: int) -> Prefs:
        row = await self._one("SELECT * FROM prefs WHERE user_id = ?", (user_id,))
        if not row:
            return Prefs(user_id)
        data = dict(row)
        return Prefs(**{**data, "dms": bool(data["dms"]), "dm_closed": bool(data["dm_closed"])})

    async def save_prefs(self, prefs: Prefs) -> None:
        await self._upsert(
            "prefs", ("user_id",), {**asdict(prefs), "dms": int(prefs.dms), "dm_closed": int(prefs.dm_closed)}
        )

    # --- reminders ----------------------------------------------------------------------------------------

    @staticmethod
    def _reminder(row: Row) -> ReminderRow:
        data = dict(row)
        return ReminderRow(**{**data, "mentioned": bool(data["mentioned"])})

    async def reminders(self, table_id: int) -> list[ReminderRow]:
        rows = await self._all("SELECT * FROM reminders WHERE table_id = ? ORDER BY seat", (table_id,))
        return [self._reminder(row) for row in rows]

    async def reminder(self, table_id: int, seat: int) -> ReminderRow | None:
        row = await self._one("SELECT * FROM reminders WHERE table_id = ? AND seat = ?", (table_id, seat))
        return self._reminder(row) if row else None

    async def put_reminder(self, row: ReminderRow) -> None:
        await self._upsert("reminders", ("table_id", "seat"), {**asdict(row), "mentioned": int(row.mentioned)})

    async def update_reminder_if(self, row: ReminderRow, since: float, sent: int) -> bool:
        """Store `row` only if that seat's wait is still the one read (same `since`, same count of reminders
        sent): a reminder handled while the player moved must not bring back the wait they ended."""
        changed = await self._write(
            "UPDATE reminders SET next_at = ?, sent = ?, deadline_at = ?, mentioned = ?, warn_at = ?"
            " WHERE table_id = ? AND seat = ? AND since = ? AND sent = ?",
            (
                row.next_at,
                row.sent,
                row.deadline_at,
                int(row.mentioned),
                row.warn_at,
                row.table_id,
                row.seat,
                since,
                sent,
            ),
        )
        return changed == 1

    async def drop_reminders(self, table_id: int, keep: Iterable[int] = ()) -> None:
        kept = list(keep)
        marks = ",".join("?" * len(kept))
        clause = f" AND seat NOT IN ({marks})" if kept else ""
        await self._write(f"DELETE FROM reminders WHERE table_id = ?{clause}", (table_id, *kept))

    async def due_reminders(self, now: float, limit: int = 100) -> list[ReminderRow]:
        """Reminders or deadlines that are due, for tables that are running and not paused."""
        rows = await self._all(
            "SELECT r.* FROM reminders r JOIN tables t ON t.id = r.table_id"
            " WHERE (r.next_at <= ? OR r.deadline_at <= ? OR r.warn_at <= ?) AND t.status = 'running'"
            " AND t.paused = 0"
            f" ORDER BY {self.LEAST}(r.next_at, COALESCE(r.deadline_at, r.next_at),"
            " COALESCE(r.warn_at, r.next_at)) LIMIT ?",
            (now, now, now, limit),
        )
        return [self._reminder(row) for row in rows]

    async def away_used(self, table_id: int, seat: int) -> float:
        row = await self._one("SELECT seconds FROM away_used WHERE table_id = ? AND seat = ?", (table_id, seat))
        return float(row[0]) if row else 0.0

    async def add_away_used(self, table_id: int, seat: int, seconds: float) -> None:
        await self._write(
            "INSERT INTO away_used (table_id, seat, seconds) VALUES (?, ?, ?)"
            " ON CONFLICT (table_id, seat) DO UPDATE SET seconds = away_used.seconds + excluded.seconds",
            (table_id, seat, seconds),
        )

    # --- requests (undo consent, pause votes) -------------------------------------------------------------

    async def add_request(self, table_id: int, kind: str, user_id: int, version: int, now: float) -> int:
        return await self._insert(
            "INSERT INTO requests (table_id, kind, user_id, version, approvals, created_at) VALUES (?, ?, ?, ?, ?, ?)"
            " RETURNING id",
            (table_id, kind, user_id, version, json.dumps([user_id]), now),
        )

    async def request(self, request_id: int) -> RequestRow | None:
        row = await self._one("SELECT * FROM requests WHERE id = ?", (request_id,))
        if not row:
            return None
        data = dict(row)
        return RequestRow(**{**data, "approvals": json.loads(data["approvals"]), "open": bool(data["open"])})

    async def update_request(self, request_id: int, approvals: list[int], open_: bool) -> None:
        await self._write(
            "UPDATE requests SET approvals = ?, open = ? WHERE id = ?", (json.dumps(approvals), int(open_), request_id)
        )

    async def close_requests(self, table_id: int) -> None:
        await self._write("UPDATE requests SET open = 0 WHERE table_id = ? AND open = 1", (table_id,))

    # --- forgetting a user --------------------------------------------------------------------------------------

    async def tables_awaiting_bots(self) -> list[int]:
        """Running tables where the game awaits a bot's seat (its wait is marked by a reminder row)."""
        rows = await self._all(
            "SELECT DISTINCT t.id FROM tables t JOIN reminders r ON r.table_id = t.id"
            " JOIN seats s ON s.table_id = r.table_id AND s.seat = r.seat"
            " WHERE t.status = 'running' AND s.bot IS NOT NULL ORDER BY t.id",
            (),
        )
        return [int(row[0]) for row in rows]

    async def running_seats_of(self, user_id: int) -> list[TableRow]:
        """Tables still gathering or running at which the user has a seat."""
        rows = await self._all(
            "SELECT t.* FROM tables t JOIN seats s ON s.table_id = t.id"
            " WHERE s.user_id = ? AND t.status IN ('lobby', 'running') ORDER BY t.id",
            (user_id,),
        )
        return [self._table(row) for row in rows]

    async def tables_naming(self, user_id: int) -> list[int]:
        """Every table whose rows name the user, whatever its status: where they sit or ever sat (seat_names),
        acted (the log, live or in chunks), asked or agreed (requests), opened, or have a message on its way."""
        rows = await self._all(
            "SELECT table_id FROM seat_names WHERE user_id = ? UNION SELECT table_id FROM seats WHERE user_id = ?"
            " UNION SELECT table_id FROM actions WHERE user_id = ? UNION SELECT table_id FROM log_chunks"
            " WHERE users LIKE ? UNION SELECT id FROM tables WHERE creator_id = ?"
            " UNION SELECT table_id FROM deliveries WHERE user_id = ?",
            (user_id, user_id, user_id, f"%,{user_id},%", user_id, user_id),
        )
        asked = {
            int(row["table_id"])
            for row in await self._all("SELECT table_id, user_id, approvals FROM requests")
            if row["user_id"] == user_id or user_id in json.loads(row["approvals"])
        }
        return sorted({int(row[0]) for row in rows} | asked)

    async def forget_user(self, user_id: int) -> dict[str, int]:
        """Remove or anonymise every row that names the user, in one transaction; what was changed, by kind.

        Seats keep their number (the log replays from seat numbers, never from users) and become a former player
        with a placeholder id no Discord user has (negative, unique within the table); preferences go; the log,
        requests and table ownership lose the id. Every name the user held a seat under is replaced in the texts
        kept at each table they ever sat at, seat handed on or not: the turn's message (its next edit shows it
        without them) and reminders not yet sent. A seat at a running table is the service's to hand on first
        (table/service/privacy.py)."""
        changed: dict[str, int] = {}
        async with self.transaction():
            tables = await self.tables_naming(user_id)
            named = await self._all(
                "SELECT name FROM seat_names WHERE user_id = ? UNION SELECT name FROM seats WHERE user_id = ?",
                (user_id, user_id),
            )
            names = {str(row[0]) for row in named}
            await self._write("DELETE FROM deliveries WHERE user_id = ?", (user_id,))  # unsent texts to them
            for table_id in tables:
                turn = await self.turn_message(table_id)
                if turn is not None:
                    body = json.dumps([scrub(line, names) for line in turn.body])
                    await self._write("UPDATE turn_messages SET body = ? WHERE table_id = ?", (body, table_id))
                for row in await self._all("SELECT id, text FROM deliveries WHERE table_id = ?", (table_id,)):
                    text = scrub(row["text"], names)  # a reminder to another player names everyone at the table
                    await self._write("UPDATE deliveries SET text = ? WHERE id = ?", (text, row["id"]))
            changed["seats"] = await self._write(
                "UPDATE seats SET user_id = -(seat + 1), name = ? WHERE user_id = ?", (FORMER_PLAYER, user_id)
            )
            await self._write("DELETE FROM seat_names WHERE user_id = ?", (user_id,))
            changed["actions"] = await self._write("UPDATE actions SET user_id = NULL WHERE user_id = ?", (user_id,))
            for chunk in await self._all(
                "SELECT table_id, first_n, rows FROM log_chunks WHERE users LIKE ?", (f"%,{user_id},%",)
            ):
                logged = logchunks.decode(chunk["rows"])
                for entry in logged:
                    if entry["user_id"] == user_id:
                        entry["user_id"] = None
                        changed["actions"] += 1
                await self._write(
                    "UPDATE log_chunks SET users = ?, rows = ? WHERE table_id = ? AND first_n = ?",
                    (logchunks.users(logged), logchunks.encode(logged), chunk["table_id"], chunk["first_n"]),
                )
            changed["tables"] = await self._write("UPDATE tables SET creator_id = 0 WHERE creator_id = ?", (user_id,))
            changed["prefs"] = await self._write("DELETE FROM prefs WHERE user_id = ?", (user_id,))
            requests = 0
            for row in await self._all("SELECT id, user_id, approvals FROM requests"):
                approvals = json.loads(row["approvals"])
                if row["user_id"] != user_id and user_id not in approvals:
                    continue
                kept = [other for other in approvals if other != user_id]
                asker = 0 if row["user_id"] == user_id else row["user_id"]
                await self._write(
                    "UPDATE requests SET user_id = ?, approvals = ? WHERE id = ?", (asker, json.dumps(kept), row["id"])
                )
                requests += 1
            changed["requests"] = requests
        return changed

    async def reclaim(self) -> None:
        """After forgetting: no copy of the deleted or rewritten rows is left in the database's files (see
        SqliteStore's). PostgreSQL keeps dead rows until its VACUUM, which is the operator's (see the README)."""
        return None

    # --- the turn message -----------------------------------------------------------------------------------

    async def turn_message(self, table_id: int) -> TurnMessage | None:
        row = await self._one("SELECT * FROM turn_messages WHERE table_id = ?", (table_id,))
        if row is None:
            return None
        seen = frozenset(int(seat) for seat in row["seen"].strip(",").split(",") if seat)
        return TurnMessage(table_id, row["started"], row["message_id"], seen, json.loads(row["body"]))

    async def put_turn_message(self, turn: TurnMessage) -> None:
        """Write the turn's message. Its Discord id, when not given, is kept if the stored row is the same message:
        the id may arrive (set_turn_message_id) while a quick next action rewrites the message's lines."""
        seen = "," + "".join(f"{seat}," for seat in sorted(turn.seen))
        await self._write(
            "INSERT INTO turn_messages (table_id, started, message_id, seen, body) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (table_id) DO UPDATE SET message_id = CASE WHEN turn_messages.started = excluded.started "
            "THEN COALESCE(excluded.message_id, turn_messages.message_id) ELSE excluded.message_id END, "
            "started = excluded.started, seen = excluded.seen, body = excluded.body",
            (turn.table_id, turn.started, turn.message_id, seen, json.dumps(turn.body)),
        )

    async def set_turn_message_id(self, table_id: int, started: int, message_id: int | None) -> None:
        """The Discord id of the message begun at version `started`: ignored if a newer message began since."""
        await self._write(
            "UPDATE turn_messages SET message_id = ? WHERE table_id = ? AND started = ?",
            (message_id, table_id, started),
        )

    # --- claims: work one process took on, with a lease another process takes over if it dies -------------

    async def begin_posting(self, table_id: int, version: int, owner: str, until: float) -> str:
        """The result of `version` is on its way to the channel (the catch-up leaves it alone until `until`).
        Returns the nonce of its channel message: made by the first claim and kept by every later one (a retry, a
        catch-up after a crash), so each attempt to post the result sends the same nonce."""
        rows = await self._write_rows(
            "INSERT INTO postings (table_id, version, owner, lease_until, nonce) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (table_id, version) DO UPDATE SET owner = excluded.owner,"
            " lease_until = excluded.lease_until, nonce = COALESCE(postings.nonce, excluded.nonce) RETURNING nonce",
            (table_id, version, owner, until, secrets.token_hex(NONCE_BYTES)),
        )
        return str(rows[0][0])

    async def end_postings(self, table_id: int, upto: int) -> None:
        """Posts that arrived: every version up to `upto` is in the channel."""
        await self._write("DELETE FROM postings WHERE table_id = ? AND version <= ?", (table_id, upto))

    async def release_posting(self, table_id: int, version: int) -> None:
        """A post failed (or its process ended): the catch-up takes it now. The claim stays, with its nonce: the
        post may have reached Discord all the same (an answer lost on the way back)."""
        await self._write("UPDATE postings SET lease_until = 0 WHERE table_id = ? AND version = ?", (table_id, version))

    async def postings(self, table_id: int, now: float) -> set[int]:
        """The versions whose posts some live process is still sending (its lease has not run out)."""
        rows = await self._all("SELECT version FROM postings WHERE table_id = ? AND lease_until > ?", (table_id, now))
        return {int(row[0]) for row in rows}

    async def posting_nonces(self, table_id: int) -> dict[int, str]:
        """The nonce of every claimed post not yet known to be shown, by version (live or not)."""
        rows = await self._all(
            "SELECT version, nonce FROM postings WHERE table_id = ? AND nonce IS NOT NULL", (table_id,)
        )
        return {int(row[0]): str(row[1]) for row in rows}

    async def add_delivery(
        self,
        table_id: int,
        seat: int,
        since: float,
        how: str,
        user_id: int,
        text: str,
        origin: dict[str, Any],
        owner: str,
        until: float,
    ) -> int:
        return await self._insert(
            "INSERT INTO deliveries (table_id, seat, since, how, user_id, text, origin, owner, lease_until)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (table_id, seat, since, how, user_id, text, json.dumps(origin), owner, until),
        )

    async def take_deliveries(self, now: float, owner: str, until: float, limit: int = 100) -> list[Delivery]:
        """Claim deliveries whose owner's lease ran out (the owner died before sending them). The lease is
        tested again on the row itself, so of two processes taking over at once only one gets each row."""
        if await self._one("SELECT 1 FROM deliveries WHERE lease_until <= ? LIMIT 1", (now,)) is None:
            return []  # the usual case, answered by a read: a tick writes nothing when no process died
        rows = await self._write_rows(
            "UPDATE deliveries SET owner = ?, lease_until = ? WHERE lease_until <= ? AND id IN"
            " (SELECT id FROM deliveries WHERE lease_until <= ? ORDER BY id LIMIT ?) RETURNING *",
            (owner, until, now, now, limit),
        )
        return [Delivery(**{**dict(row), "origin": json.loads(row["origin"])}) for row in rows]

    async def claims_at_start(self) -> None:
        """A process starts: claims left by processes that ended are free to take (see SqliteStore's)."""
        return None

    async def end_delivery(self, delivery_id: int) -> None:
        await self._write("DELETE FROM deliveries WHERE id = ?", (delivery_id,))

    # --- settings -----------------------------------------------------------------------------------------

    async def setting(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM settings WHERE key = ?", (key,))
        return str(row[0]) if row else None

    async def put_setting(self, key: str, value: str) -> None:
        await self._upsert("settings", ("key",), {"key": key, "value": value})
