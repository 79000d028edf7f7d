"""The table's storage, the only place SQL is written: `Store` (store.py) composes the parts, one per concern,
over one database (database.py; SQLite in sqlite.py, PostgreSQL in postgres.py). The rows they give back are
rows.py's. Beside them: the log's and snapshots' encodings (logchunks.py, snapshots.py), moving every table to
another database (move.py), backups of the SQLite file (backup.py), one process per file (instance.py)."""

from table.storage.clocks import LEASE_SECONDS
from table.storage.database import Database
from table.storage.people import FORMER_PLAYER
from table.storage.rows import (
    ActionRow,
    Conflict,
    Delivery,
    NewerDatabase,
    Prefs,
    RatingRow,
    ReminderRow,
    RequestRow,
    ResultRow,
    ResultSeatRow,
    Row,
    SeatRow,
    SnapshotRow,
    StaleVersion,
    TableRow,
    TurnMessage,
    Unreachable,
)
from table.storage.schema import MIGRATIONS, TABLES, migrations
from table.storage.sqlite import SYNCHRONOUS
from table.storage.store import Store

__all__ = [
    "FORMER_PLAYER",
    "LEASE_SECONDS",
    "MIGRATIONS",
    "SYNCHRONOUS",
    "TABLES",
    "ActionRow",
    "Conflict",
    "Database",
    "Delivery",
    "NewerDatabase",
    "Prefs",
    "RatingRow",
    "ReminderRow",
    "RequestRow",
    "ResultRow",
    "ResultSeatRow",
    "Row",
    "SeatRow",
    "SnapshotRow",
    "StaleVersion",
    "Store",
    "TableRow",
    "TurnMessage",
    "Unreachable",
    "migrations",
]
