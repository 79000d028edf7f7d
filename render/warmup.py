"""What a bot process does once, soon after it starts: build every renderer's kept layers, so the first board of a
game is as fast as the rest, then set what start-up built aside from the garbage collector.

Everything alive by then (modules, rules content, the layers just built) lives as long as the process. Left in the
collector's view, each full collection walks it all again and frees none of it: 20-30 ms, which lands in whichever
action happens to be running (about 40,000 objects; issue #39 measured it as a good part of Genertela's slowest
actions). gc.freeze is the standard library's tool for this.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterable

from render import renderer


async def warm_up(games: Iterable[str], *, freeze: bool) -> None:
    """Warm each game's renderer in a worker thread (the event loop keeps serving); then, if `freeze`, freeze the
    heap. Only a process that is the bot's own freezes: a test suite that builds bots in its own process does not."""
    for game_id in games:
        warm = renderer(game_id).warm
        if warm is not None:
            await asyncio.to_thread(warm)
    if freeze:
        freeze_heap()


def freeze_heap() -> None:
    """Collect what is garbage now, then move every object still alive out of the collector's generations. What an
    action started meanwhile holds is frozen with it, and never collected if it later turns into a cycle: a few
    objects, once."""
    gc.collect()
    gc.freeze()
