"""Composition root: configuration from the environment, the store, the cogs, and run.

python bot.py                  the Discord bot (needs DISCORD_TOKEN)
python bot.py --console        the same commands offline in a terminal
python bot.py --migrate-to URL copy every table from the SQLite file into an empty PostgreSQL database, verified
python bot.py --backup PATH    a consistent copy of the SQLite file, safe while the bot runs
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import yarl
from discord.ext import commands

import rules
from table.service import MIN_PACE, TableService
from table.service.web_links import ROTATED
from table.storage import LEASE_SECONDS, SYNCHRONOUS, NewerDatabase, Store, Unreachable
from table.storage.backup import KEEP, PG_DUMP, BackupError, DailyBackups, copy_database
from table.storage.instance import InstanceError, claim
from table.storage.move import MoveError, move
from web import tokens
from web.server import WebServer

log = logging.getLogger("pbp")

# The bot needs: View Channel, Send Messages, Send Messages in Threads, Create Public Threads,
# Embed Links, Attach Files, Read Message History.
PERMISSIONS = 1024 + 2048 + 274877906944 + 34359738368 + 16384 + 32768 + 65536

NO_TOKEN = f"""No DISCORD_TOKEN is set, so the bot can't connect to Discord. To get a token, open
https://discord.com/developers/applications, create an application, open "Bot" and press "Reset Token",
then run `DISCORD_TOKEN=<token> ./run-bot`. Invite the bot to your server with (your application id in place)
https://discord.com/oauth2/authorize?client_id=<APPLICATION_ID>&scope=bot%20applications.commands&permissions={PERMISSIONS}
which asks for the scopes bot and applications.commands and the permissions to view channels, send messages
(also in threads), create public threads, embed links, attach files and read message history. To try the bot
without Discord, run `./run-bot --console`: the same commands in your terminal."""


@dataclass(frozen=True)
class Config:
    token: str
    data_dir: Path
    api_base: str | None  # a Discord-compatible REST base (the test stand-in); None for Discord itself
    gateway: str | None
    tick_seconds: float
    min_pace: int = MIN_PACE  # the shortest reminder interval or deadline a table may set, in seconds
    synchronous: str = "NORMAL"  # SQLite durability: NORMAL (survives bot crashes) or FULL (also power cuts)
    database_url: str | None = None  # PBP_DATABASE_URL: sqlite:///path or postgresql://...; None: the data dir's file
    shards: int | None = None  # PBP_SHARDS: Discord gateway shards in all; None: one process, no sharding
    shard_ids: tuple[int, ...] | None = None  # PBP_SHARD_IDS: the shards this process serves; None: all of them
    lease: float = LEASE_SECONDS  # PBP_LEASE_SECONDS: how long a dead process's claims wait before others take them
    backups: int = KEEP  # PBP_BACKUPS: daily backups of the SQLite file kept in the data folder; 0 (off): none
    freeze_heap: bool = False  # after the warm-up (render/warmup.py); from_env: the process is the bot's own
    web_port: int | None = None  # PBP_WEB_PORT: the web companion listens on 127.0.0.1 there; None (off): no pages
    web_url: str | None = None  # PBP_WEB_URL: its public address (a reverse proxy); only then do messages link to it

    @classmethod
    def from_env(cls) -> Config:
        shards = _whole("PBP_SHARDS", 0, "a whole number of shards") or None
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            data_dir=Path(os.environ.get("PBP_DATA_DIR", "data")),
            api_base=os.environ.get("DISCORD_API_BASE") or None,
            gateway=os.environ.get("DISCORD_GATEWAY_URL") or None,
            tick_seconds=float(os.environ.get("PBP_TICK_SECONDS", "60")),
            min_pace=_whole("PBP_MIN_PACE", MIN_PACE),
            synchronous=_choice("PBP_SYNCHRONOUS", SYNCHRONOUS),
            database_url=_database_url(os.environ.get("PBP_DATABASE_URL", "").strip()),
            shards=shards,
            shard_ids=_shard_ids(os.environ.get("PBP_SHARD_IDS", "").strip(), shards),
            lease=float(_whole("PBP_LEASE_SECONDS", int(LEASE_SECONDS))),
            backups=_backups(os.environ.get("PBP_BACKUPS", "").strip()),
            freeze_heap=True,
            web_port=_web_port(os.environ.get("PBP_WEB_PORT", "").strip()),
            web_url=_web_url(os.environ.get("PBP_WEB_URL", "").strip()),
        )

    @property
    def database(self) -> str:
        """Where the tables are: a PostgreSQL URL, or the path of the SQLite file."""
        if self.database_url is None:
            return str(self.data_dir / "tables.sqlite3")
        return self.database_url.removeprefix("sqlite:///")  # sqlite:///relative or sqlite:////absolute

    @property
    def shared(self) -> bool:
        """Whether the database may be shared by several processes (PostgreSQL); a SQLite file never is."""
        return self.database.startswith(POSTGRES)

    @property
    def syncs_commands(self) -> bool:
        """One process syncs the slash commands with Discord: the one serving shard 0 (or the only one)."""
        return self.shard_ids is None or 0 in self.shard_ids


class ConfigError(Exception):
    """A setting in the environment that the bot cannot use: said at start, before anything runs."""


POSTGRES = ("postgresql://", "postgres://")
WEB_PORT = 8750  # the web companion's port on 127.0.0.1 when PBP_WEB_PORT is not set


def _whole(name: str, default: int, what: str = "a whole number of seconds") -> int:
    text = os.environ.get(name, str(default)).strip()
    if not text.isascii() or not text.isdigit():
        raise ConfigError(f"{name} must be {what}, not {text[:30]!r}.")
    return int(text)


def _database_url(text: str) -> str | None:
    if not text:
        return None
    if text.startswith(POSTGRES) or (text.startswith("sqlite:///") and len(text) > len("sqlite:///")):
        return text
    raise ConfigError(
        "PBP_DATABASE_URL must be sqlite:///path/to/file.sqlite3 or postgresql://user:password@host/database, "
        f"not {text[:40]!r}."
    )


def _backups(text: str) -> int:
    if not text:
        return KEEP
    if text.lower() == "off":
        return 0
    if not text.isascii() or not text.isdigit():
        raise ConfigError(f"PBP_BACKUPS must be how many daily backups to keep, like 7, or off; not {text[:30]!r}.")
    return int(text)


def _web_port(text: str) -> int | None:
    if not text:
        return WEB_PORT
    if text.lower() == "off":
        return None
    if not text.isascii() or not text.isdigit() or not 0 < int(text) < 65536:
        raise ConfigError(f"PBP_WEB_PORT must be a port number from 1 to 65535, or off; not {text[:30]!r}.")
    return int(text)


def _web_url(text: str) -> str | None:
    if not text:
        return None
    url = yarl.URL(text)
    if url.scheme not in ("http", "https") or not url.host or url.query_string or url.fragment:
        raise ConfigError(
            "PBP_WEB_URL must be the public address of the web pages, like https://maps.example.org; "
            f"not {text[:60]!r}."
        )
    return text.rstrip("/")


def _shard_ids(text: str, shards: int | None) -> tuple[int, ...] | None:
    if not text:
        return None
    if shards is None:
        raise ConfigError("PBP_SHARD_IDS needs PBP_SHARDS, the number of shards in all.")
    parts = [part.strip() for part in text.split(",")]
    if not all(part.isascii() and part.isdigit() and int(part) < shards for part in parts):
        raise ConfigError(f"PBP_SHARD_IDS must list shard numbers from 0 to {shards - 1}, like 0,1; not {text[:40]!r}.")
    return tuple(sorted({int(part) for part in parts}))


def _choice(name: str, allowed: tuple[str, ...]) -> str:
    text = os.environ.get(name, allowed[0]).strip().upper()
    if text not in allowed:
        raise ConfigError(f"{name} must be one of {', '.join(a.lower() for a in allowed)}, not {text.lower()[:30]!r}.")
    return text


def point_at(config: Config) -> None:
    """Aim discord.py at another Discord-compatible endpoint (used by the end-to-end tests)."""
    if config.api_base:
        discord.http.Route.BASE = config.api_base.rstrip("/")
    if config.gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway)


async def check_database(config: Config) -> None:
    """Open (and migrate) the database once: a file from a newer bot raises NewerDatabase, unchanged."""
    store = await Store.open(config.database, config.synchronous)
    await store.close()


async def migrate_to(config: Config, url: str) -> list[str]:
    """Copy the SQLite file's tables into the empty PostgreSQL database at `url`, and verify the copy."""
    if not url.startswith(POSTGRES):
        raise MoveError(f"--migrate-to needs a postgresql:// URL, not {url[:40]!r}.")
    source = await Store.open(config.database, config.synchronous)
    try:
        target = await Store.open(url)
        try:
            report = await move(source, target)
        finally:
            await target.close()
    finally:
        await source.close()
    return [*report.lines(), f"Now run the bot with PBP_DATABASE_URL={url}"]


class TableBot(commands.Bot):
    def __init__(self, config: Config) -> None:
        intents = discord.Intents.default()
        intents.message_content = False  # slash commands only: no privileged intents needed
        sharding: dict[str, Any] = {}
        if config.shards is not None:  # ShardedTableBot: this process serves some of the gateway's shards
            sharding = {"shard_count": config.shards, "shard_ids": list(config.shard_ids or range(config.shards))}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),  # a message pings only whom it names itself
            **sharding,
        )
        self.config = config
        self.store: Store
        self.service: TableService
        self._sync_task: asyncio.Task[None] | None = None
        self._warm_task: asyncio.Task[None] | None = None
        self.backups: DailyBackups | None = None
        self._backup_task: asyncio.Task[None] | None = None
        self.web: WebServer | None = None

    async def setup_hook(self) -> None:
        from cogs.buttons import DYNAMIC_ITEMS, refuse_unclaimed
        from cogs.common import on_tree_error, post_to_channel
        from cogs.confirm import ForgetButton
        from cogs.reminders import ReminderCog

        self.store = await Store.open(self.config.database, self.config.synchronous)
        self.service = TableService(
            self.store,
            min_pace=self.config.min_pace,
            confirms_messages=True,
            lease=self.config.lease,
            deliver=lambda post: post_to_channel(self, post),  # a bot seat's moves, posted in the channel
            web_url=self.config.web_url,  # messages link to the web pages only when they have a public address
        )
        await self.service.started()
        self.tree.on_error = on_tree_error  # type: ignore[method-assign]
        for name in (
            "cogs.lobby",
            "cogs.play",
            "cogs.board",
            "cogs.dice",
            "cogs.privacy",
            "cogs.ratings",
            "cogs.stats",
        ):
            await self.load_extension(name)
        await self.add_cog(ReminderCog(self, self.service, self.config.tick_seconds))
        items = (*DYNAMIC_ITEMS, ForgetButton)
        self.add_dynamic_items(*items)
        self.add_listener(refuse_unclaimed(items), "on_interaction")  # what no item takes is refused, not dropped
        # in the background: the bot is online (after a restart, too) while the renderers warm up (about 1.5 s),
        # and a rate-limited sync must not keep it offline either
        self._warm_task = asyncio.create_task(self._warm_safely(list(rules.engines())))
        if self.config.syncs_commands:  # with several processes, one syncs (the command tree is the same)
            self._sync_task = asyncio.create_task(self._sync_safely())
        if not self.config.shared and self.config.backups:  # PostgreSQL is backed up with pg_dump, outside the bot
            self.backups = DailyBackups(
                Path(self.config.database), self.config.data_dir / "backups", self.config.backups
            )
            self._backup_task = asyncio.create_task(self.backups.run())
        if self.config.web_port is not None:
            await self._start_web(self.config.web_port)

    async def _start_web(self, port: int) -> None:
        """The web companion's pages (web/server.py); a port in use is an error said in the log, and the bot goes
        on without pages."""
        server = WebServer(self.service, behind_proxy=self.config.web_url is not None)
        try:
            log.info("table pages served at %s", await server.start(port))
        except OSError as error:
            log.error("the table pages could not listen on 127.0.0.1:%d (%s); the bot runs without them", port, error)
            return
        self.web = server

    async def _warm_safely(self, games: list[str]) -> None:
        """`games`: the games installed at start, listed before any command can run."""
        from render.warmup import warm_up

        try:
            await warm_up(games, freeze=self.config.freeze_heap)
        except Exception:
            log.exception("warming the renderers failed; each board's first picture builds its own layers")

    async def _sync_safely(self) -> None:
        try:
            await self.sync_commands()
        except Exception:
            log.exception("command sync failed; the commands Discord already has stay in use")

    async def sync_commands(self) -> None:
        """Sync the command tree with Discord only when it changed: syncing is rate-limited."""
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands()]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        if await self.store.schema.setting("command_tree") == digest:
            return
        await self.tree.sync()
        await self.store.schema.put_setting("command_tree", digest)
        log.info("synced %d commands", len(payload))

    async def close(self) -> None:
        if self._backup_task is not None:
            self._backup_task.cancel()
        if self.web is not None:
            await self.web.stop()
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()


class ShardedTableBot(TableBot, commands.AutoShardedBot):
    """The bot over some of Discord's gateway shards (PBP_SHARDS, PBP_SHARD_IDS), beside other processes that
    serve the rest on the same PostgreSQL database."""


def make_bot(config: Config) -> TableBot:
    return TableBot(config) if config.shards is None else ShardedTableBot(config)


def main(argv: list[str]) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if "--console" in argv:
        from console.app import main as console_main

        console_main()
        return 0
    try:
        config = Config.from_env()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    if "--migrate-to" in argv:
        return _migrate_command(config, argv)
    if "--backup" in argv:
        return _backup_command(config, argv)
    if ROTATE in argv:
        return _rotate_command(config)
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    point_at(config)
    try:
        held = None if config.shared else claim(Path(config.database))  # a SQLite file serves one process
    except InstanceError as error:
        print(error, file=sys.stderr)
        return 2
    try:
        asyncio.run(check_database(config))  # refuse before connecting to Discord
        bot = make_bot(config)
        bot.run(config.token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN: reset it in the developer portal.", file=sys.stderr)
        return 1
    except (NewerDatabase, Unreachable) as error:
        return _database_refused(error)
    finally:
        if held is not None:
            held.release()
    return 0


def _migrate_command(config: Config, argv: list[str]) -> int:
    at = argv.index("--migrate-to")
    if config.shared:
        print(
            "--migrate-to copies from the SQLite file: unset PBP_DATABASE_URL (it names PostgreSQL).", file=sys.stderr
        )
        return 2
    if at + 1 >= len(argv):
        print("Usage: python bot.py --migrate-to postgresql://user:password@host/database", file=sys.stderr)
        return 2
    try:
        held = claim(Path(config.database), role="migrate-to")  # the bot must not write while it is copied
    except InstanceError as error:
        print(error, file=sys.stderr)
        return 2
    try:
        for line in asyncio.run(migrate_to(config, argv[at + 1])):
            print(line)
    except (MoveError, NewerDatabase) as error:
        print(error, file=sys.stderr)
        return 1
    except Unreachable as error:
        print(f"Cannot open the database to copy into: {error}", file=sys.stderr)
        return 2
    finally:
        held.release()
    return 0


def _backup_command(config: Config, argv: list[str]) -> int:
    """Copy the SQLite file while the bot may be running: it only reads, so it takes no lock (the bot keeps its)."""
    if config.shared:
        print(PG_DUMP, file=sys.stderr)
        return 2
    at = argv.index("--backup")
    if at + 1 >= len(argv):
        print("Usage: python bot.py --backup path/to/backup.sqlite3", file=sys.stderr)
        return 2
    target = Path(argv[at + 1])
    if target.is_dir():  # a folder: a file named by the time, beside any earlier ones
        target /= time.strftime(f"{Path(config.database).stem}-%Y-%m-%d-%H%M%S.sqlite3", time.gmtime())
    try:
        size = copy_database(Path(config.database), target)
    except BackupError as error:
        print(error, file=sys.stderr)
        return 2
    print(f"Backed up {config.database} to {target} ({size / 1024 / 1024:.1f} MB).")
    return 0


ROTATE = "--rotate-web-secret"


async def rotate_web_secret(config: Config) -> None:
    """A new secret for the web pages' addresses (web/tokens.py), while the bot runs or not: its pages check
    every address against the stored secret, and its links read it again within a minute."""
    store = await Store.open(config.database, config.synchronous)
    try:
        await tokens.rotate_secret(store)
    finally:
        await store.close()


def _database_refused(error: NewerDatabase | Unreachable) -> int:
    """Say why the database cannot be used (a newer schema, or no connection); the exit status for it."""
    print(error if isinstance(error, NewerDatabase) else f"Cannot open the database: {error}", file=sys.stderr)
    return 2


def _rotate_command(config: Config) -> int:
    try:
        asyncio.run(rotate_web_secret(config))
    except (NewerDatabase, Unreachable) as error:
        return _database_refused(error)
    print(ROTATED)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
