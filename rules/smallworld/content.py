"""Loads and validates Small World Underground content: maps, races, powers, Places and Relics.

Every error names the file, the entry and the field, so a bad data file is fixed in one look.
Maps live in content/maps/<n>p.json (one per player count); `MAP_DIR` can be pointed elsewhere by tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rules.content import ContentError, read_json

CONTENT_DIR = Path(__file__).parent / "content"
MAP_DIR = CONTENT_DIR / "maps"

LAND = ("fungus", "crystal", "mine", "mud", "ruins")
TERRAINS = (*LAND, "river", "chasm", "volcano")
SOURCES = ("published", "house")
TURNS_BY_PLAYERS = {2: 10, 3: 9, 4: 9, 5: 8}

# Effect kinds the engine implements (see abilities.py); each lists its required fields.
EFFECT_FIELDS: dict[str, tuple[str, ...]] = {
    "score_terrain": ("terrain", "coins"),
    "score_flat": ("coins",),
    "score_conquered": ("coins", "origin"),
    "score_treasure": ("coins",),
    "score_recluse": ("coins",),
    "score_declined_region": ("coins",),
    "score_victims": ("coins",),
    "paid_when_conquered": ("coins",),
    "cost_change": ("amount", "where"),
    "defence": ("amount", "where"),
    "enter_anywhere": (),
    "volcano": (),
    "river_hold": (),
    "chasm_leap": (),
    "great_ancient": (),
    "queen": (),
    "doormat": (),
    "no_loss": (),
    "immune_abilities": (),
    "tokens_per_terrain": ("terrain",),
    "tokens_per_conquest": ("origin",),
    "heir_tokens": ("tokens",),
    "tokens_per_turn": ("tokens",),
    "frenzied": (),
}
WHERE = ("all", "empty", "occupied", "terrain", "monster", "near_ancient", "stack", "here")
ORIGINS = ("occupied", "declined", "monster", "any")


@dataclass(frozen=True)
class RegionData:
    id: str
    name: str
    terrain: str
    black_mountain: bool
    monster: bool
    border: bool
    centre: tuple[int, int]
    outline: tuple[tuple[int, int], ...]
    adjacent: tuple[str, ...]


@dataclass(frozen=True)
class MapData:
    id: str
    title: str
    players: int
    turns: int
    size: tuple[int, int]
    regions: dict[str, RegionData]
    source: str

    def region(self, region_id: str) -> RegionData:
        return self.regions[region_id]

    def is_edge(self, region_id: str) -> bool:
        """A race may enter here first: a border region, a River, or a region touching a River (seed step 4)."""
        region = self.regions[region_id]
        river = region.terrain == "river"
        return region.border or river or any(self.regions[o].terrain == "river" for o in region.adjacent)

    def inner_land(self) -> list[str]:
        """Land regions no race may enter first: they can only be reached from a neighbour."""
        return [rid for rid, region in self.regions.items() if region.terrain in LAND and not self.is_edge(rid)]


@dataclass(frozen=True)
class Effect:
    kind: str
    params: dict[str, Any]

    def get(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)


@dataclass(frozen=True)
class Ability:
    """A race, a power, a Place or a Relic: a name, its tokens (races/powers) and its effects."""

    id: str
    name: str
    tokens: int
    tray: int
    text: str
    effects: tuple[Effect, ...]
    source: str
    survives_decline: bool
    kind: str  # "race", "power", "place", "relic"

    def has(self, kind: str) -> bool:
        return any(effect.kind == kind for effect in self.effects)

    def all(self, kind: str) -> list[Effect]:
        return [effect for effect in self.effects if effect.kind == kind]


@dataclass(frozen=True)
class Content:
    races: dict[str, Ability]
    powers: dict[str, Ability]
    treasures: dict[str, Ability]  # Places and Relics, drawn from one stack


class _Where:
    """Builds error messages that say file, entry and field."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, entry: str, field: str, problem: str) -> ContentError:
        return ContentError(f"{self.file}: entry {entry!r}, field {field!r}: {problem}")


def _field(where: _Where, entry: str, data: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    if name not in data:
        raise where.fail(entry, name, "missing")
    value = data[name]
    if isinstance(value, bool) and kind is int:
        raise where.fail(entry, name, "must be a whole number, not true/false")
    if not isinstance(value, kind):
        raise where.fail(entry, name, f"must be {getattr(kind, '__name__', kind)}, got {type(value).__name__}")
    return value


def _point(where: _Where, entry: str, field: str, value: Any) -> tuple[int, int]:
    ok = isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)
    if not ok:
        raise where.fail(entry, field, "must be a pair of whole numbers [x, y]")
    return (value[0], value[1])


def parse_map(data: Any, file: str) -> MapData:
    """Validate a map object (see the map schema) and build MapData."""
    where = _Where(file)
    if not isinstance(data, dict):
        raise where.fail("(file)", "(root)", "must be a JSON object")
    source = _field(where, "(map)", data, "source", str)
    if source not in SOURCES:
        raise where.fail("(map)", "source", f"must be one of {SOURCES}")
    map_id = _field(where, "(map)", data, "id", str)
    players = _field(where, "(map)", data, "players", int)
    if players not in TURNS_BY_PLAYERS:
        raise where.fail("(map)", "players", "must be 2, 3, 4 or 5")
    turns = _field(where, "(map)", data, "turns", int)
    if not 8 <= turns <= 10:
        raise where.fail("(map)", "turns", "must be between 8 and 10")
    size = _point(where, "(map)", "size", data.get("size"))
    title = _field(where, "(map)", data, "title", str)
    raw_regions = _field(where, "(map)", data, "regions", list)
    regions: dict[str, RegionData] = {}
    names: set[str] = set()
    for index, raw in enumerate(raw_regions):
        label = f"regions[{index}]"
        if not isinstance(raw, dict):
            raise where.fail(label, "(region)", "must be an object")
        rid = _field(where, label, raw, "id", str)
        label = rid
        if not rid or not rid.replace("_", "").isalnum() or rid.lower() != rid:
            raise where.fail(label, "id", "must be snake_case letters and digits")
        if rid in regions:
            raise where.fail(label, "id", "is used twice")
        name = _field(where, label, raw, "name", str)
        if name in names:
            raise where.fail(label, "name", f"{name!r} is used twice")
        names.add(name)
        terrain = _field(where, label, raw, "terrain", str)
        if terrain not in TERRAINS:
            raise where.fail(label, "terrain", f"{terrain!r} is not one of {', '.join(TERRAINS)}")
        outline = _field(where, label, raw, "outline", list)
        adjacent = _field(where, label, raw, "adjacent", list)
        if not all(isinstance(other, str) for other in adjacent):
            raise where.fail(label, "adjacent", "must be a list of region ids")
        regions[rid] = RegionData(
            id=rid,
            name=name,
            terrain=terrain,
            black_mountain=_field(where, label, raw, "black_mountain", bool),
            monster=_field(where, label, raw, "monster", bool),
            border=_field(where, label, raw, "border", bool),
            centre=_point(where, label, "centre", raw.get("centre")),
            outline=tuple(_point(where, label, "outline", p) for p in outline),
            adjacent=tuple(adjacent),
        )
    for region in regions.values():
        for other in region.adjacent:
            if other not in regions:
                raise where.fail(region.id, "adjacent", f"{other!r} is not a region of this map")
            if region.id not in regions[other].adjacent:
                raise where.fail(region.id, "adjacent", f"{other!r} does not list {region.id!r} back")
            if other == region.id:
                raise where.fail(region.id, "adjacent", "a region cannot touch itself")
    return MapData(map_id, title, players, turns, size, regions, source)


@cache
def _load_map_file(path: str) -> MapData:
    file = Path(path)
    if not file.exists():
        raise ContentError(f"{file}: no map file for this player count")
    return parse_map(read_json(file, str(file)), file.name)


def load_map(players: int, directory: Path | None = None) -> MapData:
    """The map for `players` (2-5), validated. Looks in `directory`, else MAP_DIR."""
    folder = directory if directory is not None else MAP_DIR
    result = _load_map_file(str(folder / f"{players}p.json"))
    if result.players != players:
        raise ContentError(f"{players}p.json: entry '(map)', field 'players': says {result.players}")
    return result


def _parse_effect(where: _Where, entry: str, index: int, raw: Any) -> Effect:
    label = f"effects[{index}]"
    if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
        raise where.fail(entry, label, "must be an object with a 'kind'")
    kind = raw["kind"]
    if kind not in EFFECT_FIELDS:
        raise where.fail(entry, label, f"unknown kind {kind!r}")
    for name in EFFECT_FIELDS[kind]:
        if name not in raw:
            raise where.fail(entry, f"{label}.{name}", "missing")
    if raw.get("terrain") is not None and raw["terrain"] not in TERRAINS:
        raise where.fail(entry, f"{label}.terrain", f"{raw['terrain']!r} is not a terrain")
    if "where" in raw and raw["where"] not in WHERE:
        raise where.fail(entry, f"{label}.where", f"must be one of {WHERE}")
    if raw.get("where") == "terrain" and raw.get("terrain") is None:
        raise where.fail(entry, f"{label}.terrain", "needed when where is 'terrain'")
    if "origin" in raw and raw["origin"] not in ORIGINS:
        raise where.fail(entry, f"{label}.origin", f"must be one of {ORIGINS}")
    for name in ("coins", "amount", "tokens", "min_tokens"):
        if name in raw and type(raw[name]) is not int:
            raise where.fail(entry, f"{label}.{name}", "must be a whole number")
    return Effect(kind, {k: v for k, v in raw.items() if k != "kind"})


def _parse_abilities(file: str, data: Any, kind: str, numbered: bool) -> dict[str, Ability]:
    where = _Where(file)
    if not isinstance(data, list):
        raise where.fail("(file)", "(root)", "must be a list of entries")
    result: dict[str, Ability] = {}
    for index, raw in enumerate(data):
        entry = raw.get("id", f"[{index}]") if isinstance(raw, dict) else f"[{index}]"
        if not isinstance(raw, dict):
            raise where.fail(str(entry), "(entry)", "must be an object")
        aid = _field(where, entry, raw, "id", str)
        if aid in result:
            raise where.fail(aid, "id", "is used twice")
        source = _field(where, aid, raw, "source", str)
        if source not in SOURCES:
            raise where.fail(aid, "source", f"must be one of {SOURCES}")
        tokens = _field(where, aid, raw, "tokens", int) if numbered else 0
        tray = _field(where, aid, raw, "tray", int) if kind == "race" else 0
        if kind == "race" and tray < tokens:
            raise where.fail(aid, "tray", "must hold at least the banner's tokens")
        effects = tuple(_parse_effect(where, aid, i, e) for i, e in enumerate(_field(where, aid, raw, "effects", list)))
        result[aid] = Ability(
            id=aid,
            name=_field(where, aid, raw, "name", str),
            tokens=tokens,
            tray=tray,
            text=_field(where, aid, raw, "text", str),
            effects=effects,
            source=source,
            survives_decline=bool(raw.get("survives_decline", False)),
            kind=raw.get("type", kind) if kind == "treasure" else kind,
        )
        if kind == "treasure" and result[aid].kind not in ("place", "relic"):
            raise where.fail(aid, "type", "must be 'place' or 'relic'")
    return result


def _read(file: str) -> Any:
    return read_json(CONTENT_DIR / file, file)


def parse_content(races: Any, powers: Any, treasures: Any) -> Content:
    return Content(
        races=_parse_abilities("races.json", races, "race", numbered=True),
        powers=_parse_abilities("powers.json", powers, "power", numbered=True),
        treasures=_parse_abilities("treasures.json", treasures, "treasure", numbered=False),
    )


@cache
def content() -> Content:
    return parse_content(_read("races.json"), _read("powers.json"), _read("treasures.json"))
