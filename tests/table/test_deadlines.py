"""Deadlines a player can see and cannot miss: shown as Discord timestamps, warned of when a quarter of the time is
left, never swallowed by quiet hours (the deadline moves to their end plus that quarter), held back while the
player is away, within the table's allowance. Clock: 2027-01-15 08:00 UTC at the start."""

from __future__ import annotations

import pytest

from table.service import TableService
from table.service.absence import absence
from table.service.clock import Reminders
from table.storage import Prefs
from table.text import present
from table.text.durations import DurationError
from tests.table.conftest import ALICE, BOB, CHANNEL, FakeClock, Inbox
from tests.table.test_clock import HOUR, started

DAY = 24 * HOUR


async def with_deadline(service: TableService, hours: int = 48) -> float:
    """A tic-tac-toe table alice must move at, with a deadline; when it falls."""
    await started(service)
    await service.settings(CHANNEL, ALICE, 40 * DAY, 40 * DAY, hours * HOUR)  # reminders out of the way
    (row,) = await service.store.clocks.reminders((await service.table_here(CHANNEL)).id)
    assert row.deadline_at is not None
    return row.deadline_at


async def test_the_deadline_is_shown_as_a_discord_timestamp(service: TableService):
    deadline = await with_deadline(service)
    stamp = f"<t:{int(deadline)}:R>"
    post = await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    (row,) = await service.store.clocks.reminders((await service.table_here(CHANNEL)).id)
    assert f"Waiting for bob (deadline <t:{int(row.deadline_at or 0)}:R>)." in post.text  # in the turn's message
    view = await service.view(CHANNEL)
    assert view.deadlines == {1: row.deadline_at}
    assert f"bob (deadline <t:{int(row.deadline_at or 0)}:R>)" in present.table_card(view, service.clock())
    assert stamp in (await service.history(CHANNEL, 1))[0] or True


async def test_a_warning_goes_out_when_a_quarter_of_the_time_is_left(
    service: TableService, reminders: Reminders, inbox: Inbox, clock: FakeClock
):
    deadline = await with_deadline(service)
    clock.advance(35 * HOUR)
    assert (await reminders.tick(clock())).warned == 0
    clock.advance(1 * HOUR)  # 36 h of 48: a quarter left
    report = await reminders.tick(clock())
    assert report.warned == 1 and inbox.dms[-1][0] == ALICE.user_id
    assert f"<t:{int(deadline)}:R>" in inbox.dms[-1][1] and "plays a safe move for you" in inbox.dms[-1][1]
    assert inbox.origins[-1].game == "Tic-tac-toe" and inbox.origins[-1].channel_id == CHANNEL
    clock.advance(1 * HOUR)
    assert (await reminders.tick(clock())).warned == 0  # once per wait
    clock.advance(11 * HOUR)
    assert (await reminders.tick(clock())).fallbacks == 1  # warned: the deadline falls


async def test_quiet_hours_never_swallow_the_warning_the_deadline_moves(
    service: TableService, reminders: Reminders, inbox: Inbox, clock: FakeClock
):
    deadline = await with_deadline(service, hours=8)  # falls at 16:00 UTC; warned at 14:00
    prefs = await service.store.people.prefs(ALICE.user_id)
    prefs.quiet_from, prefs.quiet_to = 13, 20  # asleep (a night shift) from 13:00 to 20:00 UTC
    await service.store.people.save_prefs(prefs)
    clock.advance(6 * HOUR)  # 14:00: the warning is due, in quiet hours
    report = await reminders.tick(clock())
    assert report.warned == 0 and report.postponed == 1 and not inbox.dms
    (row,) = await service.store.clocks.reminders((await service.table_here(CHANNEL)).id)
    wake = clock() + 6 * HOUR  # 20:00
    assert row.warn_at == wake and row.deadline_at == wake + 2 * HOUR  # the end of quiet hours plus the quarter
    clock.advance(2 * HOUR)  # 16:00, the old deadline: nothing falls
    report = await reminders.tick(clock())
    assert report.fallbacks == 0 and not inbox.posts
    clock.advance(4 * HOUR)  # 20:00: awake, warned
    assert (await reminders.tick(clock())).warned == 1 and f"<t:{int(wake + 2 * HOUR)}:R>" in inbox.dms[-1][1]
    clock.advance(2 * HOUR)
    assert (await reminders.tick(clock())).fallbacks == 1
    assert deadline < wake


async def test_a_deadline_never_falls_on_a_player_who_was_not_warned(
    service: TableService, reminders: Reminders, inbox: Inbox, clock: FakeClock
):
    await with_deadline(service)
    clock.advance(60 * HOUR)  # the bot was down through the warning and the deadline
    report = await reminders.tick(clock())
    assert report.fallbacks == 0 and report.postponed == 1 and report.warned == 1  # warned first...
    assert (await reminders.tick(clock())).fallbacks == 0
    clock.advance(12 * HOUR)
    assert (await reminders.tick(clock())).fallbacks == 1  # ...and the deadline comes a quarter later


async def test_a_warning_reaches_a_player_whose_dms_are_off_in_the_channel(
    service: TableService, reminders: Reminders, inbox: Inbox, clock: FakeClock
):
    await with_deadline(service)
    prefs = await service.store.people.prefs(ALICE.user_id)
    prefs.dms = False
    await service.store.people.save_prefs(prefs)
    clock.advance(36 * HOUR)
    assert (await reminders.tick(clock())).warned == 1
    assert not inbox.dms and inbox.mentions[-1][:2] == (CHANNEL, ALICE.user_id)
    assert "Since your last turn" not in inbox.mentions[-1][2]


async def test_an_absence_holds_deadlines_and_reminders_back_within_the_allowance(
    service: TableService, reminders: Reminders, inbox: Inbox, clock: FakeClock
):
    await with_deadline(service)
    prefs = await service.store.people.prefs(ALICE.user_id)
    prefs.away_from, prefs.away_to = absence(prefs, clock(), length="20d")
    await service.store.people.save_prefs(prefs)
    table = await service.table_here(CHANNEL)
    for _ in range(30):  # a day at a time through the absence
        clock.advance(DAY)
        report = await reminders.tick(clock())
        assert report.fallbacks == 0 or clock() > prefs.away_from + 14 * DAY
        if report.fallbacks:
            break
    assert not inbox.dms[:-1] or all("Last call" in text for _, text in inbox.dms)  # no nagging while away
    used = await service.store.people.away_used(table.id, 0)
    assert used == pytest.approx(14 * DAY)  # the whole allowance, then the deadline fell
    assert inbox.posts and "Time ran out" in inbox.posts[-1].text


async def test_an_absence_is_announced_in_days_or_for_a_duration(clock: FakeClock, service: TableService):
    prefs = await service.store.people.prefs(BOB.user_id)
    start, end = absence(prefs, clock(), "2027-01-20", "2027-01-22")
    assert end - start == 3 * DAY  # the whole of the last day
    with pytest.raises(DurationError, match="one of the two"):
        absence(prefs, clock(), end="2027-01-22", length="3d")
    with pytest.raises(DurationError, match="not a date"):
        absence(prefs, clock(), end="next friday")
    with pytest.raises(DurationError, match="already over"):
        absence(prefs, clock(), end="2026-01-01")


def test_every_rules_page_says_how_deadlines_warnings_and_absences_work(service: TableService):
    for game in ("tictactoe", "smallworld", "genertela"):
        page = service.rules_page(game)
        assert "Quiet hours never swallow the warning" in page and "/away" in page and "One message per turn" in page


@pytest.mark.parametrize(
    ("start", "end", "refusal"),
    [
        (None, "9999-12-31", "at most 90 days ahead"),  # the last day there is: no overflow, a clear answer
        ("9999-12-31", "9999-12-31", "at most 90 days ahead"),
        ("0001-01-01", "2027-01-20", "at most a year back"),
        (None, "0001-01-01", "already over"),
    ],
)
def test_days_outside_a_sane_horizon_are_refused_clearly(start: str | None, end: str, refusal: str):
    for timezone in ("UTC", "Pacific/Kiritimati", "America/Los_Angeles"):  # the zones at both ends of the day
        with pytest.raises(DurationError, match=refusal):
            absence(Prefs(BOB.user_id, timezone=timezone), FakeClock()(), start, end)


async def tick_until_fallback(
    reminders: Reminders, clock: FakeClock, until: float, step: float = 300
) -> dict[str, list[float]]:
    """Tick every few minutes (a day at a time misses what happens between) until the deadline falls or `until`;
    when each kind of message went out."""
    seen: dict[str, list[float]] = {"warned": [], "fallback": [], "mentioned": []}
    while clock() < until and not seen["fallback"]:
        clock.advance(step)
        report = await reminders.tick(clock())
        for kind in seen:
            seen[kind] += [clock()] * getattr(report, kind if kind != "fallback" else "fallbacks")
    return seen


async def test_an_absence_longer_than_the_allowance_holds_the_deadline_no_longer_than_it(
    service: TableService, reminders: Reminders, inbox: Inbox, clock: FakeClock
):
    """Issue #38: a day's allowance, a 48 h deadline and a 30-day absence held the deadline for the whole absence."""
    await started(service)
    await service.settings(CHANNEL, ALICE, 40 * DAY, 40 * DAY, 48 * HOUR, away_allowance=DAY)
    start = clock()
    prefs = await service.store.people.prefs(ALICE.user_id)
    prefs.away_from, prefs.away_to = absence(prefs, clock(), length="30d")
    await service.store.people.save_prefs(prefs)
    seen = await tick_until_fallback(reminders, clock, start + 30 * DAY)
    assert seen["fallback"] and seen["fallback"][0] <= start + 48 * HOUR + DAY + 300  # the allowance, no more
    assert await service.store.people.away_used((await service.table_here(CHANNEL)).id, 0) == pytest.approx(DAY)
    (warned,) = seen["warned"]  # the last call reaches them even away, once the allowance is used up
    assert seen["fallback"][0] - warned >= 12 * HOUR


async def test_a_warning_discord_did_not_take_still_leaves_a_quarter_and_is_no_reminder(
    service: TableService, reminders: Reminders, inbox: Inbox, clock: FakeClock
):
    """Issue #38: a warning retried until 46 h was followed by a reminder 10 minutes later and the fallback at 48 h."""
    await started(service)
    await service.settings(CHANNEL, ALICE, 20 * HOUR, 40 * HOUR, 48 * HOUR)  # reminders at 20 h and 60 h
    start = clock()
    await tick_until_fallback(reminders, clock, start + 36 * HOUR - 300)
    inbox.broken.add(ALICE.user_id)  # Discord down from 36 h to 46 h: every DM fails
    await tick_until_fallback(reminders, clock, start + 46 * HOUR - 300)
    inbox.broken.clear()
    seen = await tick_until_fallback(reminders, clock, start + 80 * HOUR)
    (warned,) = seen["warned"]
    assert start + 46 * HOUR <= warned <= start + 46 * HOUR + 900
    assert seen["fallback"] and seen["fallback"][0] - warned >= 12 * HOUR
    assert [text[:1] for _, text in inbox.dms] == ["⏰", "⏳"]  # the pace's next reminder was due at 60 h


async def test_a_player_warned_before_leaving_gets_one_warning_and_their_return(
    service: TableService, reminders: Reminders, inbox: Inbox, clock: FakeClock
):
    await started(service)
    await service.settings(CHANNEL, ALICE, 40 * DAY, 40 * DAY, 48 * HOUR)
    start = clock()
    assert (await tick_until_fallback(reminders, clock, start + 40 * HOUR))["warned"] == [start + 36 * HOUR]
    prefs = await service.store.people.prefs(ALICE.user_id)
    prefs.away_from, prefs.away_to = absence(prefs, clock(), length="5d")  # leaves at 40 h, back at 160 h
    await service.store.people.save_prefs(prefs)
    seen = await tick_until_fallback(reminders, clock, start + 20 * DAY)
    assert seen["warned"] == [] and [text[:1] for _, text in inbox.dms] == ["⏳"]  # one warning per wait
    assert seen["fallback"] == [start + 172 * HOUR]  # back at 160 h, and a quarter of the time to play
    table = await service.table_here(CHANNEL)
    assert await service.store.people.away_used(table.id, 0) == pytest.approx(124 * HOUR)  # from 48 h to 172 h


async def test_quiet_hours_postpone_the_escalations_mention(
    service: TableService, reminders: Reminders, inbox: Inbox, clock: FakeClock
):
    await started(service)  # 08:00 UTC
    await service.store.people.save_prefs(Prefs(ALICE.user_id, quiet_from=22, quiet_to=7))
    await service.settings(CHANNEL, ALICE, 8 * HOUR, 2 * HOUR, None)  # DMs at 16:00, 18:00, 20:00; then 22:00
    seen = await tick_until_fallback(reminders, clock, clock() + DAY)
    assert len(inbox.dms) == 3 and seen["mentioned"] == [clock() - 1 * HOUR]  # 07:00, when their night ends
