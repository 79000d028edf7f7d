"""The table's timelapse: posted once after a finished game's finale (none when the table turned it off), again after
a crash only if it never reached the channel; /board timelapse mid-game; the frames are the snapshots' public boards
in order."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import rules
from render import timelapse as drawing
from rules import serial
from table import commands
from table.commands import Where
from table.service import Post, TableError, TableService
from table.service.outbox import NotShown
from table.service.timelapse import DUE_AFTER, nonce
from table.storage import Store
from tests.support.seeded import SeededTable
from tests.table.conftest import ALICE, BOB, CHANNEL, GUILD, FakeClock

WIN = ["a1", "b1", "a2", "b2", "a3"]  # alice (X) wins in three


class Channel:
    """The channel as the outbox's Screen: every message it was given, and a switch to refuse them."""

    edits = False

    def __init__(self) -> None:
        self.messages: list[tuple[Post, bytes]] = []
        self.refusing = False

    async def answer_first(self, post: Post) -> None:
        pass

    async def new(self, post: Post, picture: bytes) -> int:
        if self.refusing:
            raise NotShown("Discord is down")
        self.messages.append((post, picture))
        return len(self.messages)

    async def edit(self, post: Post, picture: bytes, message_id: int) -> int | None:
        return None

    async def shown(self, post: Post, message_id: int) -> None:
        pass

    @property
    def timelapses(self) -> list[tuple[Post, bytes]]:
        return [(post, data) for post, data in self.messages if post.file is not None]


def service_on(store: Store, clock: FakeClock, channel: Channel) -> TableService:
    """A service whose own posts (a bot's move, a timelapse) go to `channel`, as post_to_channel sends them."""
    seeds = iter(range(1, 10**6))

    async def deliver(post: Post) -> None:
        await made.show(post, channel)

    made = TableService(store, clock=clock, seeds=lambda: next(seeds), deliver=deliver)
    return made


async def played_to_the_end(service: TableService, channel: Channel, off: bool = False) -> Post:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    if off:
        await run(service, ["game", "settings", "timelapse:off"])
    post = await service.start(CHANNEL, ALICE, "joined")
    await service.show(post, channel)
    for n, square in enumerate(WIN):
        post = await service.act(CHANNEL, ALICE if n % 2 == 0 else BOB, {"type": "mark", "square": square})
        await service.show(post, channel)
    assert post.finished
    return post


async def run(service: TableService, words: list[str]) -> commands.Reply:
    command, rest = commands.must_find(words)
    args: dict[str, Any] = {}
    for word in rest:
        name, _, value = word.partition(":")
        args[name] = True if value == "true" else value
    where = Where(ALICE, GUILD, CHANNEL, service.clock(), lambda _: True)
    return await command(service, where, args)


def frames_of(data: bytes) -> int:
    return int(getattr(Image.open(io.BytesIO(data)), "n_frames", 1))


async def test_the_timelapse_follows_the_finale_once_and_pings_nobody(store: Store, clock: FakeClock) -> None:
    channel = Channel()
    service = service_on(store, clock, channel)
    finale = await played_to_the_end(service, channel)
    [(post, data)] = channel.timelapses
    assert channel.messages[-2][0] is finale and channel.messages[-1][0] is post  # right after the finale
    assert post.mentions == [] and post.quick == [] and post.file is not None and post.file[0] == "timelapse.webp"
    assert post.nonce == nonce(post.table_id) and "<@" not in post.text
    assert post.text == "Timelapse of this Tic-tac-toe game: 5 turns, one frame each."
    assert frames_of(data) == 6  # the start and five turns' ends
    assert len(data) <= drawing.LIMIT
    table = await service.table_here(CHANNEL)
    assert table.timelapse_posted is not None
    # the finale shown again (a catch-up), a tick, a restart: never a second one
    await service.show(finale, channel)
    clock.advance(DUE_AFTER * 2)
    await service.timelapses.post_due()
    await service_on(store, clock, channel).timelapses.post_due()
    assert len(channel.timelapses) == 1


async def test_a_table_that_turned_it_off_posts_none(store: Store, clock: FakeClock) -> None:
    channel = Channel()
    service = service_on(store, clock, channel)
    await played_to_the_end(service, channel, off=True)
    clock.advance(DUE_AFTER * 2)
    await service_on(store, clock, channel).timelapses.post_due()
    assert channel.timelapses == []
    assert "No timelapse at the end." in (await run(service, ["game", "status"])).text


async def test_a_timelapse_discord_refused_is_posted_by_a_later_tick_once(store: Store, clock: FakeClock) -> None:
    channel = Channel()
    service = service_on(store, clock, channel)
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.show(await service.start(CHANNEL, ALICE, "joined"), channel)
    for n, square in enumerate(WIN):
        post = await service.act(CHANNEL, ALICE if n % 2 == 0 else BOB, {"type": "mark", "square": square})
        if n == len(WIN) - 1:
            await service.outbox.show(post, channel)  # the finale reaches the channel; then Discord goes down
            channel.refusing = True
            await service.timelapses.after_finale(post.table_id)
            channel.refusing = False
        else:
            await service.show(post, channel)
    assert channel.timelapses == []
    later = service_on(store, clock, channel)  # the process restarted
    await later.timelapses.post_due()
    assert channel.timelapses == [], "not before the finishing process had its time to post it"
    clock.advance(DUE_AFTER + 1)
    await later.timelapses.post_due()
    await later.timelapses.post_due()
    [(post, _)] = channel.timelapses
    assert post.nonce == nonce(post.table_id)  # the nonce of every attempt: Discord hands back one that arrived


async def test_board_timelapse_mid_game_and_its_refusals(store: Store, clock: FakeClock) -> None:
    channel = Channel()
    service = service_on(store, clock, channel)
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    with pytest.raises(TableError, match="not begun"):
        await run(service, ["board", "timelapse:true"])
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    reply = await run(service, ["board", "timelapse:true"])
    assert reply.text == "Tic-tac-toe so far: the start only (no turn played yet)."
    for n, square in enumerate(WIN[:3]):
        await service.act(CHANNEL, ALICE if n % 2 == 0 else BOB, {"type": "mark", "square": square})
    reply = await run(service, ["board", "timelapse:true"])
    assert not reply.ephemeral and reply.file is not None and reply.file.name == "timelapse.webp"
    assert reply.text == "Tic-tac-toe so far: 3 turns, one frame each."
    assert frames_of(reply.file.data) == 4
    with pytest.raises(TableError, match="alone"):
        await run(service, ["board", "timelapse:true", "turn:1"])
    with pytest.raises(TableError, match="timelapse is on or off"):
        await run(service, ["game", "settings", "timelapse:maybe"])
    assert (await service.table_here(CHANNEL)).timelapse
    assert channel.timelapses == []  # asked for, never posted on its own


@pytest.mark.parametrize("game", ["tashkalar", "smallworld"])
async def test_the_frames_are_the_snapshots_public_boards_in_order(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hidden hands and coins are never drawn: every frame is the public view of the stored snapshot it shows."""
    seen: list[list[drawing.Frame]] = []
    real = drawing.draw

    def spy(game_id: str, frames: list[drawing.Frame], limit: int = drawing.LIMIT) -> drawing.Timelapse:
        seen.append(list(frames))
        return real(game_id, frames, limit)

    monkeypatch.setattr(drawing, "draw", spy)
    async with SeededTable.opened(game, tmp_path) as seeded:
        async for _ in seeded.play(60):
            pass
        service = seeded.service
        table = await service.table_here(seeded.console.channel_id)
        assert table.status == "running" and table.turns >= 3, "played far enough to have turns to show"
        _, drawn = await service.board_timelapse(seeded.console.channel_id)
        engine = rules.engine(game)
        [frames] = seen
        last = await service.store.log.snapshot(table.id, table.turns)
        assert last is not None
        under_way = last.upto < await service.store.log.action_count(table.id)  # actions after the last turn's end
        assert drawn.frames == len(frames) == table.turns + 1 + under_way  # the start, each turn's end, now
        for turn in range(table.turns + 1):
            snapshot = await service.store.log.snapshot(table.id, turn)
            assert snapshot is not None
            expected = engine.view(serial.loads(engine.State, snapshot.state), None)
            assert frames[turn].public == expected
            assert frames[turn].label.endswith("the start" if turn == 0 else f"end of turn {turn}")
        assert frames[-1].public == engine.view(service.state(table), None)
        assert frames[-1].label.endswith("now" if under_way else f"end of turn {table.turns}")
        names = tuple(seat.name for seat in await service.store.tables.seats(table.id))
        assert all(frame.facts.names == names for frame in frames)
