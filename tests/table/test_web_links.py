"""The web pages' links as the table service builds them (table/service/web_links.py), the console's lines for them,
and `./run-bot --rotate-web-secret` (issue #40)."""

from __future__ import annotations

import asyncio
import functools
import io
from pathlib import Path

import pytest

import bot
from console.clock import ConsoleClock
from console.session import Console
from table.service import Caller, TableService
from table.service.web_links import SECRET_TTL, WebLinks, listed
from table.storage import Store
from web import tokens

BASE = "http://127.0.0.1:8750"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _running_table(store: Store) -> int:
    """A started tic-tac-toe table in channel 7 of server 3: its id."""
    service = TableService(store)
    alice, bob = Caller(1, "alice"), Caller(2, "bob")
    await service.create(3, 7, alice, "tictactoe", {})
    await service.join(7, bob)
    await service.start(7, alice, "joined")
    table = await store.tables.table_in_channel(7)
    assert table is not None
    return table.id


async def test_links_only_with_an_address_a_page_on_and_a_game_begun(tmp_path: Path):
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        table_id = await _running_table(store)
        table = await store.tables.table(table_id)
        assert table is not None
        assert await WebLinks(store, None).map_link(table) is None  # no public address: no links at all
        links = WebLinks(store, BASE)
        page = BASE + tokens.table_path(await tokens.web_secret(store), table_id)
        found = await links.map_link(table)
        assert found is not None and found.url == page
        at_two = await links.map_link(table, 2)
        assert at_two is not None and at_two.url == page + "?turn=2" and "turn 2" in at_two.label
        await store.tables.set_table(table_id, web=0)
        off = await store.tables.table(table_id)
        assert off is not None and await links.map_link(off) is None
        await links.seen(table_id, True)
        assert await links.server_link(3) is None  # the only table's page is off: nothing listed
        await store.tables.set_table(table_id, web=1)
        listed_now = await store.tables.table(table_id)
        assert listed_now is not None and listed(listed_now)
        server = await links.server_link(3)
        assert server is not None and server.url == BASE + tokens.server_path(await tokens.web_secret(store), 3)
        assert await links.server_link(4) is None  # another server lists nothing
    finally:
        await store.close()


async def test_a_rotated_secret_changes_the_links_at_once_when_told_else_within_the_ttl(tmp_path: Path):
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        table_id = await _running_table(store)
        table = await store.tables.table(table_id)
        assert table is not None
        clock = Clock()
        links, other = WebLinks(store, BASE, clock), WebLinks(store, BASE, clock)  # two processes
        first = await links.page(table)
        assert first == await other.page(table)
        await tokens.rotate_secret(store)
        links.forget_secret()  # the process that rotated
        rotated = await links.page(table)
        assert rotated != first and rotated == BASE + tokens.table_path(await tokens.web_secret(store), table_id)
        assert await other.page(table) == first  # kept a while...
        clock.now += SECRET_TTL
        assert await other.page(table) == rotated  # ...and read again
    finally:
        await store.close()


async def test_the_console_prints_the_links(tmp_path: Path):
    store = await Store.open(tmp_path / "console.sqlite3")
    out = io.StringIO()
    clock = ConsoleClock()
    compose = functools.partial(TableService, store, clock=clock, web_url=BASE)
    console = Console(compose, out, tmp_path / "images", clock)
    try:
        for line in ["game new tictactoe", "as bob", "game join", "as alice", "game start joined", "mark b2"]:
            assert await console.run_line(line)
        before = out.getvalue()
        for line in ["game status", "board 0", "game settings web=off", "game status", "board"]:
            assert await console.run_line(line)
        page = BASE + tokens.table_path(await tokens.web_secret(store), 1)
        middle = out.getvalue()
        for line in ["game settings web=on", "rotate-web-secret", "game status"]:
            assert await console.run_line(line)
        rotated = BASE + tokens.table_path(await tokens.web_secret(store), 1)
    finally:
        await store.close()
    after = middle[len(before) :]
    assert before.count(f"Open the map: {page}\n") == 2  # under the start's board and the move's
    assert f"Open the map: {page}\n" in after and f"Open the map at the start: {page}?turn=0\n" in after
    taken_down = after[after.index("Web page: off") :]
    assert "Open the map" not in taken_down  # the status and the board after web off link nowhere
    last = out.getvalue()[len(middle) :]
    assert "old web address now answers 404" in last and rotated != page
    assert last.endswith(f"Open the map: {rotated}\n")  # the status after the rotation links to the new address


def test_rotate_web_secret_from_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setenv("PBP_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PBP_DATABASE_URL", raising=False)

    async def secret() -> bytes:
        store = await Store.open(tmp_path / "tables.sqlite3")
        try:
            return await tokens.web_secret(store)
        finally:
            await store.close()

    before = asyncio.run(secret())
    assert bot.main(["--rotate-web-secret"]) == 0
    assert "every table's and server's old web address now answers 404" in capsys.readouterr().out
    assert asyncio.run(secret()) != before


async def test_the_console_serving_pages_links_to_its_own_address(tmp_path: Path):
    from console.app import run

    lines = io.StringIO("game new tictactoe\nas bob\ngame join\nas alice\ngame start joined\n")
    out = io.StringIO()
    await run(tmp_path / "console.sqlite3", tmp_path / "images", lines, out, web_port=0)  # any free port
    text = out.getvalue()
    address = text.split("Table pages: ", 1)[1].split("/s/", 1)[0]
    assert address.startswith("http://127.0.0.1:")
    assert f"Open the map: {address}/t/1-" in text
