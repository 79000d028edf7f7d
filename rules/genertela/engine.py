"""Genertela engine: the contract surface (meta, new, awaiting, legal, act, view, status, outcome, fallback)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from rules import serial
from rules.base import (
    ActionLog,
    ActionSpec,
    Choice,
    Engine,
    Event,
    Meta,
    Option,
    Outcome,
    Param,
    RuleError,
    SeatInfo,
    require,
    seat_ref,
)
from rules.genertela import (
    aims,
    alliance_votes,
    bidding,
    bot,
    casualties,
    choices,
    combat,
    conversions,
    decisions,
    declarations,
    dragonewts,
    dragonkill,
    duties,
    flow,
    glossary,
    losses,
    orders,
    overlords,
    policy,
    reinforce,
    submission,
    vassals,
)
from rules.genertela.battle import CATEGORY_NAMES
from rules.genertela.board import (
    BOARD,
    CONTENT,
    NATIONS,
    active_nation,
    forget,
    seat_of,
    units_of,
    zone,
)
from rules.genertela.content import SCENARIOS, SIDES
from rules.genertela.guidance import guidance, steps
from rules.genertela.movement import (
    check_overrun,
    closed_zones,
    destinations,
    hop_movers,
    move_limit,
    movers,
    movers_to,
    pass_room,
)
from rules.genertela.scores import given_up_note, per_side, seat_scores, side_vp
from rules.genertela.state import BOT, State, Unit
from rules.rng import Rng
from rules.text import noun

SHORT_FIRST_TURN = SCENARIOS["short"]

meta = Meta(
    id="genertela",
    command="gen",
    title="Genertela",
    min_players=1,
    max_players=4,
    summary="Forty turns of Gloranthan history: four sides run some thirty nations for victory points.",
    actions=(
        ActionSpec(
            "build",
            "Spend resources: a unit (6), a City (6) or an Aldryami Forest (3).",
            (Param("kind", "unit, city or forest"), Param("zone", "Zone you hold")),
            menu=True,
        ),
        ActionSpec(
            "move",
            "Move units from one zone to another (ordinary units go first).",
            (
                Param("from", "Zone to move from", noun="zone"),
                Param("to", "Zone to move to", noun="zone"),
                Param("count", "How many", "int"),
            ),
            menu=True,
        ),
        ActionSpec(  # secret: the channel learns each side's target from the dice, once both sides chose
            "target",
            "Choose which kind of enemy unit your army aims at.",
            (Param("category", "Category"),),
            secret=True,
            menu=True,
        ),
        ActionSpec(
            "casualties", "Choose the units that take the hits.", (Param("units", "Units lost", "list"),), menu=True
        ),
        ActionSpec(
            "retreat", "Retreat every mobile unit of the army.", (Param("zone", "Zone to retreat to"),), menu=True
        ),
        ActionSpec("fight", "Stay and fight another round."),
        ActionSpec(
            "submit",
            "Submit to the attacking nation: the battle ends.",
            (Param("nation", "Overlord"), Param("zone", "Only this Deathline zone (partial)", required=False)),
            menu=True,
        ),
        ActionSpec("revolt", "Throw off your overlord at the start of your nation turn."),
        ActionSpec(
            "bid",
            "Bid victory points for a side (taken off your final score).",
            (Param("side", "Red, Green, Blue or Yellow"), Param("points", "VP you bid", "int")),
        ),
        ActionSpec("pass", "Let the side being auctioned go to the others."),
        ActionSpec("end", "End this step (building or movement)."),
        ActionSpec(
            "choose", "Answer the decision the game awaits from you.", (Param("option", "Your answer"),), menu=True
        ),
        ActionSpec(
            "grant",
            "Grant units to an ally for its next nation turn (they come back after it).",
            (Param("zone", "Zone of the units"), Param("nation", "Ally"), Param("count", "How many", "int")),
        ),
        ActionSpec(
            "outside",
            "Stand units outside a City or fortress: they block movement, no wall bonus in round 1.",
            (Param("zone", "Zone with a City or fortress"), Param("count", "How many stand outside", "int")),
            menu=True,
        ),
        ActionSpec(
            "attack",
            "Fight over the Dragonewt city in a zone this battle step (or call it off).",
            (Param("zone", "Zone with the city"),),
        ),
        ActionSpec("letpass", "Let named Dragonewts pass through your zones, or block them again."),
        ActionSpec(
            "orders",
            "A whole nation turn in one line: build Sartar; move Sartar>Prax 3 (then battles follow).",
            (
                Param(
                    "list",
                    "Orders split by ; e.g. build Sartar; build city Pavis; move Sartar>Prax 3; wait (keeps step open)",
                    "list",
                ),
            ),
        ),
    ),
    options=(
        Option(
            "seating",
            "shared: sides dealt out; one_each: one side each, the bot plays the rest; bid: auction for sides",
            "shared",
            ("shared", "one_each", "bid"),
        ),
        Option("last_turn", "Stop after this turn (40 is the whole campaign)", "40", minimum=1, maximum=40),
        Option("scenario", "full: turns 1-40; short: 25-40 after a bot-played prelude", "full", ("full", "short")),
        Option(
            "handicap",
            "house: each side gives up some VP on scoring turns, so all four win about as often; none: plain counts",
            "house",
            ("house", "none"),
        ),
        Option(
            "shared_rates",
            "house: with 2 or 3 players the handicap also counts how they share the sides; none: the side rates alone",
            "house",
            ("house", "none"),
        ),
        Option(
            "unseated",
            "who plays unseated sides and the short prelude: normal (the bot seats' bot) or simple (the older one)",
            "normal",
            ("normal", "simple"),
        ),
    ),
    factions=SIDES,
)


def deal_sides(players: int, mode: str, wanted: list[str | None]) -> dict[str, int]:
    """Sides to seats: the asked-for side first, the rest dealt round the table (or left to the bot)."""
    seats: dict[str, int] = {}
    for seat, side in enumerate(wanted):
        if side in SIDES and side not in seats:
            seats[side] = seat
    free = [s for s in SIDES if s not in seats]
    if mode == "one_each":
        takers = [seat for seat in range(players) if seat not in seats.values()]
        for side in free:
            seats[side] = takers.pop(0) if takers else BOT
    else:
        counts = {seat: list(seats.values()).count(seat) for seat in range(players)}
        for side in free:
            seat = min(range(players), key=lambda s: (counts[s], s))
            seats[side] = seat
            counts[seat] += 1
    return {side: seats[side] for side in SIDES}


def new(seats: Sequence[SeatInfo], options: dict[str, Any], rng: Rng) -> State:
    players = len(seats)
    require(1 <= players <= 4, "Genertela takes 1 to 4 players.")
    mode = str(options.get("seating", "shared"))
    state = State(players, deal_sides(players, mode, [s.faction for s in seats]))
    state.last_turn = int(options.get("last_turn", 40))
    # a table made before the option existed has no value stored: it keeps the simple bot, so its log replays
    state.unseated = str(options.get("unseated", "simple"))
    # bids take the handicap's place; a table made before the option existed has none
    state.handicapped = options.get("handicap", "none") == "house" and mode != "bid"
    # a table made before the option existed has none stored: it keeps the rates it began with
    state.by_seating = state.handicapped and options.get("shared_rates", "none") == "house"
    log = ActionLog()
    reinforce.setup(state, log)
    flow.start_nation_turn(state, log, rng)
    if options.get("scenario") == "short" and state.last_turn >= SHORT_FIRST_TURN:
        # tables made before the handicap option played the prelude with the simple bot: their logs must replay
        _prelude(state, rng, state.unseated if "handicap" in options else "simple")
    if mode == "bid":
        bidding.start(state, rng)
        return state
    _run_bots(state, rng, log)
    return state


def _prelude(state: State, rng: Rng, bot: str) -> None:
    """Short scenario (house): the seed gives no turn-25 position, so the bot plays turns 1-24 for every side;
    the players take over when turn 25 begins, with every score back at 0. The bot is the one `unseated` names:
    the simple one left a turn-25 position unlike any a campaign reaches (Red far ahead)."""
    seats, unseated = dict(state.side_seat), state.unseated
    state.side_seat, state.unseated = dict.fromkeys(seats, BOT), bot
    log = ActionLog()
    while state.turn < SHORT_FIRST_TURN and state.phase != "over":
        _apply(state, _bot_action(state), rng, log)
    state.side_seat, state.unseated = seats, unseated
    state.vp = {}
    state.scenario = "short"


# --- who acts ----------------------------------------------------------------------------------------------


def _seat(state: State) -> int:
    if state.bidding is not None:
        return state.bidding.to_act
    return seat_of(state, choices.decider(state))


def awaiting(state: State) -> frozenset[int]:
    if state.phase == "over":
        return frozenset()
    if state.bidding is not None:
        return frozenset({state.bidding.to_act})
    if not state.decisions and (choosing := aims.pending(state)):  # both sides may pick their targets at once
        return frozenset(seat_of(state, n) for n in choosing) - {BOT}
    seat = _seat(state)
    return frozenset() if seat == BOT else frozenset({seat})


# --- legal actions -----------------------------------------------------------------------------------------


def legal(state: State, seat: int) -> list[Choice]:
    forget(state)  # each call starts from the state it is handed
    return _open_to(state, seat)


def _open_to(state: State, seat: int | None, list_moves: bool = True) -> list[Choice]:
    """What `seat` (None: whoever is awaited) may choose now; without the moves unless `list_moves`."""
    if seat is None:
        return choices.legal_now(state, list_moves)
    if seat not in awaiting(state):
        return []
    if (nation := _aiming(state, seat)) is not None:
        return aims.choices(state, nation)
    return choices.legal_now(state, list_moves)


def _aiming(state: State, seat: int | None) -> str | None:
    """The nation of `seat` that must pick its target now (the attacker first when the seat plays both)."""
    if state.decisions or seat is None:
        return None
    return next((n for n in aims.pending(state) if seat_of(state, n) == seat), None)


# --- acting ------------------------------------------------------------------------------------------------


def check(state: State, seat: int, action: dict[str, Any]) -> None:
    """Whether `seat` may play `action` now (the front door in rules/base.py has checked the seat and the action's
    shape): a move is checked directly, a build or grant against its own short list, never the whole of legal()."""
    forget(state)  # each call starts from the state it is handed
    action = _written(state, action, seat)
    _validate(state, action, seat)
    if action["type"] == "orders":  # legal if the list plays through: tried on a copy, its dice thrown away
        trial = serial.clone(state)
        orders.run(trial, action["list"], lambda copy, order, into: _order(copy, seat, order, Rng(0), into))


def act(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    forget(state)  # each call starts from the state it is handed
    action = _written(state, action, seat)
    _validate(state, action, seat)
    log = ActionLog()
    _apply(state, action, rng, log, seat)
    _run_bots(state, rng, log)
    _close(state, log)
    return log.events


def _waiting_text(state: State) -> str:
    if not state.decisions and len(choosing := aims.pending(state)) > 1:
        return " and ".join(f"{_who(seat_of(state, n))} ({NATIONS[n].name}, target)" for n in choosing)
    seat = _seat(state)
    who = "the bot" if seat == BOT else seat_ref(seat)
    if state.bidding is not None:
        return f"{who} (bidding for sides)"
    return f"{who} ({NATIONS[choices.decider(state)].name})"


def stage(state: State) -> str:
    """What the campaign waits for, as boardgame.io names stages: bids for sides, a question (a decision), the
    build or movement step of a nation's turn, or a battle's target, casualties or fight-or-retreat."""
    if state.bidding is not None:
        return "bidding_side" if state.bidding.side else "bidding"
    if state.decisions:
        return "decision"
    if state.phase in ("build", "move"):
        return state.phase
    step = state.battle.step if state.battle else ""
    return step if step in ("target", "casualties") else "battle"


_TURN_STEP = ("end", "revolt", "orders", *declarations.TYPES)
# What each stage accepts (a new move is an entry here and in MOVES).
STAGES: dict[str, tuple[str, ...]] = {
    "bidding": ("bid",),
    "bidding_side": ("bid", "pass"),
    "decision": ("choose",),
    "build": ("build", *_TURN_STEP),
    "move": ("move", *_TURN_STEP, "grant"),
    "target": ("target",),
    "casualties": ("casualties",),
    "battle": ("fight", "retreat", "submit"),
}


def _allowed_types(state: State) -> tuple[str, ...]:
    return STAGES[stage(state)]


ZONE_PARAMS = ("from", "to", "zone")


def _written(state: State, action: dict[str, Any], seat: int) -> dict[str, Any]:
    """Zones and nations typed by name (any spelling the seed uses) become their ids; casualties however typed
    (a list, any order, counts) become the legal value they mean."""
    action = {**action, **{k: _zone_id(v) for k, v in action.items() if k in ZONE_PARAMS and isinstance(v, str)}}
    if isinstance(action.get("nation"), str) and action["nation"] not in NATIONS:
        action["nation"] = _nation_id(action["nation"])
    if action.get("type") != "casualties" or "units" not in action or seat not in awaiting(state):
        return action
    options = [str(c.action["units"]) for c in legal(state, seat) if c.action["type"] == "casualties"]
    found = casualties.matching(action["units"], options)
    return action if found is None else {**action, "units": found}


def _zone_id(name: str) -> str:
    try:
        return name if name in BOARD.zones else BOARD.resolve(name)
    except KeyError:
        return name  # left as typed: validation says it is not a zone


def _nation_id(name: str) -> str:
    try:
        return CONTENT.nations.resolve(name)
    except KeyError:
        return name


def _who(seat: int) -> str:
    return "the bot" if seat == BOT else seat_ref(seat)


def _validate(state: State, action: dict[str, Any], seat: int | None = None) -> None:
    kind = action.get("type")
    names = [spec.name for spec in meta.actions]
    require(isinstance(kind, str) and kind in names, f"Unknown action; Genertela actions are: {', '.join(names)}.")
    allowed = _allowed_types(state)
    require(kind in allowed, lambda: f"You cannot {kind} now; you may: {_possible(state, seat)}.")
    CHECKS.get(str(kind), _among_choices)(state, action, seat)


def _check_orders(state: State, action: dict[str, Any], seat: int | None) -> None:
    """Only the list's shape: act plays the orders on a copy and refuses the first that fails (orders.run)."""
    listed = action.get("list")
    written = isinstance(listed, str) or (isinstance(listed, list) and all(isinstance(o, str) for o in listed))
    require(written and set(action) == {"type", "list"}, "orders takes one list of orders.")


def _check_outside(state: State, action: dict[str, Any], seat: int | None) -> None:
    count = action.get("count")
    require(isinstance(count, int) and not isinstance(count, bool), "outside needs a whole number of units.")
    _among_choices(state, action, seat)


def _check_end(state: State, action: dict[str, Any], seat: int | None) -> None:
    if state.phase == "move":
        duty = dragonkill.duty_zones(state, active_nation(state))
        require(
            not duty,
            lambda: (
                f"The Dragonkill: first attack with at least one Dragon in {', '.join(zone(z).name for z in duty)}."
            ),
        )
    require(set(action) == {"type"}, "end takes no parameters.")


def _check_fight(state: State, action: dict[str, Any], seat: int | None) -> None:
    require(set(action) == {"type"}, "fight takes no parameters.")


def _check_letpass(state: State, action: dict[str, Any], seat: int | None) -> None:
    if _aiming(state, seat) is not None:
        _among_choices(state, action, seat)
        return
    require(set(action) == {"type"}, "letpass takes no parameters.")
    require(declarations.may_let_pass(state), "The Dragonewts need nobody's leave to pass.")


def _check_move_action(state: State, action: dict[str, Any], seat: int | None) -> None:
    _check_move(state, action)


def _options(state: State, kind: str, seat: int | None) -> list[dict[str, Any]]:
    """The choices an action of `kind` is one of: its own short list where it has one."""
    if kind == "grant":
        return [c.action for c in choices.grants(state)]
    if kind == "build":
        return [c.action for c in choices.builds(state)]
    if (nation := _aiming(state, seat)) is not None:
        return [c.action for c in aims.choices(state, nation)]
    return [c.action for c in choices.legal_now(state)]


def _among_choices(state: State, action: dict[str, Any], seat: int | None) -> None:
    kind = str(action["type"])
    options = _options(state, kind, seat)
    if action in options:
        return
    if not any(o["type"] == kind for o in options):
        raise RuleError(
            f"That {kind} is not one of the choices now (none is possible); you may: {_possible(state, seat)}."
        )
    if kind == "bid" and state.bidding is not None:
        raise RuleError(f"That bid is not possible. {bidding.guidance(state)}")
    if kind == "build":
        raise RuleError(
            f"That build is not possible (cost, zone or counters); you may: {_possible(state, seat, kind)}."
        )
    raise RuleError(f"That {kind} is not one of the choices now; you may: {_possible(state, seat, kind)}.")


Check = Callable[[State, dict[str, Any], "int | None"], None]
# How each action type is checked beyond the stage: most are one of the legal choices (_among_choices).
CHECKS: dict[str, Check] = {
    "move": _check_move_action,
    "orders": _check_orders,
    "outside": _check_outside,
    "end": _check_end,
    "fight": _check_fight,
    "letpass": _check_letpass,
}


def _possible(state: State, seat: int | None, kind: str = "") -> str:
    """What the seat may do now, as the menus say it: a kind with many choices is summed up by its command. Moves
    are listed only when a move was refused: listing them all is the slow part of legal()."""
    found = _open_to(state, seat, list_moves=kind == "move")
    by_kind: dict[str, list[str]] = {}
    for choice in found:
        if not kind or choice.action["type"] == kind:
            by_kind.setdefault(choice.action["type"], []).append(choice.label)
    shown = [
        "; ".join(labels) if len(labels) <= 5 else f"{labels[0]} ... ({len(labels)} choices of /gen {name})"
        for name, labels in by_kind.items()
    ]
    if not kind and state.phase == "move" and found and _may_move(state, seat):
        shown.append("a move (/gen move from to count)")
    return "; ".join(shown) or "nothing (another player is awaited)"


def _may_move(state: State, seat: int | None) -> bool:
    """Whether the awaited nation has a unit that may move now (without listing where to)."""
    nation = active_nation(state)
    if state.decisions or state.bidding is not None or (seat is not None and seat_of(state, nation) != seat):
        return False
    starts = sorted({unit.zone for unit in units_of(state, nation)})
    return any(movers(state, nation, start) and destinations(state, nation, start) for start in starts)


def _check_move(state: State, action: dict[str, Any]) -> None:
    """A move is checked directly: listing every possible move is the slow part of legal()."""
    require(set(action) == {"type", "from", "to", "count"}, "A move needs from, to and count.")
    count = action["count"]
    _explain_move(state, action)
    most = move_limit(state, active_nation(state), action["from"], action["to"])
    require(
        isinstance(count, int) and not isinstance(count, bool) and 1 <= count <= most,
        f"Move 1 to {most} {noun(most, 'unit')} there (at most 3 attack over a narrow pass; on turn 23 Dragons "
        f"only attack human units in Deathline zones); got {str(count)[:20]!r}.",
    )


def _explain_move(state: State, action: dict[str, Any]) -> list[Unit]:
    nation = active_nation(state)
    start, target = action.get("from"), action.get("to")
    if not (isinstance(start, str) and start in BOARD.zones):
        raise RuleError(f"{str(start)[:40]!r} is not a zone.")
    if not (isinstance(target, str) and target in BOARD.zones):
        raise RuleError(f"{str(target)[:40]!r} is not a zone.")
    ready = movers(state, nation, start)
    if not ready:
        free = sorted({zone(u.zone).name for u in units_of(state, nation) if movers(state, nation, u.zone)})
        raise RuleError(
            f"{NATIONS[nation].name} have no unit left to move in {zone(start).name}; "
            f"units may move from: {', '.join(free) or 'nowhere (end the movement with /gen end)'}."
        )
    require(
        target in destinations(state, nation, start),
        f"{zone(target).name} cannot be reached from {zone(start).name} (only through zones you or your allies hold).",
    )
    return ready


def _apply(state: State, action: dict[str, Any], rng: Rng, log: ActionLog, seat: int | None = None) -> None:
    """Play a checked action: bids go to the bidding, every other move is looked up in MOVES."""
    if state.bidding is not None:
        bidder = state.bidding.to_act
        bidding.act(state, bidder, action["type"], str(action.get("side", "")), int(action.get("points", 0)), log)
        return
    MOVES[action["type"]](state, action, rng, log, seat)


def _choose(state: State, action: dict[str, Any], rng: Rng, log: ActionLog, seat: int | None) -> None:
    decisions.resolve(state, action["option"], rng, log, ANSWERS)
    flow.resume(state, log, rng)


def _grant(state: State, action: dict[str, Any], rng: Rng, log: ActionLog, seat: int | None) -> None:
    alliance_votes.grant(state, active_nation(state), action["zone"], action["nation"], action["count"], log)


def _orders(state: State, action: dict[str, Any], rng: Rng, log: ActionLog, seat: int | None) -> None:
    log.events.extend(
        orders.run(state, action["list"], lambda trial, order, into: _order(trial, seat, order, rng, into))
    )


def _build(state: State, action: dict[str, Any], rng: Rng, log: ActionLog, seat: int | None) -> None:
    nation = active_nation(state)
    what, zid = action["kind"], action["zone"]
    state.resources[nation] -= flow.build_cost(what)
    unit_kind = {"unit": "standard"}.get(what, what)
    reinforce.add_unit(state, Unit(0, nation, unit_kind, zid, home=zid))
    if what == "unit":
        state.built.append(zid)
    built = {"city": "City", "forest": "Forest"}.get(what, what)
    log.say(f"{NATIONS[nation].acts('build')} a {built} in {zone(zid).name}.")
    if not flow.can_build(state) or not choices.builds(state):
        flow.end_build(state, log, rng)


def _declare(state: State, action: dict[str, Any], rng: Rng, log: ActionLog, seat: int | None) -> None:
    declarations.apply(state, action, log)


def _end(state: State, action: dict[str, Any], rng: Rng, log: ActionLog, seat: int | None) -> None:
    END_OF_STEP[state.phase](state, log, rng)


def _move_action(state: State, action: dict[str, Any], rng: Rng, log: ActionLog, seat: int | None) -> None:
    _move(state, active_nation(state), action, log)


def _target(state: State, action: dict[str, Any], rng: Rng, log: ActionLog, seat: int | None) -> None:
    aims.choose(state, _aiming(state, seat) or choices.decider(state), action["category"], log)
    flow.settle(state, log, rng)


def _revolt(state: State, action: dict[str, Any], rng: Rng, log: ActionLog, seat: int | None) -> None:
    submission.revolt(state, active_nation(state), log)


def _submit(state: State, action: dict[str, Any], rng: Rng, log: ActionLog, seat: int | None) -> None:
    assert state.battle is not None
    if vassals.ask_acceptance(state, state.battle, action.get("zone", "")):
        return  # a nation that revolted against it: the overlord first says whether it takes it back
    submission.submit(state, state.battle.defender, action["nation"], log, action.get("zone", ""))
    vassals.after_submission(state, state.battle, log, partial="zone" in action)
    if not state.politics.resume:  # else the battles go on once the attacker chose whether to withdraw
        flow.next_battle(state, log, rng)


def _casualties(state: State, action: dict[str, Any], rng: Rng, log: ActionLog, seat: int | None) -> None:
    combat.take_hits(state, choices.decider(state), casualties.expand(action["units"]), log)
    flow.settle(state, log, rng)


def _fight_or_retreat(state: State, action: dict[str, Any], rng: Rng, log: ActionLog, seat: int | None) -> None:
    _retreat_step(state, action["type"], action, rng, log)


# Every question's answer, by decision kind: one table built here, not filled in as modules happen to be imported.
ANSWERS: dict[str, decisions.Handler] = {
    **decisions.ANSWERS,
    **alliance_votes.ANSWERS,
    **conversions.ANSWERS,
    **dragonewts.ANSWERS,
    **duties.ANSWERS,
    **losses.ANSWERS,
    **overlords.ANSWERS,
    **vassals.ANSWERS,
}

Move = Callable[[State, dict[str, Any], Rng, ActionLog, "int | None"], None]
# Each action type and its move (bids are the bidding's own); a new move is an entry here and in STAGES.
MOVES: dict[str, Move] = {
    "choose": _choose,
    "grant": _grant,
    "orders": _orders,
    "build": _build,
    **{kind: _declare for kind in declarations.TYPES},
    "end": _end,
    "move": _move_action,
    "target": _target,
    "revolt": _revolt,
    "submit": _submit,
    "casualties": _casualties,
    "fight": _fight_or_retreat,
    "retreat": _fight_or_retreat,
}
END_OF_STEP: dict[str, Callable[[State, ActionLog, Rng], None]] = {"build": flow.end_build, "move": flow.end_move}


def _move(state: State, nation: str, action: dict[str, Any], log: ActionLog) -> None:
    start, target, count = action["from"], action["to"], action["count"]
    if pass_room(state, nation, start, target) is not None:
        state.pass_entries[target] = state.pass_entries.get(target, 0) + count
    units = movers_to(state, nation, start, target)[:count]
    hopping = hop_movers(state, nation, start, target, units)
    for unit in units:
        if unit in hopping:
            continue
        unit.zone = target
        unit.moved = True
        dragonewts.arrive(state, unit, nation, target)
    log.say(f"{NATIONS[nation].acts('move')} {count} from {zone(start).name} to {zone(target).name}.")
    if hopping:  # city to city: an enemy on the way may stop them
        dragonewts.hop(state, hopping, start, target, closed_zones(state, nation), log)
    if check_overrun(state, nation, target):
        log.say(f"{zone(target).name} is overrun: {NATIONS[nation].name} may move on through it.")
    alliance_votes.retake_homeland(state, nation, target, log)


def _retreat_step(state: State, kind: str, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    battle = state.battle
    assert battle is not None
    if kind == "retreat":
        combat.retreat(state, choices.decider(state), action["zone"], log)
    if battle.step == "retreat_defender":
        battle.step = "retreat_attacker"
        if kind == "retreat" or not combat.retreat_options(state, battle.attacker):
            flow.after_retreats(state, log, rng)
            return
        return
    flow.after_retreats(state, log, rng)


def _order(state: State, seat: int | None, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    """One order of an order list, checked and played like the same action sent alone; "all" moves what may go."""
    if seat is None or seat not in awaiting(state):
        raise RuleError(f"it is not your decision now; waiting for {_waiting_text(state)}.")
    action = _written(state, action, seat)
    if action["type"] == "move" and action["count"] == "all":
        start, target = action["from"], action["to"]
        known = start in BOARD.zones and target in BOARD.zones
        action["count"] = move_limit(state, active_nation(state), start, target) if known else 1
    _validate(state, action, seat)
    _apply(state, action, rng, log, seat)
    _run_bots(state, rng, log)


def _run_bots(state: State, rng: Rng, log: ActionLog) -> None:
    """Sides nobody sits at are played by the bot policy until a person must act; a movement step in which the
    nation can do nothing ends by itself."""
    while state.phase != "over" and (_seat(state) == BOT or _idle_movement(state)):
        _apply(state, _bot_action(state) if _seat(state) == BOT else {"type": "end"}, rng, log)


def _bot_action(state: State) -> dict[str, Any]:
    """An unseated side's play: the bot a bot seat plays (`normal`), or the engine's simple policy."""
    if state.unseated == "normal":
        return policy.decide(state, choices.decider(state))
    return policy.next_action(state)


def _idle_movement(state: State) -> bool:
    """No unit may move, nothing to grant, declare or revolt: only the standing "let Dragonewts pass" is left,
    and the nation is asked about that when named Dragonewts actually come through."""
    if state.bidding is not None or state.decisions or state.phase != "move":
        return False
    nation = active_nation(state)
    starts = {u.zone for u in units_of(state, nation)}
    if any(
        move_limit(state, nation, zid, to) > 0
        for zid in starts
        if movers(state, nation, zid)
        for to in destinations(state, nation, zid)
    ):
        return False
    return all(c.action["type"] in ("end", "letpass") for c in choices.legal_now(state))


def _close(state: State, log: ActionLog) -> None:
    result = outcome(state)
    if result is not None:
        log.say(result.summary, "game_end")


def fallback(state: State, seat: int) -> dict[str, Any]:
    if (nation := _aiming(state, seat)) is not None:
        return aims.choices(state, nation)[0].action  # the default target of that seat's side
    return policy.fallback_action(state)


# --- what players see --------------------------------------------------------------------------------------


def view(state: State, seat: int | None) -> State:
    """Only a target category chosen while the other side still chooses is hidden (until the dice roll)."""
    battle = state.battle
    if battle is None or not battle.aims:
        return state
    mine = {n: c for n, c in battle.aims.items() if seat is not None and seat_of(state, n) == seat}
    return replace(state, battle=replace(battle, aims=mine))


def status(state: State, seat: int | None) -> str:
    scores = ", ".join(f"{side} {points}{given_up_note(state, side)}" for side, points in side_vp(state).items())
    result = outcome(state)
    if result is not None:
        return f"{result.summary} VP: {scores}."
    if state.bidding is not None:
        auction = state.bidding
        now = f"{auction.side} stands at {auction.high} VP" if auction.side else "a new auction opens"
        return f"Bidding for sides: {now}; waiting for {seat_ref(auction.to_act)}.\n{bidding.guidance(state)}"
    turn = CONTENT.turn(state.turn)
    nation = NATIONS[active_nation(state)]
    lines = [
        f"Turn {state.turn}/{state.last_turn}: {turn.title}. {nation.name} ({nation.side}) - {state.phase}.",
        f"Waiting for {_waiting_text(state)}. VP: {scores}.",
    ]
    if per_side(state):  # three players sharing four sides: say what the win is decided on
        standing = ", ".join(f"{seat_ref(s)} {points}" for s, points in seat_scores(state).items())
        lines.append(f"Scores, VP per side held: {standing}.")
    if state.decisions:
        lines.append(decisions.prompt(state))
    elif what := guidance(state):
        lines.append(what)
    if seat is not None:
        mine = [side for side, owner in state.side_seat.items() if owner == seat]
        lines.append(f"You play {', '.join(mine) or 'no side'}.")
        shown = view(state, seat).battle if state.battle else None
        aimed = shown.aims if shown is not None else {}
        lines += [f"{NATIONS[n].acts('aim at')} {CATEGORY_NAMES[c]} (secret until the dice)." for n, c in aimed.items()]
    return "\n".join(lines)


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    scores = seat_scores(state)
    best = max(scores.values())
    winners = tuple(seat for seat, points in scores.items() if points == best)
    names = " and ".join(seat_ref(s) for s in winners)
    unit = "VP a side" if per_side(state) else "VP"
    return Outcome(
        winners,
        scores,
        f"The campaign ends after turn {state.last_turn}: {names} win with {best} {unit}.",
        reason=f"the campaign's last turn (turn {state.last_turn}) is over",
        unit="VP a side" if per_side(state) else "VP",
        draw=len(winners) == len(scores) > 1,
    )


ENGINE = Engine(
    meta=meta,
    State=State,
    new=new,
    awaiting=awaiting,
    legal=legal,
    apply=act,
    view=view,
    status=status,
    outcome=outcome,
    fallback=fallback,
    check=check,
    glossary=glossary.lookups,
    bot=bot.policy,
    places=glossary.places,
    next=lambda state, seat, legal: steps(meta, state, seat, legal),
)
