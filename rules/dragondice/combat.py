"""Manoeuvres, and melee and missile attacks (dragons are in dragons.py)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.base import ActionLog, seat_ref
from rules.dragondice import strikes
from rules.dragondice.abilities import dead_limit, effects_of, fits
from rules.dragondice.content import UNIT_DICE
from rules.dragondice.dice import RollResult, count, face_results, roll_army, spell_saves
from rules.dragondice.model import RESERVE, STAY, Damage, Decision, State, Task
from rules.dragondice.sai import roll_keys
from rules.rng import Rng


def resolve_manoeuvre(state: State, rng: Rng, log: ActionLog) -> None:
    """Marching total must equal or beat every countering army's total; then the direction is revealed."""
    move = state.manoeuvre
    assert move is not None
    state.manoeuvre = None
    terrain = state.terrain(move.terrain)
    success = True
    if move.countering:
        marching = roll_army(state, rng, move.seat, move.terrain, "manoeuvre", log)
        mine = marching.total
        against = []
        for other in move.countering:
            theirs = roll_army(
                state, rng, other, move.terrain, "manoeuvre", log, label="counter-manoeuvre roll", counter=True
            ).total
            if marching.counter_minus:  # Wave, rolled by the marching army (never in a counter-manoeuvre)
                theirs = max(0, theirs - marching.counter_minus)
            against.append(f"{seat_ref(other)}'s {theirs}")
            if theirs > mine:
                success = False
        verdict = "succeeds" if success else "fails"
        log.say(
            f"The manoeuvre at {terrain.name} {verdict}: {seat_ref(move.seat)}'s {mine} manoeuvre against "
            f"{' and '.join(against)} (the marching army must equal or beat each)."
        )
    else:
        log.say(f"Nobody opposes the manoeuvre at {terrain.name}: it succeeds without a roll.")
    log.say(f"{seat_ref(move.seat)} had chosen to turn {terrain.name} {move.direction}.", "reveal")
    if success:
        was = terrain.face
        terrain.face += 1 if move.direction == "up" else -1
        if terrain.face == 8:
            terrain.captured_by = move.seat  # manoeuvring to the 8th face captures it (RULINGS)
            log.say(
                f"{terrain.name} turns from {was} to 8, its eighth face ({terrain.shows()}): "
                f"{seat_ref(move.seat)} captures it."
            )
        else:
            log.say(f"{terrain.name} turns from {was} to {terrain.face} ({terrain.shows()}).")
        state.notes.append(f"{terrain.name} {was} to {terrain.face}")
        _wall_of_thorns(state, rng, log, move.seat, move.terrain)
    state.step = "action"


THORNS = 6  # Wall of Thorns: the damage an army that turns the terrain takes, less its melee results


def _wall_of_thorns(state: State, rng: Rng, log: ActionLog, seat: int, where: str) -> None:
    """Each Wall of Thorns on the terrain: the army that turned it rolls for melee instead of saves and takes 6
    damage less its melee results."""
    for _ in (e for e in state.effects if e.source == "wall_of_thorns" and e.target == where):
        if not state.army(seat, where):
            return
        melee = roll_army(state, rng, seat, where, "melee", log, label="melee roll against the Wall of Thorns").total
        dealt = max(0, THORNS - melee)
        log.say(
            f"Wall of Thorns: {THORNS} damage against {melee} melee → {dealt} damage to {seat_ref(seat)}.",
            affects=(seat,),
        )
        if dealt:
            state.damage.append(Damage(seat, where, dealt, "Wall of Thorns"))


def attack(
    state: State,
    rng: Rng,
    log: ActionLog,
    kind: str,
    seat: int,
    where: str,
    target: int,
    target_where: str,
    counter: bool = False,
    held: tuple[str, ...] = (),
) -> RollResult:
    """A melee or missile attack: the attacker's roll with its SAIs, then the target's save roll, then damage.
    Returns the attacker's roll (Scald on it forbids the counter-attack; Foul Stench keeps units out of it).
    `held`: the attacker's units that may not roll (a counter-attack's units Foul Stench holds)."""
    label = f"counter-attack {kind} roll" if counter else f"{kind} roll"
    rolled = roll_army(state, rng, seat, where, kind, log, label=label, counter=counter, excluded=held)
    hits = rolled.total
    if rolled.outnumber and len(state.army(seat, where)) > len(state.army(target, target_where)):
        hits += rolled.outnumber
        log.say(f"Swarm: {seat_ref(seat)}'s army outnumbers its target and adds {rolled.outnumber} melee.")
    if kind == "missile":
        fog = 6 * sum(1 for e in state.effects if e.source == "wall_of_fog" and e.target == target_where)
        if fog and hits:
            log.say(f"Wall of Fog at {state.terrain(target_where).name} stops {min(fog, hits)} missile results.")
            hits = max(0, hits - fog)
    excluded, charmed = strikes.before_saves(state, rng, log, rolled, target, target_where)
    hits += charmed
    saves = reflect = burn = rolled_saves = lost = 0
    leaving: list[str] = []
    if hits and state.army(target, target_where):
        guarded = roll_army(state, rng, target, target_where, "save", log, vs=kind, excluded=excluded, counter=counter)
        leaving = [p.unit for p in guarded.pending if p.op["op"] == "leave"]
        lost = strikes.after_saves(state, rng, log, rolled, guarded, target, target_where)
        guarded.total += strikes.bash(state, rng, log, rolled, guarded)
        rolled_saves = max(0, guarded.total - lost)
        saves = max(0, rolled_saves - rolled.pierce - rolled.saves_minus)
        reflect, burn = guarded.reflect, guarded.burn
        if rolled.charge:  # the defenders' roll counted melee too: it strikes back instead of a counter-attack
            burn += _charge_melee(state, guarded)
            rolled.no_counter = True
        if kind == "melee" and not counter:
            rolled.stench = _stench(state, log, seat, where, target)
    else:
        strikes.after_saves(state, rng, log, rolled, RollResult(kind="save"), target, target_where)
    cursed, cursed_note = (
        _cursed(state, seat, where, target, target_where, rolled, hits) if kind == "missile" else (0, "")
    )
    total = max(0, hits - saves, cursed) + rolled.unsaveable
    less = rolled.pierce + rolled.saves_minus
    cut = f" ({rolled_saves} rolled, {less} fewer by SAIs)" if hits and less else ""
    what = f"Counter-attack {kind}" if counter else kind.title()
    log.say(
        (
            f"{what}: {count(hits, 'hit')} against {count(saves, 'save')}{cut}"
            if hits
            else f"{what}: 0 hits, so no save roll"
        )
        + (f", plus {rolled.unsaveable} damage no save stops" if rolled.unsaveable else "")
        + cursed_note
        + f" → {total} damage to {seat_ref(target)}."
        + (f" The defenders strike back: {reflect} damage to {seat_ref(seat)}, no save." if reflect else ""),
        affects=(target,),
    )
    if reflect:  # an SAI of the save roll, so it resolves before the saves are counted against the attacker
        state.damage.append(Damage(seat, where, reflect, "Struck back"))
    if burn:
        _burn(state, log, seat, where, burn)
    molten = 2 * sum(
        e.amount for e in state.effects if e.source == "molten_armour" and e.target == f"{target_where}:{target}"
    )
    if kind == "melee" and molten:
        log.say(f"Molten Armour burns the attacker: {molten} damage to {seat_ref(seat)}, no save.")
        state.damage.append(Damage(seat, where, molten, "Molten Armour"))
    if leaving and state.decision is None:  # Vanish: before the casualties, the defender says where they go
        options = [STAY, RESERVE, *(t.id for t in state.terrains if t.id != target_where)]
        state.decision = Decision("vanish", target, target_where, ",".join(leaving), options)
    if total and state.army(target, target_where):
        reason = "Counter-attack" if counter else kind.title()
        state.damage.append(Damage(target, target_where, total, reason, bury=rolled.bury))
        if rolled.bury:
            log.say("Reap: the units this attack kills are buried.")
    strikes.lasting_on_target(state, log, rolled, seat, target, target_where)
    return rolled


def mire(state: State, rng: Rng, log: ActionLog, seat: int, where: str) -> None:
    """Mire: an army starting a march at a terrain under it first rolls for manoeuvre; only units of up to that much
    health roll in the march, manoeuvre and action (the player's pick: the engine takes the largest first while
    they fit, lowest id among equals)."""
    if not any(e.source == "mire" and e.target == where for e in state.effects):
        return
    budget = roll_army(state, rng, seat, where, "manoeuvre", log, label="Mire roll").total
    chosen: list[str] = []
    for unit in sorted(state.army(seat, where), key=lambda u: (-u.health, int(u.id[1:]))):
        if unit.health <= budget:
            chosen.append(unit.id)
            budget -= unit.health
    state.mired = chosen
    names = ", ".join(f"{state.unit(u).name} {u}" for u in chosen) or "none of its units"
    log.say(f"Mire at {state.terrain(where).name}: {seat_ref(seat)}'s army marches with {names} only.")


def _burn(state: State, log: ActionLog, seat: int, where: str, burn: int) -> None:
    """Damage the defenders' roll strikes back with that only the attacking army's spells' saves reduce: Counter,
    Volley, Scorching Touch, and the melee of the combined roll against a Charge."""
    shield = spell_saves(state, seat, where)
    dealt = max(0, burn - shield)
    saved = f"{shield} saved by spells" if shield else "only spells' saves could reduce it"
    log.say(f"The defenders strike back at {seat_ref(seat)} for {burn} ({saved}) → {dealt} damage.", affects=(seat,))
    if dealt:
        state.damage.append(Damage(seat, where, dealt, "Struck back"))


def _charge_melee(state: State, guarded: RollResult) -> int:
    """Charge: the melee results of the army attacked's combined save-and-melee roll. Its ID faces went to the
    saves (the usual choice); an SAI face counts for the saves if it gives any there, else for the melee."""
    melee = 0
    for uid, faces in guarded.faces.items():
        health = state.unit(uid).health
        for face in faces:
            if face.kind == "sai" and face_results(face, health, "save", "melee", with_id=False):
                continue
            melee += face_results(face, health, "melee", with_id=False)
    return melee


def _cursed(
    state: State, seat: int, where: str, target: int, target_where: str, rolled: RollResult, hits: int
) -> tuple[int, str]:
    """Cursed Bullets: against an army at the same terrain, some missile results of the species' units can be
    reduced only by spells' saves (as many as the player has units of the species dead, per 24 points of force).
    Returns the damage those results do whatever else is saved, and the words for the attack's line."""
    if where != target_where or not hits:
        return 0, ""
    by_species: dict[str, int] = {}
    for uid, counted in rolled.counted.items():
        species = UNIT_DICE[state.unit(uid).kind].species
        by_species[species] = by_species.get(species, 0) + max(0, counted)
    cursed, names = 0, []
    for species, results in by_species.items():
        for name, effect in effects_of(species, "spell_saves_only"):
            if effect["roll"] in roll_keys("missile"):
                cursed += min(results, dead_limit(state, seat, species, effect["per_dead"]))
                names.append(name)
    cursed = min(cursed, hits)
    if not cursed:
        return 0, ""
    shield = spell_saves(state, target, target_where)
    return max(
        0, cursed - shield
    ), f" ({' and '.join(names)}: {cursed} of the hits only spells' saves reduce, {shield} such saves)"


def _stench(state: State, log: ActionLog, seat: int, where: str, target: int) -> list[str]:
    """Foul Stench: after its save roll against a melee attack by an army holding the species, the army attacked
    has units that may not counter-attack, as many as the attacker has units of the species dead (per 24 points of
    force). Its player would pick them; the engine picks for them the ones a counter-attack misses least: the
    smallest, lowest id first."""
    species = {UNIT_DICE[u.kind].species for u in state.army(seat, where)}
    held: list[str] = []
    for one in sorted(species):
        for name, effect in effects_of(one, "no_counter_units"):
            count = dead_limit(state, seat, one, effect["per_dead"])
            free = sorted(
                (u for u in state.army(target, where) if u.id not in held), key=lambda u: (u.health, int(u.id[1:]))
            )
            chosen = free[:count]
            if chosen:
                held.extend(u.id for u in chosen)
                names = ", ".join(f"{u.name} {u.id}" for u in chosen)
                log.say(f"{name}: {names} of {seat_ref(target)} may not counter-attack in this action.")
    return held


def queue_melee(
    state: State, seat: int, where: str, target: int, stunned: bool = False, held: list[str] | None = None
) -> None:
    """After the attack's casualties, the defender may counter-attack (not after Scald), then the action ends.
    `held`: the defender's units Foul Stench keeps out of the counter-attack (after a "|" in the task's target)."""
    if not stunned:
        state.tasks.append(Task("counter_attack", target, where, Counter(seat, tuple(held or ())).text()))
    state.tasks.append(Task("end_action", seat))


@dataclass(frozen=True)
class Counter:
    """What a counter-attack task or decision holds in its target: "seat", "seat|held units" (Foul Stench), or
    "seat|held|missile|terrain" for a missile counter-attack (Defensive Volley) on the army at that terrain."""

    seat: int  # the attacker, counter-attacked
    held: tuple[str, ...] = ()  # the defender's units that may not roll
    kind: str = "melee"
    where: str = ""  # the attacker's terrain ("": the defender's own)

    def text(self) -> str:
        parts = [str(self.seat), ",".join(self.held)] + ([self.kind, self.where] if self.kind != "melee" else [])
        return "|".join(parts).rstrip("|")


def counter_target(target: str) -> Counter:
    seat, held, kind, where = [*target.split("|"), "", "", ""][:4]
    return Counter(int(seat), tuple(h for h in held.split(",") if h), kind or "melee", where)


def volley(state: State, seat: int, where: str, target: int, target_where: str) -> Counter | None:
    """Defensive Volley: after a missile attack on an army at a suitable terrain, its units of the species may
    counter-attack with missiles, like a melee counter-attack (only they roll)."""
    army = state.army(target, target_where)
    for species in sorted({UNIT_DICE[u.kind].species for u in army}):
        for _, effect in effects_of(species, "missile_counter"):
            if fits(state, target_where, effect):
                others = tuple(u.id for u in army if UNIT_DICE[u.kind].species != species)
                return Counter(seat, others, "missile", where)
    return None
