"""One message per turn through real interactions: the turn's message is edited in place (PATCH), the actor is
answered privately with a link to it, a deleted message is replaced by a new post, and /game settings
posts:action keeps a message per action."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.cogs.harness import Harness
from tests.cogs.test_lobby import ALICE, BOB, replies
from tests.support import pig


@pytest.fixture
async def pig_harness(tmp_path: Path) -> AsyncIterator[Harness]:
    pig.install()  # before the bot starts, so /pig is among its commands
    h = Harness(tmp_path)
    await h.start()
    try:
        yield h
    finally:
        await h.close()
        pig.uninstall()


async def started(h: Harness) -> int:
    """A pig table alice plays first; the id of its first message (the game's start)."""
    await h.command(ALICE, "alice", "game new", {"game": "pig"})
    await h.command(BOB, "bob", "game join")
    calls = await h.command(ALICE, "alice", "game start", {"order": "joined"})
    table = await h.bot.store.tables.table(1)
    assert table is not None
    turn = await h.bot.store.tables.turn_message(table.id)
    assert turn is not None and turn.message_id is not None and not replies(calls)[0].ephemeral
    return turn.message_id


def edits(calls: list, channel: int) -> list:
    return [c for c in calls if c.method == "PATCH" and c.path.startswith(f"/channels/{channel}/messages/")]


async def test_an_action_within_the_turn_edits_its_message_and_answers_privately(pig_harness: Harness):
    h = pig_harness
    first = await started(h)
    calls = await h.command(ALICE, "alice", "pig peek")
    (edit,) = edits(calls, h.channel_id)
    assert edit.path.endswith(f"/messages/{first}")
    assert "alice plays peek" in edit.payload["content"] and "begins" in edit.payload["content"]
    assert edit.files == ["board.png"] and edit.payload["allowed_mentions"]["parse"] == []
    assert not h.recorder.channel_messages(h.channel_id)  # nothing new in the channel
    (answer,) = [reply for reply in replies(calls) if "turn's message" in reply.content]
    assert answer.ephemeral and f"/{h.channel_id}/{first}" in answer.content
    table = await h.bot.store.tables.table(1)
    assert table is not None and table.announced == table.version


async def test_a_deleted_turn_message_is_replaced_by_a_new_post(pig_harness: Harness):
    h = pig_harness
    first = await started(h)
    h.recorder.deleted.add(first)  # a moderator tidied the channel
    calls = await h.command(ALICE, "alice", "pig peek")
    assert edits(calls, h.channel_id)  # tried, refused with 404
    (posted,) = [c for c in calls if c.method == "POST" and c.path == f"/channels/{h.channel_id}/messages"]
    assert "alice plays peek" in posted.content and posted.files == ["board.png"]
    turn = await h.bot.store.tables.turn_message(1)
    assert turn is not None and turn.message_id not in (None, first)  # the next action edits the new one
    calls = await h.command(ALICE, "alice", "pig peek")
    (edit,) = edits(calls, h.channel_id)
    assert edit.path.endswith(f"/messages/{turn.message_id}")


async def test_settings_posts_action_keeps_a_message_per_action(pig_harness: Harness):
    h = pig_harness
    await started(h)
    calls = await h.command(ALICE, "alice", "game settings", {"posts": "action"})
    assert "a message for every action" in replies(calls)[0].content
    calls = await h.command(ALICE, "alice", "pig peek")
    assert not edits(calls, h.channel_id)
    (reply,) = [reply for reply in replies(calls) if "plays peek" in reply.content]
    assert not reply.ephemeral and "alice plays peek" in reply.content and "begins" not in reply.content


async def test_an_undo_request_by_an_abusive_name_pings_only_the_players_asked(pig_harness: Harness):
    from tests.cogs.test_mentions import EVIL, OUTSIDER, allowed

    h = pig_harness
    await h.command(ALICE, EVIL, "game new", {"game": "pig"})
    await h.command(BOB, "bob", "game join")
    await h.command(ALICE, EVIL, "game start", {"order": "joined"})
    await h.command(ALICE, EVIL, "pig roll")  # dice were rolled: taking it back needs bob's consent
    calls = await h.command(ALICE, EVIL, "undo")
    (ask,) = [c for c in replies(calls) if "asks to take back" in c.content]
    assert f"<@{BOB}>" in ask.content and f"<@{OUTSIDER}>" not in ask.content and "@everyone" not in ask.content
    rules = allowed(ask.payload)
    assert rules is not None and rules.get("parse") == [] and [str(u) for u in rules["users"]] == [str(BOB)]


async def test_a_quick_action_edits_the_turns_message_still_on_its_way(pig_harness: Harness):
    h = pig_harness
    await started(h)
    h.recorder.slow = asyncio.Event()  # bob's turn's message takes its time to upload
    before = len(h.recorder.calls)
    holding = asyncio.create_task(h.command(ALICE, "alice", "pig hold"))
    while not any(c.method == "POST" and c.path.startswith("/webhooks/") for c in h.recorder.calls[before:]):
        await asyncio.sleep(0.01)
    mark = len(h.recorder.calls)
    peeking = asyncio.create_task(h.command(BOB, "bob", "pig peek"))
    for _ in range(200):  # bob is answered at once: no wait for alice's upload under the table's lock
        if any(c.path.endswith("/callback") for c in h.recorder.calls[mark:]):
            break
        await asyncio.sleep(0.01)
    answered = [c for c in h.recorder.calls[mark:] if c.path.endswith("/callback")]
    h.recorder.slow.set()
    await holding
    calls = await peeking
    assert answered and answered[0].ephemeral
    turn = await h.bot.store.tables.turn_message(1)
    assert turn is not None and turn.message_id is not None
    (edit,) = edits(calls, h.channel_id)  # the message still on its way is edited, not followed by another
    assert edit.path.endswith(f"/messages/{turn.message_id}") and "bob plays peek" in edit.payload["content"]
    assert not h.recorder.channel_messages(h.channel_id)
