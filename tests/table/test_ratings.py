"""Ratings (issue #41), on both stores: the rule (every winner credited, draws tie, abandoned tables and former
players), rating one result at a time equals a rebuild from every result, the leaderboard's read, forgetting a user,
and two tables ending at once in two processes."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

import pytest

from table.service import TableService
from table.service.rating_model import drawn, rated, replayed
from table.service.ratings import MIN_GAMES, Ratings
from table.storage import ResultRow, ResultSeatRow, Store
from table.text.leaderboard import BASE, shown
from tests.support import postgres
from tests.table.conftest import ALICE, BOB, CAROL

GUILD, OTHER = 10, 11
Seat = tuple[int, int | None]  # (user id, place); a user id below 0 is a bot ('easy')


def seats_of(table_id: int, seated: list[Seat], handed: frozenset[int] = frozenset()) -> list[ResultSeatRow]:
    return [
        ResultSeatRow(table_id, n, user, None, "easy" if user < 0 else None, place, None, user in handed)
        for n, (user, place) in enumerate(seated)
    ]


async def ended(
    store: Store,
    at: float,
    seated: list[Seat],
    game: str = "tictactoe",
    guild: int = GUILD,
    status: str = "finished",
    handed: frozenset[int] = frozenset(),
) -> tuple[ResultRow, list[ResultSeatRow]]:
    """A table that ended at `at` with its result recorded and rated, in one transaction (as S1's ending does)."""
    table_id = await store.tables.insert_table(guild, 500 + int(at), game, {}, 1, 0.0, 1)
    for n, (user, _) in enumerate(seated):
        seat_user = user if user > 0 else -(n + 1)  # bots and former players: no Discord user, unique at the table
        await store.tables.add_seat(table_id, n, seat_user, f"player{user}", None, "easy" if user < 0 else None)
    await store.tables.set_table(table_id, status=status, started_at=1.0, finished_at=at)
    result = ResultRow(table_id, guild, game, status, 1.0, at, 5, "")
    seats = seats_of(table_id, seated, handed)
    async with store.transaction():
        await store.results.record(result, seats)
        await Ratings(store).rate(result, seats)
    return result, seats


# --- the rule, in the model -----------------------------------------------------------------------------------


def result(places: list[int | None], status: str = "finished") -> tuple[ResultRow, list[ResultSeatRow]]:
    seats = seats_of(1, [(user, place) for user, place in zip(range(1, 9), places, strict=False)])
    return ResultRow(1, GUILD, "smallworld", status, 0.0, 100.0, 3, ""), seats


def test_every_winner_of_an_alliance_is_credited_and_rises():
    after = {row.player: row for row in rated(*result([1, 1, 2, 3]), {})}
    assert after["u1"].wins == after["u2"].wins == 1 and after["u3"].wins == after["u4"].wins == 0
    assert after["u1"].mu == pytest.approx(after["u2"].mu)  # the same credit for each winner
    assert after["u1"].mu > 25 > after["u3"].mu > after["u4"].mu
    assert all(row.games == 1 and row.last_at == 100.0 for row in after.values())


def test_a_draw_ties_everyone_and_wins_no_one():
    seats = result([1, 1, 1])[1]
    assert drawn(seats)
    after = rated(*result([1, 1, 1]), {})
    assert {row.wins for row in after} == {0} and len({round(row.mu, 9) for row in after}) == 1


def test_abandoned_tables_and_a_game_against_oneself_are_not_rated():
    assert rated(*result([None, None], status="abandoned"), {}) == []
    game, _ = result([1, 2])
    alone = seats_of(1, [(7, 1), (7, 2)])  # one person holding every seat (the console's hot seat)
    assert rated(game, alone, {}) == []


def test_a_former_player_plays_as_a_newcomer_and_keeps_nothing():
    game, _ = result([1, 2])
    after = rated(game, seats_of(1, [(0, 1), (5, 2)]), {})
    assert [row.player for row in after] == ["u5"] and after[0].mu < 25


def test_the_shown_rating_starts_at_the_base_and_grows_as_skill_is_surer():
    assert shown(25.0, 25.0 / 3) == BASE
    assert shown(25.0, 2.0) > shown(25.0, 5.0) > BASE


# --- one at a time, or rebuilt: the same numbers ---------------------------------------------------------------


async def random_games(store: Store, rng: random.Random, count: int) -> None:
    """Games of 2-4 seats among six people, a bot and former players, some abandoned, some drawn, in two games and
    two servers; each ends later than the last."""
    for n in range(count):
        seated_users = rng.sample([1, 2, 3, 4, 5, 6, -1, 0], rng.randint(2, 4))
        places: list[int | None] = [rng.randint(1, 3) for _ in seated_users]
        status = "abandoned" if rng.random() < 0.1 else "finished"
        if status == "abandoned":
            places = [None] * len(places)
        game = rng.choice(["tictactoe", "nerath"])
        guild = rng.choice([GUILD, GUILD, OTHER])
        await ended(store, 1000.0 + n, list(zip(seated_users, places, strict=True)), game, guild, status)


async def test_rating_one_by_one_gives_the_numbers_of_a_rebuild(store: Store):
    await random_games(store, random.Random(41), 60)
    for guild in (GUILD, OTHER):
        for game in ("tictactoe", "nerath"):
            one_by_one = await store.ratings.every(guild, game)
            assert one_by_one, "every pair got games"
            await Ratings(store).rebuild(guild, game)
            assert await store.ratings.every(guild, game) == one_by_one  # exactly: the same float operations
            expected = replayed(await store.results.ended(guild, game))
            assert one_by_one == sorted(expected.values(), key=lambda row: row.player)


async def test_a_result_ending_before_games_already_counted_is_rated_in_its_place(store: Store):
    await ended(store, 100.0, [(1, 1), (2, 2)])
    await ended(store, 300.0, [(2, 1), (3, 2)])
    await ended(store, 200.0, [(3, 1), (1, 2)])  # a backfill: ended before bob's and carol's last game
    got = await store.ratings.every(GUILD, "tictactoe")
    assert got == sorted(replayed(await store.results.ended(GUILD, "tictactoe")).values(), key=lambda r: r.player)
    assert {row.player: row.games for row in got} == {"u1": 2, "u2": 2, "u3": 2}


async def test_abandoned_tables_count_for_no_one(store: Store):
    await ended(store, 100.0, [(1, None), (2, None)], status="abandoned")
    assert await store.ratings.every(GUILD, "tictactoe") == []


# --- the leaderboard -----------------------------------------------------------------------------------------


async def test_the_board_lists_people_with_enough_games_best_first_and_bots_apart(store: Store):
    at = iter(range(100, 10_000))
    for _ in range(MIN_GAMES):
        await ended(store, next(at), [(1, 1), (2, 2)])
        await ended(store, next(at), [(3, 1), (-1, 2)])
    await ended(store, next(at), [(2, 1), (1, 1)])  # a draw
    await ended(store, next(at), [(4, 1), (1, 2)], handed=frozenset({4}))  # carol's seat taken over by dave
    await ended(store, next(at), [(5, 1), (-1, 2)])

    board = await Ratings(store).board(GUILD, "tictactoe")
    assert [entry.player for entry in board.entries] == ["u3", "u1", "u2"]
    alice = board.entries[1]
    assert (alice.name, alice.games, alice.wins, alice.draws, alice.losses) == ("player1", 5, 3, 1, 1)
    assert [entry.rank for entry in board.entries] == [1, 2, 3] and not any(e.bot for e in board.entries)
    assert board.entries[0].rating > board.entries[1].rating > board.entries[2].rating
    assert board.listed == 3 and board.waiting == 2
    assert board.close == [("player5", MIN_GAMES - 1), ("player4", MIN_GAMES - 1)]  # the latest first

    bots = await Ratings(store).board(GUILD, "tictactoe", bots=True)
    assert [(e.player, e.name, e.bot, e.games, e.wins) for e in bots.entries] == [
        ("bot:easy", "easy bot", True, MIN_GAMES + 1, 0)
    ]
    assert await Ratings(store).board(OTHER, "tictactoe") == replace(board, entries=[], listed=0, close=[], waiting=0)


async def test_a_seat_taken_over_counts_for_its_last_holder_and_is_noted(store: Store):
    for at in range(MIN_GAMES):
        await ended(store, 100.0 + at, [(4, 1), (2, 2)], handed=frozenset({4}))
    board = await Ratings(store).board(GUILD, "tictactoe")
    dave = next(entry for entry in board.entries if entry.player == "u4")
    assert dave.taken_over == MIN_GAMES and dave.wins == MIN_GAMES


# --- forgetting a user -------------------------------------------------------------------------------------------


async def test_forgetting_leaves_everyone_else_as_if_the_user_had_always_been_anonymous(tmp_path, store: Store):
    await random_games(store, random.Random(7), 40)
    touched = await store.results.forget_user(3)
    for guild, game in touched:
        await Ratings(store).rebuild(guild, game)

    anonymous = await Store.open(
        tmp_path / "anonymous.sqlite3"
    )  # the same games, user 3 a former player from the start
    rng = random.Random(7)
    for n in range(40):
        seated_users = [0 if user == 3 else user for user in rng.sample([1, 2, 3, 4, 5, 6, -1, 0], rng.randint(2, 4))]
        places: list[int | None] = [rng.randint(1, 3) for _ in seated_users]
        status = "abandoned" if rng.random() < 0.1 else "finished"
        if status == "abandoned":
            places = [None] * len(places)
        game, guild = rng.choice(["tictactoe", "nerath"]), rng.choice([GUILD, GUILD, OTHER])
        await ended(anonymous, 1000.0 + n, list(zip(seated_users, places, strict=True)), game, guild, status)

    assert touched
    for guild in (GUILD, OTHER):
        for game in ("tictactoe", "nerath"):
            kept = await store.ratings.every(guild, game)
            assert "u3" not in {row.player for row in kept}
            assert kept == await anonymous.ratings.every(guild, game)
    await anonymous.close()


# --- two processes ------------------------------------------------------------------------------------------------


async def test_two_tables_ending_at_once_in_two_processes_are_both_counted():
    url = await postgres.fresh_database()
    first, second = await Store.open(url), await Store.open(url)
    inside = asyncio.Event()

    async def slow_end() -> None:
        async with first.transaction():
            table_id = await first.tables.insert_table(GUILD, 1, "tictactoe", {}, 1, 0.0, 1)
            result = ResultRow(table_id, GUILD, "tictactoe", "finished", 1.0, 100.0, 5, "")
            seats = seats_of(table_id, [(1, 1), (2, 2)])
            await first.results.record(result, seats)
            await Ratings(first).rate(result, seats)
            inside.set()
            await asyncio.sleep(0.3)  # holds its transaction open while the other process rates

    async def other_end() -> None:
        await inside.wait()
        await ended(second, 200.0, [(1, 2), (3, 1)])

    await asyncio.gather(slow_end(), other_end())
    got = {row.player: row for row in await first.ratings.every(GUILD, "tictactoe")}
    assert got["u1"].games == 2
    assert list(got.values()) == sorted(
        replayed(await first.results.ended(GUILD, "tictactoe")).values(), key=lambda row: row.player
    )
    await first.close()
    await second.close()


# --- through the service: a game's end rates it, and /privacy forget rebuilds --------------------------------------


async def test_games_ended_through_the_service_are_rated_and_forgetting_rebuilds(service: TableService):
    for n, (first, second) in enumerate([(ALICE, BOB), (CAROL, BOB), (ALICE, CAROL)]):
        channel = 700 + n
        await service.create(GUILD, channel, first, "tictactoe", {})
        await service.join(channel, second)
        await service.start(channel, first, "joined")
        for who, square in [(first, "a1"), (second, "b1"), (first, "a2"), (second, "b2"), (first, "a3")]:
            await service.act(channel, who, {"type": "mark", "square": square})
    rated_now = {row.player: row for row in await service.store.ratings.every(GUILD, "tictactoe")}
    assert {player: (row.games, row.wins) for player, row in rated_now.items()} == {
        "u1": (2, 2),
        "u2": (2, 0),
        "u3": (2, 1),
    }

    await service.forget(ALICE.user_id)

    kept = await service.store.ratings.every(GUILD, "tictactoe")
    assert [row.player for row in kept] == ["u2", "u3"]
    assert kept == sorted(replayed(await service.store.results.ended(GUILD)).values(), key=lambda row: row.player)
    assert kept != [rated_now["u2"], rated_now["u3"]]  # alice's games now count as a newcomer's
