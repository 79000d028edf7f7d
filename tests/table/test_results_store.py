"""store.results on both stores: an ended table's result kept whole with its seats, read back by server, game and
member in the order the ratings use, a forgotten user made a former player, and the ended tables still unrecorded."""

from __future__ import annotations

import pytest

from table.storage import Conflict, ResultRow, ResultSeatRow, Store

GUILD, OTHER_GUILD = 10, 11


async def ended_table(store: Store, guild: int, game: str, status: str, finished_at: float) -> int:
    table_id = await store.tables.insert_table(guild, 100 + int(finished_at), game, {}, 1, 0.0, 1)
    await store.tables.set_table(table_id, status=status, started_at=1.0, finished_at=finished_at)
    return table_id


def seats_of(table_id: int, *users: int, places: tuple[int | None, ...] = (1, 2)) -> list[ResultSeatRow]:
    return [
        ResultSeatRow(table_id, seat, user, f"side {seat}", None, place, 3.0 - seat, seat == 1, 4, 60.0, 600.0)
        for seat, (user, place) in enumerate(zip(users, places, strict=True))
    ]


async def record(store: Store, guild: int, game: str, finished_at: float, *users: int) -> int:
    table_id = await ended_table(store, guild, game, "finished", finished_at)
    result = ResultRow(table_id, guild, game, "finished", 1.0, finished_at, 9, "three in a row")
    await store.results.record(result, seats_of(table_id, *users))
    return table_id


async def test_a_result_reads_back_whole_in_the_order_games_ended(store: Store) -> None:
    late = await record(store, GUILD, "tictactoe", 500.0, 1, 2)
    early = await record(store, GUILD, "tictactoe", 200.0, 2, 3)
    tie_second = await record(store, GUILD, "nerath", 500.0, 1, 3)  # same time: by table id
    await record(store, OTHER_GUILD, "tictactoe", 100.0, 1, 2)

    ended = await store.results.ended(GUILD)
    assert [result.table_id for result, _ in ended] == [early, late, tie_second]
    result, seats = ended[1]
    assert result == ResultRow(late, GUILD, "tictactoe", "finished", 1.0, 500.0, 9, "three in a row")
    assert seats == seats_of(late, 1, 2)
    assert seats[1].handed_over is True and seats[0].handed_over is False
    assert [r.table_id for r, _ in await store.results.ended(GUILD, "tictactoe")] == [early, late]
    assert await store.results.ended(GUILD, "smallworld") == []


async def test_a_members_results_are_their_servers_only_with_every_seat(store: Store) -> None:
    first = await record(store, GUILD, "tictactoe", 200.0, 1, 2)
    await record(store, GUILD, "tictactoe", 300.0, 2, 3)
    third = await record(store, GUILD, "nerath", 400.0, 3, 1)
    await record(store, OTHER_GUILD, "tictactoe", 100.0, 1, 2)

    mine = await store.results.of_member(GUILD, 1)
    assert [result.table_id for result, _ in mine] == [first, third]
    assert [seat.user_id for seat in mine[1][1]] == [3, 1]  # the other players' seats come too
    assert [r.table_id for r, _ in await store.results.of_member(GUILD, 1, "nerath")] == [third]
    assert await store.results.of_member(GUILD, 99) == []


async def test_forgetting_makes_a_former_player_and_names_the_games_touched(store: Store) -> None:
    await record(store, GUILD, "tictactoe", 200.0, 1, 2)
    await record(store, GUILD, "nerath", 300.0, 2, 1)
    await record(store, OTHER_GUILD, "tictactoe", 100.0, 1, 3)
    await record(store, GUILD, "dragondice", 100.0, 2, 3)

    touched = await store.results.forget_user(1)

    assert touched == [(GUILD, "nerath"), (GUILD, "tictactoe"), (OTHER_GUILD, "tictactoe")]
    assert await store.results.of_member(GUILD, 1) == []
    assert len(await store.results.of_member(GUILD, 0)) == 2
    assert await store.results.forget_user(1) == []  # nothing left to forget
    assert len(await store.results.of_member(GUILD, 2)) == 3  # the others keep theirs


async def test_missing_lists_ended_games_without_a_result(store: Store) -> None:
    recorded = await record(store, GUILD, "tictactoe", 200.0, 1, 2)
    unrecorded = await ended_table(store, GUILD, "tictactoe", "abandoned", 300.0)
    never_played = await store.tables.insert_table(GUILD, 7, "tictactoe", {}, 1, 0.0, 1)
    await store.tables.set_table(never_played, status="abandoned", finished_at=5.0)  # a lobby given up
    running = await store.tables.insert_table(GUILD, 8, "tictactoe", {}, 1, 0.0, 1)
    await store.tables.set_table(running, status="running", started_at=2.0)

    assert await store.results.missing() == [unrecorded]
    assert recorded not in await store.results.missing()


async def test_a_result_is_kept_once_and_a_failed_record_writes_nothing(store: Store) -> None:
    table_id = await record(store, GUILD, "tictactoe", 200.0, 1, 2)
    again = ResultRow(table_id, GUILD, "tictactoe", "finished", 1.0, 200.0, 9, "")
    with pytest.raises(Conflict):  # the key is taken, whichever database says it
        await store.results.record(again, [])
    other = await ended_table(store, GUILD, "tictactoe", "finished", 300.0)
    twice = [*seats_of(other, 1, 2), seats_of(other, 1, 2)[0]]  # seat 0 twice: the second insert fails
    with pytest.raises(Conflict):
        await store.results.record(ResultRow(other, GUILD, "tictactoe", "finished", 1.0, 300.0, 9, ""), twice)
    assert await store.results.result(other) is None
    assert await store.results.missing() == [other]


async def test_a_games_tally_counts_in_the_database(store: Store) -> None:
    async def ended(finished_at: float, places: tuple[int | None, ...], turns: int, status: str = "finished") -> None:
        table_id = await ended_table(store, GUILD, "nerath", status, finished_at)
        result = ResultRow(
            table_id, GUILD, "nerath", status, 0.0, finished_at, turns, "" if status != "finished" else "vp"
        )
        sides = ("Karkoth + Iron Circle", "Vailin + Nerath")
        seats = [
            ResultSeatRow(table_id, seat, 1 + seat, sides[seat], None, place, None) for seat, place in enumerate(places)
        ]
        await store.results.record(result, seats)

    await ended(86400.0, (1, 2), 10)
    await ended(3 * 86400.0, (2, 1), 20)
    await ended(2 * 86400.0, (1, 1), 30)  # a draw
    await ended(4 * 86400.0, (1, 2), 40)
    await ended(9 * 86400.0, (None, None), 99, "abandoned")
    await ended(5.0, (1, 2), 7)
    tally = await store.results.tally(GUILD, "nerath")
    assert (tally.finished, tally.abandoned) == (5, 1)
    other = await store.results.tally(OTHER_GUILD, "nerath")
    assert (other.finished, other.abandoned, other.seats, other.turns) == (0, 0, [], None)
    assert tally.endings == {"vp": 5}
    assert tally.seats == [(2, 0, "Karkoth + Iron Circle", 5, 3, 1), (2, 1, "Vailin + Nerath", 5, 1, 1)]
    assert tally.turns == (20.0, 40.0)  # 7, 10, 20, 30, 40
    assert tally.days is not None and tally.days[1] == 4.0
    await ended(6 * 86400.0, (2, 1), 50)
    assert (await store.results.tally(GUILD, "nerath")).turns == (25.0, 50.0)  # an even count: the two middles' mean
