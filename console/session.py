"""One console session: who is typing, in which channel, and the buttons and menus under the last board.

Each typed line runs one of the bot's commands through the same table service the Discord cogs call, so a game
played here behaves exactly as it would in a channel.
"""

from __future__ import annotations

import zlib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TextIO

import rules
from console.clock import ConsoleClock
from console.help import help_text
from console.notifier import PrintNotifier
from console.replaying import WORDS as REPLAY_WORDS
from console.replaying import Replaying, find_file
from console.words import arguments, split_named, words_of
from rules import nextstep
from rules.base import ActionSpec, Choice, Meta, RuleError
from rules.notation import DiceError
from rules.text import count
from table import commands
from table.commands import Attachment, Command, Reply, Where
from table.commands.play import playing
from table.service import Caller, Post, TableError, TableService
from table.service.clock import Reminders
from table.service.web_links import ROTATED, Link
from table.text import next_line
from table.text.actions import build_action, whole_number
from table.text.durations import DurationError, parse_duration, show_duration
from table.text.names import labelled
from web import tokens

LEGAL_WHOLE = 8  # choices of one action `legal` lists one by one; more are said in one line, as the next line says them


class Console:
    def __init__(
        self, compose: Callable[..., TableService], out: TextIO, images: Path, clock: Callable[[], float]
    ) -> None:
        """`compose`: the TableService with its options given (functools.partial), built here with the console's
        way to show a post the service makes on its own: a bot seat's moves are printed like anyone's."""
        self.service = compose(deliver=self.show)
        self.out = out
        self.images = images
        self.clock = clock
        self.user = "alice"
        self.channel = "table"
        self.last_quick: list[Any] = []
        self.last_menu: list[tuple[Any, int]] = []  # (menu, option index) for every option shown, in order
        self.pending: int | None = None  # the open request to answer with agree/refuse
        self.reminders = Reminders(self.service, PrintNotifier(self))
        self.replaying: Replaying | None = None  # an exported game loaded with `replay <file>`

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
            words = words_of(line)
        except ValueError as error:
            self.say(f"! {error}")
            return True
        if not words:
            return True
        try:
            return await self._dispatch(words)
        except (TableError, RuleError, DiceError, DurationError) as error:
            self.say(f"! {error}")  # what a player sees as an ephemeral reply in Discord
        finally:
            await self.service.bots_settled()  # the bots' answers are shown before the next command
        return True

    async def _dispatch(self, words: list[str]) -> bool:
        head, rest = words[0].lower(), words[1:]
        if head in ("quit", "exit"):
            return False
        if self.replaying is not None and head in REPLAY_WORDS:  # a replay's steps, while one is loaded
            await self.replaying.go(head, rest)
            return True
        handler = self._words().get(head)
        # a console word that does not apply as typed (`do` with no number, `refuse` with no request open) may
        # still be the game's own action of that name
        if handler is not None and await handler(rest) is not False:
            return True
        if not await self._command(words):
            await self._action(head, rest)
        return True

    async def _command(self, words: list[str]) -> bool:
        """Run the declared command (table/commands) the words name, as Discord would; False when they name none,
        or a command whose values are missing that is also the game's own action (`roll` in a game with dice)."""
        if [word.lower() for word in words] == ["game"]:
            words = ["game", "status"]
        found = commands.find(words) if words[0].lower() != "game" else commands.must_find(words)
        if found is None:
            return False
        command, rest = found
        if command.name in {action.name for action in commands.actions()}:  # `tictactoe mark b2`
            await self._game_action(command, rest)
            return True
        try:
            args = arguments(command, rest, lambda name: Caller(self._id(name), name))
        except TableError:
            if not rest and await self._game_has(words[0].lower()):
                return False
            raise
        await self._reply(await command(self.service, self._where(), args))
        return True

    async def _game_action(self, command: Command, rest: list[str]) -> None:
        """A game's action named as Discord names it, after the game: played as the action's own name is."""
        game, action = command.name.split()
        await playing(self.service, self.channel_id, game)
        await self._action(action, rest)

    async def _reply(self, reply: Reply) -> None:
        """A command's answer as the console shows it: printed, its file kept in the images folder, a question to
        confirm taken as confirmed (the command was typed on purpose)."""
        if reply.post is not None:
            await self.show(reply.post)
        elif reply.ask is not None:
            self.pending = reply.ask.request_id
            self.say(reply.ask.reason + " Others: agree or refuse.")
        elif reply.confirm is not None and reply.confirm.subject == "abandon":
            table = await self.service.table_here(self.channel_id)
            self.say(await self.service.abandon(reply.confirm.table_id, self.caller, table.version))
        elif reply.confirm is not None:
            self.say(await self.service.forget(self.caller.user_id))
        else:
            kept = "".join(f" {self._keep(file)}" for file in reply.attachments)
            self.say((f"(only {self.user} sees this) " if reply.ephemeral else "") + reply.text + kept)
            self._link(reply.link)

    def _link(self, link: Link | None) -> None:
        """A web page's link, as a line: Discord shows it as a button."""
        if link is not None:
            self.say(f"{link.label}: {link.url}")

    def _where(self) -> Where:
        async def owns_bot() -> bool:
            return True  # whoever runs the console runs its bot

        # sees every channel, and every channel is open to everyone at the console: its tables are listed on its
        # server's web page
        return Where(
            self.caller, 1, self.channel_id, self.clock(), lambda _channel: True, owns_bot=owns_bot, public=True
        )

    def _words(self) -> dict[str, Callable[[list[str]], Awaitable[bool | None]]]:
        """The console's own words, beside the declared commands (table/commands) and the game's actions: they stand
        in for what Discord shows around the commands (buttons, menus, who is typing, time passing)."""
        return {
            "help": self._help,
            "as": self._as,
            "channel": self._channel,
            "games": self._games,
            "legal": self._legal,
            "do": self._numbered(self._do),
            "press": self._numbered(self._press),
            "pick": self._menu_pick,
            "agree": self._agree,
            "refuse": self._refuse,
            "wait": self._wait_words,
            "rotate-web-secret": self._rotate,
            "replay": self._replay,
        }

    @staticmethod
    def _numbered(run: Callable[[int], Awaitable[None]]) -> Callable[[list[str]], Awaitable[bool | None]]:
        async def numbered(rest: list[str]) -> bool | None:
            number = whole_number(rest[0]) if rest else None
            if number is None:
                return False
            await run(number)
            return None

        return numbered

    async def _menu_pick(self, rest: list[str]) -> bool | None:
        """`pick <n>`: the n-th option of the menus under the last board. With no menu shown, or a name after it
        (`pick Muddy Ogres`), it is the game's own action of that name (Small World picks a combo)."""
        number = whole_number(rest[0]) if len(rest) == 1 else None
        if number is None or (not self.last_menu and await self._game_has("pick")):
            return False
        await self._pick(number)
        return None

    async def _game_has(self, action: str) -> bool:
        try:
            table = await self.service.table_here(self.channel_id)
        except TableError:
            return False
        return any(spec.name == action for spec in self.service.engine(table).meta.actions)

    async def _help(self, rest: list[str]) -> None:
        self.say(help_text())

    async def _as(self, rest: list[str]) -> bool | None:
        if not rest:
            return False
        self.user = rest[0]
        self.say(f"(you are now {self.user})")
        return None

    async def _channel(self, rest: list[str]) -> bool | None:
        if not rest:
            return False
        self.channel = rest[0].lstrip("#")
        self.say(f"(you are now in #{self.channel})")
        return None

    async def _agree(self, rest: list[str]) -> None:
        await self._answer(True)

    async def _refuse(self, rest: list[str]) -> bool | None:
        if self.pending is None:
            return False  # the game's own refuse action (a Nerath hit split)
        await self._answer(False)
        return None

    async def _wait_words(self, rest: list[str]) -> bool | None:
        if not rest:
            return False
        await self._wait(parse_duration(rest[0]))
        return None

    async def _rotate(self, rest: list[str]) -> None:
        """A new secret for the web pages' addresses, as ./run-bot --rotate-web-secret makes one."""
        await tokens.rotate_secret(self.service.store)
        self.service.links.forget_secret()
        self.say(ROTATED)

    async def _replay(self, rest: list[str]) -> bool | None:
        """`replay <file>`: load a game exported with `game export` and show its start; `replay off` leaves it."""
        if not rest:
            raise TableError("replay needs a file: replay <file>, a game saved by `game export` (or replay off).")
        if [word.lower() for word in rest] == ["off"]:
            self.say("(replay off)" if self.replaying is not None else "(no replay was loaded)")
            self.replaying = None
            return None
        path = find_file(" ".join(rest), self.images)
        self.replaying = await Replaying.load(self.service, path, self.say, self._keep)
        return None

    async def _games(self, rest: list[str]) -> None:
        for engine in rules.engines().values():
            meta = engine.meta
            options = ", ".join(f"{o.name}={o.default}" for o in meta.options) or "no options"
            self.say(
                f"{meta.id}: {meta.title} ({meta.min_players}-{meta.max_players} players) {meta.summary} [{options}]"
            )

    async def _action(self, head: str, rest: list[str]) -> None:
        table = await self.service.table_here(self.channel_id)
        meta = self.service.engine(table).meta
        if head == meta.id and rest:  # "tictactoe mark b2" as well as "mark b2"
            head, rest = rest[0].lower(), rest[1:]
        chosen = await self._labelled(meta, head, rest)
        if chosen is not None:  # a legal choice already: no name in it to read again (legal() is built once)
            await self._play(meta.action(chosen.action["type"]), chosen.action, typed=False)
            return
        spec = meta.action(head)
        if not rest and any(param.required for param in spec.params):  # `play`, as the next line names a hand's card
            _, choices = await self.service.choices(self.channel_id, self.caller.user_id)
            if any(choice.action["type"] == spec.name for choice in choices):
                self.say(f"(only {self.user} sees this) Your choices for {spec.name} (do <n> plays one):")
                await self._legal([spec.name])
                return
        positional, named = split_named(rest, {param.name for param in spec.params})
        open_params = [p for p in spec.params if p.name not in named]
        if not open_params and positional:
            raise TableError(
                f"{spec.name} takes {count(len(spec.params), 'value')}: "
                f"{', '.join(p.name for p in spec.params) or 'none'}."
            )
        if len(positional) > len(open_params):  # the last value may be a name of several words: capweaver den
            cut = len(open_params) - 1
            positional = [*positional[:cut], " ".join(positional[cut:])]
        for param, value in zip(open_params, positional, strict=False):
            named[param.name] = value
        await self._play(spec, build_action(meta, spec.name, named))

    async def _labelled(self, meta: Meta, head: str, rest: list[str]) -> Choice | None:
        """The legal choice a line names by its label, as `legal`, a button or a menu shows it: the whole line
        (`Buy 6 Footsoldiers at Skullcairn`) or what follows the action (`pick 2. Muddy Ogres`). None when the line
        gives the action's values by name, or names no one choice."""
        actions = {spec.name: spec for spec in meta.actions}
        if head in actions and (not rest or split_named(rest, {p.name for p in actions[head].params})[1]):
            return None
        _, choices = await self.service.choices(self.channel_id, self.caller.user_id)
        if head not in actions:
            return labelled(choices, " ".join([head, *rest]))
        mine = [choice for choice in choices if choice.action["type"] == head]
        return labelled(mine, " ".join(rest)) or labelled(mine, " ".join([head, *rest]))

    async def _play(self, spec: ActionSpec, action: dict[str, Any], typed: bool = True) -> None:
        post = await self.service.act(self.channel_id, self.caller, action, typed=typed)
        if spec.secret:
            self.say(f"(only {self.user} sees this) Done: your choice stays secret until it is revealed.")
        await self.show(post)

    async def _legal(self, rest: list[str]) -> None:
        """`legal`: what you may do now, a long list of one action said in one line as the turn's next line says it;
        `legal <action>` or `legal all`: every choice. Numbers are always places in the whole list, for `do <n>`."""
        table, choices = await self.service.choices(self.channel_id, self.caller.user_id)
        if not choices:
            self.say("You have nothing to do right now.")
            return
        meta = self.service.engine(table).meta
        numbered = list(enumerate(choices, 1))
        kinds: dict[str, list[tuple[int, Choice]]] = {}
        for number, choice in numbered:
            kinds.setdefault(str(choice.action["type"]), []).append((number, choice))
        wanted = " ".join(rest).lower()
        if wanted and wanted != "all" and wanted not in kinds:
            raise TableError(f"You cannot {wanted[:30]} now. You can: {', '.join(kinds)} (or type legal all).")
        grouped = False
        for kind, group in kinds.items():
            if wanted not in ("", kind, "all"):
                continue
            if wanted or len(group) <= LEGAL_WHOLE:
                for number, choice in group:
                    self.say(f"  [{number}] {choice.label}")
                continue
            grouped = True
            first, last = group[0][0], group[-1][0]
            span = f"[{first}-{last}]" if last - first + 1 == len(group) else "[…]"
            said = nextstep.grouped(meta, [choice for _, choice in group], spell=next_line.typed)[0].text
            self.say(f"  {span} {said} (legal {kind} lists them)")
        if grouped:
            self.say("  (do <n> plays choice n: the numbers are the same in legal all and legal <action>)")

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
        await self.show(post)

    async def _press(self, number: int) -> None:
        if not 1 <= number <= len(self.last_quick):
            raise TableError("There is no such button under the last board.")
        quick = self.last_quick[number - 1]
        await self.show(await self.service.press(self.caller, quick.table_id, quick.version, quick.seat, quick.index))

    async def _pick(self, number: int) -> None:
        if not 1 <= number <= len(self.last_menu):
            raise TableError("There is no such option in the menus under the last board.")
        menu, index = self.last_menu[number - 1]
        post = await self.service.pick(self.caller, menu.table_id, menu.version, menu.seat, menu.action, index)
        await self.show(post)

    async def _answer(self, agree: bool) -> None:
        if self.pending is None:
            raise TableError("There is no request to answer.")
        reply, post = await self.service.answer(self.caller, self.pending, agree)
        self.say(reply)
        if post:
            await self.show(post)

    async def _wait(self, seconds: int) -> None:
        assert isinstance(self.clock, ConsoleClock)
        self.clock.advance(seconds)
        report = await self.reminders.tick(self.clock())
        done = f"{report.reminded} DMs, {report.mentioned} mentions, {report.fallbacks} moves by the bot"
        self.say(f"({show_duration(seconds)} pass: {done})")

    async def show(self, post: Post) -> None:
        await self.service.show(post, self)  # printed, its picture saved, and marked shown (a later session skips it)
        for user_id, lines in post.private.items():
            self.say(f"(privately to {self.name_of(user_id)}) " + " / ".join(lines))
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
        self._link(post.link)
        for found in post.next:
            self.say(found.bare)

    # the console as the outbox's Screen: every post is printed whole, none edited
    edits = False

    async def answer_first(self, post: Post) -> None:
        """Nothing waits for an answer here."""

    async def new(self, post: Post, picture: bytes) -> int:
        if post.edit is not None:  # Discord edits the turn's message in place; here it is printed again, whole
            self.say("(the turn's message, updated)")
        text = post.text
        for found in post.next:  # said last, after the buttons, with the console's own commands
            text = text.replace("\n" + found.slash, "")
        self.say(text)
        if post.file is not None:  # a timelapse: kept under its own name
            self.say(self._keep(Attachment(post.file[0], picture, f"-{post.table_id}")))
        else:
            self.say(self._save(picture, f"v{post.version}"))
        return post.started  # the console's "message" is the version that began it

    async def edit(self, post: Post, picture: bytes, message_id: int) -> int | None:
        return None  # never asked (edits is False): each post is printed anew

    async def shown(self, post: Post, message_id: int) -> None:
        """Nothing more to say once it is printed."""

    def name_of(self, user_id: int) -> str:
        return next((n for n in self._known if self._id(n) == user_id), str(user_id))

    @property
    def _known(self) -> list[str]:
        return [self.user, "alice", "bob", "carol", "dave", "erin"]

    def _save(self, png: bytes, name: str) -> str:
        return self._keep(Attachment(f"{name}.png", png))

    def _keep(self, file: Attachment) -> str:
        """A reply's file, kept in the images folder under this channel's name."""
        stem, _, suffix = file.name.rpartition(".")
        self.images.mkdir(parents=True, exist_ok=True)
        path = self.images / f"{self.channel}-{stem}{file.detail}.{suffix}"
        path.write_bytes(file.data)
        return f"[image: {path}]" if suffix == "png" else f"[file: {path}]"
