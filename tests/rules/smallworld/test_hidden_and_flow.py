"""Secret coins stay secret; choices, labels, buttons and fallbacks fit play-by-post."""

from __future__ import annotations

from typing import Any

import pytest

from rules import serial
from rules.base import RuleError
from rules.rng import Rng
from rules.smallworld.engine import ENGINE as smallworld
from rules.smallworld.engine import HIDDEN
from rules.smallworld.state import OVER
from tests.engine_contract import play_random
from tests.rules.smallworld.helpers import clear, do, give, place, start

pytestmark = pytest.mark.usefixtures("fixture_maps")


def test_random_game_never_shows_coin_totals_in_public() -> None:
    played = play_random(smallworld, 3, seed=5, check_each_step=False)
    public = [event for event in played.events if event.to is None]
    assert not any("You " in event.text or "now have" in event.text for event in public)
    reveal = [event for event in public if event.kind == "reveal"]
    assert len(reveal) == 1 and all(str(p.coins) in reveal[0].text for p in played.state.seats)
    assert [p.coins for p in smallworld.view(played.state, None).seats] == [p.coins for p in played.state.seats]


def test_public_view_hides_coins_and_stacks_while_running() -> None:
    state = start(3)
    seen = smallworld.view(state, None)
    assert all(player.coins == HIDDEN for player in seen.seats)
    assert set(seen.treasures) == {"?"} and set(seen.races) == {"?"} and set(seen.powers) == {"?"}
    assert "You have" not in smallworld.status(state, None)
    assert "You have 5 coins" in smallworld.status(state, 2)


def test_conquer_labels_show_cost_and_only_legal_targets() -> None:
    state = start()
    clear(state)
    give(state, 0, "liches", "reborn", 3)
    conquer = {c.action["region"]: c.label for c in smallworld.legal(state, 0) if c.action["type"] == "conquer"}
    assert conquer["r00"] == "Cave A1: costs 2"
    assert "r22" not in conquer and "r12" not in conquer and "r30" not in conquer
    assert "r13" in conquer  # 2 + Black Mountain = 3, affordable


def test_quick_buttons_are_the_usual_next_steps() -> None:
    state = start()
    assert all(choice.quick for choice in smallworld.legal(state, 0))  # picking a combo
    do(state, 0, type="pick", combo="1")
    quick = [c.action["type"] for c in smallworld.legal(state, 0) if c.quick]
    assert quick == ["end"]


def test_fallback_is_legal_in_every_phase() -> None:
    state = start()
    assert smallworld.fallback(state, 0) == {"type": "pick", "combo": "1"}
    do(state, 0, **smallworld.fallback(state, 0))
    assert smallworld.fallback(state, 0) == {"type": "end"}
    clear(state)
    state.regions["r00"].tokens, state.regions["r00"].owner = 2, 0
    state.regions["r33"].tokens, state.regions["r33"].owner = 1, 0
    state.seats[0].hand = 0
    do(state, 0, **smallworld.fallback(state, 0))
    give(state, 1, "liches", "reborn", 10)
    do(state, 1, type="conquer", region="r00")
    do(state, 1, type="end")
    assert smallworld.awaiting(state) == frozenset({0}) and state.phase == "defenders"
    do(state, 0, **smallworld.fallback(state, 0))  # the withdrawn token goes back on r33
    assert state.current == 0 and state.phase == "conquer" and state.seats[0].hand == 1


def test_several_defenders_are_awaited_together() -> None:
    state = start(3)
    clear(state)
    for seat, region in ((1, "r00"), (2, "r02")):
        give(state, seat, "drow", "reborn", 0)
        place(state, region, seat, 2)
        place(state, {1: "r33", 2: "r30"}[seat], seat, 1)
    give(state, 0, "liches", "reborn", 12)
    do(state, 0, type="conquer", region="r00")
    do(state, 0, type="conquer", region="r01")
    do(state, 0, type="conquer", region="r02")
    do(state, 0, type="end")
    assert smallworld.awaiting(state) == frozenset({1, 2})
    do(state, 2, type="end")
    assert smallworld.awaiting(state) == frozenset({1})
    do(state, 1, type="redeploy", frm="hand", to="r33", count=1)
    assert state.current == 1 and state.phase != OVER


def test_redeploy_moves_are_capped_per_turn() -> None:
    state = start()
    clear(state)
    give(state, 0, "liches", "reborn", 0)
    place(state, "r00", 0, 5)
    place(state, "r02", 0, 5)
    for index in range(10):
        source, dest = ("r00", "r02") if index % 2 == 0 else ("r02", "r00")
        do(state, 0, type="redeploy", frm=source, to=dest, count=1)
    assert [c.action["type"] for c in smallworld.legal(state, 0)] == ["end"]


def test_last_turn_conquests_are_kept_for_the_board() -> None:
    state = start()
    clear(state)
    give(state, 0, "liches", "reborn", 6)
    do(state, 0, type="conquer", region="r00")
    do(state, 0, type="conquer", region="r01")
    assert state.log.conquered == ["r00", "r01"]
    do(state, 0, type="end")
    assert state.last_seat == 0 and state.last_conquered == ["r00", "r01"] and state.log.conquered == []


def test_refused_actions_leave_the_state_unchanged() -> None:
    state = start()
    clear(state)
    give(state, 0, "liches", "reborn", 3)
    do(state, 0, type="conquer", region="r00")
    before = serial.dumps(state)
    refused: list[dict[str, Any]] = [
        {"type": "conquer", "region": "r13"},  # costs 3, 1 token left
        {"type": "conquer", "region": "r33"},  # not adjacent
        {"type": "reinforce", "region": "r33"},  # not adjacent either
        {"type": "abandon", "region": "r00"},  # after a conquest
        {"type": "decline"},  # after a conquest
        {"type": "redeploy", "source": "r00", "to": "r00", "count": 1},
        {"type": "redeploy", "source": "hand", "to": "r00", "count": 5},
        {"type": "use", "ability": "ancient", "region": "r00"},
        {"type": "pick", "combo": "1"},
    ]
    for action in refused:
        with pytest.raises(RuleError):
            smallworld.act(state, 0, action, Rng(0))
        assert serial.dumps(state) == before, action
    with pytest.raises(RuleError, match="not your move"):
        do(state, 1, type="end")


def test_meta_fits_discord_and_the_command_builder() -> None:
    import keyword

    from table.text.actions import build_action

    meta = smallworld.meta
    assert meta.command == "sw" and len(meta.actions) <= 25
    for spec in meta.actions:
        assert spec.name.islower() and len(spec.name) <= 32 and len(spec.help) <= 100
        for param in spec.params:
            assert param.name.isidentifier() and not keyword.iskeyword(param.name) and len(param.help) <= 100
    # every legal choice, typed as text the way Discord or the console sends it, is accepted by the engine
    state = start()
    for _ in range(40):
        seat = min(smallworld.awaiting(state))
        choices = smallworld.legal(state, seat)
        chosen = choices[len(choices) // 2].action
        typed = {key: str(value) for key, value in chosen.items() if key != "type"}
        do(state, seat, **build_action(meta, chosen["type"], typed))
