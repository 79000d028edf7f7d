"""Rolling an army: one die per unit, faces counted for the roll's kind, SAIs first, then lasting bonuses."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.base import ActionLog, seat_ref
from rules.dragondice.content import TERRAINS, UNIT_DICE, Face
from rules.dragondice.model import DEAD, State, Unit
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
}
TERRAIN_PENALTY = "ash_storm"  # every army roll at the terrain loses 1 result


@dataclass
class RollResult:
    total: int = 0  # results of the roll's kind (melee for a roll against a dragon)
    saves: int = 0  # save results of a roll against a dragon
    unsaveable: int = 0  # Kindle damage that no save stops
    pierce: int = 0  # Rend: the target's saves drop by this much
    reflect: int = 0  # Thornback: damage back to a melee attacker
    magic: dict[str, int] = field(default_factory=dict)  # colour set "earth+fire" -> results
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
    regrow = 0
    for unit in sorted(state.army(seat, where), key=lambda u: int(u.id[1:])):
        face = roll_unit(rng, unit, f"{kind} roll")
        grown, effect = _count(result, unit, face, kind, vs_melee)
        regrow += grown
        shown = f"ID ({unit.health})" if face.kind == "id" else face.label()
        parts.append(f"{unit.name} {unit.id}: {shown}")
        if effect:
            sais.append(f"{face.label()} ({unit.id}) {effect}")
    notes = _apply_bonuses(state, seat, where, kind, result)
    if regrow:
        notes.append(_regrow(state, seat, where, regrow))
    place = "in the reserves" if where == "reserve" else f"at {state.terrain(where).name}"
    what = label or f"{kind} roll"
    summary = _summary(result, kind)
    extra = f". SAIs: {'; '.join(sais)}" if sais else ""
    extra += f" ({'; '.join(notes)})" if notes else ""
    log.say(f"{seat_ref(seat)}'s army {place}, {what}: {', '.join(parts)} → {summary}{extra}", "roll")
    return result


def _count(result: RollResult, unit: Unit, face: Face, kind: str, vs_melee: bool) -> tuple[int, str]:
    """Add one face to the result; returns the Regrow amount to resolve after the roll and, for an SAI, what it
    did in this roll (shown to everyone, 'no effect' included)."""
    die = UNIT_DICE[unit.kind]
    key = colour_key(die.elements)
    if face.kind == "id":
        _add(result, kind, key, die.health, die.health)
        return 0, ""
    if face.kind != "sai":
        if kind == "dragon":
            result.total += face.amount if face.kind == "melee" else 0
            result.saves += face.amount if face.kind == "save" else 0
        elif face.kind == kind:
            _add(result, kind, key, face.amount, 0)
        return 0, ""
    n = face.amount
    if face.sai == "kindle" and kind in ("melee", "missile"):
        result.unsaveable += n
        return 0, f"{n} damage no save stops"
    if face.sai == "kindle" and kind == "magic":
        _add(result, kind, key, n, 0)
        return 0, f"+{n} magic"
    if face.sai == "rend" and kind == "melee":
        result.total += n
        result.pierce += n
        return 0, f"+{n} melee, the target's saves -{n}"
    if face.sai == "rend" and kind == "dragon":
        result.total += n
        return 0, f"+{n} melee"
    if face.sai == "thornback" and kind == "save":
        result.total += n
        result.reflect += n if vs_melee else 0
        return 0, f"+{count(n, 'save')}" + (f", {n} damage back to the attacker" if vs_melee else "")
    if face.sai in ("thornback", "volley") and kind == "dragon":
        result.saves += n
        return 0, f"+{count(n, 'save')}"
    if face.sai == "surge" and kind in ("manoeuvre", "magic"):
        gain = n if kind == "manoeuvre" else 2 * n
        _add(result, kind, key, gain, 0)
        return 0, f"+{gain} {kind}"
    if face.sai == "volley" and kind in ("missile", "save"):
        gain = 2 * n if kind == "missile" else n
        result.total += gain
        return 0, f"+{gain} missile" if kind == "missile" else f"+{count(gain, 'save')}"
    if face.sai == "regrow" and kind != "save":
        return n, f"up to {n} health of dead units rejoin"
    roll = "roll against a dragon" if kind == "dragon" else f"{kind} roll"
    return 0, f"no effect in a {roll}"


def _add(result: RollResult, kind: str, key: str, amount: int, id_saves: int) -> None:
    if kind == "magic":
        result.magic[key] = result.magic.get(key, 0) + amount
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
