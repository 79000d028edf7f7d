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
def _one_load_test_at_a_time(request: pytest.FixtureRequest) -> Iterator[None]:
    """Tests marked `alone` (the load tests, whose answers must come within Discord's 3 s) never run at the same
    time as each other, whatever the xdist scheduling: each holds this lock. Beside one ordinary test they still
    answer in time (the bot acknowledges early when it is busy; these tests pass with both cores loaded)."""
    if request.node.get_closest_marker("alone") is None:
        yield
        return
    with ALONE_LOCK.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The load tests first: with --dist worksteal (./run-tests) the first worker's half of the queue starts with
    them, so it plays them one after another while the other worker takes everything else (an idle worker steals
    from the end of a queue). Last, they left a core idle while each ran. The sort is stable: the rest keep their
    order."""
    items.sort(key=lambda item: item.get_closest_marker("alone") is None)
