"""The offline console plays a whole game with the same commands as Discord."""

import functools
import io
from pathlib import Path

from console.clock import ConsoleClock
from console.session import Console
from table.service import TableService
from table.storage import Store

SCRIPT = """
game new tictactoe
as bob
game join
as alice
game start joined
mark b2
as bob
mark b2
tictactoe mark square=a1
as carol
mark c3
as alice
legal
mark a3
as bob
mark c3
as alice
mark c1
history
board 1
roll 6d10>=6 attack
roll nonsense
wait 13h
"""


async def play(tmp_path: Path, lines: list[str]) -> str:
    """Run console lines against a database in tmp_path; what the console printed."""
    store = await Store.open(tmp_path / "console.sqlite3")
    out = io.StringIO()
    clock = ConsoleClock()
    console = Console(functools.partial(TableService, store, clock=clock), out, tmp_path / "images", clock)
    for line in lines:
        assert await console.run_line(line)
    await store.close()
    return out.getvalue()


async def test_a_whole_game_in_the_console(tmp_path: Path):
    text = await play(tmp_path, SCRIPT.strip().splitlines())
    assert "! b2 is taken; free squares" in text
    assert "bob puts O on a1" in text
    assert "! You are not playing at this table" in text
    assert "Mark c3" in text  # `legal` lists the choices
    assert "moves by the bot" in text
    assert "Game over" in text and "🏆 alice wins" in text
    assert "hits" in text and "! 'nonsense' is not a dice term" in text
    images = sorted(p.name for p in (tmp_path / "images").iterdir())
    assert "table-board-1.png" in images and len(images) >= 7


async def test_the_console_picks_from_the_menu_under_the_board(tmp_path: Path):
    text = await play(
        tmp_path,
        [
            "game new tictactoe",
            "as bob",
            "game join",
            "as alice",
            "do 1",
            "game start joined",
            "pick 99",
            "pick 1",
        ],
    )
    menu = next(line for line in text.splitlines() if line.startswith("Menu (alice: "))
    assert menu.count("] Mark ") == 9 and menu.endswith("(pick <n>)")
    first = menu.split("[1] Mark ")[1].split()[0]
    assert "! There is no such option" in text and "! You have nothing to do right now" in text
    assert f"alice puts X on {first}" in text
    assert "Menu (bob: " in text and text.count("] Mark ") == 9 + 8


async def test_the_console_shows_a_zoomed_board_and_the_whole_map(tmp_path: Path):
    text = await play(
        tmp_path,
        [
            "game new genertela",
            "game start joined",
            "board zoom=Tarsh",
            "board 0 zoom=nowhere",
            "board 0 zoom=Dara Happa",
            "board 0 full",
        ],
    )
    assert "Genertela, around Tarsh, now" in text and "! There is no place called nowhere" in text
    assert "Genertela, around Dara Happa, at the start" in text
    assert (tmp_path / "images" / "table-board-tarsh.png").exists()
    assert "Genertela, the whole map, at the start" in text
    assert (tmp_path / "images" / "table-board-0-full.png").exists()


async def test_a_new_console_session_does_not_repeat_what_was_shown(tmp_path: Path):
    await play(tmp_path, ["game new tictactoe", "as bob", "game join", "as alice", "game start joined", "mark b2"])
    text = await play(tmp_path, ["as bob", "mark a1"])  # a second session on the same database
    assert "bob puts O on a1" in text and "Not shown before" not in text


async def test_one_person_plays_a_whole_game_against_a_bot_in_the_console(tmp_path: Path):
    text = await play(tmp_path, ["game new tictactoe", "game bot add", "game start joined", "mark b2"])
    assert "alice seats Bot 1 (normal bot)" in text and "Seats: 1. alice, 2. Bot 1 (normal bot)" in text
    after = text.split("alice puts X on b2", 1)[1]
    assert "Bot 1 puts O on" in after  # answered before the next command, ending with alice's menu and Next line
    *_, menu, next_line = after.rstrip().splitlines()  # the Next line comes last in the block (38934c8)
    assert menu.startswith("Menu (alice") and menu.endswith("(pick <n>)")
    assert next_line.startswith("➡️ Next for alice: put your mark on an empty square: any of 7")
    text = await play(tmp_path, ["do 1"] * 4 + ["history"])  # alice's five marks at most fill the grid
    assert "**Game over**" in text and "🏆 alice wins" not in text  # the bot never loses
    history = text.split("**History of", 1)[1]
    assert history.count("Bot 1 puts O on") >= 3


async def test_the_console_takes_discords_name_value_and_a_combo_by_its_name(tmp_path: Path):
    lines = ["game new smallworld", "as bob", "game join", "as alice", "game start order:joined", "legal"]
    text = await play(tmp_path, lines)
    assert "Seats: 1. alice, 2. bob." in text  # order:joined, as Discord writes it
    second = next(line for line in text.splitlines() if line.startswith("  [2] "))
    name = second.removeprefix("  [2] 2. ").split(" (")[0]  # '2. Muddy Ogres (...)' -> 'Muddy Ogres'
    text = await play(tmp_path, [f"pick {name}"])  # not `pick <n>` of the menus: Small World's own pick
    assert "! " not in text and name in text.split(" picks ", 1)[1], text


async def test_the_creator_chooses_a_faction_with_game_join_before_the_start(tmp_path: Path):
    """The creator sits down without a faction when opening the table; /game join with one chooses it (a Dragon
    Dice player picks their species so), refused when taken, and a second join without one is refused."""
    lines = ["game new dragondice", 'game join "Fire Walkers"', "as bob", "game join Feral", "as alice"]
    text = await play(tmp_path, [*lines, "game join Feral", "game join", "game bot add", "game start joined"])
    assert "alice will play Fire Walkers. Players: alice (Fire Walkers)" in text
    assert "bob joins. Players: alice (Fire Walkers), bob (Feral)" in text
    assert "! Feral is taken." in text and "/game join with a faction changes yours" in text
    assert "Seats: 1. alice (Fire Walkers), 2. bob (Feral), 3. Bot 1" in text  # the species chosen are played
