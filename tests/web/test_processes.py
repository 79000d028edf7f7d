"""Several bot processes on one PostgreSQL database: any process serves any table's page as it stands now, however
recently another process moved it (each process keeps its own parsed states, checked against the table's version)."""

from __future__ import annotations

import json
from typing import Any

import aiohttp

from table.service import TableService
from table.storage import Store
from tests.support import postgres
from tests.web.test_server import BOB, CHANNEL, tictactoe
from web import tokens
from web.server import WebServer


async def fetch(http: aiohttp.ClientSession, url: str) -> tuple[int, bytes]:
    async with http.get(url) as answer:
        return answer.status, await answer.read()


async def test_a_page_served_by_one_process_follows_moves_made_in_another() -> None:
    url = await postgres.fresh_database()
    first, second = await Store.open(url), await Store.open(url)
    playing, serving = TableService(first), TableService(second)  # two bot processes
    server = WebServer(serving)
    address = await server.start(0)
    try:
        table = await tictactoe(playing, moves=("a1",))
        page = address + tokens.table_path(await tokens.web_secret(second), table.id)
        async with aiohttp.ClientSession() as http:
            status, body = await fetch(http, page + "data.json")
            assert status == 200
            before: dict[str, Any] = json.loads(body)
            assert [who["name"] for who in before["awaited"]] == ["bob"]
            old_now = before["turns"][-1]["image"]
            status, old_picture = await fetch(http, page + old_now)
            assert status == 200

            await playing.act(CHANNEL, BOB, {"type": "mark", "square": "b1"})  # the other process moves the table

            status, body = await fetch(http, page + "data.json")
            after: dict[str, Any] = json.loads(body)
            assert after["version"] == before["version"] + 1
            assert [who["name"] for who in after["awaited"]] != ["bob"]
            assert any("b1" in line for turn in after["log"] for line in turn["lines"])
            assert (await fetch(http, page + old_now.split("?")[0]))[0] == 404  # the old "now" is gone
            status, new_picture = await fetch(http, page + after["turns"][-1]["image"])
            assert status == 200 and new_picture != old_picture
    finally:
        await server.stop()
        await first.close()
        await second.close()
