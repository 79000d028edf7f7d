"""Loads and validates Small World Underground content: maps, races, powers, Places and Relics.

Every error names the file, the entry and the field, so a bad data file is fixed in one look.
Maps live in content/maps/<n>p.json (one per player count); `MAP_DIR` can be pointed elsewhere by tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rules.content import (
    ContentError,
    Schema,
    Source,
    Where,
    check,
    check_adjacency,
    entries,
    flag,
    listed,
    point,
    read_json,
    record,
    text,
    texts,
    whole,
)

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
    "crush": (),
    "convert": (),
    "haunt": (),
    "steal_coins": ("coins",),
    "sanctuary": ("where",),
    "reach_two": (),
    "drop_empty": (),
    "tokens_per_regions": ("per",),
    "score_mountain": ("coins",),
    "score_inner": ("coins",),
    "score_stack": ("coins", "min_tokens"),
    "score_trade": ("coins",),
    "score_rivals": ("coins",),
    "score_ahead": ("coins",),
    "interest": ("coins", "per"),
    "die_bonus": ("amount",),
}
WHERE = ("all", "empty", "occupied", "terrain", "monster", "near_ancient", "stack", "here", "first", "mountain")
ORIGINS = ("occupied", "declined", "monster", "any")
BRIEF_MAX = 48  # characters in an entry's "brief": it has to fit in a pick button next to another one


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
    source: Source

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
    brief: str  # what it does in a few words (at most BRIEF_MAX characters), shown where it is chosen or found
    effects: tuple[Effect, ...]
    source: Source
    survives_decline: bool
    kind: str  # "race", "power", "place", "relic"

    def has(self, kind: str) -> bool:
        return any(effect.kind == kind for effect in self.effects)

    def all(self, kind: str) -> list[Effect]:
        return [effect for effect in self.effects if effect.kind == kind]


@dataclass(frozen=True)
class Monster:
    """The monsters guarding the monster regions of one land terrain: their strength (how many monster tokens,
    each costing the attacker 1 more) and what beating them pays besides the Place/Relic found there."""

    id: str
    name: str
    terrain: str
    strength: int
    coins: int  # coins from the bank for the player who beats them
    tokens: int  # tokens of the attacker's race from the tray, to their hand
    colour: str  # how the board draws them ("#rrggbb")
    text: str
    brief: str
    source: Source


@dataclass(frozen=True)
class Content:
    races: dict[str, Ability]
    powers: dict[str, Ability]
    treasures: dict[str, Ability]  # Places and Relics, drawn from one stack
    monsters: dict[str, Monster]  # by land terrain: who guards a monster region of that terrain


# What each file's entries hold (the shared schema in rules/content.py checks them).
REGION: Schema = {
    "name": text(nonempty=True),
    "terrain": text(TERRAINS),
    "black_mountain": flag(),
    "monster": flag(),
    "border": flag(),
    "centre": point(),
    "outline": listed(point()),
    "adjacent": texts(),
}
MAP: Schema = {
    "source": text(SOURCES),
    "id": text(nonempty=True),
    "title": text(),
    "players": whole(low=min(TURNS_BY_PLAYERS), high=max(TURNS_BY_PLAYERS)),
    "turns": whole(low=8, high=10),
    "size": point(),
    "regions": listed(),
}
EFFECT: Schema = {
    "kind": text(EFFECT_FIELDS),
    "terrain": text(TERRAINS, default=None),
    "where": text(WHERE, default=None),
    "origin": text(ORIGINS, default=None),
    "coins": whole(default=None),
    "amount": whole(default=None),
    "tokens": whole(default=None),
    "min_tokens": whole(default=None),
    "per": whole(low=1, default=None),
    "in_decline": flag(default=None),
}
_ABILITY: Schema = {
    "name": text(nonempty=True),
    "text": text(nonempty=True),
    "brief": text(nonempty=True),
    "source": text(SOURCES),
    "note": text(),
    "effects": listed(record(EFFECT)),
}
RACE: Schema = {**_ABILITY, "tokens": whole(low=0), "tray": whole(low=0)}
POWER: Schema = {**_ABILITY, "tokens": whole(low=0), "survives_decline": flag(default=False)}
TREASURE: Schema = {**_ABILITY, "type": text(("place", "relic"))}
MONSTER: Schema = {
    "name": text(nonempty=True),
    "terrain": text(LAND),
    "strength": whole(low=1, high=4),
    "coins": whole(low=0, high=5),
    "tokens": whole(low=0, high=3),
    "colour": text(nonempty=True),
    "text": text(nonempty=True),
    "brief": text(nonempty=True),
    "source": text(SOURCES),
    "note": text(),
}


def parse_map(data: Any, file: str) -> MapData:
    """Validate a map object (see MAP and REGION) and build MapData."""
    fields = check(Where(file, "(map)"), data, MAP, closed=True)
    regions: dict[str, RegionData] = {}
    names: set[str] = set()
    for where, raw in entries(file, fields["regions"], REGION, closed=True):
        rid = raw["id"]
        if not rid.replace("_", "").isalnum() or rid.lower() != rid:
            raise where.fail("id", "must be snake_case letters and digits")
        if raw["name"] in names:
            raise where.fail("name", f"{raw['name']!r} is used twice")
        names.add(raw["name"])
        regions[rid] = RegionData(**raw)
    check_adjacency(file, {rid: region.adjacent for rid, region in regions.items()})
    return MapData(
        fields["id"], fields["title"], fields["players"], fields["turns"], fields["size"], regions, fields["source"]
    )


def load_map(players: int, directory: Path | None = None) -> MapData:
    """The map for `players` (2-5), validated. Looks in `directory`, else MAP_DIR."""
    return _checked_map(players, directory if directory is not None else MAP_DIR)


# Asked for on every conquest cost and region worth: building the file's path each time took a third of a bot's
# time. Kept by folder, as tests point MAP_DIR at their own maps.
@cache
def _checked_map(players: int, folder: Path) -> MapData:
    file = folder / f"{players}p.json"
    if not file.exists():
        raise ContentError(f"{file}: no map file for this player count")
    result = parse_map(read_json(file, str(file)), file.name)
    if result.players != players:
        raise ContentError(f"{players}p.json: entry '(map)', field 'players': says {result.players}")
    return result


def _effect(where: Where, index: int, raw: dict[str, Any]) -> Effect:
    """One checked effect: the fields its kind needs are there; only the fields written are kept (None: absent)."""
    label = f"effects[{index}]"
    for name in EFFECT_FIELDS[raw["kind"]]:
        if raw[name] is None:
            raise where.fail(f"{label}.{name}", "missing")
    if raw["where"] == "terrain" and raw["terrain"] is None:
        raise where.fail(f"{label}.terrain", "needed when where is 'terrain'")
    return Effect(raw["kind"], {name: value for name, value in raw.items() if name != "kind" and value is not None})


def _parse_abilities(file: str, data: Any, kind: str, schema: Schema) -> dict[str, Ability]:
    result: dict[str, Ability] = {}
    for where, raw in entries(file, data, schema, closed=True):
        effects = tuple(_effect(where, i, effect) for i, effect in enumerate(raw["effects"]))
        if kind == "race" and raw["tray"] < raw["tokens"]:
            raise where.fail("tray", "must hold at least the banner's tokens")
        if len(raw["brief"]) > BRIEF_MAX:
            raise where.fail("brief", f"is {len(raw['brief'])} characters long; at most {BRIEF_MAX}")
        result[raw["id"]] = Ability(
            id=raw["id"],
            name=raw["name"],
            tokens=raw.get("tokens", 0),
            tray=raw.get("tray", 0),
            text=raw["text"],
            brief=raw["brief"],
            effects=effects,
            source=raw["source"],
            survives_decline=raw.get("survives_decline", False),
            kind=raw.get("type", kind),
        )
    return result


def _read(file: str) -> Any:
    return read_json(CONTENT_DIR / file, file)


def effect_key(ability: Ability) -> tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]:
    """What an entry does, as comparable data: its effects with their fields, in any order."""
    return tuple(sorted((e.kind, tuple(sorted(e.params.items()))) for e in ability.effects))


def _all_distinct(groups: dict[str, dict[str, Ability]]) -> None:
    """No two races, powers, Places or Relics may do exactly the same, within a file or across the files (issue
    #15: no look-alikes such as a power that plays like a race)."""
    seen: dict[Any, str] = {}
    for file, found in groups.items():
        for ability in found.values():
            key = effect_key(ability)
            if key in seen:
                raise Where(file, ability.id).fail("effects", f"the same effects as {seen[key]!r}; give it its own")
            seen[key] = ability.id


def parse_monsters(data: Any, file: str = "monsters.json") -> dict[str, Monster]:
    """One monster kind per land terrain, each with its own strength and reward."""
    result: dict[str, Monster] = {}
    rewards: dict[tuple[int, int, int], str] = {}
    for where, raw in entries(file, data, MONSTER, closed=True):
        colour = raw["colour"]
        if len(colour) != 7 or colour[0] != "#" or any(c not in "0123456789abcdefABCDEF" for c in colour[1:]):
            raise where.fail("colour", "must be written #rrggbb")
        if raw["terrain"] in result:
            raise where.fail("terrain", f"{raw['terrain']!r} already has its monsters")
        reward = (raw["strength"], raw["coins"], raw["tokens"])
        if reward in rewards:
            raise where.fail("strength", f"strength and reward are the same as {rewards[reward]!r}")
        if len(raw["brief"]) > BRIEF_MAX:
            raise where.fail("brief", f"is {len(raw['brief'])} characters long; at most {BRIEF_MAX}")
        rewards[reward] = raw["id"]
        del raw["note"]
        result[raw["terrain"]] = Monster(**raw)
    missing = [terrain for terrain in LAND if terrain not in result]
    if missing:
        raise ContentError(f"{file}: no monsters for {', '.join(missing)}")
    return result


def parse_content(races: Any, powers: Any, treasures: Any, monsters: Any = None) -> Content:
    found = Content(
        races=_parse_abilities("races.json", races, "race", RACE),
        powers=_parse_abilities("powers.json", powers, "power", POWER),
        treasures=_parse_abilities("treasures.json", treasures, "treasure", TREASURE),
        monsters=parse_monsters(monsters if monsters is not None else _read("monsters.json")),
    )
    _all_distinct({"races.json": found.races, "powers.json": found.powers, "treasures.json": found.treasures})
    return found


@cache
def content() -> Content:
    return parse_content(_read("races.json"), _read("powers.json"), _read("treasures.json"), _read("monsters.json"))
