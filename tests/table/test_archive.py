"""/game export and the console's replay of its file (issue #41): a game that ended goes out as a file that the
console replays turn by turn to the very board the table ended on; a changed or foreign file is refused in one line;
a game still played is not exported and nothing is written; a forgotten player's name is not in the file."""

from __future__ import annotations

import functools
import gzip
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from console.clock import ConsoleClock
from console.session import Console
from table.service import Caller, TableError, TableService, archive
from table.service.archive_file import FORMAT, VERSION, ArchiveError, read
from table.storage import FORMER_PLAYER, Store
from tests.table.conftest import FakeClock
from tests.table.test_privacy import everything_stored

NAMES = ("Quill", "Rook")  # the two players of every game here
# the games whose seats hold secrets (hands, secret manoeuvres: tests/web/test_secrets.py's HIDDEN), and tic-tac-toe,
# each with options that end it within a few hundred actions
GAMES = {
    "tictactoe": {},
    "dragondice": {"rounds": "2", "force": "12"},
    "nerath": {"length": "short", "round_limit": "1"},
    "tashkalar": {"rounds": "5"},
}
SAVED = re.compile(r"\[(?:image|file): ([^\]]+)\]")  # where the console says it kept a file


class Desk:
    """A console over the test's store: lines typed as one of PEOPLE, and what it printed since the last line."""

    def __init__(self, store: Store, images: Path) -> None:
        seeds = iter(range(1, 10**6))
        compose = functools.partial(TableService, store, clock=FakeClock(), seeds=lambda: next(seeds))
        self.out = io.StringIO()
        self.console = Console(compose, self.out, images, ConsoleClock())
        self.service = self.console.service
        self.channel = self.console.channel_id
        self.images = images

    async def type(self, line: str, who: Caller | None = None) -> str:
        self.console.user = NAMES[0] if who is None else who.name
        start = len(self.out.getvalue())
        assert await self.console.run_line(line)
        return self.out.getvalue()[start:]

    def caller(self, name: str) -> Caller:
        return Caller(self.console._id(name), name)

    async def begin(self, game: str, options: dict[str, str]) -> list[Caller]:
        people = [self.caller(name) for name in NAMES]
        await self.service.create(1, self.channel, people[0], game, options)
        await self.service.join(self.channel, people[1])
        await self.service.start(self.channel, people[0], "joined")
        return people

    async def play(self, people: list[Caller], chooser: random.Random, most: int = 5000) -> None:
        """Random legal moves by whoever the game awaits, until it ends (or `most` moves are made)."""
        for _ in range(most):
            table = await self.service.table_here(self.channel)
            if table.status != "running":
                return
            engine, state = self.service.engine(table), self.service.state(table)
            seat = chooser.choice(sorted(engine.awaiting(state)))
            seats = await self.service.store.tables.seats(table.id)
            who = next(person for person in people if person.user_id == seats[seat].user_id)
            await self.service.act(self.channel, who, chooser.choice(engine.legal(state, seat)).action)


async def won_by_quill(desk: Desk) -> None:
    """A short game of tic-tac-toe: Quill gets a1, a2, a3."""
    quill, rook = await desk.begin("tictactoe", {})
    for who, square in [(quill, "a1"), (rook, "b1"), (quill, "a2"), (rook, "b2"), (quill, "a3")]:
        await desk.type(f"mark {square}", who)


def saved(printed: str) -> list[Path]:
    return [Path(found) for found in SAVED.findall(printed)]


async def export_file(desk: Desk) -> Path:
    """`game export` at the console: the game's file it kept (the board is checked beside it)."""
    printed = await desk.type("game export")
    files = saved(printed)
    assert [path.suffix for path in files] == [".json", ".png"], printed
    return files[0]


@pytest.mark.parametrize("game", list(GAMES))
async def test_an_exported_game_replays_in_the_console_to_the_tables_final_board(
    store: Store, tmp_path: Path, game: str
) -> None:
    desk = Desk(store, tmp_path / "out")
    people = await desk.begin(game, GAMES[game])
    await desk.play(people, random.Random(game))
    table = await desk.service.table_here(desk.channel)
    assert table.status == "finished"
    _, board = await desk.service.board(desk.channel, full=True)

    printed = await desk.type("game export", people[1])  # anyone in the channel
    assert "(only Rook sees this)" in printed and f"{table.turns} turns" in printed
    game_file, final_board = saved(printed)
    assert final_board.read_bytes() == board
    content = json.loads(game_file.read_bytes())
    assert content["format"] == FORMAT and content["version"] == VERSION and content["game"] == game
    assert [seat["name"] for seat in content["seats"]] == ["Quill", "Rook"]
    logged = await desk.service.store.log.actions(table.id)
    assert [(row["n"], row["seed"], row["action"]) for row in content["log"]] == [
        (row.n, row.seed, row.action) for row in logged
    ]

    loaded = await desk.type(f"replay {game_file.name}")  # found in the console's folder, where it was kept
    assert loaded.startswith(f"Replay of {game_file.name}") and "Replay: the start (turn 0" in loaded
    shown = [loaded]
    while "The end:" not in shown[-1]:
        shown.append(await desk.type("next"))
    assert len(shown) == len(content["turn_ends"]) + 1 + (1 if "to the game's end" in shown[-1] else 0)
    numbered = {int(n) for n in re.findall(r"^#(\d+) ", "".join(shown), re.MULTILINE)}
    assert numbered == {row.n for row in logged}  # every logged action, in the step of its turn
    assert saved(shown[-1])[-1].read_bytes() == board
    assert "The end:" not in await desk.type("back")
    assert saved(await desk.type("end"))[-1].read_bytes() == board
    assert saved(await desk.type("turn 0"))[-1].read_bytes() == saved(loaded)[-1].read_bytes()
    if game != "tictactoe":  # its dice and draws come from the seeds: other seeds, another game
        content["seed"] += 1
        for row in content["log"]:
            row["seed"] += 1
        with pytest.raises(ArchiveError, match="the file was changed"):
            await desk.service.archives.load(json.dumps(content).encode())


async def test_taken_back_moves_are_marked_and_the_game_still_replays(store: Store, tmp_path: Path) -> None:
    desk = Desk(store, tmp_path / "out")
    quill, rook = await desk.begin("tictactoe", {})
    await desk.type("mark a1", quill)
    await desk.type("undo", quill)
    for who, square in [(quill, "c3"), (rook, "b1"), (quill, "a2"), (rook, "b2"), (quill, "a3"), (rook, "b3")]:
        await desk.type(f"mark {square}", who)
    content = json.loads((await export_file(desk)).read_bytes())
    assert [(row["n"], row["kind"], row.get("undone", False)) for row in content["log"]][:3] == [
        (1, "act", True),
        (2, "undo", False),
        (3, "act", False),
    ]
    assert content["log"][1]["action"] == {"undoes": 1}
    printed = await desk.type("replay table-tictactoe-1.json") + await desk.type("next")
    assert "#1 Quill: mark (taken back)" in printed and "#2 ↩ Quill took back #1" in printed
    assert "#3 Quill puts X on c3." in printed
    assert "The end: Rook wins" in await desk.type("end")


async def test_an_abandoned_game_is_exported_up_to_where_it_stopped(store: Store, tmp_path: Path) -> None:
    desk = Desk(store, tmp_path / "out")
    quill, rook = await desk.begin("tictactoe", {})
    await desk.type("mark a1", quill)
    await desk.type("mark b2", rook)
    await desk.type("game abandon", quill)
    content = json.loads((await export_file(desk)).read_bytes())
    assert content["status"] == "abandoned" and content["result"] is None and len(content["log"]) == 2
    printed = await desk.type("replay table-tictactoe-1.json") + await desk.type("end")
    assert "The end: the game was abandoned here." in printed


async def test_a_game_still_played_or_gathering_is_not_exported_and_nothing_is_written(
    store: Store, tmp_path: Path
) -> None:
    desk = Desk(store, tmp_path / "out")
    await desk.service.create(1, desk.channel, desk.caller("Quill"), "tashkalar", {})
    assert "still gathering players" in await desk.type("game export")
    quill = desk.caller("Quill")
    await desk.service.join(desk.channel, desk.caller("Rook"))
    await desk.service.start(desk.channel, quill, "joined")
    await desk.play([quill, desk.caller("Rook")], random.Random(3), most=4)
    before = await everything_stored(desk.service)

    printed = await desk.type("game export", quill)

    assert printed.startswith("! The Tash-Kalar game here is still being played.") and "hidden" in printed
    assert await everything_stored(desk.service) == before
    assert list(desk.images.glob("*.json*")) == []
    with pytest.raises(TableError, match="still being played"):
        await desk.service.archives.export(desk.channel)


async def test_a_forgotten_players_name_and_everyones_ids_are_not_in_the_file(store: Store, tmp_path: Path) -> None:
    desk = Desk(store, tmp_path / "out")
    people = await desk.begin("tictactoe", {})
    await desk.play(people, random.Random(5))
    await desk.service.forget(people[0].user_id)
    data = (await export_file(desk)).read_bytes()
    assert b"Quill" not in data and str(people[0].user_id).encode() not in data
    assert str(people[1].user_id).encode() not in data  # nobody's Discord id is in an archive
    assert [seat["name"] for seat in json.loads(data)["seats"]] == [FORMER_PLAYER, "Rook"]
    assert "Replay of" in await desk.type("replay table-tictactoe-1.json")


def changed(data: bytes, change: Any) -> bytes:
    content = json.loads(data)
    change(content)
    return json.dumps(content).encode()


TAMPERED = {
    "an action": (lambda c: c["log"][0]["action"].update(square="z9"), "Action #1 of the file does not replay"),
    "a move": (lambda c: c["log"][0]["action"].update(square="c3"), "does not replay to the final state"),
    "the digest": (lambda c: c.update(digest="0" * 64), "final state"),
    "the turn ends": (lambda c: c["turn_ends"].pop(), "turn ends"),
    "the version": (lambda c: c.update(version=VERSION + 1), f"reads version {VERSION}"),
    "the game": (lambda c: c.update(game="chess"), "'chess', which is not installed here"),
    "a field": (lambda c: c.pop("log"), "has no 'log'"),
    "a seat's name": (lambda c: c["seats"][0].update(name=7), "'name' is not text"),
    "the log's order": (lambda c: c["log"].reverse(), "not numbered"),
}


@pytest.mark.parametrize("what", list(TAMPERED))
async def test_a_changed_file_is_refused_in_one_line(store: Store, tmp_path: Path, what: str) -> None:
    desk = Desk(store, tmp_path / "out")
    await won_by_quill(desk)
    good = (await export_file(desk)).read_bytes()
    change, said = TAMPERED[what]
    bad = tmp_path / "bad.json"
    bad.write_bytes(changed(good, change))

    printed = await desk.type(f"replay {bad}")

    assert printed.startswith("! ") and printed.count("\n") == 1 and said in printed, printed
    assert desk.console.replaying is None
    bad.write_bytes(gzip.compress(changed(good, change)))
    assert (await desk.type(f"replay {bad}")).startswith("! ")


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\x89PNG\r\n", "not JSON"),
        (b'{"format": "something else"}', "not an exported game"),
        (b"[1, 2]", "not an exported game"),
        (b"\x1f\x8b\x08broken", "damaged"),
    ],
)
def test_a_file_that_is_no_archive_is_refused_with_why(data: bytes, said: str) -> None:
    with pytest.raises(ArchiveError, match=said):
        read(data)


async def test_a_file_too_large_for_discord_is_compressed_and_still_replays(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = Desk(store, tmp_path / "out")
    await won_by_quill(desk)
    plain = await desk.service.archives.export(desk.channel)
    assert not plain.compressed and plain.name.endswith(".json")
    # a message that may carry only a little more than the board: the game's JSON no longer fits beside it
    monkeypatch.setattr(archive, "ATTACHMENTS", archive.MARGIN + len(plain.board) + len(plain.data) - 1)
    packed = await desk.service.archives.export(desk.channel)
    assert packed.compressed and packed.name.endswith(".json.gz") and gzip.decompress(packed.data) == plain.data
    assert "gzip-compressed" in await desk.type("game export")
    assert "Replay of table-tictactoe-1.json.gz" in await desk.type("replay table-tictactoe-1.json.gz")
    monkeypatch.setattr(archive, "ATTACHMENTS", archive.MARGIN + len(plain.board) + 10)
    with pytest.raises(TableError, match="more than Discord lets a message carry"):
        await desk.service.archives.export(desk.channel)


async def test_replay_without_a_file_says_what_it_needs(store: Store, tmp_path: Path) -> None:
    desk = Desk(store, tmp_path)
    said = await desk.type("replay")
    assert "! replay needs a file: replay <file>" in said and desk.console.replaying is None
