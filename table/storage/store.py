"""The store: every row the table keeps, by what it holds, over one database.

Each part holds the queries of one concern and nothing else; all of them write through the same `Database`,
so a `transaction()` taken here spans every part (a move's log row, its state and its reminders land together).
- tables (tables.py): tables, seats and the names held at them, each turn's channel message
- log (log.py): the action log and the board snapshots
- clocks (clocks.py): reminders and deadlines, requests put to a table, claims on posts and DMs on their way
- people (people.py): preferences, absences, forgetting a user
- results (results.py): the results of ended tables, for /stats and the ratings
- ratings (ratings.py): each player's rating per game per server, and what a leaderboard reads
- schema (schema.py): the tables copied whole, the bot's settings; migrations are the database's own
The parts share no state but the database: none calls another.

A state saved against an old version raises StaleVersion (Tables.save_state, Log.append_action).
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from pathlib import Path

from table.storage.clocks import Clocks
from table.storage.database import Database
from table.storage.log import Log
from table.storage.people import People
from table.storage.postgres import PostgresDatabase
from table.storage.ratings import Ratings
from table.storage.results import Results
from table.storage.schema import Schema
from table.storage.sqlite import SqliteDatabase
from table.storage.tables import Tables


class Store:
    def __init__(self, database: Database) -> None:
        self.database = database
        self.tables = Tables(database)
        self.log = Log(database)
        self.clocks = Clocks(database)
        self.people = People(database)
        self.results = Results(database)
        self.ratings = Ratings(database)
        self.schema = Schema(database)

    @staticmethod
    async def open(where: str | Path, synchronous: str = "NORMAL") -> Store:
        """The store at `where`: a path, sqlite:///relative/path or sqlite:////absolute/path (SQLite), or
        postgresql://... (PostgreSQL). Migrated to the newest schema."""
        text = str(where)
        if text.startswith(("postgresql://", "postgres://")):
            return Store(await PostgresDatabase.connect(text))
        return Store(await SqliteDatabase.open_file(text.removeprefix("sqlite:///"), synchronous))

    # --- what spans the parts -------------------------------------------------------------------------------

    def transaction(self) -> AbstractAsyncContextManager[None]:
        """Statements of any parts that land together or not at all; nested within one task, the outer decides."""
        return self.database.transaction()

    def lock(self, table_id: int) -> AbstractAsyncContextManager[None]:
        """The table's lock: one holder at a time among all tasks of all processes using the database."""
        return self.database.lock(table_id)

    async def close(self) -> None:
        await self.database.close()
