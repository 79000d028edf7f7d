"""The status text (game status, reminders): first who must do what and with which command, then the table."""

from __future__ import annotations

from rules.base import seat_ref
from rules.dragondice import choices, decisions, labels, spells
from rules.dragondice.content import SPELLS
from rules.dragondice.damage import place_name
from rules.dragondice.model import RESERVE, State
from rules.dragondice.turn import effect_text


def _either(commands: list[str]) -> str:
    named = [f"/dd {c}" for c in commands]
    return ", ".join(named[:-1]) + " or " + named[-1] if len(named) > 1 else "".join(named)


def _march_kinds(state: State, seat: int) -> list[str]:
    kinds: list[str] = []
    for where in choices.march_armies(state, seat):
        if where != RESERVE:
            kinds.append("manoeuvre")
        kinds.extend(c.action["type"] for c in choices.action_choices(state, seat, where))
    return [k for k in ("manoeuvre", "melee", "missile", "magic") if k in kinds]


def step_hint(state: State) -> str:
    """Who must decide now, what, and the commands that do it (also the tail of a wrong-step refusal)."""
    if state.phase == "draft":
        return (
            f"{seat_ref(state.drafted)} drafts next with /dd draft (species, home, frontier, and an army split or "
            "the units of each army with armies)."
        )
    if state.phase == "ready":
        return "<seat:0> starts the game with /dd begin: it builds the armies and rolls the hordes."
    if state.decision is not None:
        return decisions.hint(state)
    if state.damage:
        hit = state.damage[0]
        return (
            f"{seat_ref(hit.seat)} must choose casualties for {hit.amount} damage ({hit.reason}) at "
            f"{place_name(state, hit.where)}: pick a set in the menu under the board, or /dd casualties."
        )
    if state.manoeuvre is not None:
        move = state.manoeuvre
        deciding = " and ".join(seat_ref(s) for s in move.pending)
        return (
            f"{deciding} must decide whether to counter {seat_ref(move.seat)}'s manoeuvre at "
            f"{state.terrain(move.terrain).name}: /dd counter with oppose yes or no."
        )
    who = seat_ref(state.turn)
    if state.step == "march":
        kinds = _march_kinds(state, state.turn)
        act = f"{_either(kinds)} with an army that has not marched yet, or " if kinds else ""
        return f"{who}'s march {state.march} of 2: {act}/dd pass to skip it."
    if state.step == "action":
        kinds = sorted({c.action["type"] for c in choices.action_choices(state, state.turn, state.marching)})
        act = f"{_either(kinds)}, or " if kinds else ""
        place = place_name(state, state.marching)
        return f"{who}'s army at {place} may take its action: {act}/dd pass to take none."
    if state.step == "magic":
        if not choices.cast_choices(state, state.turn):
            done = "casts the spells announced" if state.announced else "ends the magic action"
            return f"{who}'s magic pays for no more spells: /dd pass {done}."
        return f"{who} announces spells with /dd cast, then /dd pass casts them all (or casts nothing)."
    if state.step == "reinforce":
        return (
            f"{who}'s reserves phase: /dd reinforce moves reserve units to a terrain, /dd retreat moves units to "
            "the reserves, /dd pass ends reinforcing."
        )
    return f"{who}'s retreat step: /dd retreat moves units to the reserves, /dd pass ends the turn."


def status_text(state: State, seat: int | None) -> str:
    if state.phase == "over":
        return state.result
    lines = [step_hint(state)]
    if state.phase in ("draft", "ready"):
        return lines[0]
    lines.append(f"Round {state.round} of {state.rounds}, {seat_ref(state.turn)}'s turn.")
    for terrain in state.terrains:
        whose = f"{seat_ref(terrain.home_of)}'s home" if terrain.home_of is not None else "the frontier"
        held = f", captured by {seat_ref(terrain.captured_by)}" if terrain.captured_by is not None else ""
        armies = [
            f"{seat_ref(s)} {sum(u.health for u in state.army(s, terrain.id))} health"
            for s in state.seats_at(terrain.id)
        ]
        armies += [f"{seat_ref(d.owner)}'s {d.element} dragon" for d in state.dragons if d.where == terrain.id]
        lines.append(
            f"{terrain.name} ({terrain.id}), {whose}, shows {terrain.face} ({terrain.shows()}{held}): "
            + ("; ".join(armies) or "empty")
        )
    if state.effects:
        lasting = ", ".join(f"{effect_text(state, e)} (until {seat_ref(e.caster)}'s next turn)" for e in state.effects)
        lines.append(f"Lasting effects: {lasting}.")
    if state.step == "magic" and state.pool and not state.damage and not state.tasks:  # still announcing
        pool = ", ".join(f"{n} {key}" for key, n in sorted(state.pool.items()))
        announced = ", ".join(
            f"{SPELLS[c.spell].name} ({c.element}) on {labels.target_label(state, c.target)}" for c in state.announced
        )
        spent = sum(spells.demand_of(state, state.announced).values())
        lines.append(
            f"Magic results: {pool} ({sum(state.pool.values())} in all; announced spells cost {spent}). "
            f"Announced: {announced or 'nothing yet'}."
        )
    if seat is not None and state.manoeuvre is not None and state.manoeuvre.seat == seat:
        lines.append(f"Your secret manoeuvre: turn {state.manoeuvre.direction}.")
    return "\n".join(lines)
