"""What the table may ask of a game's renderer, as one typed record per game, and what it tells the renderer.

Each renderer module (render/<game>.py) ends with `RENDERER = Renderer(board=..., ...)`, and the game's entry in
rules.GAMES names that module beside its engine. The posted board is required; the whole map (/board full), the
zoom around one place (/board zoom), a player's private hand and the spots of the whole map a web reader may click
are drawn or told only by the games that have them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from render.draw import SEAT_COLOURS, Colour

if TYPE_CHECKING:
    from PIL import Image

    from rules.base import Engine, Lookup

S = TypeVar("S")


@dataclass(frozen=True)
class TableFacts:
    """What the table knows beside the game's state and hands the renderer with it: who sits where and who it
    waits for now (the renderer reads them here rather than working them out again from the state)."""

    names: tuple[str, ...]  # each seat's player, by seat
    awaiting: frozenset[int] = frozenset()  # the seats that must act now; none once the game is over


def table_facts(engine: Engine[S], state: S, names: Sequence[str]) -> TableFacts:
    """The facts that go with `state` (the running game's or a past turn's): the seats' names, who it awaits."""
    return TableFacts(tuple(names), engine.awaiting(state))


def _no_other_spelling(name: str) -> str | None:
    return None


@dataclass(frozen=True)
class Zoom(Generic[S]):
    """/board zoom: one place of the map and its surroundings, enlarged. `places(public)` lists the places it
    accepts as (id, name), by name; `place` finds the id of another spelling of a place's name (None: none)."""

    draw: Callable[[S, TableFacts, str], Image.Image]  # (public view, facts, place id)
    places: Callable[[S], list[tuple[str, str]]]
    place: Callable[[str], str | None] = _no_other_spelling


Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in pixels: x0 <= x < x1, y0 <= y < y1


@dataclass(frozen=True)
class Spot:
    """One place or piece where the whole-map image shows it: the name /info finds it by, and a box it is drawn
    in. A place drawn in several pieces (or too crooked for one box) has several spots of one name."""

    name: str
    box: Box


@dataclass(frozen=True)
class Renderer(Generic[S]):
    """A game's pictures. Every function takes a view (the public one, or for `hand` the seat's own) and the
    table's facts, and returns a Pillow image (`spots`: where that image shows what); `warm` builds the kept layers
    before the first board."""

    board: Callable[[S, TableFacts], Image.Image]  # the board as posted after each change
    full: Callable[[S, TableFacts], Image.Image] | None = None  # the whole map, where `board` shows a part of it
    zoom: Zoom[S] | None = None
    hand: Callable[[S, int, TableFacts], Image.Image] | None = None  # (the seat's view, seat, facts)
    warm: Callable[[], None] | None = None
    # where the whole-map image (`whole_map`, drawn from the same view and facts) shows each place and piece that
    # /info explains: what the web page answers a click on the map with
    spots: Callable[[S, TableFacts], list[Spot]] | None = None
    # /info's picture of one thing of the game's glossary (a die's faces), None for a thing it has none of; the
    # text picture (Lookup.picture) stays the words' own
    info_picture: Callable[[Lookup], Image.Image | None] | None = None
    # the colours that tell the players (or the realms, sides they play) apart on the board, first seat first
    colours: Sequence[Colour] = SEAT_COLOURS

    @property
    def whole_map(self) -> Callable[[S, TableFacts], Image.Image]:
        """The picture of the whole map: `full` where the game has one (its board shows a part), else `board`."""
        return self.full or self.board
