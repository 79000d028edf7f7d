"""The turn sequence: start-of-turn phases, step changes, captures and the end of the game."""

from __future__ import annotations

from rules.base import ActionLog, seat_ref
from rules.dragondice.content import SAIS, SPELLS, TERRAINS
from rules.dragondice.model import BURIED, DEAD, OUT_OF_PLAY, Decision, Effect, State, Task
from rules.dragondice.species_phase import has_phase
from rules.rng import Rng


def captured(state: State, seat: int) -> list[str]:
    return [t.id for t in state.terrains if t.captured_by == seat]


def living_health(state: State, seat: int) -> int:
    return sum(u.health for u in state.units if u.owner == seat and u.where not in OUT_OF_PLAY)


def effect_text(state: State, effect: Effect) -> str:
    """'Stoneskin on X's army at Swampland': a lasting spell, eighth-face bonus or breath, by name and target."""
    if effect.source in SPELLS:
        name = SPELLS[effect.source].name
    elif effect.source in SAIS:
        name = SAIS[effect.source].name
    else:
        name = effect.source.replace("_", " ").capitalize()
    if effect.target in {u.id for u in state.units}:  # a unit held (netted, webbed, asleep, stunned, hypnotised)
        unit = state.unit(effect.target)
        return f"{unit.name} {unit.id} of {seat_ref(unit.owner)} held"
    where, _, seat = effect.target.partition(":")
    place = "the reserves" if where == "reserve" else state.terrain(where).name
    return f"{name} on {seat_ref(int(seat))}'s army at {place}" if seat else f"{name} on {place}"


def update_captures(state: State, log: ActionLog) -> None:
    """RULINGS: a terrain at its 8th face held by one player is captured; turned down or left, it is lost."""
    for terrain in state.terrains:
        holder = terrain.captured_by
        present = state.seats_at(terrain.id)
        if holder is not None and (terrain.face != 8 or holder not in present):
            terrain.captured_by = None
            log.say(f"{seat_ref(holder)} loses {terrain.name} (its capture ends).", affects=(holder,))
            state.notes.append(f"{terrain.name} lost")
        if terrain.face == 8 and terrain.captured_by is None and len(present) == 1:
            terrain.captured_by = present[0]
            log.say(
                f"{seat_ref(present[0])} captures {terrain.name}: it shows its eighth face and only they are there."
            )
            state.notes.append(f"{terrain.name} captured")


def check_end(state: State, log: ActionLog) -> bool:
    """Two captured terrains win at the end of any step; so does being the only player with units."""
    if state.phase == "over":
        return True
    if state.phase != "play":
        return False
    holders = [s for s in range(state.players) if len(captured(state, s)) >= 2]
    alive = [s for s in range(state.players) if state.alive(s)]
    if holders:
        winner = state.turn if state.turn in holders else holders[0]
        text = f"{seat_ref(winner)} wins by holding two captured terrains."
        _finish(state, log, [winner], text, f"{seat_ref(winner)} holds two captured terrains")
    elif len(alive) <= 1:
        if alive:
            text = f"{seat_ref(alive[0])} wins as the only player with units left."
            _finish(state, log, alive, text, f"{seat_ref(alive[0])} is the only player with units left")
        else:  # every army fell in one action: the marching player, whose action it was, wins (house)
            _finish(
                state,
                log,
                [state.turn],
                f"Every army has fallen at once: {seat_ref(state.turn)} wins as the marching player.",
                f"every army fell at once, and {seat_ref(state.turn)} was the marching player",
            )
    return state.phase == "over"


def terrain_health(state: State, seat: int) -> int:
    """Health of the seat's armies standing on terrains (the reserves not counted)."""
    on = {t.id for t in state.terrains}
    return sum(u.health for u in state.units if u.owner == seat and u.where in on)


def limit_keys(state: State, seat: int) -> tuple[int, int, int]:
    """What decides a game at the round limit, in order: captured terrains, health on terrains, living health."""
    return len(captured(state, seat)), terrain_health(state, seat), living_health(state, seat)


LIMIT_STEPS = ("the most captured terrains", "the most health on the terrains", "the most living health")
ROLL_OFF_SIDES = 20  # the public roll that settles a tie on every count
ROLL_OFF_TRIES = 50  # roll-offs before the lowest tied seat wins (keeps scripted games finite)


def finish_by_limit(state: State, rng: Rng, log: ActionLog) -> None:
    """House rule: after the last round one player wins: the most captured terrains, then the most health on the
    terrains, then the most living health; players still tied roll a die in public until one rolls highest."""
    keys = {s: limit_keys(state, s) for s in range(state.players) if state.alive(s)}
    tied = list(keys)
    how, tiebreak = "", ""
    for index, step in enumerate(LIMIT_STEPS):
        best = max(keys[s][index] for s in tied)
        tied = [s for s in tied if keys[s][index] == best]
        if len(tied) == 1:
            how = f"wins with {step}" + (f" (tied before: {', '.join(LIMIT_STEPS[:index])})" if index else "")
            tiebreak = f"{step}, after a tie on {' and '.join(LIMIT_STEPS[:index])}" if index else ""
            break
    if len(tied) > 1:
        tied = [_roll_off(state, rng, log, tied)]
        how = "wins the roll-off (tied on captured terrains and on health)"
        tiebreak = f"a d{ROLL_OFF_SIDES} roll-off, after a tie on captured terrains and on health"
    winner = tied[0]
    figures = "; ".join(
        f"{seat_ref(s)}: {k[0]} captured, {k[1]} health on terrains, {k[2]} living" for s, k in keys.items()
    )
    text = f"The {state.rounds}-round limit is reached: {seat_ref(winner)} {how}. {figures}."
    _finish(state, log, [winner], text, f"the {state.rounds}-round limit was reached", tiebreak)


def _roll_off(state: State, rng: Rng, log: ActionLog, seats: list[int]) -> int:
    """Tied players roll a 20-sided die in public; the highest wins, ties roll again."""
    for _ in range(ROLL_OFF_TRIES):
        rolled = dict(zip(seats, rng.roll(ROLL_OFF_SIDES, len(seats), "round-limit roll-off"), strict=True))
        shown = ", ".join(f"{seat_ref(s)} {n}" for s, n in rolled.items())
        log.say(f"Round-limit roll-off (d{ROLL_OFF_SIDES}): {shown}.", "roll")
        best = max(rolled.values())
        seats = [s for s in seats if rolled[s] == best]
        if len(seats) == 1:
            return seats[0]
    return seats[0]


def _finish(state: State, log: ActionLog, winners: list[int], text: str, reason: str, tiebreak: str = "") -> None:
    state.phase = "over"
    state.winners = winners
    state.result = text
    state.end_reason, state.tiebreak = reason, tiebreak
    state.damage.clear()
    state.tasks.clear()
    state.decision = None
    state.manoeuvre = None
    log.say(text, "game_end")


def end_action(state: State) -> None:
    """The march's action is over: on to the second march, or to the reserves phase."""
    state.marching = ""
    state.mired = None
    state.pool = {}
    state.racial = {}
    state.announced = []
    state.hits = {}
    if state.march == 1:
        state.march = 2
        state.step = "march"
    else:
        state.step = "reinforce"


def begin_turn(state: State, seat: int, rng: Rng, log: ActionLog) -> None:
    """Phases 1-4 (expire effects, eighth faces, dragon attacks, species abilities), then the first march."""
    state.turn = seat
    state.step = "march"
    state.march = 1
    state.marched = []
    state.flown = []
    state.mired = None
    state.flooded = []
    state.marching = ""
    state.last_notes, state.notes = state.notes, []
    log.say(f"Round {state.round}: {seat_ref(seat)} marches.", "routine")
    expired = [e for e in state.effects if e.caster == seat]
    if expired:
        state.effects = [e for e in state.effects if e.caster != seat]
        log.say(f"Effects ending now: {', '.join(effect_text(state, e) for e in expired)}.", "routine")
    for terrain in state.terrains:
        if terrain.face == 8 and terrain.captured_by == seat:
            _eighth_face(state, seat, terrain.id, log)
    for terrain in state.terrains:  # every dragon at a terrain where the marching player has an army attacks
        if state.army(seat, terrain.id) and any(d.where == terrain.id for d in state.dragons):
            state.tasks.append(Task("dragons", seat, terrain.id))
    if has_phase(state, seat):  # phase 4, species abilities, after the dragons
        state.tasks.append(Task("species", seat))


def _eighth_face(state: State, seat: int, tid: str, log: ActionLog) -> None:
    terrain = state.terrain(tid)
    face = TERRAINS[terrain.kind].eighth
    if face == "city":
        options = city_options(state, seat)
        if len(options) > 1:
            state.decision = Decision("city", seat, tid, options=options)
            log.say(f"Eighth face: the City at {terrain.name} brings back a unit {seat_ref(seat)} chooses.")
        elif options:
            city_returns(state, log, tid, options[0])
    elif face == "temple":
        for other in range(state.players):
            dead = state.army(other, DEAD) if other != seat else []
            if dead:
                unit = max(dead, key=lambda u: u.died)
                unit.where = BURIED
                buried = f"the Temple at {terrain.name} buries {seat_ref(other)}'s {unit.name} {unit.id}"
                log.say(f"Eighth face: {buried}.", affects=(other,))
    elif face == "tower":
        state.effects.append(Effect("tower", seat, f"{tid}:{seat}", 1))
        log.say(f"Eighth face: the Tower at {terrain.name} gives {seat_ref(seat)}'s army there +1 missile.")
    elif face == "standing_stones":
        state.effects.append(Effect("standing_stones", seat, f"{tid}:{seat}", 2))
        log.say(f"Eighth face: the Standing Stones at {terrain.name} give {seat_ref(seat)}'s army there +2 magic.")


def city_options(state: State, seat: int) -> list[str]:
    """The health-1 units the City may bring back: one per kind (two alike dice make no difference), the most
    recently killed of each; the most recently killed of all first (the choice made for an absent player)."""
    latest: dict[str, str] = {}
    for unit in sorted((u for u in state.army(seat, DEAD) if u.health == 1), key=lambda u: -u.died):
        latest.setdefault(unit.kind, unit.id)
    return list(latest.values())


def city_returns(state: State, log: ActionLog, tid: str, uid: str) -> None:
    unit = state.unit(uid)
    unit.where = tid
    place = state.terrain(tid).name
    log.say(f"Eighth face: the City at {place} brings {unit.name} {unit.id} back to {seat_ref(unit.owner)}.")


def next_turn(state: State, rng: Rng, log: ActionLog) -> None:
    log.say(f"End of {seat_ref(state.turn)}'s turn.", "turn_end")
    seat = state.turn
    for _ in range(state.players):
        seat = (seat + 1) % state.players
        if seat == state.first:
            state.round += 1
            if state.round > state.rounds:
                finish_by_limit(state, rng, log)
                return
        if state.alive(seat):
            begin_turn(state, seat, rng, log)
            return
