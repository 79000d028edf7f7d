"""Results that never reached the channel (a crash, a Discord outage), shown again exactly once: read from the log
by the version each row made (an undo of a move and the bot's answers is several rows for one version), and sent
with the nonce kept with the lost post's claim, so Discord hands back a message that did arrive."""

from typing import Any

from table.service import Post, TableService
from table.storage import Store
from tests.table.conftest import ALICE, CHANNEL, GUILD

HEADER = "(Not shown before: the bot was interrupted.)"


async def shown(service: TableService, post: Post | Any) -> None:
    """What the front end does once Discord has a post."""
    assert isinstance(post, Post)
    await service.message_sent(post, 1000 + post.version)
    await service.announced(post.table_id, post.version)


async def restarted(service: TableService, store: Store) -> TableService:
    """The process died; a new one starts on the same database."""
    after = TableService(store, clock=service.clock, seeds=service.seeds)
    await after.started()
    # PostgreSQL may be shared: a dead process's claims hold until their lease ends
    if store.database.dialect != "sqlite":
        service.clock.advance(after.lease)  # type: ignore[attr-defined]
    return after


async def after_an_undo_chain(service: TableService) -> tuple[Post, Post]:
    """Alice against a bot: a1, the bot's answer, alice takes both back (two log rows, one version), all shown;
    then c3 and the bot's answer, committed and not shown (returned)."""
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.add_bot(CHANNEL, ALICE, "normal")
    await shown(service, await service.start(CHANNEL, ALICE, "joined"))
    await shown(service, await service.act(CHANNEL, ALICE, {"type": "mark", "square": "a1"}))
    await shown(service, await service.play_bot(1))
    await shown(service, await service.undo(CHANNEL, ALICE))
    rows = await service.store.log.actions(1)
    assert [row.kind for row in rows] == ["act", "act", "undo", "undo"] and rows[2].version == rows[3].version
    mine = await service.act(CHANNEL, ALICE, {"type": "mark", "square": "c3"})
    answer = await service.play_bot(1)
    assert answer is not None
    return mine, answer


def the_bots_line(answer: Post) -> str:
    return next(line for line in answer.text.splitlines() if line.startswith("Bot 1 puts O on"))


def assert_shows_exactly(text: str, lines: list[str]) -> None:
    body = text.splitlines()
    assert body[0] == HEADER, text
    for line in lines:
        assert body.count(line) == 1, f"{line!r} in:\n{text}"
    assert "a1" not in text and "↩" not in text, text  # nothing shown already is shown again


async def test_after_a_crash_the_catch_up_shows_the_moves_made_after_an_undo_chain(
    service: TableService, store: Store
) -> None:
    mine, answer = await after_an_undo_chain(service)
    after = await restarted(service, store)
    late = await after.catch_up(await after.table_here(CHANNEL))
    assert late is not None
    assert_shows_exactly(late.text, ["alice puts X on c3.", the_bots_line(answer)])
    # sent with the nonce of the earliest lost post (its message may be in the channel), and the post of its own
    # version keeps that version's nonce: a message that did arrive is handed back, not posted twice
    assert late.reshown == mine.nonce and late.nonce == answer.nonce and mine.nonce != answer.nonce


async def test_after_a_discord_outage_the_catch_up_shows_the_moves_made_after_an_undo_chain(
    service: TableService,
) -> None:
    mine, answer = await after_an_undo_chain(service)
    await service.post_failed(mine)
    await service.post_failed(answer)
    late = await service.catch_up(await service.table_here(CHANNEL))
    assert late is not None
    assert_shows_exactly(late.text, ["alice puts X on c3.", the_bots_line(answer)])
    assert late.reshown == mine.nonce  # a refused post may still have been made: its nonce is kept


async def test_the_next_post_shows_a_move_lost_after_an_undo_chain(service: TableService, store: Store) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.add_bot(CHANNEL, ALICE, "normal")
    await shown(service, await service.start(CHANNEL, ALICE, "joined"))
    await shown(service, await service.act(CHANNEL, ALICE, {"type": "mark", "square": "a1"}))
    await shown(service, await service.play_bot(1))
    await shown(service, await service.undo(CHANNEL, ALICE))
    mine = await service.act(CHANNEL, ALICE, {"type": "mark", "square": "c3"})
    after = await restarted(service, store)
    answer = await after.play_bot(1)  # the bot plays on before any catch-up
    assert answer is not None
    head = answer.text.splitlines()[:2]
    assert head == [HEADER, "alice puts X on c3."], answer.text
    assert answer.reshown == mine.nonce and answer.nonce != mine.nonce


async def test_a_lost_undo_of_a_move_and_the_bots_answer_is_one_line(service: TableService, store: Store) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.add_bot(CHANNEL, ALICE, "normal")
    await shown(service, await service.start(CHANNEL, ALICE, "joined"))
    await shown(service, await service.act(CHANNEL, ALICE, {"type": "mark", "square": "a1"}))
    await shown(service, await service.play_bot(1))
    await service.undo(CHANNEL, ALICE)  # committed, never shown
    after = await restarted(service, store)
    late = await after.catch_up(await after.table_here(CHANNEL))
    assert late is not None
    assert late.text.splitlines()[:2] == [
        HEADER,
        "↩ alice took back: alice puts X on a1, and the bot move after it.",
    ], late.text


async def test_a_claim_keeps_its_nonce_until_its_result_is_shown(store: Store) -> None:
    """Made by the first claim, kept by a retry's claim, by a failure and by a restart; gone once shown."""
    await store.tables.insert_table(GUILD, CHANNEL, "tictactoe", {}, ALICE.user_id, 0.0, 1)
    nonce = await store.clocks.begin_posting(1, 2, "one", 100.0)
    assert 0 < len(nonce) <= 25  # Discord takes up to 25 characters
    assert await store.clocks.begin_posting(1, 2, "two", 200.0) == nonce
    await store.clocks.release_posting(1, 2)
    await store.clocks.claims_at_start()
    assert await store.clocks.postings(1, 0.0) == set() and await store.clocks.posting_nonces(1) == {2: nonce}
    assert await store.clocks.begin_posting(1, 3, "two", 200.0) not in ("", nonce)
    await store.clocks.end_postings(1, upto=2)
    assert set(await store.clocks.posting_nonces(1)) == {3}
