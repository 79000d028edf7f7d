"""The order of play: nation turns in turn-record order, their automatic steps, and the turn track."""

from __future__ import annotations

from rules.base import ActionLog
from rules.genertela import (
    aims,
    alliance_army,
    alliance_turns,
    alliance_votes,
    combat,
    decisions,
    dragonewts,
    duties,
    events,
    losses,
    reinforce,
    specials,
    submission,
    vassals,
)
from rules.genertela.board import BOARD, CONTENT, NATIONS, ORDER, active_nation, controlled, units_of
from rules.genertela.choices import builds
from rules.genertela.economy import (
    CITY_COST,
    FOREST_COST,
    MAX_CARRIED,
    UNIT_COST,
    resources_gained,
    scoring_points,
)
from rules.genertela.state import State, Unit
from rules.genertela.titles import emperor, king
from rules.rng import Rng
from rules.text import count, roll_line

RECOVER_ON = 6


def can_build(state: State) -> bool:
    """Whether the nation can buy anything now (points, counters and a zone): else its build step is skipped."""
    nation = active_nation(state)
    pool = state.resources.get(nation, 0)
    affordable = pool >= UNIT_COST or (NATIONS[nation].has("aldryami_forests") and pool >= FOREST_COST)
    return affordable and bool(builds(state))


def start_nation_turn(state: State, log: ActionLog, rng: Rng) -> None:
    """Steps 1-2 (resources, reinforcements) run by themselves; then the nation builds or moves."""
    while True:
        nation = active_nation(state)
        if state.order_index == 0:
            turn = CONTENT.turn(state.turn)
            log.say(f"Turn {state.turn}: {turn.title} ({turn.years}).", "routine")
            alliance_votes.form(state, log)
        state.built, state.pass_entries, state.fallen, state.changed = [], {}, [], []
        state.overrun, state.invasion_done = [], False
        state.city_attacks = []
        state.politics.feuds = []
        for unit in units_of(state, nation):
            unit.moved = False
        if state.alliance:  # an alliance turn has no resources nor reinforcements
            state.phase = "move"
            return
        if state.turn > state.first_turn:
            events.start_of_nation_turn(state, nation, log)
            duties.start_of_nation_turn(state, nation, log)
            events.conversions(state, nation, log)
            if state.decisions and not state.politics.resume:  # a swap or conversion waits for its player
                state.politics.resume = "after_conversions"
                return
        if _after_conversions(state, log, rng) != "next":
            return


def _after_conversions(state: State, log: ActionLog, rng: Rng) -> str:
    """The rest of steps 1-2, in the seed's order: resources (gained, then spent in the build step), then
    reinforcements. "play": the nation builds or moves now; "next": it sat the turn out and the next nation is
    due; "over": the campaign ended."""
    nation = active_nation(state)
    if state.turn > state.first_turn:
        submission.forced(state, nation, log)
        vassals.demand_troops(state, nation)  # subject troops are taken when the overlord's turn starts
    _retry_recovery(state, nation, log, rng)
    if units_of(state, nation):
        gained = submission.tribute(state, nation, resources_gained(state, nation), log)
        state.resources[nation] = state.resources.get(nation, 0) + gained
        points = count(gained, "resource", zero="0")
        log.say(f"{NATIONS[nation].acts('gain')} {points} ({state.resources[nation]} to spend).", "routine")
        state.phase = "build"
        if can_build(state):
            return "play"
    _carry(state)  # nothing to buy: straight on, carrying at most 5 points
    if _reinforcements(state, log):
        return "play"
    return "next" if _advance(state, log) else "over"  # nothing on the map: the nation sits this turn out


def _carry(state: State) -> None:
    nation = active_nation(state)
    state.resources[nation] = min(MAX_CARRIED, state.resources.get(nation, 0))


def _reinforcements(state: State, log: ActionLog) -> bool:
    """Step 2, after the resources were spent: expiring special units leave, reinforcements arrive. True when the
    nation then has units and moves; False when it has nothing on the map and sits the turn out."""
    nation = active_nation(state)
    if state.turn > state.first_turn:
        reinforce.expire(state, nation, log)
        reinforce.reinforce(state, nation, ("reinforcement", "start_of_nation_turn"), log)
        events.after_reinforcements(state, nation, log)
    state.phase = "move"
    return bool(units_of(state, nation))


def end_build(state: State, log: ActionLog | None = None, rng: Rng | None = None) -> None:
    """The build step ends (at most 5 points carry over); the reinforcements arrive, then the nation moves. A nation
    left with nothing on the map sits the rest of its turn out (given `rng`; else its empty movement step ends by
    itself)."""
    log = log if log is not None else ActionLog()
    _carry(state)
    if not _reinforcements(state, log) and rng is not None and _advance(state, log):
        start_nation_turn(state, log, rng)


def end_move(state: State, log: ActionLog, rng: Rng) -> None:
    nation = active_nation(state)
    if losses.ask_overstack(state, nation):  # the player picks the zone that may hold double
        state.politics.resume = "after_stacking"
        return
    losses.remove_overstack(state, nation, None, log)
    _after_stacking(state, log, rng)


def _after_stacking(state: State, log: ActionLog, rng: Rng) -> None:
    nation = active_nation(state)
    specials.strand(state, nation, log)
    events.before_battles(state, nation, log)
    duties.before_battles(state, nation, log)
    alliance_votes.ask_challenges(state, nation)
    state.phase = "battle"
    if state.decisions and not state.politics.resume:  # Hon-eel's conversion waits for the Lunar player
        state.politics.resume = "next_battle"
        return
    next_battle(state, log, rng)


def next_battle(state: State, log: ActionLog, rng: Rng) -> None:
    """Open the next battle, or finish the nation turn when none is left."""
    found = combat.next_battle_zone(state)
    if found is None:
        state.battle = None
        if has_invasion(state) and not state.invasion_done:
            _invasion_step(state, log)
            return
        finish_nation_turn(state, log, rng)
        return
    combat.start(state, found[0], found[1], log)
    settle(state, log, rng)


def resume(state: State, log: ActionLog, rng: Rng) -> None:
    """Once every awaited decision is answered, go on with what waited for them (the battles after a submission)."""
    if state.decisions or not state.politics.resume:
        return
    then, state.politics.resume = state.politics.resume, ""
    if then == "next_battle":
        next_battle(state, log, rng)
    elif then == "population":
        _population_step(state, log, rng)
    elif then == "after_stacking":
        _after_stacking(state, log, rng)
    elif then == "after_conversions":
        then = _after_conversions(state, log, rng)  # "next": the nation sat out, the next one starts
    if then in ("start_nation_turn", "next"):
        start_nation_turn(state, log, rng)


def defender_fights_on(state: State, log: ActionLog, rng: Rng) -> None:
    """The defender stays (its submission refused): the attacker may retreat, then the next round."""
    battle = state.battle
    assert battle is not None
    battle.step = "retreat_attacker"
    if not combat.retreat_options(state, battle.attacker):
        after_retreats(state, log, rng)


def has_invasion(state: State) -> bool:
    if state.alliance:
        return alliance_army.invasion(state)
    nation = active_nation(state)
    return any(entry.invasion for entry in CONTENT.turn(state.turn).entries_of(nation))


def _invasion_step(state: State, log: ActionLog) -> None:
    """An invasion turn gives the nation a second movement and combat step after its first battles."""
    state.invasion_done = True
    state.overrun, state.pass_entries = [], {}
    for unit in units_of(state, active_nation(state)):
        unit.moved = False
    state.phase = "move"
    log.say(f"Invasion turn: {NATIONS[active_nation(state)].name} may move and fight once more.")


def settle(state: State, log: ActionLog, rng: Rng) -> None:
    """Run the battle forward until a player must decide something (or it ends)."""
    battle = state.battle
    while battle is not None:
        if battle.step == "target":
            if aims.pending(state):
                return  # a side still picks its target category
            attack, defend = aims.final(state)
            combat.roll_round(state, attack, rng, log, defend)
            battle.step = "casualties"
        if battle.step == "casualties":
            for nation in (battle.defender, battle.attacker):
                if battle.hits.get(nation, 0) and not combat.auto_hits(state, nation, log):
                    return  # the owner picks casualties
            if combat.over(state):
                battle_over(state, log, rng)
                return
            battle.step = "retreat_defender"
        if battle.step == "retreat_defender":
            if combat.retreat_options(state, battle.defender) or submission.submission_options(state):
                return
            battle.step = "retreat_attacker"
        if battle.step == "retreat_attacker":
            if combat.retreat_options(state, battle.attacker):
                return
            after_retreats(state, log, rng)
            battle = state.battle


def battle_over(state: State, log: ActionLog, rng: Rng) -> None:
    battle = state.battle
    assert battle is not None
    log.say(f"The battle in {BOARD.zones[battle.zone].name} is over.")
    if combat.army(state, battle.attacker, battle.zone):
        state.changed.append(battle.zone)
        events.after_battle(state, battle.zone, battle.attacker, log)
        events.city_taken(state, battle.zone, battle.attacker, log)
    next_battle(state, log, rng)


def after_retreats(state: State, log: ActionLog, rng: Rng) -> None:
    battle = state.battle
    assert battle is not None
    if combat.over(state):
        battle_over(state, log, rng)
        return
    battle.round += 1
    battle.step = "target"
    settle(state, log, rng)


def _recover(state: State, unit: Unit, log: ActionLog, rng: Rng) -> bool:
    """Put a fallen special unit back (its starting zone if held, else any held zone); False if it stays out."""
    held = controlled(state, unit.nation)
    where = specials.recovery_zone(state, unit, held)
    if not held or not where:
        return False
    if unit.recovery != "infinite":
        face = rng.roll(10, 1, f"recovery of {unit.name}")[0]
        log.say(roll_line(f"{unit.name}'s recovery roll", [face], RECOVER_ON, face >= RECOVER_ON) + ".", "roll")
        if face < RECOVER_ON:
            return False
    unit.zone = where
    reinforce.add_unit(state, unit)
    log.say(f"{unit.name} returns in {BOARD.zones[unit.zone].name}.")
    # not its starting zone (and the seed fixes none): its owner picks any zone the nation holds
    if unit.home not in held and not specials.fixed_recovery(unit):
        decisions.ask_zone(state, unit.nation, "recovery", [unit.uid], unit.name)
    return True


def _no_recovery(state: State) -> bool:
    return any(r.type == "no_recovery" for r in CONTENT.turn(state.turn).restrictions)


def _retry_recovery(state: State, nation: str, log: ActionLog, rng: Rng) -> None:
    for unit in [u for u in state.recovering if u.nation == nation]:
        if _no_recovery(state):
            return
        if _recover(state, unit, log, rng):
            state.recovering.remove(unit)


def finish_nation_turn(state: State, log: ActionLog, rng: Rng) -> None:
    """Recovery, end-of-turn placements, population limit, victory points, titles; then the next nation."""
    nation = active_nation(state)
    if not _no_recovery(state):
        reinforce.recover_dragonewts(state, [u for u in state.fallen if dragonewts.recovers(u)], log)
    dragonewts.settle_cities(state)
    for unit in state.fallen:
        if unit.recovery == "none" or _no_recovery(state):
            continue
        if not _recover(state, unit, log, rng) and unit.recovery in ("**", "infinite"):
            state.recovering.append(unit)
    state.fallen = []
    if state.alliance:  # no population nor VP step (the alliance VP are not in the seed)
        log.say(f"End of the alliance turn led by {NATIONS[nation].name}.", "turn_end")
        if _advance(state, log):
            if state.decisions and not state.politics.resume:  # which ally keeps a taken zone: asked first
                state.politics.resume = "start_nation_turn"
                return
            start_nation_turn(state, log, rng)
        return
    reinforce.reinforce(state, nation, ("end_of_nation_turn", "when_condition_met"), log)
    events.end_of_nation_turn(state, nation, log)
    duties.end_of_nation_turn(state, nation, log)
    _population_step(state, log, rng)


def _population_step(state: State, log: ActionLog, rng: Rng) -> None:
    """Units over the population limit are lost, one zone at a time as the owner chooses; then the VP step."""
    if losses.ask_loss(state, active_nation(state), log):
        state.politics.resume = "population"
        return
    _score_and_advance(state, log, rng)


def _score_and_advance(state: State, log: ActionLog, rng: Rng) -> None:
    nation = active_nation(state)
    if CONTENT.turn(state.turn).scoring:
        points = submission.subject_points(state, nation, scoring_points(state, nation))
        points += vassals.subject_zone_points(state, nation)  # the overlord scores its subjects' zones
        points -= vassals.partial_discount(state, nation)  # a zone submitted on its own scores half
        state.vp[nation] = state.vp.get(nation, 0) + points
        log.say(f"{NATIONS[nation].acts('score')} {points} VP for the zones they hold.")
    for title, (units, points) in (("Emperor", emperor(state, nation)), ("King of Dragon Pass", king(state, nation))):
        if points:
            _reward(state, nation, units, title)
            state.vp[nation] = state.vp.get(nation, 0) + points
            log.say(f"{NATIONS[nation].acts('are')} {title}: {points} VP and {count(units, 'unit')}.")
    log.say(f"End of the {NATIONS[nation].name} turn.", "turn_end")
    if _advance(state, log):
        start_nation_turn(state, log, rng)


def _reward(state: State, nation: str, count: int, title: str) -> None:
    held = controlled(state, nation)
    room = NATIONS[nation].counter_limits.get("standard", 0) - sum(
        1 for u in units_of(state, nation) if u.kind == "standard"
    )
    for _ in range(min(count, room)):
        if held:
            unit = reinforce.add_unit(state, Unit(0, nation, "standard", held[0], home=held[0]))
            decisions.ask_zone(state, nation, "placement", [unit.uid], f"the {title}'s new unit")


def _advance(state: State, log: ActionLog) -> bool:
    """Move to the next nation, then the alliance turns, then the next turn; False once the game is over."""
    if state.alliance:
        alliance_turns.close_turn(state, log)
    elif state.order_index + 1 < len(ORDER):
        state.order_index += 1
        return True
    else:
        state.alliance_queue = alliance_army.pending(state)
    while state.alliance_queue:
        if alliance_turns.open_turn(state, state.alliance_queue.pop(0), log):
            return True
    state.order_index = 0
    events.end_of_turn(state, log)
    state.turn += 1
    if state.turn > state.last_turn:
        state.turn = state.last_turn
        duties.final_points(state, log)
        state.phase = "over"
        return False
    return True


def build_cost(kind: str) -> int:
    return {"unit": UNIT_COST, "city": CITY_COST, "forest": FOREST_COST}[kind]
