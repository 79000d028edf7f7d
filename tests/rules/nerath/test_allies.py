"""Allies defending together share the hits: the rules' split, or one they agree on (propose, accept or refuse)."""

import pytest

from rules.base import RuleError
from rules.nerath.engine import ENGINE as nerath
from tests.rules.nerath.helpers import act, count, put, scene, texts


def defended(vailin, nerath_pieces, attackers=3, players=4):
    """Karkoth attacks Silverbough, held by Vailin with Nerath's pieces beside it."""
    state = scene("karkoth", players=players, step="battle")
    state.pending = ["silverbough"]
    put(state, "karkoth", "footsoldier", "silverbough", attackers, stopped=True)
    for kind, n in vailin.items():
        put(state, "vailin", kind, "silverbough", n)
    for kind, n in nerath_pieces.items():
        put(state, "nerath", kind, "silverbough", n)
    return state


def test_allies_defending_together_split_hits_odd_one_to_the_larger_force():
    state = defended({"footsoldier": 3}, {"footsoldier": 1, "fighter": 1})
    events = act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 6, 6, 1, 1, 1, 1, 1])
    assert "without agreement: Vailin takes 2 hits, Nerath 1" in texts(events)
    assert nerath.awaiting(state) == {1}  # Vailin, first of the two in turn order, proposes
    act(state, nerath.fallback(state, 1), seat=1)  # the deadline: the rules' split
    assert count(state, "vailin", "footsoldier", "silverbough") == 1
    assert nerath.awaiting(state) == {3}  # Nerath chooses between its Footsoldier and its Fighter
    act(state, {"type": "casualties", "pieces": "footsoldier"}, seat=3)
    assert count(state, "nerath", "footsoldier", "silverbough") == 0 and state.battle.stage == "decide"


def test_allies_tied_for_the_odd_hit_roll_a_public_die():
    state = defended({"footsoldier": 2}, {"footsoldier": 2})
    events = act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 6, 6, 1, 1, 1, 1, 5])
    assert "odd hit" in texts([e for e in events if e.kind == "roll"])
    act(state, {"type": "split", "mine": 1}, seat=1)  # the rules' split (5 -> Nerath takes 2): applied at once
    assert count(state, "nerath", "footsoldier", "silverbough") == 0
    assert count(state, "vailin", "footsoldier", "silverbough") == 1


def test_ally_short_of_pieces_passes_the_rest_of_the_hits():
    state = defended({"footsoldier": 3}, {"footsoldier": 1}, attackers=4)
    act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 6, 6, 6, 1, 1, 1, 1])
    assert state.battle is None  # 4 hits on 4 pieces: nothing to agree on, every defender falls
    assert not [p for p in state.pieces if p.space == "silverbough" and p.realm != "karkoth"]


def test_allies_agree_on_another_split_of_hits():
    state = defended({"footsoldier": 3}, {"footsoldier": 2})
    act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 6, 6, 1, 1, 1, 1, 1])
    offered = [c.action["mine"] for c in nerath.legal(state, 1)]
    assert sorted(offered) == [1, 2, 3] and nerath.legal(state, 1)[0].action == {"type": "split", "mine": 2}
    act(state, {"type": "split", "mine": 3}, seat=1)  # Vailin offers to take all three
    assert state.battle.proposal == {"vailin": 3, "nerath": 0}
    assert nerath.awaiting(state) == {3} and nerath.legal(state, 1) == []
    assert {c.action["type"] for c in nerath.legal(state, 3)} == {"accept", "refuse"}
    act(state, {"type": "accept"}, seat=3)
    assert count(state, "vailin", "footsoldier", "silverbough") == 0
    assert count(state, "nerath", "footsoldier", "silverbough") == 2


def test_refusing_the_proposed_split_gives_half_each():
    state = defended({"footsoldier": 3}, {"footsoldier": 2})
    act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 6, 6, 1, 1, 1, 1, 1])
    act(state, {"type": "split", "mine": 1}, seat=1)
    assert nerath.fallback(state, 3) == {"type": "refuse"}  # the deadline refuses too
    events = act(state, {"type": "refuse"}, seat=3)
    assert "Vailin takes 2 hits, Nerath 1" in texts(events)
    assert count(state, "vailin", "footsoldier", "silverbough") == 1
    assert count(state, "nerath", "footsoldier", "silverbough") == 1


def test_one_player_running_both_allies_splits_hits_without_asking_himself():
    state = defended({"footsoldier": 3}, {"footsoldier": 2}, players=2)
    act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 6, 6, 1, 1, 1, 1, 1])
    assert nerath.awaiting(state) == {1}
    act(state, {"type": "split", "mine": 1}, seat=1)  # Nerath takes two, not the rules' split: no acceptance step
    assert state.battle.split_hits == 0 and not state.battle.proposal
    assert count(state, "nerath", "footsoldier", "silverbough") == 0
    assert count(state, "vailin", "footsoldier", "silverbough") == 2


def test_shared_hits_each_ally_then_chooses_its_own_casualties():
    state = defended({"footsoldier": 1, "fighter": 1}, {"footsoldier": 1, "monster": 1}, attackers=2)
    act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 6, 1, 1, 1, 1])
    act(state, {"type": "split", "mine": 1}, seat=1)  # the rules' split: one each
    assert nerath.awaiting(state) == {1, 3}  # both allies choose at the same time
    act(state, {"type": "casualties", "pieces": "fighter"}, seat=1)
    assert nerath.awaiting(state) == {3}
    act(state, {"type": "casualties", "pieces": "monster"}, seat=3)
    assert count(state, "vailin", "fighter", "silverbough") == 0
    assert count(state, "nerath", "monster", "silverbough") == 0 and nerath.awaiting(state) == {0}


def test_a_split_must_be_one_the_allies_pieces_can_take():
    state = defended({"footsoldier": 3}, {"footsoldier": 2})
    act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 6, 6, 1, 1, 1, 1, 1])
    for bad in ({"type": "split", "mine": 0}, {"type": "split", "mine": 4}, {"type": "press"}, {"type": "accept"}):
        with pytest.raises(RuleError):
            act(state, bad, seat=1)
    with pytest.raises(RuleError, match="not your move"):
        act(state, {"type": "split", "mine": 2}, seat=3)
    assert state.battle.split_hits == 3 and not state.battle.proposal


def test_attacker_chooses_casualties_while_the_allies_settle_their_split():
    state = defended({"footsoldier": 3}, {"footsoldier": 2})
    put(state, "karkoth", "fighter", "silverbough", stopped=True)
    # Karkoth: 3 Footsoldiers (6, 6, 1) and a Fighter (1) -> 2 hits; Vailin 3 dice (6, 1, 1), Nerath 2 (1, 1) -> 1 hit
    act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 6, 1, 1, 6, 1, 1, 1, 1])
    assert nerath.awaiting(state) == {0, 1}
    act(state, {"type": "casualties", "pieces": "footsoldier"}, seat=0)
    assert nerath.awaiting(state) == {1} and state.battle.stage != "decide"
    act(state, {"type": "split", "mine": 1}, seat=1)
    assert nerath.awaiting(state) == {0} and state.battle.stage == "decide"


def test_status_tells_who_must_propose_or_answer_the_split():
    state = defended({"footsoldier": 3}, {"footsoldier": 2})
    act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 6, 6, 1, 1, 1, 1, 1])
    text = nerath.status(state, None)
    assert "3 hits to share: Vailin (<seat:1>) proposes a split (split). Without agreement: Vailin takes 2 hits" in text
    act(state, {"type": "split", "mine": 3}, seat=1)
    text = nerath.status(state, 3)
    assert "Nerath (<seat:3>) accepts or refuses the proposal: Vailin takes 3 hits, Nerath 0 (accept, refuse)." in text


def test_two_allied_players_agree_or_refuse_a_split_of_hits_then_each_chooses_casualties():
    """4-player alliance: Vailin (seat 1) and Nerath (seat 3) are two people sharing the defence of Silverbough."""
    state = defended({"footsoldier": 4, "fighter": 1}, {"footsoldier": 3, "monster": 1}, attackers=4)
    assert state.seat_of["vailin"] == 1 and state.seat_of["nerath"] == 3
    # Round 1: Karkoth's four dice 6, 6, 6, 1; all nine defenders miss. 3 hits: Vailin (5 pieces) 2, Nerath (4) 1.
    events = act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 6, 6, 1] + [1] * 9)
    assert "without agreement: Vailin takes 2 hits, Nerath 1" in texts(events)
    assert nerath.awaiting(state) == {1} and nerath.legal(state, 3) == []
    assert "Vailin (<seat:1>) proposes a split" in nerath.status(state, 3)
    offered = [c.label for c in nerath.legal(state, 1)]
    assert offered[0] == "Vailin takes 2 hits, Nerath 1 (the rules' split: no need to ask)"
    assert "Vailin takes 1 hit, Nerath 2 (Nerath accepts or refuses)" in offered
    events = act(state, {"type": "split", "mine": 1}, seat=1)  # Vailin asks Nerath to take two
    assert "Vailin proposes: Vailin takes 1 hit, Nerath 2. <seat:3> accepts or refuses for Nerath." in texts(events)
    assert nerath.awaiting(state) == {3} and nerath.legal(state, 1) == []
    labels = [c.label for c in nerath.legal(state, 3)]
    assert labels == ["Accept: Vailin takes 1 hit, Nerath 2", "Refuse: Vailin takes 2 hits, Nerath 1"]
    events = act(state, {"type": "refuse"}, seat=3)
    assert "Nerath refuses; the rules' split applies: Vailin takes 2 hits, Nerath 1." in texts(events)
    assert nerath.awaiting(state) == {1, 3}  # both allies now choose their own casualties, each from its own pieces
    assert {c.action["pieces"] for c in nerath.legal(state, 3)} == {"footsoldier", "monster"}
    assert {c.action["pieces"] for c in nerath.legal(state, 1)} == {"footsoldier,footsoldier", "fighter,footsoldier"}
    act(state, {"type": "casualties", "pieces": "footsoldier,footsoldier"}, seat=1)
    assert nerath.awaiting(state) == {3}
    act(state, {"type": "casualties", "pieces": "footsoldier"}, seat=3)
    assert count(state, "vailin", "footsoldier", "silverbough") == 2
    assert count(state, "nerath", "footsoldier", "silverbough") == 2 and nerath.awaiting(state) == {0}
    # Round 2: 3 hits again on 3 + 3 pieces; the odd hit's die (2) gives it to Vailin: without agreement 2 and 1.
    events = act(state, {"type": "press"}, dice=[6, 6, 6, 1] + [1] * 6 + [2], seat=0)
    assert "without agreement: Vailin takes 2 hits, Nerath 1" in texts(events)
    act(state, {"type": "split", "mine": 1}, seat=1)
    events = act(state, {"type": "accept"}, seat=3)
    assert "Nerath accepts: Vailin takes 1 hit, Nerath 2." in texts(events)
    assert state.battle.hits == {"vailin": 1, "nerath": 2} and nerath.awaiting(state) == {1, 3}
    act(state, {"type": "casualties", "pieces": "footsoldier,monster"}, seat=3)
    act(state, {"type": "casualties", "pieces": "fighter"}, seat=1)
    assert count(state, "vailin", "fighter", "silverbough") == 0
    assert count(state, "vailin", "footsoldier", "silverbough") == 2
    assert count(state, "nerath", "footsoldier", "silverbough") == 1
    assert count(state, "nerath", "monster", "silverbough") == 0
    assert nerath.awaiting(state) == {0} and state.battle.stage == "decide"
