"""What the store keeps, row by row, as the rest of the bot reads it; and what the store may raise.

No SQL here (that is the parts': table/storage/tables.py, log.py, clocks.py, people.py, schema.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


class Row(Protocol):
    """A result row as both drivers give it: by column name or position, and dict(row)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def keys(self) -> Any: ...


@dataclass
class TableRow:
    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, Any]
    status: str
    creator_id: int
    created_at: float
    started_at: float | None
    finished_at: float | None
    seed: int
    version: int
    state: str | None
    turns: int
    announced: int
    remind_after: int
    remind_every: int
    deadline: int | None
    paused: bool
    posts: str = "turn"  # 'turn': a turn's actions edit one message; 'action': a message per action
    away_allowance: int = 14 * 86400  # how long absences may hold back one seat's deadlines in this game
    web: bool = True  # its web page is served (/game settings web:off takes it down)
    public_channel: bool = False  # its channel was last seen open to the whole server: listed on the server's page
    timelapse: bool = True  # the game's timelapse is posted when it ends (/game settings timelapse:off)
    timelapse_posted: float | None = None  # when the finished game's timelapse reached the channel (None: not yet)


@dataclass
class TurnMessage:
    """The channel message a turn's actions are edited into (one message per turn)."""

    table_id: int
    started: int  # the version whose post began it
    message_id: int | None  # None until Discord has confirmed the post
    seen: frozenset[int]  # seats awaited since it began: a seat not among them gets a new, pinging message
    body: list[str]  # its lines so far, without the closing "Waiting for" line


@dataclass
class SeatRow:
    table_id: int
    seat: int
    user_id: int
    name: str
    faction: str | None
    bot: str | None = None  # the strength of the bot playing this seat; None for a person

    @property
    def person(self) -> bool:
        """A seat someone holds in Discord (to ping, DM, ask, give buttons to), not a bot's, nor an erased one:
        no Discord user has a negative id, so none is ever written into a message."""
        return self.bot is None and self.user_id > 0


@dataclass
class ActionRow:
    table_id: int
    n: int
    kind: str
    seat: int | None
    user_id: int | None
    action: dict[str, Any]
    seed: int
    events: list[dict[str, Any]]
    rolls: int
    secret: bool
    at: float
    version: int | None = None  # the table version its change made (None: logged before migrations/0010)


@dataclass
class SnapshotRow:
    table_id: int
    turn: int
    upto: int
    state: str
    at: float


@dataclass
class ResultRow:
    """A table that ended (finished or abandoned), as /stats and the ratings read it (migrations/0012)."""

    table_id: int
    guild_id: int
    game: str
    status: str  # 'finished' or 'abandoned'
    started_at: float | None
    finished_at: float
    turns: int
    ending: str = ""  # how it ended, in the game's bot module's words ('' when abandoned)


@dataclass
class ResultSeatRow:
    """Who held a seat of an ended table at the end, what they played, how they placed and how fast they moved."""

    table_id: int
    seat: int
    user_id: int  # 0: a former player (forgotten); a bot's seat keeps its bot id (negative)
    side: str | None  # the sides played, joined by SIDES_JOIN (None: the game has none)
    bot: str | None  # the strength of the bot that held it at the end; None: a person
    place: int | None  # 1 for every winner, then 2, 3... by score (dense); None when abandoned
    score: float | None
    handed_over: bool = False  # someone else held the seat before (a replacement, a bot's takeover)
    moves: int = 0  # moves made by whoever held it at the end
    median_move: float | None = None  # seconds from being awaited to acting (pauses, absences, quiet hours out)
    p90_move: float | None = None


@dataclass(frozen=True)
class RatingRow:
    """A player's rating in one game of one server (migrations/0012): 'u<user id>' or 'bot:<strength>'."""

    guild_id: int
    game: str
    player: str
    mu: float  # OpenSkill's estimate of their skill
    sigma: float  # and how unsure it still is
    games: int  # finished games counted
    wins: int  # of which won (a draw is no win)
    last_at: float  # when the last game counted ended


@dataclass
class Prefs:
    user_id: int
    dms: bool = True
    quiet_from: int | None = None
    quiet_to: int | None = None
    timezone: str = "UTC"
    dm_closed: bool = False
    away_from: float | None = None  # an announced absence (/away)
    away_to: float | None = None

    def away(self, now: float) -> bool:
        return self.away_from is not None and self.away_to is not None and self.away_from <= now < self.away_to


@dataclass
class ReminderRow:
    table_id: int
    seat: int
    since: float
    next_at: float
    sent: int
    deadline_at: float | None
    mentioned: bool = False  # the channel was told about this wait already
    warn_at: float | None = None  # when the deadline's warning goes out (None: sent, or no deadline)


@dataclass
class RequestRow:
    id: int
    table_id: int
    kind: str
    user_id: int
    version: int
    approvals: list[int]
    open: bool
    created_at: float


@dataclass
class Delivery:
    """A reminder, warning or mention claimed by one process and not yet sent (see migrations/0008)."""

    id: int
    table_id: int
    seat: int
    since: float  # the wait it belongs to
    how: str  # dm, mention
    user_id: int
    text: str
    origin: dict[str, Any]
    owner: str
    lease_until: float


class StaleVersion(Exception):
    """The table changed since it was read: the caller's view of it is out of date."""


class NewerDatabase(Exception):
    """The database was written by a newer version of the bot: refused, never written to."""


class Unreachable(Exception):
    """The database could not be opened (no server, refused login, no such database...): one line that names what
    failed and what to check, never the password."""


class Conflict(Exception):
    """A row with that key exists already (a unique constraint), whichever database said so."""
