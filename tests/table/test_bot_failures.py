"""A bot seat whose move fails: the channel is told once in that wait, the game's safe move is played for it like
anyone's move, and the game goes on; a bot whose safe move fails too stops and says so, instead of the table
waiting in silence. Failing bots are injected in every game of the registry."""

import random
from typing import Any

import pytest

import rules
import table.service.bot_seats
from table.service import Post, TableService
from table.service.bot_seats import FAILED, STUCK
from table.service.replay import effective
from tests.table.conftest import ALICE, CAROL, CHANNEL, GUILD

TOLD = FAILED.split("{name}")[1]  # the words of the line, whichever bot it names
STOPPED = STUCK.split("{name}")[1]
MOST_MOVES = 300  # a bot's wait longer than this in any game's opening is a test bug


class BotBug(Exception):
    """What an injected bot raises: its name must never reach the channel."""


def failing(calls: list[int], fails: Any = lambda n: True) -> Any:
    """A bot's chooser that raises on the calls `fails` picks (all by default), else plays the first legal move."""

    def choose(engine: Any, state: Any, seat: int, strength: str, chooser: random.Random) -> dict[str, Any]:
        calls.append(seat)
        if fails(len(calls)):
            raise BotBug("choose_internal exploded")
        return engine.legal(engine.view(state, seat), seat)[0].action

    return choose


async def seated_with_bots(service: TableService, game: str) -> None:
    """Alice and as many bots as the game needs (one at least), Alice first; Alice plays the game's safe moves
    until a bot is awaited."""
    engine = rules.engine(game)
    await service.create(GUILD, CHANNEL, ALICE, game, {})
    for _ in range(max(engine.meta.min_players, 2) - 1):
        await service.add_bot(CHANNEL, ALICE, "easy")
    await service.settings(CHANNEL, ALICE, None, None, None, posts="action")  # a message per move: lines counted
    await service.start(CHANNEL, ALICE, "joined")
    for _ in range(MOST_MOVES):
        table = await service.table_here(CHANNEL)
        state = service.state(table)
        if engine.awaiting(state) - {0}:
            return
        await service.act(CHANNEL, ALICE, engine.fallback(state, 0))
    raise AssertionError(f"no bot was awaited in {game} after {MOST_MOVES} moves of alice")


@pytest.mark.parametrize("game", sorted(rules.engines()))
async def test_a_failing_bot_plays_the_safe_move_tells_the_channel_once_and_the_game_goes_on(
    service: TableService, monkeypatch: pytest.MonkeyPatch, game: str
):
    engine = rules.engine(game)
    await seated_with_bots(service, game)
    calls: list[int] = []
    monkeypatch.setattr(table.service.bot_seats, "choose", failing(calls))
    table_row = await service.table_here(CHANNEL)
    state = service.state(table_row)
    bot = min(engine.awaiting(state) - {0})
    expected = engine.fallback(state, bot)
    before = await service.store.log.action_count(1)

    post = await service.play_bot(1)
    assert post is not None and calls == [bot]
    assert post.text.count(TOLD) == 1, post.text
    assert "BotBug" not in post.text and "choose_internal" not in post.text and "Traceback" not in post.text
    row = (await service.store.log.actions(1))[-1]
    seats = {seat.seat: seat for seat in await service.store.tables.seats(1)}
    assert (row.n, row.kind, row.seat, row.user_id, row.action) == (
        before + 1,
        "act",
        bot,
        seats[bot].user_id,
        expected,
    )

    # the game goes on: the bot's wait (whatever more it holds) without a second word, then someone else's turn
    shown: list[Post] = [post]
    for _ in range(MOST_MOVES):
        table_row = await service.table_here(CHANNEL)
        state = service.state(table_row)
        if engine.outcome(state) is not None or bot not in engine.awaiting(state):
            break
        again = await service.play_bot(1)
        assert again is not None
        shown.append(again)
    else:
        raise AssertionError(f"the bot of {game} was still awaited after {MOST_MOVES} safe moves")
    told = [line for shown_post in shown for line in shown_post.text.splitlines() if TOLD in line]
    assert len(told) == 1, told  # one word for the whole wait, however many of its moves failed
    assert set(calls) == {bot} and len(calls) == len(shown)  # each move was its own try, then the safe move
    waiting = engine.awaiting(state)
    assert engine.outcome(state) is not None or waiting
    if 0 in waiting:
        assert shown[-1].mentions == [ALICE.user_id]  # the next awaited seat is called to play
    if before:  # alice has moved: her undo takes back her move and the bot's safe moves after it, like any answer
        undone = await service.undo(CHANNEL, ALICE)
        assert isinstance(undone, Post)
        assert all(row.n < before for row in effective(await service.store.log.actions(1)))


async def test_a_second_failure_after_a_good_move_in_the_same_wait_is_not_told_again(
    service: TableService, monkeypatch: pytest.MonkeyPatch
):
    """The bot's own moves don't start a new wait: what the channel was told stays told until another seat is
    awaited. Nerath: a bot's turn is many steps, all of them its wait."""
    await seated_with_bots(service, "nerath")
    calls: list[int] = []
    # fails, plays, fails...
    monkeypatch.setattr(table.service.bot_seats, "choose", failing(calls, lambda n: n % 2 == 1))
    texts = []
    while (post := await service.play_bot(1)) is not None:
        texts.append(post.text)
        table_row = await service.table_here(CHANNEL)
        if 0 in service.engine(table_row).awaiting(service.state(table_row)):
            break
    assert len(calls) >= 3, "the bot's wait held a failure, a good move and a failure"
    assert sum(text.count(TOLD) for text in texts) == 1


async def test_the_next_wait_of_a_failing_bot_is_told_again(service: TableService, monkeypatch: pytest.MonkeyPatch):
    """Once per wait, not once per game: a bot that fails again on its next turn is named again."""
    await seated_with_bots(service, "tictactoe")
    monkeypatch.setattr(table.service.bot_seats, "choose", failing([]))
    first = await service.play_bot(1)
    table_row = await service.table_here(CHANNEL)
    engine = service.engine(table_row)
    await service.act(CHANNEL, ALICE, engine.fallback(service.state(table_row), 0))
    second = await service.play_bot(1)
    assert first is not None and second is not None
    assert first.text.count(TOLD) == 1 and second.text.count(TOLD) == 1


@pytest.mark.parametrize("game", sorted(rules.engines()))
async def test_a_bot_whose_safe_move_fails_too_stops_and_says_so_once(
    service: TableService, monkeypatch: pytest.MonkeyPatch, game: str
):
    await seated_with_bots(service, game)
    engine = rules.engine(game)
    monkeypatch.setattr(table.service.bot_seats, "choose", failing([]))

    def broken(state: Any, seat: int) -> dict[str, Any]:
        raise BotBug("fallback_internal exploded")

    monkeypatch.setattr(engine, "fallback", broken)
    table_row = await service.table_here(CHANNEL)
    count = await service.store.log.action_count(1)
    post = await service.play_bot(1)
    assert post is not None and post.text.count(STOPPED) == 1 and TOLD not in post.text
    assert "BotBug" not in post.text and "fallback_internal" not in post.text
    assert post.mentions == [ALICE.user_id]  # the game can't go on without its players: they are called
    after = await service.table_here(CHANNEL)
    assert (await service.store.log.action_count(1), after.version, after.state) == (
        count,
        table_row.version,
        table_row.state,
    )
    # no loop: neither the next wake nor one after a restart (another process, same database) tries again
    assert await service.play_bot(1) is None
    assert await TableService(service.store, clock=service.clock, seeds=service.seeds).play_bot(1) is None


async def test_a_stuck_bot_s_seat_taken_over_by_a_member_plays_on(
    service: TableService, monkeypatch: pytest.MonkeyPatch
):
    await seated_with_bots(service, "tictactoe")
    engine = rules.engine("tictactoe")
    monkeypatch.setattr(table.service.bot_seats, "choose", failing([]))
    monkeypatch.setattr(engine, "fallback", lambda state, seat: {"type": "mark", "square": "z9"})  # illegal
    assert (await service.play_bot(1)) is not None
    await service.take_bot_seat(CHANNEL, CAROL, "Bot 1")
    table_row = await service.table_here(CHANNEL)
    square = engine.legal(service.state(table_row), 1)[0].action
    post = await service.act(CHANNEL, CAROL, square)
    assert "carol" in post.text and post.mentions == [ALICE.user_id]


async def test_bots_on_their_own_tell_the_channel_once_and_leave_the_game_to_alice(
    service: TableService, monkeypatch: pytest.MonkeyPatch
):
    """Through the wakes the front ends use (deliver, the tick's wake after a restart): nothing repeats."""
    shown: list[Post] = []

    async def deliver(post: Post) -> None:
        shown.append(post)
        await service.message_sent(post, post.started)
        await service.announced(post.table_id, post.version)

    await seated_with_bots(service, "nerath")
    monkeypatch.setattr(table.service.bot_seats, "choose", failing([]))
    service = TableService(service.store, clock=service.clock, seeds=service.seeds, deliver=deliver)
    await service.wake_waiting_bots()
    await service.bots_settled()
    assert sum(post.text.count(TOLD) for post in shown) == 1
    assert "Waiting for alice" in shown[-1].text
    count = len(shown)
    await service.wake_waiting_bots()  # the next tick
    await service.bots_settled()
    assert len(shown) == count
