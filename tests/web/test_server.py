"""The web companion's server, over real HTTP on 127.0.0.1: every route, the one 404, the headers on every answer,
the methods, the rate limit, the size limits, the caching of pictures, and what a page may list and name."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from multidict import CIMultiDict

from render.record import table_facts
from table.service import Caller, TableService
from table.storage import FORMER_PLAYER, ActionRow, Store, TableRow
from web import guard, pages, read, tokens
from web.server import WebServer

ALICE, BOB = Caller(424242, "Alice <b>&amp;"), Caller(535353, "bob")
GUILD, CHANNEL = 10, 100


class Site:
    """A service, its web server on a free port, and an HTTP client."""

    def __init__(self, service: TableService, server: WebServer, address: str, http: aiohttp.ClientSession):
        self.service = service
        self.server = server
        self.address = address
        self.http = http

    async def secret(self) -> bytes:
        return await tokens.web_secret(self.service.store)

    async def page(self, table_id: int) -> str:
        return self.address + tokens.table_path(await self.secret(), table_id)

    async def get(self, url: str, **kwargs: Any) -> tuple[int, CIMultiDict[str], bytes]:
        async with self.http.get(url, allow_redirects=False, **kwargs) as answer:
            return answer.status, answer.headers.copy(), await answer.read()

    async def data(self, table_id: int) -> dict[str, Any]:
        status, _, body = await self.get(await self.page(table_id) + "data.json")
        assert status == 200
        found: dict[str, Any] = json.loads(body)
        return found


async def open_site(tmp_path: Path, **options: Any) -> AsyncIterator[Site]:
    store = await Store.open(tmp_path / "web.sqlite3")
    seeds = iter(range(1, 10**6))
    service = TableService(store, seeds=lambda: next(seeds))
    server = WebServer(service, **options)
    address = await server.start(0)
    async with aiohttp.ClientSession() as http:
        yield Site(service, server, address, http)
    await server.stop()
    await store.close()


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    async for opened in open_site(tmp_path):
        yield opened


async def tictactoe(service: TableService, channel: int = CHANNEL, moves: tuple[str, ...] = ("a1", "b1")) -> TableRow:
    await service.create(GUILD, channel, ALICE, "tictactoe", {})
    await service.join(channel, BOB)
    await service.start(channel, ALICE, "joined")
    for who, square in zip([ALICE, BOB] * 5, moves, strict=False):
        await service.act(channel, who, {"type": "mark", "square": square})
    return await service.table_here(channel)


async def test_every_route_answers(site: Site) -> None:
    table = await tictactoe(site.service)
    page = await site.page(table.id)
    status, headers, body = await site.get(page)
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert b"<title>Tic-tac-toe, table 1</title>" in body and b'data-data="data.json"' in body

    data = await site.data(table.id)
    assert data["game"] == "tictactoe" and data["status"] == "running" and data["version"] == table.version
    assert [p["name"] for p in data["players"]] == [ALICE.name, BOB.name]  # plain text in JSON
    assert [w["name"] for w in data["awaited"]] == [ALICE.name]
    assert data["turns"][-1]["turn"] == "now" and data["rules"] == "rules/"
    assert any("b1" in line for group in data["log"] for line in group["lines"])
    for entry in data["turns"]:
        status, headers, body = await site.get(page + entry["image"])
        assert status == 200 and headers["Content-Type"] == "image/png" and body.startswith(b"\x89PNG")
        status, headers, body = await site.get(page + entry["places"])
        assert status == 200 and json.loads(body) == []  # tic-tac-toe's renderer has no spots
    status, headers, body = await site.get(page + "rules/")
    assert status == 200 and b"<h1>" in body and b"<script" not in body
    assert (await site.get(page + "data.json"))[1]["Cache-Control"] == "no-store"
    status, headers, body = await site.get(site.address + "/static/app.js")
    assert status == 200 and headers["Cache-Control"] == "public, max-age=86400"
    assert (await site.get(site.address + "/static/app.js", headers={"If-None-Match": headers["ETag"]}))[0] == 304


async def test_a_game_with_spots_answers_each_with_info_text(site: Site) -> None:
    await site.service.create(GUILD, CHANNEL, ALICE, "smallworld", {})
    await site.service.join(CHANNEL, BOB)
    await site.service.start(CHANNEL, ALICE, "joined")
    table = await site.service.table_here(CHANNEL)
    page = await site.page(table.id)
    status, _, body = await site.get(page + f"places/now-{table.version}.json")
    spots = json.loads(body)
    assert status == 200 and spots
    assert all(len(spot["box"]) == 4 and spot["text"].startswith(spot["name"]) for spot in spots)
    assert not any("**" in spot["text"] for spot in spots)  # plain text, not Discord's markdown


async def test_the_board_now_and_its_places_follow_the_table(site: Site) -> None:
    await site.service.create(GUILD, CHANNEL, ALICE, "smallworld", {})
    await site.service.join(CHANNEL, BOB)
    await site.service.start(CHANNEL, ALICE, "joined")
    table = await site.service.table_here(CHANNEL)
    page = await site.page(table.id)
    answers = []
    for step in range(4):  # Alice picks a race and conquers: what stands where changes
        if step:
            choice = site.service.engine(table).legal(site.service.state(table), 0)[0]
            await site.service.act(CHANNEL, ALICE, choice.action)
            table = await site.service.table_here(CHANNEL)
        now = (await site.data(table.id))["turns"][-1]
        answers.append((await site.get(page + now["places"]), await site.get(page + now["image"])))
    engine, state = site.service.engine(table), site.service.state(table)
    seats = await site.service.store.tables.seats(table.id)
    facts = table_facts(engine, state, [seat.name for seat in seats])
    assert json.loads(answers[-1][0][2]) == read.places(engine, engine.view(state, None), facts, seats)
    assert answers[-1][0][2] != answers[0][0][2]  # each version's own, never one kept from before
    assert len({image[1]["ETag"] for _, image in answers}) == 4


async def test_every_way_to_miss_a_table_answers_the_same_404(site: Site) -> None:
    table = await tictactoe(site.service)
    await site.service.create(GUILD, CHANNEL + 1, ALICE, "tictactoe", {})  # a lobby: no game yet
    lobby = await site.service.table_here(CHANNEL + 1)
    off = await tictactoe(site.service, CHANNEL + 2)
    await site.service.store.tables.set_table(off.id, web=0)
    secret = await site.secret()
    good = await site.page(table.id)
    addresses = [
        good.replace(tokens.token(secret, "table", table.id), "a" * tokens.TOKEN_CHARS),  # a wrong token
        good.replace(tokens.token(secret, "table", table.id), tokens.token(secret, "guild", table.id)),
        site.address + tokens.table_path(secret, 999),  # no such table, with its right token
        await site.page(lobby.id),
        await site.page(lobby.id) + "data.json",
        await site.page(off.id),
        await site.page(off.id) + "data.json",
        await site.page(off.id) + "board/0.png",
        good + "board/7.png",  # a turn not played
        good + "board/x.png",
        good + f"board/now-{table.version - 1}.png",  # the table moved on
        good + "board/0.png?v=0-000000000000",  # the fingerprint of another picture
        good + "places/9.json",
        good + "nothing",
        good[:-1],
        site.address + "/t/1/",
        good.replace("/t/", "/t/0"),  # the same id written otherwise
        site.address + "/t/-1-abc/",
        site.address + "/s/10-" + "a" * tokens.TOKEN_CHARS + "/data.json",
        site.address + "/static/../server.py",
        site.address + "/static/missing.js",
        site.address + "/",
    ]
    answers = [await site.get(url) for url in addresses]
    assert {(status, body) for status, _, body in answers} == {(404, guard.NOT_FOUND.encode())}
    assert all(
        headers["Content-Security-Policy"] == guard.HEADERS["Content-Security-Policy"] for _, headers, _ in answers
    )


async def test_security_headers_on_answers_and_errors(site: Site) -> None:
    table = await tictactoe(site.service)
    page = await site.page(table.id)
    answers = [
        await site.get(page),
        await site.get(page + "data.json"),
        await site.get(page + "board/0.png"),
        await site.get(site.address + "/nowhere"),
        await site.get(page + "?" + "x" * (guard.MAX_QUERY + 1)),
    ]
    async with site.http.post(page) as posted:
        answers.append((posted.status, posted.headers.copy(), await posted.read()))
    assert [status for status, _, _ in answers] == [200, 200, 200, 404, 414, 405]
    for _, headers, _ in answers:
        for name, value in guard.HEADERS.items():
            assert headers[name] == value


async def test_only_get_and_head(site: Site) -> None:
    table = await tictactoe(site.service)
    page = await site.page(table.id)
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
        async with site.http.request(method, page + "data.json") as answer:
            assert answer.status == 405 and answer.headers["Allow"] == "GET, HEAD"
    async with site.http.head(page + "data.json") as answer:
        assert answer.status == 200 and await answer.read() == b""
    async with site.http.get(page + "data.json", data=b"x" * 100) as answer:
        assert answer.status == 400  # a GET with a body
    assert (await site.service.store.tables.table(table.id)) == table  # nothing written


async def test_oversized_requests_are_refused(site: Site) -> None:
    table = await tictactoe(site.service)
    page = await site.page(table.id)
    assert (await site.get(page + "?turn=" + "9" * guard.MAX_QUERY))[0] == 414
    assert (await site.get(page + "?turn=3"))[0] == 200
    assert (await site.get(page, headers={"X-Big": "x" * (guard.MAX_FIELD + 10)}))[0] == 400  # aiohttp's refusal
    host, port = site.address.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(b"GET /" + b"a" * (guard.MAX_LINE + 10) + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    await writer.drain()
    status_line = await reader.readline()
    writer.close()
    assert status_line.split()[1] in (b"400", b"414")


async def test_the_rate_limit_is_per_client(tmp_path: Path) -> None:
    async for site in open_site(tmp_path, behind_proxy=True, rate=0.01, burst=3):
        url = site.address + "/static/app.css"
        assert [(await site.get(url))[0] for _ in range(3)] == [200, 200, 200]
        status, headers, _ = await site.get(url)
        assert status == 429 and int(headers["Retry-After"]) >= 1
        assert headers["X-Frame-Options"] == "DENY"
        # behind the proxy, the client is the last X-Forwarded-For entry (what the proxy itself added)
        other = {"X-Forwarded-For": "203.0.113.9, 198.51.100.7"}
        assert (await site.get(url, headers=other))[0] == 200
        assert (await site.get(url, headers={"X-Forwarded-For": "198.51.100.7"}))[0] == 200
        assert (await site.get(url, headers={"X-Forwarded-For": "203.0.113.9, 127.0.0.1"}))[0] == 429


async def test_forwarded_for_is_ignored_without_a_proxy(tmp_path: Path) -> None:
    async for site in open_site(tmp_path, rate=0.01, burst=1):
        url = site.address + "/static/app.css"
        assert (await site.get(url))[0] == 200
        assert (await site.get(url, headers={"X-Forwarded-For": "203.0.113.9"}))[0] == 429


def test_a_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    buckets = guard.Buckets(rate=2.0, burst=2, kept=2, clock=lambda: now[0])
    assert [buckets.take("a"), buckets.take("a")] == [0.0, 0.0]
    assert buckets.take("a") == pytest.approx(0.5)
    now[0] += 0.5
    assert buckets.take("a") == 0.0
    buckets.take("b")
    buckets.take("c")  # three clients: the longest unseen ("a") is forgotten, and starts full again
    assert buckets.take("a") == 0.0 and len(buckets._buckets) == 2


async def test_finished_turns_are_immutable_with_an_etag(site: Site) -> None:
    table = await tictactoe(site.service, moves=("a1", "b1", "a2", "b2"))
    page = await site.page(table.id)
    data = await site.data(table.id)
    first = data["turns"][1]
    status, headers, png = await site.get(page + first["image"])
    assert status == 200 and headers["Cache-Control"] == "public, max-age=31536000, immutable"
    etag = headers["ETag"]
    assert etag.startswith('"') and not etag.startswith("W/")
    status, headers, body = await site.get(page + first["image"], headers={"If-None-Match": etag})
    assert status == 304 and body == b"" and headers["ETag"] == etag
    status, headers, again = await site.get(page + "board/1.png")  # no fingerprint: checked each time
    assert status == 200 and again == png and headers["Cache-Control"] == "no-cache" and headers["ETag"] == etag
    now = data["turns"][-1]
    assert (await site.get(page + now["image"]))[1]["Cache-Control"] == "public, max-age=31536000, immutable"


async def test_now_of_a_stale_version_is_404_and_data_names_the_new_one(site: Site) -> None:
    table = await tictactoe(site.service)
    page = await site.page(table.id)
    before = (await site.data(table.id))["turns"][-1]["image"]
    assert (await site.get(page + before))[0] == 200
    await site.service.act(CHANNEL, ALICE, {"type": "mark", "square": "c3"})
    assert (await site.get(page + before))[0] == 404
    after = (await site.data(table.id))["turns"][-1]["image"]
    assert after != before and (await site.get(page + after))[0] == 200


async def test_taking_a_page_down_answers_404_at_once(site: Site) -> None:
    table = await tictactoe(site.service)
    page = await site.page(table.id)
    assert (await site.get(page + "data.json"))[0] == 200
    await site.service.store.tables.set_table(table.id, web=0)
    assert [(await site.get(page + tail))[0] for tail in ("", "data.json", "board/0.png", "rules/")] == [404] * 4


async def test_a_rotated_secret_changes_every_address(site: Site) -> None:
    table = await tictactoe(site.service)
    old = await site.page(table.id)
    await tokens.rotate_secret(site.service.store)
    assert (await site.get(old))[0] == 404
    assert (await site.get(await site.page(table.id)))[0] == 200


async def test_a_forgotten_user_reads_a_former_player(site: Site) -> None:
    table = await tictactoe(site.service, moves=("a1", "b1", "a2", "b2", "a3"))  # alice wins: the game is over
    page = await site.page(table.id)
    before = await site.data(table.id)
    assert ALICE.name in json.dumps(before, ensure_ascii=False)
    await site.service.forget(ALICE.user_id)
    after = await site.data(table.id)
    text = json.dumps(after, ensure_ascii=False)
    assert ALICE.name not in text and after["players"][0]["name"] == FORMER_PLAYER
    assert any(FORMER_PLAYER in line for group in after["log"] for line in group["lines"])
    # the pictures' addresses change with the names drawn in them: no browser keeps the old one for good
    assert before["turns"][1]["image"] != after["turns"][1]["image"]
    assert (await site.get(page + before["turns"][1]["image"]))[0] == 404


async def test_taken_back_moves_are_marked_in_the_log(site: Site) -> None:
    table = await tictactoe(site.service, moves=("a1",))
    await site.service.undo(CHANNEL, ALICE)
    data = await site.data(table.id)
    lines = [line for group in data["log"] for line in group["lines"]]
    assert len(lines) == 1 and lines[0].endswith("(taken back)")


async def test_the_server_list_shows_only_listed_tables(site: Site) -> None:
    listed = await tictactoe(site.service, CHANNEL)
    private = await tictactoe(site.service, CHANNEL + 1)
    off = await tictactoe(site.service, CHANNEL + 2)
    over = await tictactoe(site.service, CHANNEL + 3, moves=("a1", "b1", "a2", "b2", "a3"))
    await site.service.create(GUILD, CHANNEL + 4, ALICE, "tictactoe", {})
    lobby = await site.service.table_here(CHANNEL + 4)
    for table in (listed, off, over, lobby):
        await site.service.store.tables.set_table(table.id, public_channel=1)
    await site.service.store.tables.set_table(off.id, web=0)
    secret = await site.secret()
    status, _, body = await site.get(site.address + tokens.server_path(secret, GUILD) + "data.json")
    shown = json.loads(body)["tables"]
    assert status == 200
    assert [t["page"] for t in shown] == [tokens.table_path(secret, t.id) for t in (listed, over)]  # running first
    assert [t["status"] for t in shown] == ["running", "over"] and shown[0]["awaited"] == [ALICE.name]
    assert tokens.table_path(secret, private.id) not in body.decode()
    status, _, body = await site.get(site.address + tokens.server_path(secret, GUILD))
    assert status == 200 and b'data-data="data.json"' in body
    assert (await site.get(site.address + tokens.server_path(secret, GUILD + 1).replace("11-", "10-")))[0] == 404


def test_rules_markdown_is_escaped() -> None:
    page = "# A <b>\n\n**x** <script>alert(1)</script> `<i>`\n\n- one & two\n  - deeper\n\n"
    made = pages.markdown(page + "| a | b |\n|---|---|\n| <c> | d |")
    assert "<script>" not in made and "<b>" not in made and "&lt;script&gt;" in made
    assert "<h1>A &lt;b&gt;</h1>" in made and "<strong>x</strong>" in made and "<code>&lt;i&gt;</code>" in made
    assert "<li>one &amp; two<ul><li>deeper</li></ul></li></ul>" in made.replace("\n", "")
    assert "<td>&lt;c&gt;</td>" in made


def test_a_title_is_escaped_in_the_shell() -> None:
    made = pages.shell("table.html", "<script>x</script>", "a & b")
    assert "<script>x" not in made and "&lt;script&gt;x&lt;/script&gt;" in made and "a &amp; b" in made


async def test_a_port_in_use_raises_and_leaves_nothing_open(site: Site) -> None:
    port = int(site.address.rsplit(":", 1)[1])
    other = WebServer(site.service)
    with pytest.raises(OSError):
        await other.start(port)
    await other.stop()  # nothing to stop: the failed start left nothing behind
    assert (await site.get(site.address + "/static/app.css"))[0] == 200  # the first server still answers


async def test_the_secret_is_made_when_the_server_starts_so_no_request_writes(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "fresh.sqlite3")
    try:
        assert await store.schema.setting(tokens.SECRET_KEY) is None
        server = WebServer(TableService(store))
        await server.start(0)
        await server.stop()
        assert await store.schema.setting(tokens.SECRET_KEY) is not None
    finally:
        await store.close()


def test_a_turn_is_labelled_with_whose_turn_it_was() -> None:
    """The slider's words: the table's turn number (as /board turn:N counts) and the game's own end-of-turn line,
    with the seat's name filled in."""
    ended = ("End of <seat:0>'s turn.", "End of the Zarkosites turn.")
    rows = [
        ActionRow(1, n, "act", 0, 1, {}, 0, [{"text": text, "kind": "turn_end"}], 0, False, 0.0)
        for n, text in enumerate(ended, start=1)
    ]
    turns = read.turns_of(rows)
    name = {0: "Alice", 1: "bob"}.__getitem__
    assert [read.turn_label(turn, turns, name) for turn in range(3)] == [
        "Start",
        "Turn 1: Alice's turn",
        "Turn 2: the Zarkosites turn",
    ]
