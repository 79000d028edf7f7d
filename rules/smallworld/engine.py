"""Small World Underground: the contract surface (meta, new, awaiting, legal, act, view, status, outcome)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import serial
from rules.base import (
    ActionLog,
    ActionSpec,
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
from rules.smallworld.actions import MOVES, combo_name
from rules.smallworld.bot import policy
from rules.smallworld.content import Content, RegionData, content
from rules.smallworld.moves import awaiting, legal
from rules.smallworld.scoring import outcome
from rules.smallworld.state import CONQUER, DEFENDERS, PICK, REDEPLOY, Combo, Player, Region, State
from rules.smallworld.turn import start_turn
from rules.text import count

HIDDEN = -1  # a coin total the viewer may not see
# Race effects that still work once the race is in decline (abilities.declined_effects, immune_to_abilities).
DECLINED_RACE_EFFECTS = ("score_declined_region", "immune_abilities")
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
        ActionSpec(
            "conquer", "Conquer a region with tokens from your hand.", (Param("region", "Region to take"),), menu=True
        ),
        ActionSpec("reinforce", "Last conquest with the reinforcement die (choose the target first).", (
            Param("region", "Region to attempt"),)),
        ActionSpec("redeploy", "Move tokens between your regions (or from your hand).", (
            Param("source", "hand, or one of your regions", noun="region"),
            Param("to", "One of your regions", noun="region"),
            Param("count", "How many tokens", kind="int")), menu=True),
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
        regions={rid: Region(monsters=_strength(data, r)) for rid, r in game_map.regions.items()},
        row=[Combo(races.pop(0), powers.pop(0), 0) for _ in range(6)],
        races=races,
        powers=powers,
        treasures=treasures,
        tray={rid: race.tray for rid, race in data.races.items()},
        seats=[Player() for _ in range(count)],
    )
    start_turn(state, 0, ActionLog())
    return state


def _strength(data: Content, region: RegionData) -> int:
    """A monster region starts with as many monster tokens as its monsters' strength (monsters.json)."""
    return data.monsters[region.terrain].strength if region.monster else 0


def act(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    """Validate, then apply. Every move checks everything before its first change (RuleError leaves the state
    as it was); the contract tests check this on every step of random games."""
    log = ActionLog()
    MOVES.play(state, seat, action, rng, log, stage=state.phase)
    return log.events


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
            held = len(abilities.active_regions(state, index))
            parts.append(f"{combo_name(player.active)} ({count(held, 'region', zero='0')})")
        if player.declined:
            held = len(abilities.declined_regions(state, index))
            parts.append(f"declined {abilities.race(player.declined.race).name} ({count(held, 'region', zero='0')})")
        lines.append(f"{seat_ref(index)}: {', '.join(parts) or 'no race yet'}.")
    if seat is not None and 0 <= seat < state.players:
        mine = state.seats[seat]
        lines.append(f"You have {count(mine.coins, 'coin')} and {count(mine.hand, 'token')} in hand.")
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
    bot=policy,
    places=glossary.places,
)
