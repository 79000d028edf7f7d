"""The offline console: the bot's commands in a terminal, no Discord needed.

`python bot.py --console` (or `pbp-console`) opens it. You play as several people by switching with
`as <name>`; every board image is saved under console-out/. It calls the same table service as the
Discord cogs, so a game played here behaves exactly as it would in a channel.
"""

from __future__ import annotations

import asyncio
import shlex
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

import rules
from rules.base import RuleError
from rules.rng import Rng
from table import present
from table.actions import build_action, whole_number
from table.clock import Reminders, parse_quiet
from table.dice import DiceError, roll
from table.durations import DurationError, parse_duration, show_duration
from table.instance import InstanceError, claim
from table.service import Ask, Caller, Post, TableError, TableService
from table.store import NewerDatabase, Store

HELP = """Commands (the same as the slash commands in Discord):
  as <name>                         play as that person from now on
  channel <name>                    move to another channel (one table per channel)
  game new <game> [option=value..]  open a table here; `games` lists games and options
  game join [faction] | game leave | game kick <name> | game start [random|joined]
  game status | game list | game abandon | game replace <old> <new> | game pause
  game settings [remind_after=12h] [remind_every=24h] [deadline=48h|off]
  <action> [param=value ..]         play an action (or give the values in order)
  legal | do <n>                    list what you may do now, numbered; play choice n
  press <n>                         the n-th quick button under the last board
  pick <n>                          the n-th option of the menus under the last board
  undo | agree | refuse             take back your last action; answer a request
  roll <dice> [reason]              public dice, e.g. roll 6d10>=6 hits
  board [turn] [zoom=<place>] | history [page] | rules | hand
  reminders [dms=on|off] [quiet=22-7] [tz=Europe/Paris]
  privacy forget                    forget you: preferences deleted, your name and id taken out of every game
  wait <duration>                   let time pass (reminders and deadlines fire), e.g. wait 13h
  help | quit"""


class Console:
    def __init__(self, service: TableService, out: TextIO, images: Path, clock: Callable[[], float]) -> None:
        self.service = service
        self.out = out
        self.images = images
        self.clock = clock
        self.user = "alice"
        self.channel = "table"
        self.last_quick: list[Any] = []
        self.last_menu: list[tuple[Any, int]] = []  # (menu, option index) for every option shown, in order
        self.pending: int | None = None  # the open request to answer with agree/refuse
        self.reminders = Reminders(service, _PrintNotifier(self))

    # identities are stable numbers derived from names, so a saved game resumes with the same players
    @staticmethod
    def _id(name: str) -> int:
        return zlib.crc32(name.lower().encode()) + 1

    @property
    def caller(self) -> Caller:
        return Caller(self._id(self.user), self.user, admin=True)

    @property
    def channel_id(self) -> int:
        return self._id("#" + self.channel)

    def say(self, text: str) -> None:
        print(text, file=self.out)

    async def run_line(self, line: str) -> bool:
        """Run one command; False when the console should stop."""
        try:
            words = shlex.split(line)
        except ValueError as error:
            self.say(f"! {error}")
            return True
        if not words:
            return True
        try:
            return await self._dispatch(words)
        except (TableError, RuleError, DiceError, DurationError) as error:
            self.say(f"! {error}")  # what a player sees as an ephemeral reply in Discord
        return True

    async def _dispatch(self, words: list[str]) -> bool:
        head, rest = words[0].lower(), words[1:]
        if head in ("quit", "exit"):
            return False
        if head == "help":
            self.say(HELP)
        elif head == "as" and rest:
            self.user = rest[0]
            self.say(f"(you are now {self.user})")
        elif head == "channel" and rest:
            self.channel = rest[0].lstrip("#")
            self.say(f"(you are now in #{self.channel})")
        elif head == "games":
            self._games()
        elif head == "game":
            await self._game(rest)
        elif head == "legal":
            await self._legal()
        elif head == "do" and rest and whole_number(rest[0]) is not None:
            await self._do(whole_number(rest[0]) or 0)
        elif head == "press" and rest and whole_number(rest[0]) is not None:
            await self._press(whole_number(rest[0]) or 0)
        elif head == "pick" and rest and whole_number(rest[0]) is not None:
            await self._pick(whole_number(rest[0]) or 0)
        elif head == "undo":
            await self._show_undo(await self.service.undo(self.channel_id, self.caller))
        elif head == "agree" or (head == "refuse" and self.pending is not None):  # else a game's own refuse action
            await self._answer(head == "agree")
        elif head == "roll" and rest:
            dice = rest[0] + (rest.pop(1) if len(rest) > 1 and rest[1].lower() in ("adv", "dis") else "")
            result = roll(dice, Rng(self.service.seeds()))
            reason = " ".join(rest[1:])
            self.say(f"🎲 {self.user} rolls {result.breakdown()}" + (f" ({reason})" if reason else ""))
        elif head == "board":
            line = " ".join(rest)
            zoom = line.split("zoom=", 1)[1].strip() if "zoom=" in line else None  # a place may have spaces
            turns = [w for w in line.split("zoom=", 1)[0].split() if w.isascii() and w.isdigit()]
            turn = whole_number(turns[0]) if turns else None
            if turns and turn is None:
                raise TableError(f"There is no turn {turns[0][:12]}…: give the number of a turn played.")
            text, png = await self.service.board(self.channel_id, turn, zoom)
            safe = "".join(c for c in (zoom or "").lower() if c.isalnum())[:40]
            name = "board" + (f"-{turns[0]}" if turns else "") + (f"-{safe}" if safe else "")
            self.say(f"{text} {self._save(png, name)}")
        elif head == "history":
            page = whole_number(rest[0]) if rest else 1
            if page is None:
                raise TableError("Give a page number, like: history 2.")
            text, _ = await self.service.history(self.channel_id, page, self.caller.user_id)
            self.say(text)
        elif head == "rules":
            table = await self.service.table_here(self.channel_id)
            self.say(self.service.rules_page(table.game))
        elif head == "hand":
            text, hand = await self.service.private_status(self.channel_id, self.caller)
            self.say(
                f"(only {self.user} sees this) {text}" + (f" {self._save(hand, 'hand-' + self.user)}" if hand else "")
            )
        elif head == "reminders":
            await self._reminders(rest)
        elif head == "privacy" and rest == ["forget"]:
            self.say(await self.service.forget(self.caller.user_id))
        elif head == "wait" and rest:
            await self._wait(parse_duration(rest[0]))
        else:
            await self._action(head, rest)
        return True

    def _games(self) -> None:
        for engine in rules.engines().values():
            meta = engine.meta
            options = ", ".join(f"{o.name}={o.default}" for o in meta.options) or "no options"
            self.say(
                f"{meta.id}: {meta.title} ({meta.min_players}-{meta.max_players} players) {meta.summary} [{options}]"
            )

    async def _game(self, rest: list[str]) -> None:
        sub, args = (rest[0].lower(), rest[1:]) if rest else ("status", [])
        service, channel, caller = self.service, self.channel_id, self.caller
        if sub == "new" and args:
            options = dict(_pairs(args[1:]))
            table = await service.create(1, channel, caller, args[0], options)
            self.say(
                f"{self.user} opened a {service.engine(table).meta.title} table in #{self.channel}. Others: game join."
            )
        elif sub == "join":
            view = await service.join(channel, caller, args[0] if args else None)
            self.say(f"{self.user} joins. Players: {', '.join(s.name for s in view.seats)}.")
        elif sub == "leave":
            await service.leave(channel, caller)
            self.say(f"{self.user} leaves the table.")
        elif sub == "kick" and args:
            await service.kick(channel, caller, self._id(args[0]))
            self.say(f"{args[0]} is removed from the table.")
        elif sub == "start":
            await self._show(await service.start(channel, caller, args[0] if args else "random"))
        elif sub == "status":
            self.say(present.table_card(await service.view(channel), self.clock()))
        elif sub == "list":
            views, _ = await service.listing(1, lambda _channel: True)  # the console's player sees every channel
            self.say("\n".join(present.table_line(v, self.clock()) for v in views) or "No tables yet.")
        elif sub == "abandon":
            table = await service.table_here(channel)
            self.say(await service.abandon(table.id, caller, table.version))
        elif sub == "replace" and len(args) == 2:
            await service.replace(channel, caller, self._id(args[0]), Caller(self._id(args[1]), args[1]))
            self.say(f"{args[1]} takes over {args[0]}'s seat.")
        elif sub == "pause":
            result = await service.pause(channel, caller)
            if isinstance(result, Ask):
                await self._show_undo(result)
            else:
                self.say(result)
        elif sub == "settings":
            values = dict(_pairs(args))
            durations = {k: parse_duration(v) for k, v in values.items() if k != "deadline"}
            deadline = values.get("deadline")
            view = await service.settings(
                channel,
                caller,
                durations.get("remind_after"),
                durations.get("remind_every"),
                None if deadline in (None, "off") else parse_duration(deadline),
                clear_deadline=deadline == "off",
            )
            self.say(present.table_card(view, self.clock()))
        else:
            self.say(
                "! Unknown game command. Try: game new|join|leave|kick|start|status|list|abandon|replace|pause|settings"
            )

    async def _action(self, head: str, rest: list[str]) -> None:
        table = await self.service.table_here(self.channel_id)
        meta = self.service.engine(table).meta
        if head == meta.id and rest:  # "tictactoe mark b2" as well as "mark b2"
            head, rest = rest[0].lower(), rest[1:]
        spec = meta.action(head)
        named = dict(_pairs([w for w in rest if "=" in w]))
        positional = [w for w in rest if "=" not in w]
        for param, value in zip([p for p in spec.params if p.name not in named], positional, strict=False):
            named[param.name] = value
        if len(positional) > len(spec.params):
            raise TableError(
                f"{spec.name} takes {len(spec.params)} value(s): {', '.join(p.name for p in spec.params)}."
            )
        action = build_action(meta, spec.name, named)
        post = await self.service.act(self.channel_id, self.caller, action)
        if spec.secret:
            self.say(f"(only {self.user} sees this) Done: your choice stays secret until it is revealed.")
        await self._show(post)

    async def _legal(self) -> None:
        _, choices = await self.service.choices(self.channel_id, self.caller.user_id)
        if not choices:
            self.say("You have nothing to do right now.")
        for number, choice in enumerate(choices[:60], 1):
            self.say(f"  [{number}] {choice.label}")
        if len(choices) > 60:
            self.say(f"  … and {len(choices) - 60} more (type the action to reach them)")

    async def _do(self, number: int) -> None:
        _, choices = await self.service.choices(self.channel_id, self.caller.user_id)
        if not 1 <= number <= len(choices):
            if not choices:
                raise TableError("You have nothing to do right now (see `game status` for whose move it is).")
            raise TableError(f"Choose a number from 1 to {len(choices)} (see `legal`).")
        table = await self.service.table_here(self.channel_id)
        spec = self.service.engine(table).meta.action(choices[number - 1].action["type"])
        post = await self.service.act(self.channel_id, self.caller, choices[number - 1].action)
        if spec.secret:
            self.say(f"(only {self.user} sees this) Done: your choice stays secret until it is revealed.")
        await self._show(post)

    async def _press(self, number: int) -> None:
        if not 1 <= number <= len(self.last_quick):
            raise TableError("There is no such button under the last board.")
        quick = self.last_quick[number - 1]
        await self._show(await self.service.press(self.caller, quick.table_id, quick.version, quick.seat, quick.index))

    async def _pick(self, number: int) -> None:
        if not 1 <= number <= len(self.last_menu):
            raise TableError("There is no such option in the menus under the last board.")
        menu, index = self.last_menu[number - 1]
        post = await self.service.pick(self.caller, menu.table_id, menu.version, menu.seat, menu.action, index)
        await self._show(post)

    async def _answer(self, agree: bool) -> None:
        if self.pending is None:
            raise TableError("There is no request to answer.")
        reply, post = await self.service.answer(self.caller, self.pending, agree)
        self.say(reply)
        if post:
            await self._show(post)

    async def _reminders(self, args: list[str]) -> None:
        store = self.service.store
        prefs = await store.prefs(self.caller.user_id)
        for key, value in _pairs(args):
            if key == "dms":
                prefs.dms = value.lower() in ("on", "yes", "true")
            elif key == "quiet":
                prefs.quiet_from, prefs.quiet_to = parse_quiet(value)
            elif key == "tz":
                prefs.timezone = value
        await store.save_prefs(prefs)
        quiet = (
            f"{prefs.quiet_from}:00-{prefs.quiet_to}:00 {prefs.timezone}" if prefs.quiet_from is not None else "none"
        )
        self.say(f"Reminders by DM: {'on' if prefs.dms else 'off'}; quiet hours: {quiet}.")

    async def _wait(self, seconds: int) -> None:
        assert isinstance(self.clock, _Clock)
        self.clock.advance(seconds)
        report = await self.reminders.tick(self.clock())
        done = f"{report.reminded} DMs, {report.mentioned} mentions, {report.fallbacks} moves by the bot"
        self.say(f"({show_duration(seconds)} pass: {done})")

    async def _show(self, post: Post) -> None:
        self.say(post.text)
        self.say(self._save(await self.service.picture(post), f"v{post.version}"))
        await self.service.announced(post.table_id, post.version)  # shown: a later session must not repeat it
        for user_id, lines in post.private.items():
            self.say(f"(privately to {self._name(user_id)}) " + " / ".join(lines))
        self.last_quick = post.quick
        self.last_menu = [(menu, i) for menu in post.menus for i in range(len(menu.options))]
        number = 0
        for menu in post.menus:
            numbered = []
            for label in menu.options:
                number += 1
                numbered.append(f"[{number}] {label}")
            self.say(f"Menu ({menu.placeholder}): " + "  ".join(numbered) + "  (pick <n>)")
        if post.quick:
            self.say(
                "Buttons: " + "  ".join(f"[{i + 1}] {q.label}" for i, q in enumerate(post.quick)) + "  (press <n>)"
            )

    async def _show_undo(self, result: Post | Ask) -> None:
        if isinstance(result, Ask):
            self.pending = result.request_id
            self.say(result.reason + " Others: agree or refuse.")
        else:
            await self._show(result)

    def _name(self, user_id: int) -> str:
        return next((n for n in self._known if self._id(n) == user_id), str(user_id))

    @property
    def _known(self) -> list[str]:
        return [self.user, "alice", "bob", "carol", "dave", "erin"]

    def _save(self, png: bytes, name: str) -> str:
        self.images.mkdir(parents=True, exist_ok=True)
        path = self.images / f"{self.channel}-{name}.png"
        path.write_bytes(png)
        return f"[image: {path}]"


class _PrintNotifier:
    def __init__(self, console: Console) -> None:
        self.console = console

    async def dm(self, user_id: int, text: str) -> bool:
        self.console.say(f"(DM to {self.console._name(user_id)}) {text}")
        return True

    async def mention(self, channel_id: int, user_id: int, text: str) -> None:
        self.console.say(f"(in the channel) @{self.console._name(user_id)} {text}")

    async def post(self, post: Post) -> None:
        await self.console._show(post)


class _Clock:
    """Real time plus whatever `wait` added, so reminders can be tried without waiting hours."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


def _pairs(words: list[str]) -> list[tuple[str, str]]:
    pairs = []
    for word in words:
        key, sep, value = word.partition("=")
        if not sep:
            raise TableError(f"Write options as name=value, not {word[:30]!r}.")
        pairs.append((key.strip().lower(), value.strip()))
    return pairs


async def run(database: Path, images: Path, lines: TextIO = sys.stdin, out: TextIO = sys.stdout) -> None:
    store = await Store.open(database)
    clock = _Clock()
    console = Console(TableService(store, clock=clock), out, images, clock)
    interactive = lines.isatty()
    console.say(f"Offline console. Database: {database}; images: {images}/. Type help.")
    try:
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
