"""Copies of the SQLite file, taken while the bot runs: `bot.py --backup PATH` and the bot's own daily backups.

A copy is made with SQLite's online backup API on a connection of its own: it reads one consistent moment of the
database, whatever the bot's connection is writing, and includes what is still in the write-ahead log (a plain file
copy of a live WAL database can miss the last moves or be torn). It only reads, so it needs no lock on the
database (table/storage/instance.py's lock stays with the running bot). A copy is written under a temporary name and
renamed into place when whole, so a crash or a full disk never leaves a partial file that looks like a backup.
PostgreSQL is backed up with its own tool, pg_dump (see PG_DUMP).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger(__name__)

KEEP = 7  # daily backups kept by default (PBP_BACKUPS)
PARTIAL = ".partial"  # the suffix of a copy still being written
PG_DUMP = (
    "--backup copies a SQLite file; this bot uses PostgreSQL, so back it up with PostgreSQL's own tool: "
    "pg_dump --format=custom --file=tables.dump <the PBP_DATABASE_URL> (restore with pg_restore)."
)


class BackupError(Exception):
    """A backup that cannot be made: said in words, and no partial file left behind."""


def copy_database(source: Path, target: Path) -> int:
    """Copy the SQLite database at `source` to `target` (a file) with the online backup API; its size in bytes.
    Blocking: run it in a thread."""
    if not source.is_file():
        raise BackupError(f"There is no database at {source} to back up.")
    if target.resolve() == source.resolve():
        raise BackupError("The backup must go to another file than the database itself.")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + PARTIAL)
    try:
        # read-only: a backup never writes to the live database, not even a journal mode
        live_db = sqlite3.connect(f"file:{quote(str(source.resolve()))}?mode=ro", uri=True)
        with closing(live_db) as live, closing(sqlite3.connect(partial)) as copy:
            live.execute("PRAGMA busy_timeout=5000")
            live.backup(copy)  # every page in one step: one consistent read, never restarted by the bot's writes
            copy.execute("PRAGMA journal_mode=DELETE")  # the copy is one self-contained file
        with partial.open("rb") as handle:
            os.fsync(handle.fileno())
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as error:
        partial.unlink(missing_ok=True)
        raise BackupError(f"The backup to {target} failed ({error}); no backup file was left.") from None
    return target.stat().st_size


class DailyBackups:
    """One backup a day (by UTC date) of the database into `folder`, keeping the newest `keep`."""

    def __init__(self, database: Path, folder: Path, keep: int = KEEP, clock: Callable[[], float] = time.time) -> None:
        self.database = database
        self.folder = folder
        self.keep = keep
        self.clock = clock
        self.ticked = asyncio.Event()  # set after each tick of run(), done or failed: what a test waits for
        # tables-2030-01-31.sqlite3 for tables.sqlite3: the date sorts as text, and only our own files match
        self._pattern = re.compile(rf"{re.escape(database.stem)}-\d{{4}}-\d{{2}}-\d{{2}}{re.escape(database.suffix)}")

    def path_for(self, now: float) -> Path:
        day = datetime.fromtimestamp(now, UTC).date().isoformat()
        return self.folder / f"{self.database.stem}-{day}{self.database.suffix}"

    def kept(self) -> list[Path]:
        """The backups in the folder, oldest first."""
        if not self.folder.is_dir():
            return []
        return sorted(path for path in self.folder.iterdir() if self._pattern.fullmatch(path.name))

    async def tick(self) -> Path | None:
        """Take today's backup if it is not there yet (in a thread), then drop the oldest beyond `keep`; the new
        backup's path, or None when today's was there already."""
        target = self.path_for(self.clock())
        made = None
        if not target.exists():
            await asyncio.to_thread(copy_database, self.database, target)
            made = target
        for old in self.kept()[: -self.keep]:
            old.unlink(missing_ok=True)
        for left in self.folder.glob(f"{self.database.stem}-*{PARTIAL}"):  # cut short by a crash of an earlier run
            left.unlink(missing_ok=True)
        return made

    async def run(self, every: float = 3600.0) -> None:
        """Tick now and then every `every` seconds, for as long as the bot runs; a failed backup is logged and
        tried again at the next tick."""
        while True:
            try:
                made = await self.tick()
                if made is not None:
                    log.info("backed up the database to %s", made)
            except BackupError as error:
                log.error("%s", error)
            self.ticked.set()
            await asyncio.sleep(every)
