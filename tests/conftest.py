import fcntl
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.cogs.harness import Harness


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    h = Harness(tmp_path)
    await h.start()
    yield h
    await h.close()
    errors = [record.getMessage() + str(record.exc_info and record.exc_info[1]) for record in h.errors.records]
    assert not errors, f"the bot logged errors: {errors}"


ALONE_LOCK = Path(__file__).resolve().parent.parent / ".pytest-alone.lock"


@pytest.fixture(autouse=True)
def _alone_or_together(request: pytest.FixtureRequest) -> Iterator[None]:
    """Tests marked `alone` (the load tests, whose answers must come within Discord's 3 s) run while no other
    test runs in another xdist worker: they take the lock exclusively, every other test takes it shared."""
    exclusive = request.node.get_closest_marker("alone") is not None
    with ALONE_LOCK.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The load tests last: they run alone, and anywhere else in the order they would wait, with their core idle,
    for a long test in the other worker to end. The sort is stable, so every other test keeps its place."""
    items.sort(key=lambda item: item.get_closest_marker("alone") is not None)
