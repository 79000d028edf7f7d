"""Loads the cards and tasks from content/*.json and checks them; errors name the file, entry and field."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rules.content import ContentError, read_json
from rules.tashkalar.board import ORIENTATIONS, SIZE, grid_cells, orient, relative

CONTENT = Path(__file__).parent / "content"
RANK_NAMES = {1: "common", 2: "heroic", 3: "legendary"}
RANK_OF = {"common": 1, "heroic": 2, "legendary": 3}
PATTERN_CHARS = {"c": 1, "h": 2, "l": 3}  # a cell asking for that rank (or higher) of your own tokens
SUMMON_MARK = "@"

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


class _Checker:
    """Reads fields of one entry, raising ContentError with file, entry and field."""

    def __init__(self, file: str, entry: str, data: Any) -> None:
        self.file, self.entry = file, entry
        if not isinstance(data, dict):
            raise self.error("(entry)", "must be an object")
        self.data = data

    def error(self, field: str, problem: str) -> ContentError:
        return ContentError(f"{self.file}: entry {self.entry!r}: field {field!r}: {problem}")

    def get(self, field: str, kind: type, default: Any = None) -> Any:
        if field not in self.data:
            if default is None:
                raise self.error(field, "is missing")
            return default
        value = self.data[field]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.error(field, f"must be a {kind.__name__}")
        return value

    def one_of(self, field: str, allowed: tuple[str, ...], default: str | None = None) -> str:
        value = self.get(field, str, default)
        if value not in allowed:
            raise self.error(field, f"{value!r} is not one of {', '.join(allowed)}")
        return value

    def number(self, field: str, low: int, high: int, default: int | None = None) -> int:
        value = self.get(field, int, default)
        if not low <= value <= high:
            raise self.error(field, f"{value} is not between {low} and {high}")
        return value

    def house(self) -> None:
        if self.get("source", str) != "house":
            raise self.error("source", 'every Tash-Kalar card here is the project\'s own: use "house"')


def _grid(check: _Checker, field: str) -> tuple[str, ...]:
    grid = check.get(field, list)
    if not grid or not all(isinstance(line, str) and line for line in grid):
        raise check.error(field, "must be a list of non-empty strings")
    if len({len(line) for line in grid}) != 1 or len(grid) > SIZE or len(grid[0]) > SIZE:
        raise check.error(field, "rows must have the same length and fit the 9x9 arena")
    return tuple(grid)


def _effect(check: _Checker, index: int, data: Any, areas: tuple[str, ...]) -> Effect:
    sub = _Checker(check.file, check.entry, data)
    where = f"effects[{index}]"
    try:
        do = sub.one_of("do", EFFECT_KINDS)
        ranks = tuple(RANK_OF.get(r, 0) for r in sub.get("ranks", list, ["common", "heroic", "legendary"]))
        if not ranks or 0 in ranks:
            raise sub.error("ranks", "must list common, heroic or legendary")
        effect = Effect(
            do=do,
            who=sub.one_of("who", WHO, "own"),
            area=sub.one_of("area", areas, "anywhere" if "anywhere" in areas else areas[0]),
            ranks=ranks,
            count=sub.number("count", 1, 4, 1),
            steps=sub.number("steps", 1, 3, 1),
            reach=sub.number("reach", 1, 8, 2),
            combat=sub.get("combat", bool, False),
            must=sub.get("must", bool, False),
        )
    except ContentError as error:
        raise ContentError(str(error).replace("field '", f"field '{where}.", 1)) from None
    if (effect.who == "self") != (effect.area == "self"):
        raise check.error(where, "who 'self' and area 'self' go together (the summoned being)")
    if effect.who == "self" and effect.do in ("destroy", "convert", "place"):
        raise check.error(where, f"a being cannot {effect.do} itself")
    return effect


def _effects(check: _Checker, field: str, areas: tuple[str, ...]) -> tuple[Effect, ...]:
    items = check.get(field, list, [])
    return tuple(_effect(check, index, item, areas) for index, item in enumerate(items))


def _card(file: str, data: Any, faction: str) -> Card:
    entry = data.get("id", "?") if isinstance(data, dict) else "?"
    check = _Checker(file, str(entry), data)
    check.house()
    grid = _grid(check, "pattern")
    cells = grid_cells(grid)
    marks = [(col, row) for col, row, ch in cells if ch == SUMMON_MARK]
    if len(marks) != 1:
        raise check.error("pattern", f"needs exactly one {SUMMON_MARK} (the summoning square)")
    bad = {ch for _, _, ch in cells if ch != SUMMON_MARK and ch not in PATTERN_CHARS}
    if bad:
        raise check.error("pattern", f"unknown cells {sorted(bad)}; use . c h l and one @")
    needs = tuple((dx, dy, PATTERN_CHARS[ch]) for dx, dy, ch in relative(cells, marks[0]) if ch != SUMMON_MARK)
    if not needs:
        raise check.error("pattern", "needs at least one token besides the summoning square")
    rank = RANK_OF.get(check.one_of("rank", ("common", "heroic", "legendary")), 1)
    if (faction == "legend") != (rank == 3):
        raise check.error("rank", "legends are legendary and faction beings are common or heroic")
    return Card(
        id=check.get("id", str),
        name=check.get("name", str),
        rank=rank,
        grid=grid,
        cells=needs,
        effects=_effects(check, "effects", BEING_AREAS),
        faction=faction,
        flavour=check.get("flavour", str, ""),
    )


def _flare(file: str, data: Any) -> Flare:
    check = _Checker(file, str(data.get("id", "?") if isinstance(data, dict) else "?"), data)
    check.house()
    parts = []
    for side in ("top", "bottom"):
        part = _Checker(file, check.entry, check.get(side, dict))
        try:
            parts.append(FlarePart(part.number("by", 1, 9), _effects(part, "effects", FLARE_AREAS)))
        except ContentError as error:
            raise ContentError(str(error).replace("field '", f"field '{side}.", 1)) from None
        if not parts[-1].effects:
            raise check.error(side, "needs at least one effect")
    return Flare(check.get("id", str), check.get("name", str), parts[0], parts[1])


def _task(file: str, data: Any) -> Task:
    check = _Checker(file, str(data.get("id", "?") if isinstance(data, dict) else "?"), data)
    check.house()
    kind = check.one_of("kind", TASK_KINDS)
    task = Task(
        id=check.get("id", str),
        name=check.get("name", str),
        points=check.number("points", 1, 3),
        kind=kind,
        text=check.get("text", str),
    )
    if kind == "shape":
        grid = _grid(check, "grid")
        cells = grid_cells(grid)
        if any(ch not in PATTERN_CHARS for _, _, ch in cells) or len(cells) < 2:
            raise check.error("grid", "shape tasks use . c h l only, with at least 2 cells")
        first = (cells[0][0], cells[0][1])
        shape = tuple((dx, dy, PATTERN_CHARS[ch]) for dx, dy, ch in relative(cells, first))
        return Task(task.id, task.name, task.points, kind, task.text, grid=grid, cells=shape)
    rank = RANK_OF.get(check.one_of("rank", ("common", "heroic", "legendary"), "common"), 1)
    at_least = check.number("at_least", 1, 30)
    zone = check.one_of("zone", ZONES) if kind == "zone" else ""
    return Task(task.id, task.name, task.points, kind, task.text, rank=rank, at_least=at_least, zone=zone)


def _read(file: str) -> Any:
    return read_json(CONTENT / file, file)


def _unique(file: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for entry in ids:
        if entry in seen:
            raise ContentError(f"{file}: entry {entry!r}: field 'id': used twice")
        seen.add(entry)


@dataclass(frozen=True)
class Content:
    cards: dict[str, Card]
    factions: dict[str, Faction]
    legends: tuple[str, ...]
    flares: dict[str, Flare]
    tasks: dict[str, Task]


def load() -> Content:
    cards: dict[str, Card] = {}
    factions: dict[str, Faction] = {}
    all_ids: list[str] = []
    for path in sorted(CONTENT.glob("faction_*.json")):
        data = _read(path.name)
        check = _Checker(path.name, str(data.get("id", "?") if isinstance(data, dict) else "?"), data)
        check.house()
        faction_id = check.get("id", str)
        beings = [_card(path.name, item, faction_id) for item in check.get("beings", list)]
        if len(beings) < 15:
            raise check.error("beings", "a faction needs at least 15 beings")
        factions[faction_id] = Faction(faction_id, check.get("name", str), tuple(card.id for card in beings))
        for card in beings:
            cards[card.id] = card
            all_ids.append(card.id)
    legends = [_card("legends.json", item, "legend") for item in _read("legends.json")]
    flares = [_flare("flares.json", item) for item in _read("flares.json")]
    tasks = [_task("tasks.json", item) for item in _read("tasks.json")]
    _unique("faction and legend files", [*all_ids, *(card.id for card in legends)])
    _unique("flares.json", [flare.id for flare in flares])
    _unique("tasks.json", [task.id for task in tasks])
    cards.update({card.id: card for card in legends})
    return Content(
        cards=cards,
        factions=factions,
        legends=tuple(card.id for card in legends),
        flares={flare.id: flare for flare in flares},
        tasks={task.id: task for task in tasks},
    )


# Public names for the parsers (tests feed them broken entries).
card_from, flare_from, task_from = _card, _flare, _task

CONTENT_DATA = load()
CARDS = CONTENT_DATA.cards
FACTIONS = CONTENT_DATA.factions
LEGENDS = CONTENT_DATA.legends
FLARES = CONTENT_DATA.flares
TASKS = CONTENT_DATA.tasks
