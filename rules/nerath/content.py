"""Loads the Nerath content files at import and checks them with the shared content schema (rules/content.py).

Each kind of entry is a `Schema` below; what a schema cannot say (ids another file must know, map adjacency, islands,
which fields an effect kind takes) is checked after it. Every error names the file, the entry and the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rules.content import (
    SOURCES,
    Schema,
    Source,
    Where,
    anything,
    build,
    check,
    check_adjacency,
    entries,
    flag,
    listed,
    point,
    read_json,
    record,
    table,
    text,
    texts,
    whole,
)
from rules.content import ContentError as ContentError  # re-exported: tests and callers catch it from here

CONTENT_DIR = Path(__file__).parent / "content"
REALM_ORDER = ("karkoth", "vailin", "iron_circle", "nerath")
SPACE_KINDS = ("land", "sea", "dungeon")
PIECE_TYPES = ("land", "sea", "flying")
DICE = (6, 8, 10, 12, 20)  # the dice a Guardian may roll
HEROES_NEED = (0, 7, 8)  # what a hero must roll to hit a Guardian; 0: the usual 6+
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

# Every file's top level: where its content comes from, and a note for whoever edits it.
HEADER: Schema = {"source": text(SOURCES), "note": text(default="")}
MAP_FILE: Schema = {
    **HEADER,
    "hex_radius": whole(),
    "width": whole(),
    "height": whole(),
    "spaces": listed(),
    "impassable": listed(),
}
SPACE: Schema = {
    "name": text(),
    "kind": text(SPACE_KINDS),
    "realm": anything(),  # a realm for land, null otherwise: checked after
    "capital": flag(),
    "island": flag(),
    "centre": point(),
    "adjacent": texts(),
    "source": text(SOURCES),
}
IMPASSABLE: Schema = {
    "name": text(),
    "corner": text(),
    "centres": listed(point(), nonempty=True),
    "source": text(SOURCES),
}
PIECES_FILE: Schema = {**HEADER, "pieces": listed()}
PIECE: Schema = {
    "name": text(),
    "type": text(PIECE_TYPES),
    "cost": whole(low=1, high=5),
    "die": whole(),
    "move": whole(),
    "abilities": texts(default=()),
    "source": text(SOURCES),
}
REALMS_FILE: Schema = {**HEADER, "realms": listed()}
START: Schema = {"space": text(), "pieces": table(whole(low=1))}  # piece -> how many stand there
REALM: Schema = {
    "id": text(REALM_ORDER),
    "name": text(),
    "short": text(),
    "capital": text(),
    "gold": whole(),
    "colour": listed(whole(low=0, high=255), length=3),
    "start_source": text(SOURCES),
    "start": listed(record(START)),
    # Extra pieces a realm also places in the free-for-all game only (house: the four-player free-for-all puts
    # garrisons on the long coastal strips that an ally guards in the alliance games; see rules.md).
    "free_for_all": listed(record(START), default=()),
    # More pieces for a realm with no ally in the 3-player game, on top of its free-for-all garrison (house: there
    # the alliance's two realms face two lone realms that are also each other's enemies; see rules.md).
    "three_players": listed(record(START), default=()),
}
EVENTS_FILE: Schema = {**HEADER, "decks": record({realm: listed() for realm in REALM_ORDER})}
# Which of the optional fields an effect takes depends on its kind (EFFECT_FIELDS), checked after the schema.
EFFECT: Schema = {
    "kind": text(EFFECT_FIELDS),
    "amount": whole(low=1, default=None),
    "piece": text(default=None),
    "count": whole(low=1, default=None),
    "pieces": texts(nonempty=True, default=None),
}
EVENT: Schema = {
    "name": text(),
    "text": text(),
    "immediate": flag(),
    "effect": record(EFFECT),
    "source": text(SOURCES),
}
TREASURES_FILE: Schema = {**HEADER, "treasures": listed()}
TREASURE: Schema = {
    "name": text(),
    "text": text(),
    "vp": whole(low=1, high=3),
    "power": record({**EFFECT, "kind": text(POWER_EFFECTS)}),
    "property": record({**EFFECT, "kind": text(LASTING_EFFECTS)}),
    "source": text(SOURCES),
}
GUARDIANS_FILE: Schema = {**HEADER, "guardians": listed()}
GUARDIAN: Schema = {
    "name": text(),
    "dice": listed(whole(), nonempty=True),  # each one of DICE: checked after
    "first_strike": flag(),
    "heroes_need": whole(),  # one of HEROES_NEED: checked after
    "reward": whole(),
    "source": text(SOURCES),
}


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
    source: Source = "house"  # whose it is (the data's "source"; realms: their file's)


@dataclass(frozen=True)
class Realm:
    id: str
    name: str
    short: str
    capital: str
    gold: int
    colour: tuple[int, int, int]
    start: tuple[tuple[str, str, int], ...]  # (space, piece, count)
    free_for_all: tuple[tuple[str, str, int], ...] = ()  # (space, piece, count) added in the free-for-all game
    three_players: tuple[tuple[str, str, int], ...] = ()  # added too for a lone realm in the 3-player game
    source: Source = "house"  # whose it is (the data's "source"; realms: their file's)


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
    source: Source = "house"  # whose it is (the data's "source"; realms: their file's)


@dataclass(frozen=True)
class Treasure:
    id: str
    name: str
    text: str
    vp: int
    power: Effect
    property: Effect
    source: Source = "house"  # whose it is (the data's "source"; realms: their file's)


@dataclass(frozen=True)
class Guardian:
    id: str
    name: str
    dice: tuple[int, ...]
    first_strike: bool
    heroes_need: int  # 0: the usual 6+
    reward: int
    source: Source = "house"  # whose it is (the data's "source"; realms: their file's)


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


def _read(directory: Path, file: str, schema: Schema) -> tuple[Where, dict[str, Any]]:
    """The file's top level, checked; its fields' errors name the file's own name as the entry ('map')."""
    where = Where(file, file.removesuffix(".json"))
    return where, check(where, read_json(directory / file, file, object_at_top=True), schema, closed=True)


def _effect(where: Where, field: str, effect: dict[str, Any], pieces: Mapping[str, PieceType]) -> Effect:
    """An effect the schema has checked, held to exactly the fields its kind takes, naming only known pieces."""
    kind = effect["kind"]
    for name in ("amount", "piece", "count", "pieces"):
        if name in EFFECT_FIELDS[kind] and effect[name] is None:
            raise where.fail(f"{field}.{name}", f"missing (a {kind} effect needs it)")
        if name not in EFFECT_FIELDS[kind] and effect[name] is not None:
            raise where.fail(f"{field}.{name}", f"a {kind} effect does not take it")
    if effect["piece"] is not None and effect["piece"] not in pieces:
        raise where.fail(f"{field}.piece", f"{effect['piece']!r} is not a piece in pieces.json")
    for index, piece in enumerate(effect["pieces"] or ()):
        if piece not in pieces:
            raise where.fail(f"{field}.pieces[{index}]", f"{piece!r} is not a piece in pieces.json")
    return Effect(kind, **{name: effect[name] for name in EFFECT_FIELDS[kind]})


def _map(
    directory: Path,
) -> tuple[dict[str, Space], tuple[tuple[str, tuple[tuple[int, int], ...]], ...], int, tuple[int, int]]:
    file = "map.json"
    _, top = _read(directory, file, MAP_FILE)
    spaces: dict[str, Space] = {}
    for where, entry in entries(file, top["spaces"], SPACE, closed=True):
        # JSON null is no schema type: a land space names its realm, any other space has none
        if entry["kind"] == "land" and entry["realm"] not in REALM_ORDER:
            raise where.fail("realm", f"a land space must start in one of {', '.join(REALM_ORDER)}")
        if entry["kind"] != "land" and entry["realm"] is not None:
            raise where.fail("realm", "only land spaces belong to a realm")
        spaces[entry["id"]] = build(Space, entry)
    check_adjacency(file, {space.id: space.adjacent for space in spaces.values()})
    for space in spaces.values():
        if space.island and any(spaces[other].kind == "land" for other in space.adjacent):
            raise Where(file, space.id).fail("island", "an island touches no other land space")
    corners = entries(file, top["impassable"], IMPASSABLE, closed=True)
    impassable = tuple((entry["name"], entry["centres"]) for _, entry in corners)
    return spaces, impassable, top["hex_radius"], (top["width"], top["height"])


def _pieces(directory: Path) -> dict[str, PieceType]:
    file = "pieces.json"
    _, top = _read(directory, file, PIECES_FILE)
    return {entry["id"]: build(PieceType, entry) for _, entry in entries(file, top["pieces"], PIECE, closed=True)}


def _placement(
    where: Where, key: str, groups: Any, spaces: Mapping[str, Space], pieces: Mapping[str, PieceType]
) -> tuple[tuple[str, str, int], ...]:
    """A realm's pieces to place, (space, piece, count), checked against the map and the pieces."""
    for index, group in enumerate(groups):
        if group["space"] not in spaces:
            raise where.fail(f"{key}[{index}].space", f"{group['space']!r} is not a space on the map")
        for piece in group["pieces"]:
            if piece not in pieces:
                raise where.fail(f"{key}[{index}].pieces.{piece}", f"{piece!r} is not a piece in pieces.json")
    return tuple((g["space"], piece, count) for g in groups for piece, count in g["pieces"].items())


def _realms(directory: Path, spaces: Mapping[str, Space], pieces: Mapping[str, PieceType]) -> dict[str, Realm]:
    file = "realms.json"
    top_where, top = _read(directory, file, REALMS_FILE)
    result: dict[str, Realm] = {}
    for where, entry in entries(file, top["realms"], REALM, closed=True):
        realm, capital = entry["id"], entry["capital"]
        if capital not in spaces or not spaces[capital].capital or spaces[capital].realm != realm:
            raise where.fail("capital", f"{capital!r} is not a capital space of this realm on the map")
        placed = {
            key: _placement(where, key, entry[key], spaces, pieces)
            for key in ("start", "free_for_all", "three_players")
        }
        result[realm] = build(Realm, entry, **placed, source=top["source"])
    if tuple(result) != REALM_ORDER:
        raise top_where.fail("realms", f"must list {', '.join(REALM_ORDER)}, in that (turn) order")
    return result


def _events(directory: Path, pieces: Mapping[str, PieceType]) -> dict[str, EventCard]:
    file = "events.json"
    _, top = _read(directory, file, EVENTS_FILE)
    result: dict[str, EventCard] = {}
    for realm in REALM_ORDER:
        for where, entry in entries(file, top["decks"][realm], EVENT, closed=True):
            if entry["id"] in result:  # `entries` sees one deck at a time; ids are unique across all four
                raise where.fail("id", "is used twice")
            effect = _effect(where, "effect", entry["effect"], pieces)
            result[entry["id"]] = build(EventCard, entry, effect=effect, realm=realm)
    return result


def _treasures(directory: Path, pieces: Mapping[str, PieceType]) -> dict[str, Treasure]:
    file = "treasures.json"
    _, top = _read(directory, file, TREASURES_FILE)
    result: dict[str, Treasure] = {}
    for where, entry in entries(file, top["treasures"], TREASURE, closed=True):
        power = _effect(where, "power", entry["power"], pieces)
        lasting = _effect(where, "property", entry["property"], pieces)
        result[entry["id"]] = build(Treasure, entry, power=power, property=lasting)
    return result


def _guardians(directory: Path) -> dict[str, Guardian]:
    file = "guardians.json"
    _, top = _read(directory, file, GUARDIANS_FILE)
    result: dict[str, Guardian] = {}
    for where, entry in entries(file, top["guardians"], GUARDIAN, closed=True):
        # whole() takes no choices, so the allowed values are checked here, worded as the schema words them
        for index, die in enumerate(entry["dice"]):
            if die not in DICE:
                raise where.fail(f"dice[{index}]", f"{die} is not one of {', '.join(map(str, DICE))}")
        if entry["heroes_need"] not in HEROES_NEED:
            problem = f"{entry['heroes_need']} is not one of {', '.join(map(str, HEROES_NEED))}"
            raise where.fail("heroes_need", problem)
        result[entry["id"]] = build(Guardian, entry)
    return result


def load_content(directory: Path = CONTENT_DIR) -> Content:
    spaces, impassable, radius, size = _map(directory)
    pieces = _pieces(directory)
    return Content(
        spaces=spaces,
        impassable=impassable,
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
