"""Time to move from hand-made logs: each wait from the move before to the seat's own, less the table's pauses, the
player's absences and their quiet hours (in their timezone), overlaps counted once; an earlier holder's moves are
not the holder's, a deadline that ran out is."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from table.service.move_times import Off, covered, median, move_times, p90, quiet_spans
from table.storage import ActionRow, Prefs

HOUR = 3600.0
PARIS = ZoneInfo("Europe/Paris")


def row(n: int, seat: int, at: float, user: int | None, kind: str = "act") -> ActionRow:
    return ActionRow(1, n, kind, seat, user, {"type": "x"}, 0, [], 0, False, at)


def paris(day: int, hour: int) -> float:
    return datetime(2026, 12, day, hour, tzinfo=PARIS).timestamp()


def test_spans_covering_a_wait_count_once() -> None:
    assert covered([(0, 10), (5, 15), (30, 40)], 0, 35) == 20.0
    assert covered([(-5, 5)], 0, 100) == 5.0
    assert covered([], 0, 100) == 0.0
    assert covered([(50, 60)], 0, 40) == 0.0


def test_quiet_hours_are_each_night_in_the_players_timezone() -> None:
    prefs = Prefs(7, quiet_from=22, quiet_to=7, timezone="Europe/Paris")
    nights = quiet_spans(prefs, paris(10, 12), paris(12, 12))
    assert (paris(10, 22), paris(11, 7)) in nights and (paris(11, 22), paris(12, 7)) in nights
    assert covered(nights, paris(10, 12), paris(12, 12)) == 18 * HOUR  # two nights of 9 hours
    daytime = Prefs(7, quiet_from=9, quiet_to=17, timezone="Europe/Paris")  # a span within one day
    assert covered(quiet_spans(daytime, paris(10, 0), paris(11, 0)), paris(10, 0), paris(11, 0)) == 8 * HOUR
    assert quiet_spans(Prefs(7), paris(10, 0), paris(11, 0)) == []  # none set


def test_a_wait_leaves_out_pauses_absences_and_quiet_hours() -> None:
    start = paris(10, 12)
    rows = [
        row(1, 0, start + HOUR, 7),  # 1 h
        row(2, 1, paris(11, 12), 8),  # 23 h; a night of quiet hours (9 h) and a 2-hour pause inside it: 14 h
        row(3, 0, paris(11, 12) + 5 * HOUR, 7),  # 5 h; away 3 of them: 2 h
        row(4, 1, paris(11, 12) + 6 * HOUR, 8),  # 1 h
    ]
    off = Off(
        pauses=[(paris(11, 1), paris(11, 3))],
        away={7: [(paris(11, 13), paris(11, 16))]},
        prefs={8: Prefs(8, quiet_from=22, quiet_to=7, timezone="Europe/Paris")},
    )
    times = move_times(rows, start, {0: 7, 1: 8}, off)
    assert times == {0: [HOUR, 2 * HOUR], 1: [14 * HOUR, HOUR]}
    assert move_times(rows, start, {0: 7, 1: 8}) == {0: [HOUR, 5 * HOUR], 1: [23 * HOUR, HOUR]}  # nothing off


def test_the_holders_own_moves_and_the_deadlines_that_ran_out_on_them() -> None:
    rows = [
        row(1, 0, 100.0, 7),
        row(2, 1, 200.0, 8),  # seat 1's first holder
        row(3, 0, 300.0, 7),
        row(4, 1, 900.0, None, "fallback"),  # the deadline ran out on its new holder: theirs
        row(5, 0, 1000.0, 7),
        row(6, 1, 1500.0, 9),  # the new holder's own move
    ]
    assert move_times(rows, 0.0, {0: 7, 1: 9}) == {0: [100.0, 100.0, 100.0], 1: [600.0, 500.0]}


def test_median_and_ninetieth_percentile() -> None:
    assert median([]) is None and p90([]) is None
    assert median([3.0, 1.0, 2.0]) == 2.0
    assert p90([float(n) for n in range(1, 11)]) == 9.0  # nine in ten as short or shorter
    assert p90([5.0]) == 5.0
    assert p90([1.0, 100.0]) == 100.0
