"""The contract for every mode and player count, scripted endings, equal turns, and hidden information."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from rules import serial
from rules.base import SeatInfo
from rules.rng import Rng
from rules.tashkalar import engine as tashkalar_rules
from rules.tashkalar.content import CARDS, FLARES
from rules.tashkalar.engine import ENGINE as tashkalar
from rules.tashkalar.state import HIDDEN
from tests.engine_contract import check_engine, play_random, start
from tests.rules.tashkalar.helpers import act, fresh, hand, lay, put

CONFIGS = [
    (2, {"mode": "high_form"}),
    (2, {"mode": "deathmatch"}),
    (3, {"mode": "high_form"}),
    (3, {"mode": "deathmatch"}),
    (4, {"mode": "high_form"}),
    (4, {"mode": "deathmatch"}),
    (4, {"mode": "high_form", "teams": "yes"}),
    (4, {"mode": "deathmatch", "teams": "yes"}),
]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_contract(players: int, options: dict[str, str]) -> None:
    check_engine(tashkalar, players, {**options, "rounds": "8"}, games=1)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_contract_many_games(players: int, options: dict[str, str]) -> None:
    check_engine(tashkalar, players, options, games=20)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_random_games_end_after_a_full_round(players: int, options: dict[str, str]) -> None:
    for seed in range(1, 9):
        played = play_random(tashkalar, players, options, seed=seed, check_each_step=False)
        turns = Counter(e.text for e in played.events if e.kind == "turn_end")
        assert len(set(turns.values())) == 1 and len(turns) == players  # everyone had as many turns
        assert played.events[-1].kind == "game_end"


def test_teams_need_four_players() -> None:
    with pytest.raises(tashkalar_rules.RuleError, match="exactly 4"):
        tashkalar.new([SeatInfo(), SeatInfo()], {"mode": "high_form", "teams": "yes"}, Rng(1))


def test_factions_chosen_at_join() -> None:
    state = tashkalar.new([SeatInfo("verdant"), SeatInfo("verdant")], {}, Rng(1))
    assert state.factions == ["verdant", "verdant"]
    assert all(CARDS[c].faction == "verdant" for c in state.hands[1].beings)
    assert tashkalar.meta.factions == ("cinder", "gale", "tide", "verdant")


def test_every_faction_can_be_chosen_and_deals_its_own_beings() -> None:
    seats = [SeatInfo(faction) for faction in tashkalar.meta.factions]
    state = tashkalar.new(seats, {}, Rng(2))
    assert state.factions == list(tashkalar.meta.factions)
    for seat, faction in enumerate(state.factions):
        cards = [*state.hands[seat].beings, *state.decks[seat]]
        assert len(cards) == 18 and {CARDS[c].faction for c in cards} == {faction}
    # with no choice the seats get different factions in turn
    assert tashkalar.new([SeatInfo() for _ in range(4)], {}, Rng(2)).factions == list(tashkalar.meta.factions)


def _finish_round(state) -> None:
    """Every remaining seat of the round places two commons."""
    free = iter(sq for sq in ("a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9") if sq not in state.board)
    while tashkalar.outcome(state) is None:
        seat = next(iter(tashkalar.awaiting(state)))
        if state.phase == "claim":
            act(state, seat, type="claim", task=tashkalar.legal(state, seat)[0].action["task"])
        else:
            act(state, seat, type="place", square=next(free))


def test_scripted_high_form_game_ends_at_9_after_the_round() -> None:
    state = fresh(mode="high_form")
    state.tasks_offer = ["heroic_pair", "army", "legend_lords"]
    state.scores = [8, 3]
    put(state, 0, 2, "e4")
    put(state, 0, 1, "c2", "c3", "c4")
    hand(state, 0, ["sap_mender"])
    act(state, 0, type="summon", card="sap_mender", where="d4", orientation="0")
    act(state, 0, type="pick", square="d4")  # upgrade Sap Mender itself: a heroic beside e4
    act(state, 0, type="place", square="i1")  # the one completed task is claimed as the turn ends
    assert state.scores[0] == 9 and state.claimed[0] == ["heroic_pair"] and state.ending
    assert tashkalar.outcome(state) is None  # seat 1 still plays
    _finish_round(state)
    result = tashkalar.outcome(state)
    assert result and result.winners == (0,) and result.scores == {0: 9, 1: 3}


def test_scripted_deathmatch_duel_ends_at_18() -> None:
    state = fresh(mode="deathmatch")
    state.scores = [16, 10]
    hand(state, 0, ["coal_titan"])
    put(state, 0, 2, "d6", "f6")
    put(state, 0, 1, "d5", "f5")
    put(state, 1, 2, "e4", "d4")
    act(state, 0, type="summon", card="coal_titan", where="e5", orientation="0")
    act(state, 0, type="pick", square="e4")
    act(state, 0, type="pick", square="d4")
    act(state, 0, type="place", square="i1")
    assert state.scores[0] == 18 and state.ending
    _finish_round(state)
    result = tashkalar.outcome(state)
    assert result and result.winners == (0,)


def test_scripted_battle_for_three_compares_a_chosen_opponent() -> None:
    state = fresh(players=3, mode="deathmatch")
    state.scores = [17, 0, 0]
    state.hands[0].flares = ["second_wind"]
    put(state, 0, 1, "a1")
    put(state, 2, 1, "a9", "b9", "c9", "d9")
    act(state, 0, type="flare", against="yellow")
    act(state, 0, type="pick", square="b2")
    assert state.scores == [17, 0, 1]
    state.tally = [2, 0, 0]
    act(state, 0, type="place", square="h1")
    act(state, 0, type="place", square="h2")
    assert state.scores[0] == 18 and state.active == 1
    _finish_round(state)
    result = tashkalar.outcome(state)
    assert result and result.winners == (0,) and state.round == 1


def test_scripted_team_game_adds_teammates_points() -> None:
    state = fresh(players=4, teams=True, mode="deathmatch")
    state.scores = [11, 9, 7, 0]
    act(state, 0, type="place", square="e5")
    act(state, 0, type="place", square="e6")
    assert state.ending  # 11 + 7: the team's total reaches 18
    _finish_round(state)
    result = tashkalar.outcome(state)
    assert result and result.winners == (0, 2) and result.scores == {0: 18, 1: 9, 2: 18, 3: 9}


def test_deck_running_out_ends_the_game() -> None:
    state = fresh(mode="high_form")
    state.tasks_offer = []
    state.decks[1] = []
    act(state, 0, type="place", square="e5")
    act(state, 0, type="place", square="e6")
    assert state.ending and "deck ran out" in state.end_reason
    _finish_round(state)
    assert tashkalar.outcome(state) is not None


def test_hidden_information_stays_hidden() -> None:
    state = fresh(mode="deathmatch")
    public = tashkalar.view(state, None)
    assert all(card == HIDDEN for h in public.hands for card in h.beings + h.legends + h.flares)
    assert all(card == HIDDEN for deck in public.decks for card in deck)
    assert public.legend_deck == [HIDDEN] * len(state.legend_deck)
    mine = tashkalar.view(state, 0)
    assert mine.hands[0] == state.hands[0] and mine.hands[1].beings == [HIDDEN] * 3
    text = tashkalar.status(state, None)
    secret = [CARDS[c].name for h in state.hands for c in h.beings + h.legends] + [
        FLARES[f].name for h in state.hands for f in h.flares
    ]
    assert not any(name in text for name in secret)
    own = tashkalar.status(state, 0)
    assert all(CARDS[c].name in own for c in state.hands[0].beings)


def test_drawn_cards_are_private_events() -> None:
    for players, options in CONFIGS[:4]:
        played = play_random(tashkalar, players, options, seed=4, check_each_step=False)
        names = {card.name for card in CARDS.values()} | {flare.name for flare in FLARES.values()}
        for event in played.events:
            if event.text.startswith("You draw"):
                assert event.to is not None and len(event.to) == 1
            elif event.to is None and re.match(r"^<seat:\d+> draws \d+ card", event.text):
                assert not any(name in event.text for name in names)


def test_refused_action_changes_nothing() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["kiln_warden"])
    before = serial.dumps(state)
    for bad in (
        {"type": "summon", "card": "kiln_warden", "where": "e5", "orientation": "0"},
        {"type": "summon", "card": "kiln_warden", "where": "e5", "orientation": "45"},
        {"type": "place", "square": "j1"},
        {"type": "pick", "square": "e5"},
        {"type": "claim", "task": "army"},
        {"type": "pass"},
    ):
        with pytest.raises(tashkalar_rules.RuleError):
            tashkalar.act(state, 0, bad, Rng(1))
        assert serial.dumps(state) == before


def test_fallback_is_always_legal_and_never_clever() -> None:
    state = fresh(mode="deathmatch")
    assert tashkalar.fallback(state, 0)["type"] == "place"
    hand(state, 0, ["ash_sprite"])
    put(state, 0, 1, "d6", "e6", "d5")
    put(state, 1, 1, "d4")
    act(state, 0, type="summon", card="ash_sprite", where="e5", orientation="0")
    assert tashkalar.fallback(state, 0) == {"type": "skip"}


def test_legal_summon_labels_name_square_and_turn() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["ember_stalker"])
    lay(state, 0, "ember_stalker", "e5", "90")
    labels = [c.label for c in tashkalar.legal(state, 0) if c.action["type"] == "summon"]
    assert "Ember Stalker at e5 (rotated 90°)" in labels
    quick = [c for c in tashkalar.legal(state, 0) if c.quick]
    assert quick and all(c.action["type"] in ("summon", "flare") for c in quick)


def test_scripted_high_form_opening_from_the_start() -> None:
    state = tashkalar.new([SeatInfo("cinder"), SeatInfo("verdant")], {"mode": "high_form"}, Rng(11))
    state.tasks_offer = ["line_of_four", "legend_lords", "crown"]
    script = [(0, "e5"), (1, "a1"), (1, "a2"), (0, "f5"), (0, "g5"), (1, "a3"), (1, "a4")]
    for seat, square in script:
        assert tashkalar.awaiting(state) == frozenset({seat})
        act(state, seat, type="place", square=square)
    assert state.scores == [0, 1] and state.claimed[1] == ["line_of_four"]
    assert "line_of_four" not in state.tasks_offer and len(state.tasks_offer) == 3
    assert state.active == 0 and state.round == 3 and state.actions_left == 2


def test_scripted_team_high_form_turn_with_passed_control() -> None:
    state = fresh(players=4, teams=True, mode="high_form")
    state.tasks_offer = ["heroic_pair", "legend_lords", "crown"]
    hand(state, 0, ["furnace_golem"])
    lay(state, 0, "furnace_golem", "e5")
    put(state, 0, 2, "f5")
    act(state, 0, type="summon", card="furnace_golem", where="e5", orientation="0")
    act(state, 0, type="pass")  # the teammate decides whether to upgrade the Golem
    act(state, 2, type="skip")
    act(state, 2, type="place", square="a9")
    assert state.scores[0] == 1 and state.claimed[0] == ["heroic_pair"]  # red's heroics e5 and f5
    assert state.active == 1 and state.controller == 1
    result_scores = tashkalar.status(state, None)
    assert "<seat:2> (yellow) 1" in result_scores  # teammates share the points


def test_commands_fit_discord_limits() -> None:
    meta = tashkalar.meta
    assert len(meta.actions) <= 25
    for spec in meta.actions:
        assert re.fullmatch(r"[a-z_]{1,32}", spec.name) and len(spec.help) <= 100
        assert all(len(p.help) <= 100 and len(p.name) <= 32 for p in spec.params)
    for players, options in CONFIGS[:4]:
        state = start(tashkalar, players, options, seed=2)
        for step in range(150):
            if tashkalar.outcome(state) is not None:
                break
            seat = sorted(tashkalar.awaiting(state))[0]
            choices = tashkalar.legal(state, seat)
            assert all(len(c.label) <= 100 for c in choices), [c.label for c in choices if len(c.label) > 100]
            tashkalar.act(state, seat, choices[step % len(choices)].action, Rng(step))
