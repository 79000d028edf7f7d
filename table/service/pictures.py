"""The boards as pictures: drawn in a worker thread so the bot never stalls, and the latest kept (a post's board
is asked for again by its edits and by /board)."""

from __future__ import annotations

import asyncio
from typing import Any

from render import renderer
from render.draw import encode_png
from render.record import TableFacts

KEPT = 256  # pictures kept, the latest drawn


class Pictures:
    def __init__(self) -> None:
        self._drawn: dict[tuple[int, int, int, str], bytes] = {}  # (table, version, turn, zoom) -> PNG, the latest

    async def draw(
        self,
        key: tuple[int, int, int],
        game: str,
        public: Any,
        facts: TableFacts,
        zoom: str | None = None,
        full: bool = False,
    ) -> bytes:
        """A public board as PNG (as posted, zoomed on a place, or the whole map): `key` is (table, version, turn)."""
        cache_key = (*key, zoom or ("full" if full else ""))
        if cache_key not in self._drawn:
            drawn = renderer(game)

            def draw() -> bytes:  # views.board asks for a zoom or the whole map only of a game that draws it
                if zoom and drawn.zoom is not None:
                    return encode_png(drawn.zoom.draw(public, facts, zoom))
                if full and drawn.full is not None:
                    return encode_png(drawn.full(public, facts))
                return encode_png(drawn.board(public, facts))

            png = await asyncio.to_thread(draw)
            if len(self._drawn) > KEPT:
                self._drawn.pop(next(iter(self._drawn)))
            self._drawn[cache_key] = png
        return self._drawn[cache_key]

    def forget(self) -> None:
        """Drop every board drawn so far (they may show a name that must go: a forgotten user)."""
        self._drawn.clear()
