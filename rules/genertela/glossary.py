"""What /info explains for Genertela: every nation, special unit, unit kind, special type, ability, terrain, map
feature, title, alliance and named Dragonewt city, built from the loaded content.

The content has few texts of its own (the alliances' and events' `text` fields), so most texts are written here
from what the engine does and from rules.md. Numbers come from the engine's own constants and battle functions, so
a change of a rule changes the facts shown with it.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from rules.base import Lookup, normal, seat_ref
from rules.content import Source
from rules.genertela.arrivals import special_id
from rules.genertela.battle import dice, resist, to_hit
from rules.genertela.board import BOARD, NATIONS, controller, seat_of, units_in
from rules.genertela.content import (
    ABILITIES,
    CONTENT_DIR,
    COUNTER_KINDS,
    SPECIAL_TYPES,
    TERRAINS,
    Alliance,
    Content,
    Nation,
    Placement,
    content,
)
from rules.genertela.dragonewts import CITY_POPULATION, CITY_STACK, city_names
from rules.genertela.economy import (
    CHAOS_NEST_POPULATION,
    CHAOS_NEST_RESOURCES,
    CITY_COST,
    FOREST_COST,
    NOMADIC_MARCH_TURN,
    UNIT_COST,
)
from rules.genertela.state import BOT, State, Unit
from rules.genertela.titles import COMPLETE, KING_MINIMUM

TYPE_NAMES = {
    "hero": "Hero",
    "superhero": "Superhero",
    "guardian": "Guardian",
    "assassin": "Assassin",
    "dragon_hero": "Dragon Hero",
    "crimson_bat": "Crimson Bat",
}
# The Crimson Bat is both a type and the one unit of that type: its unit entry explains both.
TYPE_ENTRIES = tuple(kind for kind in SPECIAL_TYPES if kind != "crimson_bat")
COUNTER_NAMES = {  # as the casualty choices write one unit of each kind
    "standard": "Standard unit",
    "killmen": "Killmen",
    "city": "City",
    "forest": "Forest",
    "giant": "Giant",
    "dragon": "Dragon",
    "named_dragonewt": "Named Dragonewt",
}
COUNTER_SINGULARS = {**COUNTER_NAMES, "standard": "standard unit", "named_dragonewt": "named Dragonewt"}
COUNTER_PLURALS = {
    "standard": "standard units",
    "killmen": "Killmen",
    "city": "Cities",
    "forest": "Forests",
    "giant": "Giants",
    "dragon": "Dragons",
    "named_dragonewt": "named Dragonewts",
}
# Ability keywords that are also a nation's name are qualified, so that /info names stay unique.
ABILITY_NAMES = {
    "uz": "Uz (ability)",
    "mostali": "Mostali (ability)",
    "dragonewt": "Dragonewt (ability)",
    "chaos": "Chaos (ability)",
    "never_submits": "Never submits",
    "aldryami_forests": "Aldryami Forests",
    "cities": "Cities",
    "nomad": "Nomad",
    "raider": "Raider",
    "praxian_march_nomadic": "Praxian March nomads",
}
ORDINALS = {1: "st", 2: "nd", 3: "rd"}


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else ORDINALS.get(number % 10, "th")
    return f"{number}{suffix}"


def _turns(numbers: Iterable[int]) -> str:
    """1, 2, 3, 7 -> "turns 1-3, 7"; a single turn -> "turn 7"."""
    ordered = sorted(set(numbers))
    runs: list[list[int]] = []
    for number in ordered:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    parts = [f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs]
    return ("turns " if len(ordered) > 1 else "turn ") + ", ".join(parts)


def _names(data: Content, zones: Iterable[str]) -> str:
    return ", ".join(data.board.zones[zid].name for zid in zones)


def _flagged(data: Content, flag: str) -> list[str]:
    return [zid for zid, zone in data.board.zones.items() if getattr(zone, flag)]


def _count(number: int, singular: str, plural: str) -> str:
    return f"{number} {singular if number == 1 else plural}"


def _the(name: str) -> str:
    """Nations are named with an article ("the Uz"), except Chaos."""
    return name if name == "Chaos" else f"the {name}"


def _a(words: str) -> str:
    return f"{'an' if words[0] in 'AEIOU' else 'a'} {words}"


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


# --- combat numbers, from the battle functions themselves ------------------------------------------------------


def _sample(nation: str, kind: str, types: Iterable[str] = ()) -> Unit:
    """A lone unit in the open: its own numbers, without terrain, walls or stack bonuses."""
    open_zone = next(zid for zid, zone in content().board.zones.items() if zone.terrain == "lowland")
    return Unit(uid=0, nation=nation, kind=kind, zone=open_zone, types=list(types))


def _combat_facts(unit: Unit) -> tuple[str, ...]:
    count = dice(unit)
    facts = [f"{count} {'die' if count == 1 else 'dice'}"]
    hit = to_hit(unit, [unit])
    resistance = resist(unit, [unit], unit.zone, defending=False, with_city=False)
    if hit:
        facts.append(f"to hit {_signed(hit)}")
    if resistance:
        facts.append(f"resist {_signed(resistance)}")
    return tuple(facts)


# --- nations -------------------------------------------------------------------------------------------------


def _first_turns(data: Content) -> dict[str, int]:
    first: dict[str, int] = {}
    for turn in data.turns:
        for entry in turn.entries:
            if entry.placements:
                first.setdefault(entry.nation, turn.turn)
    return first


def _special_names(data: Content) -> dict[str, str]:
    return {unit.uid: unit.name for unit in _individuals(data)}


def _nation(data: Content, nation: Nation, first: int | None, source: Source) -> Lookup:
    abilities = [ABILITY_NAMES[a] for a in ABILITIES if nation.has(a)]
    homelands = _names(data, nation.homelands) if nation.homelands else "none"
    limit = (
        "It never submits."
        if nation.submission_limit is None
        else f"It may submit to an attacker while it holds {nation.submission_limit} zones or fewer."
    )
    entered = f", first placed on turn {first}" if first else ""
    text = (
        f"A {'human' if nation.human else 'non-human'} nation of the {nation.side} side, playing "
        f"{_ordinal(nation.turn_order)} in each turn{entered}. Homelands: {homelands}. "
        f"Abilities: {', '.join(abilities) if abilities else 'none'}. {limit}"
    )
    specials = _special_names(data)
    facts = [f"{nation.side} side", f"turn order {nation.turn_order}", "human" if nation.human else "not human"]
    facts += [
        _count(count, COUNTER_SINGULARS[kind], COUNTER_PLURALS[kind])
        for kind, count in nation.counter_limits.items()
        if count
    ]
    facts.append(_count(len(nation.homelands), "homeland", "homelands") if nation.homelands else "no homeland")
    facts += [f"+{vp} VP if {specials[uid]} is dead" for uid, vp in nation.dead_vp.items()]
    return Lookup(nation.name, "nation", text, source, tuple(facts))


# --- special units -------------------------------------------------------------------------------------------


def _type_label(types: Iterable[str]) -> str:
    return " ".join(TYPE_NAMES[t] for t in types)


@dataclass(frozen=True)
class _Individual:
    """One special unit as /info describes it: placed by the schedule, or brought in by an event."""

    uid: str
    name: str
    nation: str
    types: tuple[str, ...]
    turns: tuple[int, ...]
    placed: str  # the sentence saying how it enters
    recovery: str
    stays: str = "until_lost"
    placement: Placement | None = None


def _special_labels(data: Content, units: list[_Individual]) -> dict[str, str]:
    """The board's name, qualified (by type, else by nation) for every unit after the first of that name."""
    labels: dict[str, str] = {}
    first: dict[str, _Individual] = {}
    for unit in units:  # in order of first appearance
        key = normal(unit.name)
        if key not in first:
            first[key] = unit
            labels[unit.uid] = unit.name
        elif unit.types != first[key].types:
            labels[unit.uid] = f"{unit.name} ({_type_label(unit.types)})"
        else:
            labels[unit.uid] = f"{unit.name} ({data.nations.nations[unit.nation].name})"
    return labels


def _where(data: Content, placement: Placement) -> str:
    if placement.zone:
        return f"in {data.board.zones[placement.zone].name}"
    if placement.zone_rule == "great_chaos_nest":
        return "in the Great Chaos Nest"
    if placement.zone_rule == "any_controlled":
        return "in a zone its nation holds"
    if placement.zone_rule == "choice":
        return f"in one of {_names(data, placement.zones)}"
    return "where it already stands"


RECOVERY_TEXTS = {
    "none": "Once lost it does not come back.",
    "*": "When it falls it comes back after the battle on a d10 roll of 6 or more.",
    "**": "When it falls it rolls a d10 after the battle and in later turns until a 6 or more brings it back.",
    "infinite": "When it falls it always comes back.",
}
POWER_TEXTS = {
    "hero": "Gives its stack +1 to hit (not Dragons).",
    "superhero": "Gives its stack +1 to hit and hits at +2 itself.",
    "guardian": "Gives its stack +1 resist (not Dragons).",
    "assassin": "Strikes special characters on a flat 6 and goes to any land zone.",
    "dragon_hero": "Fights as a Dragon with four dice and gives its stack a Hero's +1 to hit.",
    "crimson_bat": "Rolls four dice, counts four for overruns and is aimed at as a monster.",
}
# How an event brings its individual in, by event type (the events' own texts are too long for one entry).
EVENT_ENTRANCES = {
    "silver_shadow_founding": "placed in Silver Shadow when turn {turn} ends",
    "argrath": "replacing, on turn {turn}, one Heortling hero in play that their player picks",
    "aelwrin_turns": "coming back on turn {turn} as such when the Alkoring Aelwrin falls in a battle against Jar-eel",
}


def _special(data: Content, unit: _Individual, label: str) -> Lookup:
    nation = data.nations.nations[unit.nation]
    kind = _type_label(unit.types)
    if unit.stays == "until_lost":
        stays = "It stays until it is lost."
    else:
        stays = "It leaves at its nation's first turn that no longer lists it."
    recovery = RECOVERY_TEXTS[unit.recovery]
    placement = unit.placement
    extra = " ".join(POWER_TEXTS[t] for t in unit.types)
    if placement is not None:
        if placement.recovery_zone:
            owner = _the(nation.name)
            whose = ", whoever holds it" if placement.recovery_even_if_enemy else f", only while {owner} hold it"
            recovery += f" It may come back only in {data.board.zones[placement.recovery_zone].name}{whose}."
        if placement.recovery_zone_rule == "any_dragonewt_city":
            recovery += " It comes back in a Dragonewt city where Dragonewts stand, its own first."
        if placement.assassin_movement:
            extra += " Moves and retreats like an Assassin."
        if placement.kills_never_recover:
            extra += " Special units falling in a battle against it never come back."
    article = _a(kind)
    opening = f"{article[0].upper()}{article[1:]} of {_the(nation.name)}, {unit.placed}."
    text = " ".join([opening, stays, recovery, extra])
    kill = max((nation.vp.kills.get(t, 0) for t in unit.types), default=0)
    facts = [nation.name, kind.lower(), _turns(unit.turns), f"recovery {unit.recovery}"]
    facts += _combat_facts(_sample(nation.id, "special", unit.types))
    if kill:
        facts.append(f"{kill} VP to its killer")
    return Lookup(label, "special unit", text, "published", tuple(facts))


def _individuals(data: Content) -> list[_Individual]:
    """Every special unit: the schedule's placements by unit id, then the individuals events bring in."""
    listed: dict[str, list[tuple[int, Placement]]] = {}
    for turn in data.turns:
        for entry in turn.entries:
            for placement in entry.placements:
                if placement.unit == "special":
                    listed.setdefault(placement.unit_id, []).append((turn.turn, placement))
    units: list[_Individual] = []
    for uid, placements in listed.items():
        first_turn, p = placements[0]
        condition = " when the schedule's condition holds" if p.condition else ""
        placed = f"placed {_where(data, p)} on turn {first_turn}{condition}"
        turns = tuple(sorted({t for t, _ in placements}))
        units.append(_Individual(uid, p.name, p.nation, p.types, turns, placed, p.recovery, p.stays, p))
    for turn in data.turns:
        for entry in turn.entries:
            for event in entry.events:
                for new in event_individuals(event.params):
                    types = tuple(new["types"])
                    entrance = EVENT_ENTRANCES[event.type].format(turn=turn.turn)
                    uid = special_id(entry.nation, new["name"], list(types))
                    units.append(
                        _Individual(uid, new["name"], entry.nation, types, (turn.turn,), entrance, new["recovery_mark"])
                    )
    return units


def event_individuals(params: dict[str, Any]) -> list[dict[str, Any]]:
    """The new individuals an event's parameters describe: those given with a recovery mark."""
    found = [item for item in params.get("place", []) if isinstance(item, dict) and "recovery_mark" in item]
    becomes = params.get("becomes")
    if isinstance(becomes, dict) and "recovery_mark" in becomes:
        found.append(becomes)
    return found


def _specials(data: Content) -> list[Lookup]:
    units = _individuals(data)
    labels = _special_labels(data, units)
    return [_special(data, unit, labels[unit.uid]) for unit in units]


# --- unit kinds and special types ----------------------------------------------------------------------------

COUNTER_TEXTS = {
    "standard": f"The ordinary army unit: bought for {UNIT_COST} resources, at most one in each zone held per turn. "
    "Rolls one d10 and hits on 6 or more, before bonuses.",
    "killmen": "Dara Happan troops that the schedule brings in; they fight, move and are lost like standard units.",
    "city": f"Built for {CITY_COST} resources on an empty city site the nation holds (nations allowed Cities only). "
    "Pays 3 resources, supports 2 more units, scores 1 VP and gives defenders +1 resist. Never moves; lost last.",
    "forest": f"An Aldryami Forest, built for {FOREST_COST} resources in a lowland or highland the Aldryami hold. "
    "Gives every defending unit of its army +1 resist (not Dragons). Never moves; lost last.",
    "giant": "A monster: rolls four dice, counts four for overruns and resists +1. Aimed at as a monster.",
    "dragon": "A monster: rolls four dice, counts four for overruns and resists +2, but takes no terrain, City, "
    "fortress, Hero or Guardian bonus. On turn 23 the Dragonewts' Dragons must attack humans in the Deathline.",
    "named_dragonewt": "A Dragonewt carrying its city's name. It may move from one Dragonewt city to another through "
    f"enemy zones unless blocked, and sit on its city in another nation's zone (at most {CITY_STACK}), "
    "resisting +1 when defending a Dragonewt city.",
}
COUNTER_COSTS = {"standard": UNIT_COST, "city": CITY_COST, "forest": FOREST_COST}

TYPE_TEXTS = {
    "hero": "A named leader: every unit of its stack but Dragons gets +1 to hit, and it resists +1 itself.",
    "superhero": "A greater Hero: its stack gets +1 to hit, it hits at +2 and resists +1 itself.",
    "guardian": "A protector: every unit of its stack but Dragons gets +1 resist, and it resists +2 itself.",
    "assassin": "Aimed at special characters it strikes on a flat 6, whatever the bonuses, and in that first round "
    "only Assassins, Guardians, Heroes and Superheroes may hit it back. A pure Assassin never blocks, "
    "does not count for stacking or population, and goes to any land zone.",
    "dragon_hero": "A Dragon and a Hero in one: rolls four dice, resists +3 and gives the rest of its stack +1 to hit. "
    "Aimed at as its own category, Dragon Heroes.",
}


def _units(data: Content) -> list[Lookup]:
    found: list[Lookup] = []
    for kind in COUNTER_KINDS:
        owners = [n.name for n in data.nations.nations.values() if n.counter_limits.get(kind)]
        facts: list[str] = list(_combat_facts(_sample(next(iter(data.nations.nations)), kind)))
        if kind in COUNTER_COSTS:
            facts.insert(0, f"costs {COUNTER_COSTS[kind]}")
        if len(owners) <= 3:
            facts += owners
        found.append(Lookup(COUNTER_NAMES[kind], "unit", COUNTER_TEXTS[kind], "published", tuple(facts)))
    default = next(iter(data.nations.nations.values())).vp
    for kind in TYPE_ENTRIES:
        facts = [f"{default.kills[kind]} VP to its killer"] if default.kills.get(kind) else []
        facts += _combat_facts(_sample(next(iter(data.nations.nations)), "special", [kind]))
        found.append(Lookup(TYPE_NAMES[kind], "special type", TYPE_TEXTS[kind], "published", tuple(facts)))
    return found


# --- abilities, terrains, map features, titles --------------------------------------------------------------

ABILITY_TEXTS: dict[str, tuple[str, Source]] = {
    "uz": (
        "The Uz enter mountains, draw 1 resource from every zone they hold and support 2 units per zone (4 in a "
        "homeland). Their zones count for nobody in the Emperor title.",
        "published",
    ),
    "mostali": (
        "The Mostali enter mountains, draw 2 resources from a mountain and 1 from a highland, and support 4 units "
        "in a homeland, 3 in a mountain, 2 in a highland and 1 in a lowland. Their zones count for nobody in the "
        "Emperor title.",
        "published",
    ),
    "dragonewt": (
        "The Dragonewts draw nothing from their zones: each Dragonewt city they sit on in another nation's zone pays "
        f"1 resource and supports {CITY_POPULATION} more units. Their named units travel city to city and their zones "
        "count for nobody in the Emperor title.",
        "published",
    ),
    "chaos": (
        f"Only Chaos draws from the Chaos Nests: {CHAOS_NEST_RESOURCES} resources each, even unoccupied, and "
        f"{CHAOS_NEST_POPULATION} units of support each. Chaos zones count for nobody in the Emperor title.",
        "published",
    ),
    "never_submits": ("The nation may never submit, however few zones it holds.", "published"),
    "aldryami_forests": (
        f"The nation may build Aldryami Forests for {FOREST_COST} resources in lowlands and highlands it holds; a "
        "Forest helps its defenders. Its zones count for nobody in the Emperor title.",
        "published",
    ),
    "cities": (
        f"The nation may build Cities for {CITY_COST} resources on empty city sites it holds. The settled human "
        "nations have it; nomads, Uz, Mostali, Aldryami, Dragonewts, Chaos, Beastmen, Aramites and Wolf Pirates do "
        "not.",
        "house",
    ),
    "nomad": (
        "A nomad nation draws 1 resource from a lowland or waste and nothing from highlands, and supports 2 units "
        "in a waste as well as the usual 3 per lowland and 2 per highland.",
        "published",
    ),
    "raider": (
        "Raiders may stay at sea after moving and may retreat to it; anyone else's units at sea are lost.",
        "house",
    ),
    "praxian_march_nomadic": (
        f"From turn {NOMADIC_MARCH_TURN} the Heortlings treat the Praxian March as nomads do: 1 resource and "
        "support for 2 units, so it also scores for them.",
        "published",
    ),
}
TERRAIN_TEXTS = {
    "lowland": (
        "Pays 2 resources (3 with a City) and supports 3 units; stacks up to 8 units.",
        ("pays 2", "supports 3"),
    ),
    "highland": (
        "Pays 1 resource and supports 2 units; defenders resist +1; stacks up to 4 units.",
        ("pays 1", "supports 2", "defence +1"),
    ),
    "mountain": (
        "Closed to all but the Uz and Mostali; pays and supports nothing for others; defenders resist +1.",
        ("defence +1",),
    ),
    "waste": ("Pays nothing but to nomads (1 resource, 2 units of support); stacks up to 4 units.", ("pays 0",)),
    "sea": (
        "No unit moves into the sea. Units placed there must come ashore in their first movement or be lost, except "
        "raiders, who may stay and retreat there. Units at sea count for no population.",
        (),
    ),
}


def _abilities(data: Content) -> list[Lookup]:
    found: list[Lookup] = []
    for ability in ABILITIES:
        text, source = ABILITY_TEXTS[ability]
        holders = tuple(n.name for n in data.nations.nations.values() if n.has(ability))
        found.append(Lookup(ABILITY_NAMES[ability], "ability", text, source, holders if len(holders) <= 3 else ()))
    return found


def _terrains(data: Content) -> list[Lookup]:
    found: list[Lookup] = []
    for terrain in TERRAINS:
        text, facts = TERRAIN_TEXTS[terrain]
        count = sum(1 for zone in data.board.zones.values() if zone.terrain == terrain)
        facts = (*facts, _count(count, "zone", "zones"))
        found.append(Lookup(terrain.capitalize(), "terrain", text, "published", facts))
    return found


def _features(data: Content) -> list[Lookup]:
    def feature(name: str, flag: str, text: str, source: Source, listed: bool = True) -> Lookup:
        zones = _flagged(data, flag)
        facts = (_count(len(zones), "zone", "zones"),)
        where = f" Zones: {_names(data, zones)}." if listed else ""
        return Lookup(name, "map feature", text + where, source, facts)

    return [
        feature(
            "City site",
            "city_site",
            "A ring on the board: a nation allowed Cities may build one here while it holds the zone.",
            "published",
            listed=False,
        ),
        feature(
            "Fortress",
            "fortress",
            "Defenders inside resist +2 (not Dragons nor the Crimson Bat); only units declared outside the walls "
            "block moves. The seed names none; the project put them here.",
            "house",
        ),
        feature(
            "Dragonewt city",
            "dragonewt_city",
            "A black square on the board. Named Dragonewts travel between these cities and may sit on one in "
            "another nation's zone without holding the zone.",
            "published",
        ),
        feature(
            "Deathline",
            "deathline",
            "The zones of Dragon Pass. Their holder counts towards King of Dragon Pass; some turns close them to "
            "humans, and on turn 23 the Dragons must attack humans there. A battle there allows a partial "
            "submission of that zone alone.",
            "published",
            listed=False,
        ),
        feature(
            "Chaos Nest",
            "chaos_nest",
            "A Deathline zone that pays and supports only Chaos, even when empty, and scores nothing for anyone.",
            "published",
        ),
        feature(
            "Plateau",
            "plateau",
            "Mountain zones that every nation may enter, not only the Uz and the Mostali.",
            "published",
        ),
        feature(
            "Narrow pass",
            "narrow_pass",
            "At most 3 units may attack any one zone over a narrow pass.",
            "published",
        ),
        feature(
            "Emperor's lands",
            "north_of_emperor_line",
            "The zones north of the Emperor line (Top of the World, Western Rockwoods, Tarsh, Gardint, Eastern "
            "Rockwoods, Greatway). Holding more of them than anyone else at the end of a nation turn makes a "
            "nation Emperor.",
            "published",
            listed=False,
        ),
        Lookup(
            "Great Chaos Nest",
            "map feature",
            "It opens in Dorastor on turns 9-10 when the Uz or the Heortlings win a battle there; otherwise on turn "
            "11 Chaos takes the first Uz zone north of Tarsh. It then pays and supports Chaos like the other nests.",
            "published",
            ("turns 9-11",),
        ),
    ]


def _titles() -> list[Lookup]:
    return [
        Lookup(
            "Emperor",
            "title",
            "At the end of its nation turn, the nation holding more of the Emperor's lands than anyone else gains "
            "a unit and 2 VP. An alliance's leading holder counts its allies' zones.",
            "published",
            ("+1 unit", "+2 VP"),
        ),
        Lookup(
            "Complete Emperor",
            "title",
            f"An Emperor who also holds {', '.join(COMPLETE)} gains 2 units and 4 VP instead.",
            "published",
            ("+2 units", "+4 VP"),
        ),
        Lookup(
            "King of Dragon Pass",
            "title",
            f"A nation holding Wintertop and {KING_MINIMUM} of the Deathline zones that are not Chaos Nests at the "
            "end of its nation turn gains a unit and 3 VP; allies' zones count for the alliance's leading holder.",
            "published",
            ("+1 unit", "+3 VP"),
        ),
    ]


# --- alliances and Dragonewt cities --------------------------------------------------------------------------


def _alliances(data: Content, source: Source) -> list[Lookup]:
    seen: dict[str, list[tuple[int, Alliance]]] = {}
    for turn in data.turns:
        for alliance in turn.alliances:
            seen.setdefault(alliance.id, []).append((turn.turn, alliance))
    found: list[Lookup] = []
    for listed in seen.values():
        alliance = listed[0][1]
        # The schedule spells a few alliances two ways on different turns: the most used one (then the later) names it.
        spellings = Counter(a.name.removeprefix("The ") for _, a in listed)
        name = max(reversed(list(spellings)), key=lambda spelling: spellings[spelling])
        members = ", ".join(data.nations.nations[m].name for m in alliance.members)
        text = f"Members: {members}. They do not fight one another and move through each other's zones."
        centre = next((a.centre for _, a in listed if a.centre), "")
        if alliance.alliance_turn and centre:
            text += (
                f" After all nations it plays an alliance turn if a member holds {data.board.zones[centre].name}: "
                "the units gathered there form one army, led by the player the senders vote for."
            )
        others = [spelling for spelling in spellings if spelling != name]
        if others:
            text += f" Also called {', '.join(others)}."
        own = next((a.text for _, a in listed if a.text), "")
        if own:
            text += " " + own
        facts = [_turns(t for t, _ in listed), f"{len(alliance.members)} members"]
        if centre:
            facts.append(f"centre {data.board.zones[centre].name}")
        found.append(Lookup(name, "alliance", text, source, tuple(facts)))
    return found


def city_sources() -> dict[str, Source]:
    """City name -> its source in dragonewt_cities.json (dragonewts.city_names keeps only the names)."""
    raw = json.loads((CONTENT_DIR / "dragonewt_cities.json").read_text(encoding="utf-8"))
    return {item["name"]: item["source"] for item in raw["cities"]}


def _cities(data: Content) -> list[Lookup]:
    sources = city_sources()
    found: list[Lookup] = []
    for zid, city in city_names().items():
        zone = data.board.zones[zid].name
        text = (
            f"A named Dragonewt of the Dragonewt city in {zone}. It travels city to city, may sit on its city among "
            "other nations, and while the Inhuman King is in play a fallen one returns to its city if Dragonewts "
            "still occupy it."
        )
        found.append(Lookup(f"{city} dragonewt", "named dragonewt", text, sources[city], (f"city in {zone}",)))
    return found


@cache
def _lookups() -> tuple[Lookup, ...]:
    data = content()
    schedule_source: Source = json.loads((CONTENT_DIR / "schedule.json").read_text(encoding="utf-8"))["source"]
    nation_sources = {
        item["id"]: item["source"]
        for item in json.loads((CONTENT_DIR / "nations.json").read_text(encoding="utf-8"))["nations"]
    }
    first = _first_turns(data)
    found = [_nation(data, n, first.get(nid), nation_sources[nid]) for nid, n in data.nations.nations.items()]
    found += _specials(data)
    found += _units(data)
    found += _abilities(data)
    found += _terrains(data)
    found += _features(data)
    found += _titles()
    found += _alliances(data, schedule_source)
    found += _cities(data)
    return tuple(found)  # Engine.glossary orders them


def lookups() -> list[Lookup]:
    """Everything /info explains for Genertela, by kind then name; computed once."""
    return list(_lookups())


# --- the map's zones as they stand (/info <zone>) ------------------------------------------------------------

_ZONE_FLAGS = (
    ("fortress", "fortress"),
    ("city_site", "City site"),
    ("dragonewt_city", "Dragonewt city"),
    ("deathline", "Deathline"),
    ("chaos_nest", "Chaos Nest"),
    ("plateau", "plateau"),
    ("narrow_pass", "narrow pass"),
    ("north_of_emperor_line", "Emperor's lands"),
)


def places(state: State) -> list[Lookup]:
    """Every zone of the map: its terrain and what that means, its marks, its neighbours, and who holds it and
    with what now (public view; seats as <seat:N>, filled in by the table)."""
    found = []
    for zid, zone in BOARD.zones.items():
        facts = [zone.terrain.capitalize(), *(label for flag, label in _ZONE_FLAGS if getattr(zone, flag))]
        lines = []
        holder = controller(state, zid)
        if holder:
            lines.append(f"Held by {NATIONS[holder].name} ({NATIONS[holder].side}, {_seat_words(state, holder)}).")
        by_nation: dict[str, Counter[str]] = {}
        for unit in units_in(state, zid):
            by_nation.setdefault(unit.nation, Counter())[unit.name or unit.kind] += 1
        for nation, units in sorted(by_nation.items(), key=lambda item: NATIONS[item[0]].turn_order):
            listed = ", ".join(_units_words(what, n) for what, n in sorted(units.items()))
            lines.append(f"{NATIONS[nation].name}: {listed}.")
        if not by_nation:
            lines.append("No units here now.")
        neighbours = sorted(BOARD.zones[other].name for other in zone.adjacent)
        lines += [f"Neighbours: {', '.join(neighbours)}.", TERRAIN_TEXTS[zone.terrain][0]]
        found.append(Lookup(zone.name, "zone", " ".join(lines), "house", tuple(facts)))
    return found


# kinds of unit without a name, as counted in /info: (one, many)
_KIND_WORDS = {
    "standard": ("unit", "units"),
    "killmen": ("Killmen unit", "Killmen units"),
    "city": ("City", "Cities"),
    "forest": ("Aldryami Forest", "Aldryami Forests"),
    "giant": ("Giant", "Giants"),
    "dragon": ("Dragon", "Dragons"),
    "named_dragonewt": ("named Dragonewt", "named Dragonewts"),
}


def _units_words(what: str, n: int) -> str:
    """'3 units', 'a City', or a named unit by its name (with its count when there are several)."""
    if what not in _KIND_WORDS:
        return what if n == 1 else f"{n} {what}"
    one, many = _KIND_WORDS[what]
    return f"1 {one}" if n == 1 else f"{n} {many}"


def _seat_words(state: State, nation: str) -> str:
    seat = seat_of(state, nation)
    return "played by the bot" if seat == BOT else seat_ref(seat)
