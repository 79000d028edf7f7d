"""Every game's last message, over real games of every game in the registry played to the end by people and a bot
through the table service: one message, pinging every person once and no bot, with the winner line and its
reason, the score table with every seat, the turns, the days and each player's median time to move. And the
median itself, from the log's times."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import rules
from console.session import Console
from rules.base import Outcome
from table.service import Caller, Post, TableService
from table.service.move_times import move_times
from table.storage import ActionRow, SeatRow, Store
from table.text import finale, present
from tests.table.conftest import FakeClock

PEOPLE = ("alice", "bob", "carol", "dave")
MOVE = 3600.0  # each person takes an hour a move (the fake clock), so the medians and the days are known
STEPS = 4000


async def _play_to_the_end(game: str, tmp_path: Path) -> tuple[list[Post], list[Caller], Outcome, Any]:
    """A table of the game's fewest players, the last seat a bot, the people playing any legal move."""
    engine = rules.engine(game)
    store = await Store.open(tmp_path / f"{game}.sqlite3")
    clock = FakeClock()
    seeds = iter(range(1, 10**6))
    shown: list[Post] = []

    async def deliver(post: Post) -> None:  # the bot's moves, as a front end shows them
        shown.append(post)
        await service.message_sent(post, post.started)
        await service.announced(post.table_id, post.version)

    service = TableService(store, clock=clock, seeds=lambda: next(seeds), deliver=deliver)
    people = [Caller(Console._id(name), name) for name in PEOPLE[: max(2, engine.meta.min_players) - 1]]
    chooser = random.Random(game)
    channel = Console._id("#table")  # the console's channel, as the people above are its users
    try:
        await service.create(1, channel, people[0], game, dict(rules.game(game).short))  # its shortest setting
        for person in people[1:]:
            await service.join(channel, person)
        await service.add_bot(channel, people[0])
        started = await service.start(channel, people[0], "joined")
        shown.append(started)
        await service.message_sent(started, started.started)  # in the channel, as a front end reports it: a bot
        await service.announced(started.table_id, started.version)  # seated first waits for it (up to 15 s)
        for _ in range(STEPS):
            await service.bots_settled()
            if shown[-1].finished:
                break
            for person in people:
                _, choices = await service.choices(channel, person.user_id)
                if choices:
                    break
            else:
                continue  # the bot's move is on its way
            playable = [c for c in choices if c.action["type"] not in ("resign", "concede")] or choices
            clock.advance(MOVE)
            post = await service.act(channel, person, chooser.choice(playable).action)
            await service.announced(post.table_id, post.version)
            shown.append(post)
        await service.bots_settled()
        table = await store.tables.table(shown[-1].table_id)
        assert table is not None and table.status == "finished", f"{game} did not end in {STEPS} steps"
        result = engine.outcome(service.state(table))
        assert result is not None
        return shown, people, result, table
    finally:
        await service.bots_settled()
        await store.close()


@pytest.mark.parametrize("game", sorted(rules.engines()))
async def test_every_game_ends_with_one_message_that_calls_every_player(game: str, tmp_path: Path) -> None:
    shown, people, result, table = await _play_to_the_end(game, tmp_path)
    final = [post for post in shown if post.finished]
    assert len(final) == 1, f"{game}: {len(final)} game-over messages"
    [last] = final
    text = last.text
    assert sorted(last.mentions) == sorted(p.user_id for p in people), "every person pinged once, no bot"
    assert text.count("Game over") == 1, text
    assert present.ICONS["game_end"] not in text, "the engine's own end line is not said again above the finale"
    assert result.reason, f"{game} says why it ended"
    lines = text.splitlines()
    over = next(i for i, line in enumerate(lines) if "Game over" in line)
    winners = [("Bot 1" if seat == len(people) else people[seat].name) for seat in result.winners]
    assert all(name in lines[over + 1] for name in winners), lines[over : over + 2]
    assert ("🏆" in lines[over + 1]) or ("draw" in lines[over + 1])
    if result.tiebreak:
        assert "tie was broken" in text
    board = lines[lines.index("Final scores:") + 1 :]
    seats = len(people) + 1
    assert [line.split(".")[0] for line in board[:seats]] == [str(n) for n in range(1, seats + 1)]
    for person in people:
        row = next(line for line in board if line.split(": ")[0].endswith(person.name))
        assert "median move" in row and ("min" in row or " h" in row), row
    assert sum("Bot 1 (bot)" in line for line in board) == 1, "the bot's seat is in the table, marked"
    print(text)
    assert f"lasted {table.turns} turn" in text and "day" in text


def _row(n: int, seat: int, at: float, kind: str = "act", undoes: int | None = None) -> ActionRow:
    action: dict[str, Any] = {"undoes": undoes} if undoes is not None else {"type": "x"}
    return ActionRow(1, n, kind, seat, seat + 1, action, 0, [], 0, False, at)


def test_the_median_time_to_move_runs_from_the_move_before_to_the_seats_own():
    rows = [
        _row(1, 0, 100.0),  # 100 s after the start
        _row(2, 0, 150.0),  # the same turn: no new wait
        _row(3, 1, 1150.0),  # 1000 s
        _row(4, 0, 1450.0),  # 300 s
        _row(5, 1, 1500.0),  # taken back below: its wait is not counted
        _row(6, 1, 1600.0, "undo", undoes=5),
        _row(7, 1, 4450.0),  # 3000 s since seat 0's move (the undone one left out)
        _row(8, 0, 4460.0),  # 10 s
    ]
    assert move_times(rows, 0.0, {0: 1, 1: 2}) == {0: [100.0, 300.0, 10.0], 1: [1000.0, 3000.0]}


def test_the_finale_names_the_tie_break_and_the_length_in_days():
    seats = [SeatRow(1, 0, 11, "alice", None), SeatRow(1, 1, -1, "Bot 1", None, bot="normal")]
    result = Outcome(
        (1,),
        {0: 40, 1: 40},
        "",
        reason="the last turn is over",
        tiebreak="the most race tokens on the map (<seat:0> 9, <seat:1> 12)",
        unit="coin",
    )
    text = finale.text(result, seats, lambda s: seats[s].name, 20, 2.5 * 86400, {0: 7200.0, 1: 1.0})
    assert text.splitlines() == [
        "**Game over**: the last turn is over.",
        "🏆 Bot 1 wins with 40 coins.",
        "⚖ The tie was broken by the most race tokens on the map (alice 9, Bot 1 12).",
        "Final scores:",
        "1. Bot 1 (bot): 40 coins",
        "2. alice: 40 coins; median move 2 h 0 min",
        "The game lasted 20 turns over 2.5 days.",
    ]
