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
    table = await harness.bot.store.table_in_channel(harness.channel_id)
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
    version = (await harness.bot.store.table(1)).version
    reply = replies(await harness.click(ALICE, "alice", custom_id))[0]
    assert reply.ephemeral and "not valid any more" in reply.content
    assert (await harness.bot.store.table(1)).version == version
    assert not harness.errors.records, harness.errors.records


@pytest.mark.parametrize("value", ["²", "9" * 5000, "-1", ""])
async def test_odd_menu_values_are_refused(harness: Harness, value: str):
    await open_table(harness)
    reply = replies(await harness.command(ALICE, "alice", "tictactoe mark", {"square": "b2"}))[0]
    (menu,) = [item for item in reply.components if item["type"] == 3]
    version = (await harness.bot.store.table(1)).version
    answer = replies(await harness.select(BOB, "bob", menu["custom_id"], [value]))[0]
    assert answer.ephemeral and "Pick one option" in answer.content
    assert (await harness.bot.store.table(1)).version == version
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
