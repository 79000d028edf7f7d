"""Game commands, autocomplete, buttons, undo, board, history, rules, hand and /roll through real interactions."""

import asyncio
from typing import Any

import pytest

from cogs.reminders import ReminderCog
from tests.cogs.harness import Harness
from tests.cogs.test_lobby import ALICE, BOB, CAROL, open_table, replies
from tests.support import pig


async def mark(h: Harness, user: int, name: str, square: str):
    return replies(await h.command(user, name, "tictactoe mark", {"square": square}))


async def test_a_whole_game_through_slash_commands(harness: Harness):
    await open_table(harness)
    for user, name, square in [(ALICE, "alice", "a1"), (BOB, "bob", "b1"), (ALICE, "alice", "a2"), (BOB, "bob", "b2")]:
        reply = (await mark(harness, user, name, square))[0]
        assert reply.files == ["board.png"] and not reply.ephemeral
    reply = (await mark(harness, ALICE, "alice", "a3"))[0]
    assert "Game over" in reply.content and "🏆 alice wins" in reply.content
    table = await harness.bot.store.tables.table(1)
    assert table is not None and table.status == "finished" and table.announced == table.version


async def test_autocomplete_lists_only_legal_squares(harness: Harness):
    await open_table(harness)
    await mark(harness, ALICE, "alice", "b2")
    calls = await harness.command(BOB, "bob", "tictactoe mark", {"square": ""}, focused="square")
    values = [c["value"] for c in calls[0].choices]
    assert "b2" not in values and len(values) == 8
    calls = await harness.command(ALICE, "alice", "tictactoe mark", {"square": ""}, focused="square")
    assert calls[0].choices == []  # not alice's move: nothing to offer


@pytest.mark.parametrize(
    ("user", "name", "square", "message"),
    [
        (CAROL, "carol", "a1", "not playing at this table"),
        (BOB, "bob", "a1", "not your move: the game is waiting for alice"),
        (ALICE, "alice", "z9", "not a square"),
        (ALICE, "alice", "x" * 300, "too long"),
    ],
)
async def test_bad_actions_are_ephemeral_and_write_nothing(harness: Harness, user, name, square, message):
    await open_table(harness)
    before = (await harness.table()).version
    reply = (await mark(harness, user, name, square))[0]
    assert reply.ephemeral and message in reply.content
    assert (await harness.table()).version == before


async def test_a_game_command_in_another_games_channel_is_refused(harness: Harness):
    pig.install()
    try:
        harness_pig = harness
        await harness_pig.command(ALICE, "alice", "game new", {"game": "tictactoe"})
        reply = replies(await harness.command(ALICE, "alice", "tictactoe mark", {"square": "a1"}))[0]
        assert reply.ephemeral and "has not started" in reply.content
    finally:
        pig.uninstall()


async def test_quick_buttons_work_and_stale_ones_are_refused(harness: Harness):
    await open_table(harness)
    moves = [("a1", ALICE), ("b1", BOB), ("c1", ALICE), ("b2", BOB), ("b3", ALICE), ("a2", BOB)]
    for square, user in moves:
        reply = (await mark(harness, user, "alice" if user == ALICE else "bob", square))[0]
    buttons = reply.components  # alice's move, three squares left
    assert [b["label"] for b in buttons] == ["Mark c2", "Mark a3", "Mark c3"] or len(buttons) == 3
    assert all(b["custom_id"].startswith("pbp:q:") for b in buttons)
    refused = replies(await harness.click(BOB, "bob", buttons[0]["custom_id"]))[0]
    assert refused.ephemeral and "another player's move" in refused.content
    pressed = replies(await harness.click(ALICE, "alice", buttons[0]["custom_id"]))[0]
    assert not pressed.ephemeral and "alice puts X on" in pressed.content
    stale = replies(await harness.click(ALICE, "alice", buttons[1]["custom_id"]))[0]
    assert stale.ephemeral and "earlier moment" in stale.content


async def test_a_select_menu_offers_the_legal_squares_and_goes_stale(harness: Harness):
    await open_table(harness)
    reply = (await mark(harness, ALICE, "alice", "b2"))[0]
    (menu,) = [item for item in reply.components if item["type"] == 3]
    assert menu["custom_id"].startswith("pbp:m:") and menu["placeholder"].startswith("bob:")
    labels = [option["label"] for option in menu["options"]]
    assert len(labels) == 8 and "Mark b2" not in labels and "Mark a1" in labels
    wrong = replies(await harness.select(ALICE, "alice", menu["custom_id"], ["0"]))[0]
    assert wrong.ephemeral and "another player's move" in wrong.content
    picked = labels.index("Mark c3")
    done = replies(await harness.select(BOB, "bob", menu["custom_id"], [str(picked)]))[0]
    assert not done.ephemeral and "bob puts O on c3" in done.content
    stale = replies(await harness.select(BOB, "bob", menu["custom_id"], ["1"]))[0]
    assert stale.ephemeral and "earlier moment" in stale.content
    board = (await harness.table()).version
    bogus = replies(await harness.select(ALICE, "alice", done.components[0]["custom_id"], ["99"]))[0]
    assert bogus.ephemeral and "no longer available" in bogus.content
    assert (await harness.table()).version == board


async def test_undo_board_history_rules_and_hand(harness: Harness):
    await open_table(harness)
    await mark(harness, ALICE, "alice", "b2")
    reply = replies(await harness.command(ALICE, "alice", "undo"))[0]
    assert "takes back their last move: alice puts X on" in reply.content
    reply = replies(await harness.command(ALICE, "alice", "board"))[0]
    assert reply.files == ["board.png"]
    reply = replies(await harness.command(ALICE, "alice", "board", {"turn": 7}))[0]
    assert reply.ephemeral and "no board for turn 7" in reply.content
    reply = replies(await harness.command(CAROL, "carol", "history"))[0]
    assert reply.ephemeral and "(taken back)" in reply.content
    reply = replies(await harness.command(CAROL, "carol", "rules"))[0]
    assert reply.ephemeral and reply.files == ["tictactoe-rules.md"]
    reply = replies(await harness.command(BOB, "bob", "hand"))[0]
    assert reply.ephemeral and "You play O" in reply.content


async def test_roll_is_public_and_bad_notation_private(harness: Harness):
    reply = replies(await harness.command(ALICE, "alice", "roll", {"dice": "6d10>=6", "reason": "attack on Hill"}))[0]
    assert not reply.ephemeral and "alice rolls for *attack on Hill*" in reply.content and "hits" in reply.content
    reply = replies(await harness.command(ALICE, "alice", "roll", {"dice": "lots"}))[0]
    assert reply.ephemeral and "not a dice term" in reply.content


async def test_reminder_preferences(harness: Harness):
    reply = replies(
        await harness.command(ALICE, "alice", "reminders", {"dms": False, "quiet": "22-7", "timezone": "Europe/Paris"})
    )[0]
    assert reply.ephemeral and "by DM: off" in reply.content and "22:00 to 7:00 (Europe/Paris" in reply.content
    reply = replies(await harness.command(ALICE, "alice", "reminders", {"timezone": "Mars/Olympus"}))[0]
    assert reply.ephemeral and "not a timezone" in reply.content
    reply = replies(await harness.command(ALICE, "alice", "reminders", {"quiet": "late"}))[0]
    assert reply.ephemeral and "22-7" in reply.content


async def test_reminder_loop_dms_and_falls_back_to_a_mention(harness: Harness):
    await open_table(harness)
    cog = harness.cog(ReminderCog)
    harness.recorder.closed_dms.add(ALICE)
    table = await harness.table()
    assert table.started_at is not None
    await cog.reminders.tick(table.started_at + 13 * 3600)
    mention = harness.recorder.channel_messages(harness.channel_id)[-1]
    assert "<@1001>" in mention.content and "Your move" in mention.content


async def test_a_result_that_never_reached_the_channel_is_posted_late(harness: Harness):
    """A crash or Discord outage between commit and post: the loop posts the committed result once."""
    from table.service import Caller

    await open_table(harness)
    service = harness.bot.service
    post = await service.act(harness.channel_id, Caller(ALICE, "alice"), {"type": "mark", "square": "b2"})
    await service.post_failed(post)  # Discord refused the board for good
    table = await harness.table()
    assert table.announced < table.version
    await harness.cog(ReminderCog).catch_up()
    late = harness.recorder.channel_messages(harness.channel_id)[-1]
    assert "Not shown before" in late.content and "alice puts X on b2" in late.content and late.files == ["board.png"]
    assert (await harness.table()).announced == table.version
    before = len(harness.recorder.calls)
    await harness.cog(ReminderCog).catch_up()
    assert len(harness.recorder.calls) == before  # posted once, not again


PRIVATE_DEFERRAL = {"type": 5, "data": {"flags": 64}}  # "thinking", seen by the actor alone


async def alice_marks_b2_acknowledged_early_then_c3(harness: Harness) -> list[Any]:
    """Alice's b2, answered by a private deferral first, reaches the channel as a message of its own; then she
    tries c3 out of turn (the calls of that try are returned)."""
    calls = await harness.command(ALICE, "alice", "tictactoe mark", {"square": "b2"})
    assert calls[0].path.endswith("/callback") and calls[0].payload == PRIVATE_DEFERRAL
    board = harness.recorder.channel_messages(harness.channel_id)[-1]
    assert "alice puts X on b2" in board.content and board.files == ["board.png"]
    assert any(c.ephemeral and "posted in the channel" in c.content for c in replies(calls))
    return await harness.command(ALICE, "alice", "tictactoe mark", {"square": "c3"})


async def test_when_busy_actions_are_acknowledged_privately_at_once(harness: Harness, monkeypatch):
    """Under load the bot answers Discord before waiting for the database; refusals stay private."""
    import cogs.common

    await open_table(harness)
    monkeypatch.setattr(cogs.common, "BUSY", 0)
    calls = await alice_marks_b2_acknowledged_early_then_c3(harness)
    refusal = replies(calls)[0]
    assert refusal.ephemeral and "not your move" in refusal.content


async def test_a_slow_action_is_acknowledged_privately_before_its_result(harness: Harness, monkeypatch):
    """However light the load, an action still at work after ACK_WITHIN (a slow disk, a queue for the table's
    lock) is acknowledged first, so Discord's 3-second window never runs out; the board still goes to the channel,
    and a refusal found late is still private."""
    import cogs.common
    from table.service import TableService

    await open_table(harness)
    monkeypatch.setattr(cogs.common, "ACK_WITHIN", 0.0)
    act = TableService.act

    async def slow_act(self: TableService, *args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.02)  # longer than ACK_WITHIN
        return await act(self, *args, **kwargs)

    monkeypatch.setattr(TableService, "act", slow_act)
    calls = await alice_marks_b2_acknowledged_early_then_c3(harness)
    assert calls[0].payload == PRIVATE_DEFERRAL
    refusal = replies(calls)[-1]
    assert refusal.ephemeral and "not your move" in refusal.content
    assert len(await harness.bot.store.log.actions(1)) == 1  # the refused mark wrote nothing
    monkeypatch.setattr(cogs.common, "ACK_WITHIN", 60.0)  # a quick action is answered the usual way
    calls = await harness.command(BOB, "bob", "tictactoe mark", {"square": "a1"})
    assert calls[0].payload != PRIVATE_DEFERRAL


async def test_board_zoom_autocompletes_places_and_draws_one(harness: Harness):
    await harness.command(ALICE, "alice", "game new", {"game": "genertela"})
    await harness.command(ALICE, "alice", "game start", {"order": "joined"})
    calls = await harness.command(ALICE, "alice", "board", {"zoom": "tars"}, focused="zoom")
    assert {"name": "Tarsh", "value": "tarsh"} in calls[0].choices
    reply = replies(await harness.command(BOB, "bob", "board", {"zoom": "tarsh"}))[0]
    assert "around Tarsh" in reply.content and reply.files == ["board.png"]
    refused = replies(await harness.command(BOB, "bob", "board", {"zoom": "Atlantis"}))[0]
    assert refused.ephemeral and "no place called Atlantis" in refused.content
    whole = replies(await harness.command(BOB, "bob", "board", {"full": True}))[0]
    assert "the whole map" in whole.content and whole.files == ["board.png"]


async def test_a_reminder_dm_names_its_game_channel_and_links_the_turns_message(harness: Harness):
    await open_table(harness)
    await mark(harness, ALICE, "alice", "b2")
    await mark(harness, BOB, "bob", "a1")
    table = await harness.bot.store.tables.table(1)
    turn = await harness.bot.store.tables.turn_message(1)
    assert table is not None and table.started_at is not None and turn is not None and turn.message_id is not None
    await harness.cog(ReminderCog).reminders.tick(table.started_at + 13 * 3600)
    (dm,) = [c for c in harness.recorder.channel_messages(ALICE + 1)]  # alice's DM channel
    assert "Your move in **Tic-tac-toe**" in dm.content and f"<#{harness.channel_id}>" in dm.content
    assert f"/channels/{table.guild_id}/{harness.channel_id}/{turn.message_id}" in dm.content
    assert "Since your last turn:" in dm.content and "bob puts O on a1" in dm.content


async def test_away_is_announced_shown_and_cancelled(harness: Harness):
    reply = replies(await harness.command(ALICE, "alice", "away", {"for": "10d"}))[0]
    assert reply.ephemeral and "Away since <t:" in reply.content and "deadlines wait" in reply.content
    prefs = await harness.bot.store.people.prefs(ALICE)
    assert prefs.away_to is not None and prefs.away_from is not None
    assert prefs.away_to - prefs.away_from == 10 * 86400
    reply = replies(await harness.command(ALICE, "alice", "away", {"to": "someday"}))[0]
    assert reply.ephemeral and "not a date" in reply.content
    reply = replies(await harness.command(ALICE, "alice", "away", {"off": True}))[0]
    assert "You are back" in reply.content and (await harness.bot.store.people.prefs(ALICE)).away_to is None


async def test_warming_renderers_in_the_background_survives_a_game_installed_meanwhile(harness: Harness):
    """The bot answers before its renderers are warm; a game registered while they warm (here the test game) must
    not break the warming, which works from the list of games installed when the bot started."""
    task = harness.bot._warm_task
    assert task is not None
    pig.install()
    try:
        await task
    finally:
        pig.uninstall()
    assert task.exception() is None and not harness.errors.records


async def test_info_answers_privately_and_refuses_clearly(harness: Harness):
    calls = await harness.command(ALICE, "alice", "info", {"name": "Knight"})
    assert replies(calls)[0].ephemeral and "There is no game in this channel" in replies(calls)[0].content
    calls = await harness.command(ALICE, "alice", "info", {"name": "Kn"}, focused="name")
    assert calls[0].choices == []
    await harness.command(ALICE, "alice", "game new", {"game": "tictactoe"})
    reply = replies(await harness.command(ALICE, "alice", "info", {"name": "Knight"}))[0]
    assert reply.ephemeral and "Tic-tac-toe has no cards, races or units to look up" in reply.content


async def test_info_explains_a_card_of_the_game_in_this_channel(harness: Harness):
    await harness.command(ALICE, "alice", "game new", {"game": "tashkalar"})
    calls = await harness.command(ALICE, "alice", "info", {"name": "ash h"}, focused="name")
    assert [choice["value"] for choice in calls[0].choices] == ["Ash Herald"]
    reply = replies(await harness.command(BOB, "bob", "info", {"name": "ash-herald"}))[0]
    assert reply.ephemeral and reply.content.startswith("**Ash Herald** · being · Tash-Kalar, house-made")
    assert "convert an enemy common token" in reply.content and "```\nh.h\n.@." in reply.content
    reply = replies(await harness.command(BOB, "bob", "info", {"name": "Ash Heral"}))[0]
    assert reply.ephemeral and "Did you mean Ash Herald or" in reply.content


async def test_rules_are_read_in_discord_section_by_section(harness: Harness):
    await harness.command(ALICE, "alice", "game new", {"game": "smallworld"})
    reply = replies(await harness.command(BOB, "bob", "rules"))[0]
    assert reply.ephemeral and "**Sections:**" in reply.content and "Rulings" in reply.content
    assert reply.files == ["smallworld-rules.md"]
    calls = await harness.command(BOB, "bob", "rules", {"section": "rul"}, focused="section")
    assert [choice["value"] for choice in calls[0].choices] == ["Rulings"]
    reply = replies(await harness.command(BOB, "bob", "rules", {"section": "Rulings"}))[0]
    assert reply.ephemeral and reply.content.startswith("## Rulings") and len(reply.content) <= 2000
    assert "(page 1 of" in reply.content and reply.files == []
    reply = replies(await harness.command(BOB, "bob", "rules", {"section": "Rulings", "page": 2}))[0]
    assert "(page 2 of" in reply.content
    reply = replies(await harness.command(BOB, "bob", "rules", {"section": "Rulngs"}))[0]
    assert reply.ephemeral and "Did you mean Rulings?" in reply.content


async def test_a_busy_bot_acknowledges_a_lobby_command_first_and_posts_its_answer_in_the_channel(
    harness: Harness, monkeypatch
):
    """/game new, join and start acknowledged early (privately): their public answers still reach the channel,
    the caller is told so privately, and a refusal stays private."""
    import cogs.common

    monkeypatch.setattr(cogs.common, "BUSY", 0)
    calls = await harness.command(ALICE, "alice", "game new", {"game": "tictactoe"})
    assert calls[0].payload == PRIVATE_DEFERRAL
    opened = harness.recorder.channel_messages(harness.channel_id)[-1]
    assert "opened a **Tic-tac-toe** table here" in opened.content and not opened.ephemeral
    assert [r.content for r in replies(calls) if r.ephemeral] == [cogs.common.EARLY_DONE]
    await harness.command(BOB, "bob", "game join")
    calls = await harness.command(ALICE, "alice", "game start", {"order": "joined"})
    assert calls[0].payload == PRIVATE_DEFERRAL
    board = harness.recorder.channel_messages(harness.channel_id)[-1]
    assert "**Tic-tac-toe** begins" in board.content and board.files == ["board.png"]
    refusal = replies(await harness.command(CAROL, "carol", "game start"))[-1]
    assert refusal.ephemeral and "already started" in refusal.content


async def test_while_another_interaction_is_handled_a_new_one_is_acknowledged_before_any_store_work(
    harness: Harness, monkeypatch
):
    """Alice's move is held inside the service; Bob's /tictactoe mark meanwhile is acknowledged before its first
    read of the database, then refused privately as usual."""
    from table.service import TableService

    await open_table(harness)
    entered, release = asyncio.Event(), asyncio.Event()
    act = TableService.act

    async def held_act(self: TableService, *args: Any, **kwargs: Any) -> Any:
        if not entered.is_set():  # alice's move alone is held
            entered.set()
            await release.wait()
        return await act(self, *args, **kwargs)

    monkeypatch.setattr(TableService, "act", held_act)
    first = asyncio.create_task(harness.command(ALICE, "alice", "tictactoe mark", {"square": "b2"}))
    await entered.wait()
    deferrals = [c.payload for c in harness.recorder.calls].count(PRIVATE_DEFERRAL)
    at_first_read: list[int] = []
    tables = harness.bot.store.tables  # the command's first read: the table in its channel
    table_in_channel = tables.table_in_channel

    async def watched(channel_id: int) -> Any:
        at_first_read.append([c.payload for c in harness.recorder.calls].count(PRIVATE_DEFERRAL))
        return await table_in_channel(channel_id)

    monkeypatch.setattr(tables, "table_in_channel", watched)
    calls = await harness.command(BOB, "bob", "tictactoe mark", {"square": "a1"})
    assert calls[0].payload == PRIVATE_DEFERRAL and at_first_read[0] == deferrals + 1
    assert replies(calls)[-1].ephemeral and "not your move" in replies(calls)[-1].content
    release.set()
    assert any("alice puts X on b2" in reply.content for reply in replies(await first))
    assert len(await harness.bot.store.log.actions(1)) == 1
