"""A game's leaderboard as players read it (/leaderboard and the console): one short line a player, names escaped,
within one message. The web page shows the same Board in HTML (web/read.py)."""

from __future__ import annotations

from dataclasses import dataclass

from table.text.present import escape_text, fit

BASE, SCALE = 1000, 20  # the rating shown: BASE + SCALE x (mu - 3 sigma), a conservative estimate of skill


def shown(mu: float, sigma: float) -> int:
    """The rating players read, from OpenSkill's estimate (mu) and its doubt (sigma): a newcomer reads BASE."""
    return round(BASE + SCALE * (mu - 3 * sigma))


@dataclass(frozen=True)
class Entry:
    """One line of a leaderboard."""

    rank: int
    player: str  # 'u<user id>' or 'bot:<strength>'
    name: str  # as typed by its holder: escape it where it is shown
    bot: bool
    rating: int
    games: int
    wins: int
    draws: int
    taken_over: int  # games counted for a seat they took over from someone else

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws


@dataclass(frozen=True)
class Board:
    """A game's leaderboard in one server: the best people (or bots), and the people not listed yet."""

    game: str
    bots: bool
    least: int  # games needed to be listed
    entries: list[Entry]
    listed: int  # how many qualify (entries holds the best TOP)
    close: list[tuple[str, int]]  # (name, games still needed) of the people closest to being listed
    waiting: int  # how many people are rated but not listed yet


SCALE_NOTE = (
    f"Rating: {BASE} + {SCALE} × (skill − 3 × doubt). A newcomer starts at {BASE}, and it grows as results make "
    "their skill surer. Every winner of a team or alliance is credited; abandoned games don't count."
)


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def record(entry: Entry) -> str:
    """'12 games: 7 won, 1 drawn, 4 lost', with the seats taken over noted."""
    parts = [f"{entry.wins} won", *([f"{entry.draws} drawn"] if entry.draws else []), f"{entry.losses} lost"]
    taken = f" ({plural(entry.taken_over, 'game')} taken over)" if entry.taken_over else ""
    return f"{plural(entry.games, 'game')}: {', '.join(parts)}{taken}"


def entry_line(entry: Entry) -> str:
    mark = "🤖 " if entry.bot else ""
    return f"{entry.rank}. {mark}**{escape_text(entry.name)}**: {entry.rating} · {record(entry)}"


def waiting_line(board: Board) -> str:
    """Who is on their way to the board: the closest by name, with the games each still needs."""
    if not board.waiting:
        return ""
    named = [f"{escape_text(name)} ({plural(more, 'more game')})" for name, more in board.close]
    others = board.waiting - len(named)
    listed = ", ".join(named) + (f" and {plural(others, 'other')}" if others else "")
    return f"Not listed yet: {listed}."


def leaderboard_text(board: Board, title: str, bots_command: str) -> str:
    """The board as one message; `bots_command` is how to ask for the bots' board (the front end's spelling)."""
    whose = "Bots" if board.bots else "Leaderboard"
    lines = [f"🏆 {whose}: {title} in this server"]
    if board.entries:
        lines += [entry_line(entry) for entry in board.entries]
        if board.listed > len(board.entries):
            lines.append(f"… and {plural(board.listed - len(board.entries), 'more player')}.")
    elif board.bots:
        lines.append("No bot has finished a game of it here yet.")
    else:
        lines.append(f"No one has finished {plural(board.least, 'game')} of it here yet.")
    if not board.bots:
        lines.append(f"Listed from {plural(board.least, 'finished game')}. " + waiting_line(board))
        lines.append(f"Bots are rated apart: {bots_command}")
    lines.append(SCALE_NOTE)
    return fit("\n".join(line.rstrip() for line in lines), tail="\n…")
