"""`fixture_maps`: point the engine at the small grid test maps (modules opt in with pytestmark)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.smallworld import content

FIXTURE_MAPS = Path(__file__).parent / "fixtures" / "maps"


@pytest.fixture()
def fixture_maps(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setattr(content, "MAP_DIR", FIXTURE_MAPS)
    yield FIXTURE_MAPS
