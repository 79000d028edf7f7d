"""Population losses chosen by the player: one unit at a time, in a zone its owner picks (the default is the
engine's pick: ordinary units from the biggest stacks)."""

from __future__ import annotations

from rules.base import ActionLog
from rules.genertela import decisions
from rules.genertela.board import BOARD, NATIONS, players_of, remove, units_of
from rules.genertela.casualties import described
from rules.genertela.economy import counts_for_population, population_excess
from rules.genertela.movement import overstacked
from rules.genertela.state import Decision, State
from rules.rng import Rng
from rules.text import count

ALL = "all"  # the population decision's answer that takes every unit over the limit as the engine picks


def ask_loss(state: State, nation: str, log: ActionLog) -> bool:
    """True when the owner must pick the zone of the next loss; with no choice the losses are taken at once."""
    excess = population_excess(state, nation)
    if not excess:
        return False
    counted = [u for u in units_of(state, nation) if counts_for_population(u)]
    zones = list(dict.fromkeys([excess[0].zone, *sorted({u.zone for u in counted})]))
    over = len(excess)
    labels = [f"Lose a unit in {BOARD.zones[zid].name} ({over} over the population limit)" for zid in zones]
    if over > 1 and len(zones) > 1:  # one answer may settle them all, as the engine picks (the default)
        zones, labels = (
            [ALL, *zones],
            [f"Lose all {over} as the engine picks (ordinary units, biggest stacks)", *labels],
        )
    if decisions.ask(state, nation, "population", zones, labels):
        return True
    take_excess(state, nation, log)
    return False


def take_excess(state: State, nation: str, log: ActionLog) -> None:
    """The units over the population limit are lost, as the engine picks them."""
    excess = population_excess(state, nation)
    remove(state, excess)
    if excess:
        lost = described([u.label() for u in excess])
        log.say(
            f"{NATIONS[nation].acts('lose')} {lost} over their population limit.", affects=players_of(state, nation)
        )


def ask_overstack(state: State, nation: str) -> bool:
    """With more than one overstacked zone, the owner picks the one that may hold up to double (the default is the
    engine's pick: where it saves the most units)."""
    lost_anyway = len(overstacked(state, nation, ""))
    zones = list(dict.fromkeys(u.zone for u in overstacked(state, nation, "")))
    zones = [zid for zid in zones if len(overstacked(state, nation, zid)) < lost_anyway]
    if len(zones) < 2:
        return False
    default = {u.uid for u in overstacked(state, nation)}
    best = next(zid for zid in zones if {u.uid for u in overstacked(state, nation, zid)} == default)
    options = [best, *[zid for zid in zones if zid != best]]
    labels = [f"Let {BOARD.zones[zid].name} hold up to double; lose the extra units elsewhere" for zid in options]
    return decisions.ask(state, nation, "overstack", options, labels)


def remove_overstack(state: State, nation: str, double: str | None, log: ActionLog) -> None:
    lost = overstacked(state, nation, double)
    remove(state, lost)
    if lost:
        units = count(len(lost), "overstacked unit")
        log.say(f"{NATIONS[nation].acts('lose')} {units}.", affects=players_of(state, nation))


def _overstack(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    remove_overstack(state, decision.nation, option, log)


def _lose(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    if option == ALL:
        take_excess(state, decision.nation, log)
        return
    here = [u for u in units_of(state, decision.nation, option) if counts_for_population(u)]
    if not here:
        return
    unit = min(here, key=lambda u: (u.kind == "special", u.uid))  # ordinary units go before special ones
    remove(state, [unit])
    lost = described([unit.label()])
    where = f"in {BOARD.zones[option].name} (population limit)"
    log.say(f"{NATIONS[decision.nation].acts('lose')} {lost} {where}.", affects=players_of(state, decision.nation))


# The answers to this module's questions, by decision kind (the engine puts every module's in one table).
ANSWERS: dict[str, decisions.Handler] = {
    "overstack": _overstack,
    "population": _lose,
}
