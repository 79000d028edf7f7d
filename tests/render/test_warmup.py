"""The bot's warm-up (render/warmup.py): every renderer warmed before the heap is frozen, and only a process that is
the bot's own freezes it."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import bot
from render import warmup
from render.record import Renderer

ROOT = Path(__file__).resolve().parents[2]


def recording(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the warm-up does, in order: each game's warm, then the collector's calls (none of them really made)."""
    done: list[str] = []

    def record_for(game_id: str) -> Renderer[Any]:
        warm = None if game_id == "cold" else (lambda: done.append(f"warm {game_id}"))
        return Renderer(board=lambda state, facts: None, warm=warm)  # type: ignore[arg-type, return-value]

    def collect(*args: Any) -> int:
        done.append("collect")
        return 0

    monkeypatch.setattr(warmup, "renderer", record_for)
    monkeypatch.setattr(gc, "collect", collect)
    monkeypatch.setattr(gc, "freeze", lambda: done.append("freeze"))
    return done


async def test_the_heap_is_frozen_after_every_renderer_is_warm(monkeypatch: pytest.MonkeyPatch) -> None:
    done = recording(monkeypatch)
    await warmup.warm_up(["a", "cold", "b"], freeze=True)
    assert done == ["warm a", "warm b", "collect", "freeze"]


async def test_a_process_that_is_not_the_bots_own_never_freezes(monkeypatch: pytest.MonkeyPatch) -> None:
    done = recording(monkeypatch)
    await warmup.warm_up(["a"], freeze=False)
    assert done == ["warm a"]


def test_only_a_bot_run_from_the_environment_freezes_its_heap() -> None:
    assert bot.Config.from_env().freeze_heap
    assert not bot.Config("token", Path("data"), None, None, 60).freeze_heap  # as the tests build their bots


def test_freezing_takes_start_ups_objects_out_of_the_collectors_sight() -> None:
    """In a process of its own: after freeze_heap a full collection has next to nothing left to walk."""
    script = (
        "import gc, rules, render.genertela\n"
        "from render.warmup import freeze_heap\n"
        "before = len(gc.get_objects())\n"
        "freeze_heap()\n"
        "print(before, gc.get_freeze_count(), len(gc.get_objects()))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    before, frozen, seen = (int(word) for word in done.stdout.split())
    assert before > 10_000 and frozen >= 0.9 * before and seen < 100
