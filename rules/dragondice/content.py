"""Loads and validates the Dragon Dice content files once, at import. Errors name the file, entry and field."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.content import ContentError, read_json

CONTENT = Path(__file__).parent / "content"
ELEMENTS = ("air", "earth", "fire", "water", "death")
ACTIONS = ("melee", "missile", "magic")
ICONS = ("melee", "missile", "magic", "manoeuvre", "save")
SOURCES = ("published", "house")
TARGETS = ("opposing_army", "any_army", "opposing_unit", "terrain", "own_dead_unit", "own_army")
KNOWN_SAIS = ("kindle", "rend", "thornback", "surge", "volley", "regrow")  # the effects dice.py implements
KNOWN_EIGHTH = ("city", "temple", "tower", "standing_stones")  # the effects turn.py implements
DRAGON_EFFECTS = ("", "tail", "belly", "breath", "treasure")  # the dragon face effects combat.py implements
DRAGONKIN = "dragonkin"  # the species id of Dragonkin unit dice, "dragonkin/<element>"


@dataclass(frozen=True)
class Face:
    kind: str  # "id", an icon of ICONS, or "sai"
    amount: int = 0
    sai: str = ""

    def label(self) -> str:
        if self.kind == "id":
            return "ID"
        if self.kind == "sai":
            return f"{SAIS[self.sai].name} {self.amount}"
        return f"{self.kind} {self.amount}"


@dataclass(frozen=True)
class UnitDie:
    id: str  # "<species>/<unit>"
    name: str
    species: str
    size: str
    health: int
    elements: tuple[str, ...]
    faces: tuple[Face, ...]


@dataclass(frozen=True)
class Species:
    id: str
    name: str
    elements: tuple[str, ...]
    home: str
    frontier: str
    units: tuple[str, ...]
    armies: dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class TerrainType:
    id: str
    name: str
    elements: tuple[str, ...]
    bands: tuple[str, ...]  # the action shown on faces 1..7
    eighth: str


@dataclass(frozen=True)
class EighthFace:
    id: str
    name: str
    text: str


@dataclass(frozen=True)
class Spell:
    id: str
    name: str
    element: str  # an element, "elemental" (any colour) or "dragon" (the dragon's colour)
    cost: int
    target: str
    reserve: bool
    source: str
    text: str


@dataclass(frozen=True)
class Sai:
    id: str
    name: str
    text: str


@dataclass(frozen=True)
class DragonFace:
    id: str
    name: str
    damage: int
    saveable: bool
    effect: str  # one of DRAGON_EFFECTS
    text: str


@dataclass(frozen=True)
class Breath:
    """What a dragon's breath adds for one element of the dragon."""

    element: str
    amount: int
    text: str


@dataclass(frozen=True)
class DragonDie:
    health: int
    points_per_dragon: int
    faces: tuple[DragonFace, ...]
    breath: dict[str, Breath]


def _read(name: str) -> dict[str, Any]:
    data: dict[str, Any] = read_json(CONTENT / name, name, object_at_top=True)
    return data


class _Where:
    """Builds error messages that name the file, the entry and the field."""

    def __init__(self, file: str, entry: str) -> None:
        self.file, self.entry = file, entry

    def get(self, data: dict[str, Any], field: str, kind: type | tuple[type, ...]) -> Any:
        if field not in data:
            raise self.error(field, "is missing")
        value = data[field]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise self.error(field, f"has the wrong type ({type(value).__name__})")
        return value

    def one_of(self, data: dict[str, Any], field: str, allowed: tuple[str, ...] | list[str]) -> str:
        value = self.get(data, field, str)
        if value not in allowed:
            raise self.error(field, f"is {value!r}; expected one of {', '.join(allowed)}")
        return value

    def error(self, field: str, problem: str) -> ContentError:
        return ContentError(f"{self.file}: entry {self.entry!r}: field {field!r} {problem}")


def _entries(file: str, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    items = data.get(key)
    if not isinstance(items, list) or not items:
        raise ContentError(f"{file}: {key!r} must be a non-empty list")
    for index, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            raise ContentError(f"{file}: {key}[{index}] needs an object with a string 'id'")
    return items


def _load_sais() -> dict[str, Sai]:
    file = "sais.json"
    out: dict[str, Sai] = {}
    for item in _entries(file, _read(file), "sais"):
        where = _Where(file, item["id"])
        where.one_of(item, "source", SOURCES)
        if item["id"] not in KNOWN_SAIS:
            raise where.error("id", f"names an SAI the engine does not implement; known: {', '.join(KNOWN_SAIS)}")
        out[item["id"]] = Sai(item["id"], where.get(item, "name", str), where.get(item, "text", str))
    return out


def _parse_face(where: _Where, raw: Any, field: str) -> Face:
    if not isinstance(raw, str):
        raise where.error(field, "must be a string such as 'melee:2'")
    parts = raw.split(":")
    if parts == ["id"]:
        return Face("id")
    try:
        if parts[0] == "sai" and len(parts) == 3:
            if parts[1] not in SAIS:
                raise where.error(field, f"names unknown SAI {parts[1]!r}")
            return Face("sai", int(parts[2]), parts[1])
        if parts[0] in ICONS and len(parts) == 2:
            return Face(parts[0], int(parts[1]))
    except ValueError:
        raise where.error(field, f"has a bad count in {raw!r}") from None
    raise where.error(field, f"is {raw!r}; expected 'id', '<icon>:<n>' or 'sai:<id>:<n>'")


def _load_terrains() -> tuple[dict[str, TerrainType], dict[str, EighthFace]]:
    file = "terrains.json"
    data = _read(file)
    eighth: dict[str, EighthFace] = {}
    for item in _entries(file, data, "eighth_faces"):
        where = _Where(file, item["id"])
        where.one_of(item, "source", SOURCES)
        if item["id"] not in KNOWN_EIGHTH:
            raise where.error("id", f"is not an eighth face the engine implements: {', '.join(KNOWN_EIGHTH)}")
        eighth[item["id"]] = EighthFace(item["id"], where.get(item, "name", str), where.get(item, "text", str))
    terrains: dict[str, TerrainType] = {}
    for item in _entries(file, data, "terrains"):
        where = _Where(file, item["id"])
        where.one_of(item, "source", SOURCES)
        where.one_of(item, "bands_source", SOURCES)  # which action faces 1-7 show
        where.one_of(item, "eighth_source", SOURCES)  # which eighth face this terrain type carries
        elements = where.get(item, "elements", list)
        if len(elements) != 2 or any(e not in ELEMENTS for e in elements):
            raise where.error("elements", f"must be two of {', '.join(ELEMENTS)}")
        bands = where.get(item, "bands", list)
        if len(bands) != 7 or any(b not in ACTIONS for b in bands):
            raise where.error("bands", f"must list 7 actions (faces 1-7), each one of {', '.join(ACTIONS)}")
        terrains[item["id"]] = TerrainType(
            item["id"],
            where.get(item, "name", str),
            tuple(elements),
            tuple(bands),
            where.one_of(item, "eighth", list(eighth)),
        )
    return terrains, eighth


def _load_species() -> tuple[dict[str, Species], dict[str, UnitDie]]:
    file = "species.json"
    data = _read(file)
    sizes = data.get("sizes")
    if not isinstance(sizes, dict) or not all(isinstance(v, int) and v > 0 for v in sizes.values()):
        raise ContentError(f"{file}: 'sizes' must map each size to a positive health")
    species: dict[str, Species] = {}
    units: dict[str, UnitDie] = {}
    for item in _entries(file, data, "species"):
        where = _Where(file, item["id"])
        where.one_of(item, "source", SOURCES)
        elements = tuple(where.get(item, "elements", list))
        if not elements or any(e not in ELEMENTS for e in elements):
            raise where.error("elements", f"must be elements among {', '.join(ELEMENTS)}")
        own: list[str] = []
        for raw in where.get(item, "units", list):
            unit_where = _Where(file, f"{item['id']}/{raw.get('id') if isinstance(raw, dict) else raw}")
            if not isinstance(raw, dict):
                raise unit_where.error("units", "must hold objects")
            size = unit_where.one_of(raw, "size", list(sizes))
            unit_elements = tuple(unit_where.get(raw, "elements", list))
            if not unit_elements or any(e not in elements for e in unit_elements):
                raise unit_where.error("elements", f"must be colours of the species ({', '.join(elements)})")
            faces = tuple(_parse_face(unit_where, f, "faces") for f in unit_where.get(raw, "faces", list))
            if len(faces) not in (6, 8) or not any(f.kind == "id" for f in faces):
                raise unit_where.error("faces", "must hold 6 or 8 faces including an ID face")
            uid = f"{item['id']}/{unit_where.get(raw, 'id', str)}"
            units[uid] = UnitDie(
                uid, unit_where.get(raw, "name", str), item["id"], size, sizes[size], unit_elements, faces
            )
            own.append(uid)
        if sorted({units[u].size for u in own}) != sorted(sizes):
            raise where.error("units", f"must include every size: {', '.join(sizes)}")
        armies: dict[str, tuple[str, ...]] = {}
        raw_armies = where.get(item, "armies", dict)
        for role in ("home", "horde", "campaign"):
            order = raw_armies.get(role)
            if not isinstance(order, list) or not order:
                raise where.error("armies", f"needs a non-empty {role!r} list")
            for name in order:
                if f"{item['id']}/{name}" not in units:
                    raise where.error("armies", f"{role} names unknown unit {name!r}")
            armies[role] = tuple(f"{item['id']}/{name}" for name in order)
        species[item["id"]] = Species(
            item["id"],
            where.get(item, "name", str),
            elements,
            where.one_of(item, "home", list(TERRAINS)),
            where.one_of(item, "frontier", list(TERRAINS)),
            tuple(own),
            armies,
        )
    return species, units


def _load_spells() -> dict[str, Spell]:
    file = "spells.json"
    out: dict[str, Spell] = {}
    for item in _entries(file, _read(file), "spells"):
        where = _Where(file, item["id"])
        cost = where.get(item, "cost", int)
        if cost <= 0:
            raise where.error("cost", "must be positive")
        out[item["id"]] = Spell(
            item["id"],
            where.get(item, "name", str),
            where.one_of(item, "element", (*ELEMENTS, "elemental", "dragon", DRAGONKIN)),
            cost,
            where.one_of(item, "target", TARGETS),
            where.get(item, "reserve", bool),
            where.one_of(item, "source", SOURCES),
            where.get(item, "text", str),
        )
    return out


def _load_dragon() -> DragonDie:
    file = "dragons.json"
    data = _read(file).get("dragon")
    if not isinstance(data, dict):
        raise ContentError(f"{file}: 'dragon' must be an object")
    where = _Where(file, "dragon")
    where.one_of(data, "source", SOURCES)
    faces = []
    for index, raw in enumerate(where.get(data, "faces", list)):
        face_where = _Where(file, f"dragon face {index + 1}")
        if not isinstance(raw, dict):
            raise face_where.error("faces", "must hold objects")
        faces.append(
            DragonFace(
                face_where.get(raw, "id", str),
                face_where.get(raw, "name", str),
                face_where.get(raw, "damage", int),
                face_where.get(raw, "saveable", bool),
                face_where.one_of(raw, "effect", DRAGON_EFFECTS),
                face_where.get(raw, "text", str),
            )
        )
    if len(faces) not in (6, 8, 10, 12):
        raise where.error("faces", "must hold 6, 8, 10 or 12 faces")
    breath: dict[str, Breath] = {}
    for raw in where.get(data, "breath", list):
        breath_where = _Where(file, f"breath {raw.get('element') if isinstance(raw, dict) else raw!r}")
        if not isinstance(raw, dict):
            raise breath_where.error("breath", "must hold objects")
        breath_where.one_of(raw, "source", SOURCES)
        element = breath_where.one_of(raw, "element", ELEMENTS)
        breath[element] = Breath(element, breath_where.get(raw, "amount", int), breath_where.get(raw, "text", str))
    if sorted(breath) != sorted(ELEMENTS):
        raise where.error("breath", f"needs one entry for each element: {', '.join(ELEMENTS)}")
    return DragonDie(where.get(data, "health", int), where.get(data, "points_per_dragon", int), tuple(faces), breath)


def _load_dragonkin(sizes: dict[str, int]) -> tuple[int, dict[str, UnitDie]]:
    """Dragonkin (house): one small die per element; returns how many of each colour a player has, and the dice."""
    file = "dragons.json"
    data = _read(file).get(DRAGONKIN)
    if not isinstance(data, dict):
        raise ContentError(f"{file}: {DRAGONKIN!r} must be an object")
    where = _Where(file, DRAGONKIN)
    where.one_of(data, "source", SOURCES)
    per_element = where.get(data, "per_element", int)
    if per_element < 1:
        raise where.error("per_element", "must be at least 1")
    size = where.one_of(data, "size", list(sizes))
    faces = tuple(_parse_face(where, f, "faces") for f in where.get(data, "faces", list))
    if len(faces) not in (6, 8) or not any(f.kind == "id" for f in faces):
        raise where.error("faces", "must hold 6 or 8 faces including an ID face")
    dice = {
        f"{DRAGONKIN}/{e}": UnitDie(
            f"{DRAGONKIN}/{e}", f"{e.title()} Dragonkin", DRAGONKIN, size, sizes[size], (e,), faces
        )
        for e in ELEMENTS
    }
    return per_element, dice


def _sizes() -> dict[str, int]:
    return dict(_read("species.json")["sizes"])  # validated by _load_species


SAIS = _load_sais()
TERRAINS, EIGHTH_FACES = _load_terrains()
SPECIES, UNIT_DICE = _load_species()
DRAGONKIN_PER_ELEMENT, _DRAGONKIN_DICE = _load_dragonkin(_sizes())
UNIT_DICE.update(_DRAGONKIN_DICE)
SPELLS = _load_spells()
DRAGON = _load_dragon()
