"""Two allied players sharing hits, played as people would in the offline console (the same service as Discord).

The table is started for four people (Vailin and Nerath are two of them), then set to a battle at Silverbough
where Karkoth's Dragons attack Vailin and Nerath together. The service's seed is fixed, so the dice are known.
"""

import functools
import io
from pathlib import Path

from console.clock import ConsoleClock
from console.session import Console
from rules import serial
from table.service import TableService
from table.storage import Store
from tests.rules.nerath.helpers import put
from tests.rules.nerath.test_allies import defended

START = ["as ann", "game new nerath mode=alliance length=short", "as bea", "game join Vailin", "as cid", "game join"]
START += ["as dot", "game join Nerath", "as ann", "game start joined"]


async def play(tmp_path: Path, lines: list[str]) -> str:
    store = await Store.open(tmp_path / "console.sqlite3")
    out = io.StringIO()
    clock = ConsoleClock()
    console = Console(
        functools.partial(TableService, store, clock=clock, seeds=lambda: 1), out, tmp_path / "images", clock
    )
    for line in START:
        assert await console.run_line(line)
    table = await store.tables.table_in_channel(console.channel_id)
    assert table is not None
    state = defended({"footsoldier": 4, "fighter": 1}, {"footsoldier": 3, "monster": 1}, attackers=0)
    put(state, "karkoth", "dragon", "silverbough", 6, stopped=True)
    await store.tables.save_state(table.id, table.version, serial.dumps(state))
    await store.tables.set_announced(table.id, table.version + 1)
    begin = len(out.getvalue())
    for line in lines:
        assert await console.run_line(line)
    await store.close()
    return out.getvalue()[begin:]


async def test_two_allied_players_refuse_then_accept_a_split_in_the_console(tmp_path: Path):
    text = await play(
        tmp_path,
        [
            "as ann",
            "fight space=silverbough",  # Dragons 5, 19, 3, 9, 4, 16: 3 hits on the defence
            "as dot",
            "split mine=1",  # not Nerath's to propose
            "as bea",
            "split mine=0",
            "as dot",
            "refuse",
            "as bea",
            "casualties pieces=footsoldier,footsoldier",
            "as dot",
            "casualties pieces=monster",
            "as ann",
            "press",  # round 2: 3 hits again; the odd hit's die (1) gives it to Vailin
            "as bea",
            "split mine=1",
            "as dot",
            "accept",
            "as bea",
            "casualties pieces=fighter",
        ],
    )
    assert "Vailin and Nerath share 3 hits at Silverbough: bea proposes a split for Vailin" in text
    assert "! It is not your move: the game is waiting for bea." in text
    assert "Vailin proposes: Vailin takes 0 hits, Nerath 3. dot accepts or refuses for Nerath." in text
    assert "Buttons: [1] Accept: Vailin takes 0 hits, Nerath 3  [2] Refuse: Vailin takes 2 hits, Nerath 1" in text
    assert "Nerath refuses; the rules' split applies: Vailin takes 2 hits, Nerath 1." in text
    assert "Vailin takes 2 hits at Silverbough: bea chooses the casualties." in text
    assert "Nerath takes 1 hit at Silverbough: dot chooses the casualties." in text
    assert "Vailin: 2 Footsoldiers are destroyed." in text and "Nerath: a Monster is destroyed." in text
    assert "Nerath accepts: Vailin takes 1 hit, Nerath 2." in text
    assert "Nerath: 2 Footsoldiers are destroyed." in text  # only Footsoldiers left: no need to ask
    assert "Vailin: a Fighter is destroyed." in text
    *_, buttons, next_line = text.rstrip().splitlines()  # the turn's Next line comes last in the block (38934c8)
    assert buttons.startswith("Buttons: [1] Press the attack at Silverbough")
    assert next_line.startswith("➡️ Next for ann: ") and "(`press`)" in next_line


async def test_game_status_card_keeps_the_whole_title_with_its_colon(tmp_path: Path):
    text = await play(tmp_path, ["game status"])
    assert "Turns played: 0. waiting for ann" in text
    assert "Conquest of Nerath** in" not in text  # the title "D&D: Conquest of Nerath" was cut at its colon
