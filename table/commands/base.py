"""What a command is, for both front ends: its name, help, arguments and their kinds, who may call it, what it runs
on the table service, and the Reply it answers with.

The Discord cogs turn each declaration into a slash command (options, choices, autocomplete) and the console into
typed words; each shows the Reply its own way. A front end adds only what is its own: how a member is named, how a
button asks for a confirmation, where a picture goes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

from table.service import Ask, Caller, Post, TableError, TableService
from table.service.web_links import Link

ArgKind = Literal[
    "game",  # a game id (autocompleted from the installed games)
    "options",  # name=value words for the game's options (autocompleted from the game's options)
    "faction",  # a colour, realm or side of the table's game (autocompleted from the free ones)
    "member",  # someone of this server, seated or to be seated
    "user",  # anyone, even someone who left the server (to remove them from a lobby)
    "order",  # the seat order at the start
    "duration",  # a length of time like 12h, 2d or 90m
    "deadline",  # a duration, or off
    "flag",  # yes or no
    "posts",  # turn or action
    "switch",  # on or off
    "strength",  # a bot's strength: easy or normal
    "bot",  # the name of a bot seated at this table (autocompleted)
    "int",  # a whole number, from `least` to `most` where they are given
    "text",  # words as typed, `least` to `most` characters where they are given
    "dice",  # dice notation (rules/notation.py), with adv or dis after it
    "place",  # a place of the table's map (autocompleted)
    "section",  # a section of the game's rules (autocompleted)
    "entry",  # something /info explains: a race, card, spell, unit or place (autocompleted)
    "legal",  # a value of a game action, autocompleted from what is legal now
]
ORDERS = (("random", "random"), ("as joined", "joined"))
POSTS = (("one message per turn (edited)", "turn"), ("a message for every action", "action"))
SWITCH = (("on", "on"), ("off", "off"))
STRENGTHS = (("easy: any legal move at random", "easy"), ("normal: looks ahead and plays to win", "normal"))
CHOICES: dict[ArgKind, tuple[tuple[str, str], ...]] = {  # (label, value)
    "order": ORDERS,
    "posts": POSTS,
    "switch": SWITCH,
    "strength": STRENGTHS,
}
WORDS: frozenset[ArgKind] = frozenset({"text", "place", "section", "entry", "bot"})  # a value may have spaces


@dataclass(frozen=True)
class Arg:
    name: str  # as players see it: `from` and `for` too (Discord's front end renames Python's keywords)
    help: str
    kind: ArgKind
    required: bool = False
    least: int | None = None  # an int's smallest value, a text's fewest characters
    most: int | None = None  # an int's largest value, a text's most characters


@dataclass(frozen=True)
class Where:
    """Who runs a command, and from where."""

    caller: Caller
    guild_id: int
    channel_id: int
    now: float
    visible: Callable[[int], bool]  # whether the caller may view a channel (what /game list may show them)
    # opens a thread for a new table where the front end can: (its channel id, how to point at it)
    open_thread: Callable[[str], Awaitable[tuple[int, str]]] | None = None
    owns_bot: Callable[[], Awaitable[bool]] | None = None  # whether the caller owns the bot (None: no one here does)
    # whether every member of the server can view the channel (None: the front end can't tell, the console): the
    # server's web page lists a table only while its channel is open to all
    public: bool | None = None


@dataclass(frozen=True)
class Confirm:
    """A question the caller confirms by button (Discord) before anything is done; the console, where the command
    is typed on purpose, takes it as confirmed. `subject` says what is done once confirmed."""

    question: str
    subject: Literal["abandon", "forget"]
    table_id: int = 0  # abandon: the table, at the version the question was asked
    version: int = 0


@dataclass(frozen=True)
class Attachment:
    """A file that goes with a reply: a picture or a document."""

    name: str  # the file's name in Discord, e.g. board.png
    data: bytes
    detail: str = ""  # what tells this file from others of its name where files are kept side by side: -3-full


@dataclass(frozen=True)
class Reply:
    """What a command answers: a line (public, or for the caller alone) with a file, a game post, a request or a
    question to confirm."""

    text: str = ""
    ephemeral: bool = False
    file: Attachment | None = None
    more: tuple[Attachment, ...] = ()  # files after `file` in the same message (an export: the game, its board)
    post: Post | None = None
    move: bool = False  # the post is the caller's move (a game action), not a table's change
    secret: bool = False  # the move stays hidden until the game reveals it: say so to the caller alone
    ask: Ask | None = None
    confirm: Confirm | None = None
    link: Link | None = None  # a web page to open (a link button in Discord, a line in the console)

    @property
    def attachments(self) -> tuple[Attachment, ...]:
        """Every file the reply carries, in order: what the front ends attach or keep."""
        return ((self.file,) if self.file is not None else ()) + self.more


Run = Callable[[TableService, Where, dict[str, Any]], Awaitable[Reply]]
Who = Literal["anyone", "owner"]


@dataclass(frozen=True)
class Group:
    """Commands named under one word (`game`, `game bot`, `privacy`, one per game)."""

    name: str
    help: str
    guild_only: bool = False


@dataclass(frozen=True)
class Command:
    name: str  # its words: `board`, `game new`, `game bot add`, `tictactoe mark`
    help: str
    run: Run
    args: tuple[Arg, ...] = ()
    guild_only: bool = False  # in a server's channel only (a top-level command; a group says it for its own)
    who: Who = "anyone"
    denied: str = ""  # what anyone else who calls it is told

    async def __call__(self, service: TableService, where: Where, args: dict[str, Any]) -> Reply:
        """Run it for the caller: who may call it is checked here, once for both front ends."""
        if self.who == "owner" and not (where.owns_bot is not None and await where.owns_bot()):
            raise TableError(self.denied or f"Only the bot's owner may use {self.name}.")
        if where.public is not None:  # written only when it changed
            await service.links.seen_in(where.channel_id, where.public)
        return await self.run(service, where, args)

    def usage(self) -> str:
        """Its arguments as typed: <required> [optional]."""
        return " ".join(f"<{arg.name}>" if arg.required else f"[{arg.name}]" for arg in self.args) or "nothing"
