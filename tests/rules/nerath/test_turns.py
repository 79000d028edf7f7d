"""Modes, seats, the six steps of a turn, the round, and the victory conditions."""

from collections import Counter

import pytest

from rules.base import ActionLog, RuleError, SeatInfo
from rules.nerath import engine as nerath_rules
from rules.nerath import turns
from rules.nerath.board import REALMS
from rules.nerath.content import REALM_ORDER
from rules.nerath.engine import ENGINE as nerath
from rules.rng import Rng
from tests.rules.nerath.helpers import act, game, put, result, scene


def end_turn(state):
    """End every step of the active realm's turn with nothing done."""
    start = state.turn
    while state.turn == start and not state.finished:
        act(state, {"type": "end"})


def test_realm_order_is_karkoth_vailin_iron_circle_nerath():
    state = game()
    seen = []
    for _ in range(5):
        seen.append(REALM_ORDER[state.turn])
        end_turn(state)
    assert seen == ["karkoth", "vailin", "iron_circle", "nerath", "karkoth"] and state.round == 2


def test_two_player_alliance_each_seat_runs_two_allied_realms():
    state = game(2)
    assert state.seat_of == {"karkoth": 0, "iron_circle": 0, "vailin": 1, "nerath": 1}
    end_turn(state)
    assert nerath.awaiting(state) == {1}  # Vailin
    end_turn(state)
    assert nerath.awaiting(state) == {0}  # Iron Circle, the same player as Karkoth


def test_three_player_alliance_vailin_and_nerath_against_two_lone_realms():
    state = game(3)
    assert state.seat_of == {"karkoth": 0, "vailin": 1, "nerath": 1, "iron_circle": 2}
    assert nerath_rules.board.teams(state) == [("karkoth",), ("vailin", "nerath"), ("iron_circle",)]


def test_four_player_alliance_and_free_for_all():
    assert nerath_rules.board.teams(game(4)) == [("karkoth", "iron_circle"), ("vailin", "nerath")]
    assert len(nerath_rules.board.teams(game(4, "free-for-all"))) == 4


def test_four_players_may_ask_for_a_realm():
    seats = [SeatInfo("Nerath"), SeatInfo(), SeatInfo("Karkoth"), SeatInfo()]
    state = nerath.new(seats, {"mode": "free-for-all"}, Rng(1))
    assert state.seat_of == {"karkoth": 2, "vailin": 1, "iron_circle": 3, "nerath": 0}
    assert nerath.awaiting(state) == {2}


def test_free_for_all_garrisons_are_placed_for_every_realm_without_an_ally():
    """Our rule: a realm's free-for-all extras stand on the board from the start of a game where it has no ally:
    every realm in the free-for-all, Karkoth and the Iron Circle in the 3-player game, none with 2 or 4 allies."""

    def placed(state):
        return Counter((p.realm, p.kind, p.space) for p in state.pieces)

    alliance, free = game(4, "alliance"), game(4, "free-for-all")
    extras: Counter[tuple[str, str, str]] = Counter()
    for realm in REALM_ORDER:
        for space, kind, count in REALMS[realm].free_for_all:
            extras[(realm, kind, space)] += count
    assert extras
    assert placed(free) - placed(alliance) == extras and not placed(alliance) - placed(free)
    assert placed(game(2)) == placed(alliance)
    lone = Counter({key: n for key, n in extras.items() if key[0] in ("karkoth", "iron_circle")})
    for realm in ("karkoth", "iron_circle"):  # the 3-player game adds its own pieces for the lone realms
        for space, kind, count in REALMS[realm].three_players:
            lone[(realm, kind, space)] += count
    assert lone and placed(game(3)) - placed(alliance) == lone and not placed(alliance) - placed(game(3))


def test_three_player_garrisons_only_in_the_three_player_game():
    """Our rule: the lone realms' 3-player pieces stand in no other game, not even the free-for-all."""
    three = [(realm, space, kind) for realm in REALM_ORDER for space, kind, _ in REALMS[realm].three_players]
    assert three
    for state in (game(2), game(4, "alliance"), game(4, "free-for-all")):
        placed = Counter((p.realm, p.space, p.kind) for p in state.pieces)
        for realm, space, kind in three:
            start = REALMS[realm].start + REALMS[realm].free_for_all * (state.mode == "free-for-all")
            assert placed[(realm, space, kind)] == sum(n for s, k, n in start if (s, k) == (space, kind))


def test_free_for_all_needs_four_players():
    with pytest.raises(RuleError, match="needs 4 players"):
        nerath.new([SeatInfo(), SeatInfo()], {"mode": "free-for-all"}, Rng(1))


def test_the_six_steps_in_order():
    state = scene()
    put(state, "karkoth", "dragon", "karkothi-throneholds")  # something to reposition
    state.realms["vailin"].deck = ["dread-charge"]
    assert state.step == "move"
    act(state, {"type": "end"})
    assert state.step == "reposition"  # no battles: straight on
    act(state, {"type": "end"})
    assert state.step == "reinforce"
    events = act(state, {"type": "end"})
    texts = " ".join(e.text for e in events)
    assert "collects" in texts and "Vailin draws an event card" in texts
    assert REALM_ORDER[state.turn] == "vailin" and state.step == "move"


def test_battle_step_cannot_end_with_battles_unfought():
    state = scene(step="battle")
    state.pending = ["silverbough"]
    put(state, "karkoth", "fighter", "silverbough", stopped=True)
    with pytest.raises(RuleError, match="Fight your battles first"):
        act(state, {"type": "end"})
    assert nerath.fallback(state, 0) == {"type": "fight", "space": "silverbough"}


def test_last_turns_battles_are_kept_for_the_board():
    state = scene(step="battle")
    state.pending = ["silverbough"]
    put(state, "karkoth", "fighter", "silverbough", stopped=True)
    act(state, {"type": "fight", "space": "silverbough"})
    end_turn(state)
    assert state.battles_last == ["silverbough"]


def finish_round(state):
    state.turn = 0
    log = ActionLog()
    turns.end_round(state, log)
    return log.events


def test_short_game_a_lone_realm_needs_13_vp_and_the_most():
    state = game(4, "free-for-all", "short")
    state.realms["vailin"].vp = 12
    finish_round(state)
    assert not state.finished
    state.realms["vailin"].vp = 13
    finish_round(state)
    assert state.finished and result(state).winners == (1,)


def test_medium_game_needs_20_vp():
    state = game(4, "free-for-all", "medium")
    state.realms["nerath"].vp = 19
    finish_round(state)
    assert not state.finished
    state.realms["nerath"].vp = 20
    finish_round(state)
    assert result(state).winners == (3,)


def test_a_tie_for_the_lead_plays_on():
    state = game(4, "free-for-all", "short")
    state.realms["vailin"].vp = state.realms["nerath"].vp = 14
    finish_round(state)
    assert not state.finished


def test_alliance_short_game_needs_20_shared_vp():
    state = game(2, "alliance", "short")
    state.realms["karkoth"].vp, state.realms["iron_circle"].vp = 10, 9
    finish_round(state)
    assert not state.finished
    state.realms["iron_circle"].vp = 10
    finish_round(state)
    assert result(state).winners == (0,)


def test_alliance_medium_game_needs_30_shared_vp():
    state = game(4, "alliance", "medium")
    state.realms["vailin"].vp, state.realms["nerath"].vp = 15, 15
    finish_round(state)
    assert result(state).winners == (1, 3)


def test_long_game_holding_every_capital_wins():
    state = game(4, "free-for-all", "long")
    for capital in ("vailindor", "citadel-of-irons-grasp", "mithrafast"):
        state.control[capital] = "karkoth"
    finish_round(state)
    assert result(state).winners == (0,)


def test_long_game_eight_treasures_and_more_than_anyone():
    state = game(4, "free-for-all", "long")
    state.realms["iron_circle"].collected = 8
    state.realms["vailin"].collected = 8
    finish_round(state)
    assert not state.finished
    state.realms["vailin"].collected = 7
    finish_round(state)
    assert result(state).winners == (2,)


def test_long_alliance_game_needs_twelve_treasures():
    state = game(4, "alliance", "long")
    state.realms["karkoth"].collected, state.realms["iron_circle"].collected = 6, 5
    finish_round(state)
    assert not state.finished
    state.realms["iron_circle"].collected = 6
    finish_round(state)
    assert result(state).winners == (0, 2)


def test_win_is_checked_at_the_end_of_the_round_only():
    state = scene(length="short")
    state.realms["karkoth"].vp = 30
    end_turn(state)
    assert not state.finished
    for _ in range(3):
        end_turn(state)
    assert state.finished and nerath.awaiting(state) == frozenset()


def test_three_players_the_most_vp_is_weighed_against_each_sides_own_target():
    """3 players: the alliance's shared VP (medium target 30) and a lone realm's (20) are compared as shares of
    their targets, so the alliance's two realms do not lead by simply adding up (bots: it won 98.8% of 400)."""
    state = game(3, "alliance", "medium")
    alliance, karkoth = (state.seat_of["vailin"],), (state.seat_of["karkoth"],)
    state.realms["vailin"].vp, state.realms["nerath"].vp = 14, 14  # 28 of 30
    state.realms["karkoth"].vp = 20  # 20 of 20: ahead, though 8 VP behind
    finish_round(state)
    assert state.finished and result(state).winners == karkoth
    state = game(3, "alliance", "medium")
    state.realms["vailin"].vp, state.realms["nerath"].vp = 16, 17  # 33 of 30: 1.10
    state.realms["karkoth"].vp = 21  # 21 of 20: 1.05
    finish_round(state)
    assert state.finished and result(state).winners == alliance
    state = game(3, "alliance", "medium")
    state.realms["vailin"].vp, state.realms["nerath"].vp = 15, 15  # 30 of 30 and 20 of 20: a tie plays on
    state.realms["iron_circle"].vp = 20
    finish_round(state)
    assert not state.finished


def test_three_players_status_shows_each_sides_target():
    state = game(3, "alliance", "medium")
    text = nerath.status(state, None)
    assert "(shared 0 VP, target 30 VP)" in text and "Karkoth 0 VP" in text and "(target 20 VP)" in text
    assert "target" not in nerath.status(game(2, "alliance", "medium"), None)


def test_three_players_round_limit_weighs_against_the_targets_too():
    state = game(3, "alliance", "medium", limit=1)
    state.realms["vailin"].vp, state.realms["nerath"].vp = 7, 7  # 14 of 30
    state.realms["iron_circle"].vp = 10  # 10 of 20
    for _ in range(4):
        end_turn(state)
    assert result(state).winners == (state.seat_of["iron_circle"],)


def test_round_limit_our_rule_most_vp_wins():
    state = game(4, "free-for-all", limit=1)
    state.realms["iron_circle"].vp = 3
    for _ in range(4):
        end_turn(state)
    assert result(state).winners == (2,) and "round limit" in result(state).summary


def test_public_view_and_status_hide_hands_decks_and_face_down_guardians():
    state = game()
    public = nerath.view(state, None)
    assert all(set(r.hand) <= {"hidden"} and set(r.deck) <= {"hidden"} for r in public.realms.values())
    assert set(public.treasure_deck) == {"hidden"} and set(public.guardian_pile) == {"hidden"}
    assert all(d.guardians == ["hidden"] for d in public.dungeons.values())
    text = nerath.status(state, None)
    for mine in state.realms.values():
        for card in mine.hand:
            assert nerath_rules.cards.card_name(card) not in text


def test_two_players_may_ask_for_a_realm_and_get_its_alliance():
    state = nerath.new([SeatInfo(), SeatInfo("Nerath")], {"mode": "alliance"}, Rng(1))
    assert state.seat_of == {"karkoth": 0, "vailin": 1, "iron_circle": 0, "nerath": 1}
    state = nerath.new([SeatInfo("Vailin"), SeatInfo("Iron Circle")], {"mode": "alliance"}, Rng(1))
    assert state.seat_of == {"karkoth": 1, "vailin": 0, "iron_circle": 1, "nerath": 0}
    assert nerath.awaiting(state) == {1}  # Karkoth opens the round
    state = nerath.new([SeatInfo("Vailin"), SeatInfo("Nerath")], {"mode": "alliance"}, Rng(1))
    assert state.seat_of["vailin"] == 0 and state.seat_of["karkoth"] == 1  # the side was taken: the other one


def test_three_players_may_ask_for_a_realm_and_the_allied_pair_goes_together():
    seats = [SeatInfo("Iron Circle"), SeatInfo(), SeatInfo("nerath")]
    state = nerath.new(seats, {"mode": "alliance"}, Rng(1))
    assert state.seat_of == {"karkoth": 1, "vailin": 2, "iron_circle": 0, "nerath": 2}


def test_setup_one_face_down_guardian_on_each_dungeon_entrance_and_shuffled_decks():
    state = game()
    entrances = sorted(s for s, space in nerath_rules.SPACES.items() if space.kind == "dungeon")
    assert sorted(state.dungeons) == entrances
    assert all(len(d.guardians) == 1 and d.face_up == [False] for d in state.dungeons.values())
    placed = [d.guardians[0] for d in state.dungeons.values()]
    assert len(set(placed)) == len(placed) and not set(placed) & set(state.guardian_pile)
    assert len(state.treasure_deck) == len(nerath_rules.CONTENT.treasures)
    assert game(seed=2).treasure_deck != state.treasure_deck or game(seed=3).treasure_deck != state.treasure_deck


def test_status_says_who_must_do_what_now():
    state = scene("karkoth")
    put(state, "karkoth", "footsoldier", "ravensgate", 2)
    put(state, "vailin", "footsoldier", "silverbough")
    assert "Karkoth (<seat:0>) moves pieces (move), then ends the move step (end)." in nerath.status(state, None)
    put(state, "karkoth", "fighter", "ravensgate")
    act(state, {"type": "move", "piece": "footsoldier", "count": 2, "from": "ravensgate", "to": "silverbough"})
    act(state, {"type": "move", "piece": "fighter", "count": 1, "from": "ravensgate", "to": "silverbough"})
    act(state, {"type": "end"})
    assert "Karkoth (<seat:0>) fights the battles, sea battles first: Silverbough (fight)." in nerath.status(
        state, None
    )
    act(state, {"type": "fight", "space": "silverbough"}, dice=[1, 1, 1, 6])
    text = nerath.status(state, None)
    assert "Karkoth (<seat:0>) chooses casualties for 1 hit (casualties)." in text
    act(state, {"type": "casualties", "pieces": "footsoldier"})
    assert "Karkoth (<seat:0>) presses on (press) or retreats (retreat)." in nerath.status(state, None)
    state.battle, state.pending, state.step = None, [], "reinforce"
    assert "Karkoth (<seat:0>) buys and places new pieces (buy), then ends the turn and collects income (end)." in (
        nerath.status(state, None)
    )


def test_ending_the_move_step_without_battles_says_what_comes_next():
    state = scene("karkoth")
    put(state, "karkoth", "dragon", "karkothi-throneholds")
    events = act(state, {"type": "end"})
    text = "\n".join(e.text for e in events)
    assert "Karkoth ends the move step; no battles to fight." in text
    assert "Karkoth may now reposition flying pieces (move), then ends the step (end)." in text
    assert "battles to fight: none" not in text


def test_an_action_of_another_step_is_refused_with_the_actions_possible_now():
    state = scene("karkoth")
    put(state, "karkoth", "footsoldier", "ravensgate")
    for bad in ({"type": "press"}, {"type": "casualties", "pieces": "footsoldier"}, {"type": "accept"}):
        with pytest.raises(RuleError, match=r"not possible in the move step; Karkoth can now: move, end\."):
            act(state, bad)


def test_moving_in_the_battle_step_is_refused_with_what_is_possible():
    state = scene("karkoth", step="battle")
    state.pending = ["silverbough"]
    put(state, "karkoth", "footsoldier", "silverbough", stopped=True)
    put(state, "karkoth", "dragon", "karkothi-throneholds")
    move = {"type": "move", "piece": "dragon", "count": 1, "from": "karkothi-throneholds", "to": "ashfen"}
    with pytest.raises(RuleError, match=r"Nothing moves in the battle step .*; Karkoth can now: fight\."):
        act(state, move)
