"""Every board is readable where Discord shows it: inline, 550 px wide. Each renderer reports the texts it
drew with their font sizes (render.draw.recording). What the eye reads is the ink, not the font size: each text's
digits and capitals are drawn in that font and the height of their glyph pixels, scaled by 550 / the image's width,
must be at least 6 px (8 px for the headline), on every image a player meets (the posted board, /board full,
zooms, hands) at the start, in a busy mid-game and at the end of real games."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

import rules
from render import draw, renderer
from render.draw import Drawn, font, recording
from render.record import table_facts
from rules import serial
from tests.engine_contract import play_random, replay, start

INLINE = 550  # what Discord shows of an image in a channel on desktop
SMALLEST = 6.0  # px of ink: the height of a capital or a digit as shown inline
HEADLINE = 8.0
NAMES = ["Ann", "Bob", "Cleo", "Dev"]
GAMES = sorted(rules.engines())  # every installed game (rules.GAMES), each at the table its entry names


@cache
def positions(game: str) -> dict[str, str]:
    """States of one real game (JSON): its start, a busy middle and its end."""
    engine = rules.engine(game)
    players = rules.game(game).players
    played = play_random(engine, players, seed=7, check_each_step=False)
    middle = replay(engine, type(played)(None, played.start_seed, played.log[: len(played.log) // 2]), players)
    return {
        "start": serial.dumps(start(engine, players, seed=7)),
        "middle": serial.dumps(middle),
        "end": serial.dumps(played.state),
    }


def shown(image: Image.Image) -> float:
    """How much Discord shrinks an image inline (it never enlarges one)."""
    return min(1.0, INLINE / image.width)


@cache
def glyph_ink(glyph: str, size: int) -> int:
    """The height in pixels of one glyph's ink (pixels at least half covered) in the boards' font at `size`."""
    mask = Image.new("L", (4 * size + 8, 4 * size + 8), 0)
    ImageDraw.Draw(mask).text((4, 4), glyph, font=font(size), fill=255)
    box = mask.point(lambda value: 255 if value >= 128 else 0).getbbox()
    return 0 if box is None else box[3] - box[1]


def ink_height(text: str, size: int) -> int:
    """The ink height of a text's digits and capitals: the shortest of them (a text with none is held to its
    font's capital H, since its lower-case letters are shorter still)."""
    marks = {ch for ch in text if ch.isascii() and (ch.isdigit() or ch.isupper())} or {"H"}
    return min(glyph_ink(ch, size) for ch in marks)


def test_ink_height_is_what_the_font_draws() -> None:
    """The measure itself: an 8 px font draws capitals about 5-6 px high, a larger font taller ones."""
    assert glyph_ink("H", 8) in (5, 6)
    assert ink_height("x", 14) == glyph_ink("H", 14) == ink_height("K3", 14)
    assert ink_height("Ab", 20) > ink_height("Ab", 14) > ink_height("Ab", 8)


def boards(game: str) -> Iterator[tuple[str, Image.Image, list[Drawn]]]:
    """Every image a player meets inline: the posted board, the zoomed boards, the private hands."""
    engine = rules.engine(game)
    pictures = renderer(game)
    players = rules.game(game).players
    for when, saved in positions(game).items():
        state = serial.loads(engine.State, saved)
        public, facts = engine.view(state, None), table_facts(engine, state, NAMES[:players])
        with recording() as drawn:
            image = pictures.board(public, facts)
        yield f"{when} board", image, drawn
        if pictures.zoom is not None:
            places = [pid for pid, _ in pictures.zoom.places(public)]
            for place in places[:: max(1, len(places) // 4)]:
                with recording() as drawn:
                    image = pictures.zoom.draw(public, facts, place)
                yield f"{when} zoom on {place}", image, drawn
        if pictures.hand is not None:
            for seat in range(players):
                with recording() as drawn:
                    image = pictures.hand(engine.view(state, seat), seat, facts)
                yield f"{when} hand of seat {seat}", image, drawn


def full_maps(game: str) -> Iterator[tuple[str, Image.Image, list[Drawn]]]:
    """The whole map (/board full) at the start, the middle and the end of the game."""
    engine, full = rules.engine(game), renderer(game).full
    assert full is not None
    for when, saved in positions(game).items():
        state = serial.loads(engine.State, saved)
        with recording() as drawn:
            image = full(engine.view(state, None), table_facts(engine, state, NAMES[:4]))
        yield f"{when} full map", image, drawn


def too_small(images: Iterator[tuple[str, Image.Image, list[Drawn]]]) -> list[str]:
    """Every text whose capitals and digits are less than SMALLEST px of ink high inline (HEADLINE: a headline)."""
    small: list[str] = []
    for label, image, drawn in images:
        scale = shown(image)
        assert drawn, f"{label}: the renderer reported no text"
        for text in drawn:
            least = HEADLINE if text.headline else SMALLEST
            ink = ink_height(text.text, text.size) * scale
            if ink < least:
                small.append(f"{label} ({image.width} px): {text.text!r} (font {text.size}) at {ink:.1f} px of ink")
    return small


@pytest.mark.parametrize("game", GAMES)
def test_every_text_is_readable_at_discords_inline_width(game: str) -> None:
    small = too_small(boards(game))
    assert not small, f"{len(small)} texts too small inline, e.g.:\n" + "\n".join(sorted(set(small))[:25])


@pytest.mark.parametrize("game", GAMES)
def test_every_posted_board_has_a_headline(game: str) -> None:
    engine = rules.engine(game)
    for when, saved in positions(game).items():
        state = serial.loads(engine.State, saved)
        with recording() as drawn:
            renderer(game).board(
                engine.view(state, None), table_facts(engine, state, NAMES[: rules.game(game).players])
            )
        assert any(text.headline for text in drawn), f"{game} {when}: no headline"
        assert any(name in text.text for text in drawn for name in NAMES), f"{game} {when}: no player named"


def test_the_recording_sees_text_kept_in_cached_layers() -> None:
    """Layers drawn once and kept (a map's names) report their texts on every board, not just the first."""
    engine = rules.engine("genertela")
    state = serial.loads(engine.State, positions("genertela")["start"])
    public, facts = engine.view(state, None), table_facts(engine, state, NAMES)
    counts = []
    for _ in range(2):
        with recording() as drawn:
            renderer("genertela").board(public, facts)
        counts.append(len(drawn))
    assert counts[0] == counts[1] > 20


def _text_calls(tree: ast.AST) -> list[int]:
    """Lines that draw text with Pillow directly (ImageDraw.text): such text would escape the recording."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "text":
            found.append(node.lineno)
    return found


def test_renderers_draw_text_only_through_the_recorded_helpers() -> None:
    folder = Path(draw.__file__).parent
    direct: dict[str, list[int]] = {}
    for path in sorted(folder.glob("*.py")):
        if path.name == "draw.py":
            continue
        lines = _text_calls(ast.parse(path.read_text()))
        if lines:
            direct[path.name] = lines
    assert not direct, f"draw text with render.draw's write/stamp/put_text/centred_text instead: {direct}"


FULL_MAPS = [game for game in GAMES if renderer(game).full is not None]


@pytest.mark.parametrize("game", FULL_MAPS)
def test_the_whole_map_reads_at_discords_inline_width(game: str) -> None:
    small = too_small(full_maps(game))
    assert not small, f"{len(small)} texts too small inline, e.g.:\n" + "\n".join(sorted(set(small))[:25])
