"""Small World Underground: the contract surface (meta, new, awaiting, legal, act, view, status, outcome)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import serial
from rules.base import (
    ActionLog,
    ActionSpec,
    Choice,
    Engine,
    Event,
    Meta,
    Param,
    SeatInfo,
    require,
    seat_ref,
)
from rules.rng import Rng
from rules.smallworld import abilities, board, glossary
from rules.smallworld.actions import HAND, MAX_MOVES, dispatch
from rules.smallworld.content import content
from rules.smallworld.scoring import outcome
from rules.smallworld.state import CONQUER, DEFENDERS, OVER, PICK, REDEPLOY, Combo, Player, Region, State
from rules.smallworld.turn import start_turn

HIDDEN = -1  # a coin total the viewer may not see
# Race effects that still work once the race is in decline (abilities.declined_effects, immune_to_abilities).
DECLINED_RACE_EFFECTS = ("score_declined_region", "immune_abilities")
LABEL_MAX = 100  # characters Discord shows in a button or menu option label
content()  # validate races, powers, Places and Relics at import: a bad data file fails loudly at start-up

meta = Meta(
    id="smallworld",
    title="Small World Underground",
    min_players=2,
    max_players=5,
    command="sw",
    summary="Pick a race and a power, conquer the caverns, decline and come back: most coins after the last turn.",
    actions=(
        ActionSpec("pick", "Take a race+power combo from the row (1 coin on each combo above it).", (
            Param("combo", "Position in the row, 1 to 6"),)),
        ActionSpec("conquer", "Conquer a region with tokens from your hand.", (Param("region", "Region to take"),)),
        ActionSpec("reinforce", "Last conquest with the reinforcement die (choose the target first).", (
            Param("region", "Region to attempt"),)),
        ActionSpec("redeploy", "Move tokens between your regions (or from your hand).", (
            Param("source", "hand, or one of your regions"), Param("to", "One of your regions"),
            Param("count", "How many tokens", kind="int"))),
        ActionSpec("abandon", "Leave one of your regions (start of turn, before conquering).", (
            Param("region", "Region to leave"),)),
        ActionSpec("decline", "Put your active race into decline (instead of conquering this turn)."),
        ActionSpec("use", "Use an ability that needs a choice (Cultists: move the Great Ancient).", (
            Param("ability", "Ability to use"), Param("region", "Region"))),
        ActionSpec("end", "Finish: empty Rivers, spread tokens in hand, score and end the turn."),
    ),
)  # fmt: skip


def new(seats: Sequence[SeatInfo], options: dict[str, Any], rng: Rng) -> State:
    count = len(seats)
    require(2 <= count <= 5, "Small World Underground is for 2 to 5 players.")
    game_map = board.load_map(count)
    data = content()
    races, powers, treasures = list(data.races), list(data.powers), list(data.treasures)
    rng.shuffle(races)
    rng.shuffle(powers)
    rng.shuffle(treasures)
    state = State(
        players=count,
        map_id=game_map.id,
        turns=game_map.turns,
        regions={rid: Region(monsters=2 if r.monster else 0) for rid, r in game_map.regions.items()},
        row=[Combo(races.pop(0), powers.pop(0), 0) for _ in range(6)],
        races=races,
        powers=powers,
        treasures=treasures,
        tray={rid: race.tray for rid, race in data.races.items()},
        seats=[Player() for _ in range(count)],
    )
    start_turn(state, 0, ActionLog())
    return state


def awaiting(state: State) -> frozenset[int]:
    if state.phase == OVER:
        return frozenset()
    if state.phase == DEFENDERS:
        return frozenset(seat for seat, player in enumerate(state.seats) if player.pending)
    return frozenset({state.current})


def act(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    """Validate, then apply. Every move checks everything before its first change (RuleError leaves the state
    as it was); the contract tests check this on every step of random games."""
    log = ActionLog()
    dispatch(state, seat, action, rng, log)
    return log.events


def legal(state: State, seat: int) -> list[Choice]:
    if seat not in awaiting(state):
        return []
    if state.phase == PICK:
        return _pick_choices(state, seat)
    if state.phase == DEFENDERS:
        player = state.seats[seat]
        back = _moves(state, seat, {HAND: player.pending})
        return [*back, Choice({"type": "end"}, f"Put back {player.pending} token(s) evenly", quick=True)]
    choices: list[Choice] = []
    if state.phase == CONQUER:
        choices += _conquest_choices(state, seat)
    if state.log.moves < MAX_MOVES:
        sources = {HAND: state.seats[seat].hand}
        sources |= {rid: state.regions[rid].tokens - 1 for rid in abilities.active_regions(state, seat)}
        choices += _moves(state, seat, sources)
    choices.append(Choice({"type": "end"}, "Finish: keep this placement, spread tokens in hand, score", quick=True))
    return choices


def _pick_choices(state: State, seat: int) -> list[Choice]:
    coins = state.seats[seat].coins
    choices = []
    for index, combo in enumerate(state.row):
        if index > coins:
            break
        choices.append(Choice({"type": "pick", "combo": str(index + 1)}, pick_label(index + 1, combo), quick=True))
    return choices


def pick_label(position: int, combo: Combo) -> str:
    """'3. Tomb Ogres (+1 coin per race beaten; +1 coin per declined hit) - 9 tokens, costs 2, +1 coin':
    the name first (autocomplete reads it up to " ("), then what race and power do, then tokens, coins and cost.
    The tail gets terser until the label fits a Discord label; the briefs are cut only as a last resort."""
    race, power = abilities.race(combo.race), abilities.power(combo.power)
    tokens, cost, coins = race.tokens + power.tokens, position - 1, combo.coins
    head = f"{position}. {power.name} {race.name}"
    briefs = f" ({race.brief}; {power.brief})"
    tails = (
        f" - {tokens} tokens, {coins} coin(s) on it, costs {cost}",
        f" - {tokens} tokens, costs {cost}" + (f", +{coins} coin{'s' * (coins != 1)}" if coins else ""),
        f" - {tokens} tok, cost {cost}" + (f", +{coins}c" if coins else ""),
    )
    for tail in tails:
        if len(head + briefs + tail) <= LABEL_MAX:
            return head + briefs + tail
    room = LABEL_MAX - len(head + tails[-1]) - 1
    return head + briefs[: room - 1] + "…)" + tails[-1]


def _conquest_choices(state: State, seat: int) -> list[Choice]:
    choices: list[Choice] = []
    names = board.game_map(state).regions
    hand = state.seats[seat].hand
    frenzied = abilities.has_active(state, seat, "frenzied")
    die = (frenzied or not state.log.die_used) and hand >= 1
    for target in board.targets(state, seat):
        label = names[target.region].name
        via = " (Flying Doormat)" if target.by_doormat else ""
        if target.cost <= hand:
            choices.append(Choice({"type": "conquer", "region": target.region}, f"{label}: costs {target.cost}{via}"))
        elif die and target.cost - hand <= 3:
            short = target.cost - hand
            text = f"Roll for {label}: costs {target.cost}, you are {short} short{via}"
            choices.append(Choice({"type": "reinforce", "region": target.region}, text))
    if not state.log.conquered:
        mine = abilities.active_regions(state, seat)
        for rid in mine:
            choices.append(Choice({"type": "abandon", "region": rid}, f"Abandon {names[rid].name}"))
        if state.seats[seat].active is not None:
            choices.append(Choice({"type": "decline"}, "Go into decline (no conquest this turn)"))
        if abilities.has_active(state, seat, "great_ancient") and not state.log.ancient_moved:
            here = [rid for rid in mine if "ancient" in state.regions[rid].markers]
            for rid in mine if here else []:
                if rid not in here:
                    action = {"type": "use", "ability": "ancient", "region": rid}
                    choices.append(Choice(action, f"Move the Great Ancient to {names[rid].name}"))
    return choices


def _moves(state: State, seat: int, sources: dict[str, int]) -> list[Choice]:
    """Single redeploy moves: 1 token, or as many as can go, from each source to each region."""
    names = board.game_map(state).regions
    river_ok = abilities.has_active(state, seat, "river_hold")
    dests = [rid for rid in abilities.active_regions(state, seat) if river_ok or names[rid].terrain != "river"]
    choices = []
    for source, movable in sources.items():
        for dest in dests:
            if dest == source or movable < 1:
                continue
            for count in sorted({1, movable}):
                origin = "hand" if source == HAND else names[source].name
                action = {"type": "redeploy", "source": source, "to": dest, "count": count}
                choices.append(Choice(action, f"Move {count} from {origin} to {names[dest].name}"))
    return choices


def view(state: State, seat: int | None) -> State:
    """Coin totals are secret (shown to their owner, and to all once the game is over); stacks are face down."""
    seen = serial.clone(state)
    if not state.revealed:
        for index, player in enumerate(seen.seats):
            if index != seat:
                player.coins = HIDDEN
    seen.treasures = ["?"] * len(seen.treasures)
    seen.races = ["?"] * len(seen.races)
    seen.powers = ["?"] * len(seen.powers)
    return seen


def status(state: State, seat: int | None) -> str:
    lines = []
    result = outcome(state)
    if result is not None:
        lines.append(result.summary)
    else:
        phase = {PICK: "picking a combo", CONQUER: "conquering", REDEPLOY: "redeploying", DEFENDERS: "withdrawals"}
        doing = phase.get(state.phase, state.phase)
        lines.append(f"Turn {state.turn}/{state.turns}: {seat_ref(state.current)}'s turn ({doing}).")
    for index, player in enumerate(state.seats):
        parts = []
        if player.active:
            parts.append(f"{_combo_name(player.active)} ({len(abilities.active_regions(state, index))} regions)")
        if player.declined:
            count = len(abilities.declined_regions(state, index))
            parts.append(f"declined {abilities.race(player.declined.race).name} ({count} regions)")
        lines.append(f"{seat_ref(index)}: {', '.join(parts) or 'no race yet'}.")
    if seat is not None and 0 <= seat < state.players:
        mine = state.seats[seat]
        lines.append(f"You have {mine.coins} coin(s) and {mine.hand} token(s) in hand.")
        lines += _holdings(state, seat)
    return "\n".join(lines)


def _holdings(state: State, seat: int) -> list[str]:
    """What the seat holds and what each piece does: active race and power, declined race, Places and Relics."""
    player = state.seats[seat]
    lines = []
    if player.active is not None:
        race, power = abilities.race(player.active.race), abilities.power(player.active.power)
        lines.append(f"Your race: {race.name} - {race.brief}. Your power: {power.name} - {power.brief}.")
    if player.declined is not None:
        race, power = abilities.race(player.declined.race), abilities.power(player.declined.power)
        still = [e for e in race.effects if e.get("in_decline") or e.kind in DECLINED_RACE_EFFECTS]
        idle = "" if still else " (no longer in force)"
        kept = f"; its power {power.name} stays: {power.brief}" if power.survives_decline else ""
        lines.append(f"In decline: {race.name} - {race.brief}{idle}{kept}.")
    names = board.game_map(state).regions
    held = [(rid, r) for rid, r in state.regions.items() if r.treasure and r.owner == seat]
    for rid, region in held:
        found = abilities.treasure(str(region.treasure))
        idle = " (in decline: no effect)" if region.declined else ""
        lines.append(f"{found.kind.capitalize()} {found.name} in {names[rid].name}: {found.brief}{idle}.")
    return lines


def _combo_name(combo: Combo) -> str:
    return f"{abilities.power(combo.power).name} {abilities.race(combo.race).name}"


def fallback(state: State, seat: int) -> dict[str, Any]:
    if state.phase == PICK:
        return {"type": "pick", "combo": "1"}
    return {"type": "end"}


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
    glossary=glossary.lookups,
)
