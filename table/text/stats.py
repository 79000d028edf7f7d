"""What /stats says: a member's record (per game and per side, time to move, the tables waiting on them) and a
game's figures on the server (win rates per side and per seat, how games end, their length), with the bots'
self-play figures beside them. Figures from table/service/stats.py; names escaped; one message."""

from __future__ import annotations

from collections.abc import Callable

from rules.selfplay_figures import Figures
from rules.text import count
from table.service.stats import GameStats, MemberStats, Record, middle
from table.storage import TableRow
from table.text import present
from table.text.finale import days, move_time

SIDES_SHOWN = 12  # a game's sides listed, most played first; the rest are counted


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.0f}%"


def record_line(record: Record) -> str:
    """12 played: 7 won, 2 drawn, 2 lost, 1 abandoned (wins 67%)."""
    parts = [f"{record.won} won"]
    parts += [f"{record.drawn} drawn"] if record.drawn else []
    parts += [f"{record.lost} lost"]
    parts += [f"{record.abandoned} abandoned"] if record.abandoned else []
    rate = f" (wins {_percent(record.rate)})" if record.finished else ""
    return f"{record.played} played: {', '.join(parts)}{rate}"


def member_text(
    name: str, stats: MemberStats, title: Callable[[str], str], channel: Callable[[TableRow], str], game: str | None
) -> str:
    """`name` as typed by Discord (escaped here); `title`: a game id's title; `channel`: how a table is pointed at."""
    who = present.escape_text(name)
    scope = f" at {title(game)}" if game else ""
    lines = [f"**{who}**{scope} on this server (games that ended here):"]
    if not stats.games:
        lines.append("No ended games yet.")
    for game_id, record in sorted(stats.games.items(), key=lambda pair: (-pair[1].played, title(pair[0]))):
        lines.append(f"**{title(game_id)}**: {record_line(record)}.")
        sides = sorted(stats.sides.get(game_id, {}).items(), key=lambda pair: (-pair[1].played, pair[0]))
        if sides:
            shown = "; ".join(f"{present.escape_text(side)} {record_line(r)}" for side, r in sides[:SIDES_SHOWN])
            more = f"; {len(sides) - SIDES_SHOWN} more" if len(sides) > SIDES_SHOWN else ""
            lines.append(f"  by side: {shown}{more}.")
    moving = time_to_move(stats)
    if moving:
        lines.append(moving)
    if stats.waiting:
        where = ", ".join(f"{channel(table)} ({title(table.game)})" for table in stats.waiting)
        lines.append(f"Waiting on {who} now: {where}.")
    else:
        lines.append(f"No table here is waiting on {who} now.")
    return present.fit("\n".join(lines), tail="\n…")


def game_text(title: str, stats: GameStats, bots: tuple[Figures, ...]) -> str:
    """A game's figures on the server, each beside the bots' self-play figure where one was measured."""
    total = stats.finished + stats.abandoned
    lines = [f"**{title}** on this server: {total} game{'s' * (total != 1)} ended"]
    lines[0] += f" ({stats.finished} finished, {stats.abandoned} abandoned)." if total else "."
    if stats.finished:
        sides = sorted(stats.sides.items(), key=lambda pair: (-pair[1].finished, pair[0]))
        if sides:
            usual = max(
                stats.seats, key=lambda players: (sum(r.finished for r in stats.seats[players].values()), -players)
            )
            measured = next((figures for figures in bots if figures.players == usual), None)  # sides fare by count
            bot_sides = {side.casefold(): rate for side, rate in measured.sides.items()} if measured else {}
            shown = "; ".join(
                f"{present.escape_text(side)} {_percent(r.rate)} of {r.finished}"
                + _bots(bot_sides.get(side.casefold()))
                for side, r in sides[:SIDES_SHOWN]
            )
            lines.append(f"Wins by side{f' ({usual} players for the bots)' if bot_sides else ''}: {shown}.")
        for players, seats in sorted(stats.seats.items()):
            rates = " / ".join(_percent(seats[seat].rate) for seat in sorted(seats))
            games = seats[min(seats)].finished
            measured = next((figures for figures in bots if figures.players == players), None)
            beside = f" (bots: {' / '.join(f'{rate:g}%' for rate in measured.seats)})" if measured else ""
            lines.append(f"Wins by seat, {players} players ({count(games, 'game')}): {rates}{beside}.")
        endings = ", ".join(
            f"{present.escape_text(how or 'unknown')} {100 * count / stats.finished:.0f}%"
            for how, count in stats.endings.items()
        )
        lines.append(f"How games end: {endings}.")
        if stats.turns is not None and stats.days is not None:
            (turns, longest), (lasted, longest_days) = stats.turns, stats.days
            lines.append(
                f"Length (median): {turns:g} turns, {days(lasted * 86400)}; longest {longest:g} turns, "
                f"{days(longest_days * 86400)}."
            )
    if bots:
        lines.append("Bots' self-play (our measurement, bots against bots; a draw counts half):")
        for figures in bots:
            endings = ", ".join(f"{how} {rate:g}%" for how, rate in figures.endings.items())
            lines.append(f"  {figures.setup}, {figures.games} games: ends by {endings}.")
    return present.fit("\n".join(lines), tail="\n…")


def _bots(rate: float | None) -> str:
    return "" if rate is None else f" (bots {rate:g}%)"


def time_to_move(stats: MemberStats) -> str:
    """A member's time to move in one line ("" before any move counted), as /stats and their web page say it."""
    usual, slow = middle(stats.medians), middle(stats.p90s)
    if usual is None or slow is None:
        return ""
    return (
        f"Time to move (the middle of their games; pauses, absences and quiet hours left out): median "
        f"{move_time(usual)}, 9 in 10 moves within {move_time(slow)}."
    )
