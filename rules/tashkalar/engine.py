"""Tash-Kalar engine: the contract surface (meta, new, awaiting, legal, act, view, status, outcome, fallback)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import serial
from rules.base import ActionLog, Choice, Engine, Event, Outcome, RuleError, SeatInfo, require, seat_ref
from rules.rng import Rng
from rules.tashkalar import actions, glossary
from rules.tashkalar.bot import policy as bot_policy
from rules.tashkalar.choices import action_choices, choices_for
from rules.tashkalar.content import FACTIONS, FLARES, LEGENDS, TASKS
from rules.tashkalar.effects import card_name, current
from rules.tashkalar.meta import meta
from rules.tashkalar.scoring import final_scores, winners
from rules.tashkalar.state import (
    COLOURS,
    HAND_BEINGS,
    HAND_FLARES,
    HAND_LEGENDS,
    HIDDEN,
    TARGET,
    TASKS_ON_OFFER,
    Hand,
    State,
    team_score,
)
from rules.tashkalar.text import card_line, describe, flare_text, task_text
from rules.text import count

__all__ = ["State", "act", "awaiting", "fallback", "legal", "meta", "new", "outcome", "status", "view"]


def opening_actions(players: int, teams: bool) -> list[int]:
    """Actions each seat has on its first turn: the first player only one; with three players each alone the third
    too (house rule: the last seat, who sees every other score before the game ends, won 43.6% of 400 bot games)."""
    return [1, 2, 1] if players == 3 and not teams else [1] + [2] * (players - 1)


def new(seats: Sequence[SeatInfo], options: dict[str, Any], rng: Rng) -> State:
    players = len(seats)
    require(2 <= players <= 4, "Tash-Kalar is for 2 to 4 players.")
    mode = str(options.get("mode", "high_form"))
    require(mode in TARGET, "Mode must be high_form or deathmatch.")
    teams = str(options.get("teams", "no")) == "yes"
    require(not teams or players == 4, "Team play needs exactly 4 players (two teams of two).")
    names = list(FACTIONS)
    factions = []
    for index, info in enumerate(seats):
        wanted = (info.faction or "").lower()
        require(not wanted or wanted in FACTIONS, f"Unknown faction {info.faction!r}; choose {', '.join(names)}.")
        factions.append(wanted or names[index % len(names)])
    state = State(
        players=players,
        mode=mode,
        teams=teams,
        max_rounds=int(options.get("rounds", 30)),
        factions=factions,
        hands=[Hand() for _ in range(players)],
        decks=[list(FACTIONS[f].beings) for f in factions],
        discards=[[] for _ in range(players)],
        legend_deck=list(LEGENDS),
        flare_deck=list(FLARES),
        task_deck=list(TASKS) if mode == "high_form" else [],
        claimed=[[] for _ in range(players)],
        scores=[0] * players,
        carry_common=[0] * players,
        borrowed=[[] for _ in range(players)],
        opening=opening_actions(players, teams),
    )
    state.actions_left = state.opening[0]
    for deck in (*state.decks, state.legend_deck, state.flare_deck, state.task_deck):
        rng.shuffle(deck)
    for seat in range(players):
        hand = state.hands[seat]
        hand.beings = [state.decks[seat].pop(0) for _ in range(HAND_BEINGS)]
        if not teams or seat < 2:  # a team shares one legend hand, held first by its first player
            hand.legends = [state.legend_deck.pop(0) for _ in range(HAND_LEGENDS)]
        hand.flares = [state.flare_deck.pop(0) for _ in range(HAND_FLARES)]
    state.tasks_offer = [state.task_deck.pop(0) for _ in range(TASKS_ON_OFFER)] if mode == "high_form" else []
    return state


def awaiting(state: State) -> frozenset[int]:
    if state.phase == "over":
        return frozenset()
    if state.phase == "claim":
        return frozenset({state.active})
    return frozenset({state.controller})


def legal(state: State, seat: int) -> list[Choice]:
    if seat not in awaiting(state):
        return []
    return choices_for(state, seat)


def act(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    """The front door (rules/base.py) has checked the seat and the action's shape; each move checks the rest."""
    if action["type"] == "end":
        require(
            state.take is None and current(state) is None and not action_choices(state, seat),
            "You must use all your actions (place a common token, summon, or discard) before ending the turn.",
        )
    log = ActionLog()
    actions.MOVES[action["type"]](state, seat, action, rng, log)
    actions.after(state, rng, log)
    return log.events


def view(state: State, seat: int | None) -> State:
    """Hands and deck order are hidden; counts stay so the board can show them."""
    seen = serial.clone(state)
    for other, hand in enumerate(seen.hands):
        if other != seat:
            seen.hands[other] = Hand(
                [HIDDEN] * len(hand.beings), [HIDDEN] * len(hand.legends), [HIDDEN] * len(hand.flares)
            )
    seen.decks = [[HIDDEN] * len(deck) for deck in seen.decks]
    seen.legend_deck = [HIDDEN] * len(seen.legend_deck)
    seen.flare_deck = [HIDDEN] * len(seen.flare_deck)
    seen.task_deck = [HIDDEN] * len(seen.task_deck)
    return seen


def _who(seat: int) -> str:
    return f"{seat_ref(seat)} ({COLOURS[seat]})"


def status(state: State, seat: int | None) -> str:
    lines = []
    result = outcome(state)
    if result:
        lines.append(result.summary)
    else:
        mode = "High Form" if state.mode == "high_form" else "Deathmatch"
        left = state.actions_left
        lines.append(f"{mode}, round {state.round}. {_who(state.active)} is playing, {count(left, 'action')} left.")
        if state.controller != state.active:
            lines.append(f"{_who(state.controller)} has control for their teammate.")
        pending = current(state)
        if state.take:
            lines.append(f"Waiting for {_who(state.controller)} to choose which token to reuse.")
        elif pending:
            effect = describe(pending[1])
            lines.append(f"Resolving {card_name(pending[0])}: {effect} {seat_ref(state.controller)} chooses or skips.")
        elif state.phase == "claim":
            lines.append(f"{_who(state.active)} chooses which completed task to claim.")
    scores = ", ".join(f"{_who(s)} {team_score(state, s)}" for s in range(state.players))
    lines.append(f"Scores (target {TARGET[state.mode]}): {scores}.")
    if state.tasks_offer:
        lines.append("Tasks on offer: " + "; ".join(task_text(task) for task in state.tasks_offer))
    if seat is not None and 0 <= seat < state.players:
        hand = state.hands[seat]
        lines.append(f"Your beings ({FACTIONS[state.factions[seat]].name}):")
        lines.extend(f"  {card_line(card)}" for card in hand.beings)
        if hand.legends:
            lines.append("Your legends:")
            lines.extend(f"  {card_line(card)}" for card in hand.legends)
        for flare in hand.flares:
            top, bottom = flare_text(flare)
            lines.append(f"Your Flare, {FLARES[flare].name}: {top} {bottom}")
        lines.append(f"Cards left in your deck: {len(state.decks[seat])}.")
    return "\n".join(lines)


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    scores = final_scores(state)
    best = winners(state)
    names = " and ".join(seat_ref(s) for s in best)
    verb = "share the win" if len(best) > 1 else "wins"
    return Outcome(
        best,
        scores,
        f"The game ends ({state.end_reason}): {names} {verb} with {count(scores[best[0]], 'point', zero='0')}.",
        reason=state.end_reason,
        draw=len(best) == len(scores) > 1,
    )


_FALLBACK_ORDER = ("skip", "take", "pick", "move", "claim", "end", "place", "discard", "summon", "flare", "pass")


def fallback(state: State, seat: int) -> dict[str, Any]:
    """Skip optional effects, take the first target when forced, claim a task, else place the first common."""
    options = legal(state, seat)
    if not options:
        raise RuleError("Nothing is awaited from this seat.")
    return min(options, key=lambda choice: _FALLBACK_ORDER.index(choice.action["type"])).action


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
    bot=bot_policy,
)
