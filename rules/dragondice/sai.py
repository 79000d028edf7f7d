"""The declared SAI effects (content/sais.json) applied inside one army roll.

An SAI face looks up the ops declared for the roll it is in (its most specific roll key, see `roll_keys`) and each
op either changes the roll's counts at once (add, either, unsaveable, reflect, pierce...) or is kept on the roll as
`Pending` for whoever resolves the roll: the attack (targets, unit damage, saves lost, lasting effects on the army
attacked) or roll_army itself once every unit has rolled (units rejoining, promotions, doubling)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.dragondice.content import SAIS, Face


@dataclass(frozen=True)
class Pending:
    """An op that acts after the roll: its declaration, its amount, and the unit whose face declared it."""

    op: dict[str, Any]
    amount: int
    unit: str
    sai: str


@dataclass
class RollResult:
    kind: str = ""  # the roll: melee, missile, magic, manoeuvre, save or dragon
    total: int = 0  # results of the roll's kind (melee and missile that hit the dragon in a roll against one)
    saves: int = 0  # save results of a roll against a dragon
    unsaveable: int = 0  # damage to the army attacked that no save stops (Smite, Stone, Kindle)
    pierce: int = 0  # the house Rive: the target's saves drop by this much
    reflect: int = 0  # damage back to the attacking army, no save (Counter, Volley, Thornback)
    burn: int = 0  # damage back to the attacker that only its spells' saves reduce (Counter, Volley, Scorching Touch)
    charge: bool = False  # the army attacked makes a combined save-and-melee roll instead of counter-attacking
    counter: bool = False  # a counter-attack's roll (or the save roll against one): "not_counter" ops do nothing
    saves_minus: int = 0  # the army attacked counts this many fewer saves (Howl, Screech, Wave)
    counter_minus: int = 0  # armies countering this manoeuvre count this many fewer manoeuvre results (Wave)
    outnumber: int = 0  # the house Swarm: added when the army has more units than its target
    magic: dict[str, int] = field(default_factory=dict)  # colour set "earth+fire" -> results
    racial: dict[str, int] = field(default_factory=dict)  # magic results by the species of the units that rolled them
    cantrip: int = 0  # magic for cantrips only, rolled outside a magic action
    no_counter: bool = False  # the army attacked may not counter-attack (Surprise, Scald)
    stench: list[str] = field(default_factory=list)  # units of the army attacked kept out of its counter (Foul Stench)
    bury: bool = False  # the house Reap: the units this attack kills are buried
    faces: dict[str, list[Face]] = field(default_factory=dict)  # unit id -> faces it rolled (rerolls after)
    counted: dict[str, int] = field(default_factory=dict)  # unit id -> what it added to `total` (or `saves`)
    pending: list[Pending] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the after-roll ops did, for the roll's line


def roll_keys(kind: str, vs: str = "") -> tuple[str, ...]:
    """The sais.json keys a roll reads, most specific first: a save against a melee attack reads save_vs_melee,
    then save, then non_manoeuvre, then any."""
    keys: list[str] = []
    if kind == "save" and vs:
        keys.append(f"save_vs_{vs}")
    keys.append(kind)
    if kind != "manoeuvre":
        keys.append("non_manoeuvre")
    keys.append("any")
    return tuple(keys)


def declared(sai: str, kind: str, vs: str = "") -> tuple[dict[str, Any], ...] | None:
    """The ops an SAI declares for this roll, or None when it does nothing in it."""
    rolls = SAIS[sai].rolls
    for key in roll_keys(kind, vs):
        if key in rolls:
            return rolls[key]
    return None


def amount(op: dict[str, Any], x: int) -> int:
    """An op's "n" (or "health"): a number, X (the face's results) or 2X."""
    value = op.get("n", op.get("health"))
    if value == "X":
        return x
    if value == "2X":
        return 2 * x
    return int(value) if isinstance(value, int) else x


def counts_as(kind: str, wanted: str) -> str | None:
    """Where results of `wanted` land in a roll of `kind`: "total", "saves" (against a dragon) or None."""
    if kind == "dragon":
        return "total" if wanted in ("melee", "missile") else "saves" if wanted == "save" else None
    return "total" if wanted == kind else None


def either_kind(kind: str, kinds: list[str]) -> str | None:
    """Which of an 'either' op's kinds a roll takes: its own kind; saves (then melee, missile) against a dragon."""
    if kind == "dragon":
        return next((k for k in ("save", "melee", "missile") if k in kinds), None)
    return kind if kind in kinds else None


def face_results(face: Face, health: int, kind: str, vs: str = "", with_id: bool = True) -> int:
    """What one face alone counts in a roll of `kind` (a unit rolling by itself to resist an effect): its ID (the
    unit's health, unless `with_id` is off), its icon, and the results its SAI adds in that roll."""
    if face.kind == "id":
        return health if with_id else 0
    if face.kind != "sai":
        return face.amount if face.kind == kind else 0
    total = 0
    for op in declared(face.sai, kind, vs) or ():
        if (op["op"] == "add" and op["kind"] in (kind, "rolled")) or (op["op"] == "either" and kind in op["kinds"]):
            total += amount(op, face.amount)
    return total


def describe(op: dict[str, Any], n: int, kind: str) -> str:
    """What one op did, for the roll's line."""
    name = op["op"]
    if name in ("add", "either"):
        wanted = op.get("kind") if name == "add" else either_kind(kind, op["kinds"])
        wanted = kind if wanted == "rolled" else wanted
        return f"+{n} {'saves' if wanted == 'save' else wanted}" if wanted else ""
    words = {
        "unsaveable": f"{n} damage no save stops",
        "reroll": "rolls again",
        "unit_damage": f"{n} damage to one unit",
        "saves_minus": f"the target's saves -{n}",
        "reflect": f"{n} damage back to the attacker",
        "burn": f"{n} damage back to the attacker, only its spells' saves reduce it",
        "leave": "may then leave for any terrain or the reserves",
        "combined_save": "the army attacked saves and strikes back in one roll, and may not counter-attack",
        "no_counter": "no counter-attack",
        "counter_minus": f"countering armies -{n} manoeuvre",
        "recover": f"up to {n} health of dead units rejoin",
        "promote": f"promotes up to {n} health",
        "cantrip": f"{n} magic for cantrips only",
        "pierce": f"the target's saves -{n}",
        "bury_kills": "this attack's dead are buried",
        "outnumber": f"{n} more if this army outnumbers its target",
        "scavenge": f"up to {n} health of opponents' dead buried",
        "army_count_as": f"the army's {op.get('from')} counts as {op.get('as')}",
        "double": f"{str(op.get('species', '')).replace('_', ' ').title()} units count their results twice",
    }
    if name == "targets":
        health = op["health"]
        who = "one unit" if health == "one" else "every unit" if health == "all" else f"up to {n} health of units"
        return f"strikes {who} of the army attacked"
    if name == "lasting":
        return "a lasting effect until the next turn"
    return words.get(name, name)
