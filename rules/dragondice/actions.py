"""Applying each action: every handler validates fully before it changes anything."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.base import ActionLog, RuleError, normal, seat_ref
from rules.dragondice import choices, combat, damage, decisions, dragons, labels, setup, spells
from rules.dragondice.abilities import unit_effects
from rules.dragondice.content import SPECIES, TERRAINS
from rules.dragondice.dice import negate_magic, roll_army
from rules.dragondice.model import RESERVE, Manoeuvre, State, Task, Unit
from rules.dragondice.status import step_hint
from rules.rng import Rng


def text_param(action: dict[str, Any], key: str, required: bool = True) -> str:
    value = action.get(key, "")
    if not isinstance(value, str):
        raise RuleError(f"{key} must be text.")
    if required and not value:
        raise RuleError(f"This action needs {key}.")
    return value.strip()


def place_param(state: State, action: dict[str, Any], key: str) -> str:
    """A terrain by its id or by the name the board shows ('Highland'), or the reserves; else the text as typed,
    for the move to refuse. Terrain names are unique in a game (a second one of a type gets a title)."""
    typed = text_param(action, key)
    if normal(typed) in ("reserve", "reserves", "thereserves"):
        return RESERVE
    return next((t.id for t in state.terrains if typed == t.id or normal(typed) == normal(t.name)), typed)


def units_param(action: dict[str, Any]) -> list[str]:
    raw = action.get("units", "")
    if isinstance(raw, list) and all(isinstance(item, str) for item in raw):
        return [item.strip() for item in raw if item.strip()]
    if not isinstance(raw, str):
        raise RuleError("units must be a comma-separated list of unit ids such as u3,u7.")
    return [item.strip() for item in raw.split(",") if item.strip()]


def stage(state: State) -> str:
    """Where the game stands, as boardgame.io names phases and stages: what kind of move it waits for."""
    if state.phase != "play":
        return state.phase  # draft, ready
    if state.decision is not None:
        return "decision"
    if state.damage:
        return "casualties"
    if state.manoeuvre is not None:
        return "counter"
    return "turn"


def _draft(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    species, home, frontier, split, horde, picked = setup.draft(state, seat, action)
    written = str(action.get("dragons") or "").strip()
    brought = dragons.parse_dragons(state.force, written) if written else []  # refused before anything is written
    state.species[seat], state.home[seat], state.frontier[seat] = species, home, frontier
    state.split[seat], state.horde[seat] = split, horde
    while len(state.picks) < state.players:  # a state saved before units could be picked
        state.picks.append("")
    state.picks[seat] = picked
    while len(state.dragon_picks) < state.players:  # a state saved before dragons could be chosen
        state.dragon_picks.append("")
    state.dragon_picks[seat] = ",".join(f"{kind}/{form}" for kind, form in brought)
    state.drafted += 1
    points = split if picked else "/".join(str(p) for p in setup.army_points(state.force, split))
    chosen = f" ({picked.replace(';', '; ')})" if picked else ""
    if brought:
        named = ", ".join(dragons.dragon_name(d) for d in dragons.chosen_dragons(seat, brought))
        chosen += f", bringing {named}"
    log.say(
        f"{seat_ref(seat)} drafts {SPECIES[species].name}: home {TERRAINS[home].name}, proposed frontier "
        f"{TERRAINS[frontier].name}, armies of {points} points (home/horde/campaign){chosen}; "
        f"the horde invades {seat_ref(horde)}'s home."
    )
    if state.drafted == state.players:
        setup.begin(state, rng, log)


def _begin(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    setup.begin(state, rng, log)


def _decide(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    decisions.choose(state, seat, action["type"], action, rng, log)


def _casualties(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    damage.choose(state, seat, units_param(action), rng, log)


def _counter_move(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    _counter(state, seat, text_param(action, "oppose"), rng, log)


def _refusal(state: State, kind: str) -> str:
    """Why `kind` is not a move of the stage the game is in, and what is."""
    now = stage(state)
    if kind == "draft":
        return "The draft is over (or this table uses the standard setup)."
    if kind == "begin":
        return "Finish the draft first." if now == "draft" else "The game has already begun."
    if now in ("draft", "ready"):
        return "Set-up is not finished: " + ("draft first." if now == "draft" else "use begin.")
    first = {"casualties": "Casualties come first.", "counter": "The counter-manoeuvre comes first."}
    return f"{first.get(now, f'{kind} is not possible now.')} {step_hint(state)}"


Move = Callable[[State, int, dict[str, Any], Rng, ActionLog], None]
# What each stage accepts; a decision (a spell's target, an order to resolve) is answered by its own handler.
STAGES: dict[str, frozenset[str] | None] = {
    "draft": frozenset({"draft"}),
    "ready": frozenset({"begin"}),
    "decision": None,
    "casualties": frozenset({"casualties"}),
    "counter": frozenset({"counter"}),
    "turn": frozenset({"manoeuvre", "melee", "missile", "magic", "cast", "reinforce", "retreat", "pass"}),
}


def dispatch(state: State, seat: int, kind: str, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    """Play a move of the stage the game is in (each move validates fully before it changes anything)."""
    allowed = STAGES[stage(state)]
    if allowed is None:
        _decide(state, seat, action, rng, log)
        return
    if kind not in allowed:
        raise RuleError(_refusal(state, kind))
    MOVES[kind](state, seat, action, rng, log)


def _counter(state: State, seat: int, oppose: str, rng: Rng, log: ActionLog) -> None:
    if oppose not in ("yes", "no"):
        raise RuleError("Answer yes to oppose the manoeuvre with one of your own, or no to let it pass.")
    move = state.manoeuvre
    assert move is not None
    move.pending.remove(seat)
    if oppose == "yes":
        move.countering.append(seat)
    log.say(f"{seat_ref(seat)} {'opposes' if oppose == 'yes' else 'does not oppose'} the manoeuvre.")
    if not move.pending:
        combat.resolve_manoeuvre(state, rng, log)


def _need_step(state: State, *steps: str) -> None:
    if state.step not in steps:
        raise RuleError(f"That is not possible in the {state.step} step. {step_hint(state)}")


def _manoeuvre(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    _need_step(state, "march")
    where, direction = place_param(state, action, "terrain"), text_param(action, "direction")
    armies = [w for w in choices.march_armies(state, seat) if w != RESERVE]
    if where not in armies:
        raise RuleError(
            f"You have no army that may still march at {_given(state, where)}; you may march at "
            f"{', '.join(_place(state, w) for w in armies) or 'none'}."
        )
    terrain = state.terrain(where)
    if direction not in ("up", "down"):
        raise RuleError("direction must be up or down.")
    if (direction == "up" and terrain.face == 8) or (direction == "down" and terrain.face == 1):
        raise RuleError(f"{terrain.name} shows {terrain.face}: it cannot turn {direction}.")
    log.say(f"{seat_ref(seat)} marches at {terrain.name} and manoeuvres (direction kept secret).")
    _march(state, rng, log, seat, where)
    opponents = [s for s in state.seats_at(where) if s != seat]
    log.say(f"You chose to turn {terrain.name} {direction}.", to=(seat,))
    state.manoeuvre = Manoeuvre(seat, where, direction, pending=opponents)
    if not opponents:
        combat.resolve_manoeuvre(state, rng, log)


def _march(state: State, rng: Rng, log: ActionLog, seat: int, where: str) -> None:
    """The army at `where` starts its march (by a manoeuvre or straight to its action); under Mire its roll comes
    first. In the action step the marching army is already `where` (_army_for_action checks it)."""
    state.marched.append(where)
    state.marching = where
    combat.mire(state, rng, log, seat, where)


def _army_for_action(state: State, seat: int, action: dict[str, Any], kind: str) -> str:
    where = place_param(state, action, "army")
    if state.step == "action":
        if where != state.marching:
            only, why = _only(state, seat, state.marching)
            raise RuleError(
                f"Only your marching army acts now, at {_place(state, state.marching)}, and it may take the {only} "
                f"action: {why}."
            )
    else:
        _need_step(state, "march")
        armies = choices.march_armies(state, seat)
        if where not in armies:
            raise RuleError(
                f"No army of yours may march from {_given(state, where)}; choose one of "
                f"{', '.join(_place(state, w) for w in armies) or 'none'}."
            )
    if kind not in choices.allowed_actions(state, seat, where):
        only, why = _only(state, seat, where)
        raise RuleError(f"Your army at {_place(state, where)} may only take the {only} action now: {why}.")
    return where


def _attack(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    kind = str(action["type"])
    where = _army_for_action(state, seat, action, kind)
    target = text_param(action, "target")
    valid = (choices.melee_targets if kind == "melee" else choices.missile_targets)(state, seat, where)
    if target not in valid:
        named = ", ".join(_army_ref(state, key) for key in valid) or "nobody there"
        raise RuleError(f"{target[:40]!r} is not a {kind} target from {_place(state, where)}; targets: {named}.")
    if state.step == "march":
        _march(state, rng, log, seat, where)
    state.step = "action"
    twhere, tseat = target.split(":")
    rolled = combat.attack(state, rng, log, kind, seat, where, int(tseat), twhere)
    if kind == "melee":
        if rolled.no_counter and not rolled.charge:
            log.say(f"Scald: {seat_ref(int(tseat))}'s army may not counter-attack.")
        combat.queue_melee(state, seat, where, int(tseat), rolled.no_counter, rolled.stench)
    else:
        answer = combat.volley(state, seat, where, int(tseat), twhere)
        if answer is not None:
            state.tasks.append(Task("counter_attack", int(tseat), twhere, answer.text()))
        state.tasks.append(Task("end_action", seat))


def _magic(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    where = _army_for_action(state, seat, action, "magic")
    if state.step == "march":
        _march(state, rng, log, seat, where)
    rolled = roll_army(state, rng, seat, where, "magic", log)
    negate_magic(state, rng, log, seat, where, rolled)
    state.pool = {k: n for k, n in rolled.magic.items() if n > 0}
    state.racial = {k: n for k, n in rolled.racial.items() if n > 0}
    state.announced = []
    state.hits = {}
    state.step = "magic"
    if not state.pool:
        log.say("No magic results: the action ends.")
        state.tasks.append(Task("end_action", seat))


def _cast(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    _need_step(state, "magic")
    cast = spells.check_cast(
        state,
        seat,
        text_param(action, "spell"),
        text_param(action, "target"),
        text_param(action, "element", required=False),
    )
    state.announced.append(cast)
    spell = spells.SPELLS[cast.spell]
    log.say(f"{seat_ref(seat)} announces {spell.name} ({cast.element}) on {labels.target_label(state, cast.target)}.")


def _reinforce(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    _need_step(state, "reinforce")
    ids, tid = units_param(action), place_param(state, action, "terrain")
    terrains = [t.id for t in state.terrains]
    if tid not in terrains:
        named = ", ".join(_place(state, t) for t in terrains)
        raise RuleError(f"There is no terrain called {tid[:40]!r}. Reinforce at one of: {named}.")
    reserves = {u.id: u for u in state.army(seat, RESERVE)}
    bad = [i[:20] for i in ids if i not in reserves]
    if not ids or bad or len(set(ids)) != len(ids):
        raise RuleError(f"Name units from your reserves once each: {', '.join(reserves) or 'you have none'}.")
    for uid in ids:
        reserves[uid].where = tid
    log.say(f"{seat_ref(seat)} reinforces {state.terrain(tid).name} with {_names(state, ids)}.")


def _retreat(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    _need_step(state, "reinforce", "retreat")
    ids = units_param(action)
    terrains = {t.id for t in state.terrains}
    mine = {u.id: u for u in state.units if u.owner == seat and u.where in terrains}
    bad = [i[:20] for i in ids if i not in mine]
    if not ids or bad or len(set(ids)) != len(ids):
        raise RuleError(f"Name units of yours on terrains once each: {', '.join(mine) or 'you have none'}.")
    to = place_param(state, action, "terrain") if text_param(action, "terrain", required=False) else RESERVE
    if to != RESERVE:  # Air Flight: checked whole before anything changes
        _check_flight(state, seat, [mine[i] for i in ids], to)
    state.step = "retreat"
    if to != RESERVE:
        log.say(f"Air Flight: {seat_ref(seat)} flies {_names(state, ids)} to {state.terrain(to).name}.")
        state.flown.extend(ids)
    else:
        log.say(f"{seat_ref(seat)} retreats {_names(state, ids)} to the reserves.")
    for uid in ids:
        mine[uid].where = to


def _check_flight(state: State, seat: int, units: list[Unit], tid: str) -> None:
    """Air Flight (a species ability): in the retreat step, units of the species move from a terrain with air to
    another with air where the player already has a unit of the species, once a turn."""
    flights = choices.flight_targets(state, seat)
    for unit in units:
        if not unit_effects(unit, "fly_between"):
            raise RuleError(
                f"{unit.name} {unit.id} cannot fly: only units with Air Flight (the Fire Walkers) do. Without a "
                "terrain, /dd retreat moves units to the reserves."
            )
        if tid not in flights.get(unit.id, ()):
            where = ", ".join(_place(state, t) for t in flights.get(unit.id, ())) or "nowhere now"
            raise RuleError(
                f"{unit.name} {unit.id} cannot fly to {_given(state, tid)}: Air Flight goes from a terrain with air "
                f"to another with air where you have a unit of its species, once a turn (it may fly to: {where})."
            )


def _only(state: State, seat: int, where: str) -> tuple[str, str]:
    """The actions the army at `where` may take now ('melee or missile'), and why ('Highland shows 3 (magic)')."""
    only = " or ".join(choices.allowed_actions(state, seat, where))
    if where == RESERVE:
        return only, "it is in the reserves"
    terrain = state.terrain(where)
    return only, f"{terrain.name} shows {terrain.face} ({terrain.shows()})"


def _given(state: State, where: str) -> str:
    """A place as the player gave it: its name if it is one ('Highland (t0)'), else quoted as typed."""
    known = where == RESERVE or where in {t.id for t in state.terrains}
    return _place(state, where) if known else repr(where[:40])


def _place(state: State, where: str) -> str:
    return "the reserves" if where == RESERVE else f"{state.terrain(where).name} ({where})"


def _army_ref(state: State, key: str) -> str:
    return labels.army_label(state, key)


def _names(state: State, ids: list[str]) -> str:
    return ", ".join(f"{state.unit(uid).name} {uid}" for uid in ids)


def _pass(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    if state.step == "magic":
        for cast in state.announced:
            state.tasks.append(Task("spell", seat, target=f"{cast.spell}|{cast.target}|{cast.element}"))
        state.tasks.append(Task("end_action", seat))
        names = ", then ".join(spells.SPELLS[c.spell].name for c in state.announced)
        log.say(f"{seat_ref(seat)} casts {names or 'nothing'}.")
    elif state.step in ("march", "action"):
        state.tasks.append(Task("end_action", seat))
        log.say(f"{seat_ref(seat)} ends march {state.march}.")
    elif state.step == "reinforce":
        state.step = "retreat"
    else:
        state.tasks.append(Task("end_turn", seat))


MOVES: dict[str, Move] = {
    "draft": _draft,
    "begin": _begin,
    "casualties": _casualties,
    "counter": _counter_move,
    "manoeuvre": _manoeuvre,
    "melee": _attack,
    "missile": _attack,
    "magic": _magic,
    "cast": _cast,
    "reinforce": _reinforce,
    "retreat": _retreat,
    "pass": _pass,
}
