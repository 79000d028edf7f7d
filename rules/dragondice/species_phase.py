"""The species abilities phase (the fourth of a turn, after the dragon attacks): the marching player's abilities that
act there (content/abilities.json ops recruit_or_promote, unbury and mutate). Each only helps its player, so the
engine applies it for them and makes the choices it offers: the one it makes is said in /info and the log."""

from __future__ import annotations

from typing import Any

from rules.base import ActionLog, seat_ref
from rules.dragondice.abilities import dead_limit, effects_of, fits
from rules.dragondice.content import UNIT_DICE
from rules.dragondice.damage import gives_save, kill
from rules.dragondice.dice import promote, roll_unit
from rules.dragondice.model import BURIED, DEAD, RESERVE, State, Unit
from rules.rng import Rng

PHASE_OPS = ("recruit_or_promote", "unbury", "mutate")


def has_phase(state: State, seat: int) -> bool:
    """Whether the player fields a species with an ability of this phase (the phase is skipped otherwise)."""
    fielded = {UNIT_DICE[u.kind].species for u in state.units if u.owner == seat}
    return any(effects_of(s, op) for s in fielded for op in PHASE_OPS)


def run(state: State, rng: Rng, log: ActionLog, seat: int) -> None:
    fielded = sorted({UNIT_DICE[u.kind].species for u in state.units if u.owner == seat})
    for species in fielded:
        for name, effect in effects_of(species, "recruit_or_promote"):
            _recruit_or_promote(state, log, seat, species, name, effect)
        for name, effect in effects_of(species, "unbury"):
            _unbury(state, log, seat, species, name, effect)
        for name, effect in effects_of(species, "mutate"):
            _mutate(state, rng, log, seat, species, name, effect["per_dead"])


def _armies_with(state: State, seat: int, species: str) -> list[str]:
    """The terrains where the player has an army holding a unit of the species, in the terrains' order."""
    return [t.id for t in state.terrains if any(UNIT_DICE[u.kind].species == species for u in state.army(seat, t.id))]


def recruit(state: State, seat: int, where: str, species: str, count: int) -> list[Unit]:
    """Up to `count` small (health 1) units of the species move from the dead unit area into the army (published:
    recruiting), the longest dead first."""
    small = [u for u in state.army(seat, DEAD) if UNIT_DICE[u.kind].species == species and u.health == 1]
    moved = sorted(small, key=lambda u: u.died)[:count]
    for unit in moved:
        unit.where = where
    return moved


def _recruit_or_promote(
    state: State, log: ActionLog, seat: int, species: str, name: str, effect: dict[str, Any]
) -> None:
    """Feralization: each army with a unit of the species at a suitable terrain recruits a small unit of it, or,
    with none dead to recruit, promotes one of its units."""
    for where in _armies_with(state, seat, species):
        if not fits(state, where, effect):
            continue
        place = state.terrain(where).name
        moved = recruit(state, seat, where, species, 1)
        if moved:
            log.say(f"{name}: {seat_ref(seat)}'s army at {place} recruits {moved[0].name} {moved[0].id}.")
            continue
        done = promote(state, seat, where, sum(u.health for u in state.army(seat, where)), species, most=1)
        if done:
            log.say(f"{name} promotes {done[0]} at {place}.")


def _unbury(state: State, log: ActionLog, seat: int, species: str, name: str, effect: dict[str, Any]) -> None:
    """Winter's Fortitude: with a unit of the species at a suitable terrain, one buried unit of it (the largest, the
    last to die of those) returns to the dead unit area."""
    if not any(fits(state, w, effect) for w in _armies_with(state, seat, species)):
        return
    buried = [u for u in state.army(seat, BURIED) if UNIT_DICE[u.kind].species == species]
    if buried:
        unit = max(buried, key=lambda u: (u.health, u.died))
        unit.where = DEAD
        log.say(f"{name}: {seat_ref(seat)}'s buried {unit.name} {unit.id} returns to the dead unit area.")


def _mutate(state: State, rng: Rng, log: ActionLog, seat: int, species: str, name: str, per_dead: int) -> None:
    """Mutate: opponents' units in the reserves (as many as the player has units of the species dead, per 24 points
    of force; the largest first) each roll, and die without a save; one army holding the species at a terrain then
    recruits small units of it, then promotes its units, up to the health killed."""
    armies = _armies_with(state, seat, species)
    limit = dead_limit(state, seat, species, per_dead)
    reserves = [u for u in state.units if u.owner != seat and u.where == RESERVE]
    if not armies or not limit or not reserves:
        return
    targets = sorted(reserves, key=lambda u: (-u.health, u.owner, int(u.id[1:])))[:limit]
    killed: list[Unit] = []
    for unit in targets:
        face = roll_unit(rng, unit, f"{name} save")
        dies = not gives_save(face)
        verdict = "no save: it dies" if dies else "a save: it lives"
        log.say(
            f"{name}: {seat_ref(unit.owner)}'s {unit.name} {unit.id} in the reserves rolls {face.label()}, {verdict}.",
            "roll",
            affects=(unit.owner,),
        )
        if dies:
            killed.append(unit)
    if not killed:
        return
    kill(state, killed, rng, log, why=name)
    worth = sum(u.health for u in killed)
    where = max(armies, key=lambda w: sum(u.health for u in state.army(seat, w)))
    place = state.terrain(where).name
    moved = recruit(state, seat, where, species, worth)
    if moved:
        log.say(f"{name}: {seat_ref(seat)}'s army at {place} recruits {', '.join(f'{u.name} {u.id}' for u in moved)}.")
    left = worth - len(moved)
    if left:
        done = promote(state, seat, where, left, species)
        if done:
            log.say(f"{name} promotes {', '.join(done)} at {place}.")
