"""The server's leaderboards and a member's record on the web (issue #41), over real HTTP: linked from the server's
page, the same figures as /leaderboard, names escaped, no script, and the one 404 for every miss."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from table.service import Caller, TableService
from table.service.ratings import MIN_GAMES
from tests.web.test_server import GUILD, Site, open_site
from web import guard, tokens

ALICE, BOB, CAROL = Caller(424242, "Alice <b>&amp;"), Caller(535353, "bob"), Caller(646464, "carol")
NOT_FOUND = guard.NOT_FOUND.encode()


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    async for opened in open_site(tmp_path):
        yield opened


async def won(service: TableService, channel: int, winner: Caller, loser: Caller) -> None:
    await service.create(GUILD, channel, winner, "tictactoe", {})
    await service.join(channel, loser)
    await service.start(channel, winner, "joined")
    for who, square in zip([winner, loser] * 3, ["a1", "b1", "a2", "b2", "a3"], strict=False):
        await service.act(channel, who, {"type": "mark", "square": square})


async def server_page(site: Site, guild: int = GUILD) -> str:
    return site.address + tokens.server_path(await site.secret(), guild)


async def test_the_server_links_its_leaderboards_and_they_say_what_the_command_says(site: Site) -> None:
    for channel in range(MIN_GAMES):
        await won(site.service, 200 + channel, ALICE, BOB)
    await won(site.service, 300, CAROL, ALICE)
    server = await server_page(site)

    status, _, body = await site.get(server)
    assert status == 200 and b'<a href="leaderboard/tictactoe/">Tic-tac-toe</a>' in body

    status, headers, body = await site.get(server + "leaderboard/tictactoe/")
    page = body.decode()
    assert status == 200 and headers["Content-Type"].startswith("text/html") and "<script" not in page
    board = await site.service.ratings.board(GUILD, "tictactoe")
    alice = board.entries[0]
    assert alice.player == f"u{ALICE.user_id}" and alice.games == MIN_GAMES + 1
    row = re.search(r"<tr><td>1</td>.*?</tr>", page)
    assert row is not None
    assert row.group(0) == (
        f'<tr><td>1</td><td><a href="../../member/{ALICE.user_id}/">Alice &lt;b&gt;&amp;amp;</a></td>'
        f"<td>{alice.rating}</td><td>{MIN_GAMES + 1}</td><td>{MIN_GAMES}</td><td>0</td><td>1</td><td></td></tr>"
    )
    assert "Not listed yet: carol (2 more games)." in page
    assert "No bot has finished a game of it here yet." in page

    status, _, body = await site.get(server + f"member/{ALICE.user_id}/")
    page = body.decode()
    assert status == 200 and "<h1>Alice &lt;b&gt;&amp;amp; on this server</h1>" in page
    assert '<a href="../../leaderboard/tictactoe/">Tic-tac-toe</a>' in page
    assert f"{MIN_GAMES + 1} played: {MIN_GAMES} won, 1 lost" in page
    assert f"Rating {alice.rating} (from {MIN_GAMES + 1} finished games)." in page


async def test_every_miss_answers_the_same_404(site: Site) -> None:
    await won(site.service, 200, ALICE, BOB)
    server = await server_page(site)
    good = (await site.get(server + f"member/{BOB.user_id}/"))[0]
    assert good == 200
    misses = [
        server + "leaderboard/chess/",  # no such game
        server + f"member/{CAROL.user_id}/",  # never played here
        server + "member/0/",  # a former player is nobody's page
        server + f"member/0{BOB.user_id}/",  # another spelling of an id
        server + "member/bob/",
        (await server_page(site, GUILD + 1)) + f"member/{BOB.user_id}/",  # played on another server only
        server.replace(server.split("-")[-1], "a" * 22 + "/") + f"member/{BOB.user_id}/",  # a wrong token
    ]
    for url in misses:
        status, _, body = await site.get(url)
        assert (status, body) == (404, NOT_FOUND), url
