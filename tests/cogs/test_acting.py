"""When the bot counts as busy: another interaction still waiting for its answer, not one already answered."""

from __future__ import annotations

from typing import Any, cast

from cogs.common import acting


class _Response:
    def __init__(self, done: bool) -> None:
        self.done = done

    def is_done(self) -> bool:
        return self.done


class _Interaction:
    def __init__(self, answered: bool) -> None:
        self.response = _Response(answered)
        self.extras: dict[str, Any] = {}


async def _busy_beside(other: _Interaction) -> bool:
    async with acting(cast(Any, other)), acting(cast(Any, _Interaction(answered=False))) as new:
        return new.busy


async def test_one_waiting_for_its_answer_makes_the_bot_busy() -> None:
    assert await _busy_beside(_Interaction(answered=False))


async def test_one_already_answered_and_still_drawing_does_not() -> None:
    assert not await _busy_beside(_Interaction(answered=True))


async def test_alone_the_bot_is_not_busy_and_forgets_what_it_handled() -> None:
    async with acting(cast(Any, _Interaction(answered=False))) as alone:
        assert not alone.busy
    async with acting(cast(Any, _Interaction(answered=False))) as later:
        assert not later.busy
