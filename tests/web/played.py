"""A real table played some turns through the TableService, as players would (random legal moves, seeded): what
the browser tests and docs/tools/web_shots.py serve."""

from __future__ import annotations

import random
from dataclasses import dataclass

import rules
from table.service import Caller, TableService
from table.storage import TableRow

NAMES = ["Ann", "Bob", "Cleo", "Dev"]


@dataclass(frozen=True)
class Played:
    table: TableRow
    players: list[Caller]


async def play_turns(
    service: TableService, game: str, turns: int, *, channel: int = 100, guild: int = 10, seed: int = 1
) -> Played:
    """A table of `game` in `channel`, started and played until `turns` turns have finished (their snapshots are
    stored), or the game ends."""
    engine = rules.engine(game)
    count = max(engine.meta.min_players, min(engine.meta.max_players, 3))
    players = [Caller(1000 + i, NAMES[i]) for i in range(count)]
    await service.create(guild, channel, players[0], game, {})
    for player in players[1:]:
        await service.join(channel, player)
    await service.start(channel, players[0], "joined")
    chooser = random.Random(seed)
    while True:
        table = await service.table_here(channel)
        if table.status != "running" or await service.store.log.snapshot(table.id, turns) is not None:
            return Played(table, players)
        state = service.state(table)
        seat = chooser.choice(sorted(engine.awaiting(state)))
        seats = await service.store.tables.seats(table.id)
        user = next(row.user_id for row in seats if row.seat == seat)
        action = chooser.choice(engine.legal(state, seat)).action
        await service.act(channel, next(p for p in players if p.user_id == user), action)
