"""The board posted with the game's last message, over real games of every game in the registry played to the end
through the table service: it says who won, shows the final scores and marks what decided the game, where the
board of the last post before the end showed whose turn it was."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import rules
from render import renderer
from render.draw import HIGHLIGHT, recording, seat_colour, seat_letter
from render.record import TableFacts
from rules.base import Outcome
from rules.text import count
from tests.table.test_finale import _play_to_the_end

WON = re.compile(r"\b(wins?|share the win|draw)\b", re.IGNORECASE)


class Board:
    """A board as posted: its image, the texts drawn on it, the public state and the seats' names."""

    def __init__(self, game: str, public: Any, facts: TableFacts) -> None:
        with recording() as drawn:
            self.image = renderer(game).board(public, facts).convert("RGB")
        self.texts = [d.text for d in drawn]
        self.public, self.names = public, facts.names

    def says(self, text: str) -> bool:
        """Whether the board shows `text` (within one drawn text, or across a wrapped one's lines)."""
        return any(text in drawn for drawn in self.texts) or text in " ".join(self.texts)


def _yellow(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels of `box` are the highlight's yellow."""
    colours = image.crop(box).getcolors(maxcolors=1 << 16) or []
    return sum(n for n, colour in colours if colour == HIGHLIGHT)


def _tictactoe(final: Board, before: Board, result: Outcome) -> None:
    from render.tictactoe import _centre
    from rules.tictactoe.engine import winning_line

    line = winning_line(final.public)
    if result.draw:  # nothing decided it: no line, and the header says so
        assert line is None and final.says("Draw")
        return
    assert line is not None
    (x0, y0), (x1, y1) = _centre(line[0]), _centre(line[1])
    between = (round((x0 + x1) / 2), round((y0 + y1) / 2))  # on the grid's line, where no mark is drawn
    colour = seat_colour(result.winners[0])
    assert final.image.getpixel(between) == colour and before.image.getpixel(between) != colour


def _smallworld(final: Board, before: Board, result: Outcome) -> None:
    for seat, coins in result.scores.items():
        assert final.says(count(coins, "coin", zero="0")), (seat, final.texts)
    assert all(final.says(f"Winner: {final.names[seat]}") for seat in result.winners)
    assert not before.says("Winner: ")


def _tashkalar(final: Board, before: Board, result: Outcome) -> None:
    assert final.says("final scores after round") and not before.says("final scores")
    for seat, points in result.scores.items():  # as the board counts them: '0 pts', '1 pt', '9 pts'
        assert final.says(count(points, "pt", zero="0")), (seat, final.texts)


def _dragondice(final: Board, before: Board, result: Outcome) -> None:
    for seat, captured in result.scores.items():
        row = next(text for text in final.texts if text.startswith(final.names[seat]) and " · captured " in text)
        assert f"captured {captured} " in row and ("WINNER" in row) == (seat in result.winners), row
    assert not before.says("WINNER")


def _nerath(final: Board, before: Board, result: Outcome) -> None:
    from render.nerath import MAP_W, WIDTH
    from rules.nerath.content import CONTENT

    state = final.public
    assert final.says("Final scores (winners on yellow)") and not before.says("Final scores")
    for realm in state.realms.values():  # each realm's VP and treasures (the seats' scores are their sums)
        assert final.says(f"{realm.vp} VP · {count(realm.collected, 'treasure', zero='0')}")
    assert final.says(state.end_reason[1:]), "the header says which condition ended the game"
    battles = ", ".join(CONTENT.spaces[space].name for space in state.battles_now) or "none"
    assert final.says(f"The final turn's battles: {battles}")
    # the winners' realms on yellow in the panel: at least one realm's two rows more than before
    panel = (MAP_W, 0, WIDTH, final.image.height // 2)
    assert _yellow(final.image, panel) > _yellow(before.image, panel) + 200 * 40


def _genertela(final: Board, before: Board, result: Outcome) -> None:
    assert final.says(result.reason[1:]), "the header says why the campaign ended"
    for seat, points in result.scores.items():
        assert final.says(f"{seat_letter(seat)} {final.names[seat]}: {points} {result.unit}"), final.texts
    assert not before.says("Final scores")


MARKS: dict[str, Callable[[Board, Board, Outcome], None]] = {
    "tictactoe": _tictactoe,
    "smallworld": _smallworld,
    "tashkalar": _tashkalar,
    "dragondice": _dragondice,
    "nerath": _nerath,
    "genertela": _genertela,
}


def test_every_game_in_the_registry_says_how_its_final_board_marks_the_end() -> None:
    assert set(MARKS) == set(rules.engines())


@pytest.mark.parametrize("game", sorted(rules.engines()))
async def test_the_final_board_says_who_won_shows_the_scores_and_marks_what_decided_it(
    game: str, tmp_path: Path
) -> None:
    shown, _, result, _ = await _play_to_the_end(game, tmp_path)
    assert shown[-1].finished and not shown[-2].finished
    final_post, before_post = shown[-1].board, shown[-2].board
    assert final_post is not None and before_post is not None
    final = Board(game, final_post.public, final_post.facts)
    before = Board(game, before_post.public, before_post.facts)
    names = final.names

    def told(board: Board) -> list[str]:  # texts naming every winner and the result
        return [text for text in board.texts if WON.search(text) and all(names[s] in text for s in result.winners)]

    assert told(final), f"{game}: no text names the winners: {final.texts[:5]}"
    assert not told(before), f"{game}: the board before the end already told the result: {told(before)}"
    MARKS[game](final, before, result)
