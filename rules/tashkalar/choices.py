"""legal(): every complete action the awaited seat may take now, with labels for autocomplete and buttons."""

from __future__ import annotations

from itertools import combinations

from rules.base import Choice, seat_ref
from rules.tashkalar.board import ORIENTATION_LABELS, SQUARES
from rules.tashkalar.content import CARDS, FLARES, MOVE_KINDS, RANK_NAMES, TASKS
from rules.tashkalar.effects import card_name, current, destinations, targets
from rules.tashkalar.patterns import grid, reusable, spots
from rules.tashkalar.scoring import claimable, flare_parts
from rules.tashkalar.state import COLOURS, State, enemies, piece_free, rank_of, teammate
from rules.text import count

QUICK_LIMIT = 4  # at most this many summons become buttons
LABEL_LIMIT = 100


def choices_for(state: State, seat: int) -> list[Choice]:
    return [_fit(choice) for choice in _choices(state, seat)]


def _fit(choice: Choice) -> Choice:
    """Discord shows at most 100 characters of a choice."""
    if len(choice.label) <= LABEL_LIMIT:
        return choice
    return Choice(choice.action, choice.label[: LABEL_LIMIT - 1] + "…", choice.quick)


def _choices(state: State, seat: int) -> list[Choice]:
    if state.take is not None:
        return [Choice({"type": "take", "square": sq}, f"Reuse your token on {sq}") for sq in state.take.options]
    now = current(state)
    if now is not None:
        return _effect_choices(state, seat)
    if state.phase == "claim":
        return [
            Choice(
                {"type": "claim", "task": task},
                f"Claim {TASKS[task].name} ({count(TASKS[task].points, 'pt')})",
                quick=True,
            )
            for task in claimable(state, seat)
        ]
    found = action_choices(state, seat)
    if not found:
        unused = count(state.actions_left, "action")
        return [Choice({"type": "end"}, f"End the turn: nothing can use your {unused}", True)]
    return found


def action_choices(state: State, seat: int) -> list[Choice]:
    """What may start a new action (plus the free Flare and passing control)."""
    if state.phase != "play" or state.actions_left <= 0 or seat != state.controller:
        return []
    found: list[Choice] = []
    if seat == state.active:
        found.extend(_flares(state, seat))
        found.extend(_summons(state, seat))
    found.extend(_places(state, seat))
    if seat == state.active:
        found.extend(_discards(state, seat))
        found.extend(_pass(state, seat))
    return found


def _pass(state: State, seat: int) -> list[Choice]:
    mate = teammate(state, seat)
    if mate is None or seat != state.active or seat != state.controller:
        return []
    return [Choice({"type": "pass"}, f"Pass control (and the team's legends) to {seat_ref(mate)}")]


def _places(state: State, seat: int) -> list[Choice]:
    if not piece_free(state, seat, 1) and not reusable(state, seat, 1, set()):
        return []
    empty = [sq for sq in SQUARES if sq not in state.board]
    return [Choice({"type": "place", "square": sq}, f"Place a common token on {sq}") for sq in empty]


def _summons(state: State, seat: int) -> list[Choice]:
    hand = state.hands[seat]
    tokens = grid(state)
    found: list[Choice] = []
    battle = state.mode == "deathmatch" and state.players > 2 and not state.teams
    lenders: list[int | None] = [None]
    if battle:
        lenders += [other for other in enemies(state, seat) if COLOURS[other] not in state.borrowed[seat]]
    for card_id in dict.fromkeys([*hand.beings, *hand.legends]):
        card = CARDS[card_id]
        for lender in lenders:
            for spot in spots(state, seat, card, lender, tokens):
                action = {"type": "summon", "card": card_id, "where": spot.where, "orientation": spot.orientation}
                label = f"{card.name} at {spot.where} ({ORIENTATION_LABELS[spot.orientation]})"
                if lender is not None:
                    action["borrow"] = COLOURS[lender]
                    label += f", borrowing a {COLOURS[lender]} token"
                found.append(Choice(action, label, quick=len(found) < QUICK_LIMIT and lender is None))
    return found


def _discards(state: State, seat: int) -> list[Choice]:
    beings = state.hands[seat].beings
    if state.discarded or not beings:
        return []
    found = []
    for card in beings:
        others = [c for c in beings if c != card]
        for size in range(len(others) + 1):
            for under in combinations(sorted(others), size):
                action = {"type": "discard", "card": card}
                label = f"Discard {CARDS[card].name} and draw"
                if under:
                    action["bottom"] = ",".join(under)
                    label += ", putting " + " and ".join(CARDS[c].name for c in under) + " under the deck"
                found.append(Choice(action, label))
    return found


def _flares(state: State, seat: int) -> list[Choice]:
    hand = state.hands[seat]
    if not hand.flares:
        return []
    card = FLARES[hand.flares[0]]
    found = []
    for other in enemies(state, seat):
        parts = flare_parts(state, seat, card, other)
        if parts:
            label = f"Flare {card.name} against {COLOURS[other]} ({' then '.join(parts)})"
            found.append(Choice({"type": "flare", "against": COLOURS[other]}, label, True))
    return found


def _effect_choices(state: State, seat: int) -> list[Choice]:
    now = current(state)
    assert now is not None
    pending, effect = now
    name = card_name(pending)
    found: list[Choice] = []
    valid = targets(state, pending, effect)
    if effect.do in MOVE_KINDS:
        for start in valid:
            for end in destinations(state, start, effect):
                hit = state.board.get(end)
                what = f", destroying the {RANK_NAMES[rank_of(hit)]} token there" if hit else ""
                found.append(Choice({"type": "move", "from": start, "to": end}, f"{name}: {start} to {end}{what}"))
    else:
        for square in valid:
            found.append(Choice({"type": "pick", "square": square}, f"{name}: {effect.do.replace('_', ' ')} {square}"))
    if len(found) <= QUICK_LIMIT:
        found = [Choice(c.action, c.label, True) for c in found]
    if not effect.must:
        found.append(Choice({"type": "skip"}, f"{name}: skip ({effect.do.replace('_', ' ')})", True))
    return found + _pass(state, seat)
