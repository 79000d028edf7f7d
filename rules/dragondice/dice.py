"""Rolling an army: one die per unit, faces counted for the roll's kind, SAIs first, then lasting bonuses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rules.base import ActionLog, seat_ref
from rules.dragondice.content import TERRAINS, UNIT_DICE, Face
from rules.dragondice.model import BURIED, DEAD, Effect, State, Unit
from rules.rng import Rng

# Lasting bonuses on an army: spell/eighth-face/breath id -> (roll kinds it changes, results added per amount).
ARMY_BONUSES: dict[str, tuple[tuple[str, ...], int]] = {
    "watery_double": (("save",), 1),
    "stoneskin": (("save",), 1),
    "wind_walk": (("manoeuvre",), 4),
    "fiery_weapon": (("melee", "missile"), 2),
    "dancing_lights": (("melee",), -6),
    "palsy": (("melee", "missile", "magic", "save"), -1),
    "tower": (("missile",), 1),
    "air_breath": (("manoeuvre",), -1),  # times the effect's amount, from dragons.json
    "water_breath": (("save",), -1),
    "hex": (("save",), -1),  # times the SAI's amount
    "howl": (("melee",), -1),  # times the SAI's amount
}
GROWING = "mob_fury"  # +1 melee for every 2 units of the army when it rolls
TERRAIN_PENALTY = "ash_storm"  # every army roll at the terrain loses 1 result


@dataclass
class RollResult:
    total: int = 0  # results of the roll's kind (melee for a roll against a dragon)
    saves: int = 0  # save results of a roll against a dragon
    unsaveable: int = 0  # Kindle damage that no save stops
    pierce: int = 0  # Rend: the target's saves drop by this much
    reflect: int = 0  # Thornback: damage back to a melee attacker
    magic: dict[str, int] = field(default_factory=dict)  # colour set "earth+fire" -> results
    racial: dict[str, int] = field(default_factory=dict)  # magic results by the species of the units that rolled them
    regrow: int = 0  # Regrow: health of dead units that rejoin, resolved after the roll
    scavenge: int = 0  # Scavenge: health of opponents' dead units buried after the roll
    howl: int = 0  # Howl: melee lost by every opposing army at the terrain
    hex: int = 0  # Hex: saves the target army loses, once the attack is over
    swarm: int = 0  # Swarm: melee added when the army outnumbers its target
    bury: bool = False  # Reap: the units this attack kills are buried
    stun: bool = False  # Scald: the target may not counter-attack
    text: str = ""


def colour_key(elements: tuple[str, ...] | list[str]) -> str:
    return "+".join(sorted(elements))


def roll_unit(rng: Rng, unit: Unit, why: str) -> Face:
    faces = UNIT_DICE[unit.kind].faces
    return faces[rng.roll(len(faces), 1, why)[0] - 1]


def roll_army(
    state: State, rng: Rng, seat: int, where: str, kind: str, log: ActionLog, vs_melee: bool = False, label: str = ""
) -> RollResult:
    """Roll every unit of an army for `kind` (melee, missile, magic, manoeuvre, save or dragon) and show it all:
    each unit's face (an ID with the health it counts), the totals, every SAI with what it did, and the bonuses."""
    result = RollResult()
    parts: list[str] = []
    sais: list[str] = []
    for unit in sorted(state.army(seat, where), key=lambda u: int(u.id[1:])):
        face = roll_unit(rng, unit, f"{kind} roll")
        effect = _count(result, unit, face, kind, vs_melee)
        shown = f"ID ({unit.health})" if face.kind == "id" else face.label()
        parts.append(f"{unit.name} {unit.id}: {shown}")
        if effect:
            sais.append(f"{face.label()} ({unit.id}) {effect}")
    notes = _apply_bonuses(state, seat, where, kind, result)
    if result.regrow:
        notes.append(_regrow(state, seat, where, result.regrow))
    if result.scavenge:
        notes.append(_scavenge(state, seat, result.scavenge))
    if result.howl:
        notes.append(_howl(state, seat, where, result.howl))
    place = "in the reserves" if where == "reserve" else f"at {state.terrain(where).name}"
    what = label or f"{kind} roll"
    summary = _summary(result, kind)
    extra = f". SAIs: {'; '.join(sais)}" if sais else ""
    extra += f" ({'; '.join(notes)})" if notes else ""
    log.say(f"{seat_ref(seat)}'s army {place}, {what}: {', '.join(parts)} → {summary}{extra}", "roll")
    return result


def _count(result: RollResult, unit: Unit, face: Face, kind: str, vs_melee: bool) -> str:
    """Add one face to the result; for an SAI, returns what it did in this roll (shown to everyone, 'no effect'
    included). What an SAI does after the roll (Regrow, Scavenge, Howl) or to the attack (Hex, Reap, Scald, Swarm)
    is recorded on the result."""
    die = UNIT_DICE[unit.kind]
    key = colour_key(die.elements)
    if face.kind == "id":
        _add(result, kind, key, die.health, die.health, die.species)
        return ""
    if face.kind != "sai":
        if kind == "dragon":
            result.total += face.amount if face.kind == "melee" else 0
            result.saves += face.amount if face.kind == "save" else 0
        elif face.kind == kind:
            _add(result, kind, key, face.amount, 0, die.species)
        return ""
    effect = SAI_EFFECTS.get((face.sai, kind)) or SAI_EFFECTS.get((face.sai, "*"))
    if effect is None or (face.sai in ("scavenge", "howl", "regrow") and kind == "save"):
        roll = "roll against a dragon" if kind == "dragon" else f"{kind} roll"
        return f"no effect in a {roll}"
    return effect(result, face.amount, kind, key, die.species, vs_melee)


Said = Callable[[RollResult, int, str, str, str, bool], str]


def _kindle(result: RollResult, n: int, kind: str, key: str, species: str, vs_melee: bool) -> str:
    if kind == "magic":
        _add(result, kind, key, n, 0, species)
        return f"+{n} magic"
    result.unsaveable += n
    return f"{n} damage no save stops"


def _rend(result: RollResult, n: int, kind: str, key: str, species: str, vs_melee: bool) -> str:
    result.total += n
    if kind == "dragon":
        return f"+{n} melee"
    result.pierce += n
    return f"+{n} melee, the target's saves -{n}"


def _thornback(result: RollResult, n: int, kind: str, key: str, species: str, vs_melee: bool) -> str:
    if kind == "dragon":
        result.saves += n
        return f"+{count(n, 'save')}"
    result.total += n
    result.reflect += n if vs_melee else 0
    return f"+{count(n, 'save')}" + (f", {n} damage back to the attacker" if vs_melee else "")


def _surge(result: RollResult, n: int, kind: str, key: str, species: str, vs_melee: bool) -> str:
    gain = n if kind == "manoeuvre" else 2 * n
    _add(result, kind, key, gain, 0, species)
    return f"+{gain} {kind}"


def _volley(result: RollResult, n: int, kind: str, key: str, species: str, vs_melee: bool) -> str:
    if kind == "dragon":
        result.saves += n
        return f"+{count(n, 'save')}"
    gain = 2 * n if kind == "missile" else n
    result.total += gain
    return f"+{gain} missile" if kind == "missile" else f"+{count(gain, 'save')}"


def _regrow_sai(result: RollResult, n: int, kind: str, key: str, species: str, vs_melee: bool) -> str:
    result.regrow += n
    return f"up to {n} health of dead units rejoin"


def _reap(result: RollResult, n: int, kind: str, key: str, species: str, vs_melee: bool) -> str:
    result.total += n
    if kind == "dragon":
        return f"+{n} melee"
    result.bury = True
    return f"+{n} melee, the units this attack kills are buried"


def _hex(result: RollResult, n: int, kind: str, key: str, species: str, vs_melee: bool) -> str:
    result.hex += n
    return f"the target's saves -{n} until the next turn, after this attack"


def _swarm(result: RollResult, n: int, kind: str, key: str, species: str, vs_melee: bool) -> str:
    result.total += n
    result.swarm += n
    return f"+{n} melee, {n} more if this army outnumbers its target"


def _sai_scavenge(result: RollResult, n: int, kind: str, key: str, species: str, vs_melee: bool) -> str:
    result.scavenge += n
    return f"up to {n} health of opponents' dead units are buried"


def _stampede(result: RollResult, n: int, kind: str, key: str, species: str, vs_melee: bool) -> str:
    result.total += n
    return f"+{n} {'melee' if kind == 'dragon' else kind}"


def _sai_howl(result: RollResult, n: int, kind: str, key: str, species: str, vs_melee: bool) -> str:
    result.howl += n
    return f"opposing armies here -{n} melee until the next turn"


def _scald(result: RollResult, n: int, kind: str, key: str, species: str, vs_melee: bool) -> str:
    result.total += n
    result.stun = True
    return f"+{n} melee, no counter-attack"


def _boil(result: RollResult, n: int, kind: str, key: str, species: str, vs_melee: bool) -> str:
    if kind == "dragon":
        result.total += n
        result.saves += n
        return f"+{n} melee, +{count(n, 'save')}"
    _add(result, kind, key, n, 0, species)
    return f"+{count(n, 'save')}" if kind == "save" else f"+{n} {kind}"


# (SAI, roll kind) -> what it does; "*" stands for any roll not named (a save roll is refused in _count where the
# text says "any roll but a save roll"). A roll kind missing here: the SAI does nothing in that roll.
SAI_EFFECTS: dict[tuple[str, str], Said] = {
    ("kindle", "melee"): _kindle,
    ("kindle", "missile"): _kindle,
    ("kindle", "magic"): _kindle,
    ("rend", "melee"): _rend,
    ("rend", "dragon"): _rend,
    ("thornback", "save"): _thornback,
    ("thornback", "dragon"): _thornback,
    ("surge", "manoeuvre"): _surge,
    ("surge", "magic"): _surge,
    ("volley", "missile"): _volley,
    ("volley", "save"): _volley,
    ("volley", "dragon"): _volley,
    ("regrow", "*"): _regrow_sai,
    ("reap", "melee"): _reap,
    ("reap", "dragon"): _reap,
    ("hex", "melee"): _hex,
    ("hex", "missile"): _hex,
    ("swarm", "melee"): _swarm,
    ("scavenge", "*"): _sai_scavenge,
    ("stampede", "melee"): _stampede,
    ("stampede", "manoeuvre"): _stampede,
    ("stampede", "dragon"): _stampede,
    ("howl", "*"): _sai_howl,
    ("scald", "melee"): _scald,
    ("boil", "*"): _boil,
}


def _add(result: RollResult, kind: str, key: str, amount: int, id_saves: int, species: str = "") -> None:
    if kind == "magic":
        result.magic[key] = result.magic.get(key, 0) + amount
        if species:
            result.racial[species] = result.racial.get(species, 0) + amount
    else:
        result.total += amount
        if kind == "dragon":
            result.saves += id_saves


def _apply_bonuses(state: State, seat: int, where: str, kind: str, result: RollResult) -> list[str]:
    notes: list[str] = []
    army_key = f"{where}:{seat}"
    for effect in state.effects:
        if effect.target == army_key and effect.source in ARMY_BONUSES:
            kinds, per = ARMY_BONUSES[effect.source]
            amount = per * effect.amount
            for part in ("melee", "save") if kind == "dragon" else (kind,):
                if part in kinds:
                    _shift(result, kind, part, amount)
                    notes.append(f"{amount:+d} {part} from {_label(effect.source)}")
        elif effect.target == army_key and effect.source == "standing_stones" and kind == "magic":
            key = colour_key(TERRAINS[state.terrain(where).kind].elements)
            result.magic[key] = result.magic.get(key, 0) + effect.amount
            notes.append(f"+{effect.amount} magic ({key}) from the Standing Stones")
        elif effect.target == army_key and effect.source == GROWING and kind in ("melee", "dragon"):
            gain = len(state.army(seat, where)) // 2
            result.total += gain
            notes.append(f"+{gain} melee from Mob Fury")
        elif effect.target == where and effect.source == TERRAIN_PENALTY:
            _shift(result, kind, "melee" if kind == "dragon" else kind, -1)
            notes.append("-1 from Ash Storm")
    return notes


def _shift(result: RollResult, kind: str, part: str, amount: int) -> None:
    if kind == "magic":
        if amount > 0 or not result.magic:
            return
        for _ in range(-amount):  # penalties come off the largest colour set first
            key = max(sorted(result.magic), key=lambda k: result.magic[k])
            result.magic[key] = max(0, result.magic[key] - 1)
    elif kind == "dragon" and part == "save":
        result.saves = max(0, result.saves + amount)
    else:
        result.total = max(0, result.total + amount)


def _label(source: str) -> str:
    return source.replace("_", " ").title()


def _regrow(state: State, seat: int, where: str, amount: int) -> str:
    """Regrow: largest dead units first that still fit, the longest dead first among equals."""
    back: list[str] = []
    left = amount
    for unit in sorted(state.army(seat, DEAD), key=lambda u: (-u.health, u.died)):
        if unit.health <= left:
            unit.where = where
            left -= unit.health
            back.append(f"{unit.name} {unit.id}")
    return f"Regrow returns {', '.join(back)}" if back else "Regrow finds no dead unit small enough"


def _scavenge(state: State, seat: int, amount: int) -> str:
    """Scavenge: opponents' dead units are buried, the most recently killed first, while their health fits."""
    buried: list[str] = []
    left = amount
    dead = [u for u in state.units if u.owner != seat and u.where == DEAD]
    for unit in sorted(dead, key=lambda u: -u.died):
        if unit.health <= left:
            unit.where = BURIED
            left -= unit.health
            buried.append(f"{seat_ref(unit.owner)}'s {unit.name} {unit.id}")
    return f"Scavenge buries {', '.join(buried)}" if buried else "Scavenge finds no opposing dead unit small enough"


def _howl(state: State, seat: int, where: str, amount: int) -> str:
    """Howl: every opposing army at the terrain loses melee results until the roller's next turn."""
    if where not in {t.id for t in state.terrains}:
        return "Howl has no effect in the reserves"
    others = [s for s in state.seats_at(where) if s != seat]
    for other in others:
        state.effects.append(Effect("howl", seat, f"{where}:{other}", amount))
    if not others:
        return "Howl finds no opposing army here"
    return f"Howl: {' and '.join(f'{seat_ref(s)}' for s in others)} -{amount} melee here until the next turn"


def count(n: int, noun: str) -> str:
    """'1 save', '2 saves': the results players count one by one read in the singular for one."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _summary(result: RollResult, kind: str) -> str:
    if kind == "magic":
        if not result.magic:
            return "0 magic"
        return ", ".join(f"{n} {key} magic" for key, n in sorted(result.magic.items()))
    if kind == "dragon":
        return f"{result.total} melee and {count(result.saves, 'save')}"
    text = count(result.total, "save") if kind == "save" else f"{result.total} {kind}"
    if result.unsaveable:
        text += f", Kindle {result.unsaveable} unsaveable damage"
    if result.pierce:
        text += f", Rend {result.pierce} (target saves -{result.pierce})"
    if result.reflect:
        text += f", Thornback {result.reflect} damage back"
    return text
