"""pytest plugin: `pytest -p tests.support.toy.plugin ...` runs with Footrace installed, as if it shipped, so every
check that reads the registry covers it. With TOY_COLLECTED=<file>, the ids of every test collected (before -k
or -m deselect any) are written there, one a line: tests/test_a_new_game.py reads which checks cover which game."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import rules
from tests.support.toy import GAME


def pytest_configure(config: pytest.Config) -> None:
    rules.register(GAME)


def pytest_unconfigure(config: pytest.Config) -> None:
    rules.unregister(GAME)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    collected = os.environ.get("TOY_COLLECTED")
    if collected:
        Path(collected).write_text("".join(f"{item.nodeid}\n" for item in items), encoding="utf-8")
