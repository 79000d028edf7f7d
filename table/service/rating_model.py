"""The rating model (issue #41), pure: OpenSkill's Bradley-Terry (full pairing) over each finished game's placings.

Why not OpenSkill's Plackett-Luce: in openskill 6.2 it mishandles ties (openskill.py issues #155 and #201, fix not
released): with places 1, 1, 2, 3 the runner-up gains exactly what each winner gains, so an alliance's win would
credit whoever came next as much. Bradley-Terry compares every pair of seats: tied winners gain alike, and each
place below gains less (four newcomers placed 1, 1, 2, 3 go from mu 25 to 30.3, 30.3, 22.4, 17.1).

The rule (written for players in table/table_rules.md):
- Each seat is a team of one, ranked by its place: every winner of an alliance or team shares place 1, so each is
  credited; a draw (every seat placed 1) is a tie for all. Abandoned tables are not rated.
- A seat counts for whoever held it at the end (result_seats.user_id): a player who took a seat over gets its
  result, the one who left it gets nothing (a handover is noted on the board).
- Bots are rated as 'bot:<strength>', one rating per strength, kept apart from the people.
- A former player (a forgotten user, user id 0) plays each game as an unrated newcomer and keeps no rating, so
  forgetting someone leaves everyone else's numbers those of a server where they had always been anonymous.
- A player holding several seats of one game (a bot strength seated twice) gets the mean of their seats' updates.
The number players read is table/text/leaderboard.py's `shown`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from statistics import fmean

from openskill.models import BradleyTerryFull, BradleyTerryFullRating

from table.storage import RatingRow, ResultRow, ResultSeatRow

MODEL = BradleyTerryFull()  # OpenSkill's defaults: mu 25, sigma 25/3


def person(user_id: int) -> str:
    return f"u{user_id}"


def player_of(seat: ResultSeatRow) -> str | None:
    """Whose rating the seat counts for: a person's, a bot strength's, or nobody's (a former player)."""
    if seat.bot is not None:
        return f"bot:{seat.bot}"
    return person(seat.user_id) if seat.user_id > 0 else None


def drawn(seats: Sequence[ResultSeatRow]) -> bool:
    return all(seat.place == 1 for seat in seats)


def counted(result: ResultRow, seats: Sequence[ResultSeatRow]) -> bool:
    """Whether the result moves ratings: a finished game of at least two different players."""
    players = [player_of(seat) for seat in seats]
    different = len({player for player in players if player is not None}) + players.count(None)
    return result.status == "finished" and different >= 2


def rated(result: ResultRow, seats: Sequence[ResultSeatRow], before: dict[str, RatingRow]) -> list[RatingRow]:
    """The new ratings of the result's players, from their ratings `before` it (a newcomer's are the model's
    defaults); nothing when the result is not counted."""
    if not counted(result, seats):
        return []
    worst = max((seat.place for seat in seats if seat.place is not None), default=1) + 1
    ranks = [seat.place if seat.place is not None else worst for seat in seats]  # a seat without a place: last
    players = [player_of(seat) for seat in seats]
    teams = [[_prior(before.get(player) if player else None)] for player in players]
    after = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    draw = drawn(seats)
    updates: dict[str, list[BradleyTerryFullRating]] = {}
    won: dict[str, bool] = {}
    for player, seat, (rating,) in zip(players, seats, after, strict=True):
        if player is not None:
            updates.setdefault(player, []).append(rating)
            won[player] = won.get(player, False) or (seat.place == 1 and not draw)
    rows = []
    for player, ratings in updates.items():
        old = before.get(player)
        rows.append(
            RatingRow(
                result.guild_id,
                result.game,
                player,
                fmean(rating.mu for rating in ratings),
                fmean(rating.sigma for rating in ratings),
                (old.games if old else 0) + 1,
                (old.wins if old else 0) + int(won[player]),
                result.finished_at,
            )
        )
    return rows


def replayed(ended: Iterable[tuple[ResultRow, Sequence[ResultSeatRow]]]) -> dict[str, RatingRow]:
    """Every player's rating after the results, rated one by one in the order given (finished_at, table_id)."""
    ratings: dict[str, RatingRow] = {}
    for result, seats in ended:
        for row in rated(result, seats, ratings):
            ratings[row.player] = row
    return ratings


def _prior(row: RatingRow | None) -> BradleyTerryFullRating:
    return MODEL.rating() if row is None else MODEL.rating(mu=row.mu, sigma=row.sigma)
