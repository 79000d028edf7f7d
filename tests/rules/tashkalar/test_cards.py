"""Every being, legend, Flare and task does what its text says."""

from __future__ import annotations

import pytest

from rules import serial
from rules.tashkalar.board import coords, within
from rules.tashkalar.content import CARDS, FLARES, LEGENDS, MOVE_KINDS, TASKS
from rules.tashkalar.effects import current, effects_of
from rules.tashkalar.engine import ENGINE as tashkalar
from rules.tashkalar.scoring import task_done
from rules.tashkalar.state import State
from rules.tashkalar.text import card_text
from tests.rules.tashkalar.helpers import act, fresh, hand, lay, owner_rank, put

RING_1 = ("enemy-common", "enemy-heroic", None, "enemy-common", None, "enemy-heroic", None, None)
RING_2 = ("enemy-common", None, "enemy-heroic", None, "enemy-legendary", None)


def _arena(card_id: str) -> State:
    """Seat 0 holds the card and its pattern at e5; enemies of every rank stand around."""
    state = fresh(mode="deathmatch")
    card = CARDS[card_id]
    if card.rank == 3:
        hand(state, 0, [], [card_id])
    else:
        hand(state, 0, [card_id], [])
    pattern = set(lay(state, 0, card_id, "e5"))
    kinds = {"enemy-common": 1, "enemy-heroic": 2, "enemy-legendary": 3}
    near = [sq for sq in within("e5", 1) if sq not in pattern]
    far = [sq for sq in within("e5", 2) if sq not in pattern and sq not in within("e5", 1)]
    for squares, ring in ((near, RING_1), (far, RING_2)):
        for index, square in enumerate(squares):
            kind = ring[index % len(ring)]
            if kind:
                put(state, 1, kinds[kind], square)
    return state


def _distance(a: str, b: str) -> int:
    return max(abs(p - q) for p, q in zip(coords(a), coords(b), strict=True))


def _good_choice(state: State, options: list[dict]) -> dict:
    """A move after which the card's next effect still has a target (so every effect gets exercised)."""
    options = sorted(options, key=lambda a: _distance("e5", a["to"]))
    index = state.queue[0].index
    if index + 1 == len(effects_of(state.queue[0])):
        return options[0]
    for option in options:
        trial = serial.clone(state)
        act(trial, 0, **option)
        now = current(trial)
        if now is not None and now[0].index in (index, index + 1):
            return option
    return options[0]


def _resolve(state: State) -> set[int]:
    """Take the first offered target for every effect, checking each result; return the effects exercised."""
    exercised: set[int] = set()
    while (now := current(state)) is not None:
        pending, effect = now
        options = [c.action for c in tashkalar.legal(state, 0) if c.action["type"] in ("pick", "move")]
        assert options, f"{pending.card}: effect {pending.index} offered nothing to choose"
        choice = _good_choice(state, options) if effect.do in MOVE_KINDS else options[0]
        index = pending.index
        if effect.do in MOVE_KINDS:
            start, end = choice["from"], choice["to"]
            mover = owner_rank(state, start)
            act(state, 0, **choice)
            assert owner_rank(state, end) == mover and start not in state.board
            assert _distance(start, end) <= (effect.reach if effect.do == "jump" else effect.steps)
        else:
            square = choice["square"]
            before = owner_rank(state, square)
            act(state, 0, **choice)
            after = owner_rank(state, square)
            if effect.do == "destroy":
                assert before is not None and before[0] == 1 and after is None
            elif effect.do == "upgrade":
                assert before and after == (before[0], before[1] + 1)
            elif effect.do == "downgrade":
                assert before and after == (before[0], before[1] - 1)
            elif effect.do == "convert":
                assert before and before[0] == 1 and after == (0, before[1])
            elif effect.do == "place":
                assert before is None and after == (0, 1)
        exercised.add(index)
        if (now := current(state)) is not None and now[0] is pending and pending.index == index:
            act(state, 0, type="skip")  # one target per effect is enough here
    return exercised


@pytest.mark.parametrize("card_id", sorted(CARDS))
def test_card_effect(card_id: str) -> None:
    card = CARDS[card_id]
    state = _arena(card_id)
    state.actions_left = 2
    act(state, 0, type="summon", card=card_id, where="e5", orientation="0")
    assert owner_rank(state, "e5") == (0, card.rank)
    extra_actions = sum(e.count for e in card.effects if e.do == "extra_action")
    extra_cards = sum(e.count for e in card.effects if e.do == "extra_card")
    exercised = _resolve(state)
    assert state.actions_left == 1 + extra_actions
    assert state.extra_cards == extra_cards
    targeted = {i for i, e in enumerate(card.effects) if e.do not in ("extra_action", "extra_card")}
    assert exercised == targeted, f"{card.name}: effects {targeted - exercised} never offered a target"
    assert len(card_text(card_id)) == len(card.effects)


@pytest.mark.parametrize("flare_id", sorted(FLARES))
def test_flare_effect(flare_id: str) -> None:
    flare = FLARES[flare_id]
    state = fresh(mode="deathmatch")
    state.hands[0].flares = [flare_id]
    put(state, 0, 1, "d5", "c5")
    put(state, 0, 2, "d4")
    put(state, 1, 2, "e5", "f5", "g5", "e6", "f6", "g6", "h6")
    put(state, 1, 1, "e4", "f4", "g4")
    act(state, 0, type="flare", against="blue")
    assert [p.part for p in state.queue if p.card == flare_id] in (["top", "bottom"], ["bottom"], ["top"])
    assert len(state.queue) + int(bool(state.extra_cards)) + int(state.actions_left > 2) >= 1
    exercised = set()
    parts = {"top": flare.top.effects, "bottom": flare.bottom.effects}
    while (now := current(state)) is not None:
        pending, effect = now
        exercised.add((pending.part, pending.index))
        options = [c.action for c in tashkalar.legal(state, 0) if c.action["type"] in ("pick", "move")]
        assert options
        act(state, 0, **options[0])
        if (now := current(state)) is not None and now[0] is pending:
            act(state, 0, type="skip")
    for part, effects in parts.items():
        for index, effect in enumerate(effects):
            if effect.do not in ("extra_action", "extra_card"):
                assert (part, index) in exercised, f"{flare.name} {part} effect {index} was never offered"
    extra_actions = sum(e.count for e in (*flare.top.effects, *flare.bottom.effects) if e.do == "extra_action")
    assert state.actions_left == 2 + extra_actions  # a Flare costs no action


def _lay_task(state: State, seat: int, grid: tuple[str, ...], x0: int = 2, y0: int = 6) -> None:
    ranks = {"c": 1, "h": 2, "l": 3}
    for row, line in enumerate(grid):
        for col, ch in enumerate(line):
            if ch in ranks:
                put(state, seat, ranks[ch], f"{'abcdefghi'[x0 + col]}{y0 - row + 1}")


def _task_board(task_id: str, done: bool) -> State:
    task = TASKS[task_id]
    state = fresh(mode="high_form")
    if task.kind == "shape":
        grid = task.grid
        if not done:  # one token short of the shape
            grid = tuple(
                line.replace("c", ".", 1).replace("h", ".", 1) if i == 0 else line for i, line in enumerate(grid)
            )
        _lay_task(state, 0, grid)
        return state
    count = task.at_least if done else task.at_least - 1
    if task.kind == "lead":
        put(state, 1, 1, "i9", "i8")
        count = task.at_least + 2 if done else task.at_least + 1
    squares = {
        "centre": [f"{f}{r}" for f in "def" for r in (4, 5, 6)],
        "edge": [f"{f}1" for f in "abcdefghi"] + [f"{f}9" for f in "abcdefgh"],
        "corners": ["a1", "b2", "h8", "i9", "a9", "h2"],
    }.get(task.zone, [f"{f}{r}" for r in (1, 2, 3, 4) for f in "abcdefgh"])
    put(state, 0, task.rank, *squares[:count])
    return state


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_task(task_id: str) -> None:
    task = TASKS[task_id]
    assert task_done(_task_board(task_id, True), 0, task)
    assert not task_done(_task_board(task_id, False), 0, task)


def test_task_shapes_count_in_every_orientation() -> None:
    task = TASKS["diagonal_charge"]
    state = fresh(mode="high_form")
    put(state, 0, 1, "a4", "b3", "c2", "d1")  # the other diagonal
    assert task_done(state, 0, task)


def test_legends_are_a_shared_deck_of_legendary_beings() -> None:
    assert len(LEGENDS) >= 8 and all(CARDS[c].rank == 3 for c in LEGENDS)
