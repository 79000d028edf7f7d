"""The console's loop: `python bot.py --console` (or `pbp-console`) reads lines and runs them as commands.

You play as several people by switching with `as <name>`; every board image is saved under console-out/.
"""

from __future__ import annotations

import asyncio
import sys
from functools import partial
from pathlib import Path
from typing import TextIO

from console.clock import ConsoleClock
from console.session import Console
from table.service import TableService
from table.storage import NewerDatabase, Store
from table.storage.instance import InstanceError, claim


async def run(database: Path, images: Path, lines: TextIO = sys.stdin, out: TextIO = sys.stdout) -> None:
    store = await Store.open(database)
    clock = ConsoleClock()
    console = Console(partial(TableService, store, clock=clock, confirms_messages=True), out, images, clock)
    await console.service.started()
    interactive = lines.isatty()
    console.say(f"Offline console. Database: {database}; images: {images}/. Type help.")
    try:
        await console.service.wake_waiting_bots()  # a session that ended while bots still had moves to make
        await console.service.bots_settled()
        while True:
            if interactive:
                print(f"{console.user}@#{console.channel}> ", end="", file=out, flush=True)
            line = await asyncio.to_thread(lines.readline)
            if not line:
                break
            if not interactive and line.strip():
                console.say(f"{console.user}> {line.strip()}")
            if not await console.run_line(line):
                break
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> None:
    import os

    database = Path(os.environ.get("PBP_DATA_DIR", "data")) / "console.sqlite3"
    try:
        held = claim(database, role="console")
    except InstanceError as error:
        sys.exit(str(error))
    try:
        asyncio.run(run(database, Path(os.environ.get("PBP_CONSOLE_OUT", "console-out"))))
    except NewerDatabase as error:
        sys.exit(str(error))
    finally:
        held.release()
