"""The server's leaderboards and a member's record as HTML (issue #41), the pages under the server's address
(/s/<guild>-<token>/leaderboard/<game>/ and member/<user id>/). They say what /leaderboard and /stats say, from the
same figures (table/service/ratings.py's Board, table/service/stats.py's MemberStats); every text is HTML-escaped
before any tag is put around it, and the pages link to each other relatively (no id of the server in them)."""

from __future__ import annotations

import html
from collections.abc import Callable

from table.service.stats import MemberStats
from table.storage import RatingRow
from table.text.leaderboard import SCALE_NOTE, Board, Entry, plural, shown
from table.text.stats import record_line, time_to_move

Title = Callable[[str], str]  # a game id's title


def _e(text: object) -> str:
    return html.escape(str(text))


def _row(entry: Entry) -> str:
    name = _e(entry.name)
    if not entry.bot:
        name = f'<a href="../../member/{_e(entry.player[1:])}/">{name}</a>'
    cells = [
        str(entry.rank),
        ("🤖 " if entry.bot else "") + name,
        str(entry.rating),
        str(entry.games),
        str(entry.wins),
        str(entry.draws),
        str(entry.losses),
        _e(f"{plural(entry.taken_over, 'game')} taken over") if entry.taken_over else "",
    ]
    return "<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>"


def _table(board: Board) -> str:
    head = "".join(f"<th>{word}</th>" for word in ("#", "Name", "Rating", "Games", "Won", "Drawn", "Lost", ""))
    rows = "".join(_row(entry) for entry in board.entries)
    more = board.listed - len(board.entries)
    tail = f"<p>… and {_e(plural(more, 'more player'))}.</p>" if more > 0 else ""
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>{tail}"


def leaderboard_body(people: Board, bots: Board) -> str:
    """A game's board on the server: the people, then the bots (rated apart), then how the rating reads."""
    out = ["<h2>People</h2>"]
    if people.entries:
        out.append(_table(people))
    else:
        out.append(f"<p>No one has finished {_e(plural(people.least, 'game'))} of it here yet.</p>")
    waiting = [f"{_e(name)} ({_e(plural(more, 'more game'))})" for name, more in people.close]
    others = people.waiting - len(waiting)
    if waiting:
        named = ", ".join(waiting) + (f" and {_e(plural(others, 'other'))}" if others > 0 else "")
        out.append(f"<p>Listed from {_e(plural(people.least, 'finished game'))}. Not listed yet: {named}.</p>")
    else:
        out.append(f"<p>Listed from {_e(plural(people.least, 'finished game'))}.</p>")
    out.append("<h2>Bots</h2>")
    out.append(_table(bots) if bots.entries else "<p>No bot has finished a game of it here yet.</p>")
    out.append(f"<p>{_e(SCALE_NOTE)}</p>")
    return "\n".join(out)


def member_body(stats: MemberStats, ratings: dict[str, RatingRow], title: Title) -> str:
    """A member's record on the server, per game and side, their rating in each game, and their time to move."""
    out = []
    for game, record in sorted(stats.games.items(), key=lambda pair: (-pair[1].played, title(pair[0]))):
        out.append(f'<h2><a href="../../leaderboard/{_e(game)}/">{_e(title(game))}</a></h2>')
        out.append(f"<p>{_e(record_line(record))}.</p>")
        rating = ratings.get(game)
        if rating is not None:
            counted = plural(rating.games, "finished game")
            out.append(f"<p>Rating {shown(rating.mu, rating.sigma)} (from {_e(counted)}).</p>")
        sides = sorted(stats.sides.get(game, {}).items(), key=lambda pair: (-pair[1].played, pair[0]))
        if sides:
            items = "".join(f"<li>{_e(side)}: {_e(record_line(side_record))}</li>" for side, side_record in sides)
            out.append(f"<ul>{items}</ul>")
    moving = time_to_move(stats)
    if moving:
        out.append(f"<p>{_e(moving)}</p>")
    return "\n".join(out)


def boards_nav(games: list[tuple[str, str]]) -> str:
    """The server page's links to its leaderboards: (game id, title) of each game rated here."""
    if not games:
        return ""
    links = " · ".join(f'<a href="leaderboard/{_e(game)}/">{_e(title)}</a>' for game, title in games)
    return f'<nav class="boards">Leaderboards: {links}</nav>'
