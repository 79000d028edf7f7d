"""Mentions and markup a player could abuse: names with mentions and markdown, and every message's permission
to ping, read from the recorded HTTP payloads."""

from typing import Any

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
