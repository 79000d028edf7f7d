"""One line for status and reminders: what the awaited nation may do now, and with which /gen command."""

from __future__ import annotations

from rules.genertela import aims, choices, combat, submission
from rules.genertela.board import BOARD, NATIONS, active_nation, alliances
from rules.genertela.state import State

ONE_LINE = " Or the whole turn in one line: /gen orders (e.g. build Sartar; move Sartar>Prax 3)."


def guidance(state: State) -> str:
    """Empty when nothing is awaited from a nation (bidding, decisions and the end have their own lines)."""
    if state.phase == "over" or state.bidding is not None or state.decisions:
        return ""
    nation = active_nation(state)
    name = NATIONS[nation].name
    if state.alliance:  # the leader moves the alliance's army, not its own nation
        army = next((a.name for a in alliances(state) if a.id == state.alliance), state.alliance)
        name = f"{name} ({army} turn)"
    if state.phase == "build":
        return f"{name}: {state.resources.get(nation, 0)} points to spend with /gen build, then /gen end.{ONE_LINE}"
    if state.phase == "move":
        return f"{name}: move with /gen move, then /gen end (battles follow).{ONE_LINE}"
    battle = state.battle
    if battle is None:
        return ""
    where = f"Battle in {BOARD.zones[battle.zone].name}, round {battle.round}: "
    if battle.step == "target":
        choosing = aims.pending(state)
        return where + " and ".join(NATIONS[n].name for n in choosing) + " choose what to aim at with /gen target."
    awaited = choices.decider(state)
    if battle.step == "casualties":
        hits = battle.hits.get(awaited, 0)
        return where + f"{NATIONS[awaited].name}: take {hits} hit{'s' * (hits != 1)} with /gen casualties."
    moves = ["fight on with /gen fight"]
    if combat.retreat_options(state, awaited):
        moves.append("pull back with /gen retreat")
    if battle.step == "retreat_defender" and submission.submission_options(state):
        moves.append("give in with /gen submit")
    return where + f"{NATIONS[awaited].name}: {', '.join(moves[:-1])} or {moves[-1]}."
