"""/game through real interactions: replies, ephemeral refusals, buttons, threads."""

from typing import TYPE_CHECKING, cast

from tests.cogs.harness import GUILD_ID, Harness, member_resolved

if TYPE_CHECKING:  # discord.types imports in a cycle at run time
    from discord.types.guild import Guild as GuildPayload

ALICE, BOB, CAROL, MOD = 1001, 1002, 1003, 1009


def replies(calls):
    """What the bot answered: interaction responses and follow-ups, without bare deferrals."""
    deferral = 5  # "thinking…": the real answer follows as a follow-up message
    answers = [c for c in calls if c.path.endswith("/callback") or "/webhooks/" in c.path]
    return [c for c in answers if (c.payload or {}).get("type") != deferral]


async def open_table(h: Harness, start: bool = True) -> None:
    await h.command(ALICE, "alice", "game new", {"game": "tictactoe"})
    await h.command(BOB, "bob", "game join")
    if start:
        await h.command(ALICE, "alice", "game start", {"order": "joined"})


async def test_game_new_join_start_posts_the_board_and_mentions(harness: Harness):
    calls = await harness.command(ALICE, "alice", "game new", {"game": "tictactoe"})
    assert "opened a **Tic-tac-toe** table here" in replies(calls)[0].content and not replies(calls)[0].ephemeral
    calls = await harness.command(BOB, "bob", "game join", {"faction": "O"})
    assert "Players: alice, bob (O)" in replies(calls)[0].content
    calls = await harness.command(ALICE, "alice", "game start", {"order": "joined"})
    assert calls[0].path.endswith("/callback") and calls[0].payload == {"type": 5}  # answered before drawing
    reply = replies(calls)[0]
    assert "**Tic-tac-toe** begins" in reply.content and "<@1001>" in reply.content
    assert reply.files == ["board.png"] and not reply.ephemeral


async def test_game_new_autocompletes_games_and_options(harness: Harness):
    calls = await harness.command(ALICE, "alice", "game new", {"game": "tic"}, focused="game")
    assert [c["value"] for c in calls[0].choices] == ["tictactoe"]
    assert "Tic-tac-toe (2-2 players)" in calls[0].choices[0]["name"]


async def test_bad_game_and_options_get_ephemeral_answers(harness: Harness):
    calls = await harness.command(ALICE, "alice", "game new", {"game": "chess"})
    assert replies(calls)[0].ephemeral and "No game called 'chess'" in replies(calls)[0].content
    calls = await harness.command(ALICE, "alice", "game new", {"game": "tictactoe", "options": "size"})
    assert replies(calls)[0].ephemeral and "name=value" in replies(calls)[0].content
    calls = await harness.command(ALICE, "alice", "game new", {"game": "tictactoe", "options": "size=4"})
    assert replies(calls)[0].ephemeral and "has no option 'size'" in replies(calls)[0].content
    assert await harness.bot.store.tables.table_in_channel(harness.channel_id) is None


async def test_game_new_can_open_a_thread(harness: Harness):
    calls = await harness.command(ALICE, "alice", "game new", {"game": "tictactoe", "thread": True})
    assert any(c.method == "POST" and c.path == f"/channels/{harness.channel_id}/threads" for c in calls)
    assert "opened a **Tic-tac-toe** table <#" in replies(calls)[0].content
    assert await harness.bot.store.tables.table_in_channel(harness.channel_id) is None  # the table lives in the thread
    table = await harness.bot.store.tables.table(1)
    assert table is not None and table.channel_id != harness.channel_id


async def test_status_and_list_are_private_and_informative(harness: Harness):
    await open_table(harness)
    calls = await harness.command(CAROL, "carol", "game status")
    reply = replies(calls)[0]
    assert reply.ephemeral and "Players:\n1. alice\n2. bob" in reply.content and "remind after 12h" in reply.content
    calls = await harness.command(CAROL, "carol", "game list")
    assert "waiting for alice" in replies(calls)[0].content


async def test_kick_needs_the_host_and_works_for_a_moderator(harness: Harness):
    await open_table(harness, start=False)
    resolved = member_resolved(ALICE, "alice")
    calls = await harness.command(BOB, "bob", "game kick", {"member": str(ALICE)}, resolved=resolved)
    assert replies(calls)[0].ephemeral and "Only the table's creator" in replies(calls)[0].content
    calls = await harness.command(
        MOD, "mod", "game kick", {"member": str(BOB)}, admin=True, resolved=member_resolved(BOB, "bob")
    )
    assert "bob was removed" in replies(calls)[0].content


async def test_abandon_asks_for_a_button_confirmation(harness: Harness):
    await open_table(harness)
    calls = await harness.command(BOB, "bob", "game abandon")
    assert replies(calls)[0].ephemeral and "Only the table's creator" in replies(calls)[0].content
    calls = await harness.command(ALICE, "alice", "game abandon")
    reply = replies(calls)[0]
    assert reply.ephemeral and reply.components[0]["custom_id"].startswith("pbp:x:")
    calls = await harness.click(ALICE, "alice", reply.components[0]["custom_id"])
    assert "abandoned by alice" in replies(calls)[0].content
    table = await harness.bot.store.tables.table_in_channel(harness.channel_id)
    assert table is not None and table.status == "abandoned"


async def test_replace_hands_a_seat_to_another_member(harness: Harness):
    await open_table(harness)
    resolved = {
        "users": {**member_resolved(BOB, "bob")["users"], **member_resolved(CAROL, "carol")["users"]},
        "members": {**member_resolved(BOB, "bob")["members"], **member_resolved(CAROL, "carol")["members"]},
    }
    calls = await harness.command(
        BOB, "bob", "game replace", {"player": str(BOB), "newcomer": str(CAROL)}, resolved=resolved
    )
    assert "takes over bob's seat" in replies(calls)[0].content
    seats = await harness.bot.store.tables.seats(1)
    assert [s.user_id for s in seats] == [ALICE, CAROL]


async def test_settings_and_pause_vote(harness: Harness):
    await open_table(harness)
    calls = await harness.command(ALICE, "alice", "game settings", {"remind_after": "90m", "deadline": "2d"})
    assert "remind after 1h30m" in replies(calls)[0].content and "deadline 2d" in replies(calls)[0].content
    calls = await harness.command(ALICE, "alice", "game settings", {"remind_after": "soon"})
    assert replies(calls)[0].ephemeral and "not a duration" in replies(calls)[0].content
    calls = await harness.command(ALICE, "alice", "game settings", {"remind_every": "1s", "deadline": "10m"})
    assert replies(calls)[0].ephemeral and "can't come sooner than 1h" in replies(calls)[0].content
    assert (await harness.table()).remind_every == 86400  # nothing was written
    calls = await harness.command(ALICE, "alice", "game pause")
    reply = replies(calls)[0]
    assert "everyone must agree" in reply.content and "<@1002>" in reply.content
    agree = next(c["custom_id"] for c in reply.components if c["custom_id"].endswith(":y"))
    calls = await harness.click(CAROL, "carol", agree)
    assert replies(calls)[0].ephemeral and "Only the players" in replies(calls)[0].content
    calls = await harness.click(BOB, "bob", agree)
    assert "table is paused" in replies(calls)[0].content
    assert (await harness.table()).paused


async def test_settings_explain_a_first_reminder_that_would_come_after_the_deadline(harness: Harness):
    await open_table(harness)
    calls = await harness.command(ALICE, "alice", "game settings", {"deadline": "2h", "remind_after": "3h"})
    reply = replies(calls)[0]
    assert "deadline 2h" in reply.content and "(3h) would come after the deadline (2h)" in reply.content
    assert "no reminder comes before it" in reply.content and "remind_after:1h" in reply.content
    calls = await harness.command(ALICE, "alice", "game settings", {"deadline": "6h"})  # the first reminder is 3h
    assert "would come after the deadline" not in replies(calls)[0].content
    calls = await harness.command(ALICE, "alice", "game settings", {"remind_after": "8h"})
    assert "(8h) would come after the deadline (6h)" in replies(calls)[0].content


async def test_settings_away_off_or_zero_switch_the_absence_allowance_off(harness: Harness):
    await open_table(harness)
    for off in ("off", "0"):
        await harness.command(ALICE, "alice", "game settings", {"away": "3d"})
        calls = await harness.command(ALICE, "alice", "game settings", {"away": off})
        reply = replies(calls)[0]
        assert not reply.ephemeral and "absences never hold deadlines back" in reply.content
        assert (await harness.table()).away_allowance == 0


async def test_commands_outside_a_server_table_are_refused_clearly(harness: Harness):
    calls = await harness.command(ALICE, "alice", "game status")
    assert replies(calls)[0].ephemeral and "no game in this channel" in replies(calls)[0].content
    assert GUILD_ID


async def test_list_shows_only_tables_in_channels_the_caller_can_see(harness: Harness):
    from tests.cogs.harness import snowflake
    from tests.e2e.payloads import FakeGuild, guild_create, text_channel

    await open_table(harness)  # in the open channel
    secret = snowflake()
    await harness.command(BOB, "bob", "game new", {"game": "tictactoe"}, channel=secret)
    view_channel = 1024
    hidden = {
        **text_channel(secret, GUILD_ID, "secret", 1),
        "permission_overwrites": [
            {"id": str(GUILD_ID), "type": 0, "allow": "0", "deny": str(view_channel)},
            {"id": str(BOB), "type": 1, "allow": str(view_channel), "deny": "0"},
        ],
    }
    guild = FakeGuild(GUILD_ID, "server", owner_id=MOD, admin_role_id=snowflake())
    channels = [text_channel(harness.channel_id, GUILD_ID, "open", 0), hidden]
    harness.bot._connection._add_guild_from_data(cast("GuildPayload", guild_create(guild, channels, [])))

    carol = replies(await harness.command(CAROL, "carol", "game list"))[0]
    assert carol.ephemeral and "waiting for alice" in carol.content
    assert "gathering players" not in carol.content and "bob" not in carol.content
    assert "(and 1 in channels you can't see)" in carol.content
    bob = replies(await harness.command(BOB, "bob", "game list"))[0]
    assert "waiting for alice" in bob.content and "gathering players" in bob.content
    assert "can't see" not in bob.content


async def test_privacy_forget_asks_for_the_users_own_confirmation(harness: Harness):
    await open_table(harness)
    for who, name, square in [(ALICE, "alice", "a1"), (BOB, "bob", "b1"), (ALICE, "alice", "a2")]:
        await harness.command(who, name, "tictactoe mark", {"square": square})
    await harness.command(BOB, "bob", "tictactoe mark", {"square": "b2"})
    await harness.command(ALICE, "alice", "tictactoe mark", {"square": "a3"})  # alice wins: the table is over
    ask = replies(await harness.command(BOB, "bob", "privacy forget"))[0]
    assert ask.ephemeral and "can't be undone" in ask.content
    button = ask.components[0]["custom_id"]
    other = replies(await harness.click(ALICE, "alice", button))[0]
    assert other.ephemeral and "for the member who asked" in other.content
    done = replies(await harness.click(BOB, "bob", button))[0]
    assert done.ephemeral and "Forgotten" in done.content
    seats = await harness.bot.store.tables.seats(1)
    assert [s.name for s in seats] == ["alice", "a former player"] and BOB not in [s.user_id for s in seats]
    erase = replies(await harness.command(ALICE, "alice", "privacy erase", {"user_id": str(CAROL)}))[0]
    assert erase.ephemeral and "Only the bot's owner" in erase.content
    erase = replies(await harness.command(MOD, "mod", "privacy erase", {"user_id": str(ALICE)}))[0]
    assert erase.ephemeral and f"User {ALICE} erased" in erase.content
    assert [s.name for s in await harness.bot.store.tables.seats(1)] == ["a former player", "a former player"]


async def test_a_bot_takes_a_seat_and_answers_in_the_channel(harness: Harness):
    await harness.command(ALICE, "alice", "game new", {"game": "tictactoe"})
    calls = await harness.command(ALICE, "alice", "game bot add", {"strength": "normal"})
    assert "alice seats Bot 1 (normal bot)" in replies(calls)[0].content
    calls = await harness.command(BOB, "bob", "game bot add")
    assert replies(calls)[0].ephemeral and "Only the table's creator" in replies(calls)[0].content
    calls = await harness.command(ALICE, "alice", "game bot remove", {"name": "bot"}, focused="name")
    assert calls[0].choices == [{"name": "Bot 1 (normal)", "value": "Bot 1"}]
    await harness.command(ALICE, "alice", "game start", {"order": "joined"})
    played = await harness.command(ALICE, "alice", "tictactoe mark", {"square": "b2"})
    assert "Waiting for Bot 1" in replies(played)[0].content
    answer = [c for c in played if c.path.startswith("/channels/") and "Bot 1 puts O on" in (c.content or "")]
    assert len(answer) == 1 and "<@1001>" in answer[0].content  # alice is pinged for her next move
    assert not any("<@-" in (c.content or "") for c in harness.recorder.calls)  # a bot is never pinged
    rows = await harness.bot.store.log.actions(1)
    assert [row.seat for row in rows] == [0, 1]


async def test_a_player_leaves_a_running_game_to_a_bot(harness: Harness):
    await open_table(harness)
    resolved = member_resolved(BOB, "bob")
    calls = await harness.command(BOB, "bob", "game bot replace", {"player": str(BOB)}, resolved=resolved)
    assert "Bot 1 (normal bot) takes over bob's seat" in replies(calls)[0].content
    seats = await harness.bot.store.tables.seats(1)
    assert [s.bot for s in seats] == [None, "normal"]
    calls = await harness.command(CAROL, "carol", "game bot takeover", {"name": "Bot 1"})
    assert "carol takes over Bot 1's seat" in replies(calls)[0].content
    assert [s.user_id for s in await harness.bot.store.tables.seats(1)] == [ALICE, CAROL]
