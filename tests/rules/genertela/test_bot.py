"""The bot: it plays only legal actions, sees only its seat's view, and beats random players."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from bench.selfplay import play
from rules import serial
from rules.bots import random_policy
from rules.genertela import aims, bot, policy
from rules.genertela.board import seat_of
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import State
from rules.rng import Rng
from tests.engine_contract import start
from tests.rules.genertela.helpers import blank, put, z


@dataclass
class Record:
    illegal: list[dict[str, Any]] = field(default_factory=list)
    decided: int = 0
    aims_checked: int = 0  # battle targets chosen with the other side's secret aim varied
    differed: list[str] = field(default_factory=list)


def _hidden_aims(state: State, seat: int, record: Record) -> None:
    """Whatever target the other side has secretly chosen, the seat sees the same view and picks the same."""
    battle = state.battle
    mine = [n for n in aims.pending(state) if seat_of(state, n) == seat]
    if battle is None or state.decisions or not mine:
        return
    other = battle.defender if mine[0] == battle.attacker else battle.attacker
    if seat_of(state, other) == seat:
        return
    views, picks = [], []
    for category in ["", *aims.options(state, other)]:  # none chosen yet, or any target it may have chosen
        trial = serial.clone(state)
        assert trial.battle is not None
        trial.battle.aims = {other: category} if category else {}
        views.append(genertela.view(trial, seat))
        picks.append(bot.policy(views[-1], seat, random.Random(7)))
    record.aims_checked += 1
    if any(view != views[0] for view in views) or any(pick != picks[0] for pick in picks):
        record.differed.append(f"{picks}")


@pytest.fixture(scope="module")
def record() -> Record:
    """A short-scenario game (the bot's prelude, then turn 25 on) with the bot at seat 0 against a random seat 1,
    played until a few battle targets were checked: every bot action is checked against the real state, every
    battle target with the other side's secret aim varied."""
    state = start(genertela, 2, {"scenario": "short", "last_turn": "30"}, seed=3)
    chooser = random.Random(3)
    baseline = random_policy(genertela)
    found = Record()
    while genertela.outcome(state) is None and (found.aims_checked < 3 or found.decided < 60):
        seat = chooser.choice(sorted(genertela.awaiting(state)))
        if seat == 0:
            _hidden_aims(state, seat, found)
            action = bot.policy(genertela.view(state, seat), seat, chooser)
            found.decided += 1
            if not genertela.is_legal(state, seat, action):
                found.illegal.append(action)
        else:
            action = baseline(genertela.view(state, seat), seat, chooser)
        genertela.act(state, seat, action, Rng(chooser.randrange(2**62)))
    return found


def test_the_bots_action_is_always_legal(record: Record) -> None:
    assert record.decided > 20
    assert not record.illegal


def test_the_other_sides_secret_aim_does_not_change_the_bots_choice(record: Record) -> None:
    assert not record.differed
    assert record.aims_checked >= 1  # the test did vary a hidden aim


def test_the_bot_beats_random_players() -> None:
    """Two-turn campaigns with fixed seeds, the bot at each seat in turn (and on each pair of sides)."""
    wins = 0
    for game in range(5):
        seat = game % 2
        result = play("genertela", 2, {"last_turn": "2"}, 500 + game, (seat,), measure=False, rotation=game)
        wins += result.winners == (seat,)
    assert wins >= 4


def test_side_of_and_ending_name_the_sides_and_the_end() -> None:
    state = start(genertela, 2, {"last_turn": "1"}, seed=1)
    assert {bot.side_of(state, 0), bot.side_of(state, 1)} == {"Red+Blue", "Green+Yellow"}
    assert bot.ending(state) == "unfinished"


# -- what the seat's bot weighs beyond the unseated sides' play (policy.decide with sharp=True)


def _esrolians_in_gardint(count: int, turn: int = 20) -> State:
    """Esrolian units in Gardint (south of the Emperor line), next to Imther (north), Tarsh and Wintertop (south)."""
    state = blank(turn=turn, nation="esrolians")
    put(state, "esrolians", "Gardint", count)
    return state


def test_the_bot_rates_a_zone_that_makes_its_nation_emperor_at_the_emperors_stake() -> None:
    state = _esrolians_in_gardint(3)
    put(state, "esrolians", "Holay")
    put(state, "esrolians", "Doblian")
    put(state, "dara_happans", "Raibanth")
    put(state, "dara_happans", "Yuthuppa")
    race = policy.emperor_race(state, "esrolians")
    assert race == (2, 2, "dara_happans")
    assert policy.emperor_stake(race, z("Imther"), "") == policy.EMPEROR_STAKE  # 3 against 2: Emperor
    assert policy.emperor_stake(race, z("Tarsh"), "") == 0.0  # south of the line
    put(state, "esrolians", "Dorastor")  # 3 against 2: a narrow lead is worth keeping
    assert policy.emperor_stake(policy.emperor_race(state, "esrolians"), z("Imther"), "") == policy.EMPEROR_STAKE / 2
    assert policy.emperor_race(state, "uz") is None  # the Uz's zones count for nobody


def test_the_bot_takes_the_empty_zone_north_of_the_emperor_line_that_makes_it_emperor() -> None:
    state = blank(nation="esrolians")
    put(state, "esrolians", "Aggar", 3)  # north of the line, between northern highlands and southern lowlands
    put(state, "esrolians", "Pelanda")
    put(state, "dara_happans", "Raibanth")
    put(state, "dara_happans", "Yuthuppa")
    assert policy.decide(state, "esrolians")["to"] == z("Solinthi")  # a lowland pays more than a highland
    sharp = policy.decide(state, "esrolians", sharp=True)  # a third zone north of the line: 3 against 2
    assert sharp == {"type": "move", "from": z("Aggar"), "to": z("Worrrian"), "count": 1}


def test_the_bot_names_the_rival_seat_with_the_most_vp_and_leaves_out_its_own_and_the_unseated() -> None:
    state = blank()
    state.side_seat = {"Red": 0, "Green": 1, "Blue": 2, "Yellow": -1}
    assert policy.leading_rival(state, "esrolians") is None  # nobody has scored yet
    state.vp = {"dara_happans": 10, "rinliddi": 5, "pelandans": 12, "esrolians": 40, "heortlings": 90}
    assert policy.leading_rival(state, "esrolians") == 0  # Red 15 before Green 12; Blue is its own, Yellow unseated
    assert policy.leading_rival(state, "dara_happans") == 2


def test_the_bot_attacks_the_leading_rivals_zone_first() -> None:
    state = _esrolians_in_gardint(6)
    state.side_seat = {"Red": 0, "Green": 1, "Blue": 2, "Yellow": 3}
    put(state, "dara_happans", "Tarsh")  # Red's
    put(state, "pelandans", "Wintertop")  # Green's: the same worth, and first by name otherwise
    assert policy.decide(state, "esrolians", sharp=True)["to"] == z("Wintertop")  # nobody leads yet
    state.vp = {"dara_happans": 20, "pelandans": 10}
    assert policy.decide(state, "esrolians")["to"] == z("Wintertop")
    assert policy.decide(state, "esrolians", sharp=True)["to"] == z("Tarsh")


def _esrolians_in_god_forgot(count: int, turn: int) -> State:
    """Esrolian units in God Forgot, whose only land neighbours are Esvurela and Wenelia; the campaign ends on 40."""
    state = blank(turn=turn, nation="esrolians")
    state.last_turn = 40
    put(state, "esrolians", "God Forgot", count)
    return state


def test_on_the_last_turn_the_bot_attacks_at_even_odds() -> None:
    for turn, attacks in ((39, False), (40, True)):
        state = _esrolians_in_god_forgot(6, turn)
        put(state, "esrolians", "Esvurela")
        put(state, "pelandans", "Wenelia", 4)
        movers = [u for u in state.units if u.zone == z("God Forgot")][:5]  # one stays behind
        foes = [u for u in state.units if u.nation == "pelandans"]
        assert policy.LAST_TURN_ODDS <= policy.odds(state, movers, foes, z("Wenelia"), True) < policy.ATTACK_ODDS
        action = policy.decide(state, "esrolians", sharp=True)
        assert (action["to"] == z("Wenelia")) is attacks, (turn, action)
        assert policy.decide(state, "esrolians")["to"] != z("Wenelia")


def test_on_the_last_turn_the_bot_takes_an_empty_zone_with_one_unit_whatever_stands_next_door() -> None:
    for turn, sent in ((39, 3), (40, 1)):
        state = _esrolians_in_god_forgot(4, turn)
        put(state, "pelandans", "Wenelia", 8)  # too many to attack; next to Esvurela
        action = policy.decide(state, "esrolians", sharp=True)
        assert action == {"type": "move", "from": z("God Forgot"), "to": z("Esvurela"), "count": sent}, turn


def test_on_a_scoring_turn_the_bot_builds_a_city_even_with_one_turn_left() -> None:
    state = blank(turn=39, nation="esrolians", phase="build")
    state.last_turn = 40
    put(state, "esrolians", "Karse", 2)
    state.resources = {"esrolians": 6}
    assert policy.decide(state, "esrolians")["kind"] == "unit"  # the unseated play keeps its unit
    assert policy.decide(state, "esrolians", sharp=True) == {"type": "build", "kind": "city", "zone": z("Karse")}
