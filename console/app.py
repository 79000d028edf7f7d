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
from web import tokens
from web.server import WebServer

GUILD = 1  # the server the console's tables are in (the guild of every Where console/session.py makes)


async def run(
    database: Path, images: Path, lines: TextIO = sys.stdin, out: TextIO = sys.stdout, web_port: int | None = None
) -> None:
    """`web_port`: where the table pages are served on 127.0.0.1 (None: no pages)."""
    store = await Store.open(database)
    clock = ConsoleClock()
    console = Console(partial(TableService, store, clock=clock, confirms_messages=True), out, images, clock)
    await console.service.started()
    interactive = lines.isatty()
    console.say(f"Offline console. Database: {database}; images: {images}/. Type help.")
    pages = None if web_port is None else await _serve_pages(console, web_port)
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
        if pages is not None:
            await pages.stop()
        await store.close()


async def _serve_pages(console: Console, port: int) -> WebServer | None:
    """The web companion, as the bot serves it: its address printed, so the board can be watched in a browser."""
    server = WebServer(console.service)
    try:
        address = await server.start(port)
    except OSError as error:
        console.say(f"Table pages off: port {port} on 127.0.0.1 is taken ({error.strerror}). Set PBP_WEB_PORT.")
        return None
    secret = await tokens.web_secret(console.service.store)
    console.say(f"Table pages: {address}{tokens.server_path(secret, GUILD)}")
    console.service.links.base = address  # boards, /game status and /board print their page's link
    return server


def main(argv: list[str] | None = None) -> None:
    import os

    from bot import Config, ConfigError

    database = Path(os.environ.get("PBP_DATA_DIR", "data")) / "console.sqlite3"
    try:
        held = claim(database, role="console")
    except InstanceError as error:
        sys.exit(str(error))
    try:
        web_port = Config.from_env().web_port
    except ConfigError as error:
        sys.exit(str(error))
    try:
        asyncio.run(run(database, Path(os.environ.get("PBP_CONSOLE_OUT", "console-out")), web_port=web_port))
    except NewerDatabase as error:
        sys.exit(str(error))
    finally:
        held.release()
