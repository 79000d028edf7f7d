"""/leaderboard (issue #41): from games played to the end through the console, as Discord runs the same command;
a bad game refused; the board's words (names escaped, the close players, within one message)."""

from __future__ import annotations

import functools
import io
import re
from pathlib import Path

from console.clock import ConsoleClock
from console.session import Console
from table.service import TableService
from table.storage import Store
from table.text.leaderboard import Board, Entry, leaderboard_text
from table.text.present import MESSAGE_LIMIT

WIN = ["mark a1", "as {loser}", "mark b1", "as {winner}", "mark a2", "as {loser}", "mark b2", "as {winner}", "mark a3"]


def game(channel: str, winner: str, loser: str) -> list[str]:
    """A tic-tac-toe table in its own channel that `winner` opens and wins against `loser`."""
    opening = [f"channel {channel}", f"as {winner}", "game new tictactoe", f"as {loser}", "game join"]
    return [*opening, f"as {winner}", "game start joined", *(line.format(winner=winner, loser=loser) for line in WIN)]


async def console_lines(tmp_path: Path, lines: list[str]) -> tuple[str, Store]:
    store = await Store.open(tmp_path / "console.sqlite3")
    out = io.StringIO()
    clock = ConsoleClock()
    console = Console(functools.partial(TableService, store, clock=clock), out, tmp_path / "images", clock)
    for line in lines:
        assert await console.run_line(line)
    return out.getvalue(), store


async def test_finished_games_make_the_board_and_a_bad_game_is_refused(tmp_path: Path):
    lines = [*game("t1", "alice", "bob"), *game("t2", "alice", "bob"), *game("t3", "bob", "alice")]
    lines += [*game("t4", "alice", "carol"), "as dave", "leaderboard tictactoe"]
    before, store = await console_lines(tmp_path, lines)
    board = before[before.rindex("🏆 Leaderboard") :]
    first, second = board.splitlines()[1:3]
    alice, bob = (int(re.findall(r"\*\*: (\d+) ·", line)[0]) for line in (first, second))
    assert first == f"1. **alice**: {alice} · 4 games: 3 won, 1 lost"
    assert second == f"2. **bob**: {bob} · 3 games: 1 won, 2 lost" and alice > bob
    assert "Not listed yet: carol (2 more games)." in board
    assert "/leaderboard game:tictactoe bots:True" in board
    stored = await store.schema.rows_of("ratings")
    await store.close()

    text, store = await console_lines(tmp_path, ["leaderboard game:chess", "leaderboard tictactoe bots"])
    assert "! No game called 'chess' is installed." in text
    assert "No bot has finished a game of it here yet." in text
    assert await store.schema.rows_of("ratings") == stored  # reading writes nothing
    await store.close()


def entry(rank: int, name: str, **changed: int) -> Entry:
    values = {"rating": 1100 - rank, "games": 9, "wins": 5, "draws": 1, "taken_over": 0} | changed
    return Entry(rank, f"u{rank}", name, False, **values)


def test_the_board_escapes_names_notes_takeovers_and_fits_one_message():
    sly = "*ann* @everyone <@1>"
    board = Board("nerath", False, 3, [entry(1, sly, taken_over=1)], 1, [("bo_b", 1), ("cy", 2)], 4)
    text = leaderboard_text(board, "Nerath", "/leaderboard game:nerath bots:True")
    assert (
        "1. **\\*ann\\* @\u200beveryone <\u200b@\u200b1\\>**: 1099"
        " · 9 games: 5 won, 1 drawn, 3 lost (1 game taken over)" in text
    )
    assert "Not listed yet: bo\\_b (1 more game), cy (2 more games) and 2 others." in text
    assert "@everyone" not in text and "<@" not in text

    crowd = [entry(rank, "x" * 200) for rank in range(1, 16)]
    text = leaderboard_text(Board("nerath", False, 3, crowd, 40, [], 0), "Nerath", "/leaderboard")
    assert len(text) <= MESSAGE_LIMIT and text.startswith("🏆 Leaderboard: Nerath")


def test_the_bots_board_marks_each_bot():
    bot = Entry(1, "bot:normal", "normal bot", True, 1050, 12, 8, 0, 0)
    text = leaderboard_text(Board("nerath", True, 1, [bot], 1, [], 0), "Nerath", "")
    assert "1. 🤖 **normal bot**: 1050 · 12 games: 8 won, 4 lost" in text and "Not listed yet" not in text
