"""Small World Underground: what /info explains, built from the loaded content and the rules page.

Races, special powers, Places and Relics take their text from the content files (already written in our own
words); terrains and the few board pieces with no data entry are described here from rules.md and the engine.
Facts are worked out from each entry's effects, so a changed number in the data shows up here by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from rules.base import Lookup, seat_ref
from rules.smallworld import abilities
from rules.smallworld.content import LAND, TERRAINS, Ability, Effect, Monster, content, load_map
from rules.smallworld.state import Region, State

# Terrains are labelled capitalised on the board legend and in messages ("is a Chasm", "each Mine region").
TERRAIN_NAMES: dict[str, str] = {terrain: terrain.capitalize() for terrain in TERRAINS}

# What each terrain means in play (rules.md "The map", rulings R3/R4, board.py costs and reach).
TERRAIN_TEXT: dict[str, str] = {
    "fungus": "Ordinary land: conquering it costs 2 tokens plus the usual extras, and each region held scores 1 coin.",
    "crystal": "Ordinary land: conquering it costs 2 tokens plus the usual extras, and each region held scores 1 coin.",
    "mine": "Ordinary land: conquering it costs 2 tokens plus the usual extras, and each region held scores 1 coin.",
    "mud": "Ordinary land: conquering it costs 2 tokens plus the usual extras, and each region held scores 1 coin.",
    "ruins": "Ordinary land: conquering it costs 2 tokens plus the usual extras, and each region held scores 1 coin.",
    "river": (
        "Cheap to cross: a River costs 1 token instead of 2, and any race may make its first conquest on a River "
        "or next to one. When you finish your turn your tokens leave every River, unless an ability lets you stay."
    ),
    "chasm": (
        "Nobody ever enters a Chasm, and it does not connect the regions on either side of it: they are not "
        "neighbours through it."
    ),
    "volcano": (
        "Closed to every race except one whose ability opens it. For that race it costs 2 tokens like land, "
        "plus the usual extras."
    ),
}
TERRAIN_FACTS: dict[str, tuple[str, ...]] = {
    **{terrain: ("costs 2", "scores 1") for terrain in LAND},
    "river": ("costs 1", "emptied at turn end"),
    "chasm": ("no entry",),
    "volcano": ("costs 2", "entry by ability only"),
}

# Board pieces and dice the players see but no data file describes (rules.md, rulings and the board legend).
EXTRAS: tuple[Lookup, ...] = (
    Lookup(
        name="Black Mountain",
        kind="board piece",
        text="A region with a Black Mountain is harder to take: conquering it costs 1 token more.",
        source="published",
        facts=("+1 defence",),
    ),
    Lookup(
        name="Monsters",
        kind="board piece",
        text=(
            "Monster regions start with 1 to 3 monsters, by the kind that lives there (Spore Mother, Crystal Golem, "
            "Rock Wyrm, Bog Troll, Ghoul Pack: one kind per land terrain), and each adds 1 to the cost of conquering "
            "the region. Whoever beats them finds the top Place or Relic of the hidden stack, which stays in that "
            "region, plus the coins or tokens that kind pays."
        ),
        source="house",
        facts=("1 to 3 per region", "+1 cost each"),
    ),
    Lookup(
        name="Reinforcement die",
        kind="die",
        text=(
            "Once per turn, as your last conquest, you may name a region you are 1 to 3 tokens short of and roll. "
            "If your tokens plus the roll reach the cost, all your remaining tokens go there; either way your "
            "conquests are over for the turn."
        ),
        source="published",
        facts=("once per turn", "at most 3 short"),
        picture=("faces: 0 0 0 1 2 3",),
    ),
    Lookup(
        name="Great Ancient",
        kind="figure",
        text=(
            "The Cultists' Great Ancient joins the first region they take, and nobody else can conquer the region "
            "it stands in. It can move once per turn before conquering, and it leaves the map when the Cultists "
            "decline or its region is abandoned or emptied."
        ),
        source="published",
    ),
    Lookup(
        name="Queen",
        kind="figure",
        text=(
            "The Royal power's Queen settles in the first region the race takes, and nobody else can conquer that "
            "region, even after the race declines. She leaves when her region is abandoned or emptied, or when "
            "that declined race is removed by a later decline."
        ),
        source="house",
    ),
)

# Where an effect applies, as a few words for a fact ("-1 cost on Crystal").
WHERE_WORDS: dict[str, str] = {
    "all": "everywhere",
    "empty": "on empty regions",
    "occupied": "on other races",
    "monster": "on monsters",
    "near_ancient": "near the Great Ancient",
    "stack": "on stacks of 3+",
    "here": "here",
    "first": "on the first conquest of a turn",
    "mountain": "on Black Mountains",
}
ORIGIN_WORDS: dict[str, str] = {
    "occupied": "region taken from a race",
    "declined": "region taken from a declined race",
    "monster": "monster region taken",
    "any": "region taken",
}


def _where(effect: Effect) -> str:
    where = effect.get("where")
    if where == "terrain":
        return f"on {TERRAIN_NAMES[effect.get('terrain')]}"
    return WHERE_WORDS[where]


def _coins(coins: int) -> str:
    return f"+{coins} coin" if coins == 1 else f"+{coins} coins"


# Effects with no number of their own, told as a few words so every ability shows what it changes.
PLAIN_FACTS: dict[str, str] = {
    "enter_anywhere": "enters anywhere",
    "volcano": "may enter Volcanoes",
    "river_hold": "stays on Rivers",
    "chasm_leap": "reaches across Chasms",
    "great_ancient": "Great Ancient",
    "queen": "Queen",
    "doormat": "once per turn",
    "no_loss": "loses no token",
    "immune_abilities": "immune to abilities",
    "frenzied": "die on any conquest",
    "crush": "beaten foes lose every token",
    "convert": "a beaten foe token becomes yours",
    "haunt": "attackers lose 1 token",
    "reach_two": "reaches 2 regions away",
    "drop_empty": "may take any empty region",
}


# Effects told with their numbers: each kind's words, from the effect's fields.
COIN_PER: dict[str, str] = {
    "score_treasure": "Place/Relic held",
    "score_recluse": "lone region",
    "score_declined_region": "declined region",
    "score_victims": "player hit",
    "score_mountain": "Black Mountain held",
    "score_inner": "inner region held",
    "score_trade": "foe region next to it",
    "score_rivals": "rival with an active race",
}
NUMBER_FACTS: dict[str, Callable[[Effect], str]] = {
    "score_flat": lambda e: f"{_coins(e.get('coins'))} a turn",
    "score_terrain": lambda e: f"{_coins(e.get('coins'))} per {TERRAIN_NAMES[e.get('terrain')]}",
    "score_conquered": lambda e: f"{_coins(e.get('coins'))} per {ORIGIN_WORDS[e.get('origin')]}",
    "paid_when_conquered": lambda e: f"{_coins(e.get('coins'))} when conquered",
    "cost_change": lambda e: f"{e.get('amount'):+d} cost {_where(e)}",
    "defence": lambda e: f"{e.get('amount'):+d} defence {_where(e)}",
    "tokens_per_terrain": lambda e: f"+1 token per {TERRAIN_NAMES[e.get('terrain')]}",
    "tokens_per_conquest": lambda e: "+1 token per race hit",
    "heir_tokens": lambda e: f"+{e.get('tokens')} tokens to next race",
    "tokens_per_turn": lambda e: f"+{e.get('tokens')} token a turn",
    "tokens_per_regions": lambda e: f"+1 token per {e.get('per', 1)} regions",
    "steal_coins": lambda e: f"takes {e.get('coins')} coin per region from its owner",
    "sanctuary": lambda e: f"cannot be conquered {_where(e)}",
    "score_stack": lambda e: f"{_coins(e.get('coins'))} per region of {e.get('min_tokens', 1)}+ tokens",
    "score_ahead": lambda e: f"{_coins(e.get('coins'))} when holding the most regions",
    "interest": lambda e: f"{_coins(e.get('coins'))} per {e.get('per', 1)} coins you have",
    "die_bonus": lambda e: f"{e.get('amount'):+d} on the reinforcement die",
}


def _effect_fact(effect: Effect) -> str:
    """One effect as a short fact ("+1 coin per Mine", "-1 cost on Crystal")."""
    kind = effect.kind
    if kind in PLAIN_FACTS:
        return PLAIN_FACTS[kind]
    if kind in COIN_PER:
        return f"{_coins(effect.get('coins'))} per {COIN_PER[kind]}"
    if kind in NUMBER_FACTS:
        return NUMBER_FACTS[kind](effect)
    raise ValueError(f"no glossary fact for effect kind {kind!r}")  # a new effect kind needs its words here


def _ability_facts(ability: Ability) -> tuple[str, ...]:
    facts: list[str] = []
    if ability.kind in ("race", "power"):
        facts.append(f"{ability.tokens} tokens")
    if ability.kind == "race":
        facts.append(f"tray {ability.tray}")
    if ability.survives_decline or any(effect.get("in_decline") for effect in ability.effects):
        facts.append("works in decline")
    facts.extend(map(_effect_fact, ability.effects))
    return tuple(facts)


def _ability(ability: Ability, kind: str) -> Lookup:
    return Lookup(ability.name, kind, ability.text, ability.source, _ability_facts(ability))


# Effects tied to a terrain without naming it in a "terrain" field.
TERRAIN_EFFECTS: dict[str, str] = {"river": "river_hold", "chasm": "chasm_leap", "volcano": "volcano"}


def _mentions(ability: Ability, terrain: str) -> bool:
    return any(
        effect.get("terrain") == terrain or effect.kind == TERRAIN_EFFECTS.get(terrain) for effect in ability.effects
    )


def _terrain(terrain: str, abilities: list[Ability]) -> Lookup:
    """A terrain's meaning, plus the abilities of the content that care about it (so new data shows up)."""
    names = sorted(ability.name for ability in abilities if _mentions(ability, terrain))
    text = TERRAIN_TEXT[terrain]
    if names:
        text += f" Abilities that use it: {', '.join(names)}."
    return Lookup(TERRAIN_NAMES[terrain], "terrain", text, "published", TERRAIN_FACTS[terrain])


def _monster(beast: Monster) -> Lookup:
    facts = [f"strength {beast.strength}", f"in {TERRAIN_NAMES[beast.terrain]}"]
    facts += [_coins(beast.coins)] if beast.coins else []
    facts += [f"+{beast.tokens} token" + "s" * (beast.tokens != 1)] if beast.tokens else []
    return Lookup(beast.name, "monster", beast.text, beast.source, tuple(facts))


@cache
def _all() -> tuple[Lookup, ...]:
    data = content()
    every = [*data.races.values(), *data.powers.values(), *data.treasures.values()]
    result = [_ability(race, "race") for race in data.races.values()]
    result += [_ability(power, "special power") for power in data.powers.values()]
    result += [_ability(treasure, treasure.kind) for treasure in data.treasures.values()]
    result += [_terrain(terrain, every) for terrain in TERRAINS]
    result += [_monster(beast) for beast in data.monsters.values()]
    result += EXTRAS
    return tuple(result)  # Engine.glossary orders them


def lookups() -> list[Lookup]:
    """Every race, special power, Place, Relic, terrain and board piece of the game, by kind then name."""
    return list(_all())


# --- the map's regions as they stand (/info <region>) ---------------------------------------------------------

_MARKERS = {"ancient": "the Great Ancient", "queen": "the Queen"}


def places(state: State) -> list[Lookup]:
    """Every region of this table's map: its terrain and what that means, where a race may enter, its
    neighbours, and what stands there now (from the public view: seats as <seat:N>, filled in by the table)."""
    game_map = load_map(state.players)
    found = []
    for rid, data in game_map.regions.items():
        region = state.regions.get(rid)
        facts = [
            TERRAIN_NAMES[data.terrain],
            "edge: a first conquest may start here" if game_map.is_edge(rid) else "inner",
        ]
        if data.black_mountain:
            facts.append("Black Mountain: +1 defence")
        lines = [_standing(state, region)] if region is not None else []
        neighbours = sorted(game_map.regions[other].name for other in data.adjacent)
        lines += [f"Neighbours: {', '.join(neighbours)}.", TERRAIN_TEXT[data.terrain]]
        found.append(Lookup(data.name, "region", " ".join(lines), game_map.source, tuple(facts)))
    return found


def _standing(state: State, region: Region) -> str:
    """What stands in a region now, in one sentence or two."""
    parts = []
    if region.owner is not None and region.tokens:
        player = state.seats[region.owner]
        combo = player.declined if region.declined else player.active
        race = abilities.race(combo.race).name if combo is not None else "tokens"
        how = "in decline" if region.declined else "active"
        tokens = f"{region.tokens} token" + "s" * (region.tokens != 1)
        parts.append(f"Held by {seat_ref(region.owner)}'s {race} ({how}): {tokens}.")
    elif region.monsters:
        parts.append(f"Guarded by {region.monsters} monster{'s' * (region.monsters != 1)}.")
    else:
        parts.append("Empty now.")
    if region.treasure is not None:
        treasure = content().treasures[region.treasure]
        parts.append(f"{treasure.name} ({treasure.kind}) lies here.")
    for marker in region.markers:
        parts.append(f"{_MARKERS.get(marker, marker).capitalize()} stands here.")
    return " ".join(parts)
