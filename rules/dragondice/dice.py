"""Rolling an army: one die per unit, faces counted for the roll's kind, SAIs first, then lasting bonuses."""

from __future__ import annotations

from rules.base import ActionLog, seat_ref
from rules.dragondice.abilities import dead_limit, effects_of, fits
from rules.dragondice.content import DRAGON, SAIS, SPECIES, SPELL_LASTING, TERRAINS, UNIT_DICE, Face
from rules.dragondice.dragonkin import auto_saves, is_dragonkin, rolls
from rules.dragondice.model import BURIED, DEAD, SUMMONING, Effect, State, Unit
from rules.dragondice.sai import (
    Pending,
    RollResult,
    amount,
    counts_as,
    declared,
    describe,
    either_kind,
    face_results,
    roll_keys,
)
from rules.rng import Rng

__all__ = ["RollResult", "colour_key", "count", "face_results", "roll_army", "roll_unit"]

# Lasting bonuses on an army: spell/eighth-face/breath id -> (roll kinds it changes, results added per amount).
# Lasting changes to an army's rolls that are not a spell's or an SAI's declared ones (those come from the data,
# content.SPELL_LASTING and the SAIs' "lasting" ops): the Tower's eighth face, results added per roll kind.
ARMY_BONUSES: dict[str, dict[str, int]] = {"tower": {"missile": 1}}
FROZEN = "frozen"  # an Effect on one unit (its id as target): netted, webbed, asleep, stunned or hypnotised


def colour_key(elements: tuple[str, ...] | list[str]) -> str:
    return "+".join(sorted(elements))


def roll_unit(rng: Rng, unit: Unit, why: str) -> Face:
    faces = UNIT_DICE[unit.kind].faces
    return faces[rng.roll(len(faces), 1, why)[0] - 1]


MAX_REROLLS = 10  # a face that rolls again (Rend, Tail...) may keep doing so; this keeps a roll finite


def frozen(state: State, unit: Unit) -> bool:
    """Netted, webbed, asleep, stunned or hypnotised: the unit is not rolled until the effect's caster's turn."""
    return any(e.source == FROZEN and e.target == unit.id for e in state.effects)


def roll_army(
    state: State,
    rng: Rng,
    seat: int,
    where: str,
    kind: str,
    log: ActionLog,
    vs_melee: bool = False,
    label: str = "",
    vs: str = "",
    excluded: tuple[str, ...] = (),
    counter: bool = False,
) -> RollResult:
    """Roll every unit of an army for `kind` (melee, missile, magic, manoeuvre, save or dragon) and show it all:
    each unit's face (an ID with the health it counts), the totals, every SAI with what it did, and the bonuses.
    `vs` is the attack a save roll answers ("melee" or "missile"); `excluded` units do not roll (Charm, Foul
    Stench); `counter`: a counter-attack's melee roll, the save roll against one, or a counter-manoeuvre roll (some
    species abilities count only there, or never there)."""
    vs = vs or ("melee" if vs_melee else "")
    result = RollResult(kind=kind, counter=counter)
    parts: list[str] = []
    sais: list[str] = []
    mired = state.mired if seat == state.turn and where == state.marching else None  # Mire: only these roll
    for unit in sorted(state.army(seat, where), key=lambda u: int(u.id[1:])):
        if (
            unit.id in excluded
            or frozen(state, unit)
            or not rolls(unit, kind)
            or (mired is not None and unit.id not in mired)
        ):
            continue
        before = result.total + result.saves
        shown: list[str] = []
        face = roll_unit(rng, unit, f"{kind} roll")
        for _ in range(MAX_REROLLS):
            result.faces.setdefault(unit.id, []).append(face)
            said, again = _count(result, unit, face, kind, vs)
            shown.append(f"ID ({unit.health})" if face.kind == "id" else face.label())
            if face.kind == "sai":
                sais.append(f"{face.label()} ({unit.id}) {said}")
            if not again:
                break
            face = roll_unit(rng, unit, f"{kind} roll (again)")
        shown[-1] += _dragonkin_saves(result, unit, face, kind)
        result.counted[unit.id] = result.total + result.saves - before
        parts.append(f"{unit.name} {unit.id}: {' then '.join(shown)}")
    notes = _rerolled(state, rng, where, kind, vs, result, counter)
    notes.extend(_abilities(state, seat, where, kind, vs, result, counter))
    notes.extend(_spell_hooks(state, rng, seat, where, kind, result, counter))
    notes.extend(_apply_bonuses(state, seat, where, kind, result))
    notes.extend(_after_roll(state, seat, where, kind, result))
    place = "in the reserves" if where == "reserve" else f"at {state.terrain(where).name}"
    what = label or f"{kind} roll"
    summary = _summary(result, kind)
    extra = f". SAIs: {'; '.join(sais)}" if sais else ""
    extra += f" ({'; '.join(notes)})" if notes else ""
    log.say(f"{seat_ref(seat)}'s army {place}, {what}: {', '.join(parts)} → {summary}{extra}", "roll")
    return result


def _count(result: RollResult, unit: Unit, face: Face, kind: str, vs: str) -> tuple[str, bool]:
    """Add one face to the result. For an SAI, returns what it did in this roll (shown to everyone, 'no effect'
    included) and whether the unit rolls again; what acts after the roll is kept on the result as Pending."""
    die = UNIT_DICE[unit.kind]
    key = colour_key(die.elements)
    if face.kind == "id":
        _add(result, kind, key, die.health, die.health, die.species)
        return "", False
    if face.kind != "sai":
        if kind == "dragon":
            land = counts_as(kind, face.kind)
            if land == "total":
                result.total += face.amount
            elif land == "saves":
                result.saves += face.amount
        elif face.kind == kind:
            _add(result, kind, key, face.amount, 0, die.species)
        return "", False
    ops = declared(face.sai, kind, vs)
    if ops is None:
        roll = "roll against a dragon" if kind == "dragon" else f"{kind} roll"
        return f"no effect in a {roll}", False
    said: list[str] = []
    again = False
    for op in ops:
        if op.get("not_counter") and result.counter:
            said.append("not in a counter-attack")
            continue
        n = amount(op, face.amount)
        name = op["op"]
        if name in ("add", "either"):
            wanted = op["kind"] if name == "add" else either_kind(kind, op["kinds"])
            wanted = ("melee" if kind == "dragon" else kind) if wanted == "rolled" else wanted
            if wanted == "magic" and kind == "magic":
                _add(result, kind, key, n, 0, die.species)
            elif wanted is not None:
                land = counts_as(kind, wanted)
                if land is None:
                    continue
                setattr(result, land, getattr(result, land) + n)
        elif name == "reroll":
            again = True
        elif name in (
            "unsaveable",
            "reflect",
            "burn",
            "saves_minus",
            "pierce",
            "outnumber",
            "cantrip",
            "counter_minus",
        ):
            setattr(result, name, getattr(result, name) + n)
        elif name == "no_counter":
            result.no_counter = True
        elif name == "combined_save":
            result.charge = True
        elif name == "bury_kills":
            result.bury = True
        else:
            result.pending.append(Pending(op, n, unit.id, face.sai))
        said.append(describe(op, n, kind))
    return ", ".join(s for s in said if s) or f"nothing counted in a {kind} roll", again


def _dragonkin_saves(result: RollResult, unit: Unit, face: Face, kind: str) -> str:
    """A rolled Dragonkin's automatic saves (its health, none on its Belly) join a save roll or the saves of a
    roll against a dragon; the last face it showed decides."""
    saves = auto_saves(unit, face) if kind in ("save", "dragon") else 0
    if not saves:
        return ""
    if kind == "dragon":
        result.saves += saves
    else:
        result.total += saves
    return f" (+{saves} automatic saves)"


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
    """Lasting effects on this army (or on every army at its terrain): spells' and SAIs' declared roll changes,
    the eighth faces, and a dragon's breath halving a kind of result."""
    notes: list[str] = []
    army_key = f"{where}:{seat}"
    for effect in state.effects:
        here = effect.target in (army_key, where)
        if here and effect.source in SPELL_LASTING:
            notes.extend(_mods(result, kind, SPELL_LASTING[effect.source], effect.amount, _label(effect.source)))
        elif effect.target == army_key and effect.source in ARMY_BONUSES:
            notes.extend(_mods(result, kind, ARMY_BONUSES[effect.source], effect.amount, _label(effect.source)))
        elif effect.target == army_key and effect.source == "standing_stones" and kind == "magic":
            key = colour_key(TERRAINS[state.terrain(where).kind].elements)
            result.magic[key] = result.magic.get(key, 0) + effect.amount
            notes.append(f"+{effect.amount} magic ({key}) from the Standing Stones")
        elif effect.target == army_key and effect.source in SAIS:
            notes.extend(_lasting_sai(result, kind, effect))
        elif effect.target == army_key and effect.source.endswith(BREATH):
            notes.extend(_breath(state, result, kind, effect.source.removesuffix(BREATH)))
    return notes


BREATH = "_breath"  # a dragon's breath on an army: "<colour>_breath" (dragons.py lays it)


def _breath(state: State, result: RollResult, kind: str, colour: str) -> list[str]:
    """A breath halves one kind of result of the army (rounded down), or leaves its ID faces counting nothing."""
    breath = DRAGON.breath.get(colour)
    if breath is None or not breath.halves or kind == "dragon":  # the army rolls against the dragon as it breathes
        return []
    name = f"{colour.title()} Breath"
    if breath.halves == "id":
        lost = sum(state.unit(uid).health for uid, faces in result.faces.items() for f in faces if f.kind == "id")
        if not lost or kind == "magic":
            return []
        result.total = max(0, result.total - lost)
        return [f"ID faces count nothing under {name} (-{lost})"]
    if breath.halves != kind:
        return []
    result.total //= 2
    return [f"{breath.halves} halved by {name}"]


def _mods(result: RollResult, kind: str, mods: dict[str, int], times: int, name: str) -> list[str]:
    """Results added (or lost) per roll kind, "all" for every roll; a roll against a dragon counts melee and saves."""
    notes: list[str] = []
    for part in ("melee", "save") if kind == "dragon" else (kind,):
        per = mods.get(part, mods.get("all", 0))
        if per:
            _shift(result, kind, part, per * times)
            notes.append(f"{per * times:+d} {part} from {name}")
    return notes


def lasting_op(sai: str) -> dict[str, object] | None:
    """The lasting effect an SAI declares (Wither, Galeforce, Frost Breath, Cloak, Hex, Bay), if it has one."""
    for ops in SAIS[sai].rolls.values():
        for op in ops:
            if op["op"] == "lasting":
                return op
    return None


def _lasting_sai(result: RollResult, kind: str, effect: Effect) -> list[str]:
    """An SAI's lasting effect on this army: results added or lost per roll kind ("all": every roll), or halved."""
    op = lasting_op(effect.source)
    if op is None:
        return []
    name = SAIS[effect.source].name
    mods = op.get("mods") or {}
    assert isinstance(mods, dict)
    notes = _mods(result, kind, mods, effect.amount, name)
    if op.get("halve"):
        result.total //= 2
        result.saves //= 2
        result.magic = {k: n // 2 for k, n in result.magic.items()}
        notes.append(f"halved by {name}")
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


def _after_roll(state: State, seat: int, where: str, kind: str, result: RollResult) -> list[str]:
    """The SAI ops that act once every unit has rolled and on the rolling army's own side: units rejoining or
    promoted, opponents' dead buried, lasting effects on this army or the opposing ones here, the army's manoeuvre
    counted as melee, a species' results doubled. What strikes the army attacked stays pending for the attack."""
    notes: list[str] = []
    kept: list[Pending] = []
    for item in result.pending:
        name = item.op["op"]
        if name == "recover":
            notes.append(recover(state, seat, where, item.amount, SAIS[item.sai].name))
        elif name == "promote":
            notes.append(promote_health(state, seat, where, item.amount, SAIS[item.sai].name))
        elif name == "scavenge":
            notes.append(_scavenge(state, seat, item.amount))
        elif name == "army_count_as":
            gain = sum(  # an ID face already counts as the roll's kind: only icons and SAIs are counted again
                face_results(face, state.unit(uid).health, item.op["from"], with_id=False)
                for uid, faces in result.faces.items()
                for face in faces
            )
            result.total += gain
            notes.append(f"{SAIS[item.sai].name}: +{gain} {item.op['as']} from the army's {item.op['from']}")
        elif name == "double":
            notes.append(_double(state, item, result))
        elif name == "lasting" and item.op["on"] in ("own", "opposing_here"):
            notes.append(_lasting_here(state, seat, where, item))
        else:
            kept.append(item)
    result.pending = kept
    return notes


def recover(state: State, seat: int, where: str, health: int, why: str) -> str:
    """Up to `health` of the seat's dead units rejoin the army: largest first that still fit, longest dead first."""
    back: list[str] = []
    left = health
    for unit in sorted(state.army(seat, DEAD), key=lambda u: (-u.health, u.died)):
        if unit.health <= left:
            unit.where = where
            left -= unit.health
            back.append(f"{unit.name} {unit.id}")
    return f"{why} returns {', '.join(back)}" if back else f"{why} finds no dead unit small enough"


def promote_health(state: State, seat: int, where: str, health: int, why: str) -> str:
    """An SAI's promotion of up to `health` of the army (see `promote`), in words for the roll's line."""
    done = promote(state, seat, where, health)
    return f"{why} promotes {', '.join(done)}" if done else f"{why} finds no unit to promote"


def promote(state: State, seat: int, where: str, health: int, species_only: str = "", most: int = 0) -> list[str]:
    """Promote up to `health` of the army: a unit swaps with a dead unit of its species one health larger (the
    smallest units first, lowest id first; the most recently killed larger unit). `species_only`: only units of that
    species; `most`: at most that many units. Returns each promotion, "<unit> to <unit>"."""
    done: list[str] = []
    left = health
    for unit in sorted(state.army(seat, where), key=lambda u: (u.health, int(u.id[1:]))):
        species = UNIT_DICE[unit.kind].species
        if unit.health > left or (species_only and species != species_only) or (most and len(done) >= most):
            continue
        whence = SUMMONING if is_dragonkin(unit) else DEAD  # a Dragonkin is promoted from the summoning pool
        bigger = [
            u for u in state.army(seat, whence) if UNIT_DICE[u.kind].species == species and u.health == unit.health + 1
        ]
        if not bigger:
            continue
        grown = max(bigger, key=lambda u: u.died)
        grown.where, unit.where = where, whence
        left -= unit.health
        done.append(f"{unit.name} {unit.id} to {grown.name} {grown.id}")
    return done


def _double(state: State, item: Pending, result: RollResult) -> str:
    """Trumpet: units of one species count again what they counted in this roll (of the kinds named)."""
    if result.kind not in (*item.op["kinds"], "dragon"):
        return ""
    gain = sum(n for uid, n in result.counted.items() if UNIT_DICE[state.unit(uid).kind].species == item.op["species"])
    result.total += gain
    species = SPECIES[item.op["species"]].name if item.op["species"] in SPECIES else item.op["species"]
    return f"{SAIS[item.sai].name}: +{gain} from {species} units"


def _lasting_here(state: State, seat: int, where: str, item: Pending) -> str:
    """A lasting effect on the rolling army itself ("own") or on every opposing army at its terrain."""
    name = SAIS[item.sai].name
    if item.op["on"] == "own":
        state.effects.append(Effect(item.sai, seat, f"{where}:{seat}", item.amount))
        return f"{name}: this army's rolls change until {seat_ref(seat)}'s next turn"
    if where not in {t.id for t in state.terrains}:
        return f"{name} has no effect in the reserves"
    others = [s for s in state.seats_at(where) if s != seat]
    for other in others:
        state.effects.append(Effect(item.sai, seat, f"{where}:{other}", item.amount))
    if not others:
        return f"{name} finds no opposing army here"
    return f"{name}: {' and '.join(seat_ref(s) for s in others)} affected here until the next turn"


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


def _spell_hooks(
    state: State, rng: Rng, seat: int, where: str, kind: str, result: RollResult, counter: bool
) -> list[str]:
    """Spells on this army that change how its dice count: Necromantic Wave (magic counts as melee or missile),
    Berserker Rage (Feral saves count as melee in a counter-attack), Wilding (one unit's melee and saves count
    twice) and Flashfire (one unit that counted nothing rolls again; the engine picks it for the owner)."""
    army_key = f"{where}:{seat}"
    on = {e.source for e in state.effects if e.target == army_key}
    notes: list[str] = []
    if "flashfire" in on and kind != "manoeuvre":
        blank = [uid for uid in result.faces if _blank(result, uid)]
        if blank:
            notes.append(_roll_again(rng, result, state.unit(blank[0]), kind, "", "Flashfire"))
    if "necromantic_wave" in on and kind in ("melee", "missile"):
        gain = sum(
            face_results(f, state.unit(uid).health, "magic", with_id=False)
            for uid, faces in result.faces.items()
            for f in faces
        )
        if gain:
            result.total += gain
            notes.append(f"Necromantic Wave: +{gain} {kind} from magic results")
    if "berserker_rage" in on and kind == "melee" and counter:
        gain = sum(
            face_results(f, state.unit(uid).health, "save", with_id=False)
            for uid, faces in result.faces.items()
            if UNIT_DICE[state.unit(uid).kind].species == "feral"
            for f in faces
        )
        if gain:
            result.total += gain
            notes.append(f"Berserker Rage: +{gain} melee from Feral saves")
    if "wilding" in on and kind in ("melee", "save", "dragon") and result.counted:
        best = max(result.counted.values())
        if best > 0:
            result.total += best
            notes.append(f"Wilding: one unit's {best} counted twice")
    return notes


def _abilities(state: State, seat: int, where: str, kind: str, vs: str, result: RollResult, counter: bool) -> list[str]:
    """Species abilities (content/abilities.json) at a roll: units of the species count one kind of result as another
    at a terrain of certain elements (Coastal Dodge, Mountain Mastery...); the Amazons' magic takes the colours of the
    terrain they stand on (Terrain Harmony); Undead rolling magic add one more (Bone Magic); Scalders' saves burn the
    attacker (Scorching Touch)."""
    keys = _ability_keys(kind, vs, counter)
    notes: list[str] = []
    if kind == "magic":
        notes.extend(_extra_magic(state, seat, result))
    if where not in {t.id for t in state.terrains}:
        return notes
    elements = set(TERRAINS[state.terrain(where).kind].elements)
    for uid, faces in result.faces.items():
        die = UNIT_DICE[state.unit(uid).kind]
        for name, _ in effects_of(die.species, "terrain_magic") if kind == "magic" else ():
            moved = result.magic.pop(colour_key(die.elements), 0)
            if moved:
                key = colour_key(sorted(elements))
                result.magic[key] = result.magic.get(key, 0) + moved
                notes.append(f"{name}: {moved} magic of {key.replace('+', ' and ')}")
        for name, effect in (*effects_of(die.species, "count_as"), *effects_of(die.species, "strike_back")):
            if effect["roll"] not in keys or (counter and effect.get("not_counter")) or not fits(state, where, effect):
                continue
            if effect["op"] == "strike_back":  # every save result the unit rolled, its ID included
                burn = sum(face_results(f, die.health, "save") for f in faces)
                result.burn += burn
                notes.append(f"{name}: {die.name} {uid} burns the attacker for {burn}" if burn else "")
                continue
            gain = sum(face_results(f, die.health, effect["from"], with_id=False) for f in faces)
            land = counts_as(kind, effect["as"])
            if gain and land:
                setattr(result, land, getattr(result, land) + gain)
                notes.append(f"{name}: {die.name} {uid} +{gain} {effect['as']}")
    return [n for n in notes if n]


def _rerolled(state: State, rng: Rng, where: str, kind: str, vs: str, result: RollResult, counter: bool) -> list[str]:
    """Rapid Growth: units of the species that rolled no SAI are rolled once more, together, and the new faces stand.
    The player picks which; the engine rerolls for them those whose face counted nothing (a reroll cannot lose)."""
    keys = _ability_keys(kind, vs, counter)
    again: list[tuple[str, Unit]] = []
    for uid in result.faces:
        unit = state.unit(uid)
        for name, effect in effects_of(UNIT_DICE[unit.kind].species, "reroll_blank"):
            if set(effect["rolls"]) <= keys and fits(state, where, effect) and _blank(result, uid):
                again.append((name, unit))
    return [_roll_again(rng, result, unit, kind, vs, name) for name, unit in again]


def _ability_keys(kind: str, vs: str, counter: bool) -> set[str]:
    """The roll keys a species ability may name for this roll: an SAI's, and "counter" in a counter's rolls."""
    return {*roll_keys(kind, vs), *(("counter",) if counter else ())}


def _blank(result: RollResult, uid: str) -> bool:
    """The unit's face counted nothing in this roll and was no SAI: what a reroll that cannot lose takes."""
    return result.counted.get(uid) == 0 and result.faces[uid][-1].kind != "sai"


def _roll_again(rng: Rng, result: RollResult, unit: Unit, kind: str, vs: str, why: str) -> str:
    """Roll one unit of the roll once more (Flashfire, Rapid Growth): the new face counts, the old one counted
    nothing. Returns the words for the roll's line."""
    face = roll_unit(rng, unit, f"{why}: rolled again")
    result.faces[unit.id].append(face)
    before = result.total + result.saves
    _count(result, unit, face, kind, vs)
    result.counted[unit.id] = result.total + result.saves - before
    return f"{why}: {unit.name} {unit.id} rolls again, {face.label()}"


def _extra_magic(state: State, seat: int, result: RollResult) -> list[str]:
    """Bone Magic: each unit of the species that rolled a magic result other than its ID adds one magic of its
    colours, as many as the player has units of the species dead (the limit per 24 points of force)."""
    notes: list[str] = []
    by_species: dict[str, list[Unit]] = {}
    for uid, faces in result.faces.items():
        unit = state.unit(uid)
        if any(face_results(f, unit.health, "magic", with_id=False) for f in faces):
            by_species.setdefault(UNIT_DICE[unit.kind].species, []).append(unit)
    for species, units in by_species.items():
        for name, effect in effects_of(species, "extra_magic"):
            added = units[: dead_limit(state, seat, species, effect["per_dead"])]
            for unit in added:
                key = colour_key(UNIT_DICE[unit.kind].elements)
                result.magic[key] = result.magic.get(key, 0) + 1
            if added:
                notes.append(f"{name}: +{len(added)} magic ({', '.join(u.id for u in added)})")
    return notes


def negate_magic(state: State, rng: Rng, log: ActionLog, seat: int, where: str, result: RollResult) -> None:
    """Magic Negation: when a player's army takes a magic action at a terrain, each opponent's units there of a
    species with the ability roll; their magic results (IDs included) come off the magic rolled, the largest colour
    first, as many as that opponent has units of the species dead (per 24 points of force). Always rolled: it only
    helps its player."""
    if where not in {t.id for t in state.terrains}:
        return
    for other in state.seats_at(where):
        units = [u for u in state.army(other, where) if u.owner != seat and not frozen(state, u)]
        for species in sorted({UNIT_DICE[u.kind].species for u in units}):
            for name, effect in effects_of(species, "negate_magic"):
                limit = dead_limit(state, other, species, effect["per_dead"])
                rollers = [u for u in units if UNIT_DICE[u.kind].species == species]
                if not limit or not rollers:
                    continue
                faces = [(u, roll_unit(rng, u, f"{name} roll")) for u in rollers]
                rolled = sum(face_results(f, u.health, "magic") for u, f in faces)
                taken = min(rolled, limit, sum(result.magic.values()))
                _shift(result, "magic", "magic", -taken)
                shown = ", ".join(f"{u.name} {u.id}: {f.label()}" for u, f in faces)
                log.say(
                    f"{name}: {seat_ref(other)}'s {shown} → {rolled} magic, at most {limit}: "
                    f"{seat_ref(seat)} loses {taken} magic.",
                    "roll",
                    affects=(seat,),
                )


def spell_saves(state: State, seat: int, where: str) -> int:
    """The saves spells on an army give it in a save roll (Stoneskin...): all that reduces damage only spells' saves
    may reduce (Scorching Touch, Cursed Bullets)."""
    result = RollResult(kind="save")
    for effect in state.effects:
        if effect.target in (f"{where}:{seat}", where) and effect.source in SPELL_LASTING:
            _mods(result, "save", SPELL_LASTING[effect.source], effect.amount, _label(effect.source))
    return max(0, result.total)


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
        text += f", {result.unsaveable} damage no save stops"
    if result.pierce:
        text += f", the target's saves -{result.pierce}"
    if result.saves_minus:
        text += f", the target counts {result.saves_minus} fewer saves"
    if result.reflect:
        text += f", {result.reflect} damage back to the attacker"
    return text
