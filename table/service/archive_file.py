"""The export file of a game that ended (docs/archive.md): what it holds, how it is written and read back, and its
replay turn by turn, which must arrive at the final state the file's digest names.

The file is JSON (gzip-compressed when it would not fit Discord's attachment limit beside the final board). It keeps
what replays the game (the game, its options, the table's seed, each seat's faction, every logged action with its
seed) and what people read (the seats' names, the log's times); never a user's Discord id. A file is refused, in
one line, when it is not an archive of a version this bot reads, names a game not installed here, or does not
replay to its digest.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import zlib
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import rules
from rules import serial
from rules.base import Engine, Event
from table.service.core import TableError, told
from table.service.replay import effective, new_game, play_on
from table.storage import ActionRow, SeatRow, TableRow

FORMAT = "pbp-game-archive"  # what the file says it is
VERSION = 1  # the version of the format written here; a reader takes only the versions it knows
GZIP_MAGIC = b"\x1f\x8b"
LARGEST = 64 * 1024 * 1024  # a file, or its JSON once unpacked, larger than any game's export: refused unread
KINDS = ("act", "fallback", "undo")  # the log's kinds of rows


class ArchiveError(TableError):
    """A file the console cannot replay: one line saying why."""


@dataclass(frozen=True)
class ArchivedSeat:
    seat: int
    name: str  # as the table shows it ('a former player' for a forgotten user)
    faction: str | None
    bot: str | None  # the strength of the bot that held it at the end; None for a person


@dataclass(frozen=True)
class Archive:
    """A game as its file holds it."""

    game: str
    options: dict[str, Any]
    seed: int
    status: str  # finished or abandoned
    started_at: float | None
    finished_at: float | None
    seats: tuple[ArchivedSeat, ...]
    log: tuple[ActionRow, ...]  # every logged row (undos and the actions they took back too), in order
    turn_ends: tuple[tuple[int, int], ...]  # (turn, the action that ended it), as the table kept its snapshots
    result: str | None  # the game's own summary of its end; None for an abandoned game
    digest: str  # of the final state

    def name(self, seat: int) -> str:
        return next((s.name for s in self.seats if s.seat == seat), f"seat {seat + 1}")


@dataclass(frozen=True)
class Step:
    """One turn of a replayed game: the log's lines of its actions and the state at its end."""

    turn: int | None  # the turn that ended here (0: the start); None: the actions after the last turn's end
    first: int  # the log's rows in it: first..last (an empty range at the start)
    last: int
    lines: tuple[str, ...]
    state: str  # the game's state at its end, as serial text


@dataclass(frozen=True)
class Replayed:
    archive: Archive
    steps: tuple[Step, ...]

    @property
    def engine(self) -> Engine[Any]:
        return rules.engine(self.archive.game)


def digest(state: Any) -> str:
    """The fingerprint of a game's state: equal states, equal digests."""
    return hashlib.sha256(serial.dumps(state).encode()).hexdigest()


def turn_ends(rows: list[ActionRow]) -> tuple[tuple[int, int], ...]:
    """(turn, action) for every turn ended by the effective actions, as the table numbers them (play.py's
    commit: an action that ends two turns at once is one snapshot, of the later turn)."""
    ends, turn = [], 0
    for row in effective(rows):
        ended = sum(1 for event in row.events if event["kind"] == "turn_end")
        if ended:
            turn += ended
            ends.append((turn, row.n))
    return tuple(ends)


def document(
    table: TableRow, seats: list[SeatRow], rows: list[ActionRow], result: str | None, final: str
) -> dict[str, Any]:
    """The file's content for an ended table: `final` is the digest of its stored state."""
    undone = {int(row.action["undoes"]) for row in rows if row.kind == "undo"}
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": table.game,
        "title": rules.engine(table.game).meta.title,
        "options": table.options,
        "seed": table.seed,
        "status": table.status,
        "started_at": table.started_at,
        "finished_at": table.finished_at,
        "seats": [
            {"seat": seat.seat, "name": seat.name, "faction": seat.faction, "bot": seat.bot}
            for seat in sorted(seats, key=lambda seat: seat.seat)
        ],
        "log": [
            {"n": row.n, "kind": row.kind, "seat": row.seat, "action": row.action, "seed": row.seed, "at": row.at}
            | ({"undone": True} if row.n in undone else {})
            for row in rows
        ],
        "turn_ends": [{"turn": turn, "upto": upto} for turn, upto in turn_ends(rows)],
        "result": result,
        "digest": final,
    }


def encoded(content: dict[str, Any], room: int) -> bytes:
    """The file's bytes: JSON, gzip-compressed when it would not fit in `room` bytes."""
    data = json.dumps(content, separators=(",", ":")).encode()
    if len(data) > room:
        data = gzip.compress(data, compresslevel=9, mtime=0)
    return data


def read(data: bytes) -> Archive:
    """An archive from a file's bytes (gzip-compressed or not), its fields checked; ArchiveError says what is
    wrong with it in one line."""
    if len(data) > LARGEST:
        raise ArchiveError("This file is far larger than any exported game: it is not one.")
    if data[:2] == GZIP_MAGIC:
        try:
            unpacker = zlib.decompressobj(wbits=31)
            data = unpacker.decompress(data, LARGEST + 1)
        except zlib.error:
            raise ArchiveError("This file is not a readable gzip file: it is damaged.") from None
        if len(data) > LARGEST or unpacker.unconsumed_tail:
            raise ArchiveError("This file unpacks to far more than any exported game: it is not one.")
    try:
        content = json.loads(data)
    except (UnicodeDecodeError, ValueError):
        raise ArchiveError("This file is not JSON: it is not an exported game (see /game export).") from None
    if not isinstance(content, dict) or content.get("format") != FORMAT:
        raise ArchiveError("This JSON is not an exported game (see /game export).")
    version = content.get("version")
    if version != VERSION:
        raise ArchiveError(
            f"This file is version {str(version)[:12]} of the game archive; this bot reads version {VERSION}."
        )
    return _archive(_Fields(content, "the file"))


def _archive(top: _Fields) -> Archive:
    game = top.text("game")
    if game not in rules.engines():
        raise ArchiveError(f"This file is a game of {game[:40]!r}, which is not installed here.")
    seats = tuple(_seat(fields) for fields in top.records("seats"))
    if [seat.seat for seat in seats] != list(range(len(seats))):
        raise ArchiveError("The file's seats are not numbered 0, 1, 2... in order.")
    log = tuple(_row(fields) for fields in top.records("log"))
    if [row.n for row in log] != list(range(1, len(log) + 1)):
        raise ArchiveError("The file's log is not numbered 1, 2, 3... in order.")
    ends = tuple((fields.whole("turn"), fields.whole("upto")) for fields in top.records("turn_ends"))
    result = top.value("result")
    if result is not None and not isinstance(result, str):
        raise ArchiveError("The file's 'result' is not text.")
    return Archive(
        game,
        top.mapping("options"),
        top.whole("seed"),
        top.text("status"),
        top.time("started_at"),
        top.time("finished_at"),
        seats,
        log,
        ends,
        result,
        top.text("digest"),
    )


def _seat(fields: _Fields) -> ArchivedSeat:
    return ArchivedSeat(
        fields.whole("seat"), fields.text("name"), fields.maybe_text("faction"), fields.maybe_text("bot")
    )


def _row(fields: _Fields) -> ActionRow:
    kind = fields.text("kind")
    if kind not in KINDS:
        raise ArchiveError(f"{fields.where} has the kind {kind[:20]!r}; a log holds {', '.join(KINDS)}.")
    seat = fields.value("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise ArchiveError(f"{fields.where}'s 'seat' is not a whole number.")
    action = fields.mapping("action")
    if kind == "undo" and not isinstance(action.get("undoes"), int):
        raise ArchiveError(f"{fields.where} is an undo that does not say which action it took back.")
    if kind != "undo" and seat is None:
        raise ArchiveError(f"{fields.where} is an action with no seat.")
    n = fields.whole("n")
    return ActionRow(0, n, kind, seat, None, action, fields.whole("seed"), [], 0, False, fields.time("at") or 0.0)


class _Fields:
    """A JSON object of the file, read field by field: a missing or mistyped field is refused by its name."""

    def __init__(self, content: Any, where: str) -> None:
        if not isinstance(content, dict):
            raise ArchiveError(f"{where.capitalize()} is not a JSON object.")
        self.content, self.where = content, where

    def value(self, name: str) -> Any:
        if name not in self.content:
            raise ArchiveError(f"{self.where.capitalize()} has no {name!r}: it is not a whole exported game.")
        return self.content[name]

    def _typed(self, name: str, ok: Callable[[Any], bool], what: str) -> Any:
        value = self.value(name)
        if not ok(value):
            raise ArchiveError(f"{self.where.capitalize()}'s {name!r} is not {what}.")
        return value

    def whole(self, name: str) -> int:
        return int(self._typed(name, lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number"))

    def text(self, name: str) -> str:
        return str(self._typed(name, lambda v: isinstance(v, str), "text"))

    def maybe_text(self, name: str) -> str | None:
        value = self._typed(name, lambda v: v is None or isinstance(v, str), "text or null")
        return None if value is None else str(value)

    def time(self, name: str) -> float | None:
        value = self._typed(
            name, lambda v: v is None or (isinstance(v, int | float) and not isinstance(v, bool)), "a time or null"
        )
        return None if value is None else float(value)

    def mapping(self, name: str) -> dict[str, Any]:
        return dict(self._typed(name, lambda v: isinstance(v, dict), "a JSON object"))

    def records(self, name: str) -> list[_Fields]:
        items = self._typed(name, lambda v: isinstance(v, list), "a list")
        return [_Fields(item, f"{name} entry {index + 1}") for index, item in enumerate(items)]


def replayed(archive: Archive) -> Replayed:
    """The game replayed from its start, turn by turn; ArchiveError when an action does not replay, or the game
    does not arrive at the file's final state or at its turn ends."""
    engine = rules.engine(archive.game)
    try:
        state = new_game(engine, archive.options, archive.seed, [seat.faction for seat in archive.seats])
    except Exception as error:  # any failure to set the game up is the file's fault
        raise ArchiveError(f"The game does not set up from the file's options and seats: {str(error)[:120]}") from None
    steps = [Step(0, 1, 0, (), serial.dumps(state))]
    first, turn, ends = 1, 0, []
    acted: dict[int, list[str]] = {}  # the lines each replayed action says, by its number

    def seen(row: ActionRow, events: list[Event]) -> None:
        nonlocal turn, first
        said = told([asdict(event) for event in events], row.action, row.seat, archive.name)
        acted[row.n] = said
        ended = sum(1 for event in events if event.kind == "turn_end")
        if ended:
            turn += ended
            ends.append((turn, row.n))
            steps.append(Step(turn, first, row.n, (), serial.dumps(state)))
            first = row.n + 1

    effective_rows = effective(list(archive.log))
    for row in effective_rows:  # one at a time, so a failure names its action
        try:
            play_on(engine, state, [row], seen=seen)
        except Exception as error:  # a tampered action may break the engine any way it can
            raise ArchiveError(
                f"Action #{row.n} of the file does not replay ({type(error).__name__}: {str(error)[:120]}): "
                "the file was changed, or the rules have changed since the game was played."
            ) from None
    if effective_rows and effective_rows[-1].n >= first:
        steps.append(Step(None, first, len(archive.log), (), serial.dumps(state)))
    if digest(state) != archive.digest:
        raise ArchiveError(
            "The file's log does not replay to the final state it names: the file was changed, or the rules have "
            "changed since the game was played."
        )
    if tuple(ends) != archive.turn_ends:
        raise ArchiveError("The file's turn ends are not where its log ends the turns: the file was changed.")
    last = steps[-1]
    if last.last < len(archive.log):  # undos logged after the last action replayed belong to the last step
        steps[-1] = Step(last.turn, last.first, len(archive.log), (), last.state)
    return Replayed(archive, tuple(_with_lines(step, archive, acted) for step in steps))


def _with_lines(step: Step, archive: Archive, acted: dict[int, list[str]]) -> Step:
    """The step with the log's lines for its rows: an action's own lines, a taken-back action named as such."""
    lines: list[str] = []
    for row in archive.log[step.first - 1 : step.last]:
        who = archive.name(row.seat if row.seat is not None else 0)
        if row.kind == "undo":
            lines.append(f"#{row.n} ↩ {who} took back #{row.action['undoes']}")
        elif row.n not in acted:
            lines.append(f"#{row.n} {who}: {row.action.get('type', 'a move')} (taken back)")
        else:
            said = acted[row.n]
            tag = " (played by the bot: time ran out)" if row.kind == "fallback" else ""
            lines += [f"#{row.n} {said[0]}{tag}", *(f"  {line}" for line in said[1:])]
    return Step(step.turn, step.first, step.last, tuple(lines), step.state)
