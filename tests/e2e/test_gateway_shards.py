"""The stand-in's gateway with sharding: raw sockets as shards 0 and 1 of 2, and real AutoShardedClients."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import pytest

from tests.e2e.driver import Driver
from tests.e2e.gateway import OP_DISPATCH, OP_HELLO, OP_IDENTIFY, OP_INVALID_SESSION, OP_RESUME
from tests.e2e.process import BotProcess
from tests.e2e.standin import TOKEN, FakeDiscord

INTENTS = 513  # GUILDS | GUILD_MESSAGES
QUIET = 0.3  # how long a socket must stay silent to count as "received nothing"


class RawShard:
    """A bare websocket speaking the gateway protocol as one shard (no heartbeats: tests are short)."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.seq = 0
        self.session_id = ""

    async def frame(self, timeout: float = 5.0) -> dict[str, Any]:
        msg = await self.ws.receive(timeout=timeout)
        assert msg.type is aiohttp.WSMsgType.TEXT, msg
        frame: dict[str, Any] = json.loads(msg.data)
        if frame.get("s"):
            self.seq = frame["s"]
        return frame

    async def event(self, timeout: float = 5.0) -> tuple[str, dict[str, Any]]:
        """The next dispatch: (event name, data)."""
        frame = await self.frame(timeout)
        assert frame["op"] == OP_DISPATCH, frame
        return frame["t"], frame["d"]

    async def silent(self) -> None:
        """Nothing arrives for a while."""
        with pytest.raises(TimeoutError):
            frame = await self.frame(QUIET)
            raise AssertionError(f"unexpected frame {frame}")

    async def identify(self, shard: list[int] | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """IDENTIFY (with `shard` if given): returns READY's data and the GUILD_CREATEs that follow it."""
        data: dict[str, Any] = {"token": TOKEN, "intents": INTENTS, "properties": {}}
        if shard is not None:
            data["shard"] = shard
        await self.ws.send_str(json.dumps({"op": OP_IDENTIFY, "d": data}))
        kind, ready = await self.event()
        assert kind == "READY"
        self.session_id = ready["session_id"]
        guilds = []
        for _ in ready["guilds"]:
            kind, guild = await self.event()
            assert kind == "GUILD_CREATE"
            guilds.append(guild)
        return ready, guilds

    async def resume(self, session_id: str, seq: int) -> None:
        await self.ws.send_str(
            json.dumps({"op": OP_RESUME, "d": {"token": TOKEN, "session_id": session_id, "seq": seq}})
        )


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def open_socket(discord: FakeDiscord, http: aiohttp.ClientSession, path: str = "/gateway") -> RawShard:
    ws = await http.ws_connect(f"ws://127.0.0.1:{discord.port}{path}", autoping=True)
    shard = RawShard(ws)
    hello = await shard.frame()
    assert hello["op"] == OP_HELLO
    return shard


async def connect(
    discord: FakeDiscord, http: aiohttp.ClientSession, shard: list[int] | None
) -> tuple[RawShard, dict[str, Any], list[dict[str, Any]]]:
    raw = await open_socket(discord, http)
    ready, guilds = await raw.identify(shard)
    return raw, ready, guilds


def guild_on(discord: FakeDiscord, shard_id: int) -> int:
    """A guild id owned by that shard of 2: the stand-in's guild, or the same id with the shard bit flipped."""
    guild_id = discord.guild.id
    return guild_id if (guild_id >> 22) % 2 == shard_id else guild_id ^ (1 << 22)


async def receiver(*sockets: RawShard) -> int:
    """Which one socket received the interaction just dispatched (the others stay silent)."""
    got = []
    for index, raw in enumerate(sockets):
        try:
            kind, _ = await raw.event(QUIET)
        except TimeoutError:
            continue
        assert kind == "INTERACTION_CREATE"
        got.append(index)
    assert len(got) == 1, got
    return got[0]


def interaction(guild_id: int | None, n: int = 0) -> dict[str, Any]:
    data: dict[str, Any] = {"id": str(1000 + n), "type": 2, "token": f"t{n}"}
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    return data


async def test_ready_carries_the_shard_and_every_shard_gets_the_guild(
    discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    zero, ready0, guilds0 = await connect(discord, http, [0, 2])
    one, ready1, guilds1 = await connect(discord, http, [1, 2])
    assert ready0["shard"] == [0, 2] and ready1["shard"] == [1, 2]
    assert ready0["session_id"] != ready1["session_id"]
    assert [g["id"] for g in guilds0] == [g["id"] for g in guilds1] == [str(discord.guild.id)]
    gateway = discord.gateway
    await gateway.wait_shards(2, timeout=5)
    assert gateway.stats.shards == [(0, 2), (1, 2)] and gateway.stats.identifies == 2
    assert gateway.by_shard[0].id == zero.session_id and gateway.by_shard[0].shard == (0, 2)
    assert gateway.by_shard[1].id == one.session_id and gateway.by_shard[1].shard == (1, 2)
    assert gateway.current is gateway.by_shard[1] and gateway.connected


async def test_events_go_to_the_guilds_shard_and_dms_to_shard_0(
    discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    zero, _, _ = await connect(discord, http, [0, 2])
    one, _, _ = await connect(discord, http, [1, 2])
    gateway = discord.gateway
    for n, target in enumerate([0, 1, 1, 0]):
        assert await gateway.dispatch("INTERACTION_CREATE", interaction(guild_on(discord, target), n))
        receiver, other = (zero, one) if target == 0 else (one, zero)
        kind, data = await receiver.event()
        assert kind == "INTERACTION_CREATE" and data["id"] == str(1000 + n)
        await other.silent()
    assert await gateway.dispatch("INTERACTION_CREATE", interaction(None, 9))  # a DM: shard 0
    assert (await zero.event())[1]["id"] == "1009"
    await one.silent()
    member = {"guild_id": str(guild_on(discord, 1)), "user": discord.players[0].payload()}
    assert await gateway.dispatch("GUILD_MEMBER_REMOVE", member)  # any guild event follows the guild's shard
    assert (await one.event())[0] == "GUILD_MEMBER_REMOVE"
    await zero.silent()
    assert (gateway.by_shard[0].interactions, gateway.by_shard[1].interactions) == (3, 2)


async def test_a_missing_shard_falls_back_to_current(discord: FakeDiscord, http: aiohttp.ClientSession) -> None:
    gateway = discord.gateway
    assert not await gateway.dispatch("INTERACTION_CREATE", interaction(guild_on(discord, 0)))  # no session at all
    one, _, _ = await connect(discord, http, [1, 2])
    assert await gateway.dispatch("INTERACTION_CREATE", interaction(guild_on(discord, 0), 1))  # shard 0 is absent
    assert (await one.event())[1]["id"] == "1001"
    assert await gateway.dispatch("INTERACTION_CREATE", interaction(None, 2))
    assert (await one.event())[1]["id"] == "1002"
    assert gateway.by_shard[1].interactions == 2


async def test_spread_rotates_interactions_over_connected_shards(
    discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    zero, _, _ = await connect(discord, http, [0, 2])
    one, _, _ = await connect(discord, http, [1, 2])
    gateway = discord.gateway
    gateway.spread = True
    guild_id = guild_on(discord, 0)
    received = []
    for n in range(6):
        assert await gateway.dispatch("INTERACTION_CREATE", interaction(guild_id, n))
        received.append(await receiver(zero, one))
    assert received == [0, 1, 0, 1, 0, 1]
    assert (gateway.by_shard[0].interactions, gateway.by_shard[1].interactions) == (3, 3)

    # other events still follow their guild
    assert await gateway.dispatch("MESSAGE_CREATE", {"id": "1", "guild_id": str(guild_id)})
    assert (await zero.event())[0] == "MESSAGE_CREATE"
    await one.silent()

    # a shard whose socket is down is skipped (its session stays resumable)
    await one.ws.close()
    await gateway.wait_until(lambda: not gateway.by_shard[1].live, timeout=5)
    for n in range(3):
        assert await gateway.dispatch("INTERACTION_CREATE", interaction(guild_on(discord, 1), 10 + n))
        assert (await zero.event())[1]["id"] == str(1010 + n)
    assert (gateway.by_shard[0].interactions, gateway.by_shard[1].interactions) == (6, 3)


async def test_a_new_identify_replaces_the_shard_and_resume_keeps_it(
    discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    gateway = discord.gateway
    zero, _, _ = await connect(discord, http, [0, 2])
    old_one, _, _ = await connect(discord, http, [1, 2])
    old_id = old_one.session_id
    new_one, _, _ = await connect(discord, http, [1, 2])
    assert gateway.by_shard[1].id == new_one.session_id != old_id
    assert gateway.stats.shards == [(0, 2), (1, 2), (1, 2)]
    await old_one.ws.close()

    stale = await open_socket(discord, http, "/gateway-resume")  # the replaced session cannot resume
    await stale.resume(old_id, old_one.seq)
    assert (await stale.frame())["op"] == OP_INVALID_SESSION

    # shard 0 drops (though it is not `current`): what is sent meanwhile is kept, and replayed on RESUME
    await gateway.disconnect(4000, shard=0)
    await gateway.wait_until(lambda: not gateway.by_shard[0].live, timeout=5)
    seq = zero.seq
    assert await gateway.dispatch("INTERACTION_CREATE", interaction(guild_on(discord, 0), 5))
    await new_one.silent()
    resumed = await open_socket(discord, http, "/gateway-resume")
    await resumed.resume(zero.session_id, seq)
    assert await resumed.event() == ("INTERACTION_CREATE", interaction(guild_on(discord, 0), 5))
    assert (await resumed.event())[0] == "RESUMED"
    assert gateway.stats.resumes == 1 and gateway.by_shard[0].shard == (0, 2)
    await gateway.wait_shards(2, timeout=5)
    assert await gateway.dispatch("INTERACTION_CREATE", interaction(None, 6))
    assert (await resumed.event())[1]["id"] == "1006"


async def test_unsharded_identify_is_unchanged(discord: FakeDiscord, http: aiohttp.ClientSession) -> None:
    raw, ready, guilds = await connect(discord, http, None)
    assert "shard" not in ready and len(guilds) == 1
    gateway = discord.gateway
    assert gateway.stats.shards == [(0, 1)] and gateway.current is gateway.by_shard[0]
    assert await gateway.dispatch("INTERACTION_CREATE", interaction(guild_on(discord, 1)))
    assert (await raw.event())[0] == "INTERACTION_CREATE"
    assert gateway.current.interactions == 1


async def test_invalid_shard_is_refused(discord: FakeDiscord, http: aiohttp.ClientSession) -> None:
    raw = await open_socket(discord, http)
    await raw.ws.send_str(json.dumps({"op": OP_IDENTIFY, "d": {"token": TOKEN, "intents": 1, "shard": [2, 2]}}))
    msg = await raw.ws.receive(timeout=5)
    assert msg.type is aiohttp.WSMsgType.CLOSE and msg.data == 4010
    assert discord.gateway.stats.identifies == 0


# -- real discord.py AutoShardedClients -------------------------------------------------------------------


async def ready_line(process: BotProcess, timeout: float = 20.0) -> str:
    """The line the shard client prints on on_ready."""
    for _ in range(int(timeout * 10)):
        lines = [line for line in process.log_text().splitlines() if line.startswith("ready ")]
        if lines:
            return lines[0]
        assert process.alive, process.log_tail()
        await asyncio.sleep(0.1)
    raise AssertionError(f"never ready; log:\n{process.log_tail()}")


def shard_client(spawn: Callable[..., BotProcess], shard_id: int) -> BotProcess:
    return spawn(["-m", "tests.e2e.shard_client", str(shard_id)])


@pytest.mark.parametrize("shard_id", [0, 1])
async def test_autosharded_client_for_one_shard_becomes_ready(
    discord: FakeDiscord, spawn: Callable[..., BotProcess], shard_id: int
) -> None:
    """Ready with the guild cached, whether the guild is its own shard's or (only here) another shard's."""
    process = shard_client(spawn, shard_id)
    await process.start_and_connect()
    assert await ready_line(process) == f"ready {shard_id} [{shard_id}] [{discord.guild.id}]"
    assert discord.gateway.stats.shards == [(shard_id, 2)]
    assert not discord.sent("GET", r"^/gateway")  # with an explicit shard_count, discord.py never asks
    assert not discord.unhandled and "Traceback" not in process.log_text()


@pytest.mark.slow
async def test_two_processes_each_serve_their_share(
    discord: FakeDiscord, spawn: Callable[..., BotProcess], driver: Driver
) -> None:
    processes = [shard_client(spawn, 0), shard_client(spawn, 1)]
    for process in processes:
        await process.start_and_connect()
    await discord.gateway.wait_shards(2, timeout=10)
    for shard_id, process in enumerate(processes):
        assert (await ready_line(process)).startswith(f"ready {shard_id} [{shard_id}]")
    await discord.wait_for(lambda: len(discord.command_syncs) >= 2, timeout=15)

    home = (discord.guild.id >> 22) % 2  # without spread, Discord's rule: the guild's shard answers
    assert (await driver.run(discord.players[0], "whoami")).text == f"shard {home}"

    discord.gateway.spread = True
    answers = [(await driver.run(discord.players[n % 3], "whoami")).text for n in range(4)]
    assert sorted(answers) == ["shard 0", "shard 0", "shard 1", "shard 1"]
    assert {s.shard[0]: s.interactions for s in discord.gateway.by_shard.values()} == {
        home: 3,
        1 - home: 2,
    }
    assert not discord.unhandled and not any(p.tracebacks() for p in processes)
