"""The table service without Discord: lobby, actions, refusals, snapshots, undo, replay, fallbacks."""

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from rules import serial
from rules.base import RuleError
from table.service import Ask, Caller, TableError, TableService
from table.service.outbox import Missed
from table.service.replay import replay
from tests.table.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, FakeClock


async def ttt(service: TableService, start: bool = True) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    if start:
        await service.start(CHANNEL, ALICE, "joined")


async def version(service: TableService) -> int:
    return (await service.table_here(CHANNEL)).version


async def test_create_refuses_unknown_game_and_bad_options(service: TableService):
    with pytest.raises(TableError, match=r"No game called 'chess'.*tictactoe"):
        await service.create(GUILD, CHANNEL, ALICE, "chess", {})
    with pytest.raises(RuleError, match="has no option 'size'"):
        await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {"size": "4"})


async def test_one_active_table_per_channel_but_many_per_server(service: TableService):
    await ttt(service, start=False)
    with pytest.raises(TableError, match="already has a Tic-tac-toe game"):
        await service.create(GUILD, CHANNEL, BOB, "tictactoe", {})
    await service.create(GUILD, CHANNEL + 1, BOB, "tictactoe", {})
    views, hidden = await service.listing(GUILD, lambda channel: True)
    assert len(views) == 2 and hidden == 0
    views, hidden = await service.listing(GUILD, lambda channel: channel == CHANNEL)
    assert [view.table.channel_id for view in views] == [CHANNEL] and hidden == 1


async def test_lobby_refuses_double_join_full_table_and_taken_faction(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    with pytest.raises(TableError, match="already at this table"):
        await service.join(CHANNEL, ALICE)
    await service.choose_faction(CHANNEL, ALICE, "o")
    with pytest.raises(TableError, match=r"O is taken\. Free: X"):
        await service.join(CHANNEL, BOB, "O")
    with pytest.raises(TableError, match="Z is not a choice"):
        await service.join(CHANNEL, BOB, "Z")
    await service.join(CHANNEL, BOB, "X")
    with pytest.raises(TableError, match="full"):
        await service.join(CHANNEL, CAROL)


async def test_start_needs_the_host_and_enough_players(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    with pytest.raises(
        TableError, match=r"needs 2 players; 1 joined\. Others can /game join, or seat a bot with /game bot add"
    ):
        await service.start(CHANNEL, ALICE)
    await service.join(CHANNEL, BOB)
    with pytest.raises(TableError, match="Only the table's creator"):
        await service.start(CHANNEL, BOB)
    post = await service.start(CHANNEL, ALICE, "joined")
    assert "Seats: 1. alice, 2. bob" in post.text and post.mentions == [ALICE.user_id]
    assert (await service.picture(post)).startswith(b"\x89PNG")


async def test_leave_and_kick_only_in_the_lobby(service: TableService):
    await ttt(service, start=False)
    with pytest.raises(TableError, match="Only the table's creator"):
        await service.kick(CHANNEL, BOB, ALICE.user_id)
    await service.kick(CHANNEL, ALICE, BOB.user_id)
    assert [s.name for s in (await service.view(CHANNEL)).seats] == ["alice"]
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    with pytest.raises(TableError, match="replace"):
        await service.leave(CHANNEL, BOB)


async def test_refusals_change_nothing(service: TableService):
    await ttt(service)
    before = await version(service)
    refusals = [
        (CAROL, {"type": "mark", "square": "b2"}, "not playing at this table"),
        (BOB, {"type": "mark", "square": "b2"}, "not your move: the game is waiting for alice"),
        (ALICE, {"type": "mark", "square": "z9"}, "not a square"),
        (ALICE, {"type": "castle"}, "no action called 'castle' in Tic-tac-toe. Actions: mark, resign"),
    ]
    for caller, action, message in refusals:
        with pytest.raises((TableError, RuleError), match=message):
            await service.act(CHANNEL, caller, action)
    assert await version(service) == before
    assert await service.store.log.action_count((await service.table_here(CHANNEL)).id) == 0


async def test_stale_version_is_refused(service: TableService):
    await ttt(service)
    stale = await version(service)
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    with pytest.raises(TableError, match="earlier moment"):
        await service.act(CHANNEL, BOB, {"type": "mark", "square": "a1"}, version=stale)


async def test_a_snapshot_is_kept_at_every_turn_end(service: TableService):
    await ttt(service)
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    await service.act(CHANNEL, BOB, {"type": "mark", "square": "a1"})
    text, png = await service.board(CHANNEL, 1)
    assert "end of turn 1" in text and png.startswith(b"\x89PNG")
    with pytest.raises(TableError, match="turns 0 \\(the start\\) to 2"):
        await service.board(CHANNEL, 3)


async def test_game_end_posts_scores_winner_turns_and_duration(service: TableService, clock):
    await ttt(service)
    for caller, square in [(ALICE, "a1"), (BOB, "a2"), (ALICE, "b1"), (BOB, "b2")]:
        await service.act(CHANNEL, caller, {"type": "mark", "square": square})
    clock.advance(3 * 3600)
    post = await service.act(CHANNEL, ALICE, {"type": "mark", "square": "c1"})
    assert post.finished and "Game over" in post.text and "🏆 alice wins" in post.text
    assert "lasted 5 turns over less than a day (3 h 0 min)" in post.text
    assert post.mentions == [ALICE.user_id, BOB.user_id]  # the game's end calls every player
    table = await service.table_here(CHANNEL)
    assert table.status == "finished"
    assert (await service.board(CHANNEL))[1].startswith(b"\x89PNG")  # finished tables stay viewable
    with pytest.raises(TableError, match="finished"):
        await service.act(CHANNEL, BOB, {"type": "mark", "square": "c3"})


async def test_free_undo_without_dice(service: TableService):
    await ttt(service)
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    with pytest.raises(TableError, match="the latest is: alice puts X on b2"):
        await service.undo(CHANNEL, BOB)
    post = await service.undo(CHANNEL, ALICE)
    assert not isinstance(post, Ask) and "takes back their last move: alice puts X on b2" in post.text
    state = service.state(await service.table_here(CHANNEL))
    assert state.board == {} and state.to_move == 0
    assert (await service.view(CHANNEL)).awaiting[0].name == "alice"


@pytest.mark.usefixtures("with_pig")
async def test_undo_after_dice_needs_everyone_else(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "pig", {})
    await service.join(CHANNEL, BOB)
    await service.join(CHANNEL, CAROL)
    await service.start(CHANNEL, ALICE, "joined")
    await service.act(CHANNEL, ALICE, {"type": "roll"})
    ask = await service.undo(CHANNEL, ALICE)
    assert isinstance(ask, Ask) and "dice were rolled" in ask.reason
    assert sorted(ask.needed) == [BOB.user_id, CAROL.user_id]
    reply, post = await service.answer(BOB, ask.request_id, True)
    assert "Still waiting for carol" in reply and post is None
    reply, post = await service.answer(CAROL, ask.request_id, True)
    assert post is not None and "Everyone agreed" in post.text
    assert service.state(await service.table_here(CHANNEL)).turn_total == 0
    with pytest.raises(TableError, match="closed"):
        await service.answer(CAROL, ask.request_id, True)


@pytest.mark.usefixtures("with_pig")
async def test_refused_or_stale_undo_request_does_nothing(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "pig", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    await service.act(CHANNEL, ALICE, {"type": "roll"})
    ask = await service.undo(CHANNEL, ALICE)
    assert isinstance(ask, Ask)
    reply, post = await service.answer(BOB, ask.request_id, False)
    assert "said no" in reply and post is None
    ask = await service.undo(CHANNEL, ALICE)
    assert isinstance(ask, Ask)
    mover = [ALICE, BOB][service.state(await service.table_here(CHANNEL)).to_move]
    await service.act(CHANNEL, mover, {"type": "peek"})  # the game moves on: the request is void
    with pytest.raises(TableError, match=r"closed|out of date"):
        await service.answer(BOB, ask.request_id, True)


@pytest.mark.usefixtures("with_pig")
async def test_private_events_go_only_to_their_owner(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "pig", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    post = await service.act(CHANNEL, ALICE, {"type": "peek"})
    secret = service.state(await service.table_here(CHANNEL)).secrets[0]
    assert f"secret number is {secret}" not in post.text
    assert post.private == {ALICE.user_id: [f"Your secret number is {secret}."]}
    history, _ = await service.history(CHANNEL, 1, BOB.user_id)
    assert f"is {secret}" not in history
    mine, _ = await service.history(CHANNEL, 1, ALICE.user_id)
    assert f"is {secret}" in mine
    assert isinstance(await service.undo(CHANNEL, ALICE), Ask)  # hidden information was shown


@pytest.mark.usefixtures("with_pig")
async def test_quick_buttons_act_and_go_stale(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "pig", {})
    await service.join(CHANNEL, BOB)
    post = await service.start(CHANNEL, ALICE, "joined")
    assert [q.label for q in post.quick] == ["Roll", "Hold 0"]
    hold = post.quick[1]
    with pytest.raises(TableError, match="another player's move"):
        await service.press(BOB, hold.table_id, hold.version, hold.seat, hold.index)
    after = await service.press(ALICE, hold.table_id, hold.version, hold.seat, hold.index)
    assert "banks 0" in after.text
    with pytest.raises(TableError, match="earlier moment"):
        await service.press(ALICE, hold.table_id, hold.version, hold.seat, hold.index)


@pytest.mark.usefixtures("with_pig")
async def test_the_log_replays_to_the_stored_state(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "pig", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    players = {0: ALICE, 1: BOB}
    for step in range(40):
        table = await service.table_here(CHANNEL)
        if table.status != "running":
            break
        state = service.state(table)
        await service.act(CHANNEL, players[state.to_move], {"type": "roll" if step % 3 else "hold"})
        if step == 10:
            last = service.state(await service.table_here(CHANNEL))
            if last.turn_total:  # undo with consent in the middle
                ask = await service.undo(CHANNEL, players[last.to_move])
                if isinstance(ask, Ask):
                    await service.answer(players[1 - last.to_move], ask.request_id, True)
    table = await service.table_here(CHANNEL)
    seats = await service.store.tables.seats(table.id)
    rebuilt = replay(service.engine(table), table, seats, await service.store.log.actions(table.id))
    assert serial.dumps(rebuilt) == table.state


async def test_replace_hands_a_seat_over(service: TableService):
    await ttt(service)
    dave = Caller(4, "dave")
    with pytest.raises(TableError, match="Only the table's creator"):
        await service.replace(CHANNEL, CAROL, BOB.user_id, dave)
    await service.replace(CHANNEL, BOB, BOB.user_id, dave)  # handing your own seat needs no host
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    post = await service.act(CHANNEL, dave, {"type": "mark", "square": "a1"})
    assert "dave puts O on a1" in post.text
    with pytest.raises(TableError, match="not playing"):
        await service.act(CHANNEL, BOB, {"type": "mark", "square": "c1"})


async def test_abandon_needs_the_host_and_a_current_confirmation(service: TableService):
    await ttt(service)
    current = await version(service)
    table_id = (await service.table_here(CHANNEL)).id
    with pytest.raises(TableError, match="Only the table's creator"):
        await service.abandon(table_id, BOB, current)
    with pytest.raises(TableError, match="moved on"):
        await service.abandon(table_id, ALICE, current - 1)
    assert "abandoned by alice" in await service.abandon(table_id, ALICE, current)
    assert (await service.table_here(CHANNEL)).status == "abandoned"
    await service.create(GUILD, CHANNEL, BOB, "tictactoe", {})  # the channel is free again


async def test_an_admin_may_manage_any_table(service: TableService):
    await ttt(service)
    mod = Caller(9, "mod", admin=True)
    await service.settings(CHANNEL, mod, 3600, 7200, 36000)
    table = await service.table_here(CHANNEL)
    assert (table.remind_after, table.remind_every, table.deadline) == (3600, 7200, 36000)
    with pytest.raises(TableError, match="creator"):
        await service.settings(CHANNEL, BOB, 3600, None, None)


async def test_a_secret_action_is_never_spelled_out_in_public(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "dragondice", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    table = await service.table_here(CHANNEL)
    engine = service.engine(table)
    for _ in range(20):  # play until someone may make a secret manoeuvre, then make it
        table = await service.table_here(CHANNEL)
        state = service.state(table)
        seat = min(engine.awaiting(state))
        caller = [ALICE, BOB][seat]
        _, choices = await service.choices(CHANNEL, caller.user_id)
        secret = [c for c in choices if c.action["type"] == "manoeuvre"]
        if secret:
            post = await service.act(CHANNEL, caller, secret[0].action)
            direction = secret[0].action["direction"]
            own_line = "You chose to turn"  # the mover's own line: never in public
            assert own_line not in post.text and "direction kept secret" in post.text
            assert post.private[caller.user_id][0].startswith(own_line) and direction in post.private[caller.user_id][0]
            other = [ALICE, BOB][1 - seat]
            assert own_line not in (await service.history(CHANNEL, 1, other.user_id))[0]
            assert own_line in (await service.history(CHANNEL, 1, caller.user_id))[0]
            assert all("<seat:" not in c.label for c in (await service.choices(CHANNEL, other.user_id))[1])
            return
        await service.act(CHANNEL, caller, choices[0].action)
    raise AssertionError("no manoeuvre came up")


async def test_a_result_lost_in_a_crash_is_shown_with_the_next_post(service: TableService, store, clock: FakeClock):
    await ttt(service)
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})  # committed, then the bot dies
    restarted = TableService(store, clock=service.clock, seeds=service.seeds)
    await restarted.started()
    if store.database.dialect != "sqlite":
        # PostgreSQL may be shared by live processes: the dead one's claim on its post holds until the lease ends
        assert await restarted.catch_up(await restarted.table_here(CHANNEL)) is None
        clock.advance(restarted.lease)
    post = await restarted.act(CHANNEL, BOB, {"type": "mark", "square": "a1"})
    assert "Not shown before" in post.text
    assert post.text.index("alice puts X on b2") < post.text.index("bob puts O on a1")
    await restarted.announced(post.table_id, post.version)
    later = await restarted.act(CHANNEL, ALICE, {"type": "mark", "square": "c3"})
    assert "Not shown before" not in later.text and "alice puts X on b2" not in later.text


async def test_the_catch_up_waits_for_posts_on_their_way_and_takes_lost_ones(service: TableService, store):
    await ttt(service)
    start_version = (await service.table_here(CHANNEL)).version
    await service.announced(1, start_version)
    post = await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    assert await service.catch_up(await service.table_here(CHANNEL)) is None  # still being posted
    await service.post_failed(post)
    late = await service.catch_up(await service.table_here(CHANNEL))
    assert late is not None and "alice puts X on b2" in late.text and late.version == post.version


async def test_the_catch_up_never_takes_a_result_being_posted_for_a_lost_one(service: TableService, monkeypatch):
    """The tick's catch-up runs while an action has committed but not yet registered its post as on its way
    (suspended in the outbox's read of earlier lost results): it waits for the table's lock, then finds the
    result on its way, and nothing is shown twice."""
    await ttt(service)
    await service.announced(1, (await service.table_here(CHANNEL)).version)
    inside, release = asyncio.Event(), asyncio.Event()
    missed = service.outbox.missed

    async def slow_missed(table_id: int, version: int, seats: list) -> Missed:
        if not inside.is_set():
            inside.set()
            await release.wait()  # the action's post is half made: committed, not yet registered
        return await missed(table_id, version, seats)

    monkeypatch.setattr(service.outbox, "missed", slow_missed)
    acting = asyncio.create_task(service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"}))
    await inside.wait()
    stale = await service.store.tables.table(1)
    assert stale is not None and stale.announced < stale.version  # what the tick's query saw
    catching = asyncio.create_task(service.catch_up(stale))
    await asyncio.sleep(0.05)
    assert not catching.done()  # it waits for the action's lock
    release.set()
    post = await acting
    assert await catching is None and "Not shown before" not in post.text


async def test_a_post_arriving_while_the_next_action_looks_for_lost_results_is_not_taken_for_lost(
    service: TableService, monkeypatch
):
    """The next action reads what is still unshown while the previous post arrives (its claim ends and the table's
    `announced` rises in one transaction, between the two reads): that post is neither lost nor shown again."""
    await ttt(service)
    await service.announced(1, (await service.table_here(CHANNEL)).version)
    first = await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})  # on its way
    store = service.store
    reads: dict[str, Callable[..., Awaitable[Any]]] = {"table": store.tables.table, "postings": store.clocks.postings}
    armed = [True]

    def arriving_after(name: str) -> Callable[..., Awaitable[Any]]:
        async def read(*args: Any) -> Any:
            result = await reads[name](*args)
            if armed[0] and name in done_first:
                armed[0] = False
                await service.announced(first.table_id, first.version)  # the first post arrives right here
            return result

        return read

    done_first = {"table", "postings"}  # whichever of the two reads comes first
    missed = service.outbox.missed

    async def watched(table_id: int, version: int, seats: list) -> Missed:
        monkeypatch.setattr(store.tables, "table", arriving_after("table"))
        monkeypatch.setattr(store.clocks, "postings", arriving_after("postings"))
        try:
            return await missed(table_id, version, seats)
        finally:
            monkeypatch.setattr(store.tables, "table", reads["table"])
            monkeypatch.setattr(store.clocks, "postings", reads["postings"])

    monkeypatch.setattr(service.outbox, "missed", watched)
    second = await service.act(CHANNEL, BOB, {"type": "mark", "square": "a1"})
    assert not armed[0]  # the arrival did happen between the reads
    assert "Not shown before" not in second.text and "alice puts X on b2" not in second.text


async def test_menus_offer_every_legal_choice_act_and_go_stale(service: TableService):
    await ttt(service, start=False)
    post = await service.start(CHANNEL, ALICE, "joined")
    (menu,) = post.menus
    assert menu.seat == 0 and menu.action == "mark" and len(menu.options) == 9
    assert menu.placeholder == "alice: Put your mark on an empty square."
    with pytest.raises(TableError, match="another player's move"):
        await service.pick(BOB, menu.table_id, menu.version, menu.seat, "mark", 0)
    with pytest.raises(TableError, match="no longer available"):
        await service.pick(ALICE, menu.table_id, menu.version, menu.seat, "mark", 9)
    with pytest.raises(TableError, match="no longer available"):
        await service.pick(ALICE, menu.table_id, menu.version, menu.seat, "resign", 0)
    after = await service.pick(ALICE, menu.table_id, menu.version, menu.seat, "mark", 4)
    assert f"alice puts X on {menu.options[4].removeprefix('Mark ')}" in after.text
    assert len(after.menus[0].options) == 8 and after.menus[0].seat == 1
    with pytest.raises(TableError, match="earlier moment"):
        await service.pick(ALICE, menu.table_id, menu.version, menu.seat, "mark", 3)


async def test_board_zoom_draws_a_place_and_refuses_unknown_places_and_games_without_zoom(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "genertela", {})
    await service.start(CHANNEL, ALICE, "joined")
    places = await service.zoom_places(CHANNEL)
    assert ("tarsh", "Tarsh") in places
    text, png = await service.board(CHANNEL, zoom="TARSH")
    assert text.startswith("Genertela, around Tarsh, now") and png[:4] == b"\x89PNG"
    assert png != (await service.board(CHANNEL))[1]
    text, _ = await service.board(CHANNEL, 0, zoom="Tarsh")
    assert "around Tarsh, at the start" in text
    with pytest.raises(TableError, match="no place called Atlantis"):
        await service.board(CHANNEL, zoom="Atlantis")
    with pytest.raises(TableError, match="Did you mean Tarsh\\?"):  # a near miss
        await service.board(CHANNEL, zoom="Tarshh")
    await service.create(GUILD, CHANNEL + 1, ALICE, "tictactoe", {})
    await service.join(CHANNEL + 1, BOB)
    await service.start(CHANNEL + 1, ALICE, "joined")
    assert await service.zoom_places(CHANNEL + 1) == []
    with pytest.raises(TableError, match="has no zoomed view"):
        await service.board(CHANNEL + 1, zoom="a1")


async def test_board_full_draws_the_whole_map_where_the_posted_board_is_a_part_of_it(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "genertela", {})
    await service.start(CHANNEL, ALICE, "joined")
    text, whole = await service.board(CHANNEL, full=True)
    assert text.startswith("Genertela, the whole map, now") and whole[:4] == b"\x89PNG"
    assert whole != (await service.board(CHANNEL))[1]
    assert "the whole map, at the start" in (await service.board(CHANNEL, 0, full=True))[0]
    with pytest.raises(TableError, match="zoom or full, not both"):
        await service.board(CHANNEL, zoom="Tarsh", full=True)
    await service.create(GUILD, CHANNEL + 1, ALICE, "tictactoe", {})
    await service.join(CHANNEL + 1, BOB)
    await service.start(CHANNEL + 1, ALICE, "joined")
    text, png = await service.board(CHANNEL + 1, full=True)  # its posted board is the whole board
    assert "whole map" not in text and png == (await service.board(CHANNEL + 1))[1]
