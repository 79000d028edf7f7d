"""Bot seats through the table service: seating bots, bots playing when awaited, seats handed to and from bots,
undo against a bot, and the bot never pinged, messaged or reminded."""

import asyncio

import pytest

from table.service import Post, TableError, TableService
from table.service.clock import Reminders
from tests.table.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, FakeClock, Inbox


async def solo(service: TableService, strength: str | None = None) -> str:
    """Alice against a bot at tic-tac-toe, Alice first."""
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    _, name = await service.add_bot(CHANNEL, ALICE, strength)
    await service.start(CHANNEL, ALICE, "joined")
    return name


def delivering(service: TableService) -> tuple[TableService, list[Post]]:
    """The same tables served by a service whose bots move on their own, and what they post."""
    shown: list[Post] = []

    async def deliver(post: Post) -> None:
        shown.append(post)
        await moving.message_sent(post, post.started)  # as the console does: the message is the version that began it
        await moving.announced(post.table_id, post.version)

    moving = TableService(service.store, clock=service.clock, seeds=service.seeds, deliver=deliver)
    return moving, shown


async def test_the_host_seats_bots_of_a_strength_in_the_lobby(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    with pytest.raises(TableError, match="Only the table's creator"):
        await service.add_bot(CHANNEL, BOB)
    with pytest.raises(TableError, match=r"strength is one of: easy .*, normal"):
        await service.add_bot(CHANNEL, ALICE, "hard")
    view, name = await service.add_bot(CHANNEL, ALICE)
    assert name == "Bot 1" and [(s.name, s.bot) for s in view.seats] == [("alice", None), ("Bot 1", "normal")]
    assert view.seats[1].user_id < 0  # no Discord user has it
    with pytest.raises(TableError, match="table is full"):
        await service.add_bot(CHANNEL, ALICE, "easy")
    with pytest.raises(TableError, match=r"No bot here is called Bot 7\. Bots: Bot 1"):
        await service.remove_bot(CHANNEL, ALICE, "Bot 7")
    view = await service.remove_bot(CHANNEL, ALICE, "bot 1")
    assert [s.name for s in view.seats] == ["alice"]
    view, name = await service.add_bot(CHANNEL, ALICE, "easy")
    assert view.seats[1].bot == "easy"


async def test_a_bot_plays_its_move_through_the_log_like_anyone(service: TableService):
    await solo(service)
    assert await service.play_bot(1) is None  # alice moves first: no bot is awaited
    post = await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    assert "Waiting for Bot 1" in post.text and post.mentions == [] and post.quick == [] and post.menus == []
    answer = await service.play_bot(1)
    assert answer is not None and "Bot 1 puts O on" in answer.text and answer.mentions == [ALICE.user_id]
    last = (await service.store.log.actions(1))[-1]
    assert last.kind == "act" and last.seat == 1 and last.user_id is not None and last.user_id < 0
    assert await service.play_bot(1) is None


async def test_bots_answer_on_their_own_once_the_post_before_is_shown(service: TableService):
    service, shown = delivering(service)
    await solo(service)
    post = await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    await asyncio.sleep(0.05)
    assert shown == []  # alice's post is not in the channel yet: the bot waits, so the channel reads in order
    await service.announced(post.table_id, post.version)
    await service.bots_settled()
    assert len(shown) == 1 and "Bot 1 puts O on" in shown[0].text


async def test_two_bot_turns_at_once_play_one_move(service: TableService):
    """The awaited bot move is played once, however many wakes race for it (each reads afresh under the lock)."""
    await solo(service)
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    first, second = await asyncio.gather(service.play_bot(1), service.play_bot(1))
    assert [first is None, second is None].count(True) == 1
    assert await service.store.log.action_count(1) == 2


async def test_a_bot_is_never_reminded_nor_given_a_deadline(service: TableService, clock: FakeClock, inbox: Inbox):
    await solo(service)
    await service.settings(CHANNEL, ALICE, None, None, 7200)
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    clock.advance(400 * 86400)
    report = await Reminders(service, inbox).tick(clock())
    assert inbox.dms == [] and inbox.mentions == [] and report.fallbacks == 0
    assert await service.store.tables.tables_awaiting_bots() == [1]  # after a restart the bot is woken instead
    await service.pause(CHANNEL, ALICE)
    await service.pause(CHANNEL, ALICE)  # resuming restarts the players' clocks, never the bot's
    clock.advance(400 * 86400)
    await Reminders(service, inbox).tick(clock())
    assert inbox.dms == []


async def test_undo_takes_back_the_players_move_and_the_bots_answer(service: TableService):
    await solo(service)
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    await service.play_bot(1)
    post = await service.undo(CHANNEL, ALICE)
    assert isinstance(post, Post) and "alice puts X on b2, and the bot move after it." in post.text
    table = await service.table_here(CHANNEL)
    assert service.state(table).board == {} and table.turns == 0
    with pytest.raises(TableError, match="nothing has been played yet"):
        await service.undo(CHANNEL, ALICE)


async def test_a_player_hands_their_seat_to_a_bot_and_a_member_takes_it_back(service: TableService):
    service, shown = delivering(service)
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    with pytest.raises(TableError, match="Only the table's creator"):
        await service.bot_replace(CHANNEL, CAROL, BOB.user_id)
    post = await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    await service.announced(post.table_id, post.version)
    view, name = await service.bot_replace(CHANNEL, BOB, BOB.user_id, "easy")
    assert name == "Bot 1" and view.seats[1].bot == "easy"
    await service.bots_settled()
    assert len(shown) == 1 and "Bot 1 puts O on" in shown[0].text  # the awaited move is played at once
    with pytest.raises(TableError, match="last player can't hand their seat"):
        await service.bot_replace(CHANNEL, ALICE, ALICE.user_id)
    with pytest.raises(TableError, match="already have a seat"):
        await service.take_bot_seat(CHANNEL, ALICE, "Bot 1")
    view = await service.take_bot_seat(CHANNEL, CAROL, "Bot 1")
    assert [(s.name, s.bot) for s in view.seats] == [("alice", None), ("carol", None)]


async def test_the_last_person_leaving_a_lobby_of_bots_closes_it(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.add_bot(CHANNEL, ALICE)
    await service.leave(CHANNEL, ALICE)
    table = await service.store.tables.table(1)
    assert table is not None and table.status == "abandoned"


async def test_a_bots_turn_edits_the_turns_message_a_few_times_not_once_a_move(service: TableService):
    """A bot's many moves in one turn are held back while its next move edits the same message: the channel
    gets the turn's lines in a few edits (each edit shows all the lines before it), every result announced."""
    service, shown = delivering(service)
    await service.create(GUILD, CHANNEL, ALICE, "nerath", {})
    await service.add_bot(CHANNEL, ALICE)
    await service.start(CHANNEL, ALICE, "joined")
    while True:  # alice ends her steps until the bots have played Vailin's and Nerath's turns
        table = await service.table_here(CHANNEL)
        if 0 not in service.engine(table).awaiting(service.state(table)):
            break
        post = await service.act(CHANNEL, ALICE, {"type": "end"})
        await service.message_sent(post, post.started)
        await service.announced(post.table_id, post.version)
        await service.bots_settled()
        if any(row.seat == 1 for row in await service.store.log.actions(1)):
            break
    bot_moves = [row for row in await service.store.log.actions(1) if row.seat == 1]
    assert len(bot_moves) > 5 and len(shown) < len(bot_moves) / 2
    table = await service.table_here(CHANNEL)
    assert table.announced == table.version  # nothing is taken for lost by the catch-up
    assert "Waiting for alice" in shown[-1].text
