"""The Nerath bot: always legal, blind to what its seat may not see, and better than random play."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bench.selfplay import play
from rules import serial
from rules.bots import random_policy
from rules.nerath.content import CONTENT, REALM_ORDER
from rules.nerath.engine import ENGINE, play_bot
from rules.nerath.state import State
from rules.rng import Rng
from tests.engine_contract import start


def _positions(players: int, seed: int, actions: int) -> Iterator[tuple[State, int]]:
    """Positions of a game where the bot plays every seat, with random moves mixed in (to reach odd spots); each
    is the live state, good until the next one is asked for."""
    state = start(ENGINE, players, {}, seed)
    chooser = random.Random(seed)
    baseline = random_policy(ENGINE)
    for _ in range(actions):
        if ENGINE.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(ENGINE.awaiting(state)))
        yield state, seat
        view = ENGINE.view(state, seat)
        action = play_bot(view, seat, chooser) if chooser.random() < 0.7 else baseline(view, seat, chooser)
        ENGINE.act(state, seat, action, Rng(chooser.randrange(2**62)))


def test_the_bot_always_plays_a_legal_action() -> None:
    for players, seed in ((2, 3), (4, 8)):
        for state, seat in _positions(players, seed, 120):
            action = play_bot(ENGINE.view(state, seat), seat, random.Random(seed))
            assert ENGINE.is_legal(state, seat, action), (action, state.step)


def _disturb(state: State, seat: int, rng: random.Random) -> State:
    """The same position with everything hidden from `seat` changed: other realms' hands and treasures, the
    order of every deck and pile, the face-down Guardians."""
    other = serial.clone(state)
    events = sorted(CONTENT.events)
    treasures = sorted(CONTENT.treasures)
    for realm in REALM_ORDER:
        mine = other.realms[realm]
        rng.shuffle(mine.deck)
        rng.shuffle(mine.discard)
        if other.seat_of[realm] != seat:
            mine.hand = [rng.choice(events) for _ in mine.hand]
            mine.treasures = [rng.choice(treasures) for _ in mine.treasures]
    rng.shuffle(other.treasure_deck)
    rng.shuffle(other.guardian_pile)
    for dungeon in other.dungeons.values():
        dungeon.guardians = [
            g if up else rng.choice(sorted(CONTENT.guardians))
            for g, up in zip(dungeon.guardians, dungeon.face_up, strict=True)
        ]
    return other


def test_what_is_hidden_does_not_change_the_choice() -> None:
    rng = random.Random(5)
    for n, (state, seat) in enumerate(_positions(2, 11, 100)):
        if n % 3:
            continue
        other = _disturb(state, seat, rng)
        seen, also_seen = ENGINE.view(state, seat), ENGINE.view(other, seat)
        assert serial.dumps(seen) == serial.dumps(also_seen)
        assert play_bot(seen, seat, random.Random(1)) == play_bot(also_seen, seat, random.Random(1))


def test_the_bot_beats_random_players() -> None:
    # Short games cut at round 2 (the most VP wins there): the bot must already lead random players.
    options: dict[str, Any] = {"length": "short", "round_limit": "2"}
    games = [play("nerath", 2, options, 40 + n, (n % 2,), measure=False) for n in range(6)]
    wins = sum(1 for n, game in enumerate(games) if game.winners == (n % 2,))
    assert wins >= 5, [game.winners for game in games]


def test_sides_and_endings_for_reports() -> None:
    game = play("nerath", 2, {"length": "short", "round_limit": "1"}, 7, (0, 1), measure=False)
    assert game.sides == (("Karkoth + Iron Circle",), ("Vailin + Nerath",))
    assert game.ending in ("victory points", "round limit", "round limit (shared)")
