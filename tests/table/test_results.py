"""A table's result, kept in the commit that ends it (a player's move, a bot's, an abandon, an erasure that leaves
only bots), on both stores: places, sides, how it ended, moves and time to move with pauses out, handovers; an
ended game stays ended; games that ended before results were kept get theirs at start; the ratings hook."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from table.service import Ask, Caller, TableError, TableService
from table.storage import ResultRow, ResultSeatRow
from tests.table.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, FakeClock

HOUR = 3600.0
X_WINS = [(ALICE, "a1"), (BOB, "b1"), (ALICE, "a2"), (BOB, "b2"), (ALICE, "a3")]


@dataclass
class Rater:
    """The ratings part as the results see it: what it was asked."""

    rated: list[tuple[ResultRow, list[ResultSeatRow]]] = field(default_factory=list)
    rebuilt: list[tuple[int, str]] = field(default_factory=list)

    async def rate(self, result: ResultRow, seats: list[ResultSeatRow]) -> None:
        self.rated.append((result, seats))

    async def rebuild(self, guild_id: int, game: str) -> None:
        self.rebuilt.append((guild_id, game))


async def tictactoe(service: TableService, clock: FakeClock, moves: list[tuple[Caller, str]], wait: float) -> int:
    table = await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    for who, square in moves:
        clock.advance(wait)
        await service.act(CHANNEL, who, {"type": "mark", "square": square})
    return table.id


async def test_a_win_is_kept_in_the_commit_that_ends_the_game(service: TableService, clock: FakeClock) -> None:
    rater = Rater()
    service.results.ratings = rater
    started = clock.now
    table_id = await tictactoe(service, clock, X_WINS[:4], HOUR)
    assert await service.store.results.result(table_id) is None  # not before the end
    clock.advance(2 * HOUR)
    post = await service.act(CHANNEL, ALICE, {"type": "mark", "square": "a3"})
    assert post.finished

    kept = await service.store.results.result(table_id)
    assert kept is not None
    result, seats = kept
    assert result == ResultRow(
        table_id, GUILD, "tictactoe", "finished", started, clock.now, result.turns, result.ending
    )
    assert result.ending and result.turns >= 2
    assert [(s.user_id, s.side, s.place, s.bot, s.moves, s.handed_over) for s in seats] == [
        (ALICE.user_id, "X", 1, None, 3, False),
        (BOB.user_id, "O", 2, None, 2, False),
    ]
    assert seats[0].score is not None and seats[0].score > (seats[1].score or 0)
    assert seats[0].median_move == HOUR and seats[0].p90_move == 2 * HOUR  # waits of 1 h, 1 h, 2 h
    assert seats[1].median_move == HOUR
    assert rater.rated == [kept]  # rated once, as it was kept
    # the finale says the same median
    assert f"{ALICE.name}: " in post.text and "median move 1 h" in post.text


async def test_an_ended_game_stays_ended_and_keeps_one_result(service: TableService, clock: FakeClock) -> None:
    table_id = await tictactoe(service, clock, X_WINS, 60.0)
    with pytest.raises(TableError):
        await service.undo(CHANNEL, ALICE)
    with pytest.raises(TableError):
        await service.act(CHANNEL, BOB, {"type": "mark", "square": "c1"})
    assert len(await service.store.results.ended(GUILD)) == 1
    assert (await service.store.tables.table(table_id)).status == "finished"  # type: ignore[union-attr]


async def test_an_abandoned_game_keeps_who_sat_where_and_no_places(service: TableService, clock: FakeClock) -> None:
    table_id = await tictactoe(service, clock, X_WINS[:2], HOUR)
    table = await service.store.tables.table(table_id)
    assert table is not None
    await service.abandon(table_id, ALICE, table.version)

    kept = await service.store.results.result(table_id)
    assert kept is not None
    result, seats = kept
    assert (result.status, result.ending) == ("abandoned", "")
    assert [(s.user_id, s.side, s.place, s.score, s.moves) for s in seats] == [
        (ALICE.user_id, "X", None, None, 1),
        (BOB.user_id, "O", None, None, 1),
    ]


async def test_a_lobby_given_up_has_no_result(service: TableService) -> None:
    table = await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.abandon(table.id, ALICE, table.version)
    assert await service.store.results.ended(GUILD) == []
    assert await service.store.results.missing() == []


async def test_a_bots_winning_move_keeps_the_result_too(service: TableService, clock: FakeClock) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.add_bot(CHANNEL, ALICE, "normal")
    await service.start(CHANNEL, ALICE, "joined")
    for square in ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"):  # alice tries squares; the bot answers
        table = await service.table_here(CHANNEL)
        if table.status != "running":
            break
        try:
            await service.act(CHANNEL, ALICE, {"type": "mark", "square": square})
        except Exception:
            continue
        while await service.play_bot(table.id) is not None:
            pass
    table = await service.table_here(CHANNEL)
    assert table.status == "finished"
    kept = await service.store.results.result(table.id)
    assert kept is not None
    bot = kept[1][1]
    assert bot.bot == "normal" and bot.user_id < 0 and bot.place is not None and bot.moves >= 1


async def test_a_seat_handed_over_is_marked_and_counts_its_new_holders_moves(
    service: TableService, clock: FakeClock
) -> None:
    table_id = await tictactoe(service, clock, X_WINS[:2], HOUR)  # bob moved once
    await service.replace(CHANNEL, ALICE, BOB.user_id, CAROL)
    for who, square in [(ALICE, "a2"), (CAROL, "b2"), (ALICE, "a3")]:
        clock.advance(HOUR)
        await service.act(CHANNEL, who, {"type": "mark", "square": square})
    kept = await service.store.results.result(table_id)
    assert kept is not None
    carol = kept[1][1]
    assert (carol.user_id, carol.handed_over, carol.moves) == (CAROL.user_id, True, 1)
    assert kept[1][0].handed_over is False


async def test_a_pause_is_not_counted_as_waiting(service: TableService, clock: FakeClock) -> None:
    table_id = await tictactoe(service, clock, X_WINS[:1], HOUR)
    clock.advance(HOUR)
    await service.store.results.pause_began(table_id, clock.now)
    clock.advance(10 * 24 * HOUR)
    await service.store.results.pause_ended(table_id, clock.now)
    clock.advance(HOUR)
    await service.act(CHANNEL, BOB, {"type": "mark", "square": "b1"})
    for who, square in X_WINS[2:]:
        clock.advance(HOUR)
        await service.act(CHANNEL, who, {"type": "mark", "square": square})
    kept = await service.store.results.result(table_id)
    assert kept is not None
    assert kept[1][1].p90_move == 2 * HOUR  # 12 days less the 10 paused


async def test_pause_and_resume_are_kept(service: TableService, clock: FakeClock) -> None:
    table_id = await tictactoe(service, clock, [], HOUR)
    began = clock.now
    asked = await service.pause(CHANNEL, ALICE)
    assert isinstance(asked, Ask)
    await service.answer(BOB, asked.request_id, True)  # everyone agreed: paused
    clock.advance(HOUR)
    await service.pause(CHANNEL, BOB)  # resumed
    clock.advance(HOUR)
    asked = await service.pause(CHANNEL, BOB)
    assert isinstance(asked, Ask)
    await service.answer(ALICE, asked.request_id, True)
    assert await service.store.results.pauses(table_id, clock.now + 5) == [
        (began, began + HOUR),
        (began + 2 * HOUR, clock.now + 5),  # still on
    ]


async def test_games_that_ended_before_results_were_kept_get_theirs_at_start(
    service: TableService, clock: FakeClock
) -> None:
    rater = Rater()
    service.results.ratings = rater
    table_id = await tictactoe(service, clock, X_WINS, HOUR)
    expected = await service.store.results.result(table_id)
    await service.store.database.write("DELETE FROM result_seats", ())
    await service.store.database.write("DELETE FROM results", ())
    assert await service.store.results.missing() == [table_id]

    await service.started()

    assert await service.store.results.result(table_id) == expected
    assert rater.rebuilt == [(GUILD, "tictactoe")]  # rebuilt in order, not rated out of it
    await service.started()  # nothing left to do
    assert rater.rebuilt == [(GUILD, "tictactoe")]


async def test_forgetting_makes_a_former_player_of_results_and_rebuilds_their_ratings(
    service: TableService, clock: FakeClock
) -> None:
    rater = Rater()
    service.results.ratings = rater
    table_id = await tictactoe(service, clock, X_WINS, HOUR)
    await service.forget(ALICE.user_id)
    kept = await service.store.results.result(table_id)
    assert kept is not None
    assert [seat.user_id for seat in kept[1]] == [0, BOB.user_id]
    assert rater.rebuilt == [(GUILD, "tictactoe")]


async def test_an_erasure_that_leaves_only_bots_keeps_the_abandoned_result(
    service: TableService, clock: FakeClock
) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.add_bot(CHANNEL, ALICE, "easy")
    started = await service.start(CHANNEL, ALICE, "joined")
    await service.forget(ALICE.user_id, by_owner=True)
    kept = await service.store.results.result(started.table_id)
    assert kept is not None
    assert kept[0].status == "abandoned" and kept[1][0].user_id == 0


async def test_a_result_that_cannot_be_worked_out_never_stops_the_game_ending(
    service: TableService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> str:
        raise ValueError("a game module's words failed")

    monkeypatch.setattr("table.service.results.ending", broken)
    table_id = await tictactoe(service, clock, X_WINS, HOUR)
    table = await service.store.tables.table(table_id)
    assert table is not None and table.status == "finished"
    assert await service.store.results.missing() == [table_id]  # left for the next start
    await service.started()
    assert await service.store.results.missing() == [table_id]  # still failing: logged, the start goes on
    monkeypatch.undo()
    await service.started()
    assert await service.store.results.missing() == []
