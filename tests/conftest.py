from collections.abc import AsyncIterator
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
