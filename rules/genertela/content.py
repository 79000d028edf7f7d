"""Loads and validates the Genertela content: map.json, nations.json and schedule.json.

Each kind of entry is a schema of the shared loader (rules/content.py), so every error names the file, the entry and
the field in the one shared format. What a schema cannot say is checked after it: names in the schedule keep the
seed's spellings and are resolved here through the aliases of the map and of the nations, so a name that resolves
nowhere is a load error; so are one-sided map neighbours, duplicate aliases and rules that tie one field to another.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rules.content import (
    SOURCES,
    Schema,
    Where,
    anything,
    build,
    check,
    check_adjacency,
    entries,
    fail,
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
from rules.content import ContentError as ContentError  # dragonewts.py and the tests take it from here
from rules.text import verb

CONTENT_DIR = Path(__file__).parent / "content"

TERRAINS = ("lowland", "highland", "mountain", "waste", "sea")
SIDES = ("Red", "Green", "Blue", "Yellow")
SCENARIOS = {"full": 1, "short": 25}  # scenario -> the first turn whose scores count
ABILITIES = (
    "uz",
    "mostali",
    "dragonewt",
    "chaos",
    "never_submits",
    "aldryami_forests",
    "cities",
    "nomad",
    "raider",
    "praxian_march_nomadic",
)
UNIT_KINDS = ("standard", "killmen", "city", "forest", "giant", "dragon", "named_dragonewt", "special")
SPECIAL_TYPES = ("hero", "superhero", "guardian", "assassin", "dragon_hero", "crimson_bat")
RECOVERY = ("none", "*", "**", "infinite")
RECOVERY_ZONE_RULES = ("any_dragonewt_city",)
STAYS = ("listed_turns", "until_lost")
STATUS = ("new", "continuing")
ZONE_RULES = ("each_other_dragonewt_city", "great_chaos_nest", "any_controlled", "choice")
TIMINGS = ("reinforcement", "start_of_nation_turn", "end_of_nation_turn", "when_condition_met")
CONDITION_TYPES = ("controls", "not_controls", "flag", "in_play")
EVENT_TYPES = (
    "send_to_alliance",
    "great_chaos_nest_if_taken",
    "great_chaos_nest_forced",
    "remove_units",
    "must_attack",
    "dragonkill",
    "swap_units",
    "silver_shadow_founding",
    "forest_conversion",
    "pentans_grazelands",
    "forced_submission",
    "end_submission",
    "praxian_march_nomadic",
    "temples",
    "build_cities",
    "alkoring_conversion",
    "lunar_auxiliaries",
    "lend_units",
    "aelwrin_turns",
    "remove_if_flag",
    "leave_alliance",
    "argrath",
)
RESTRICTION_TYPES = ("no_humans_into_deathline", "no_submission_to", "no_recovery")
COUNTER_KINDS = ("standard", "killmen", "city", "forest", "giant", "dragon", "named_dragonewt")

_FLAGS = (
    "city_site",
    "fortress",
    "dragonewt_city",
    "deathline",
    "chaos_nest",
    "plateau",
    "narrow_pass",
    "emperor_line",
    "north_of_emperor_line",
)

# --- the schemas ---------------------------------------------------------------------------------------------
# Names of zones and nations are plain text here: they are resolved through the aliases after the schema check.

ZONE: Schema = {
    "name": text(),
    "aliases": texts(),
    "terrain": text(TERRAINS),
    "source": text(SOURCES),
    "centre": point(),
    "radius": whole(low=1),
    "adjacent": texts(),
    **{name: flag() for name in _FLAGS},
    "city_name": text(default=""),
}
MAP_FILE: Schema = {"source": text(SOURCES), "about": text(), "canvas": point(), "zones": listed()}

VP_SCHEME: Schema = {
    "homeland": whole(),
    "city": whole(),
    "zone": whole(),
    "kills": table(whole(), keys=SPECIAL_TYPES),  # special type -> points
    "source": text(SOURCES),
}
NATION: Schema = {
    "name": text(),
    "aliases": texts(),
    "side": text(SIDES),
    "turn_order": whole(),
    "human": flag(),
    "abilities": texts(choices=ABILITIES),
    "counter_limits": table(whole(low=0), keys=COUNTER_KINDS),  # counter kind -> how many the nation has
    "homelands": texts(),
    "modifiers": record({"to_hit": whole(default=0), "resist": whole(default=0)}),
    "submission_limit": whole(default=None, nullable=True),  # null or absent: no limit
    "vp": text(),  # a key of vp_schemes
    "source": text(SOURCES),
    "dead_vp": table(whole(), default={}),  # special unit id -> VP at the end if that individual is dead
    "dead_vp_source": text(SOURCES, default=""),  # the seed gives no such values: whose are they
    "singular": flag(default=False),  # its name takes a singular verb ("Chaos builds"), not a plural ("Praxians build")
}
ALLIANCE_TURN: Schema = {"name": text(), "turn_order": whole()}
HANDICAP: Schema = {
    "source": text(SOURCES),
    "about": text(),
    # scenario -> from which turn on each rate holds -> side -> VP given up on every scoring turn from then
    "rates": table(table(table(whole(low=0), keys=SIDES)), keys=SCENARIOS),
    # scenario -> how two or three players share the sides (seating_name) -> side -> VP given up on every scoring
    # turn on top of the scenario's rates
    "by_seating": table(table(table(whole(low=0), keys=SIDES)), keys=SCENARIOS, default={}),
}
NATIONS_FILE: Schema = {
    "source": text(SOURCES),
    "about": text(),
    "vp_schemes": table(record(VP_SCHEME)),
    "handicap": record(HANDICAP),
    "alliance_turns": listed(),
    "nations": listed(),
}

CONDITION: Schema = {
    "type": text(CONDITION_TYPES),
    "nation": text(default=""),
    "zones": texts(default=()),
    "flag": text(default=""),
    "name": text(default=""),
    "types": texts(default=(), choices=SPECIAL_TYPES),
    "negate": flag(default=False),
}
ALLIANCE: Schema = {
    "id": text(),
    "name": text(),
    "members": texts(),
    "alliance_turn": flag(),
    "invasion": flag(),
    "centre": text(default="", nonempty=True),
    "condition": record(CONDITION, default=None),
    "text": text(default=""),
    "must_move_to": text(("deathline",), default=""),
    "no_return_home": flag(default=False),
    "ends_after_nation": text(default="", nonempty=True),
}
PLACEMENT: Schema = {  # what every placement may say; COUNTED and SPECIAL add what their kind needs
    "unit": text(UNIT_KINDS),
    "zone": text(default="", nonempty=True),
    "zone_rule": text(ZONE_RULES, default=""),
    "zones": texts(default=()),  # the options of zone_rule "choice"
    "condition": record(CONDITION, default=None),
    "timing": text(TIMINGS, default="reinforcement"),
    "unless_city": flag(default=False),
    "immobile": flag(default=False),
    "note": text(default=""),  # the transcriber's remark, read by no rule
}
COUNTED: Schema = {
    **PLACEMENT,
    "count": whole(low=1),
    "city": text(default=""),  # documentation only: the named Dragonewts' city
    "per_zone": flag(default=False),  # documentation only: zone_rule already says it
}
SPECIAL: Schema = {
    **PLACEMENT,
    "name": text(),
    "types": texts(choices=SPECIAL_TYPES, nonempty=True),
    "unit_id": text(),
    "status": text(STATUS),
    "recovery": text(RECOVERY),
    "stays": text(STAYS),
    "assassin_movement": flag(default=False),
    "kills_never_recover": flag(default=False),
    "recovery_zone": text(default="", nonempty=True),
    "recovery_even_if_enemy": flag(default=False),
    "recovery_zone_rule": text(RECOVERY_ZONE_RULES, default=""),
    "recovery_text": text(default=""),  # the recovery rule in words, read by no rule
}
REGION: Schema = {"north_of": text(default=""), "south_of": text(default=""), "controlled_by": text(default="")}
_ZONE_PARAMS = ("zone", "replace_with_city_in")
_ZONES_PARAMS = ("zones", "except_zones", "from_zones")
_NATION_PARAMS = ("nation", "source", "into", "to", "overlord", "except_nation")
_NATIONS_PARAMS = ("takers", "non_human")
# An event's other fields are parameters its rule reads as written; those that name zones or nations are typed here,
# so that every name anywhere in an event resolves too. The schema stays open for the rest.
PARAMS: Schema = {
    **{key: text(default="") for key in _ZONE_PARAMS + _NATION_PARAMS},
    **{key: texts(default=()) for key in _ZONES_PARAMS + _NATIONS_PARAMS},
    "region": record(REGION, default=None),
    "candidates": record(REGION, default=None),
    "condition": record(CONDITION, default=None),
    "unit": anything(default=None),  # a unit kind, or an object naming a special unit (and maybe its nation)
    "target": anything(default=None),
}
EVENT: Schema = {"type": text(EVENT_TYPES), "text": text(), **PARAMS}
RESTRICTION: Schema = {"type": text(RESTRICTION_TYPES), "text": text(), **PARAMS}
ENTRY: Schema = {
    "nation": text(),
    "invasion": flag(),
    "placements": listed(),
    "events": listed(),
    "note": text(default=""),  # the transcriber's remark, read by no rule
}
TURN: Schema = {
    "turn": whole(),
    "title": text(),
    "years": text(),
    "scoring": flag(),
    "alliances": listed(),
    "restrictions": listed(),
    "entries": listed(),
}
SCHEDULE_FILE: Schema = {"source": text(SOURCES), "about": text(), "scoring_turns": listed(whole()), "turns": listed()}


def _norm(name: str) -> str:
    """Lower-case, without a leading article and with one kind of apostrophe: "the Print" == "Print"."""
    text = " ".join(name.replace("’", "'").lower().split())
    return text[4:] if text.startswith("the ") else text


def _add_aliases(where: Where, aliases: dict[str, str], spellings: Iterable[str], target: str, kind: str) -> None:
    for spelling in spellings:
        key = _norm(spelling)
        if aliases.get(key, target) != target:
            raise where.fail("aliases", f"{spelling!r} already names {kind} {aliases[key]!r}")
        aliases[key] = target


# --- the map -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Zone:
    id: str
    name: str
    terrain: str
    centre: tuple[int, int]
    radius: int
    adjacent: tuple[str, ...]
    city_site: bool
    fortress: bool
    dragonewt_city: bool
    deathline: bool
    chaos_nest: bool
    plateau: bool
    narrow_pass: bool
    emperor_line: bool
    north_of_emperor_line: bool
    city_name: str = ""

    @property
    def enterable_by_all(self) -> bool:
        """Mountains are closed to all but Uz and Mostali, except the two plateaus; the sea is closed to everyone."""
        return self.terrain in ("lowland", "highland", "waste") or self.plateau


@dataclass(frozen=True)
class MapData:
    canvas: tuple[int, int]
    zones: dict[str, Zone]
    aliases: dict[str, str]  # normalised name -> zone id

    def resolve(self, name: str) -> str:
        """The zone id for any spelling the seed uses; KeyError when there is none."""
        return self.aliases[_norm(name)]

    def zone(self, name: str) -> Zone:
        return self.zones[self.resolve(name)]


def parse_map(raw: dict[str, Any], file: str = "map.json") -> MapData:
    top = check(Where(file, "map"), raw, MAP_FILE, closed=True)
    width, height = top["canvas"]
    zones: dict[str, Zone] = {}
    aliases: dict[str, str] = {}
    for where, item in entries(file, raw["zones"], ZONE, closed=True):  # the raw list: check() made it a tuple
        zone = zones[item["id"]] = build(Zone, item)
        x, y = zone.centre
        if not (0 <= x <= width and 0 <= y <= height):
            raise where.fail("centre", f"{list(zone.centre)} lies outside the canvas {[width, height]}")
        _add_aliases(where, aliases, [zone.id, zone.name, *item["aliases"]], zone.id, "zone")
    check_adjacency(file, {zid: zone.adjacent for zid, zone in zones.items()})
    for zone in zones.values():
        if zone.terrain == "sea" and (zone.city_site or zone.dragonewt_city):
            raise fail(file, zone.id, "city_site", "the sea holds no city")
        if zone.chaos_nest and not zone.deathline:
            raise fail(file, zone.id, "chaos_nest", "the seed's Chaos Nests are Deathline zones")
    return MapData((width, height), zones, aliases)


# --- nations -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class VpScheme:
    homeland: int
    city: int
    zone: int
    kills: dict[str, int]


@dataclass(frozen=True)
class Nation:
    id: str
    name: str
    side: str
    turn_order: int
    human: bool
    abilities: frozenset[str]
    counter_limits: dict[str, int]
    homelands: tuple[str, ...]  # zone ids
    to_hit: int
    resist: int
    submission_limit: int | None
    vp: VpScheme
    dead_vp: dict[str, int] = field(default_factory=dict)  # unit id -> VP at the end if that individual is dead
    singular: bool = False  # its name takes a singular verb: "Chaos builds", "Praxians build"

    def has(self, ability: str) -> bool:
        return ability in self.abilities

    def acts(self, base: str) -> str:
        """The nation's name and a verb agreeing with it: "Uz builds", "Praxians build"."""
        return f"{self.name} {verb(self.singular, base)}"


@dataclass(frozen=True)
class NationData:
    nations: dict[str, Nation]  # in turn-record order
    aliases: dict[str, str]
    alliance_turns: tuple[tuple[str, str], ...]  # (alliance id, name), in turn-record order after the nations
    # scenario -> (from turn, side -> VP given up on each scoring turn), by turn
    handicap: dict[str, tuple[tuple[int, dict[str, int]], ...]] = field(default_factory=dict)
    # scenario -> seating (seating_name) -> side -> VP given up on each scoring turn on top of the scenario's rates
    by_seating: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)

    def resolve(self, name: str) -> str:
        return self.aliases[_norm(name)]

    def handicap_rate(self, scenario: str, turn: int, side: str, seating: str | None = None) -> int:
        """The VP `side` gives up on scoring turn `turn` of `scenario` (the house handicap), with what its
        seating adds (None: one side a player, or the bot plays some)."""
        rates = [sides for start, sides in self.handicap.get(scenario, ()) if start <= turn]
        extra = self.by_seating.get(scenario, {}).get(seating, {}).get(side, 0) if seating else 0
        return (rates[-1].get(side, 0) if rates else 0) + extra


def parse_nations(raw: dict[str, Any], board: MapData, file: str = "nations.json") -> NationData:
    top_where = Where(file, "nations")
    top = check(top_where, raw, NATIONS_FILE, closed=True)
    schemes: dict[str, VpScheme] = {}
    for sid, scheme in top["vp_schemes"].items():
        schemes[sid] = VpScheme(scheme["homeland"], scheme["city"], scheme["zone"], dict(scheme["kills"]))
    nations: dict[str, Nation] = {}
    aliases: dict[str, str] = {}
    orders: set[int] = set()
    for where, item in entries(file, top["nations"], NATION, closed=True):
        nid = item["id"]
        if item["turn_order"] in orders:
            raise where.fail("turn_order", f"{item['turn_order']} is used twice")
        orders.add(item["turn_order"])
        homelands = []
        for name in item["homelands"]:
            try:
                homelands.append(board.resolve(name))
            except KeyError:
                raise where.fail("homelands", f"{name!r} is not a zone of map.json") from None
        if item["vp"] not in schemes:
            raise where.fail("vp", f"{item['vp']!r} is not a scheme in vp_schemes")
        if item["dead_vp"] and not item["dead_vp_source"]:
            raise where.fail("dead_vp_source", "missing: say whose the points in dead_vp are")
        nations[nid] = build(
            Nation,
            item,
            abilities=frozenset(item["abilities"]),
            counter_limits=dict(item["counter_limits"]),
            homelands=tuple(homelands),
            to_hit=item["modifiers"]["to_hit"],
            resist=item["modifiers"]["resist"],
            vp=schemes[item["vp"]],
            dead_vp=dict(item["dead_vp"]),
        )
        _add_aliases(where, aliases, [nid, item["name"], *item["aliases"]], nid, "nation")
    ordered = dict(sorted(nations.items(), key=lambda pair: pair[1].turn_order))
    alliance_turns = tuple(
        (item["id"], item["name"]) for _, item in entries(file, raw["alliance_turns"], ALLIANCE_TURN, closed=True)
    )
    handicap = top["handicap"]
    by_seating = {scenario: _by_seating(top_where, rates) for scenario, rates in handicap["by_seating"].items()}
    return NationData(ordered, aliases, alliance_turns, _handicap(top_where, handicap["rates"]), by_seating)


def seating_name(groups: Iterable[Iterable[str]]) -> str:
    """How the players share the sides, as the handicap's seatings are named: each player's sides joined by "+",
    the players by " / ", both in side order ("Red+Blue / Green+Yellow")."""
    held = [tuple(side for side in SIDES if side in set(group)) for group in groups]
    return " / ".join("+".join(sides) for sides in sorted(filter(None, held), key=lambda g: SIDES.index(g[0])))


def _by_seating(where: Where, seatings: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """Each seating must share all four sides among two or three players, named as seating_name names it."""
    for name in seatings:
        groups = [group.split("+") for group in name.split(" / ")]
        if sorted(side for group in groups for side in group) != sorted(SIDES) or not 2 <= len(groups) <= 3:
            raise where.fail("by_seating", f"{name!r} does not share the four sides among two or three players")
        if name != seating_name(groups):
            raise where.fail("by_seating", f"{name!r} is not in side order: write {seating_name(groups)!r}")
    return {name: dict(sides) for name, sides in seatings.items()}


def _handicap(
    where: Where, scenarios: dict[str, dict[str, dict[str, int]]]
) -> dict[str, tuple[tuple[int, dict[str, int]], ...]]:
    """Each scenario's rates by the turn they start at; the first must start when the scenario's scores do."""
    handicap = {}
    for scenario, rates in scenarios.items():
        if any(not start.isdigit() or not 1 <= int(start) <= 40 for start in rates):
            raise where.fail("handicap", f"{scenario}: {sorted(rates)} are not all turns from 1 to 40")
        ordered = sorted((int(start), dict(sides)) for start, sides in rates.items())
        if not ordered or ordered[0][0] != SCENARIOS[scenario]:
            raise where.fail("handicap", f"{scenario}: the rates must start at turn {SCENARIOS[scenario]}")
        handicap[scenario] = tuple(ordered)
    return handicap


# --- the schedule ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Condition:
    type: str
    nation: str = ""
    zones: tuple[str, ...] = ()
    flag: str = ""
    name: str = ""
    types: tuple[str, ...] = ()
    negate: bool = False


@dataclass(frozen=True)
class Placement:
    nation: str
    unit: str  # one of UNIT_KINDS
    count: int = 1
    zone: str = ""  # a zone id, or "" when zone_rule says where
    zone_rule: str = ""
    zones: tuple[str, ...] = ()  # the options of zone_rule "choice"
    condition: Condition | None = None
    timing: str = "reinforcement"
    unless_city: bool = False
    immobile: bool = False
    # special units only
    name: str = ""
    types: tuple[str, ...] = ()
    unit_id: str = ""
    status: str = "new"
    recovery: str = "none"
    stays: str = "listed_turns"
    assassin_movement: bool = False
    kills_never_recover: bool = False  # Jar-eel (turn 34): special units it destroys never recover
    recovery_zone: str = ""  # the only zone it may come back in (Only Old One, Isidilian)
    recovery_even_if_enemy: bool = False  # ...even when another nation holds that zone (Isidilian)
    recovery_zone_rule: str = ""  # "any_dragonewt_city" (the Inhuman King)


@dataclass(frozen=True)
class TurnEvent:
    nation: str
    type: str
    text: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Alliance:
    id: str
    name: str
    members: tuple[str, ...]
    alliance_turn: bool
    invasion: bool
    centre: str = ""
    condition: Condition | None = None
    text: str = ""
    must_move_to: str = ""  # "deathline": the army may only move into Deathline zones, all together
    no_return_home: bool = False  # the army's units stay where they are when the alliance turn ends
    ends_after_nation: str = ""  # the alliance breaks up (units go home) when this nation's turn ends


@dataclass(frozen=True)
class Entry:
    nation: str
    invasion: bool
    placements: tuple[Placement, ...]
    events: tuple[TurnEvent, ...]


@dataclass(frozen=True)
class TurnData:
    turn: int
    title: str
    years: str
    scoring: bool
    alliances: tuple[Alliance, ...]
    restrictions: tuple[TurnEvent, ...]
    entries: tuple[Entry, ...]

    def entries_of(self, nation: str) -> list[Entry]:
        return [entry for entry in self.entries if entry.nation == nation]


@dataclass(frozen=True)
class Content:
    board: MapData
    nations: NationData
    turns: tuple[TurnData, ...]  # turns[0] is turn 1 (the setup)

    def turn(self, number: int) -> TurnData:
        return self.turns[number - 1]


@dataclass(frozen=True)
class _Names:
    """Resolves the seed's spellings in the schedule through the aliases of map.json and nations.json."""

    board: MapData
    nations: NationData

    def zone(self, where: Where, name: str, spelling: str) -> str:
        try:
            return self.board.resolve(spelling)
        except KeyError:
            raise where.fail(name, f"{spelling!r} is not a zone of map.json (nor an alias)") from None

    def optional_zone(self, where: Where, name: str, spelling: str) -> str:
        """The zone id, or "" when the field was not given."""
        return self.zone(where, name, spelling) if spelling else ""

    def optional_nation(self, where: Where, name: str, spelling: str) -> str:
        """The nation id, or "" when the field was not given."""
        return self.nation(where, name, spelling) if spelling else ""

    def nation(self, where: Where, name: str, spelling: str) -> str:
        try:
            return self.nations.resolve(spelling)
        except KeyError:
            raise where.fail(name, f"{spelling!r} is not a nation of nations.json (nor an alias)") from None

    def condition(self, where: Where, item: dict[str, Any] | None, name: str = "condition") -> Condition | None:
        """A checked condition with its names resolved; what its type needs must be there."""
        if item is None:
            return None
        kind = item["type"]
        nation = self.optional_nation(where, f"{name}.nation", item["nation"])
        zones = tuple(self.zone(where, f"{name}.zones", z) for z in item["zones"])
        if kind in ("controls", "not_controls") and not (nation and zones):
            raise where.fail(name, f"a {kind!r} condition needs a nation and zones")
        if kind == "flag" and not item["flag"]:
            raise where.fail(name, "a 'flag' condition needs the flag's name")
        if kind == "in_play" and not item["types"]:
            raise where.fail(f"{name}.types", "an 'in_play' condition needs at least one special unit type")
        negate = item["negate"] or kind == "not_controls"
        kind = "controls" if kind == "not_controls" else kind
        return build(Condition, item, type=kind, nation=nation, zones=zones, negate=negate)

    def params(self, where: Where, item: dict[str, Any]) -> None:
        """Every zone and nation an event's parameters name must resolve."""
        for key in _ZONE_PARAMS:
            self.optional_zone(where, key, item[key])
        for key in _ZONES_PARAMS:
            for spelling in item[key]:
                self.zone(where, key, spelling)
        for key in _NATION_PARAMS:
            self.optional_nation(where, key, item[key])
        for key in _NATIONS_PARAMS:
            for spelling in item[key]:
                self.nation(where, key, spelling)
        for key in ("region", "candidates"):
            if item[key] is not None:
                self.optional_zone(where, f"{key}.north_of", item[key]["north_of"])
                self.optional_zone(where, f"{key}.south_of", item[key]["south_of"])
                self.optional_nation(where, f"{key}.controlled_by", item[key]["controlled_by"])
        self.condition(where, item["condition"])
        for key in ("unit", "target"):
            if isinstance(item[key], dict):  # text names a unit kind; an object may name its nation
                owner = check(where, item[key], {"nation": text(default="")}, prefix=f"{key}.")["nation"]
                self.optional_nation(where, f"{key}.nation", owner)


def _placement(where: Where, raw: Any, nation: str, names: _Names) -> Placement:
    special = isinstance(raw, dict) and raw.get("unit") == "special"
    item = check(where, raw, SPECIAL if special else COUNTED, closed=True)
    zone = names.optional_zone(where, "zone", item["zone"])
    rule = item["zone_rule"]
    if not zone and not rule and item.get("status") != "continuing":
        raise where.fail("zone", "a new placement needs a zone or a zone_rule")
    zones = tuple(names.zone(where, "zones", z) for z in item["zones"])
    if rule == "choice" and not zones:
        raise where.fail("zones", "zone_rule 'choice' needs the zones to choose from")
    return build(
        Placement,
        item,
        nation=nation,
        zone=zone,
        zones=zones,
        condition=names.condition(where, item["condition"]),
        recovery_zone=names.optional_zone(where, "recovery_zone", item.get("recovery_zone", "")),  # specials only
    )


def _event(where: Where, raw: Any, nation: str, names: _Names, schema: Schema) -> TurnEvent:
    item = check(where, raw, schema)  # open: the other fields are the event's parameters
    names.params(where, item)
    params = {key: value for key, value in raw.items() if key not in ("type", "text")}  # as written, for the rules
    return TurnEvent(nation, item["type"], item["text"], params)


def _alliance(where: Where, raw: Any, names: _Names) -> Alliance:
    item = check(where, raw, ALLIANCE, closed=True)
    return build(
        Alliance,
        item,
        members=tuple(names.nation(where, "members", m) for m in item["members"]),
        centre=names.optional_zone(where, "centre", item["centre"]),
        condition=names.condition(where, item["condition"]),
        ends_after_nation=names.optional_nation(where, "ends_after_nation", item["ends_after_nation"]),
    )


def _entry(where: Where, raw: Any, names: _Names) -> Entry:
    item = check(where, raw, ENTRY, closed=True)
    nation = names.nation(where, "nation", item["nation"])
    where = Where(where.file, f"{where.entry} ({nation})")  # later errors say whose entry it is
    placements = tuple(
        _placement(where.inner(f"placement #{i + 1}"), p, nation, names) for i, p in enumerate(raw["placements"])
    )
    events = tuple(_event(where.inner(f"event #{i + 1}"), e, nation, names, EVENT) for i, e in enumerate(raw["events"]))
    return Entry(nation, item["invasion"], placements, events)


def parse_schedule(
    raw: dict[str, Any], board: MapData, nations: NationData, file: str = "schedule.json"
) -> list[TurnData]:
    top = check(Where(file, "schedule"), raw, SCHEDULE_FILE, closed=True)
    names = _Names(board, nations)
    turns: list[TurnData] = []
    # Nested lists are read from the raw JSON (check() made them tuples); each item is checked where it is used.
    for index, turn_raw in enumerate(raw["turns"]):
        where = Where(file, f"turn {index + 1}")
        item = check(where, turn_raw, TURN, closed=True)
        if item["turn"] != index + 1:
            raise where.fail("turn", f"turns must run 1, 2, 3...; expected {index + 1}, not {item['turn']}")
        turns.append(
            build(
                TurnData,
                item,
                alliances=tuple(
                    _alliance(where.inner(f"alliance #{i + 1}"), a, names) for i, a in enumerate(turn_raw["alliances"])
                ),
                restrictions=tuple(
                    _event(where.inner(f"restriction #{i + 1}"), r, "", names, RESTRICTION)
                    for i, r in enumerate(turn_raw["restrictions"])
                ),
                entries=tuple(
                    _entry(where.inner(f"entry #{i + 1}"), e, names) for i, e in enumerate(turn_raw["entries"])
                ),
            )
        )
    if len(turns) != 40:
        raise fail(file, "schedule", "turns", f"the campaign has 40 turns, not {len(turns)}")
    scoring = [t.turn for t in turns if t.scoring]
    if scoring != list(top["scoring_turns"]):
        raise fail(file, "schedule", "scoring_turns", f"does not match the turns marked scoring: {scoring}")
    return turns


def _read(directory: Path, name: str) -> dict[str, Any]:
    data: dict[str, Any] = read_json(directory / name, name, object_at_top=True)
    return data


def load(directory: Path = CONTENT_DIR) -> Content:
    """Read and validate all three files of a content directory."""
    board = parse_map(_read(directory, "map.json"))
    nations = parse_nations(_read(directory, "nations.json"), board)
    turns = parse_schedule(_read(directory, "schedule.json"), board, nations)
    return Content(board, nations, tuple(turns))


@cache
def content() -> Content:
    """The shipped content, loaded once."""
    return load()
