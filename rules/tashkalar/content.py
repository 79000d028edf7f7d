"""Loads the cards and tasks from content/*.json. Each kind of entry is a schema of the shared loader
(rules/content.py); what no single field can say (pattern grids, effects that go together, the fields a task's kind
needs, ids unique across files) is checked after it, so every error names the file, entry and field the same way."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from rules.content import ContentError as ContentError  # re-exported: tests and callers catch it from here
from rules.content import (
    Schema,
    Where,
    entries,
    flag,
    listed,
    read_json,
    record,
    text,
    texts,
    whole,
)
from rules.tashkalar.board import ORIENTATIONS, SIZE, grid_cells, orient, relative

CONTENT = Path(__file__).parent / "content"
RANK_NAMES = {1: "common", 2: "heroic", 3: "legendary"}
RANK_OF = {"common": 1, "heroic": 2, "legendary": 3}
PATTERN_CHARS = {"c": 1, "h": 2, "l": 3}  # a cell asking for that rank (or higher) of your own tokens
SUMMON_MARK = "@"
# Pattern sizes by the card's rank, in tokens asked for (the summoning square not counted), close to the published
# game's decks (issue #15): commons 3-4 common cells, heroics 4-6 with a heroic cell, legends 5-8 mixing ranks.
PATTERN_SIZES = {1: (3, 4), 2: (4, 6), 3: (5, 8)}
FACTION_SIZE = 18  # beings per faction, as in a published deck

EFFECT_KINDS = (
    "move",
    "combat_move",
    "jump",
    "upgrade",
    "downgrade",
    "destroy",
    "convert",
    "place",
    "extra_action",
    "extra_card",
)
MOVE_KINDS = frozenset({"move", "combat_move", "jump"})
COUNTED_KINDS = frozenset({"extra_action", "extra_card"})  # applied at once, no target
WHO = ("self", "own", "enemy", "any")
BEING_AREAS = ("self", "adjacent", "within2", "line", "pattern", "anywhere", "near_own", "near_enemy")
FLARE_AREAS = ("anywhere", "near_own", "near_enemy")
TASK_KINDS = ("shape", "count", "zone", "lead")
ZONES = ("centre", "edge", "corners")


@dataclass(frozen=True)
class Effect:
    do: str
    who: str = "own"
    area: str = "anywhere"
    ranks: tuple[int, ...] = (1, 2, 3)
    count: int = 1
    steps: int = 1  # moves: how many king-steps
    reach: int = 2  # jumps: how far (king distance)
    combat: bool = False  # jumps: may land on an equal rank like a combat move
    must: bool = False  # the player may not skip it while a target exists


Cell = tuple[int, int, int]  # dx, dy (up is +), rank asked for


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    rank: int
    grid: tuple[str, ...]
    cells: tuple[Cell, ...]  # relative to the summoning square
    effects: tuple[Effect, ...]
    faction: str  # "legend" for the shared legend deck
    flavour: str = ""

    def oriented(self, orientation: str) -> tuple[Cell, ...]:
        return oriented_cells(self.cells, orientation)

    def orientations(self) -> tuple[str, ...]:
        """Orientations that give different shapes (a symmetric pattern needs fewer)."""
        return distinct_orientations(self.cells)


@dataclass(frozen=True)
class FlarePart:
    by: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Flare:
    id: str
    name: str
    top: FlarePart  # when an opponent has at least `by` more upgraded tokens than you
    bottom: FlarePart  # when an opponent has at least `by` more tokens than you


@dataclass(frozen=True)
class Task:
    id: str
    name: str
    points: int
    kind: str
    text: str
    grid: tuple[str, ...] = ()
    cells: tuple[Cell, ...] = ()  # shape tasks: relative to the first cell
    rank: int = 1
    at_least: int = 0
    zone: str = ""


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    beings: tuple[str, ...]
    character: str = ""  # what the faction's beings do best, for the glossary and the lobby


@cache
def oriented_cells(cells: tuple[Cell, ...], orientation: str) -> tuple[Cell, ...]:
    turned = [(*orient((dx, dy), orientation), rank) for dx, dy, rank in cells]
    # highest rank first: matching anchors on the rarest tokens
    return tuple(sorted(turned, key=lambda cell: (-cell[2], cell[0], cell[1])))


@cache
def distinct_orientations(cells: tuple[Cell, ...]) -> tuple[str, ...]:
    seen: set[frozenset[Cell]] = set()
    out = []
    for orientation in ORIENTATIONS:
        shape = frozenset(oriented_cells(cells, orientation))
        if shape not in seen:
            seen.add(shape)
            out.append(orientation)
    return tuple(out)


HOUSE = text(("house",))  # every Tash-Kalar card and task here is the project's own
RANKS = tuple(RANK_OF)

# Defaults are Effect's; ranks are named here and become numbers in Effect.
EFFECT: Schema = {
    "do": text(EFFECT_KINDS),
    "who": text(WHO, default="own"),
    "area": text(BEING_AREAS, default="anywhere"),
    "ranks": texts(default=RANKS, choices=RANKS, nonempty=True),
    "count": whole(1, 4, default=1),
    "steps": whole(1, 3, default=1),
    "reach": whole(1, 8, default=2),
    "combat": flag(default=False),
    "must": flag(default=False),
}
FLARE_EFFECT: Schema = {**EFFECT, "area": text(FLARE_AREAS, default="anywhere")}
BEING: Schema = {
    "name": text(),
    "rank": text(("common", "heroic")),
    "pattern": listed(text(nonempty=True), nonempty=True),
    "effects": listed(record(EFFECT), default=()),
    "flavour": text(default=""),
    "source": HOUSE,
}
LEGEND: Schema = {**BEING, "rank": text(("legendary",))}
# each being is then checked as a BEING
FACTION: Schema = {"name": text(), "character": text(), "beings": listed(), "source": HOUSE}
FLARE_PART: Schema = {"by": whole(1, 9), "effects": listed(record(FLARE_EFFECT), nonempty=True)}
FLARE: Schema = {"name": text(), "top": record(FLARE_PART), "bottom": record(FLARE_PART), "source": HOUSE}
TASK: Schema = {
    "name": text(),
    "points": whole(1, 3),
    "kind": text(TASK_KINDS),
    "text": text(),
    "source": HOUSE,
    # by kind: TASK_NEEDS says which of these a kind must have (None: left out)
    "grid": listed(text(nonempty=True), nonempty=True, default=None),
    "rank": text(RANKS, default="common"),
    "at_least": whole(1, 30, default=None),
    "zone": text(ZONES, default=None),
}
TASK_NEEDS = {"shape": ("grid",), "count": ("at_least",), "zone": ("at_least", "zone"), "lead": ("at_least",)}


def _fits(where: Where, field: str, grid: tuple[str, ...]) -> None:
    if len({len(line) for line in grid}) != 1 or len(grid) > SIZE or len(grid[0]) > SIZE:
        raise where.fail(field, f"rows must have the same length and fit the {SIZE}x{SIZE} arena")


def _effects(where: Where, field: str, items: tuple[dict[str, Any], ...]) -> tuple[Effect, ...]:
    effects = []
    for index, item in enumerate(items):
        effect = Effect(**{**item, "ranks": tuple(RANK_OF[rank] for rank in item["ranks"])})
        if (effect.who == "self") != (effect.area == "self"):
            raise where.fail(f"{field}[{index}]", "who 'self' and area 'self' go together (the summoned being)")
        if effect.who == "self" and effect.do in ("destroy", "convert", "place"):
            raise where.fail(f"{field}[{index}]", f"a being cannot {effect.do} itself")
        effects.append(effect)
    return tuple(effects)


def _card(where: Where, fields: dict[str, Any], faction: str) -> Card:
    grid = fields["pattern"]
    _fits(where, "pattern", grid)
    cells = grid_cells(grid)
    marks = [(col, row) for col, row, ch in cells if ch == SUMMON_MARK]
    if len(marks) != 1:
        raise where.fail("pattern", f"needs exactly one {SUMMON_MARK} (the summoning square)")
    bad = {ch for _, _, ch in cells if ch != SUMMON_MARK and ch not in PATTERN_CHARS}
    if bad:
        raise where.fail("pattern", f"unknown cells {sorted(bad)}; use . c h l and one @")
    needs = tuple((dx, dy, PATTERN_CHARS[ch]) for dx, dy, ch in relative(cells, marks[0]) if ch != SUMMON_MARK)
    rank = RANK_OF[fields["rank"]]
    low, high = PATTERN_SIZES[rank]
    if not low <= len(needs) <= high:
        raise where.fail("pattern", f"a {fields['rank']} being asks for {low}-{high} tokens, not {len(needs)}")
    asked = {cell_rank for _, _, cell_rank in needs}
    if rank == 1 and asked != {1}:
        raise where.fail("pattern", "a common being's pattern asks for common tokens (c) only")
    if rank == 2 and (2 not in asked or 3 in asked):
        raise where.fail("pattern", "a heroic being's pattern needs at least one h and no l")
    if rank == 3 and (1 not in asked or asked == {1}):
        raise where.fail("pattern", "a legend's pattern mixes ranks: at least one c and one h or l")
    effects = _effects(where, "effects", fields["effects"])
    return Card(fields["id"], fields["name"], rank, grid, needs, effects, faction, fields["flavour"])


def _flare(where: Where, fields: dict[str, Any]) -> Flare:
    top, bottom = (
        FlarePart(fields[side]["by"], _effects(where, f"{side}.effects", fields[side]["effects"]))
        for side in ("top", "bottom")
    )
    return Flare(fields["id"], fields["name"], top, bottom)


def _task(where: Where, fields: dict[str, Any]) -> Task:
    kind = fields["kind"]
    for field in TASK_NEEDS[kind]:
        if fields[field] is None:
            raise where.fail(field, f"missing (a {kind} task needs it)")
    task = Task(fields["id"], fields["name"], fields["points"], kind, fields["text"])
    if kind != "shape":
        return replace(task, rank=RANK_OF[fields["rank"]], at_least=fields["at_least"], zone=fields["zone"] or "")
    grid = fields["grid"]
    _fits(where, "grid", grid)
    cells = grid_cells(grid)
    if any(ch not in PATTERN_CHARS for _, _, ch in cells) or len(cells) < 2:
        raise where.fail("grid", "shape tasks use . c h l only, with at least 2 cells")
    first = (cells[0][0], cells[0][1])
    return replace(task, grid=grid, cells=tuple((dx, dy, PATTERN_CHARS[ch]) for dx, dy, ch in relative(cells, first)))


def _one(file: str, data: Any, schema: Schema) -> tuple[Where, dict[str, Any]]:
    """A single entry, checked and named by its id the way `entries` names the entries of a list."""
    [(where, fields)] = entries(file, [data], schema, closed=True)
    return where, fields


# Single entries, for tests that feed in broken ones.
def card_from(file: str, data: Any, faction: str) -> Card:
    return _card(*_one(file, data, LEGEND if faction == "legend" else BEING), faction)


def flare_from(file: str, data: Any) -> Flare:
    return _flare(*_one(file, data, FLARE))


def task_from(file: str, data: Any) -> Task:
    return _task(*_one(file, data, TASK))


def _read(file: str) -> Any:
    return read_json(CONTENT / file, file)


@dataclass(frozen=True)
class Content:
    cards: dict[str, Card]
    factions: dict[str, Faction]
    legends: tuple[str, ...]
    flares: dict[str, Flare]
    tasks: dict[str, Task]


def load() -> Content:
    factions: dict[str, Faction] = {}
    placed: list[tuple[Where, Card]] = []
    for path in sorted(CONTENT.glob("faction_*.json")):
        where, fields = _one(path.name, read_json(path, path.name, object_at_top=True), FACTION)
        # each being is its own entry, named by its id
        beings = [
            (at, _card(at, being, fields["id"]))
            for at, being in entries(path.name, fields["beings"], BEING, closed=True)
        ]
        if len(beings) != FACTION_SIZE:
            raise where.fail("beings", f"a faction has exactly {FACTION_SIZE} beings, not {len(beings)}")
        factions[fields["id"]] = Faction(
            fields["id"], fields["name"], tuple(card.id for _, card in beings), fields["character"]
        )
        placed += beings
    legends = [
        (at, _card(at, fields, "legend"))
        for at, fields in entries("legends.json", _read("legends.json"), LEGEND, closed=True)
    ]
    cards: dict[str, Card] = {}
    for where, card in [*placed, *legends]:
        if card.id in cards:  # `entries` sees one file; a card id must be unique across all of them
            raise where.fail("id", "is used twice (ids are shared by every faction and legend file)")
        cards[card.id] = card
    flares = [_flare(*entry) for entry in entries("flares.json", _read("flares.json"), FLARE, closed=True)]
    tasks = [_task(*entry) for entry in entries("tasks.json", _read("tasks.json"), TASK, closed=True)]
    return Content(
        cards=cards,
        factions=factions,
        legends=tuple(card.id for _, card in legends),
        flares={flare.id: flare for flare in flares},
        tasks={task.id: task for task in tasks},
    )


CONTENT_DATA = load()
CARDS = CONTENT_DATA.cards
FACTIONS = CONTENT_DATA.factions
LEGENDS = CONTENT_DATA.legends
FLARES = CONTENT_DATA.flares
TASKS = CONTENT_DATA.tasks
