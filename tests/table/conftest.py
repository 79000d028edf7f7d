from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from table.service import Caller, TableService
from table.store import Store
from tests.support import pig

ALICE, BOB, CAROL = Caller(1, "alice"), Caller(2, "bob"), Caller(3, "carol")
CHANNEL, GUILD = 100, 10


class FakeClock:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(tmp_path / "t.sqlite3")
    yield opened
    await opened.close()


@pytest.fixture
def service(store: Store, clock: FakeClock) -> TableService:
    seeds = iter(range(1, 10**6))
    return TableService(store, clock=clock, seeds=lambda: next(seeds))


@pytest.fixture
def with_pig() -> Iterator[None]:
    pig.install()
    yield
    pig.uninstall()
