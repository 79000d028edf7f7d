"""Ratings per game per server (issue #41): a result rated in the transaction that records it, a (guild, game)
rebuilt from its results in order, and the leaderboard read. The model and its rule: rating_model.py.

Rating one result at a time and rebuilding from every result give the same numbers: a result that ends before a
game its players already had counted (a backfill) rebuilds the (guild, game) instead of rating on top of it."""

from __future__ import annotations

from table.service.rating_model import counted, person, player_of, rated, replayed
from table.storage import RatingRow, ResultRow, ResultSeatRow, Store
from table.text.leaderboard import Board, Entry, shown

MIN_GAMES = 3  # finished games before a person is listed on the board (bots are listed from their first)
TOP = 15  # people (or bots) a board lists
CLOSE = 5  # people on their way to the board it names


def bot_name(strength: str) -> str:
    return f"{strength} bot"


class Ratings:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def rate(self, result: ResultRow, seats: list[ResultSeatRow]) -> None:
        """Rate a result just recorded (inside the transaction that records it; abandoned tables are not rated)."""
        if not counted(result, seats):
            return
        ratings = self.store.ratings
        async with self.store.transaction():
            await ratings.guard(result.guild_id, result.game)
            players = sorted({player for seat in seats if (player := player_of(seat)) is not None})
            before = await ratings.of(result.guild_id, result.game, players)
            if any(row.last_at >= result.finished_at for row in before.values()):
                await self._rebuild(result.guild_id, result.game)  # it ended before games already counted
                return
            await ratings.put(rated(result, seats, before))

    async def rebuild(self, guild_id: int, game: str) -> None:
        """The (guild, game)'s ratings computed afresh from its results, in the order they ended."""
        async with self.store.transaction():
            await self.store.ratings.guard(guild_id, game)
            await self._rebuild(guild_id, game)

    async def _rebuild(self, guild_id: int, game: str) -> None:
        ended = await self.store.results.ended(guild_id, game)
        await self.store.ratings.replace(guild_id, game, replayed(ended).values())

    async def board(self, guild_id: int, game: str, bots: bool = False, least: int = MIN_GAMES) -> Board:
        """The game's leaderboard in the server: people with at least `least` games, or the bots (from their
        first game), best first."""
        ratings = self.store.ratings
        least = 1 if bots else least
        best, listed = await ratings.top(guild_id, game, bots, least, TOP)
        close, waiting = ([], 0) if bots else await ratings.on_the_way(guild_id, game, least, CLOSE)
        records = await ratings.records(guild_id, game, [row.player for row in best])
        names = await ratings.names(guild_id, [int(row.player[1:]) for row in [*best, *close] if _is_person(row)])

        def name(row: RatingRow) -> str:
            if not _is_person(row):
                return bot_name(row.player.removeprefix("bot:"))
            return names.get(int(row.player[1:]), "a player")

        entries = []
        for rank, row in enumerate(best, 1):
            record = records.get(row.player)
            entries.append(
                Entry(
                    rank,
                    row.player,
                    name(row),
                    not _is_person(row),
                    shown(row.mu, row.sigma),
                    row.games,
                    row.wins,
                    record.draws if record else 0,
                    record.taken_over if record else 0,
                )
            )
        return Board(game, bots, least, entries, listed, [(name(row), least - row.games) for row in close], waiting)

    async def rating_of(self, guild_id: int, game: str, user_id: int) -> RatingRow | None:
        """A person's rating in the game here (None: no finished game counted yet)."""
        return (await self.store.ratings.of(guild_id, game, [person(user_id)])).get(person(user_id))


def _is_person(row: RatingRow) -> bool:
    return row.player.startswith("u")
