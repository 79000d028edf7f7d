"""Links to the web companion's pages in Discord (issue #40): the "Open the map" button under the turn's message and
/game status, /board's link to its turn, /game list's link to the server's page; /game settings web:on|off; and
whether a table's channel is open to the whole server, as the server's page lists it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest

from tests.cogs.harness import GUILD_ID, Call, Harness, snowflake
from tests.cogs.test_lobby import ALICE, BOB, CAROL, open_table, replies
from tests.e2e.payloads import FakeGuild, guild_create, text_channel, thread_channel
from tests.support import pig
from web import tokens

if TYPE_CHECKING:  # discord.types imports in a cycle at run time
    from discord.types.guild import Guild as GuildPayload

BASE = "https://maps.example.org"
LINK = 5  # a link button's style
VIEW_CHANNEL = 1024


@pytest.fixture
async def linked(tmp_path: Path) -> AsyncIterator[Harness]:
    """A bot with a public web address (PBP_WEB_URL)."""
    h = Harness(tmp_path)
    h.bot.config = replace(h.bot.config, web_url=BASE)
    await h.start()
    try:
        yield h
    finally:
        await h.close()


def links(call: Call) -> list[tuple[str, str]]:
    """The (label, url) of the link buttons of a message."""
    return [(item["label"], item["url"]) for item in call.components if item.get("style") == LINK]


async def page_of(h: Harness, table_id: int = 1) -> str:
    return BASE + tokens.table_path(await tokens.web_secret(h.bot.store), table_id)


def cache_guild(h: Harness, *channels: dict[str, Any], threads: tuple[dict[str, Any], ...] = ()) -> None:
    """The server as the bot's cache holds it (its @everyone role, channels and their permissions)."""
    guild = FakeGuild(GUILD_ID, "server", owner_id=1009, admin_role_id=snowflake())
    payload = guild_create(guild, list(channels), list(threads))
    h.bot._connection._add_guild_from_data(cast("GuildPayload", payload))


def hidden_channel(channel_id: int) -> dict[str, Any]:
    """A channel @everyone can't view (its members are let in one by one)."""
    overwrite = {"id": str(GUILD_ID), "type": 0, "allow": "0", "deny": str(VIEW_CHANNEL)}
    return {**text_channel(channel_id, GUILD_ID, "secret", 1), "permission_overwrites": [overwrite]}


async def test_without_a_web_address_nothing_links_to_the_pages(harness: Harness):
    calls = await harness.command(ALICE, "alice", "game new", {"game": "tictactoe"})
    await harness.command(BOB, "bob", "game join")
    calls = await harness.command(ALICE, "alice", "game start", {"order": "joined"})
    assert not links(replies(calls)[-1])
    status = replies(await harness.command(CAROL, "carol", "game status"))[0]
    assert not links(status) and "Web page" not in status.content
    assert not links(replies(await harness.command(CAROL, "carol", "board", {"turn": 0}))[0])


async def test_the_turns_message_status_and_board_link_to_the_tables_page(linked: Harness):
    h = linked
    await h.command(ALICE, "alice", "game new", {"game": "tictactoe"})
    lobby = replies(await h.command(CAROL, "carol", "game status"))[0]
    assert not links(lobby) and "Web page: on once the game starts." in lobby.content  # a lobby's page is a 404
    await h.command(BOB, "bob", "game join")
    page = await page_of(h)
    started = replies(await h.command(ALICE, "alice", "game start", {"order": "joined"}))[-1]
    assert links(started) == [("Open the map", page)] and page.startswith(BASE + "/t/1-")
    assert page not in started.content  # a button: the message's text (what a resend compares) is unchanged
    moved = replies(await h.command(ALICE, "alice", "tictactoe mark", {"square": "b2"}))[-1]
    assert links(moved) == [("Open the map", page)]
    status = replies(await h.command(CAROL, "carol", "game status"))[0]
    assert links(status) == [("Open the map", page)] and "Web page: on." in status.content
    assert links(replies(await h.command(CAROL, "carol", "board"))[0]) == [("Open the map", page)]
    at_start = replies(await h.command(CAROL, "carol", "board", {"turn": 0}))[0]
    assert links(at_start) == [("Open the map at the start", page + "?turn=0")]


async def test_an_edited_turn_message_keeps_its_link(tmp_path: Path):
    """A turn's later actions edit its message (a pig's peeks here): the edit carries the button too."""
    pig.install()  # before the bot starts, so /pig is among its commands
    h = Harness(tmp_path)
    h.bot.config = replace(h.bot.config, web_url=BASE)
    await h.start()
    try:
        await h.command(ALICE, "alice", "game new", {"game": "pig"})
        await h.command(BOB, "bob", "game join")
        await h.command(ALICE, "alice", "game start", {"order": "joined"})
        calls = await h.command(ALICE, "alice", "pig peek")
        edits = [c for c in calls if c.method == "PATCH" and f"/channels/{h.channel_id}/messages/" in c.path]
        assert len(edits) == 1 and links(edits[0]) == [("Open the map", await page_of(h))]
    finally:
        await h.close()
        pig.uninstall()


async def test_settings_web_off_takes_the_links_down_and_on_brings_them_back(linked: Harness):
    h = linked
    await open_table(h)
    refused = replies(await h.command(BOB, "bob", "game settings", {"web": "off"}))[0]
    assert refused.ephemeral and "Only the table's creator" in refused.content
    assert (await h.table()).web
    bad = replies(await h.command(ALICE, "alice", "game settings", {"web": "maybe", "remind_after": "48h"}))[0]
    assert bad.ephemeral and "web is on or off, not maybe" in bad.content
    table = await h.table()
    assert table.web and table.remind_after == 12 * 3600  # nothing written, the other setting neither

    off = replies(await h.command(ALICE, "alice", "game settings", {"web": "off"}))[0]
    assert "Web page: off" in off.content and not links(off)
    assert not (await h.table()).web
    status = replies(await h.command(CAROL, "carol", "game status"))[0]
    assert not links(status) and "Web page: off" in status.content
    moved = replies(await h.command(ALICE, "alice", "tictactoe mark", {"square": "b2"}))[-1]
    assert not links(moved)
    assert not links(replies(await h.command(CAROL, "carol", "board", {"turn": 0}))[0])

    on = replies(await h.command(ALICE, "alice", "game settings", {"web": "ON"}))[0]
    assert links(on) == [("Open the map", await page_of(h))] and (await h.table()).web


async def test_game_list_links_the_servers_page_only_when_it_lists_a_table(linked: Harness):
    h = linked
    cache_guild(h, text_channel(h.channel_id, GUILD_ID, "open", 0))
    await h.command(ALICE, "alice", "game new", {"game": "tictactoe"})
    await h.command(BOB, "bob", "game join")
    assert not links(replies(await h.command(CAROL, "carol", "game list"))[0])  # a lobby is not listed
    await h.command(ALICE, "alice", "game start", {"order": "joined"})
    server = BASE + tokens.server_path(await tokens.web_secret(h.bot.store), GUILD_ID)
    assert links(replies(await h.command(CAROL, "carol", "game list"))[0]) == [("Open the tables' page", server)]
    await h.command(ALICE, "alice", "game settings", {"web": "off"})
    assert not links(replies(await h.command(CAROL, "carol", "game list"))[0])


async def test_a_table_in_a_channel_everyone_can_see_is_recorded_public_and_written_on_change_only(linked: Harness):
    h = linked
    private = snowflake()
    cache_guild(h, text_channel(h.channel_id, GUILD_ID, "open", 0), hidden_channel(private))
    writes: list[dict[str, Any]] = []
    set_table = h.bot.store.tables.set_table

    async def spy(table_id: int, **fields: Any) -> None:
        if "public_channel" in fields:
            writes.append({"table": table_id, **fields})
        await set_table(table_id, **fields)

    h.bot.store.tables.set_table = spy  # type: ignore[method-assign]
    await open_table(h)
    assert (await h.table(1)).public_channel and writes == [{"table": 1, "public_channel": 1}]
    await h.command(CAROL, "carol", "game status")
    await h.command(ALICE, "alice", "tictactoe mark", {"square": "b2"})
    assert len(writes) == 1  # the same answer: nothing written again

    await h.command(BOB, "bob", "game new", {"game": "tictactoe"}, channel=private)
    await h.command(CAROL, "carol", "game status", channel=private)
    assert not (await h.table(2)).public_channel and len(writes) == 1  # a new table starts unlisted

    cache_guild(h, hidden_channel(h.channel_id), hidden_channel(private))  # the open channel is closed
    await h.command(CAROL, "carol", "game status")
    assert not (await h.table(1)).public_channel and writes[-1] == {"table": 1, "public_channel": 0}


async def test_a_thread_is_as_open_as_its_channel_and_a_private_thread_never(linked: Harness):
    h = linked
    parent = text_channel(h.channel_id, GUILD_ID, "open", 0)
    public, private = snowflake(), snowflake()
    threads = (thread_channel(public, parent, "t", ALICE, 11), thread_channel(private, parent, "p", ALICE, 12))
    cache_guild(h, parent, threads=threads)
    await h.command(ALICE, "alice", "game new", {"game": "tictactoe"}, channel=public)
    await h.command(ALICE, "alice", "game new", {"game": "tictactoe"}, channel=private)
    assert (await h.table(1)).public_channel and not (await h.table(2)).public_channel


async def test_a_rotated_secret_changes_the_links(linked: Harness):
    h = linked
    await open_table(h)
    before = links(replies(await h.command(CAROL, "carol", "game status"))[0])
    await tokens.rotate_secret(h.bot.store)
    h.bot.service.links.forget_secret()  # as a rotation in this process does; another process's within a minute
    after = links(replies(await h.command(CAROL, "carol", "game status"))[0])
    assert before != after and after == [("Open the map", await page_of(h))]


async def test_a_finished_games_page_can_be_taken_down(linked: Harness):
    h = linked
    await open_table(h)
    for who, name, square in ((ALICE, "alice", "a1"), (BOB, "bob", "a2"), (ALICE, "alice", "b1")):
        await h.command(who, name, "tictactoe mark", {"square": square})
    await h.command(BOB, "bob", "tictactoe mark", {"square": "b2"})
    won = replies(await h.command(ALICE, "alice", "tictactoe mark", {"square": "c1"}))[-1]
    assert (await h.table()).status == "finished" and links(won) == [("Open the map", await page_of(h))]
    refused = replies(await h.command(ALICE, "alice", "game settings", {"web": "off", "remind_after": "48h"}))[0]
    assert refused.ephemeral and "finished" in refused.content and (await h.table()).web  # pace: a running game's
    assert replies(await h.command(BOB, "bob", "game settings", {"web": "off"}))[0].ephemeral  # not the host
    bad = replies(await h.command(ALICE, "alice", "game settings", {"web": "later"}))[0]
    assert bad.ephemeral and "web is on or off, not later" in bad.content and (await h.table()).web
    off = replies(await h.command(ALICE, "alice", "game settings", {"web": "off"}))[0]
    assert not off.ephemeral and "Web page: off" in off.content and not links(off)
    assert not (await h.table()).web
    assert not links(replies(await h.command(CAROL, "carol", "game status"))[0])
