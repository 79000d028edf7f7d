"""A table's result, kept when it ends: who held each seat at the end, the sides they played, how they placed, how
many moves they made and how fast (table/service/move_times.py). Recorded in the transaction that ends the table
(the finishing move in play.py, an abandon in manage.py and privacy.py), so no ended game lacks one; tables that
ended before results were kept get theirs when the service starts (`backfill`). The ratings (another part, given
as `ratings` once built) rate each new result in the same transaction, and rebuild a game's ratings when results
change under them (a user forgotten, a backfill)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any, Protocol

from rules import serial
from rules.base import Outcome
from rules.sides import SIDES_JOIN, bot_module, ending, sides_now
from table.service.core import Tables, engine_of
from table.service.move_times import Off, median, move_times, p90
from table.service.replay import effective
from table.storage import ActionRow, Conflict, Prefs, ResultRow, ResultSeatRow, SeatRow, Store, TableRow

log = logging.getLogger(__name__)
FORMER = 0  # result_seats.user_id of a seat whose player was forgotten


class Rater(Protocol):
    """What the ratings part does with results (table/service/ratings.py)."""

    async def rate(self, result: ResultRow, seats: list[ResultSeatRow]) -> None: ...

    async def rebuild(self, guild_id: int, game: str) -> None: ...


class Results:
    """Each ended table's result, kept once."""

    def __init__(self, store: Store, tables: Tables) -> None:
        self.store = store
        self.tables = tables
        self.ratings: Rater | None = None  # set where the service is composed, once the ratings part exists

    async def record(self, table: TableRow, seats: list[SeatRow], state: Any) -> None:
        """Keep the result of `table` as it ends (its row already says finished or abandoned, and when): call it
        inside the transaction that ends it, holding its lock. A table that never began has none."""
        if table.started_at is None or state is None:
            return
        rows = await self.store.log.actions(table.id)
        off = await self.off(table, seats, table.finished_at or 0.0)
        try:
            result, kept = result_of(table, seats, state, rows, off)
        except Exception:  # a game module's words for sides or endings failed: the game still ends
            log.exception("the result of table %s could not be worked out; it is left for the next start", table.id)
            return
        await self.store.results.record(result, kept)
        if self.ratings is not None:
            await self.ratings.rate(result, kept)

    async def off(self, table: TableRow, seats: Sequence[SeatRow], now: float) -> Off:
        """The table's pauses and its players' absences and quiet hours (as their preferences stand now)."""
        prefs: dict[int, Prefs] = {}
        for seat in seats:
            if seat.person:
                prefs[seat.user_id] = await self.store.people.prefs(seat.user_id)
        away = {
            user: [(p.away_from, p.away_to)]
            for user, p in prefs.items()
            if p.away_from is not None and p.away_to is not None
        }
        return Off(await self.store.results.pauses(table.id, now), away, prefs)

    async def backfill(self) -> int:
        """Results for the tables that ended without one (before results were kept); the ratings of the games
        they belong to are rebuilt in order afterwards. How many were recorded."""
        touched: set[tuple[int, str]] = set()
        for table_id in await self.store.results.missing():
            async with self.tables.lock(table_id):
                table = await self.store.tables.table(table_id)
                if table is None or table.state is None or table.started_at is None:
                    continue
                seats = await self.store.tables.seats(table_id)
                rows = await self.store.log.actions(table_id)
                off = await self.off(table, seats, table.finished_at or 0.0)
                # off the event loop: the first start after an upgrade goes through every table that ever ended
                try:
                    result, kept = await asyncio.to_thread(_backfilled, table, seats, rows, off)
                except Exception:
                    log.exception("the result of table %s could not be worked out", table_id)
                    continue
                try:
                    await self.store.results.record(result, kept)
                except Conflict:
                    continue  # another process recorded it first
                touched.add((table.guild_id, table.game))
        await self.rebuild(sorted(touched))
        return len(touched)

    async def rebuild(self, pairs: Sequence[tuple[int, str]]) -> None:
        """The ratings of each (guild, game) computed afresh from its results, in order."""
        if self.ratings is None:
            return
        for guild_id, game in pairs:
            await self.ratings.rebuild(guild_id, game)


def _backfilled(
    table: TableRow, seats: Sequence[SeatRow], rows: Sequence[ActionRow], off: Off
) -> tuple[ResultRow, list[ResultSeatRow]]:
    assert table.state is not None
    return result_of(table, seats, serial.loads(engine_of(table).State, table.state), rows, off)


def result_of(
    table: TableRow, seats: Sequence[SeatRow], state: Any, rows: Sequence[ActionRow], off: Off
) -> tuple[ResultRow, list[ResultSeatRow]]:
    """What is kept of an ended table: the result row and one row a seat. Pure."""
    engine = engine_of(table)
    module = bot_module(table.game)
    outcome = engine.outcome(state) if table.status == "finished" else None
    finished_at = table.finished_at if table.finished_at is not None else max((row.at for row in rows), default=0.0)
    how = "" if outcome is None else ending(module, state, outcome.winners, len(seats))
    result = ResultRow(
        table.id, table.guild_id, table.game, table.status, table.started_at, finished_at, table.turns, how
    )
    kept_rows = effective(list(rows))
    holders = {seat.seat: seat.user_id for seat in seats}
    times = move_times(rows, table.started_at or table.created_at, holders, off)
    places = placings(outcome, [seat.seat for seat in seats])
    kept: list[ResultSeatRow] = []
    for seat in seats:
        mine = [row for row in kept_rows if row.seat == seat.seat and row.kind == "act"]
        sides = sides_now(module, state, seat.seat)
        waited = times.get(seat.seat, [])
        kept.append(
            ResultSeatRow(
                table.id,
                seat.seat,
                seat.user_id if seat.bot or seat.user_id > 0 else FORMER,
                SIDES_JOIN.join(sides) if sides else None,
                seat.bot,
                places.get(seat.seat),
                None if outcome is None else float(outcome.scores.get(seat.seat, 0)),
                any(row.user_id is not None and row.user_id != seat.user_id for row in mine),
                sum(1 for row in mine if row.user_id == seat.user_id),
                median(waited),
                p90(waited),
            )
        )
    return result, kept


def placings(outcome: Outcome | None, seats: Sequence[int]) -> dict[int, int]:
    """Every winner 1 (an alliance's or team's winners alike), then 2, 3... by score, equal scores sharing a place;
    a draw puts everybody first. None (no outcome: abandoned): no places."""
    if outcome is None:
        return {}
    if outcome.draw or not outcome.winners or set(outcome.winners) >= set(seats):
        return dict.fromkeys(seats, 1)
    rest = sorted({outcome.scores.get(seat, 0) for seat in seats if seat not in outcome.winners}, reverse=True)
    rank = {score: index for index, score in enumerate(rest, start=2)}
    return {seat: 1 if seat in outcome.winners else rank[outcome.scores.get(seat, 0)] for seat in seats}
