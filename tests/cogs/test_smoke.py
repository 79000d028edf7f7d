from tests.cogs.harness import Harness

ALICE, BOB = 1001, 1002


async def test_game_new_replies_publicly(harness: Harness):
    calls = await harness.command(ALICE, "alice", "game new", {"game": "tictactoe"})
    replies = [c for c in calls if c.path.endswith("/callback")]
    assert replies and "opened a **Tic-tac-toe** table" in replies[0].content
    assert not replies[0].ephemeral
