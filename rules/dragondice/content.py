"""Loads and checks the Dragon Dice content files once, at import.

Each kind of entry is a schema below, checked by the shared rules.content; what a schema cannot say (a face written
'sai:kindle:1', a unit of the species' colours, an army naming the species' units, a breath for every element) is
checked after it, so every error reads `<file>: entry '<entry>', field '<field>': <problem>`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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
    entries,
    flag,
    listed,
    read_json,
    record,
    table,
    text,
    texts,
    whole,
)
from rules.content import ContentError as ContentError  # re-exported: callers and tests catch it from here

CONTENT = Path(__file__).parent / "content"
ELEMENTS = ("air", "earth", "fire", "water", "death")
ACTIONS = ("melee", "missile", "magic")
ICONS = ("melee", "missile", "magic", "manoeuvre", "save")
TARGETS = (
    "opposing_army",
    "any_army",
    "opposing_unit",
    "terrain",
    "own_dead_unit",
    "own_army",
    "own_unit",  # one of your units on a terrain (Path)
    "opposing_dead_unit",  # a unit in an opponent's dead unit area (Exhume)
)
# The ops a declared SAI effect may use (rules/dragondice/sai.py applies them), with the fields each needs.
SAI_OPS: dict[str, tuple[str, ...]] = {
    "add": ("kind", "n"),
    "either": ("kinds", "n"),
    "unsaveable": ("n",),
    "reroll": (),
    "targets": ("health", "test", "fail"),
    "unit_damage": ("n",),
    "saves_minus": ("n",),
    "reflect": ("n",),
    "no_counter": (),
    "lasting": ("on", "mods", "n"),
    "recover": ("n",),
    "promote": ("n",),
    "cantrip": ("n",),
    "army_count_as": ("from", "as"),
    "double": ("species", "kinds"),
    "pierce": ("n",),  # ours (the house Rive)
    "bury_kills": (),  # ours (the house Reap)
    "outnumber": ("n",),  # ours (the house Swarm)
    "scavenge": ("n",),  # ours (the house Scavenge)
    "counter_minus": ("n",),  # the armies countering this manoeuvre count fewer manoeuvre results (Wave)
    "to_reserve": (),  # "killed": the unit goes to the reserves instead (Rise from the Ashes)
    "dispel": (),  # "spell_target": the spell aimed here is cancelled (Dispel Magic)
    "bash": (),  # saving against melee: one attacking unit takes its own melee back and gives as many saves
    "burn": ("n",),  # damage back to the attacking army that only its spells' saves reduce (Counter, Volley)
    "combined_save": (),  # the army attacked saves and strikes back in one roll, and does not counter (Charge)
    "leave": (),  # after a save roll against an attack, the unit may move to any terrain or the reserves (Vanish)
}
# Any op may say "not_counter": true: it does nothing in a counter-attack's roll (Charge).
# The rolls an SAI's effects are declared for; a roll uses its most specific key (see sai.roll_keys).
SAI_ROLLS = ("melee", "missile", "magic", "manoeuvre", "save", "save_vs_melee", "save_vs_missile", "dragon")
# Two keys are not rolls of an army: "killed" (the unit rolls alone as it dies) and "spell_target" (it rolls alone
# when an opponent's spell is aimed at it, its army or its terrain).
SAI_ROLL_KEYS = (*SAI_ROLLS, "non_manoeuvre", "any", "killed", "spell_target")
TARGET_TESTS = ("none", "save", "manoeuvre", "melee", "id")
TARGET_FAILS = (
    "kill",
    "bury",
    "kill_save_or_bury",
    "reserve",
    "scare",
    "seize",
    "frozen",
    "frozen_uncounted",
    "no_save",
    "charmed",
    "reroll_saves",
)
KNOWN_EIGHTH = ("city", "temple", "tower", "standing_stones")  # the effects turn.py implements
DRAGON_EFFECTS = ("", "tail", "belly", "breath", "treasure", "wing")  # the dragon face effects dragons.py implements
DRAGON_TYPES = ("elemental", "hybrid", "ivory", "ivory_hybrid", "white")  # the published kinds of dragon
DRAGON_COLOURS = (*ELEMENTS, "ivory", "white")  # a dragon's colours: the elements, ivory, white
ATTACK_TESTS = ("always", "no_shared", "not_same")  # when one type of dragon attacks another (dragons.py)
DRAGONKIN = "dragonkin"  # the species id of Dragonkin dice: "dragonkin/<element>_<die>" (old: "dragonkin/<element>")
SPECIES_COLOURS = (*ELEMENTS, "ivory")  # a species' colours: ivory is no element (the Amazons)
UNIT_TYPES = ("light_melee", "heavy_melee", "missile", "magic", "cavalry", "skirmisher", "monster")  # the dice's class
CHECKS = ("A", "B")  # the sources a published entry was checked against (rules.md names them in full)
# The ops a species ability may declare (ABILITY_SCHEMAS gives each one's fields; dice.py, combat.py, damage.py and
# species_phase.py apply them) and the rolls they may name: an SAI's roll keys, and "counter" for a counter-attack's
# melee roll, the save roll against one, or a counter-manoeuvre roll.
ABILITY_OPS = (
    "count_as",  # units count one kind of result as another (dice.py)
    "terrain_magic",  # the units' magic takes the colours of their terrain (dice.py)
    "extra_magic",  # a unit rolling magic adds one more, limited by the species' dead (Bone Magic)
    "strike_back",  # save results also hurt the attacker; only its spells' saves reduce that (Scorching Touch)
    "spell_saves_only",  # missile results only spells' saves reduce, limited by the species' dead (Cursed Bullets)
    "killed_roll",  # a killed unit rolls; on the face it goes to the reserves instead (Replanting)
    "exchange_dead",  # a killed unit swaps with a smaller one of the species from the dead (Stepped Damage)
    "recruit_or_promote",  # species abilities phase: each army recruits or promotes one unit (Feralization)
    "unbury",  # species abilities phase: one buried unit back to the dead unit area (Winter's Fortitude)
    "mutate",  # species abilities phase: opponents' reserves roll saves or die; the dead feed the army (Mutate)
    "reroll_blank",  # units that rolled no SAI and counted nothing roll once more in the rolls named (Rapid Growth)
    "missile_counter",  # after a missile attack, the species' units may counter-attack with missiles (Defensive Volley)
    "fly_between",  # in the retreat step, units fly between terrains of these elements holding the species (Air Flight)
    "negate_magic",  # opponents' units at the terrain roll to take magic off a magic action (Magic Negation)
    "no_counter_units",  # after the save roll against the species' melee, units kept out of the counter (Foul Stench)
)
ABILITY_ROLLS = (*SAI_ROLL_KEYS, "counter")


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
    type: str = ""  # one of UNIT_TYPES ("" for Dragonkin)
    source: Source = "house"  # whose the die is: published only when both sources agree on its faces
    retired: bool = False  # an old house die: kept so saved games load, never drafted
    note: str = ""  # how the sources differ, for a house die of a published species


@dataclass(frozen=True)
class Ability:
    """A species ability: what it does in our words, and the effects the engine applies (none: see partial)."""

    id: str
    name: str
    species: str
    text: str
    effects: tuple[dict[str, Any], ...]
    source: Source = "house"
    partial: str = ""  # what the engine leaves out or simplifies ("" when none)


@dataclass(frozen=True)
class Species:
    id: str
    name: str
    elements: tuple[str, ...]
    home: str
    frontier: str
    units: tuple[str, ...]
    armies: dict[str, tuple[str, ...]]
    source: Source = "house"  # whose it is: the data's "source" (the dice)
    name_source: Source | None = None  # whose the name and colours are, when they are not the dice's
    abilities: tuple[str, ...] = ()  # ids of ABILITIES
    checked_against: tuple[str, ...] = ()  # the sources (CHECKS) that agreed on it


@dataclass(frozen=True)
class TerrainType:
    id: str
    name: str
    elements: tuple[str, ...]
    bands: tuple[str, ...]  # the action shown on faces 1..7
    eighth: str
    source: Source = "house"  # whose it is: the data's "source"


@dataclass(frozen=True)
class EighthFace:
    id: str
    name: str
    text: str
    source: Source = "house"  # whose it is: the data's "source"


@dataclass(frozen=True)
class Spell:
    id: str
    name: str
    element: str  # an element, "elemental" (any colour) or "dragon" (the dragon's colour)
    cost: int
    target: str
    reserve: bool
    source: Source
    text: str
    species: str = ""  # a species spell: paid only with magic its species' units rolled ("" for any species)
    cantrip: bool = False  # may be paid with the magic results of the Cantrip SAI
    partial: str = ""  # what our effect leaves out or simplifies ("" when none)
    lasting: dict[str, int] = field(default_factory=dict)  # roll kind (or "all") -> results added until next turn


@dataclass(frozen=True)
class Sai:
    id: str
    name: str
    text: str
    source: Source = "house"  # whose it is: the data's "source"
    rolls: dict[str, tuple[dict[str, Any], ...]] = field(default_factory=dict)  # roll key -> declared effects
    partial: str = ""  # what of the published effect is left out or simplified, in our words ("" when none)


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
    """What a dragon's breath adds for one colour of the dragon."""

    element: str
    amount: int  # health killed on top of the breath face's own
    text: str
    source: Source = "house"  # whose it is: the data's "source"
    name: str = ""
    halves: str = ""  # a roll kind the army halves until its next turn ("id": its ID results count nothing)
    buries: bool = False  # the units the breath kills are buried
    terrain: bool = False  # the army also suffers the breath of each of the terrain's elements
    partial: str = ""  # what is left out or simplified


@dataclass(frozen=True)
class DragonForm:
    id: str
    name: str
    text: str
    faces: tuple[DragonFace, ...]
    source: Source = "house"


@dataclass(frozen=True)
class DragonType:
    id: str
    name: str
    text: str
    attacks: dict[str, str]  # type of the other dragon -> one of ATTACK_TESTS (absent: never attacks it)


@dataclass(frozen=True)
class DragonKind:
    id: str
    name: str
    type: str  # one of DRAGON_TYPES
    elements: tuple[str, ...]  # of DRAGON_COLOURS
    health: int
    saves: int  # automatic saves, lost when it shows its belly
    points: int  # how many dragons it counts as in a force
    doubled: bool  # the white dragon: double damage, breath and treasure
    source: Source = "house"
    partial: str = ""


@dataclass(frozen=True)
class DragonDie:
    """What every dragon shares, and the published forms, types and kinds."""

    health: int
    points_per_dragon: int
    faces: tuple[DragonFace, ...]  # the default form's
    breath: dict[str, Breath]  # by colour
    source: Source = "house"  # whose it is: the data's "source"
    saves: int = 0
    default_form: str = ""
    forms: dict[str, DragonForm] = field(default_factory=dict)
    types: dict[str, DragonType] = field(default_factory=dict)
    kinds: dict[str, DragonKind] = field(default_factory=dict)


# The schemas. "*_source" fields record whether a part is the published game's or ours; only "source" on spells is
# kept, the rest are checked and dropped. Choices that another file (or another part of the file) supplies are left
# open here and narrowed where that part is loaded.
SAI: Schema = {
    "id": text(nonempty=True),
    "name": text(),
    "source": text(SOURCES),
    "text": text(),
    "rolls": table(listed(), keys=SAI_ROLL_KEYS),
    "partial": text(default=""),
}
EIGHTH_FACE: Schema = {
    "id": text(KNOWN_EIGHTH),
    "name": text(),
    "source": text(SOURCES),
    "effect_source": text(SOURCES, default=None),
    "text": text(),
}
TERRAIN: Schema = {
    "name": text(),
    "source": text(SOURCES),
    "elements": listed(text(ELEMENTS), length=2),
    "bands": listed(text(ACTIONS), length=7),  # the action faces 1..7 show
    "bands_source": text(SOURCES),
    "eighth": text(),  # one of the file's eighth faces
    "eighth_source": text(SOURCES),
}
UNIT: Schema = {
    "id": text(nonempty=True),
    "name": text(),
    "size": text(),  # one of the file's sizes
    "type": text(UNIT_TYPES),
    "elements": texts(nonempty=True),  # colours of its species
    "source": text(SOURCES, default=None),  # absent: the species' source
    "note": text(default=""),  # a house die of a published species: how the sources differ
    "faces": texts(),  # written as _face reads them
}
RETIRED_UNIT: Schema = {
    **UNIT,
    "species": text(),  # a species of species.json
    "source": text(("house",)),
    "retired": flag(),
}
COUNT_AS: Schema = {
    "op": text(("count_as",)),
    "roll": text(ABILITY_ROLLS),
    "from": text(ICONS),
    "as": text(ICONS),
    "terrain_has": texts(choices=ELEMENTS),  # empty: any terrain
    "terrain_all": flag(default=False),  # the terrain must have every one of them
    "not_counter": flag(default=False),  # never in a counter-attack's roll
}
WHERE_ONLY: Schema = {
    "terrain_has": texts(default=(), choices=ELEMENTS),  # the unit's (or army's) terrain has one of them; empty: any
    "terrain_all": flag(default=False),  # ...every one of them
}
PER_DEAD: Schema = {"per_dead": whole(low=1)}  # the limit "per 24 points of force, or part of it" (the coffin mark)
ABILITY_SCHEMAS: dict[str, Schema] = {
    "count_as": COUNT_AS,
    "terrain_magic": {},
    "extra_magic": PER_DEAD,
    "strike_back": {"roll": text(ABILITY_ROLLS), **WHERE_ONLY, "not_counter": flag(default=False)},
    "spell_saves_only": {"roll": text(ABILITY_ROLLS), **PER_DEAD},
    "killed_roll": {"face": text(("id",)), **WHERE_ONLY},
    "exchange_dead": {},
    "recruit_or_promote": WHERE_ONLY,
    "unbury": WHERE_ONLY,
    "mutate": PER_DEAD,
    "no_counter_units": PER_DEAD,
    "negate_magic": PER_DEAD,
    "fly_between": WHERE_ONLY,
    "missile_counter": WHERE_ONLY,
    "reroll_blank": {"rolls": texts(choices=ABILITY_ROLLS, nonempty=True), **WHERE_ONLY},  # every one of them
}
ABILITY: Schema = {
    "name": text(),
    "species": text(),  # a species of species.json
    "source": text(SOURCES),
    "text": text(),
    "effects": listed(anything()),  # each checked by its op
    "partial": text(default=""),
}
SPECIES_ENTRY: Schema = {
    "name": text(),
    "source": text(SOURCES),  # the dice and everything on them
    "name_source": text(SOURCES, default=None),  # the species' name and colours, when they are the published game's
    "elements": texts(choices=SPECIES_COLOURS, nonempty=True),
    "checked_against": texts(choices=CHECKS, default=()),
    "abilities": texts(default=()),  # ids of abilities.json
    "home": text(),  # a terrain type
    "frontier": text(),  # a terrain type
    "terrains_source": text(SOURCES, default=None),  # home and frontier: ours for every species
    "units": listed(record(UNIT)),
    "armies": record({role: texts(nonempty=True) for role in ("home", "horde", "campaign")}),  # unit ids, in order
    "armies_source": text(SOURCES, default=None),  # the default armies: ours for every species
}
SPELL: Schema = {
    "name": text(),
    "name_source": text(SOURCES, default=None),
    "element": text((*ELEMENTS, "elemental", "dragon", DRAGONKIN)),
    "cost": whole(low=1),
    "target": text(TARGETS),
    "reserve": flag(),
    "source": text(SOURCES),
    "text": text(),
    "species": text(default=""),  # a species of species.json: only that species' magic pays for it
    "cantrip": flag(default=False),
    "partial": text(default=""),
    "lasting": table(whole(), default={}, keys=(*ICONS, "all")),  # results added to the target's rolls, by kind
}
DRAGON_FACE: Schema = {
    "id": text(),
    "name": text(),
    "damage": whole(low=0),
    "saveable": flag(),
    "effect": text(DRAGON_EFFECTS),
    "text": text(),
}
BREATH: Schema = {
    "element": text(DRAGON_COLOURS),
    "name": text(),
    "amount": whole(low=0),
    "halves": text(("", "melee", "missile", "manoeuvre", "id"), default=""),
    "buries": flag(default=False),
    "terrain": flag(default=False),
    "source": text(SOURCES),
    "partial": text(default=""),
    "text": text(),
}
DRAGON_FORM: Schema = {
    "id": text(nonempty=True),
    "name": text(),
    "source": text(SOURCES),
    "checked_against": texts(choices=("A", "B"), default=()),
    "text": text(),
    "faces": listed(record(DRAGON_FACE)),
}
DRAGON_TYPE: Schema = {
    "id": text(DRAGON_TYPES),
    "name": text(),
    "text": text(),
    "attacks": table(text(ATTACK_TESTS), keys=DRAGON_TYPES),
}
DRAGON_KIND: Schema = {
    "id": text(nonempty=True),
    "name": text(),
    "type": text(DRAGON_TYPES),
    "elements": texts(choices=DRAGON_COLOURS, nonempty=True),
    "health": whole(low=1),
    "saves": whole(low=0),
    "points": whole(low=1),
    "doubled": flag(),
    "source": text(SOURCES),
    "checked_against": texts(choices=("A", "B"), default=()),
    "partial": text(default=""),
}
DRAGON_ENTRY: Schema = {
    "source": text(SOURCES),
    "checked_against": texts(choices=("A", "B"), default=()),
    "health": whole(low=1),
    "saves": whole(low=0),
    "points_per_dragon": whole(low=1),
    "default_form": text(),
    "forms": listed(record(DRAGON_FORM)),
    "types": listed(record(DRAGON_TYPE)),
    "kinds": listed(record(DRAGON_KIND)),
    "breath": listed(record(BREATH)),
}
DRAGONKIN_DIE: Schema = {
    "id": text(nonempty=True),
    "name": text(),
    "size": text(),  # one of species.json's sizes
    "type": text(UNIT_TYPES),
    "source": text(SOURCES),
    "note": text(default=""),  # a house die: how the sources differ
    "faces": texts(),
}
DRAGONKIN_FILE: Schema = {
    "_about": text(default=""),
    "source": text(SOURCES),
    "checked_against": texts(choices=CHECKS, default=()),
    "text": text(),
    "health_per_points": whole(low=1),  # a player brings one health of Dragonkin per this many points of force
    "pool_source": text(SOURCES),  # that rule's
    "default_pool_source": text(SOURCES),  # which dice fill the pool when nobody chooses: ours
    "dice": listed(record(DRAGONKIN_DIE), nonempty=True),  # each made in every element
    "retired": record({"note": text(), "size": text(), "faces": texts()}),  # our old one-per-element die
}
# The top level of each file: its lists of entries must not be empty.
SAIS_FILE: Schema = {"_about": text(default=""), "sais": listed(nonempty=True)}
TERRAINS_FILE: Schema = {"terrains": listed(nonempty=True), "eighth_faces": listed(nonempty=True)}
SPECIES_FILE: Schema = {"sizes": table(whole(low=1)), "species": listed(nonempty=True)}  # size -> health
ABILITIES_FILE: Schema = {"abilities": listed(nonempty=True)}
RETIRED_FILE: Schema = {"note": text(), "units": listed(nonempty=True)}
SPELLS_FILE: Schema = {"spells": listed(nonempty=True)}
DRAGONS_FILE: Schema = {"dragon": anything()}  # checked as its own entry


def _read(name: str) -> dict[str, Any]:
    data: dict[str, Any] = read_json(CONTENT / name, name, object_at_top=True)
    return data


def _top(file: str, schema: Schema) -> dict[str, Any]:
    """The file's top-level object, checked."""
    return check(Where(file, "(top level)"), _read(file), schema, closed=True)


def _face(where: Where, field: str, written: str) -> Face:
    """A unit face written 'id', '<icon>:<n>' or 'sai:<sai>:<n>'."""
    kind, *rest = written.split(":")
    if kind == "id" and not rest:
        return Face("id")
    if kind in ICONS and len(rest) == 1 and rest[0].isdecimal():
        return Face(kind, int(rest[0]))
    if kind == "sai" and len(rest) == 2 and rest[1].isdecimal():
        if rest[0] not in SAIS:
            raise where.fail(field, f"{written!r} names unknown SAI {rest[0]!r}")
        return Face("sai", int(rest[1]), rest[0])
    raise where.fail(field, f"{written!r} is not 'id', '<icon>:<n>' or 'sai:<sai>:<n>'")


def _faces(where: Where, field: str, written: tuple[str, ...]) -> tuple[Face, ...]:
    """A unit die's faces: 6, 8 (our old monsters) or 10 (published monsters), at least one an ID face."""
    faces = tuple(_face(where, f"{field}[{index}]", face) for index, face in enumerate(written))
    if len(faces) not in (6, 8, 10) or not any(face.kind == "id" for face in faces):
        raise where.fail(field, "must hold 6, 8 or 10 faces including an ID face")
    return faces


def _load_sais() -> dict[str, Sai]:
    file = "sais.json"
    sais: dict[str, Sai] = {}
    for where, item in entries(file, _top(file, SAIS_FILE)["sais"], SAI, closed=True):
        rolls = {
            key: tuple(_sai_op(where, f"rolls.{key}[{i}]", op) for i, op in enumerate(ops))
            for key, ops in item["rolls"].items()
        }
        sais[item["id"]] = build(Sai, {**item, "rolls": rolls})
    return sais


def _sai_op(where: Where, field: str, op: Any) -> dict[str, Any]:
    """One declared effect: a known op with the fields it needs; amounts are whole numbers, "X" or "2X"."""
    if not isinstance(op, dict) or op.get("op") not in SAI_OPS:
        raise where.fail(field, f"must be an object whose 'op' is one of: {', '.join(SAI_OPS)}")
    missing = [name for name in SAI_OPS[op["op"]] if name not in op]
    if missing:
        raise where.fail(field, f"op {op['op']!r} needs {', '.join(missing)}")
    for name in ("n", "health"):
        value = op.get(name)
        if value is not None and not (isinstance(value, int) or value in ("X", "2X", "one", "all")):
            raise where.fail(field, f"{name} must be a whole number, 'X', '2X', 'one' or 'all', not {value!r}")
    if op["op"] == "targets" and (op["test"] not in TARGET_TESTS or op["fail"] not in TARGET_FAILS):
        raise where.fail(field, f"test must be one of {', '.join(TARGET_TESTS)}; fail one of {', '.join(TARGET_FAILS)}")
    if not isinstance(op.get("not_counter", False), bool):
        raise where.fail(field, "not_counter must be true or false")
    if op["op"] in ("add", "either"):
        kinds = op.get("kinds") or [op.get("kind")]
        if any(kind not in (*ICONS, "rolled") for kind in kinds):
            raise where.fail(field, f"kinds must be among {', '.join(ICONS)} or 'rolled'")
    return dict(op)


def _load_terrains() -> tuple[dict[str, TerrainType], dict[str, EighthFace]]:
    file = "terrains.json"
    top = _top(file, TERRAINS_FILE)
    eighth = {
        item["id"]: build(EighthFace, item) for _, item in entries(file, top["eighth_faces"], EIGHTH_FACE, closed=True)
    }
    schema = {**TERRAIN, "eighth": text(eighth)}
    terrains = {item["id"]: build(TerrainType, item) for _, item in entries(file, top["terrains"], schema, closed=True)}
    return terrains, eighth


def _load_abilities() -> dict[str, Ability]:
    """The species abilities; which species hold them is checked with the species."""
    file = "abilities.json"
    abilities: dict[str, Ability] = {}
    for where, item in entries(file, _top(file, ABILITIES_FILE)["abilities"], ABILITY, closed=True):
        effects: list[dict[str, Any]] = []
        for index, effect in enumerate(item["effects"]):
            op = effect.get("op") if isinstance(effect, dict) else None
            if op not in ABILITY_OPS:
                raise where.fail(f"effects[{index}].op", f"must be one of {', '.join(ABILITY_OPS)}")
            schema = {**ABILITY_SCHEMAS[op], "op": text((op,))}
            effects.append(check(where, effect, schema, prefix=f"effects[{index}].", closed=True))
        if not effects and not item["partial"]:
            raise where.fail("partial", "must say why an ability with no effects is not applied")
        abilities[item["id"]] = build(Ability, item, effects=tuple(effects))
    return abilities


def _unit(where: Where, at: str, unit: dict[str, Any], species: dict[str, Any], sizes: dict[str, int]) -> UnitDie:
    """One unit die of a species (or a retired one), its colours the species' and its faces checked."""
    if not set(unit["elements"]) <= set(species["elements"]):
        raise where.fail(f"{at}.elements", f"must be colours of the species ({', '.join(species['elements'])})")
    faces = _faces(where, f"{at}.faces", unit["faces"])
    uid = f"{species['id']}/{unit['id']}"
    source = unit["source"] or species["source"]
    return build(UnitDie, unit, id=uid, species=species["id"], health=sizes[unit["size"]], faces=faces, source=source)


def _load_species() -> tuple[dict[str, Species], dict[str, UnitDie], dict[str, int]]:
    """The species, every unit die by '<species>/<unit>', and the health of each size."""
    file = "species.json"
    top = _top(file, SPECIES_FILE)
    sizes: dict[str, int] = top["sizes"]
    units_rule = listed(record({**UNIT, "size": text(sizes)}))
    schema = {
        **SPECIES_ENTRY,
        "home": text(TERRAINS),
        "frontier": text(TERRAINS),
        "units": units_rule,
        "abilities": texts(choices=ABILITIES, default=()),
    }
    species: dict[str, Species] = {}
    units: dict[str, UnitDie] = {}
    for where, item in entries(file, top["species"], schema, closed=True):
        own: list[str] = []
        for index, unit in enumerate(item["units"]):
            die = _unit(where, f"units[{index}]", unit, item, sizes)
            if die.id in units:
                raise where.fail(f"units[{index}].id", "is used twice")
            units[die.id] = die
            own.append(die.id)
        if {units[uid].size for uid in own} != set(sizes) - {"champion"}:
            raise where.fail("units", f"must include every size but champion: {', '.join(sizes)}")
        for index, ability in enumerate(item["abilities"]):
            if ABILITIES[ability].species != item["id"]:
                raise where.fail(f"abilities[{index}]", f"{ability!r} is an ability of {ABILITIES[ability].species}")
        for role, names in item["armies"].items():
            for index, name in enumerate(names):
                if f"{item['id']}/{name}" not in own:
                    raise where.fail(f"armies.{role}[{index}]", f"{name!r} is not a unit of this species")
        armies = {role: tuple(f"{item['id']}/{name}" for name in names) for role, names in item["armies"].items()}
        species[item["id"]] = build(Species, item, units=tuple(own), armies=armies)
    for ability in ABILITIES.values():
        if ability.species not in species or ability.id not in species[ability.species].abilities:
            raise ContentError(f"abilities.json: entry {ability.id!r}, field 'species': no species lists it")
    return species, units, sizes


def _load_retired(sizes: dict[str, int]) -> dict[str, UnitDie]:
    """Our old house dice of species now published: loaded so games begun with them play on, in no species' units."""
    file = "retired.json"
    schema = {**RETIRED_UNIT, "size": text(sizes), "species": text(SPECIES)}
    dice: dict[str, UnitDie] = {}
    for where, item in entries(file, _top(file, RETIRED_FILE)["units"], schema, closed=True):
        owner, _, own_id = item["id"].partition("/")
        if owner != item["species"] or not own_id:
            raise where.fail("id", f"must be '{item['species']}/<unit>'")
        if item["id"] in UNIT_DICE:
            raise where.fail("id", "is a unit of species.json")
        species: dict[str, Any] = {"id": owner, "elements": SPECIES[owner].elements, "source": "house"}
        dice[item["id"]] = _unit(where, "(unit)", {**item, "id": own_id}, species, sizes)
    return dice


def _load_spells() -> dict[str, Spell]:
    file = "spells.json"
    schema = {**SPELL, "species": text(("", *SPECIES), default="")}
    spells: dict[str, Spell] = {}
    for where, item in entries(file, _top(file, SPELLS_FILE)["spells"], schema, closed=True):
        colours = SPECIES[item["species"]].elements if item["species"] else ()
        if colours and item["element"] not in (*colours, "elemental"):
            raise where.fail("element", f"must be a colour of its species ({', '.join(colours)})")
        spells[item["id"]] = build(Spell, item)
    return spells


def _load_dragon() -> DragonDie:
    file = "dragons.json"
    where = Where(file, "dragon")
    dragon = check(where, _top(file, DRAGONS_FILE)["dragon"], DRAGON_ENTRY, closed=True)
    forms = {
        form["id"]: build(DragonForm, form, faces=tuple(build(DragonFace, face) for face in form["faces"]))
        for form in dragon["forms"]
    }
    if any(len(form.faces) != 12 for form in forms.values()):
        raise where.fail("forms", "every form needs 12 faces")
    if dragon["default_form"] not in forms:
        raise where.fail("default_form", f"must be one of the forms: {', '.join(forms)}")
    if sorted(breath["element"] for breath in dragon["breath"]) != sorted(DRAGON_COLOURS):
        raise where.fail("breath", f"needs one entry for each colour: {', '.join(DRAGON_COLOURS)}")
    types = {kind["id"]: build(DragonType, kind) for kind in dragon["types"]}
    kinds = {kind["id"]: build(DragonKind, kind) for kind in dragon["kinds"]}
    if sorted(types) != sorted(DRAGON_TYPES) or any(kind.type not in types for kind in kinds.values()):
        raise where.fail("types", f"needs one entry for each type: {', '.join(DRAGON_TYPES)}")
    if any(element not in kinds for element in ELEMENTS):
        raise where.fail("kinds", "needs the elemental dragon of each element, named by the element")
    return DragonDie(
        dragon["health"],
        dragon["points_per_dragon"],
        forms[dragon["default_form"]].faces,
        {breath["element"]: build(Breath, breath) for breath in dragon["breath"]},
        dragon["source"],
        dragon["saves"],
        dragon["default_form"],
        forms,
        types,
        kinds,
    )


@dataclass(frozen=True)
class Dragonkin:
    """What the Dragonkin are as a whole: whose they are, what they do, how many a player brings."""

    source: Source
    text: str
    health_per_points: int  # one health of Dragonkin per this many points of force (rounded down)
    checked_against: tuple[str, ...] = ()


def _load_dragonkin(sizes: dict[str, int]) -> tuple[Dragonkin, dict[str, UnitDie]]:
    """The Dragonkin dice, each die of dragonkin.json in every element ("dragonkin/fire_dragontroop"), and our old
    house ones ("dragonkin/fire"), retired; returns what they are as a whole, and the dice."""
    file = "dragonkin.json"
    where = Where(file, DRAGONKIN)
    kin = check(where, _read(file), DRAGONKIN_FILE, closed=True)
    dice: dict[str, UnitDie] = {}
    for index, die in enumerate(kin["dice"]):
        at = f"dice[{index}]"
        if die["size"] not in sizes:
            raise where.fail(f"{at}.size", f"must be one of {', '.join(sizes)}")
        faces = _faces(where, f"{at}.faces", die["faces"])
        for element in ELEMENTS:
            uid = f"{DRAGONKIN}/{element}_{die['id']}"
            name = f"{element.title()} {die['name']}"
            health = sizes[die["size"]]
            dice[uid] = build(
                UnitDie, die, id=uid, name=name, species=DRAGONKIN, health=health, elements=(element,), faces=faces
            )
    old = kin["retired"]
    if old["size"] not in sizes:
        raise where.fail("retired.size", f"must be one of {', '.join(sizes)}")
    faces = _faces(where, "retired.faces", old["faces"])
    for element in ELEMENTS:
        uid = f"{DRAGONKIN}/{element}"
        dice[uid] = UnitDie(
            uid,
            f"{element.title()} Dragonkin",
            DRAGONKIN,
            old["size"],
            sizes[old["size"]],
            (element,),
            faces,
            source="house",
            retired=True,
            note=old["note"],
        )
    return build(Dragonkin, kin), dice


SAIS = _load_sais()
TERRAINS, EIGHTH_FACES = _load_terrains()
ABILITIES = _load_abilities()
SPECIES, UNIT_DICE, _SIZES = _load_species()
UNIT_DICE.update(_load_retired(_SIZES))
DRAGONKIN_KIN, _DRAGONKIN_DICE = _load_dragonkin(_SIZES)
UNIT_DICE.update(_DRAGONKIN_DICE)
SPELLS = _load_spells()
# The lasting roll modifiers the spells declare: spell id -> {roll kind or "all": results added}. On an army target
# they change that army's rolls; on a terrain target, the rolls of every army at that terrain.
SPELL_LASTING: dict[str, dict[str, int]] = {spell.id: spell.lasting for spell in SPELLS.values() if spell.lasting}
DRAGON = _load_dragon()
