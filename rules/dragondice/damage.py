"""Casualties (RULINGS, Dragon Dice): the defender picks who dies; each dead unit uses up its health in damage,
and damage left over that is smaller than every survivor's health is lost."""

from __future__ import annotations

from rules.base import ActionLog, RuleError, seat_ref
from rules.dragondice.abilities import fits, unit_effects
from rules.dragondice.content import SAIS, UNIT_DICE, Face
from rules.dragondice.dice import face_results, roll_unit
from rules.dragondice.dragonkin import is_dragonkin
from rules.dragondice.model import BURIED, DEAD, RESERVE, SUMMONING, Damage, State, Unit
from rules.rng import Rng


def is_valid(army: list[Unit], killed: list[Unit], amount: int) -> bool:
    used = sum(u.health for u in killed)
    survivors = [u for u in army if u not in killed]
    return used <= amount and (not survivors or amount - used < min(u.health for u in survivors))


def casualty_sets(army: list[Unit], amount: int) -> list[list[Unit]]:
    """Every valid casualty set, identical dice merged (which of two equal dice dies makes no difference).

    A search over how many of each kind die that drops a branch as soon as it cannot end valid (too much health
    used, or too little left to bring the leftover under a survivor's health): trying every combination took
    most of a second for a whole force in one army."""
    groups: dict[str, list[Unit]] = {}
    for unit in sorted(army, key=lambda u: int(u.id[1:])):
        groups.setdefault(unit.kind, []).append(unit)
    kinds = sorted(groups)
    health = [groups[k][0].health for k in kinds]
    rest = [sum(len(groups[k]) * h for k, h in zip(kinds[i:], health[i:], strict=True)) for i in range(len(kinds))]
    sets: list[list[Unit]] = []
    counts: list[int] = []

    def search(index: int, used: int, smallest: int) -> None:
        """`smallest`: the least health among survivors so far (0: none yet)."""
        if smallest and used + rest[index] <= amount - smallest:
            return  # even killing everything left cannot bring the leftover under that survivor's health
        if index == len(kinds):
            if not smallest or amount - used < smallest:
                sets.append([u for k, c in zip(kinds, counts, strict=True) for u in groups[k][:c]])
            return
        size, units = health[index], len(groups[kinds[index]])
        for count in range(units + 1):
            if used + count * size > amount:
                break
            survivor = size if count < units else 0
            counts.append(count)
            search(index + 1, used + count * size, min(smallest or survivor, survivor or smallest))
            counts.pop()

    rest.append(0)
    search(0, 0, 0)
    sets.sort(key=lambda s: (sum(u.health for u in s), len(s), [u.id for u in s]))
    return sets


def kill(
    state: State, units: list[Unit], rng: Rng, log: ActionLog, bury: bool = False, why: str = "the death breath"
) -> None:
    """Units go to the dead unit area; under Soiled Ground each rolls a save or is buried instead. A killed
    Dragonkin goes back to its owner's summoning pool unless one effect kills and buries it at once (published);
    Dragonkin left alone in an army go back to the pool too."""
    armies = {(unit.owner, unit.where) for unit in units}
    swaps = [u for u in state.units if u.where == DEAD]  # exchanges with the dead happen at once: the dead before
    for unit in units:
        if is_dragonkin(unit) and not bury:
            unit.where = SUMMONING
            log.say(f"{unit.name} {unit.id} returns to {seat_ref(unit.owner)}'s summoning pool.")
            continue
        if is_dragonkin(unit):  # buried, but never "most recently killed" (it never reaches the dead unit area)
            unit.where = BURIED
            log.say(f"{unit.name} {unit.id} is buried by {why}.")
            continue
        if _rises(unit, rng, log, 2 if bury else 1):  # killed and buried at once: a roll for each
            continue
        if bury and _exchanged(state, unit, swaps, log):
            continue
        if bury:
            state.deaths += 1
            unit.where, unit.died = BURIED, state.deaths
            log.say(f"{unit.name} {unit.id} is buried by {why}.")
            continue
        if _spared(state, unit, log) or _replanted(state, unit, rng, log) or _exchanged(state, unit, swaps, log):
            continue
        soiled = any(e.source == "soiled_ground" and e.target == unit.where for e in state.effects)
        state.deaths += 1
        unit.where = DEAD
        unit.died = state.deaths
        if soiled:
            face = roll_unit(rng, unit, "Soiled Ground save")
            saved = gives_save(face)
            log.say(
                f"Soiled Ground: {unit.name} {unit.id} rolls {face.label()} → {'dead' if saved else 'buried'}.", "roll"
            )
            if not saved:
                unit.where = BURIED
    for seat, where in sorted(armies):
        _dragonkin_alone(state, seat, where, log)


def _dragonkin_alone(state: State, seat: int, where: str, log: ActionLog) -> None:
    """An army left with Dragonkin only is gone: they go back to their owner's summoning pool (published)."""
    army = state.army(seat, where) if where not in (DEAD, BURIED, SUMMONING) else []
    if army and all(is_dragonkin(u) for u in army):
        for unit in army:
            unit.where = SUMMONING
        names = ", ".join(f"{u.name} {u.id}" for u in army)
        log.say(
            f"Only Dragonkin are left in {seat_ref(seat)}'s army at {place_name(state, where)}: {names} go back "
            "to the summoning pool."
        )


def _rises(unit: Unit, rng: Rng, log: ActionLog, chances: int) -> bool:
    """An SAI declared for "killed" (Rise from the Ashes): the dying unit rolls; on that face it goes to the
    reserves instead."""
    rising = [f.sai for f in UNIT_DICE[unit.kind].faces if f.kind == "sai" and "killed" in SAIS[f.sai].rolls]
    if not rising:
        return False
    for _ in range(chances):
        face = roll_unit(rng, unit, f"{SAIS[rising[0]].name} roll")
        if face.kind == "sai" and face.sai in rising:
            unit.where = RESERVE
            log.say(f"{unit.name} {unit.id} rolls {face.label()}: it rises to the reserves instead.", "roll")
            return True
        log.say(f"{unit.name} {unit.id} rolls {face.label()}: it does not rise.", "roll")
    return False


def _replanted(state: State, unit: Unit, rng: Rng, log: ActionLog) -> bool:
    """Replanting (a species ability): a killed unit at a terrain of the right elements rolls before it goes to the
    dead unit area; on its ID face it goes to the reserves instead."""
    for name, effect in unit_effects(unit, "killed_roll"):
        if fits(state, unit.where, effect):
            face = roll_unit(rng, unit, f"{name} roll")
            saved = face.kind == effect["face"]
            log.say(
                f"{name}: {unit.name} {unit.id} rolls {face.label()}: "
                + ("it goes to the reserves instead." if saved else "it dies."),
                "roll",
            )
            if saved:
                unit.where = RESERVE
                return True
    return False


def _exchanged(state: State, unit: Unit, swaps: list[Unit], log: ActionLog) -> bool:
    """Stepped Damage (a species ability): instead of dying, the unit swaps with a smaller unit of its species from
    the dead unit area (the largest there, the most recently killed of those; the swap is always taken: it keeps
    health in the army). Exchanged units are not killed: the one that leaves keeps its place in the order of death.
    `swaps` is the dead unit area as it was before this kill, each unit used once."""
    abilities = unit_effects(unit, "exchange_dead")
    if not abilities:
        return False
    species = UNIT_DICE[unit.kind].species
    smaller = [
        u
        for u in swaps
        if u.owner == unit.owner and u.where == DEAD and UNIT_DICE[u.kind].species == species and u.health < unit.health
    ]
    if not smaller:
        return False
    other = max(smaller, key=lambda u: (u.health, u.died))
    swaps.remove(other)
    other.where, unit.where = unit.where, DEAD
    name = abilities[0][0]
    log.say(f"{name}: {unit.name} {unit.id} is exchanged for {other.name} {other.id} from the dead instead of dying.")
    return True


def _spared(state: State, unit: Unit, log: ActionLog) -> bool:
    """Spells on the unit's army that keep a killed unit out of the dead unit area: Open Grave sends it to the
    reserves; Accelerated Growth swaps a Treefolk of health 2 or more for a health-1 Treefolk from the dead unit
    area (the swap is always taken: it keeps a unit in the army)."""
    army = f"{unit.where}:{unit.owner}"
    on = {e.source for e in state.effects if e.target == army}
    if "open_grave" in on:
        unit.where = RESERVE
        log.say(f"Open Grave: {unit.name} {unit.id} goes to the reserves instead of dying.")
        return True
    if "accelerated_growth" in on and UNIT_DICE[unit.kind].species == "treefolk" and unit.health >= 2:
        sapling = next(
            (u for u in state.army(unit.owner, DEAD) if UNIT_DICE[u.kind].species == "treefolk" and u.health == 1), None
        )
        if sapling is not None:
            sapling.where = unit.where
            state.deaths += 1
            unit.where, unit.died = DEAD, state.deaths
            log.say(f"Accelerated Growth: {sapling.name} {sapling.id} takes the place of {unit.name} {unit.id}.")
            return True
    return False


def gives_save(face: Face) -> bool:
    """Whether a single die face makes at least one save result (its ID, a save icon, or an SAI adding saves)."""
    return face_results(face, 1, "save") > 0


def place_name(state: State, where: str) -> str:
    return "the reserves" if where == "reserve" else state.terrain(where).name


def settle(state: State, rng: Rng, log: ActionLog) -> bool:
    """Apply queued damage that leaves no choice; True while a casualty decision is awaited."""
    while state.damage:
        hit = state.damage[0]
        army = state.army(hit.seat, hit.where)
        sets = casualty_sets(army, hit.amount) if army else [[]]
        if len(sets) > 1:
            return True
        state.damage.pop(0)
        _report(state, log, hit, sets[0])
        kill(state, sets[0], rng, log, hit.bury)
    return False


def choose(state: State, seat: int, unit_ids: list[str], rng: Rng, log: ActionLog) -> None:
    """The damaged player's choice of casualties; validated fully before anything moves."""
    hit = state.damage[0]
    army = state.army(hit.seat, hit.where)
    by_id = {u.id: u for u in army}
    if len(set(unit_ids)) != len(unit_ids):
        raise RuleError("Name each unit once in your casualties.")
    unknown = [uid for uid in unit_ids if uid not in by_id]
    if unknown:
        raise RuleError(
            f"{', '.join(unknown)} not in your army at {place_name(state, hit.where)}; "
            f"its units are {', '.join(f'{u.id} ({u.name}, health {u.health})' for u in army)}."
        )
    killed = [by_id[uid] for uid in unit_ids]
    if not is_valid(army, killed, hit.amount):
        sets = casualty_sets(army, hit.amount)[:5]
        valid = "; ".join(f"{','.join(u.id for u in s)} ({casualty_label(s, hit.amount)})" for s in sets)
        raise RuleError(
            f"Those casualties do not fit {hit.amount} damage: the dead must use up no more health than the damage, "
            f"and what is left must be smaller than every survivor's health. Valid sets, cheapest first: {valid}."
        )
    state.damage.pop(0)
    _report(state, log, hit, killed)
    kill(state, killed, rng, log, hit.bury)


def _report(state: State, log: ActionLog, hit: Damage, killed: list[Unit]) -> None:
    place = place_name(state, hit.where)
    if not killed:
        log.say(
            f"{hit.reason}: {hit.amount} damage to {seat_ref(hit.seat)} at {place} kills nobody.", affects=(hit.seat,)
        )
        return
    names = ", ".join(f"{u.name} {u.id}" for u in killed)
    lost = hit.amount - sum(u.health for u in killed)
    tail = f"; {lost} damage is lost" if lost else ""
    where = "" if all(is_dragonkin(u) for u in killed) else " to the dead unit area"
    log.say(f"{hit.reason}: {seat_ref(hit.seat)} loses {names} at {place}{where}{tail}.", affects=(hit.seat,))
    state.notes.append(f"{seat_ref(hit.seat)} -{sum(u.health for u in killed)} at {place}")


def casualty_label(killed: list[Unit], amount: int) -> str:
    """A short label for one set: 'Anvil Guard (3) + Cinder Scout (1) x2: 5 of 5 damage' (health in brackets)."""
    if not killed:
        return f"Nobody dies: the {amount} damage is lost"[:100]
    counts: dict[str, list[Unit]] = {}
    for unit in sorted(killed, key=lambda u: (-u.health, u.name)):  # largest first, then by name
        counts.setdefault(unit.kind, []).append(unit)
    parts = [
        f"{units[0].name} ({units[0].health})" + (f" x{len(units)}" if len(units) > 1 else "")
        for units in counts.values()
    ]
    used = sum(u.health for u in killed)
    tail = f": {used} of {amount} damage"
    names = " + ".join(parts)
    if len(names) + len(tail) > 100:  # Discord's limit for a menu option or a button
        names = names[: 99 - len(tail)] + "…"
    return names + tail
