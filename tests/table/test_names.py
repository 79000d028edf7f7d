"""Names as players read and type them: autocomplete shows names, a name as printed is taken for its id, a near
miss gets a did-you-mean; through the service (slash commands and the console type, buttons don't)."""

import pytest

from rules.base import Choice, RuleError, normal
from table.actions import suggestions
from table.names import humanized, resolve
from table.service import TableError, TableService
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


def test_a_near_miss_is_answered_with_did_you_mean():
    with pytest.raises(RuleError, match="Did you mean Capweaver Den\\?"):
        resolve(CHOICES, {"type": "build", "place": "Capwever Den"}, {"place"})
    with pytest.raises(RuleError, match="Did you mean Lord's Hall\\?"):
        resolve(CHOICES, {"type": "build", "place": "lord hal"}, {"place"})


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
