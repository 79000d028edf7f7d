from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from table.service import Caller, Post, TableService
from table.service.clock import Origin, Reminders
from table.storage import Store
from tests.support import pig, postgres

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


@pytest.fixture(params=["sqlite", "postgresql"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """The table service's tests run on both stores: the same guarantees, whichever database holds the tables."""
    where = str(tmp_path / "t.sqlite3") if request.param == "sqlite" else await postgres.fresh_database()
    opened = await Store.open(where)
    yield opened
    await opened.close()


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[Store]:
    """For the tests of what only SQLite has (its pragmas, its single file)."""
    opened = await Store.open(tmp_path / "only.sqlite3")
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


@dataclass
class Inbox:
    """What reminders sent: a notifier that records instead of reaching Discord."""

    dms: list[tuple[int, str]] = field(default_factory=list)
    origins: list[Origin] = field(default_factory=list)
    mentions: list[tuple[int, int, str]] = field(default_factory=list)
    posts: list[Post] = field(default_factory=list)
    closed: set[int] = field(default_factory=set)
    broken: set[int] = field(default_factory=set)

    async def dm(self, user_id: int, text: str, origin: Origin) -> bool:
        if user_id in self.broken:
            raise RuntimeError("Discord is down")
        if user_id in self.closed:
            return False
        self.dms.append((user_id, text))
        self.origins.append(origin)
        return True

    async def mention(self, channel_id: int, user_id: int, text: str) -> None:
        self.mentions.append((channel_id, user_id, text))

    async def post(self, post: Post) -> None:
        self.posts.append(post)


@pytest.fixture
def inbox() -> Inbox:
    return Inbox()


@pytest.fixture
def reminders(service: TableService, inbox: Inbox) -> Reminders:
    return Reminders(service, inbox)
