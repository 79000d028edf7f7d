"""Event cards and Treasures: drawing, secrecy, owner-only play, and every card's effect."""

import pytest

from rules.base import ActionLog, RuleError
from rules.nerath import board, cards, reinforce
from rules.nerath.board import REALMS, SPACES
from rules.nerath.content import CONTENT, REALM_ORDER
from rules.nerath.engine import ENGINE as nerath
from rules.rng import Rng
from tests.rules.nerath.helpers import act, count, game, put, scene

SEAT = {"karkoth": 0, "vailin": 1, "iron_circle": 2, "nerath": 3}
STRIKE_AT = {"karkoth": "silverbough", "vailin": "ravensgate", "iron_circle": "westmarch", "nerath": "smokeholm"}


def second_castle(realm):
    return next(s for s, kind, _ in REALMS[realm].start if kind == "castle" and s != REALMS[realm].capital)


def where_free(realm, kind):
    capital = REALMS[realm].capital
    if CONTENT.pieces[kind].type != "sea":
        return [capital]
    return [s for s in SPACES[capital].adjacent if SPACES[s].kind == "sea"] or [
        s for s in SPACES[second_castle(realm)].adjacent if SPACES[s].kind == "sea"
    ]


def check_effect(state, realm, effect, play):
    """Play a card through `play(target)` and check the effect happened."""
    for space in (REALMS[realm].capital, second_castle(realm)):
        put(state, realm, "castle", space)
    mine = state.realms[realm]
    if effect.kind == "gold":
        before = mine.gold
        play("")
        assert mine.gold == before + effect.amount
    elif effect.kind == "free_pieces":
        spots = where_free(realm, effect.piece)
        before = sum(count(state, realm, effect.piece, s) for s in spots)
        play("")
        assert sum(count(state, realm, effect.piece, s) for s in spots) == before + effect.count
    elif effect.kind == "roll_bonus":
        play("")
        assert all(board.roll_bonus(state, realm, p) >= effect.amount for p in effect.pieces)
    elif effect.kind == "move_bonus":
        play("")
        assert all(mine.turn_move.get(p, 0) >= effect.amount for p in effect.pieces)
    elif effect.kind == "income_bonus":
        before = reinforce.income(state, realm)[0]
        play("")
        assert reinforce.income(state, realm)[0] == before + effect.amount
    elif effect.kind == "strike":
        target = STRIKE_AT[realm]
        enemy = next(r for r in REALM_ORDER if not board.allied(state, realm, r))
        put(state, enemy, effect.piece, target, effect.count + 1)
        play(target)
        assert count(state, enemy, effect.piece, target) == 1
    else:
        raise AssertionError(effect.kind)


@pytest.mark.parametrize("card", sorted(CONTENT.events))
def test_each_event_card(card):
    event = CONTENT.events[card]
    state = scene(event.realm)
    if event.immediate:
        state.realms[event.realm].deck = [card]
        check_effect(
            state, event.realm, event.effect, lambda t: cards.draw_event(state, event.realm, ActionLog(), Rng(0))
        )
        assert card not in state.realms[event.realm].hand and card in state.realms[event.realm].discard
    else:
        state.realms[event.realm].hand = [card]
        action = lambda t: act(state, {"type": "play", "card": card} | ({"target": t} if t else {}))  # noqa: E731
        check_effect(state, event.realm, event.effect, action)
        assert state.realms[event.realm].hand == [] and card in state.realms[event.realm].discard


@pytest.mark.parametrize("card", sorted(CONTENT.treasures))
def test_each_treasure(card):
    treasure = CONTENT.treasures[card]
    state = scene("karkoth")
    state.realms["karkoth"].treasures = [card]
    action = lambda t: act(state, {"type": "play", "card": card} | ({"target": t} if t else {}))  # noqa: E731
    check_effect(state, "karkoth", treasure.power, action)
    mine = state.realms["karkoth"]
    assert mine.vp == treasure.vp and mine.played == [card] and mine.treasures == []
    mine.turn_roll, mine.turn_move, mine.turn_income = {}, {}, 0  # the Property outlasts the turn
    prop = treasure.property
    if prop.kind == "roll_bonus":
        assert all(board.roll_bonus(state, "karkoth", p) == prop.amount for p in prop.pieces)
    elif prop.kind == "move_bonus":
        piece = put(state, "karkoth", prop.pieces[0], "karkothi-throneholds")[0]
        assert board.move_value(state, piece) == CONTENT.pieces[prop.pieces[0]].move + prop.amount
    elif prop.kind == "income_bonus":
        assert reinforce.income(state, "karkoth")[0] == 15 + prop.amount
    else:
        assert prop.kind == "dungeon_sight" and board.lasting(state, "karkoth", "dungeon_sight")


def test_play_immediately_cards_resolve_on_the_draw():
    state = scene()
    state.realms["karkoth"].deck = ["tithe-of-bones"]
    log = ActionLog()
    cards.draw_event(state, "karkoth", log, Rng(0))
    assert state.realms["karkoth"].gold == 13 and any(e.kind == "reveal" for e in log.events)


def test_other_cards_go_to_a_hand_only_its_owner_sees():
    state = scene()
    state.realms["karkoth"].deck = ["dread-charge"]
    log = ActionLog()
    cards.draw_event(state, "karkoth", log, Rng(0))
    assert state.realms["karkoth"].hand == ["dread-charge"]
    public = " ".join(e.text for e in log.events if e.to is None)
    assert "Dread Charge" not in public and any(e.to == (0,) and "Dread Charge" in e.text for e in log.events)
    assert nerath.view(state, None).realms["karkoth"].hand == ["hidden"]
    assert nerath.view(state, 0).realms["karkoth"].hand == ["dread-charge"]
    assert nerath.view(state, 1).realms["karkoth"].hand == ["hidden"]
    assert "Dread Charge" not in nerath.status(state, None) and "Dread Charge" in nerath.status(state, 0)


def test_empty_event_deck_reshuffles_the_discards():
    state = scene()
    mine = state.realms["karkoth"]
    mine.deck, mine.discard = [], ["dread-charge", "blood-tax"]
    cards.draw_event(state, "karkoth", ActionLog(), Rng(0))
    assert len(mine.hand) == 1 and len(mine.deck) == 1 and mine.discard == []


def test_each_realm_starts_with_two_event_cards_and_draws_one_on_its_turn():
    state = game()
    assert all(len(state.realms[r].hand) == 2 for r in ("vailin", "iron_circle", "nerath"))
    mine = state.realms["karkoth"]
    assert len(mine.hand) + len(mine.discard) == 3


def test_only_the_owner_plays_a_card():
    state = scene()
    state.realms["vailin"].hand = ["harvest-moon"]
    with pytest.raises(RuleError, match="not your move"):
        nerath.act(state, 1, {"type": "play", "card": "harvest-moon"}, Rng(0))
    with pytest.raises(RuleError, match="does not hold"):
        act(state, {"type": "play", "card": "harvest-moon"})


def test_strike_needs_a_target_in_reach():
    state = scene()
    state.realms["karkoth"].hand = ["assassins-in-the-night"]
    put(state, "vailin", "fighter", "starwood")  # not next to Karkoth's land
    assert not [c for c in nerath.legal(state, 0) if c.action["type"] == "play"]
    with pytest.raises(RuleError, match="Choose a target"):
        act(state, {"type": "play", "card": "assassins-in-the-night", "target": "starwood"})


def test_treasure_power_may_be_spent_with_nothing_in_reach():
    state = scene()
    state.realms["karkoth"].treasures = ["vorpal-blade"]
    act(state, {"type": "play", "card": "vorpal-blade"})
    assert state.realms["karkoth"].vp == 2


def test_dungeon_guardians_are_not_pieces_for_cards():
    state = scene()
    state.realms["karkoth"].hand = ["assassins-in-the-night"]
    with pytest.raises(RuleError, match="Choose a target"):
        act(state, {"type": "play", "card": "assassins-in-the-night", "target": "gloomhollow-caves"})
    assert state.dungeons["gloomhollow-caves"].guardians


def test_card_choices_fit_a_discord_menu_and_cut_long_texts_at_a_word():
    state = scene("iron_circle")
    state.realms["iron_circle"].hand = ["iron-keel"]
    labels = [c.label for c in nerath.legal(state, 2) if c.action["type"] == "play"]
    assert len(labels) == 1 and len(labels[0]) <= 100
    assert labels[0].startswith("Play Iron Keel: Launch 1 free Warship") and labels[0].endswith("…")


def test_a_treasure_whose_power_has_no_target_says_so_before_it_is_played():
    state = scene("karkoth")
    state.realms["karkoth"].treasures = ["vorpal-blade"]
    labels = [c.label for c in nerath.legal(state, 0) if c.action["type"] == "play"]
    assert labels == ["Play treasure Vorpal Blade (+2 VP; its Power has nothing in reach now)"]
    put(state, "vailin", "monster", "silverbough")
    labels = [c.label for c in nerath.legal(state, 0) if c.action["type"] == "play"]
    assert labels == ["Play treasure Vorpal Blade on Silverbough (+2 VP)"]


def test_cards_may_be_played_by_their_shown_name():
    state = scene("karkoth")
    state.realms["karkoth"].hand = ["dread-charge"]
    act(state, {"type": "play", "card": "Dread Charge"})
    assert state.realms["karkoth"].hand == [] and state.realms["karkoth"].turn_roll == {"monster": 2}


def test_card_targets_may_be_typed_by_name_and_refusals_name_the_targets():
    state = scene("vailin")
    state.realms["vailin"].hand = ["hidden-archers"]
    put(state, "karkoth", "footsoldier", "ravensgate", 2)
    with pytest.raises(RuleError, match="Choose a target holding an enemy Footsoldier: Ravensgate"):
        act(state, {"type": "play", "card": "hidden-archers", "target": "Cinderhold"})
    act(state, {"type": "play", "card": "Hidden Archers", "target": "Ravensgate"})
    assert count(state, "karkoth", "footsoldier", "ravensgate") == 0


def test_the_hand_lists_cards_by_name_and_says_when_they_can_be_played():
    state = scene("karkoth", players=2)
    state.realms["iron_circle"].hand = ["war-levy"]
    state.realms["karkoth"].treasures = ["vorpal-blade"]
    text = nerath.status(state, 0)
    assert "Your Iron Circle cards (played with /nerath play on Iron Circle's turn):" in text
    assert "- War Levy: Collect 3 more gold at the end of this turn." in text
    assert "- Vorpal Blade (treasure, 2 VP): Power: remove 1 enemy Monster" in text
