"""What submission means between the battles: tribute, subject troops, the overlord's leave to pass, the attacker
withdrawing after a submission, and the overlord counting its subjects' zones."""

from __future__ import annotations

from rules.base import ActionLog
from rules.genertela import decisions
from rules.genertela.board import BOARD, NATIONS, controlled, partial_bond, seat_of, units_of
from rules.genertela.casualties import unit_count
from rules.genertela.economy import UNIT_COST, scoring_points
from rules.genertela.reinforce import add_unit
from rules.genertela.state import Battle, Decision, State, Unit
from rules.rng import Rng
from rules.text import count

TROOP_SHARE = 4  # the overlord may demand up to a quarter of the subject's units (at least 1)


def subjects_of(state: State, overlord: str) -> list[str]:
    return [subject for subject, lord in state.overlords.items() if lord == overlord]


# --- right after a submission ---------------------------------------------------------------------------------


def after_submission(state: State, battle: Battle, log: ActionLog, partial: bool = False) -> None:
    """The overlord lets its subject through its zones (default) or not; the attacker may withdraw its units from
    the subject's zone to any zone of its own. The battles go on once both are answered. (A partial submission
    has no leave to ask: the subject's other zones stay independent.)"""
    subject, overlord = battle.defender, battle.attacker
    if not partial:
        if subject not in state.politics.passage:
            state.politics.passage.append(subject)
        _ask_passage(state, subject, overlord)
    own = [zid for zid in controlled(state, overlord) if zid != battle.zone]
    mobile = [u for u in units_of(state, overlord, battle.zone) if u.mobile]
    if mobile and own:
        where = BOARD.zones[battle.zone].name
        labels = [f"Leave your units in {where}"] + [f"Withdraw them to {BOARD.zones[z].name}" for z in own]
        if decisions.ask(state, overlord, "withdraw", ["stay", *own], labels, zone=battle.zone):
            state.politics.resume = "next_battle"


def ask_acceptance(state: State, battle: Battle, zone: str) -> bool:
    """A nation that once revolted against the attacker may submit to it again, but the attacker need not accept:
    it is asked (refusing is the default); True when the submission waits for that answer."""
    subject, overlord = battle.defender, battle.attacker
    if f"{subject}>{overlord}" not in state.revolted:
        return False
    labels = [f"Refuse the submission of {NATIONS[subject].name}", f"Take {NATIONS[subject].name} back"]
    return decisions.ask(state, overlord, "accept", ["no", "yes"], labels, zone=zone)


def _ask_passage(state: State, subject: str, overlord: str) -> None:
    decisions.ask(
        state,
        overlord,
        "passage",
        ["yes", "no"],
        [f"Let {NATIONS[subject].acts('move')} through your zones", f"Keep {NATIONS[subject].name} out of your zones"],
        subject=subject,
    )


def _passage(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    subject = decision.data["subject"]
    allowed = option == "yes"
    if not allowed and subject in state.politics.passage:
        state.politics.passage.remove(subject)
    elif allowed and subject not in state.politics.passage:
        state.politics.passage.append(subject)
    verb = "may" if allowed else "may not"
    log.say(f"{NATIONS[subject].name} {verb} move through the zones of {NATIONS[decision.nation].name}.")


def _withdraw(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    if option == "stay" or option not in controlled(state, decision.nation):
        return
    moving = [u for u in units_of(state, decision.nation, decision.data["zone"]) if u.mobile]
    for unit in moving:
        unit.zone, unit.moved = option, True
    log.say(f"{NATIONS[decision.nation].acts('withdraw')} {unit_count(len(moving))} to {BOARD.zones[option].name}.")


# --- tribute: up to a quarter of the subject's resources ------------------------------------------------------


def ask_tribute(state: State, subject: str, overlord: str, share: int, log: ActionLog) -> None:
    """The full quarter was taken; the overlord may ask for less (each option is what it takes)."""
    options = [str(k) for k in range(share, -1, -1)]
    labels = [f"Take {k} resource{'s' * (k != 1)} from {NATIONS[subject].name}" for k in range(share, -1, -1)]
    if not decisions.ask(state, overlord, "tribute", options, labels, subject=subject, share=str(share)):
        tribute_unit(state, overlord, log)


def tribute_unit(state: State, overlord: str, log: ActionLog) -> None:
    """A tribute that brings the overlord to 6 points buys it a unit at once (in its first zone; it may move it)."""
    held = controlled(state, overlord)
    room = NATIONS[overlord].counter_limits.get("standard", 0) - sum(
        1 for u in units_of(state, overlord) if u.kind == "standard"
    )
    if state.resources.get(overlord, 0) < UNIT_COST or not held or room <= 0:
        return
    state.resources[overlord] -= UNIT_COST
    unit = add_unit(state, Unit(0, overlord, "standard", held[0], home=held[0]))
    log.say(f"{NATIONS[overlord].acts('gain')} a unit from the tribute in {BOARD.zones[held[0]].name}.")
    decisions.ask_zone(state, overlord, "placement", [unit.uid], "the tribute unit")


# --- subject troops -------------------------------------------------------------------------------------------


def troops_of(state: State, subject: str) -> list[Unit]:
    overlord = state.overlords.get(subject, "")
    return [u for u in state.units if u.lent_from == subject and u.nation == overlord and not u.in_army]


def _spare(state: State, subject: str) -> list[Unit]:
    """Units the subject can give while keeping one in each zone it holds (house: its ordinary units first, from
    its biggest stacks)."""
    held = set(controlled(state, subject))
    mine = [u for u in units_of(state, subject) if u.mobile and u.kind != "named_dragonewt" and not u.lent_from]
    by_zone: dict[str, list[Unit]] = {}
    for unit in sorted(mine, key=lambda u: (u.kind == "special", u.uid)):
        by_zone.setdefault(unit.zone, []).append(unit)
    spare: list[Unit] = []
    for zid in sorted(by_zone, key=lambda z: (-len(by_zone[z]), z)):
        units = by_zone[zid]
        spare += units[1:] if zid in held else units
    return spare


def demand_troops(state: State, overlord: str) -> None:
    """At the start of the overlord's turn: it may demand up to a quarter of each subject's units (or 1)."""
    for subject in subjects_of(state, overlord):
        given = troops_of(state, subject)
        total = len(units_of(state, subject)) + len(given)
        wanted = max(1, total // TROOP_SHARE) - len(given)
        most = min(wanted, len(_spare(state, subject)))
        if most <= 0 or not controlled(state, overlord):
            continue
        options = [str(k) for k in range(most, -1, -1)]
        labels = [f"Demand {k} subject troop{'s' * (k != 1)} from {NATIONS[subject].name}" for k in range(most, -1, -1)]
        decisions.ask(state, overlord, "troops", options, labels, subject=subject)


def _troops(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    _give_next(state, decision.data["subject"], decision.nation, int(option), [], log)


def _give_next(state: State, subject: str, overlord: str, left: int, given: list[int], log: ActionLog) -> None:
    """The subject chooses, one unit at a time, the zone each troop comes from (default: the engine's pick);
    then the overlord places them all."""
    held = controlled(state, overlord)
    spare = _spare(state, subject)
    if left > 0 and spare and held:
        zones = list(dict.fromkeys(u.zone for u in spare))
        labels = [f"Give a unit from {BOARD.zones[zid].name} as subject troops" for zid in zones]
        data = {"overlord": overlord, "left": str(left), "given": ",".join(str(uid) for uid in given)}
        if decisions.ask(state, subject, "give", zones, labels, **data):
            return
        _give(state, spare[0], overlord, held[0])
        _give_next(state, subject, overlord, left - 1, [*given, spare[0].uid], log)
        return
    if given:
        log.say(f"{NATIONS[subject].acts('give')} {count(len(given), 'subject troop')} to {NATIONS[overlord].name}.")
        decisions.ask_zone(state, overlord, "placement", given, "the subject troops")


def _give(state: State, unit: Unit, overlord: str, zid: str) -> None:
    unit.lent_from, unit.nation, unit.zone, unit.moved = unit.nation, overlord, zid, False


def _give_answer(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    data, subject = decision.data, decision.nation
    overlord = data["overlord"]
    given = [int(uid) for uid in data["given"].split(",") if uid]
    unit = next((u for u in _spare(state, subject) if u.zone == option), None)
    held = controlled(state, overlord)
    if unit is None or not held:
        return
    _give(state, unit, overlord, held[0])
    _give_next(state, subject, overlord, int(data["left"]) - 1, [*given, unit.uid], log)


def return_troops(state: State, subject: str, overlord: str, log: ActionLog) -> None:
    """A revolt takes the subject troops back: home if the subject holds it, else its first zone."""
    troops = [u for u in state.units if u.lent_from == subject and u.nation == overlord and not u.in_army]
    held = controlled(state, subject)
    for unit in troops:
        unit.nation, unit.lent_from = subject, ""
        if held:
            unit.zone = unit.home if unit.home in held else held[0]
    if troops:
        log.say(f"{len(troops)} subject troops go back to {NATIONS[subject].name}.")
    if subject in state.politics.passage:
        state.politics.passage.remove(subject)


# --- the overlord counts its subjects' zones ------------------------------------------------------------------


def _partial_zones(state: State, nation: str, as_overlord: bool) -> list[str]:
    found = []
    for zid in state.politics.partial:
        bond = partial_bond(state, zid)
        if bond and bond[as_overlord] == nation:
            found.append(zid)
    return found


def subject_zone_points(state: State, overlord: str) -> int:
    """The overlord scores its subjects' zones, and the zones submitted to it on their own, as if it held them
    (by its own data card)."""
    zones = [zid for subject in subjects_of(state, overlord) for zid in controlled(state, subject)]
    zones += [zid for zid in _partial_zones(state, overlord, True) if zid not in zones]
    return scoring_points(state, overlord, zones) if zones else 0


def partial_discount(state: State, subject: str) -> int:
    """VP a nation loses for the zones it submitted on their own: half of what they score (all of it when one
    player runs both nations)."""
    if subject in state.overlords:
        return 0  # a full subject's VP are halved already
    lost = 0
    for zid in _partial_zones(state, subject, False):
        bond = partial_bond(state, zid)
        assert bond is not None
        points = scoring_points(state, subject, [zid])
        lost += points if seat_of(state, subject) == seat_of(state, bond[1]) else points - points // 2
    return lost


# The answers to this module's questions, by decision kind (the engine puts every module's in one table).
ANSWERS: dict[str, decisions.Handler] = {
    "passage": _passage,
    "withdraw": _withdraw,
    "troops": _troops,
    "give": _give_answer,
}
