"""/stats: a member's record and a game's figures on one server, counted from its ended games' results
(store.results, kept as each table ends: table/service/results.py). Read only; what the words say is
table/text/stats.py's."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rules.sides import SIDES_JOIN
from table.storage import ResultRow, ResultSeatRow, Store, TableRow
from table.storage.results import Tally

Ended = Sequence[tuple[ResultRow, list[ResultSeatRow]]]


@dataclass
class Record:
    """Games of one kind (a game, a side, a seat) and how they went."""

    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    abandoned: int = 0

    def add(self, result: ResultRow, seat: ResultSeatRow, everyone_first: bool) -> None:
        self.played += 1
        if result.status == "abandoned" or seat.place is None:
            self.abandoned += 1
        elif everyone_first:
            self.drawn += 1
        elif seat.place == 1:
            self.won += 1
        else:
            self.lost += 1

    @property
    def finished(self) -> int:
        return self.played - self.abandoned

    @property
    def rate(self) -> float | None:
        """The share of finished games won, a draw counting half (as the self-play figures count them)."""
        return (self.won + self.drawn / 2) / self.finished if self.finished else None


@dataclass
class MemberStats:
    games: dict[str, Record] = field(default_factory=dict)  # game id -> record
    sides: dict[str, dict[str, Record]] = field(default_factory=dict)  # game id -> side -> record
    medians: list[float] = field(default_factory=list)  # each game's median time to move (where they moved)
    p90s: list[float] = field(default_factory=list)
    waiting: list[TableRow] = field(default_factory=list)  # running tables of this server awaiting them now


@dataclass
class GameStats:
    finished: int = 0
    abandoned: int = 0
    sides: dict[str, Record] = field(default_factory=dict)  # finished games
    seats: dict[int, dict[int, Record]] = field(default_factory=dict)  # players -> seat -> record, finished games
    endings: dict[str, int] = field(default_factory=dict)  # most frequent first
    turns: tuple[float, float] | None = None  # (median, longest) of finished games
    days: tuple[float, float] | None = None


def everyone_first(seats: Sequence[ResultSeatRow]) -> bool:
    """A draw: every seat placed first."""
    return bool(seats) and all(seat.place == 1 for seat in seats)


def sides_of(seat: ResultSeatRow) -> list[str]:
    return seat.side.split(SIDES_JOIN) if seat.side else []


def member_stats(ended: Ended, user_id: int) -> MemberStats:
    stats = MemberStats()
    for result, seats in ended:
        draw = everyone_first(seats)
        for seat in seats:
            if seat.user_id != user_id:
                continue
            stats.games.setdefault(result.game, Record()).add(result, seat, draw)
            for side in sides_of(seat):
                stats.sides.setdefault(result.game, {}).setdefault(side, Record()).add(result, seat, draw)
            if seat.median_move is not None:
                stats.medians.append(seat.median_move)
            if seat.p90_move is not None:
                stats.p90s.append(seat.p90_move)
    return stats


def game_stats(tally: Tally) -> GameStats:
    stats = GameStats(tally.finished, tally.abandoned, endings=dict(tally.endings), turns=tally.turns, days=tally.days)
    for players, seat, side, played, won, drawn in tally.seats:
        for record in [
            stats.seats.setdefault(players, {}).setdefault(seat, Record()),
            *(stats.sides.setdefault(one, Record()) for one in (side.split(SIDES_JOIN) if side else [])),
        ]:
            record.played += played
            record.won += won
            record.drawn += drawn
            record.lost += played - won - drawn
    return stats


def middle(values: Sequence[float]) -> float | None:
    return statistics.median(values) if values else None


class Stats:
    """What /stats reads."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def member(
        self, guild_id: int, user_id: int, game: str | None, visible: Callable[[int], bool]
    ) -> MemberStats:
        """A member's record on this server (one game, or every game), and the tables there waiting on them now
        whose channels the asker can see."""
        stats = member_stats(await self.store.results.of_member(guild_id, user_id, game), user_id)
        for table in await self.store.tables.running_seats_of(user_id):
            if table.guild_id != guild_id or table.status != "running" or not visible(table.channel_id):
                continue
            if game is not None and table.game != game:
                continue
            seats = {seat.seat for seat in await self.store.tables.seats(table.id) if seat.user_id == user_id}
            if any(row.seat in seats for row in await self.store.clocks.reminders(table.id)):
                stats.waiting.append(table)
        return stats

    async def game(self, guild_id: int, game: str) -> GameStats:
        return game_stats(await self.store.results.tally(guild_id, game))
