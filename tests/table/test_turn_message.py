"""One message per turn: a turn's actions edit its message; someone new to act, a turn's end or the game's end
begins a new one; the message is found again after a restart; a table may keep a message per action."""

from __future__ import annotations

import asyncio

import pytest

from table.service import Post, TableError, TableService, outbox
from table.storage import Store, TurnMessage
from tests.table.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD


async def pig_table(service: TableService) -> Post:
    await service.create(GUILD, CHANNEL, ALICE, "pig", {})
    await service.join(CHANNEL, BOB)
    return await service.start(CHANNEL, ALICE, "joined")


async def shown(service: TableService, post: Post, message_id: int) -> None:
    """What a front end does once Discord has the message (posted or edited)."""
    await service.message_sent(post, message_id)
    await service.announced(post.table_id, post.version)


@pytest.mark.usefixtures("with_pig")
async def test_actions_within_a_turn_edit_the_turns_message(service: TableService):
    start = await pig_table(service)
    assert start.edit is None  # the first message of the game is posted
    await shown(service, start, 500)
    peek = await service.act(CHANNEL, ALICE, {"type": "peek"})
    assert peek.edit == 500 and peek.started == start.version
    assert "begins" in peek.text and "alice plays peek" in peek.text  # the turn's lines so far, then this one
    assert peek.text.count("Waiting for alice") == 1  # the closing line is written once, at the end
    await shown(service, peek, 500)
    again = await service.act(CHANNEL, ALICE, {"type": "peek"})
    assert again.edit == 500 and again.text.count("alice plays peek") == 2


@pytest.mark.usefixtures("with_pig")
async def test_the_next_players_turn_is_a_new_message_that_pings_them(service: TableService):
    start = await pig_table(service)
    await shown(service, start, 500)
    hold = await service.act(CHANNEL, ALICE, {"type": "hold"})
    assert hold.edit is None and hold.mentions == [BOB.user_id]
    assert "begins" not in hold.text and "banks 0" in hold.text  # a new message starts from this action
    await shown(service, hold, 501)
    peek = await service.act(CHANNEL, BOB, {"type": "peek"})
    assert peek.edit == 501


@pytest.mark.usefixtures("with_pig")
async def test_a_message_not_yet_confirmed_is_not_edited(service: TableService):
    await pig_table(service)  # its post never reported a message id (still on its way, or lost)
    peek = await service.act(CHANNEL, ALICE, {"type": "peek"})
    assert peek.edit is None


@pytest.mark.usefixtures("with_pig")
async def test_a_restarted_bot_finds_the_turns_message_again(service: TableService, store: Store):
    start = await pig_table(service)
    await shown(service, start, 500)
    restarted = TableService(store, clock=service.clock, seeds=service.seeds)
    await restarted.started()
    peek = await restarted.act(CHANNEL, ALICE, {"type": "peek"})
    assert peek.edit == 500 and "begins" in peek.text


@pytest.mark.usefixtures("with_pig")
async def test_a_long_turn_stays_one_message_and_drops_its_oldest_lines(service: TableService):
    post = await pig_table(service)
    await shown(service, post, 500)
    for _ in range(120):  # far more lines than one Discord message holds
        post = await service.act(CHANNEL, ALICE, {"type": "peek"})
        assert post.edit == 500 and len(post.text) <= 2000 - 200  # room is left for the pings
    first = post.text.splitlines()[0]
    assert first.startswith("… (") and first.endswith("earlier lines of this turn in /history)")
    dropped = int(first.split("(")[1].split()[0])
    assert dropped + post.text.count("alice plays peek") == 120 + 2  # every peek, and the start's two lines
    history, _ = await service.history(CHANNEL, 1)
    assert "peek" in history  # nothing is lost: the log keeps every action


@pytest.mark.usefixtures("with_pig")
async def test_posts_action_keeps_a_message_per_action(service: TableService):
    start = await pig_table(service)
    await shown(service, start, 500)
    view = await service.settings(CHANNEL, ALICE, None, None, None, posts="action")
    assert view.table.posts == "action"
    peek = await service.act(CHANNEL, ALICE, {"type": "peek"})
    assert peek.edit is None and "begins" not in peek.text
    with pytest.raises(TableError, match="posts is turn or action"):
        await service.settings(CHANNEL, ALICE, None, None, None, posts="sometimes")
    with pytest.raises(TableError, match="Only the table's creator"):
        await service.settings(CHANNEL, BOB, None, None, None, posts="turn")


@pytest.mark.usefixtures("with_pig")
async def test_undo_within_the_turn_edits_the_message_too(service: TableService):
    start = await pig_table(service)
    await shown(service, start, 500)
    peek = await service.act(CHANNEL, ALICE, {"type": "peek"})
    await shown(service, peek, 500)
    asked = await service.undo(CHANNEL, ALICE)  # a peek revealed something: bob must agree
    assert not isinstance(asked, Post)
    _, undone = await service.answer(BOB, asked.request_id, True)
    assert undone is not None and undone.edit == 500 and "take back: alice plays peek" in undone.text


@pytest.mark.usefixtures("with_pig")
async def test_forgetting_a_player_takes_their_name_out_of_the_turn_message(service: TableService, store: Store):
    start = await pig_table(service)
    await shown(service, start, 500)
    table = await service.table_here(CHANNEL)
    turn = await store.tables.turn_message(table.id)
    assert turn is not None and "bob" in "\n".join(turn.body)
    await service.forget(BOB.user_id, by_owner=True)
    turn = await store.tables.turn_message(table.id)
    assert turn is not None and "bob" not in "\n".join(turn.body)
    peek = await service.act(CHANNEL, ALICE, {"type": "peek"})  # the channel's copy loses the name with this edit
    assert peek.edit == 500 and "bob" not in peek.text


@pytest.mark.usefixtures("with_pig")
async def test_at_three_or_more_a_new_turn_says_what_the_others_did_meanwhile(service: TableService):
    await service.create(GUILD, CHANNEL, ALICE, "pig", {})
    await service.join(CHANNEL, BOB)
    await service.join(CHANNEL, CAROL)
    await service.start(CHANNEL, ALICE, "joined")
    await service.act(CHANNEL, ALICE, {"type": "hold"})
    carols = await service.act(CHANNEL, BOB, {"type": "hold"})
    (since,) = [line for line in carols.text.splitlines() if line.startswith("Since carol's last turn:")]
    assert "alice banks 0" in since and "bob banks 0" in since
    alices = await service.act(CHANNEL, CAROL, {"type": "hold"})
    (since,) = [line for line in alices.text.splitlines() if line.startswith("Since alice's last turn:")]
    assert "alice banks" not in since and "bob banks 0" in since and "carol banks 0" in since


def confirming(service: TableService) -> TableService:
    """The service as the bot runs it: the front end reports each new message's id (message_sent)."""
    return TableService(service.store, clock=service.clock, seeds=service.seeds, confirms_messages=True)


@pytest.mark.usefixtures("with_pig")
async def test_a_quick_second_action_edits_the_message_still_on_its_way(service: TableService):
    service = confirming(service)
    start = await pig_table(service)  # on its way to Discord: no id yet
    peek = await service.act(CHANNEL, ALICE, {"type": "peek"})  # answered at once, no wait under the lock
    assert peek.pending and peek.edit is None and peek.started == start.version
    assert "begins" in peek.text and "alice plays peek" in peek.text
    waiting = asyncio.create_task(service.message_to_edit(peek))
    await asyncio.sleep(0.01)
    assert not waiting.done()  # the front end waits for the first message's id, after answering Discord
    again = await service.act(CHANNEL, ALICE, {"type": "peek"})  # the table is not held meanwhile
    assert again.pending and again.text.count("alice plays peek") == 2
    await shown(service, start, 500)
    assert await waiting == 500 and await service.message_to_edit(again) == 500
    later = await service.act(CHANNEL, ALICE, {"type": "peek"})
    assert later.edit == 500 and not later.pending


@pytest.mark.usefixtures("with_pig")
async def test_the_id_that_arrives_while_a_quick_action_writes_the_message_is_kept(service: TableService):
    service = confirming(service)
    start = await pig_table(service)
    read = service.store.tables.turn_message

    async def id_arrives_after_the_read(table_id: int):  # forces the interleaving: read, id set, then write
        current = await read(table_id)
        await shown(service, start, 500)
        return current

    service.store.tables.turn_message = id_arrives_after_the_read  # type: ignore[method-assign]
    peek = await service.act(CHANNEL, ALICE, {"type": "peek"})
    service.store.tables.turn_message = read  # type: ignore[method-assign]
    assert await service.message_to_edit(peek) == 500
    later = await service.act(CHANNEL, ALICE, {"type": "peek"})
    assert later.edit == 500  # the write of peek's lines did not erase the id


@pytest.mark.usefixtures("with_pig")
async def test_rewriting_a_turns_message_keeps_the_id_it_got_meanwhile(service: TableService, store: Store):
    table_id = (await pig_table(service)).table_id
    await store.tables.put_turn_message(TurnMessage(table_id, 3, None, frozenset({0}), ["a"]))
    await store.tables.set_turn_message_id(table_id, 3, 500)  # the id arrives from Discord
    await store.tables.put_turn_message(TurnMessage(table_id, 3, None, frozenset({0}), ["a", "b"]))  # read before it
    assert await store.tables.turn_message(table_id) == TurnMessage(table_id, 3, 500, frozenset({0}), ["a", "b"])
    await store.tables.put_turn_message(TurnMessage(table_id, 7, None, frozenset({1}), ["c"]))  # a new message
    assert await store.tables.turn_message(table_id) == TurnMessage(table_id, 7, None, frozenset({1}), ["c"])


@pytest.mark.usefixtures("with_pig")
async def test_a_quick_action_after_a_first_post_that_failed_posts_anew(service: TableService):
    service = confirming(service)
    start = await pig_table(service)
    peek = await service.act(CHANNEL, ALICE, {"type": "peek"})
    await service.post_failed(start)
    assert await service.message_to_edit(peek) is None  # no message to edit: the front end posts a new one


@pytest.mark.usefixtures("with_pig")
async def test_a_message_that_never_comes_is_given_up(service: TableService, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(outbox, "MESSAGE_WAIT", 0.01)
    service = confirming(service)
    await pig_table(service)  # the front end died before reporting anything
    peek = await service.act(CHANNEL, ALICE, {"type": "peek"})
    assert peek.pending and await service.message_to_edit(peek) is None
    later = await service.act(CHANNEL, ALICE, {"type": "peek"})
    assert later.edit is None and not later.pending  # later actions do not wait for it again


@pytest.mark.usefixtures("with_pig")
async def test_edits_of_a_turns_message_are_shown_in_order_and_an_overtaken_one_is_left_out(service: TableService):
    start = await pig_table(service)
    await shown(service, start, 500)
    first = await service.act(CHANNEL, ALICE, {"type": "peek"})
    second = await service.act(CHANNEL, ALICE, {"type": "peek"})
    shown_order: list[int] = []

    async def show(post: Post, delay: float) -> None:
        await asyncio.sleep(delay)  # the first one's board takes longer to draw
        async with service.editing(post) as newest:
            if newest:
                shown_order.append(post.version)

    await asyncio.gather(show(first, 0.02), show(second, 0.0))
    assert shown_order == [second.version]  # the second shows the first's lines too; the late first is not shown
