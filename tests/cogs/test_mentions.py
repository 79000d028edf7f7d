"""Mentions and markup a player could abuse: names with mentions and markdown, and every message's permission
to ping, read from the recorded HTTP payloads."""

from typing import Any

from cogs.reminders import ReminderCog
from tests.cogs.harness import Harness
from tests.cogs.test_lobby import ALICE, BOB, replies

OUTSIDER = 1777  # at no table: nothing may ever ping them
EVIL = f"<@{OUTSIDER}> **bob** @everyone <@&555>"


def allowed(payload: dict[str, Any] | None) -> dict[str, Any] | None:
    body = payload or {}
    return body.get("data", body).get("allowed_mentions")


async def test_no_message_may_ping_everyone_roles_or_a_user_it_does_not_mean(harness: Harness):
    await harness.command(ALICE, "alice", "game new", {"game": "tictactoe"})
    await harness.command(BOB, EVIL, "game join")
    start = replies(await harness.command(ALICE, "alice", "game start", {"order": "joined"}))[0]
    await harness.command(ALICE, "alice", "tictactoe mark", {"square": "b2"})
    await harness.command(BOB, EVIL, "game pause")
    await harness.command(BOB, EVIL, "roll", {"dice": "1d6", "reason": "@everyone <@1777>"})
    sent = [c for c in harness.recorder.calls if c.method in ("POST", "PATCH") and c.content]
    assert sent
    for call in sent:
        rules = allowed(call.payload)
        assert rules is not None, f"no allowed_mentions on {call.path}: {call.content[:80]}"
        assert "everyone" not in rules.get("parse", []) and "roles" not in rules.get("parse", [])
        assert "users" not in rules.get("parse", []), f"any user may be pinged by {call.content[:80]}"
        assert str(OUTSIDER) not in [str(user) for user in rules.get("users", [])]
    # the name reads as typed, escaped: no live mention of the outsider, no bold
    assert f"<@{OUTSIDER}>" not in start.content and "\\*\\*bob\\*\\*" in start.content


async def test_every_path_where_typed_text_reaches_a_message_is_inert(harness: Harness):
    """Options, factions, names, roll reasons, requests, escalated reminders, the game's end and DMs, driven with
    @everyone, @here, a role, an outsider's mention and markdown: no payload may ping beyond whom it means."""
    await harness.command(ALICE, EVIL, "game new", {"game": "tictactoe", "options": "size=@everyone"})
    await harness.command(ALICE, EVIL, "game new", {"game": "tictactoe"})
    await harness.command(BOB, "bob", "game join", {"faction": "@here <@&555>"})
    await harness.command(BOB, "bob", "game join")
    await harness.command(ALICE, EVIL, "game start", {"order": "joined"})
    await harness.command(ALICE, EVIL, "roll", {"dice": "1d20 [@everyone] + 2", "reason": "**<@1777>** @here"})
    await harness.command(ALICE, EVIL, "tictactoe mark", {"square": "a1"})
    await harness.command(BOB, "bob", "game pause")
    harness.recorder.closed_dms.update({ALICE, BOB})
    cog = harness.cog(ReminderCog)
    table = await harness.table()
    assert table.started_at is not None
    for hours in (13, 37, 61, 85):  # reminders until the channel is told (escalation)
        await cog.reminders.tick(table.started_at + hours * 3600)
    for square, user, name in [("b1", BOB, "bob"), ("a2", ALICE, EVIL), ("b2", BOB, "bob"), ("a3", ALICE, EVIL)]:
        await harness.command(user, name, "tictactoe mark", {"square": square})
    sent = [c for c in harness.recorder.calls if c.method in ("POST", "PATCH") and c.content]
    assert any("Game over" in c.content for c in sent) and any("Your move" in c.content for c in sent)
    for call in sent:
        rules = allowed(call.payload)
        assert rules is not None, f"no allowed_mentions on {call.path}: {call.content[:80]}"
        assert "everyone" not in rules.get("parse", []) and "roles" not in rules.get("parse", [])
        assert "users" not in rules.get("parse", []), f"any user may be pinged by {call.content[:80]}"
        assert set(map(str, rules.get("users", []))) <= {str(ALICE), str(BOB)}, call.content[:80]
        assert f"<@{OUTSIDER}>" not in call.content and "<@&555>" not in call.content, call.content[:120]
        assert "@everyone" not in call.content and "@here" not in call.content, call.content[:120]
