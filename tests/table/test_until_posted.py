"""A bot's move waits until the table's posts before it are in the channel (the channel reads in order): the wait
ends as the last post arrives, not at the next look, and gives up after its limit."""

from __future__ import annotations

import asyncio

from table.service import TableService
from tests.table.conftest import ALICE, BOB, CHANNEL, GUILD


async def started(service: TableService) -> tuple[int, int]:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    post = await service.start(CHANNEL, ALICE, "joined")
    return post.table_id, post.version


async def test_the_wait_ends_when_the_post_arrives(service: TableService) -> None:
    table_id, version = await started(service)
    outbox = service.outbox
    assert outbox.posting(table_id)
    waiting = asyncio.create_task(outbox.until_posted(table_id, at_most=3600))
    await asyncio.sleep(0)
    assert not waiting.done()  # the start's post is still on its way
    await service.announced(table_id, version)
    await asyncio.wait_for(waiting, 10)  # woken by the arrival, long before its hour
    assert not outbox.posting(table_id)


async def test_the_wait_gives_up_after_its_limit(service: TableService) -> None:
    table_id, _ = await started(service)
    await service.outbox.until_posted(table_id, at_most=0.01)  # nothing arrives: it returns all the same
    assert service.outbox.posting(table_id)
