"""/game export in Discord: refused while the game is played; once it has ended, one private answer carrying the
game's file and its final board."""

from tests.cogs.harness import Harness
from tests.cogs.test_lobby import ALICE, BOB, CAROL, open_table, replies
from tests.cogs.test_play import mark


async def test_game_export_answers_with_the_game_file_and_the_final_board(harness: Harness) -> None:
    await open_table(harness)
    refused = replies(await harness.command(CAROL, "carol", "game export"))[0]
    assert refused.ephemeral and "still being played" in refused.content and refused.files == []
    for user, name, square in [(ALICE, "alice", "a1"), (BOB, "bob", "b1"), (ALICE, "alice", "a2"), (BOB, "bob", "b2")]:
        await mark(harness, user, name, square)
    await mark(harness, ALICE, "alice", "a3")

    reply = replies(await harness.command(CAROL, "carol", "game export"))[0]  # anyone in the channel

    assert reply.ephemeral and "replay <file>" in reply.content
    assert reply.files == ["tictactoe-1.json", "board.png"]
