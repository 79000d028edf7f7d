"""No web answer ever holds a seat's secret: every game played with seeded random moves through the service, and at
every step the table's page, data.json, the places of the board now and of each finished turn, and their pictures
fetched over HTTP. None may name anything only a seat's own view holds (its hand's cards, its secret choices: the
words of nextstep.secrets, as the other hidden-information tests find them, and the names /info gives them), unless
the channel was already told it; the standings are the public status, never a seat's own; and every picture is,
byte for byte, the whole map drawn from the PUBLIC view."""

from __future__ import annotations

import json
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

import rules
from render import renderer
from render.draw import encode_png
from render.record import table_facts
from rules import nextstep, serial
from rules.base import Engine, fill_seats, normal
from table.service import Caller, TableService
from table.service.core import namer
from table.storage import Store, TableRow
from web import read, tokens
from web.server import WebServer

GUILD, CHANNEL = 10, 100
PLAYERS = [Caller(7001, "Quill"), Caller(7002, "Rook"), Caller(7003, "Sable"), Caller(7004, "Tarn")]
ACTIONS = 160  # actions played per game (a whole game for most; far into Nerath's)
PICTURES_EVERY = 10  # actions between two checks of the board now (each finished turn's is checked as it ends)
HIDDEN = {"nerath", "tashkalar", "dragondice"}  # games whose seats hold secrets (hands, secret manoeuvres)


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[TableService, str, aiohttp.ClientSession]]:
    store = await Store.open(tmp_path / "secrets.sqlite3")
    seeds = iter(range(1, 10**6))
    service = TableService(store, seeds=lambda: next(seeds))
    server = WebServer(service, burst=10**6)
    address = await server.start(0)
    async with aiohttp.ClientSession() as http:
        yield service, address, http
    await server.stop()
    await store.close()


async def fetch(http: aiohttp.ClientSession, url: str) -> bytes:
    async with http.get(url) as answer:
        assert answer.status == 200, url
        return await answer.read()


def secret_names(engine: Engine[Any], state: Any, seats: int) -> dict[int, set[str]]:
    """Each seat's secrets now: the words only its own view holds, and the names /info gives them."""
    public = engine.view(state, None)
    by_key = {normal(entry.name): entry.name for entry in engine.glossary()}
    found = {}
    for seat in range(seats):
        words = set(nextstep.secrets(engine.view(state, seat), public))
        found[seat] = words | {by_key[normal(word)] for word in words if normal(word) in by_key}
    return found


def told_in_public(events: list[dict[str, Any]], name: Any) -> str:
    """What the channel has been told: every public event's text."""
    return "\n".join(fill_seats(event["text"], name) for event in events if event.get("to") is None)


def named(text: str, word: str) -> bool:
    """`word` stands in `text` as a word of its own (not inside a longer one)."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None


async def check_pictures(
    http: aiohttp.ClientSession, page: str, service: TableService, table: TableRow, entry: dict[str, Any], state: Any
) -> None:
    """The picture of `entry` is the whole map drawn from the public view of `state`, and its places are what the
    public view says of them."""
    engine = rules.engine(table.game)
    seats = await service.store.tables.seats(table.id)
    public = engine.view(state, None)
    facts = table_facts(engine, state, [seat.name for seat in seats])
    expected = encode_png(renderer(table.game).whole_map(public, facts))
    assert await fetch(http, page + entry["image"]) == expected, entry["image"]
    assert json.loads(await fetch(http, page + entry["places"])) == read.places(engine, public, facts, seats)


@pytest.mark.slow
@pytest.mark.parametrize("game", list(rules.engines()))
async def test_no_answer_holds_a_secret(game: str, served: tuple[TableService, str, aiohttp.ClientSession]) -> None:
    service, address, http = served
    engine = rules.engine(game)
    players = PLAYERS[: max(engine.meta.min_players, min(engine.meta.max_players, 3))]
    await service.create(GUILD, CHANNEL, players[0], game, {})
    for player in players[1:]:
        await service.join(CHANNEL, player)
    await service.start(CHANNEL, players[0], "joined")
    table = await service.table_here(CHANNEL)
    page = address + tokens.table_path(await tokens.web_secret(service.store), table.id)
    assert await fetch(http, page + "rules/")  # the same for every table: no state in it
    chooser = random.Random(20261202)
    checked_turns: set[int] = set()
    secrets_seen = 0
    for step in range(ACTIONS):
        table = await service.table_here(CHANNEL)
        state = service.state(table)
        seats = await service.store.tables.seats(table.id)
        name = namer(seats)
        events = [event for row in await service.store.log.actions(table.id) for event in row.events]
        channel = told_in_public(events, name)
        assert await fetch(http, page)  # the shell: its title only
        answer = (await fetch(http, page + "data.json")).decode()
        data = json.loads(answer)
        assert data["standings"] == fill_seats(engine.status(state, None), name).splitlines()
        public_status = set(data["standings"])
        for seat in range(len(seats)):
            own = set(fill_seats(engine.status(state, seat), name).splitlines()) - public_status
            assert not own & set(data["standings"] + [line for group in data["log"] for line in group["lines"]])
            assert not any(line in answer for line in own if len(line) > 12), own
        pictures = [entry for entry in data["turns"] if entry["turn"] not in checked_turns]
        if step % PICTURES_EVERY or table.status != "running":
            pictures = [entry for entry in pictures if entry["turn"] != "now"]
        for entry in pictures:
            if entry["turn"] == "now":
                shown = state
            else:
                snapshot = await service.store.log.snapshot(table.id, entry["turn"])
                assert snapshot is not None
                shown = serial.loads(engine.State, snapshot.state)
                checked_turns.add(entry["turn"])
            await check_pictures(http, page, service, table, entry, shown)
        for seat, words in secret_names(engine, state, len(seats)).items():
            kept = {word for word in words if not named(channel, word)}  # the channel was told it already
            secrets_seen += len(kept)
            leaked = {word for word in kept if named(answer, word)}
            assert not leaked, f"{game}: seat {seat}'s secrets {leaked} in data.json at step {step}"
        if table.status != "running":
            break
        seat = chooser.choice(sorted(engine.awaiting(state)))
        action = chooser.choice(engine.legal(state, seat)).action
        await service.act(CHANNEL, players[seat], action)
    if game in HIDDEN:
        assert secrets_seen, f"{game} held no secret in {ACTIONS} actions: the test checked nothing hidden"
