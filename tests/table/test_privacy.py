"""Forgetting a user: nothing that names them is left, and every game still replays to its stored state."""

from __future__ import annotations

import asyncio
import zlib
from pathlib import Path
from typing import Any

import pytest

from rules import serial
from table.service import Caller, Post, TableError, TableService
from table.service.clock import Reminders
from table.service.replay import replay
from table.storage import FORMER_PLAYER, TABLES, Prefs, Store
from tests.support import sqlite
from tests.table.conftest import CHANNEL, GUILD, FakeClock, Inbox
from tests.table.test_console import play

HOUR, DAY = 3600, 86400
# ids and names that a search of the database cannot find by accident
ALICE, BOB, CAROL = Caller(424242424242, "annabelle"), Caller(535353535353, "benedict"), Caller(6161616161, "cy")


async def finished_game(service: TableService) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    for who, square in [(ALICE, "a1"), (BOB, "b1"), (ALICE, "a2"), (BOB, "b2"), (ALICE, "a3")]:
        await service.act(CHANNEL, who, {"type": "mark", "square": square})


async def everything_stored(service: TableService) -> str:
    """Every row of every table in the database as text: what a search for the user would find."""
    rows = []
    for name in TABLES:
        rows += [repr(tuple(row.values())) for row in await service.store.schema.rows_of(name)]
    return "\n".join(rows)


async def test_forgetting_leaves_nothing_that_names_the_user_and_games_still_replay(service: TableService) -> None:
    await finished_game(service)
    await service.store.people.save_prefs(Prefs(ALICE.user_id, quiet_from=22, quiet_to=7, timezone="Europe/Paris"))
    table = await service.table_here(CHANNEL)
    assert str(ALICE.user_id) in await everything_stored(service)

    reply = await service.forget(ALICE.user_id)

    assert "Forgotten" in reply and "1 seat now read 'a former player'" in reply
    stored = await everything_stored(service)
    assert str(ALICE.user_id) not in stored and "annabelle" not in stored
    assert "Europe/Paris" not in stored
    table = await service.table_here(CHANNEL)
    seats = await service.store.tables.seats(table.id)
    assert [seat.name for seat in seats] == [FORMER_PLAYER, "benedict"]
    engine = service.engine(table)
    rebuilt = replay(engine, table, seats, await service.store.log.actions(table.id))
    assert serial.dumps(rebuilt) == table.state
    text, png = await service.board(CHANNEL, turn=1)
    assert png and "end of turn 1" in text
    history, _ = await service.history(CHANNEL)
    assert FORMER_PLAYER in history and "annabelle" not in history


async def test_a_player_still_at_a_running_table_is_asked_to_leave_first(service: TableService) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    before = await everything_stored(service)
    with pytest.raises(TableError, match=f"seat at 1 table \\(<#{CHANNEL}>\\).*Nothing was changed"):
        await service.forget(BOB.user_id)
    assert await everything_stored(service) == before


async def test_the_owner_erases_a_user_at_a_running_table_and_the_game_goes_on(service: TableService) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    reply = await service.forget(BOB.user_id, by_owner=True)
    assert reply.startswith(f"User {BOB.user_id} erased: their preferences")
    post = await service.fallback((await service.table_here(CHANNEL)).id, 1, 10**12)
    assert post is None  # no deadline set: nothing plays by itself, but the host can hand the seat on
    with pytest.raises(TableError, match="not playing at this table"):
        await service.act(CHANNEL, BOB, {"type": "mark", "square": "a1"})
    await service.forget(CAROL.user_id)  # a user the bot never met: nothing to do, no error


async def test_the_console_forgets_too(tmp_path: Path) -> None:
    text = await play(tmp_path, ["as dora", "reminders quiet=22-7", "privacy forget"])
    assert "Forgotten: your preferences are deleted" in text


async def every_row(store: Store) -> str:
    """Every row of every table the database has (read from its own catalog, so a table added later cannot hide
    a name), compressed values (log chunks, snapshots) decompressed: what a search of the database would find."""
    catalog = (
        "SELECT name FROM sqlite_master WHERE type = 'table'"
        if store.database.dialect == "sqlite"
        else "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
    )
    found = []
    for name in [row[0] for row in await store.database.all(catalog)]:
        for row in await store.database.all(f"SELECT * FROM {name}"):
            for value in dict(row).values():
                if isinstance(value, bytes | memoryview):
                    raw = bytes(value)
                    try:
                        value = zlib.decompress(raw).decode()
                    except zlib.error:
                        value = raw.decode("latin-1")
                found.append(f"{name}: {value}")
    return "\n".join(found)


async def shown(service: TableService, post: Post, message_id: int) -> None:
    """What a front end does once Discord has the message (posted or edited)."""
    await service.message_sent(post, message_id)
    await service.announced(post.table_id, post.version)


@pytest.mark.usefixtures("with_pig")
async def test_a_replaced_player_who_forgets_is_gone_from_every_row_and_from_the_next_edit(
    service: TableService,
) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "pig", {})
    await service.join(CHANNEL, BOB)
    await shown(service, await service.start(CHANNEL, ALICE, "joined"), 500)
    await shown(service, await service.act(CHANNEL, ALICE, {"type": "hold"}), 501)  # a finished turn: a log chunk
    await shown(service, await service.act(CHANNEL, BOB, {"type": "hold"}), 502)
    peek = await service.act(CHANNEL, ALICE, {"type": "peek"})  # her line in the turn's message
    await shown(service, peek, 502)
    asked = await service.pause(CHANNEL, ALICE)  # a request she asked
    assert not isinstance(asked, str)
    table = await service.table_here(CHANNEL)
    await service.store.clocks.add_delivery(  # a reminder to bob, not yet sent, that names her
        table.id, 1, 0.0, "dm", BOB.user_id, "⏰ Since annabelle's last turn: annabelle banks 0.", {}, "gone", 0.0
    )
    await service.replace(CHANNEL, ALICE, ALICE.user_id, CAROL)
    assert "annabelle" in await every_row(service.store)

    await service.forget(ALICE.user_id)

    stored = await every_row(service.store)
    assert str(ALICE.user_id) not in stored and "annabelle" not in stored
    assert "Since a former player's last turn" in stored  # the reminder still reads, without her
    after = await service.act(CHANNEL, CAROL, {"type": "peek"})  # what the turn's message is edited to
    assert after.edit == 502 and "annabelle" not in after.text and f"{FORMER_PLAYER} plays peek" in after.text
    seats = await service.store.tables.seats(table.id)
    rebuilt = replay(service.engine(table), table, seats, await service.store.log.actions(table.id))
    assert serial.dumps(rebuilt) == (await service.table_here(CHANNEL)).state


async def test_forgetting_leaves_no_byte_of_the_id_or_name_in_the_sqlite_files(tmp_path: Path) -> None:
    path = tmp_path / "bytes.sqlite3"
    store = await Store.open(path)
    service = TableService(store, seeds=iter(range(1, 1000)).__next__)
    await finished_game(service)
    await store.people.save_prefs(Prefs(ALICE.user_id, timezone="Europe/Paris"))
    forms = [
        str(ALICE.user_id).encode(),
        b"annabelle",
        ALICE.user_id.to_bytes(8, "big"),
        ALICE.user_id.to_bytes(8, "little"),
        ALICE.user_id.to_bytes(6, "big"),  # how SQLite's record format stores an integer of this size
    ]
    assert any(form in path.read_bytes() + wal(path) for form in forms)

    await service.forget(ALICE.user_id)
    # once more at once, as the next forget would: no statement of the last one is left open
    await store.database.reclaim()

    for files in (path.read_bytes() + wal(path), None):
        if files is None:  # and once the bot has stopped, whatever was left to write
            await store.close()
            files = path.read_bytes() + wal(path)
        found = [form for form in forms if form in files]
        assert not found, f"still in the file's bytes: {found}"


def wal(path: Path) -> bytes:
    log = path.with_name(path.name + "-wal")
    return log.read_bytes() if log.exists() else b""


async def three_at_pig(service: TableService) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "pig", {})
    await service.join(CHANNEL, BOB)
    await service.join(CHANNEL, CAROL)
    await service.start(CHANNEL, ALICE, "joined")


@pytest.mark.usefixtures("with_pig")
async def test_after_an_erasure_mid_game_votes_ask_only_the_players_left(service: TableService) -> None:
    await three_at_pig(service)
    await service.act(CHANNEL, ALICE, {"type": "roll"})
    before = await service.undo(CHANNEL, ALICE)  # open when bob is erased: it closes
    assert not isinstance(before, Post) and before.needed == [BOB.user_id, CAROL.user_id]

    await service.forget(BOB.user_id, by_owner=True)

    with pytest.raises(TableError, match="request is closed"):
        await service.answer(CAROL, before.request_id, True)
    asked = await service.undo(CHANNEL, ALICE)  # after dice: everyone left must agree
    assert not isinstance(asked, Post) and asked.needed == [CAROL.user_id]
    reply, undone = await service.answer(CAROL, asked.request_id, True)
    assert undone is not None and "the action is taken back" in reply
    pause = await service.pause(CHANNEL, ALICE)
    assert not isinstance(pause, str) and pause.needed == [CAROL.user_id]
    reply, _ = await service.answer(CAROL, pause.request_id, True)
    assert reply.startswith("Everyone agreed: the table is paused")


@pytest.mark.usefixtures("with_pig")
async def test_a_seat_erased_before_bots_took_them_over_is_never_asked_or_pinged(service: TableService) -> None:
    await three_at_pig(service)
    table = await service.table_here(CHANNEL)
    await service.store.tables.set_seat_user(table.id, 1, -2, FORMER_PLAYER)  # as erasures left seats until now
    roll = await service.act(CHANNEL, ALICE, {"type": "roll"})
    asked = await service.undo(CHANNEL, ALICE)
    assert not isinstance(asked, Post) and asked.needed == [CAROL.user_id]
    await service.answer(CAROL, asked.request_id, False)
    # the erased seat is awaited next (a 1 passes the turn at once)
    handed = roll if "rolls [1]" in roll.text else await service.act(CHANNEL, ALICE, {"type": "hold"})
    assert "Waiting for a former player" in handed.text and handed.mentions == [] and "<@-" not in handed.text


@pytest.mark.usefixtures("with_pig")
async def test_an_erased_seat_is_never_reminded_a_bot_plays_it_and_the_table_is_told_once(
    service: TableService, clock: FakeClock, reminders: Reminders, inbox: Inbox
) -> None:
    shown_posts: list[Post] = []

    async def deliver(post: Post) -> None:  # what the front end does with a post the bot makes on its own
        shown_posts.append(post)
        await service.announced(post.table_id, post.version)

    service = TableService(service.store, clock=service.clock, seeds=service.seeds, deliver=deliver)
    reminders = Reminders(service, inbox)
    await service.create(GUILD, CHANNEL, ALICE, "pig", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    await service.settings(CHANNEL, ALICE, remind_after=HOUR, remind_every=HOUR, deadline=DAY)
    await service.act(CHANNEL, ALICE, {"type": "hold"})  # bob's turn: his clock runs
    for _ in range(3):
        clock.advance(HOUR + 1)
        await reminders.tick(clock.now)
    assert [user for user, _ in inbox.dms] == [BOB.user_id, BOB.user_id, BOB.user_id]

    await service.forget(BOB.user_id, by_owner=True)
    await service.bots_settled()

    notices = [post for post in shown_posts if "data was erased" in post.text]
    assert len(notices) == 1 and notices[0].mentions == []
    assert "the easy bot plays their seat" in notices[0].text and "benedict" not in notices[0].text
    table = await service.table_here(CHANNEL)
    moves = [row for row in await service.store.log.actions(table.id) if row.seat == 1 and row.kind == "act"]
    assert moves, "the bot played the erased seat's turn"
    for _ in range(4 * 24):  # four days of ticks, past every reminder, escalation and deadline
        clock.advance(HOUR)
        await reminders.tick(clock.now)
        for post in inbox.posts:  # a deadline's safe move for alice, shown: the bot's reply may follow it
            await service.announced(post.table_id, post.version)
        await service.bots_settled()
        if (await service.table_here(CHANNEL)).status != "running":
            break
    told = [user for user, _ in inbox.dms] + [user for _, user, _ in inbox.mentions]
    assert all(user > 0 for user in told) and told.count(BOB.user_id) == 3  # only the three before the erasure
    texts = [post.text for post in [*shown_posts, *inbox.posts]] + [text for _, _, text in inbox.mentions]
    assert not any("<@-" in text for text in texts)
    assert all(user > 0 for post in [*shown_posts, *inbox.posts] for user in post.mentions)


async def test_the_rebuild_after_forgetting_waits_for_a_reader_between_its_query_and_its_fetch(
    sqlite_store: Store,
) -> None:
    """Readers take no lock: one that has run its query but not yet fetched holds a statement open, and VACUUM
    refuses to run beside it. The rebuild waits for it instead of failing the forget."""
    connection = sqlite.connection(sqlite_store)
    reader = await connection.execute("SELECT name FROM sqlite_master")  # stepped, not yet fetched
    tried: list[str] = []
    execute = connection.execute

    def watched(sql: str, *args: Any) -> Any:
        tried.append(sql)
        return execute(sql, *args)

    connection.execute = watched  # type: ignore[method-assign]
    rebuild = asyncio.create_task(sqlite_store.database.reclaim())
    while "VACUUM" not in tried:
        await asyncio.sleep(0)
    await reader.fetchall()
    await reader.close()
    await rebuild
    assert tried.count("VACUUM") >= 2 and tried[-1] == "PRAGMA wal_checkpoint(TRUNCATE)"
