"""Steps every scenario shares: open a table, read who is awaited, look at board images, play any game."""

from __future__ import annotations

import asyncio
import io
import random
import re
import time
from pathlib import Path
from typing import Any

from PIL import Image

import rules
from rules import serial
from tests.e2e import oracle
from tests.e2e.driver import Driver, Reply
from tests.e2e.payloads import FakeUser
from tests.support.trajectory import GIVE_UP

MENTION = re.compile(r"<@!?(\d+)>")


def mentioned(text: str) -> set[int]:
    return {int(user_id) for user_id in MENTION.findall(text)}


async def settled(data_dir: Path, channel_id: int | str, timeout: float = 5.0) -> oracle.TableDump:
    """The table once the bot has recorded its last post as made (it does so just after posting)."""
    deadline = time.monotonic() + timeout
    while True:
        table = oracle.table_in(data_dir, channel_id)
        if table.announced == table.version or time.monotonic() > deadline:
            return table
        await asyncio.sleep(0.05)


def pinged(driver: Driver, reply: Reply) -> set[int]:
    """Who the reply's message notified (mentions that allowed_mentions lets ping)."""
    assert reply.message is not None
    return set(driver.discord.pings.get(int(reply.message["id"]), []))


def board_image(driver: Driver, reply: Reply) -> Image.Image:
    """The PNG attached to the reply, decoded (fails if there is none or it is not an image)."""
    assert reply.message is not None, "no message"
    pngs = [a for a in reply.message["attachments"] if a["filename"].endswith(".png")]
    assert pngs, f"no board image in: {reply.text[:200]}"
    data = driver.discord.file_bytes(pngs[0])
    assert data.startswith(b"\x89PNG\r\n\x1a\n"), "attachment is not a PNG"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


async def open_table(
    driver: Driver,
    channel: dict[str, Any],
    players: list[FakeUser],
    game: str = "tictactoe",
    options: str = "",
    seen: list[Reply] | None = None,
) -> Reply:
    """/game new by the first player, /game join by the others, /game start in join order.

    Returns the start reply; `seen` collects every reply (for latency figures).
    """
    host = players[0]
    seen = seen if seen is not None else []
    extra: dict[str, Any] = {"options": options} if options else {}  # Driver.run's options
    seen.append(await driver.run(host, "game new", _channel=channel, game=game, **extra))
    assert not seen[-1].refused, f"/game new refused: {seen[-1].text}"
    for guest in players[1:]:
        seen.append(await driver.run(guest, "game join", _channel=channel))
        assert not seen[-1].refused, f"/game join refused: {seen[-1].text}"
    seen.append(await driver.run(host, "game start", _channel=channel, order="joined"))
    assert not seen[-1].refused, f"/game start refused: {seen[-1].text}"
    return seen[-1]


def command_of(game: str) -> str:
    meta = rules.engine(game).meta
    return getattr(meta, "command", None) or meta.id


def action_options(action: dict[str, Any]) -> dict[str, Any]:
    """An engine action as slash options: lists become comma-separated text."""
    return {k: ",".join(map(str, v)) if isinstance(v, list) else v for k, v in action.items() if k != "type"}


async def play_out(
    driver: Driver,
    data_dir: Path,
    channel: dict[str, Any],
    users: dict[int, FakeUser],
    rng: random.Random,
    max_steps: int = 3000,
) -> tuple[oracle.TableDump, Reply | None]:
    """Play legal moves chosen from the stored state (the test's oracle) through slash commands to the end.

    Every public answer must carry a board image. Returns the final table and the last public answer.
    """
    last: Reply | None = None
    for _ in range(max_steps):
        table = oracle.table_in(data_dir, channel["id"], actions=False)
        if table.status != "running":
            return await settled(data_dir, channel["id"]), last
        engine = rules.engine(table.game)
        assert table.state is not None, "a running table has a state"
        state = serial.loads(engine.State, table.state)
        seat = rng.choice(sorted(engine.awaiting(state)))
        choices = engine.legal(state, seat)
        playable = [c for c in choices if c.action["type"] not in GIVE_UP] or choices
        action = rng.choice(playable).action
        user = users[next(s["user_id"] for s in table.seats if s["seat"] == seat)]
        path = f"{command_of(table.game)} {action['type']}"
        reply = await driver.run(user, path, _channel=channel, **action_options(action))
        after = oracle.table_in(data_dir, channel["id"], actions=False)
        assert after.version == table.version + 1, f"{action} was not applied exactly once: {reply.text[:300]}"
        if not reply.ephemeral:
            board_image(driver, reply)
            last = reply
    raise AssertionError(f"the game did not end within {max_steps} actions")
