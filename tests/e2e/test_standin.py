"""The stand-in itself, proven with a tiny real discord.py client (tests/e2e/mini_client.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.e2e.driver import Driver, buttons
from tests.e2e.interactions import CHANNEL_MESSAGE, DEFERRED_MESSAGE
from tests.e2e.process import BotProcess
from tests.e2e.standin import FakeDiscord

MINI = ["-m", "tests.e2e.mini_client"]


@pytest.fixture
async def mini(spawn: Callable[..., BotProcess], discord: FakeDiscord) -> BotProcess:
    process = spawn(MINI)
    await process.start_and_connect()
    await discord.wait_for(lambda: discord.command_syncs, timeout=15)
    return process


async def test_handshake_and_command_sync(discord: FakeDiscord, mini: BotProcess) -> None:
    assert discord.gateway.stats.identifies == 1
    assert discord.gateway.stats.intents[0] & 1  # GUILDS
    assert discord.command_syncs[-1] == (discord.guild.id, ["dm", "echo", "later", "ping"])
    echo = discord.commands[discord.guild.id]["echo"]
    assert [(o["name"], o["type"], o.get("required", False)) for o in echo["options"]] == [
        ("text", 3, True),
        ("times", 4, False),
    ]
    assert discord.sent("GET", r"^/users/@me$")
    assert not discord.unhandled


async def test_reply_file_button_and_ephemeral(discord: FakeDiscord, mini: BotProcess, driver: Driver) -> None:
    alice = discord.players[0]
    reply = await driver.run(alice, "ping")
    assert reply.kind == CHANNEL_MESSAGE and reply.text == "pong" and not reply.ephemeral
    assert reply.latency < 3
    assert reply.message is not None
    [attachment] = reply.message["attachments"]
    assert attachment["filename"] == "pong.png" and discord.file_bytes(attachment) == b"\x89PNG fake"
    assert [b["custom_id"] for b in buttons(reply.message)] == ["pbp:mini:click"]
    assert discord.channel_messages(discord.channel(0)["id"]) == [reply.message]

    clicked = await driver.press(discord.players[1], reply.message, "pbp:mini:click")
    assert clicked.ephemeral and clicked.text == "clicked by player2"

    echoed = await driver.run(alice, "echo", text="hi", times=3)
    assert echoed.ephemeral and echoed.text == "hi hi hi"
    assert len(discord.channel_messages(discord.channel(0)["id"])) == 1  # ephemeral replies stay private


async def test_deferred_reply_channel_file_and_followup(discord: FakeDiscord, mini: BotProcess, driver: Driver) -> None:
    reply = await driver.run(discord.players[0], "later")
    assert reply.kind == DEFERRED_MESSAGE
    assert reply.message is not None and reply.message["content"] == "done"
    await discord.wait_for(lambda: reply.interaction.followup_ids)
    [followup] = [discord.messages[mid] for mid in reply.interaction.followup_ids]
    assert followup["content"] == "extra" and followup["flags"] & 64
    [board] = [m for m in discord.channel_messages(discord.channel(0)["id"]) if m["attachments"]]
    assert board["content"] == "board" and discord.file_bytes(board["attachments"][0]) == b"board-bytes"


async def test_dm_and_closed_dms(discord: FakeDiscord, mini: BotProcess, driver: Driver) -> None:
    open_user, closed_user = discord.players[0], discord.players[1]
    discord.close_dms(closed_user)
    assert (await driver.run(open_user, "dm", user=open_user.id)).text == "sent"
    assert [m["content"] for m in discord.dms_to(open_user)] == ["hello by DM"]
    assert (await driver.run(open_user, "dm", user=closed_user.id)).text == "closed: 50007"
    assert discord.dms_to(closed_user) == []


async def test_faults_are_retried(discord: FakeDiscord, mini: BotProcess, driver: Driver) -> None:
    server_error = discord.inject("POST", r"^/channels/\d+/messages$", 500)
    limited = discord.inject("POST", r"^/interactions/\d+/[^/]+/callback$", 429, retry_after=0.2)
    reply = await driver.run(discord.players[0], "later", _timeout=15)
    assert server_error.hits == 1 and limited.hits == 1
    assert reply.message is not None and reply.message["content"] == "done"
    posts = discord.sent("POST", r"^/channels/\d+/messages$")
    assert [p.status for p in posts] == [500, 200]
    assert len([m for m in discord.channel_messages(discord.channel(0)["id"]) if m["attachments"]]) == 1


async def test_gateway_resume_replays_missed_events(discord: FakeDiscord, mini: BotProcess, driver: Driver) -> None:
    await discord.gateway.disconnect(4000)
    # sent while the socket is down: buffered and replayed on RESUME
    pending = await driver.slash(discord.players[0], "echo", text="missed")
    reply = await driver.reply(pending, timeout=10)
    assert reply.text == "missed"
    await discord.gateway.wait_until(lambda: discord.gateway.stats.resumes == 1)
    assert discord.gateway.stats.identifies == 1
    assert discord.gateway.stats.paths[-1] == "/gateway-resume"


async def test_persistent_button_after_sigkill(discord: FakeDiscord, mini: BotProcess, driver: Driver) -> None:
    reply = await driver.run(discord.players[0], "ping")
    assert reply.message is not None
    mini.kill()
    await mini.start_and_connect()
    assert discord.gateway.stats.identifies == 2  # a killed process cannot resume: a new session
    clicked = await driver.press(discord.players[2], reply.message, "pbp:mini:click")
    assert clicked.text == "clicked by player3"


async def test_late_or_double_acknowledgement_is_refused(discord: FakeDiscord) -> None:
    from aiohttp import ClientSession

    from tests.e2e.interactions import Interaction, interaction_payload

    alice = discord.players[0]
    interaction_id, token, payload = interaction_payload(
        2, discord.app_id, discord.guild, alice, discord.channel(0), {}
    )
    interaction = Interaction(interaction_id, token, 2, alice, discord.channel(0), payload)
    discord.interactions[interaction_id] = interaction
    url = f"{discord.base_url}/api/v10/interactions/{interaction_id}/{token}/callback"
    async with ClientSession() as http:
        first = await http.post(url, json={"type": 4, "data": {"content": "ok"}})
        second = await http.post(url, json={"type": 4, "data": {"content": "again"}})
        assert first.status == 204 and second.status == 400 and (await second.json())["code"] == 40060
        interaction.sent_at -= 10
        interaction.callback = None
        late = await http.post(url, json={"type": 4, "data": {"content": "late"}})
        assert late.status == 404 and (await late.json())["code"] == 10062


async def test_a_nonce_sent_again_returns_the_first_message_like_discord(discord: FakeDiscord) -> None:
    """Create Message with `nonce` and `enforce_nonce`: the same nonce within a few minutes returns the message it
    made, and nothing new is created or notified; without enforce_nonce, or once the window has passed, it posts."""
    from aiohttp import ClientSession

    channel = discord.channel(0)
    alice = discord.players[0]
    url = f"{discord.base_url}/api/v10/channels/{channel['id']}/messages"
    ping = {"allowed_mentions": {"users": [str(alice.id)]}}
    async with ClientSession(headers={"Authorization": "Bot stand-in-token"}) as http:

        async def send(content: str, nonce: str, enforce: bool = True) -> tuple[int, dict]:
            body = {"content": content, "nonce": nonce, "enforce_nonce": enforce, **ping}
            answer = await http.post(url, json=body)
            return answer.status, await answer.json()

        status, first = await send(f"<@{alice.id}> your move", "n-1")
        assert status == 200 and first["nonce"] == "n-1"
        status, again = await send(f"<@{alice.id}> your move, again", "n-1")
        assert status == 200 and again == first
        assert [m["id"] for m in discord.channel_messages(channel["id"])] == [first["id"]]
        assert discord.notified == [(int(first["id"]), alice.id)]

        _, unenforced = await send("not enforced", "n-1", enforce=False)
        assert unenforced["id"] != first["id"]
        discord.nonce_window = 0.0  # the few minutes have passed
        _, later = await send("later", "n-1")
        assert later["id"] not in (first["id"], unenforced["id"])
        assert len(discord.channel_messages(channel["id"])) == 3

        discord.nonce_window = 300.0
        discord.messages[int(later["id"])]["deleted"] = True
        gone = await http.post(url, json={"content": "after a deletion", "nonce": "n-1", "enforce_nonce": True})
        assert gone.status == 404 and (await gone.json())["code"] == 10008


async def test_a_lost_answer_is_processed_but_never_answered(discord: FakeDiscord) -> None:
    from aiohttp import ClientSession

    from tests.e2e.standin import LOST_ANSWER

    channel = discord.channel(0)
    lost = discord.inject("POST", r"^/channels/\d+/messages$", LOST_ANSWER, retry_after=0.1)
    url = f"{discord.base_url}/api/v10/channels/{channel['id']}/messages"
    async with ClientSession(headers={"Authorization": "Bot stand-in-token"}) as http:
        answer = await http.post(url, json={"content": "made", "nonce": "n-2", "enforce_nonce": True})
        assert answer.status == 503 and lost.hits == 1
        [made] = discord.channel_messages(channel["id"])
        retried = await http.post(url, json={"content": "made again", "nonce": "n-2", "enforce_nonce": True})
        assert retried.status == 200 and (await retried.json())["id"] == made["id"]
