"""Reminders with an injected clock: due times, quiet hours, repeats, escalation, closed DMs, deadlines."""

from table.service import TableService
from table.service.clock import Reminders, quiet_until
from table.storage import Prefs
from tests.table.conftest import ALICE, BOB, CHANNEL, GUILD, FakeClock

HOUR = 3600


async def started(service: TableService) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")


async def test_first_reminder_after_remind_after_then_every_remind_every(service, reminders, inbox, clock: FakeClock):
    await started(service)
    clock.advance(11 * HOUR)
    await reminders.tick(clock())
    assert inbox.dms == []
    clock.advance(1 * HOUR)
    await reminders.tick(clock())
    assert len(inbox.dms) == 1 and inbox.dms[0][0] == ALICE.user_id
    assert "Your move in **Tic-tac-toe**" in inbox.dms[0][1]
    assert inbox.origins[0].channel_id == CHANNEL and inbox.origins[0].game == "Tic-tac-toe"  # where it comes from
    clock.advance(23 * HOUR)
    await reminders.tick(clock())
    assert len(inbox.dms) == 1
    clock.advance(1 * HOUR)
    await reminders.tick(clock())
    assert len(inbox.dms) == 2


async def test_acting_resets_the_clock_and_moves_the_reminder(service, reminders, inbox, clock):
    await started(service)
    clock.advance(6 * HOUR)
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    clock.advance(7 * HOUR)
    await reminders.tick(clock())
    assert inbox.dms == []  # bob has only waited 7 h
    clock.advance(5 * HOUR)
    await reminders.tick(clock())
    assert [user for user, _ in inbox.dms] == [BOB.user_id]


async def test_after_three_unanswered_reminders_the_channel_is_told(service, reminders, inbox, clock):
    await started(service)
    clock.advance(12 * HOUR)
    for _ in range(4):
        await reminders.tick(clock())
        clock.advance(24 * HOUR)
    assert len(inbox.dms) == 3
    assert [(c, u) for c, u, _ in inbox.mentions] == [(CHANNEL, ALICE.user_id)]


async def test_closed_dms_fall_back_to_a_mention_and_are_remembered(service, reminders, inbox, clock):
    await started(service)
    inbox.closed.add(ALICE.user_id)
    clock.advance(12 * HOUR)
    await reminders.tick(clock())
    assert inbox.dms == [] and len(inbox.mentions) == 1
    assert (await service.store.people.prefs(ALICE.user_id)).dm_closed
    inbox.closed.clear()
    clock.advance(24 * HOUR)
    await reminders.tick(clock())
    assert inbox.dms == [] and len(inbox.mentions) == 1  # no DM attempt, and the channel heard of this wait
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    await service.act(CHANNEL, BOB, {"type": "mark", "square": "a1"})
    clock.advance(12 * HOUR)
    await reminders.tick(clock())
    assert inbox.dms == [] and len(inbox.mentions) == 2  # a new wait: the channel is told once again


async def test_muted_dms_send_nothing_until_escalation(service, reminders, inbox, clock):
    await started(service)
    await service.store.people.save_prefs(Prefs(ALICE.user_id, dms=False))
    clock.advance(12 * HOUR)
    for _ in range(3):
        await reminders.tick(clock())
        clock.advance(24 * HOUR)
    assert inbox.dms == [] and inbox.mentions == []
    await reminders.tick(clock())
    assert len(inbox.mentions) == 1


def test_quiet_hours_in_the_players_timezone():
    prefs = Prefs(1, quiet_from=22, quiet_to=7, timezone="Europe/Paris")
    # 2027-01-15 23:30 in Paris is 22:30 UTC
    late = 1_800_000_000 - (1_800_000_000 % 86400) + 22.5 * HOUR
    wake = quiet_until(prefs, late)
    assert wake is not None and wake - late == 7.5 * HOUR
    assert quiet_until(prefs, late - 10 * HOUR) is None
    assert quiet_until(Prefs(1), late) is None


async def test_a_reminder_in_quiet_hours_waits_for_them_to_end(service, reminders, inbox, clock):
    await started(service)
    await service.store.people.save_prefs(Prefs(ALICE.user_id, quiet_from=0, quiet_to=23, timezone="UTC"))
    clock.now = clock.now - clock.now % 86400 + 2 * HOUR  # 02:00 UTC
    await service.settings(CHANNEL, ALICE, HOUR, None, None)
    row = (await service.store.clocks.reminders(1))[0]
    row.next_at = clock.now - 1
    await service.store.clocks.put_reminder(row)
    report = await reminders.tick(clock())
    assert report.postponed == 1 and inbox.dms == []
    row = (await service.store.clocks.reminders(1))[0]
    assert row.next_at == clock.now - 2 * HOUR + 23 * HOUR


async def test_a_passed_deadline_plays_the_fallback_publicly(service, reminders, inbox, clock):
    await started(service)
    await service.settings(CHANNEL, ALICE, None, None, 48 * HOUR)
    clock.advance(36 * HOUR)
    assert (await reminders.tick(clock())).warned == 1  # a warning a quarter before: the deadline stays
    clock.advance(11 * HOUR)
    await reminders.tick(clock())
    assert inbox.posts == []
    clock.advance(1 * HOUR)
    report = await reminders.tick(clock())
    assert report.fallbacks == 1
    assert "Time ran out for alice: the bot plays a safe move" in inbox.posts[0].text
    history, _ = await service.history(CHANNEL)
    assert "(played by the bot: time ran out)" in history


async def test_a_paused_table_sends_no_reminders(service, reminders, inbox, clock):
    await started(service)
    ask = await service.pause(CHANNEL, ALICE)
    await service.answer(BOB, ask.request_id, True)
    clock.advance(100 * HOUR)
    await reminders.tick(clock())
    assert inbox.dms == []
    await service.pause(CHANNEL, BOB)  # resuming needs no vote and restarts the clocks
    clock.advance(12 * HOUR)
    await reminders.tick(clock())
    assert len(inbox.dms) == 1


async def test_one_failure_does_not_stop_the_others(service, reminders, inbox, clock):
    await started(service)
    await service.create(GUILD, CHANNEL + 1, BOB, "tictactoe", {})
    await service.join(CHANNEL + 1, ALICE)
    await service.start(CHANNEL + 1, BOB, "joined")
    inbox.broken.add(ALICE.user_id)
    clock.advance(12 * HOUR)
    report = await reminders.tick(clock())
    assert report.failed == 1 and [u for u, _ in inbox.dms] == [BOB.user_id]
    inbox.broken.clear()
    clock.advance(11 * 60)
    await reminders.tick(clock())
    assert [u for u, _ in inbox.dms] == [BOB.user_id, ALICE.user_id]  # retried ten minutes later


async def test_reminders_survive_a_restart(service, inbox, clock):
    await started(service)
    from table.storage import Store

    reopened = await Store.open(service.store.database.location)  # what a restarted bot would open
    try:
        again = Reminders(TableService(reopened, clock=clock), inbox)
        clock.advance(12 * HOUR)
        await again.tick(clock())
        assert len(inbox.dms) == 1
    finally:
        await reopened.close()
