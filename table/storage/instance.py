"""One bot process per database file: a lock beside the file, held for as long as the process runs.

Two processes on one SQLite file would each send every reminder and race each other's actions; running
several processes on one database is what the PostgreSQL store is for. The lock is an OS file lock (flock), so
it is released when the holder exits or dies, however it dies: no stale lock to clean up by hand. The lock file
says who holds it, so a refusal can name the other process.
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
import time
from pathlib import Path
from typing import IO


class InstanceError(Exception):
    """Another process holds the database: the message says which one."""


class InstanceLock:
    def __init__(self, handle: IO[str], path: Path) -> None:
        self._handle = handle
        self.path = path

    def release(self) -> None:
        if not self._handle.closed:
            fcntl.flock(self._handle, fcntl.LOCK_UN)
            self._handle.close()


def claim(database: Path, role: str = "bot") -> InstanceLock:
    """Hold `database`'s lock for this process, or raise InstanceError naming the process that holds it."""
    path = database.with_name(database.name + ".lock")
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = path.open("a+", encoding="utf-8")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        holder = _describe(handle.read())
        handle.close()
        raise InstanceError(
            f"Another process is already using {database}: {holder}. Stop it first, or give this one its own "
            "folder with PBP_DATA_DIR (two processes on one SQLite file would both send every reminder)."
        ) from None
    handle.seek(0)
    handle.truncate()
    info = {"pid": os.getpid(), "host": socket.gethostname(), "role": role, "since": int(time.time())}
    handle.write(json.dumps(info))
    handle.flush()
    return InstanceLock(handle, path)


def _describe(text: str) -> str:
    try:
        info = json.loads(text)
        since = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(int(info["since"])))
        return f"the {info['role']} with process id {info['pid']} on {info['host']}, running since {since}"
    except (ValueError, KeyError, TypeError):
        return "a process that did not say who it is"
