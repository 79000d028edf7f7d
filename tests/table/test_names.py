"""Names as players read and type them: autocomplete shows names, a name as printed is taken for its id, a near
miss gets a did-you-mean; through the service (slash commands and the console type, buttons don't)."""

import pytest

from rules.base import Choice, RuleError, fill_seats, normal
from table.service import TableError, TableService
from table.text.actions import suggestions
from table.text.names import humanized, labelled, resolve
from tests.table.conftest import ALICE, BOB, CHANNEL, GUILD

CHOICES = [
    Choice({"type": "build", "place": "capweaver_den"}, "Capweaver Den: costs 2"),
    Choice({"type": "build", "place": "lords_hall"}, "Lord's Hall: costs 4"),
    Choice({"type": "build", "place": "f6"}, "Square f6"),
    Choice({"type": "drop", "units": ["thorn_guard", "ash_wyrm"]}, "Drop a Thorn Guard and an Ash Wyrm"),
]


def test_spellings_of_one_name_are_the_same():
    assert normal("Capweaver-Den") == normal("capweaver den") == normal("CAPWEAVER_DEN") == "capweaverden"
    assert normal("Lord's Hall") == normal("lords hall")
    assert humanized("thorn_guard") == "Thorn Guard" and humanized("b2") == "b2" and humanized("t1:0") == "t1:0"


def test_autocomplete_shows_human_names_and_matches_them_as_typed():
    assert suggestions(CHOICES, "build", "place", {}, "") == [
        ("Capweaver Den: costs 2", "capweaver_den"),
        ("Lord's Hall: costs 4", "lords_hall"),
        ("Square f6", "f6"),
    ]
    assert [value for _, value in suggestions(CHOICES, "build", "place", {}, "capweaver d")] == ["capweaver_den"]
    assert [value for _, value in suggestions(CHOICES, "build", "place", {}, "lord's")] == ["lords_hall"]


def test_a_name_as_the_board_prints_it_is_taken_for_its_id():
    params = {"place", "units"}
    assert resolve(CHOICES, {"type": "build", "place": "capweaver den"}, params)["place"] == "capweaver_den"
    assert resolve(CHOICES, {"type": "build", "place": "LORDS-HALL"}, params)["place"] == "lords_hall"
    assert resolve(CHOICES, {"type": "build", "place": "F6"}, params)["place"] == "f6"
    assert resolve(CHOICES, {"type": "drop", "units": ["Thorn Guard", "ash wyrm"]}, params)["units"] == [
        "thorn_guard",
        "ash_wyrm",
    ]
    far = resolve(CHOICES, {"type": "build", "place": "the moon"}, params)  # nothing close: the rules refuse it
    assert far["place"] == "the moon"


def test_a_place_name_stands_for_the_one_value_at_that_place():
    """'Flatland (t0)' in a label names t0; typed as a target whose values are armies ('t0:1'), it is the army
    there when only one legal value stands there (Dragon Dice's missile targets)."""
    shots = [
        Choice({"type": "missile", "target": "t0:1"}, "Bob's army at Flatland (t0)"),
        Choice({"type": "missile", "target": "t4:1"}, "Bob's army at Flatland II (t4)"),
        Choice({"type": "missile", "target": "t2:1"}, "Bob's army at Highland (t2)"),
        Choice({"type": "missile", "target": "t2:2"}, "Cy's army at Highland (t2)"),
    ]
    assert resolve(shots, {"type": "missile", "target": "Flatland"}, {"target"})["target"] == "t0:1"
    assert resolve(shots, {"type": "missile", "target": "Flatland II"}, {"target"})["target"] == "t4:1"
    assert resolve(shots, {"type": "missile", "target": "Highland"}, {"target"})["target"] == "Highland"  # two there


def test_a_near_miss_is_answered_with_did_you_mean():
    with pytest.raises(RuleError, match="Did you mean Capweaver Den\\?"):
        resolve(CHOICES, {"type": "build", "place": "Capwever Den"}, {"place"})
    with pytest.raises(RuleError, match="Did you mean Lord's Hall\\?"):
        resolve(CHOICES, {"type": "build", "place": "lord hal"}, {"place"})


MARCH = [
    Choice({"type": "manoeuvre", "terrain": "t0", "direction": "up"}, "Manoeuvre at Highland (t0), secretly up"),
    Choice({"type": "manoeuvre", "terrain": "t0", "direction": "down"}, "Manoeuvre at Highland (t0), secretly down"),
    Choice({"type": "magic", "army": "t0"}, "Magic: roll your army at Highland for magic"),
    Choice({"type": "magic", "army": "reserve"}, "Magic: roll your reserves for magic"),
    Choice({"type": "move", "piece": "footsoldier"}, "Move 2 Footsoldiers from Ashfen to Skullcairn"),
    Choice({"type": "place", "square": "b3"}, "Place a common token on b3"),
]


@pytest.mark.parametrize(
    ("kind", "param", "typed", "offered", "value"),
    [
        ("manoeuvre", "direction", "upx", "up", "up"),  # not 'Manoeuvre at Highland', which up and down share
        ("magic", "army", "t0x", "Highland", "t0"),  # not 'Magic', which every army that may roll magic shares
        ("move", "piece", "Footsoldir", "Footsoldier", "footsoldier"),  # not 'Move 2 Footsoldiers from ...'
        ("place", "square", "Place a common toen on b3", "b3", "b3"),  # not 'Place a common token on b3'
    ],
)
def test_a_did_you_mean_offers_the_values_own_name_that_typed_back_is_taken(
    kind: str, param: str, typed: str, offered: str, value: str
) -> None:
    with pytest.raises(RuleError, match=f"Did you mean {offered}\\?"):
        resolve(MARCH, {"type": kind, param: typed}, {param})
    assert resolve(MARCH, {"type": kind, param: offered}, {param})[param] == value


def test_a_list_typed_item_by_item_is_the_value_an_engine_writes_as_text():
    written = [
        Choice({"type": "hits", "pieces": "footsoldier,footsoldier"}, "Loses 2 Footsoldiers"),
        Choice({"type": "hits", "pieces": "footsoldier,monster"}, "Loses 1 Footsoldier, 1 Monster"),
    ]
    typed = {"type": "hits", "pieces": ["Footsoldier", "foot soldier"]}
    assert resolve(written, typed, {"pieces"})["pieces"] == "footsoldier,footsoldier"
    other = {"type": "hits", "pieces": ["monster", "footsoldier"]}  # no whole text: the rules judge it as typed
    assert resolve(written, other, {"pieces"})["pieces"] == ["monster", "footsoldier"]


@pytest.mark.usefixtures("with_pig")
async def test_typed_actions_are_resolved_by_the_service_buttons_are_not(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    post = await service.act(CHANNEL, ALICE, {"type": "mark", "square": "B2"}, typed=True)
    assert "puts X on b2" in post.text
    with pytest.raises(RuleError, match="not a square"):  # not typed: the value goes to the rules as it is
        await service.act(CHANNEL, BOB, {"type": "mark", "square": "A1 "})


async def test_a_faction_is_taken_in_any_spelling_and_a_near_miss_is_named(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    view = await service.join(CHANNEL, BOB, "o")
    assert [seat.faction for seat in view.seats] == [None, "O"]
    await service.create(GUILD, CHANNEL + 1, ALICE, "nerath", {})
    with pytest.raises(TableError, match="Did you mean"):
        await service.join(CHANNEL + 1, BOB, "Karkot")
    with pytest.raises(TableError, match="is not a choice") as refused:  # what was typed is shown inert
        await service.join(CHANNEL + 1, BOB, "<@1777>")
    assert "<@1777>" not in str(refused.value)


ROW = [
    Choice({"type": "pick", "combo": "1"}, "1. Tomb Kraken (Rivers: stay; +1 coin) - 12 tokens, costs 0"),
    Choice(
        {"type": "pick", "combo": "2"}, "2. Muddy Ogres (crush foes, +1 coin each; Mud +2 defence) - 12 tokens, costs 1"
    ),
]


def test_a_combo_is_taken_by_its_name_its_position_or_its_label_as_shown():
    label = ROW[1].label
    for typed in ("Muddy Ogres", "muddy ogre", "2. Muddy Ogres", "2", label, label[:80], label[:60] + "…"):
        assert resolve(ROW, {"type": "pick", "combo": typed}, {"combo"})["combo"] == "2", typed
    with pytest.raises(RuleError, match="Did you mean Muddy Ogres\\?"):  # the suggestion is a name that works
        resolve(ROW, {"type": "pick", "combo": "Mudy Ogres"}, {"combo"})


def test_plural_and_singular_are_one_name_and_a_shared_name_stands_for_none():
    units = [
        Choice({"type": "buy", "piece": "footsoldier"}, "Buy 1 Footsoldier (1 gold)"),
        Choice({"type": "buy", "piece": "harpy"}, "Buy 1 Harpy (2 gold)"),
        Choice({"type": "buy", "piece": "wolf"}, "Buy 1 Wolf (2 gold)"),
    ]
    for typed, piece in (("Footsoldiers", "footsoldier"), ("harpies", "harpy"), ("Wolves", "wolf")):
        assert resolve(units, {"type": "buy", "piece": typed}, {"piece"})["piece"] == piece
    crow = [Choice({"type": "move", "to": to}, f"Soot Crow: g1 to {to}") for to in ("e2", "e3")]
    assert resolve(crow, {"type": "move", "to": "Soot Crow"}, {"to"})["to"] == "Soot Crow"  # left for the rules


def test_a_label_with_players_names_and_a_place_named_in_brackets_are_typed_as_shown():
    armies = [
        Choice({"type": "melee", "target": "t1:0"}, "Melee at <seat:0>'s army at Coastland (t1)"),
        Choice({"type": "melee", "target": "t1:1"}, "Melee at <seat:1>'s army at Coastland (t1)"),
        Choice({"type": "magic", "army": "t1"}, "Magic: roll your army at Coastland"),
    ]
    shown = [Choice(c.action, fill_seats(c.label, ["alice", "bob"].__getitem__)) for c in armies]
    typed = {"type": "melee", "target": "Melee at bob's army at Coastland (t1)"}
    assert resolve(shown, typed, {"target"})["target"] == "t1:1"
    assert resolve(shown, {"type": "magic", "army": "Coastland"}, {"army"})["army"] == "t1"


def test_a_line_of_legal_names_its_choice():
    assert labelled(ROW, ROW[1].label[:80]) is ROW[1]
    assert labelled(ROW, "muddy ogres") is ROW[1] and labelled(ROW, "2") is None
