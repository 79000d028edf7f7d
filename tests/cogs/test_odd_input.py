"""Odd input through real interactions: every one answered privately and specifically, nothing written, nothing
left unanswered (an unanswered interaction shows 'This interaction failed' to the player)."""

import pytest

from tests.cogs.harness import Harness
from tests.cogs.test_lobby import ALICE, BOB, open_table, replies

FORTY_DIGITS = "9" * 40


async def test_a_stale_abandon_button_never_abandons_the_next_table_in_the_channel(harness: Harness):
    await open_table(harness, start=False)
    old = replies(await harness.command(ALICE, "alice", "game abandon"))[0].components[0]["custom_id"]
    await harness.click(ALICE, "alice", old)  # the first table is abandoned
    await harness.command(BOB, "bob", "game new", {"game": "tictactoe"})  # a new table in the same channel
    again = replies(await harness.click(ALICE, "alice", old))[0]
    assert again.ephemeral and "abandoned" in again.content
    table = await harness.bot.store.tables.table_in_channel(harness.channel_id)
    assert table is not None and table.id == 2 and table.status == "lobby"


@pytest.mark.parametrize(
    "custom_id",
    [
        f"pbp:q:{FORTY_DIGITS}:1:0:0",
        f"pbp:q:1:{FORTY_DIGITS}:0:0",
        f"pbp:r:{FORTY_DIGITS}:y",
        f"pbp:x:{FORTY_DIGITS}:1",
    ],
)
async def test_buttons_with_ids_too_large_for_the_database_are_refused(harness: Harness, custom_id: str):
    await open_table(harness)
    version = (await harness.table()).version
    reply = replies(await harness.click(ALICE, "alice", custom_id))[0]
    assert reply.ephemeral and "not valid any more" in reply.content
    assert (await harness.table()).version == version
    assert not harness.errors.records, harness.errors.records


@pytest.mark.parametrize("value", ["²", "9" * 5000, "-1", ""])
async def test_odd_menu_values_are_refused(harness: Harness, value: str):
    await open_table(harness)
    reply = replies(await harness.command(ALICE, "alice", "tictactoe mark", {"square": "b2"}))[0]
    (menu,) = [item for item in reply.components if item["type"] == 3]
    version = (await harness.table()).version
    answer = replies(await harness.select(BOB, "bob", menu["custom_id"], [value]))[0]
    assert answer.ephemeral and "Pick one option" in answer.content
    assert (await harness.table()).version == version
    assert not harness.errors.records, harness.errors.records


async def test_a_menu_with_a_forty_digit_table_id_is_refused(harness: Harness):
    await open_table(harness)
    answer = replies(await harness.select(BOB, "bob", f"pbp:m:{FORTY_DIGITS}:1:1:mark", ["0"]))[0]
    assert answer.ephemeral and "not valid any more" in answer.content


@pytest.mark.parametrize("dice", ["1d6+²", "1d6+٣", "1d6+" + "9" * 90])
async def test_odd_dice_get_a_dice_refusal(harness: Harness, dice: str):
    reply = replies(await harness.command(ALICE, "alice", "roll", {"dice": dice}))[0]
    assert reply.ephemeral and "went wrong" not in reply.content
    assert not harness.errors.records, harness.errors.records


ODD_IDS = [
    "q:١:1:0:0",  # Arabic-Indic digit: str.isdigit() says yes, the templates say no
    "q:１:1:0:0",  # fullwidth digit
    "q:1:²:0:0",
    "q:1:1:0",  # a field too few
    "q:1:1:0:0:0",  # a field too many
    "q::1:0:0",  # an empty field
    "q:1:1:0:0:",
    "q:+1:1:0:0",
    "q:--1:1:0:0",
    "q: 1:1:0:0",
    "q:1:1:0:0\n",
    "q:" + "9" * 120 + ":1:0:0",  # matches its template: too large for the database
    "m:1:1:1:",
    "m:1:1:1:Mark",
    "m:1:1:1:марк",
    "m:١:1:1:mark",
    "r:1:maybe",
    "r:1:",
    "r:٣:y",
    "x:1",
    "x:1:1:1",
    "f:١",
    "f:",
    "",
    "q",
    "zz:1:2",
    "💥",
    "é" * 120,
    "q:" + "1:" * 60,
]


@pytest.mark.parametrize("odd", ODD_IDS)
async def test_every_button_with_our_prefix_is_answered_privately_whatever_follows_it(harness: Harness, odd: str):
    await open_table(harness)
    before = await harness.table()
    answers = replies(await harness.click(ALICE, "alice", f"pbp:{odd}"))
    assert len(answers) == 1, answers
    assert answers[0].ephemeral and "not valid any more" in answers[0].content
    after = await harness.table()
    assert (after.version, after.status) == (before.version, before.status)
    assert await harness.bot.store.log.action_count(1) == 0


@pytest.mark.parametrize("odd", ["m:١:1:1:mark", "m:1:1:1:", "q:１:1:0:0", "m:1:1:1:mark:0", "ذ"])
async def test_every_menu_with_our_prefix_is_answered_privately_whatever_follows_it(harness: Harness, odd: str):
    await open_table(harness)
    answers = replies(await harness.select(ALICE, "alice", f"pbp:{odd}", ["0"]))
    assert len(answers) == 1 and answers[0].ephemeral and "not valid any more" in answers[0].content
    assert await harness.bot.store.log.action_count(1) == 0


async def test_a_button_of_someone_else_is_left_to_its_own_view(harness: Harness):
    """Only our prefix is ours: another custom_id (an ephemeral view's own) gets no second answer from us."""
    await open_table(harness)
    assert replies(await harness.click(ALICE, "alice", "a1b2c3d4e5f6")) == []


async def test_a_modal_with_our_prefix_is_answered_privately(harness: Harness):
    await open_table(harness)
    payload = harness._base(5, ALICE, "alice", False, None)  # a modal submit: no view of ours takes it
    payload["data"] = {"custom_id": "pbp:q:١:1:0:0", "components": []}
    answers = replies(await harness._dispatch(payload))
    assert len(answers) == 1 and answers[0].ephemeral and "not valid any more" in answers[0].content


@pytest.mark.parametrize(
    ("kind", "custom_id"), [("click", "pbp:m:1:2:1:mark"), ("select", "pbp:q:1:2:1:0"), ("select", "pbp:x:1:2")]
)
async def test_an_id_of_one_kind_of_item_on_another_is_answered_once(harness: Harness, kind: str, custom_id: str):
    """A menu's id on a button (or the reverse) matches a template: its item answers it, and only it."""
    await open_table(harness)
    before = (await harness.table()).version
    if kind == "click":
        calls = await harness.click(BOB, "bob", custom_id)
    else:
        calls = await harness.select(BOB, "bob", custom_id, ["0"])
    answers = replies(calls)
    assert len(answers) == 1 and answers[0].ephemeral, answers
    assert (await harness.table()).version == before
