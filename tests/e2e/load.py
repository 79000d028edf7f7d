"""The load scenario, shared by tests/e2e/test_load.py and bench/e2e_load.py.

Many tables played at once by simulated users, and many simultaneous actions on one table. Latency is
what Discord measures: from sending the interaction to the bot's acknowledgement (it must be under 3 s).
"""

from __future__ import annotations

import asyncio
import random
import statistics
from dataclasses import dataclass, field

from tests.e2e import oracle
from tests.e2e.driver import Driver, NoReply, Reply
from tests.e2e.flow import open_table
from tests.e2e.payloads import FakeUser

WIN_FOR_X = ("a1", "b1", "a2", "b2", "a3")  # X wins on the fifth move
SQUARES = ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")


@dataclass
class LoadResult:
    latencies: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    applied: int = 0  # public replies to actions: moves the users saw made
    refused: int = 0  # private refusals

    def add(self, other: LoadResult) -> None:
        self.latencies += other.latencies
        self.failures += other.failures
        self.applied += other.applied
        self.refused += other.refused

    def percentiles(self) -> dict[str, float]:
        ordered = sorted(self.latencies)
        if not ordered:
            return {}
        cuts = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 else ordered * 99
        return {"p50": cuts[49], "p90": cuts[89], "p99": cuts[98], "max": ordered[-1], "n": float(len(ordered))}


def describe(result: LoadResult) -> str:
    marks = result.percentiles()
    shown = " ".join(f"{k}={v * 1000:.0f}ms" for k, v in marks.items() if k != "n")
    return f"{int(marks.get('n', 0))} interactions: {shown}; failures={len(result.failures)}"


async def one_table(driver: Driver, channel: dict, x: FakeUser, o: FakeUser, think: float, seed: int) -> LoadResult:
    """Open a table and play it to a win; each user pauses up to `think` seconds before acting."""
    result = LoadResult()
    rng = random.Random(seed)
    seen: list[Reply] = []
    try:
        await asyncio.sleep(rng.uniform(0, think))
        await open_table(driver, channel, [x, o], seen=seen)
        result.latencies += [reply.latency for reply in seen]
        for index, square in enumerate(WIN_FOR_X):
            await asyncio.sleep(rng.uniform(0, think))
            reply = await driver.run(x if index % 2 == 0 else o, "tictactoe mark", _channel=channel, square=square)
            result.latencies.append(reply.latency)
            if reply.refused:
                result.failures.append(f"{channel['name']} {square}: refused: {reply.text[:100]}")
    except (NoReply, AssertionError) as error:
        result.latencies += [reply.latency for reply in seen if reply.latency not in result.latencies]
        result.failures.append(f"{channel['name']}: {error}")
    return result


async def many_tables(driver: Driver, count: int, think: float = 0.0) -> LoadResult:
    """`count` tables at once, each in its own channel with its own two players, played to a win.

    think=0 sends every table's step in the same instant (a burst); think>0 spreads users like people.
    """
    d = driver.discord
    channels = [d.channel(i) for i in range(count)]
    flows = [
        one_table(driver, channels[i], d.players[2 * i], d.players[2 * i + 1], think, seed=i) for i in range(count)
    ]
    total = LoadResult()
    for result in await asyncio.gather(*flows):
        total.add(result)
    return total


async def simultaneous(
    driver: Driver, data_dir: oracle.Where, channel: dict, x: FakeUser, o: FakeUser, n: int
) -> LoadResult:
    """`n` marks sent at once on one table by both players: each is applied once or refused, none lost."""
    result = LoadResult()
    await open_table(driver, channel, [x, o])
    sent = [
        await driver.slash(x if i % 2 == 0 else o, "tictactoe mark", _channel=channel, square=SQUARES[i % 9])
        for i in range(n)
    ]
    for reply in await asyncio.gather(*(driver.reply(s) for s in sent), return_exceptions=True):
        if isinstance(reply, BaseException):
            result.failures.append(str(reply))
            continue
        result.latencies.append(reply.latency)
        if reply.refused:
            result.refused += 1
        else:
            result.applied += 1
    table = oracle.table_in(data_dir, channel["id"])
    if len(table.actions) != result.applied:
        result.failures.append(f"{len(table.actions)} actions logged but {result.applied} shown as applied")
    oracle.assert_log_explains_state(table)
    return result
