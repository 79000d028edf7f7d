"""The bot: it plays only legal actions, sees only its seat's view, and beats random players."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bench.selfplay import play
from rules import serial
from rules.bots import random_policy
from rules.rng import Rng
from rules.tashkalar import bot
from rules.tashkalar.engine import ENGINE as tashkalar
from rules.tashkalar.state import HIDDEN, State
from tests.engine_contract import start
from tests.rules.tashkalar import helpers

CONFIGS = [
    (2, {"mode": "high_form"}),
    (2, {"mode": "deathmatch"}),
    (3, {"mode": "deathmatch"}),  # a battle: improvised summons borrow a colour
    (4, {"mode": "high_form", "teams": "yes"}),  # passing control, a shared legend hand
]


def _positions(players: int, options: dict[str, str], seed: int) -> Iterator[tuple[State, int]]:
    """Every position where seat 0 (the bot) is to act in a short game against random players; the game goes
    on with the bot's own choices, so the positions include its summons' effects."""
    state = start(tashkalar, players, {**options, "rounds": "8"}, seed)  # long enough for summons
    chooser = random.Random(seed)
    baseline = random_policy(tashkalar)
    while tashkalar.outcome(state) is None:
        seat = chooser.choice(sorted(tashkalar.awaiting(state)))
        if seat == 0:
            yield state, seat
            action = bot.policy(tashkalar.view(state, seat), seat, chooser)
        else:
            action = baseline(tashkalar.view(state, seat), seat, chooser)
        tashkalar.act(state, seat, action, Rng(chooser.randrange(2**62)))


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_the_bots_action_is_always_legal(players: int, options: dict[str, str]) -> None:
    decided = 0
    for state, seat in _positions(players, options, seed=players):
        action = bot.policy(tashkalar.view(state, seat), seat, random.Random(decided))
        assert tashkalar.is_legal(state, seat, action), f"{action} is not legal"
        decided += 1
    assert decided > 10


def _scramble(state: State, seat: int, rng: random.Random) -> State:
    """The same position as `seat` sees it, with every hidden card changed: others' hands swapped with their
    decks, every deck reshuffled (the seat's own too: its order is hidden as well)."""
    other = serial.clone(state)
    for owner, hand in enumerate(other.hands):
        if owner == seat:
            continue
        pool = hand.beings + other.decks[owner]
        rng.shuffle(pool)
        hand.beings, other.decks[owner] = pool[: len(hand.beings)], pool[len(hand.beings) :]
        legends = hand.legends + other.legend_deck
        rng.shuffle(legends)
        hand.legends, other.legend_deck = legends[: len(hand.legends)], legends[len(hand.legends) :]
        flares = hand.flares + other.flare_deck
        rng.shuffle(flares)
        hand.flares, other.flare_deck = flares[: len(hand.flares)], flares[len(hand.flares) :]
    for deck in (*other.decks, other.legend_deck, other.flare_deck, other.task_deck):
        rng.shuffle(deck)
    return other


@pytest.mark.parametrize(("players", "options"), CONFIGS[:2])
def test_hidden_cards_do_not_change_the_bots_choice(players: int, options: dict[str, str]) -> None:
    rng = random.Random(5)
    changed = 0
    for index, (state, seat) in enumerate(_positions(players, options, seed=11)):
        if index % 3:
            continue
        other = _scramble(state, seat, rng)
        hidden_before = [state.hands[s] for s in range(players) if s != seat] + [state.decks, state.legend_deck]
        hidden_after = [other.hands[s] for s in range(players) if s != seat] + [other.decks, other.legend_deck]
        changed += hidden_before != hidden_after
        assert tashkalar.view(other, seat) == tashkalar.view(state, seat)
        mine = bot.policy(tashkalar.view(state, seat), seat, random.Random(index))
        theirs = bot.policy(tashkalar.view(other, seat), seat, random.Random(index))
        assert mine == theirs
    assert changed >= 3  # the test did hide something different


def test_the_bot_beats_random_players() -> None:
    """Short games (5 rounds, the end by the round limit) with fixed seeds: the bot at each seat in turn."""
    wins = 0
    for game in range(20):
        seat = game % 2
        result = play("tashkalar", 2, {"rounds": "5"}, 300 + game, (seat,), measure=False)
        wins += result.winners == (seat,)
    assert wins >= 15


def test_side_and_ending() -> None:
    state = start(tashkalar, 2, {"mode": "high_form"}, 1)
    assert bot.side_of(state, 0) == state.factions[0]
    state.phase, state.end_reason, state.scores = "over", "<seat:1> reached 9 points", [9, 4]
    assert bot.ending(state) == "points"
    state.end_reason, state.scores = "<seat:2>'s deck ran out", [3, 1]
    assert bot.ending(state) == "deck-out"
    state.end_reason = "the 30-round limit was reached"
    assert bot.ending(state) == "round limit"
    state.scores = [2, 2]
    assert bot.ending(state) == "draw"


def test_trials_draw_hidden_cards_without_failing() -> None:
    """In the bot's view the decks are hidden: a discard, or a turn end that refills the hand, still works in a
    trial (these trials used to fail on the hidden card's name, so the bot never discarded)."""
    state = helpers.fresh(mode="high_form")
    view = tashkalar.view(state, 0)
    trial = bot._try(view, 0, {"type": "discard", "card": view.hands[0].beings[0]}, Rng(1))
    assert trial is not None and trial.hands[0].beings[-1] == HIDDEN
    view.hands[0].beings.pop()  # a being short: the turn's end refills it with a hidden card
    view.hands[0].legends.pop()
    view.actions_left = 1
    trial = bot._try(view, 0, {"type": "place", "square": "e5"}, Rng(1))
    assert trial is not None and trial.active == 1
    assert trial.hands[0].beings[-1] == HIDDEN and trial.hands[0].legends[-1] == HIDDEN


def test_a_card_needing_a_rank_the_seat_lacks_counts_less() -> None:
    state = helpers.fresh(mode="deathmatch")
    helpers.hand(state, 0, ["ash_herald"], [])  # ["h.h", ".@.", "c.c"]
    helpers.put(state, 0, 1, "d6", "f6", "d4", "f4")  # every cell held, but by commons only
    judge = bot._Judge(state)
    before = judge.evaluate(state, 0)
    helpers.put(state, 0, 2, "a1")  # a heroic elsewhere: upgrading into the pattern is now in reach
    assert bot._best_rank(bot._masks(state.board, 0)) == 2
    assert bot._Judge(state).evaluate(state, 0) - before > bot.TOKEN[2]
