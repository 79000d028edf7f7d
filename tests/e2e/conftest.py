"""Fixtures: a Discord stand-in on 127.0.0.1, and bot processes pointed at it (always killed at teardown)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest

from tests.e2e.driver import Driver
from tests.e2e.process import BOT, BotProcess, bot_argv
from tests.e2e.standin import FakeDiscord


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "standin(users=6, channels=3): the size of the stand-in's guild")


@pytest.fixture
async def discord(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    marker = request.node.get_closest_marker("standin")
    async with FakeDiscord(**(marker.kwargs if marker else {})) as server:
        yield server


@pytest.fixture
def driver(discord: FakeDiscord) -> Driver:
    return Driver(discord)


@pytest.fixture
def spawn(discord: FakeDiscord, tmp_path: Path) -> Iterator[Callable[..., BotProcess]]:
    """spawn(argv) -> a BotProcess (not started) for this test's stand-in and a fresh data dir."""
    made: list[BotProcess] = []

    def make(argv: list[str], tick_seconds: float = 0.5) -> BotProcess:
        data_dir = tmp_path / f"data-{len(made)}"
        data_dir.mkdir()
        process = BotProcess(discord, data_dir, argv, tick_seconds)
        made.append(process)
        return process

    yield make
    for process in made:
        process.kill()


@pytest.fixture
async def bot(spawn: Callable[..., BotProcess], discord: FakeDiscord) -> AsyncIterator[BotProcess]:
    """The unmodified bot.py (with the games this run installed beyond the shipped ones, such as a toy game),
    connected to the stand-in with its commands synced.

    Afterwards: the bot sent Discord nothing it would refuse (limits) and used no route the stand-in lacks.
    """
    if not BOT.exists():
        pytest.skip("bot.py does not exist yet")
    process = spawn(bot_argv())
    await process.start_and_connect()
    try:
        await discord.wait_for(lambda: discord.command_syncs, timeout=15)
    except TimeoutError:
        raise AssertionError(f"bot never synced its commands; log:\n{process.log_tail()}") from None
    yield process
    assert not discord.refused, f"Discord would have refused: {discord.refused[:3]}"
    assert not discord.unhandled, [(r.method, r.path) for r in discord.unhandled]
