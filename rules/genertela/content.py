"""Loads and validates the Genertela content: map.json, nations.json and schedule.json.

Every error names the file, the entry and the field. Names in the schedule keep the seed's spellings; they are
resolved here through the aliases of the map and of the nations, so a name that resolves nowhere is a load error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rules.content import ContentError, read_json

CONTENT_DIR = Path(__file__).parent / "content"

TERRAINS = ("lowland", "highland", "mountain", "waste", "sea")
SIDES = ("Red", "Green", "Blue", "Yellow")
SOURCES = ("published", "house")
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


def _fail(file: str, entry: str, fld: str, message: str) -> ContentError:
    return ContentError(f"{file}: {entry}: field {fld!r}: {message}")


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], file: str, entry: str) -> Any:
    if key not in data:
        raise _fail(file, entry, key, "is missing")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise _fail(file, entry, key, f"must be {getattr(kind, '__name__', kind)}, not {type(value).__name__}")
    return value


def _norm(name: str) -> str:
    """Lower-case, without a leading article and with one kind of apostrophe: "the Print" == "Print"."""
    text = " ".join(name.replace("’", "'").lower().split())
    return text[4:] if text.startswith("the ") else text


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


def parse_map(raw: dict[str, Any], file: str = "map.json") -> MapData:
    canvas = _need(raw, "canvas", list, file, "map")
    zones: dict[str, Zone] = {}
    aliases: dict[str, str] = {}
    for index, item in enumerate(_need(raw, "zones", list, file, "map")):
        entry = f"zone #{index + 1}"
        zid = _need(item, "id", str, file, entry)
        entry = f"zone {zid!r}"
        if zid in zones:
            raise _fail(file, entry, "id", "is used twice")
        terrain = _need(item, "terrain", str, file, entry)
        if terrain not in TERRAINS:
            raise _fail(file, entry, "terrain", f"{terrain!r} is not one of {', '.join(TERRAINS)}")
        if _need(item, "source", str, file, entry) not in SOURCES:
            raise _fail(file, entry, "source", "must be 'published' or 'house'")
        centre = _need(item, "centre", list, file, entry)
        if len(centre) != 2 or not all(isinstance(v, int) for v in centre):
            raise _fail(file, entry, "centre", "must be [x, y] in whole numbers")
        if not (0 <= centre[0] <= canvas[0] and 0 <= centre[1] <= canvas[1]):
            raise _fail(file, entry, "centre", f"{centre} lies outside the canvas {canvas}")
        radius = _need(item, "radius", int, file, entry)
        if radius <= 0:
            raise _fail(file, entry, "radius", "must be positive")
        flags = {name: _need(item, name, bool, file, entry) for name in _FLAGS}
        name = _need(item, "name", str, file, entry)
        zones[zid] = Zone(
            id=zid,
            name=name,
            terrain=terrain,
            centre=(centre[0], centre[1]),
            radius=radius,
            adjacent=tuple(_need(item, "adjacent", list, file, entry)),
            city_name=item.get("city_name", ""),
            **flags,
        )
        for spelling in [zid, name, *_need(item, "aliases", list, file, entry)]:
            key = _norm(spelling)
            if aliases.get(key, zid) != zid:
                raise _fail(file, entry, "aliases", f"{spelling!r} already names zone {aliases[key]!r}")
            aliases[key] = zid
    for zone in zones.values():
        entry = f"zone {zone.id!r}"
        for other in zone.adjacent:
            if other not in zones:
                raise _fail(file, entry, "adjacent", f"{other!r} is not a zone")
            if other == zone.id:
                raise _fail(file, entry, "adjacent", "a zone cannot be next to itself")
            if zone.id not in zones[other].adjacent:
                raise _fail(file, entry, "adjacent", f"{other!r} does not list {zone.id!r} back")
        if zone.terrain == "sea" and (zone.city_site or zone.dragonewt_city):
            raise _fail(file, entry, "city_site", "the sea holds no city")
        if zone.chaos_nest and not zone.deathline:
            raise _fail(file, entry, "chaos_nest", "the seed's Chaos Nests are Deathline zones")
    return MapData((canvas[0], canvas[1]), zones, aliases)


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

    def has(self, ability: str) -> bool:
        return ability in self.abilities


@dataclass(frozen=True)
class NationData:
    nations: dict[str, Nation]  # in turn-record order
    aliases: dict[str, str]
    alliance_turns: tuple[tuple[str, str], ...]  # (alliance id, name), in turn-record order after the nations

    def resolve(self, name: str) -> str:
        return self.aliases[_norm(name)]


def parse_nations(raw: dict[str, Any], board: MapData, file: str = "nations.json") -> NationData:
    schemes: dict[str, VpScheme] = {}
    for sid, item in _need(raw, "vp_schemes", dict, file, "nations").items():
        entry = f"vp scheme {sid!r}"
        kills = _need(item, "kills", dict, file, entry)
        for kind, points in kills.items():
            if kind not in SPECIAL_TYPES or not isinstance(points, int):
                raise _fail(file, entry, "kills", f"{kind!r}: {points!r} is not a special type with whole points")
        schemes[sid] = VpScheme(*(_need(item, key, int, file, entry) for key in ("homeland", "city", "zone")), kills)
    nations: dict[str, Nation] = {}
    aliases: dict[str, str] = {}
    orders: set[int] = set()
    for index, item in enumerate(_need(raw, "nations", list, file, "nations")):
        nid = _need(item, "id", str, file, f"nation #{index + 1}")
        entry = f"nation {nid!r}"
        if nid in nations:
            raise _fail(file, entry, "id", "is used twice")
        side = _need(item, "side", str, file, entry)
        if side not in SIDES:
            raise _fail(file, entry, "side", f"{side!r} is not one of {', '.join(SIDES)}")
        order = _need(item, "turn_order", int, file, entry)
        if order in orders:
            raise _fail(file, entry, "turn_order", f"{order} is used twice")
        orders.add(order)
        abilities = _need(item, "abilities", list, file, entry)
        for ability in abilities:
            if ability not in ABILITIES:
                raise _fail(file, entry, "abilities", f"{ability!r} is not one of {', '.join(ABILITIES)}")
        limits = _need(item, "counter_limits", dict, file, entry)
        for kind, count in limits.items():
            if kind not in COUNTER_KINDS or not isinstance(count, int) or count < 0:
                raise _fail(file, entry, "counter_limits", f"{kind!r}: {count!r} is not a counter kind with a count")
        homelands = []
        for name in _need(item, "homelands", list, file, entry):
            try:
                homelands.append(board.resolve(name))
            except KeyError:
                raise _fail(file, entry, "homelands", f"{name!r} is not a zone of map.json") from None
        modifiers = _need(item, "modifiers", dict, file, entry)
        scheme = _need(item, "vp", str, file, entry)
        if scheme not in schemes:
            raise _fail(file, entry, "vp", f"{scheme!r} is not a scheme in vp_schemes")
        limit = item.get("submission_limit")
        if limit is not None and not isinstance(limit, int):
            raise _fail(file, entry, "submission_limit", "must be a whole number or null")
        dead_vp = item.get("dead_vp", {})
        if not isinstance(dead_vp, dict) or not all(isinstance(v, int) for v in dead_vp.values()):
            raise _fail(file, entry, "dead_vp", "must map special unit ids to whole points")
        if dead_vp and item.get("dead_vp_source") not in SOURCES:  # the seed gives no values: say whose they are
            raise _fail(file, entry, "dead_vp_source", "must be 'published' or 'house' when dead_vp lists points")
        nations[nid] = Nation(
            id=nid,
            name=_need(item, "name", str, file, entry),
            side=side,
            turn_order=order,
            human=_need(item, "human", bool, file, entry),
            abilities=frozenset(abilities),
            counter_limits=dict(limits),
            homelands=tuple(homelands),
            to_hit=int(modifiers.get("to_hit", 0)),
            resist=int(modifiers.get("resist", 0)),
            submission_limit=limit,
            vp=schemes[scheme],
            dead_vp=dict(dead_vp),
        )
        for spelling in [nid, nations[nid].name, *_need(item, "aliases", list, file, entry)]:
            key = _norm(spelling)
            if aliases.get(key, nid) != nid:
                raise _fail(file, entry, "aliases", f"{spelling!r} already names nation {aliases[key]!r}")
            aliases[key] = nid
    ordered = dict(sorted(nations.items(), key=lambda pair: pair[1].turn_order))
    alliance_turns = tuple(
        (_need(a, "id", str, file, "alliance_turns"), _need(a, "name", str, file, "alliance_turns"))
        for a in _need(raw, "alliance_turns", list, file, "nations")
    )
    return NationData(ordered, aliases, alliance_turns)


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


class _Resolver:
    """Resolves seed names inside one schedule entry, failing with file/entry/field."""

    def __init__(self, board: MapData, nations: NationData, file: str) -> None:
        self.board, self.nations, self.file = board, nations, file

    def zone(self, name: Any, entry: str, fld: str) -> str:
        try:
            return self.board.resolve(str(name))
        except KeyError:
            raise _fail(self.file, entry, fld, f"{name!r} is not a zone of map.json (nor an alias)") from None

    def nation(self, name: Any, entry: str, fld: str) -> str:
        try:
            return self.nations.resolve(str(name))
        except KeyError:
            raise _fail(self.file, entry, fld, f"{name!r} is not a nation of nations.json (nor an alias)") from None

    def condition(self, raw: Any, entry: str, fld: str = "condition") -> Condition | None:
        if raw is None:
            return None
        if not isinstance(raw, dict) or raw.get("type") not in CONDITION_TYPES:
            raise _fail(self.file, entry, fld, f"must be an object whose type is one of {', '.join(CONDITION_TYPES)}")
        kind = raw["type"]
        nation = self.nation(raw["nation"], entry, f"{fld}.nation") if "nation" in raw else ""
        zones = tuple(self.zone(z, entry, f"{fld}.zones") for z in raw.get("zones", ()))
        if kind in ("controls", "not_controls") and not (nation and zones):
            raise _fail(self.file, entry, fld, f"a {kind!r} condition needs a nation and zones")
        if kind == "flag" and not raw.get("flag"):
            raise _fail(self.file, entry, fld, "a 'flag' condition needs the flag's name")
        types = tuple(raw.get("types", ()))
        _check_types(types, self.file, entry, f"{fld}.types", allow_empty=kind != "in_play")
        negate = bool(raw.get("negate", False)) or kind == "not_controls"
        kind = "controls" if kind == "not_controls" else kind
        return Condition(kind, nation, zones, raw.get("flag", ""), raw.get("name", ""), types, negate)

    def check_params(self, params: dict[str, Any], entry: str, fld: str) -> None:
        """Every zone and nation named anywhere in an event must resolve too."""
        for key, value in params.items():
            where = f"{fld}.{key}"
            if key in ("zone", "replace_with_city_in"):
                self.zone(value, entry, where)
            elif key in ("zones", "except_zones", "from_zones"):
                for name in value:
                    self.zone(name, entry, where)
            elif key in ("nation", "source", "into", "to", "overlord", "except_nation") or key == "takers":
                for name in value if isinstance(value, list) else [value]:
                    self.nation(name, entry, where)
            elif key == "non_human":
                for name in value:
                    self.nation(name, entry, where)
            elif key in ("region", "candidates"):
                for sub in ("north_of", "south_of"):
                    if sub in value:
                        self.zone(value[sub], entry, f"{where}.{sub}")
                if "controlled_by" in value:
                    self.nation(value["controlled_by"], entry, f"{where}.controlled_by")
            elif key == "condition":
                self.condition(value, entry, where)
            elif key in ("unit", "target") and isinstance(value, dict) and "nation" in value:
                self.nation(value["nation"], entry, where)


def _check_types(types: tuple[str, ...], file: str, entry: str, fld: str, allow_empty: bool = False) -> None:
    if not types and not allow_empty:
        raise _fail(file, entry, fld, "a special unit needs at least one type")
    for kind in types:
        if kind not in SPECIAL_TYPES:
            raise _fail(file, entry, fld, f"{kind!r} is not one of {', '.join(SPECIAL_TYPES)}")


def _placement(raw: dict[str, Any], nation: str, res: _Resolver, entry: str) -> Placement:
    file = res.file
    unit = _need(raw, "unit", str, file, entry)
    if unit not in UNIT_KINDS:
        raise _fail(file, entry, "unit", f"{unit!r} is not one of {', '.join(UNIT_KINDS)}")
    zone = res.zone(raw["zone"], entry, "zone") if "zone" in raw else ""
    rule = raw.get("zone_rule", "")
    if rule and rule not in ZONE_RULES:
        raise _fail(file, entry, "zone_rule", f"{rule!r} is not one of {', '.join(ZONE_RULES)}")
    if not zone and not rule and raw.get("status") != "continuing":
        raise _fail(file, entry, "zone", "a new placement needs a zone or a zone_rule")
    zones = tuple(res.zone(z, entry, "zones") for z in raw.get("zones", ()))
    if rule == "choice" and not zones:
        raise _fail(file, entry, "zones", "zone_rule 'choice' needs the zones to choose from")
    timing = raw.get("timing", "reinforcement")
    if timing not in TIMINGS:
        raise _fail(file, entry, "timing", f"{timing!r} is not one of {', '.join(TIMINGS)}")
    common = {
        "nation": nation,
        "unit": unit,
        "zone": zone,
        "zone_rule": rule,
        "zones": zones,
        "condition": res.condition(raw.get("condition"), entry),
        "timing": timing,
        "unless_city": bool(raw.get("unless_city", False)),
        "immobile": bool(raw.get("immobile", False)),
    }
    if unit != "special":
        count = _need(raw, "count", int, file, entry)
        if count < 1:
            raise _fail(file, entry, "count", "must be at least 1")
        return Placement(count=count, **common)
    types = tuple(_need(raw, "types", list, file, entry))
    _check_types(types, file, entry, "types")
    values = {
        "status": (_need(raw, "status", str, file, entry), STATUS),
        "recovery": (_need(raw, "recovery", str, file, entry), RECOVERY),
        "stays": (_need(raw, "stays", str, file, entry), STAYS),
    }
    for key, (value, allowed) in values.items():
        if value not in allowed:
            raise _fail(file, entry, key, f"{value!r} is not one of {', '.join(allowed)}")
    return Placement(
        name=_need(raw, "name", str, file, entry),
        types=types,
        unit_id=_need(raw, "unit_id", str, file, entry),
        status=values["status"][0],
        recovery=values["recovery"][0],
        stays=values["stays"][0],
        assassin_movement=bool(raw.get("assassin_movement", False)),
        kills_never_recover=bool(raw.get("kills_never_recover", False)),
        recovery_zone=res.zone(raw["recovery_zone"], entry, "recovery_zone") if "recovery_zone" in raw else "",
        recovery_even_if_enemy=bool(raw.get("recovery_even_if_enemy", False)),
        recovery_zone_rule=_recovery_rule(raw.get("recovery_zone_rule", ""), file, entry),
        **common,
    )


RECOVERY_ZONE_RULES = ("", "any_dragonewt_city")


def _recovery_rule(rule: Any, file: str, entry: str) -> str:
    if rule not in RECOVERY_ZONE_RULES:
        raise _fail(file, entry, "recovery_zone_rule", f"{rule!r} is not one of {', '.join(RECOVERY_ZONE_RULES[1:])}")
    return str(rule)


def _event(raw: dict[str, Any], nation: str, res: _Resolver, entry: str, kinds: tuple[str, ...]) -> TurnEvent:
    kind = _need(raw, "type", str, res.file, entry)
    if kind not in kinds:
        raise _fail(res.file, entry, "type", f"{kind!r} is not one of {', '.join(kinds)}")
    text = _need(raw, "text", str, res.file, entry)
    params = {key: value for key, value in raw.items() if key not in ("type", "text")}
    res.check_params(params, entry, "params")
    return TurnEvent(nation, kind, text, params)


def parse_schedule(
    raw: dict[str, Any], board: MapData, nations: NationData, file: str = "schedule.json"
) -> list[TurnData]:
    res = _Resolver(board, nations, file)
    turns: list[TurnData] = []
    for index, item in enumerate(_need(raw, "turns", list, file, "schedule")):
        number = _need(item, "turn", int, file, f"turn #{index + 1}")
        where = f"turn {number}"
        if number != index + 1:
            raise _fail(file, where, "turn", f"turns must run 1, 2, 3...; expected {index + 1}")
        alliances = []
        for a_index, a_raw in enumerate(_need(item, "alliances", list, file, where)):
            entry = f"{where}, alliance #{a_index + 1}"
            members = tuple(res.nation(m, entry, "members") for m in _need(a_raw, "members", list, file, entry))
            alliances.append(
                Alliance(
                    id=_need(a_raw, "id", str, file, entry),
                    name=_need(a_raw, "name", str, file, entry),
                    members=members,
                    alliance_turn=_need(a_raw, "alliance_turn", bool, file, entry),
                    invasion=_need(a_raw, "invasion", bool, file, entry),
                    centre=res.zone(a_raw["centre"], entry, "centre") if "centre" in a_raw else "",
                    condition=res.condition(a_raw.get("condition"), entry),
                    text=a_raw.get("text", ""),
                    must_move_to=_alliance_duty(a_raw, file, entry),
                    no_return_home=bool(a_raw.get("no_return_home", False)),
                    ends_after_nation=(
                        res.nation(a_raw["ends_after_nation"], entry, "ends_after_nation")
                        if "ends_after_nation" in a_raw
                        else ""
                    ),
                )
            )
        restrictions = tuple(
            _event(r, "", res, f"{where}, restriction #{i + 1}", RESTRICTION_TYPES)
            for i, r in enumerate(_need(item, "restrictions", list, file, where))
        )
        entries = []
        for e_index, e_raw in enumerate(_need(item, "entries", list, file, where)):
            entry = f"{where}, entry #{e_index + 1}"
            nation = res.nation(_need(e_raw, "nation", str, file, entry), entry, "nation")
            entry = f"{entry} ({nation})"
            placements = tuple(
                _placement(p, nation, res, f"{entry}, placement #{i + 1}")
                for i, p in enumerate(_need(e_raw, "placements", list, file, entry))
            )
            events = tuple(
                _event(ev, nation, res, f"{entry}, event #{i + 1}", EVENT_TYPES)
                for i, ev in enumerate(_need(e_raw, "events", list, file, entry))
            )
            entries.append(Entry(nation, _need(e_raw, "invasion", bool, file, entry), placements, events))
        turns.append(
            TurnData(
                turn=number,
                title=_need(item, "title", str, file, where),
                years=_need(item, "years", str, file, where),
                scoring=_need(item, "scoring", bool, file, where),
                alliances=tuple(alliances),
                restrictions=restrictions,
                entries=tuple(entries),
            )
        )
    if len(turns) != 40:
        raise _fail(file, "schedule", "turns", f"the campaign has 40 turns, not {len(turns)}")
    listed = [t.turn for t in turns if t.scoring]
    if listed != raw.get("scoring_turns"):
        raise _fail(file, "schedule", "scoring_turns", f"does not match the turns marked scoring: {listed}")
    return turns


def _alliance_duty(raw: dict[str, Any], file: str, entry: str) -> str:
    duty = raw.get("must_move_to", "")
    if duty not in ("", "deathline"):
        raise _fail(file, entry, "must_move_to", f"{duty!r} is not 'deathline'")
    return str(duty)


def _read(directory: Path, name: str) -> dict[str, Any]:
    data: dict[str, Any] = read_json(directory / name, name)
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
