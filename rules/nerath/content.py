"""Loads and validates the Nerath content files at import; every error names the file, the entry and the field."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rules.content import ContentError, read_json

CONTENT_DIR = Path(__file__).parent / "content"
REALM_ORDER = ("karkoth", "vailin", "iron_circle", "nerath")
SPACE_KINDS = ("land", "sea", "dungeon")
PIECE_TYPES = ("land", "sea", "flying")
SOURCES = ("published", "house")
EFFECT_FIELDS: dict[str, tuple[str, ...]] = {
    "gold": ("amount",),
    "free_pieces": ("piece", "count"),
    "roll_bonus": ("pieces", "amount"),
    "move_bonus": ("pieces", "amount"),
    "strike": ("piece", "count"),
    "income_bonus": ("amount",),
    "dungeon_sight": (),
}
LASTING_EFFECTS = ("roll_bonus", "move_bonus", "income_bonus", "dungeon_sight")  # what a treasure Property may be
POWER_EFFECTS = ("gold", "free_pieces", "strike")  # what a treasure Power may be


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    kind: str
    realm: str | None  # the realm whose starting territory this land space is
    capital: bool
    island: bool
    centre: tuple[int, int]
    adjacent: tuple[str, ...]


@dataclass(frozen=True)
class PieceType:
    id: str
    name: str
    type: str
    cost: int
    die: int
    move: int
    abilities: tuple[str, ...]


@dataclass(frozen=True)
class Realm:
    id: str
    name: str
    short: str
    capital: str
    gold: int
    colour: tuple[int, int, int]
    start: tuple[tuple[str, str, int], ...]  # (space, piece, count)


@dataclass(frozen=True)
class Effect:
    kind: str
    amount: int = 0
    piece: str = ""
    count: int = 0
    pieces: tuple[str, ...] = ()


@dataclass(frozen=True)
class EventCard:
    id: str
    name: str
    text: str
    immediate: bool
    effect: Effect
    realm: str


@dataclass(frozen=True)
class Treasure:
    id: str
    name: str
    text: str
    vp: int
    power: Effect
    property: Effect


@dataclass(frozen=True)
class Guardian:
    id: str
    name: str
    dice: tuple[int, ...]
    first_strike: bool
    heroes_need: int  # 0: the usual 6+
    reward: int


@dataclass(frozen=True)
class Content:
    spaces: dict[str, Space]
    impassable: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]  # (name, hex centres) of the two corners
    hex_radius: int
    size: tuple[int, int]
    pieces: dict[str, PieceType]
    realms: dict[str, Realm]
    events: dict[str, EventCard]
    treasures: dict[str, Treasure]
    guardians: dict[str, Guardian]


class _Reader:
    """Field access that reports file, entry and field on any problem."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, entry: str, field: str, problem: str) -> ContentError:
        return ContentError(f"{self.file}: entry {entry!r}, field {field!r}: {problem}")

    def get(
        self, data: dict[str, Any], entry: str, field: str, kind: type | tuple[type, ...], default: Any = ...
    ) -> Any:
        if field not in data:
            if default is not ...:
                return default
            raise self.fail(entry, field, "missing")
        value = data[field]
        if (isinstance(value, bool) and kind is int) or not isinstance(value, kind):
            raise self.fail(entry, field, f"expected {getattr(kind, '__name__', kind)}, got {value!r}")
        return value

    def source(self, data: dict[str, Any], entry: str) -> None:
        if self.get(data, entry, "source", str) not in SOURCES:
            raise self.fail(entry, "source", f"must be one of {SOURCES}")


def _load_json(name: str, directory: Path) -> dict[str, Any]:
    data: dict[str, Any] = read_json(directory / name, name, object_at_top=True)
    return data


def _effect(reader: _Reader, entry: str, field: str, data: Any, pieces: dict[str, PieceType]) -> Effect:
    if not isinstance(data, dict):
        raise reader.fail(entry, field, "must be an object")
    kind = data.get("kind")
    if kind not in EFFECT_FIELDS:
        raise reader.fail(entry, f"{field}.kind", f"must be one of {tuple(EFFECT_FIELDS)}")
    values: dict[str, Any] = {}
    for name in EFFECT_FIELDS[kind]:
        if name not in data:
            raise reader.fail(entry, f"{field}.{name}", "missing")
        value = data[name]
        if name in ("amount", "count"):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise reader.fail(entry, f"{field}.{name}", "must be a whole number of at least 1")
        elif name == "piece":
            if value not in pieces:
                raise reader.fail(entry, f"{field}.piece", f"unknown piece {value!r}")
        elif name == "pieces":
            if not isinstance(value, list) or not value or any(p not in pieces for p in value):
                raise reader.fail(entry, f"{field}.pieces", f"must list known pieces, got {value!r}")
            value = tuple(value)
        values[name] = value
    return Effect(kind=kind, **values)


def _spaces(
    directory: Path,
) -> tuple[dict[str, Space], tuple[tuple[str, tuple[tuple[int, int], ...]], ...], int, tuple[int, int]]:
    reader = _Reader("map.json")
    data = _load_json("map.json", directory)
    spaces: dict[str, Space] = {}
    for raw in reader.get(data, "map", "spaces", list):
        sid = reader.get(raw, "?", "id", str)
        if sid in spaces:
            raise reader.fail(sid, "id", "duplicate id")
        reader.source(raw, sid)
        kind = reader.get(raw, sid, "kind", str)
        if kind not in SPACE_KINDS:
            raise reader.fail(sid, "kind", f"must be one of {SPACE_KINDS}")
        realm = reader.get(raw, sid, "realm", (str, type(None)))
        if kind == "land" and realm not in REALM_ORDER:
            raise reader.fail(sid, "realm", f"a land space must start in one of {REALM_ORDER}")
        if kind != "land" and realm is not None:
            raise reader.fail(sid, "realm", "only land spaces belong to a realm")
        centre = reader.get(raw, sid, "centre", list)
        if len(centre) != 2 or not all(isinstance(v, int) for v in centre):
            raise reader.fail(sid, "centre", "must be [x, y] in pixels")
        spaces[sid] = Space(
            id=sid,
            name=reader.get(raw, sid, "name", str),
            kind=kind,
            realm=realm,
            capital=reader.get(raw, sid, "capital", bool),
            island=reader.get(raw, sid, "island", bool),
            centre=(centre[0], centre[1]),
            adjacent=tuple(reader.get(raw, sid, "adjacent", list)),
        )
    for space in spaces.values():
        for other in space.adjacent:
            if other not in spaces:
                raise reader.fail(space.id, "adjacent", f"unknown space {other!r}")
            if space.id not in spaces[other].adjacent:
                raise reader.fail(space.id, "adjacent", f"{other!r} does not list it back")
        if space.island and any(spaces[o].kind == "land" for o in space.adjacent):
            raise reader.fail(space.id, "island", "an island touches no other land space")
    corners = []
    for raw in reader.get(data, "map", "impassable", list):
        name = reader.get(raw, "impassable", "name", str)
        reader.source(raw, name)
        centres = tuple((int(x), int(y)) for x, y in reader.get(raw, name, "centres", list))
        corners.append((name, centres))
    size = (reader.get(data, "map", "width", int), reader.get(data, "map", "height", int))
    return spaces, tuple(corners), reader.get(data, "map", "hex_radius", int), size


def _pieces(directory: Path) -> dict[str, PieceType]:
    reader = _Reader("pieces.json")
    result: dict[str, PieceType] = {}
    for raw in reader.get(_load_json("pieces.json", directory), "pieces", "pieces", list):
        pid = reader.get(raw, "?", "id", str)
        reader.source(raw, pid)
        kind = reader.get(raw, pid, "type", str)
        if kind not in PIECE_TYPES:
            raise reader.fail(pid, "type", f"must be one of {PIECE_TYPES}")
        cost = reader.get(raw, pid, "cost", int)
        if not 1 <= cost <= 5:
            raise reader.fail(pid, "cost", "must be 1 to 5 gold")
        result[pid] = PieceType(
            pid,
            reader.get(raw, pid, "name", str),
            kind,
            cost,
            reader.get(raw, pid, "die", int),
            reader.get(raw, pid, "move", int),
            tuple(reader.get(raw, pid, "abilities", list, [])),
        )
    return result


def _realms(directory: Path, spaces: dict[str, Space], pieces: dict[str, PieceType]) -> dict[str, Realm]:
    reader = _Reader("realms.json")
    result: dict[str, Realm] = {}
    for raw in reader.get(_load_json("realms.json", directory), "realms", "realms", list):
        rid = reader.get(raw, "?", "id", str)
        if rid not in REALM_ORDER:
            raise reader.fail(rid, "id", f"must be one of {REALM_ORDER}")
        capital = reader.get(raw, rid, "capital", str)
        if capital not in spaces or not spaces[capital].capital or spaces[capital].realm != rid:
            raise reader.fail(rid, "capital", f"{capital!r} is not a capital space of this realm on the map")
        start: list[tuple[str, str, int]] = []
        for group in reader.get(raw, rid, "start", list):
            where = group.get("space") if isinstance(group, dict) else None
            if where not in spaces:
                raise reader.fail(rid, "start.space", f"unknown space {where!r}")
            for piece, count in reader.get(group, rid, "pieces", dict).items():
                if piece not in pieces:
                    raise reader.fail(rid, f"start.{where}", f"unknown piece {piece!r}")
                start.append((where, piece, int(count)))
        colour = reader.get(raw, rid, "colour", list)
        result[rid] = Realm(
            rid,
            reader.get(raw, rid, "name", str),
            reader.get(raw, rid, "short", str),
            capital,
            reader.get(raw, rid, "gold", int),
            (colour[0], colour[1], colour[2]),
            tuple(start),
        )
    if tuple(result) != REALM_ORDER:
        raise reader.fail("realms", "realms", f"must list {REALM_ORDER} in turn order")
    return result


def _events(directory: Path, pieces: dict[str, PieceType]) -> dict[str, EventCard]:
    reader = _Reader("events.json")
    result: dict[str, EventCard] = {}
    decks = reader.get(_load_json("events.json", directory), "events", "decks", dict)
    for realm in REALM_ORDER:
        for raw in reader.get(decks, "decks", realm, list):
            cid = reader.get(raw, "?", "id", str)
            if cid in result:
                raise reader.fail(cid, "id", "duplicate id")
            reader.source(raw, cid)
            effect = _effect(reader, cid, "effect", raw.get("effect"), pieces)
            result[cid] = EventCard(
                cid,
                reader.get(raw, cid, "name", str),
                reader.get(raw, cid, "text", str),
                reader.get(raw, cid, "immediate", bool),
                effect,
                realm,
            )
    return result


def _treasures(directory: Path, pieces: dict[str, PieceType]) -> dict[str, Treasure]:
    reader = _Reader("treasures.json")
    result: dict[str, Treasure] = {}
    for raw in reader.get(_load_json("treasures.json", directory), "treasures", "treasures", list):
        tid = reader.get(raw, "?", "id", str)
        reader.source(raw, tid)
        vp = reader.get(raw, tid, "vp", int)
        if not 1 <= vp <= 3:
            raise reader.fail(tid, "vp", "must be 1 to 3")
        power = _effect(reader, tid, "power", raw.get("power"), pieces)
        prop = _effect(reader, tid, "property", raw.get("property"), pieces)
        if power.kind not in POWER_EFFECTS:
            raise reader.fail(tid, "power.kind", f"a Power is one of {POWER_EFFECTS}")
        if prop.kind not in LASTING_EFFECTS:
            raise reader.fail(tid, "property.kind", f"a Property is one of {LASTING_EFFECTS}")
        result[tid] = Treasure(
            tid, reader.get(raw, tid, "name", str), reader.get(raw, tid, "text", str), vp, power, prop
        )
    return result


def _guardians(directory: Path) -> dict[str, Guardian]:
    reader = _Reader("guardians.json")
    result: dict[str, Guardian] = {}
    for raw in reader.get(_load_json("guardians.json", directory), "guardians", "guardians", list):
        gid = reader.get(raw, "?", "id", str)
        reader.source(raw, gid)
        dice = reader.get(raw, gid, "dice", list)
        if not dice or any(d not in (6, 8, 10, 12, 20) for d in dice):
            raise reader.fail(gid, "dice", "must list dice among d6, d8, d10, d12, d20")
        need = reader.get(raw, gid, "heroes_need", int)
        if need not in (0, 7, 8):
            raise reader.fail(gid, "heroes_need", "must be 0, 7 or 8")
        result[gid] = Guardian(
            gid,
            reader.get(raw, gid, "name", str),
            tuple(dice),
            reader.get(raw, gid, "first_strike", bool),
            need,
            reader.get(raw, gid, "reward", int),
        )
    return result


def load_content(directory: Path = CONTENT_DIR) -> Content:
    spaces, corners, radius, size = _spaces(directory)
    pieces = _pieces(directory)
    return Content(
        spaces=spaces,
        impassable=corners,
        hex_radius=radius,
        size=size,
        pieces=pieces,
        realms=_realms(directory, spaces, pieces),
        events=_events(directory, pieces),
        treasures=_treasures(directory, pieces),
        guardians=_guardians(directory),
    )


@cache
def content() -> Content:
    return load_content()


CONTENT = content()
