"""How the Small World bot plays particular abilities, on the small fixture maps: the Cultists move their Great
Ancient where it makes the turn's conquests cheaper, the Mudmen value Mud, and a River held by the Kraken is worth
taking."""

from __future__ import annotations

import random

import pytest

from rules.smallworld import bot
from rules.smallworld.moves import legal
from rules.smallworld.state import Combo, State
from tests.rules.smallworld.helpers import clear, do, give, place, start

pytestmark = pytest.mark.usefixtures("fixture_maps")


def cultists_with_ancient_far_from_targets() -> State:
    """The last turn; the Great Ancient sits in r00, next to one land target (r01); r21, also theirs, touches
    three (r20, r22, r31). With 4 tokens in hand, moving it takes one region more."""
    state = start()
    clear(state)
    give(state, 0, "cultists", "reborn", 4)
    state.turn = state.turns  # no thought of declining
    place(state, "r00", 0, 2)
    state.regions["r00"].markers.append("ancient")
    place(state, "r21", 0, 2)
    return state


def test_bot_moves_the_great_ancient_where_conquests_get_cheaper() -> None:
    state = cultists_with_ancient_far_from_targets()
    action = bot.policy(state, 0, random.Random(1))
    assert action == {"type": "use", "ability": "ancient", "region": "r21"}
    do(state, 0, **action)
    follow = bot.policy(state, 0, random.Random(1))
    assert follow["type"] == "conquer" and follow["region"] in ("r20", "r22", "r31")  # now 1 token each


def test_bot_keeps_the_great_ancient_when_moving_gains_nothing() -> None:
    state = cultists_with_ancient_far_from_targets()
    state.regions["r21"].markers.append("ancient")  # already next to the cheap targets: the other region adds none
    state.regions["r00"].markers.remove("ancient")
    assert any(c.action["type"] == "use" for c in legal(state, 0))
    assert bot.policy(state, 0, random.Random(1))["type"] != "use"


def test_bot_counts_a_token_a_turn_on_mud_for_the_mudmen() -> None:
    state = start()
    clear(state)
    give(state, 0, "mudmen", "reborn", 5)
    mud = bot._step_worth(state, 0, "r03")
    give(state, 0, "liches", "reborn", 5)
    assert mud == pytest.approx(bot._step_worth(state, 0, "r03") + 0.8)


def test_bot_values_taking_a_river_from_the_kraken() -> None:
    """A River is only a stepping stone to a race that cannot stay there, unless a foe (the Kraken) holds it:
    taking it hurts them like any other region."""
    state = start()
    clear(state)
    give(state, 0, "liches", "reborn", 5)
    assert bot._step_worth(state, 0, "r10") == pytest.approx(0.1)
    state.seats[1].active = Combo("kraken", "reborn", 0)
    place(state, "r10", 1, 1)
    assert bot._step_worth(state, 0, "r10") == pytest.approx(0.1 + bot.HURT)
