"""Every board is readable where Discord shows it: inline, 550 px wide. Each renderer reports the texts it
drew with their font sizes (render.draw.recording); scaled by 550 / the image's width, every text must be at
least 8 px and the headline at least 11 px, at the start, in a busy mid-game and at the end of real games."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from PIL import Image

import rules
from render import renderer
from render.draw import Drawn, recording
from rules import serial
from tests.engine_contract import play_random, replay, start

INLINE = 550  # what Discord shows of an image in a channel on desktop
SMALLEST = 8.0
HEADLINE = 11.0
NAMES = ["Ann", "Bob", "Cleo", "Dev"]
GAMES = {  # game: players (the busiest table each game seats)
    "tictactoe": 2,
    "dragondice": 2,
    "tashkalar": 4,
    "smallworld": 4,
    "nerath": 4,
    "genertela": 4,
}


@cache
def positions(game: str) -> dict[str, str]:
    """States of one real game (JSON): its start, a busy middle and its end."""
    engine = rules.engine(game)
    players = GAMES[game]
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


def boards(game: str) -> Iterator[tuple[str, Image.Image, list[Drawn]]]:
    """Every image a player meets inline: the posted board, the zoomed boards, the private hands."""
    engine = rules.engine(game)
    module = renderer(game)
    names = NAMES[: GAMES[game]]
    for when, saved in positions(game).items():
        state = serial.loads(engine.State, saved)
        public = engine.view(state, None)
        with recording() as drawn:
            image = module.render(public, names)
        yield f"{when} board", image, drawn
        if hasattr(module, "render_zoom"):
            places = [pid for pid, _ in module.zoom_places(public)]
            for place in places[:: max(1, len(places) // 4)]:
                with recording() as drawn:
                    image = module.render_zoom(public, names, place)
                yield f"{when} zoom on {place}", image, drawn
        if hasattr(module, "render_hand"):
            for seat in range(GAMES[game]):
                with recording() as drawn:
                    image = module.render_hand(engine.view(state, seat), seat, names)
                yield f"{when} hand of seat {seat}", image, drawn


@pytest.mark.parametrize("game", list(GAMES))
def test_every_text_is_readable_at_discords_inline_width(game: str) -> None:
    small: list[str] = []
    for label, image, drawn in boards(game):
        scale = shown(image)
        assert drawn, f"{label}: the renderer reported no text"
        for text in drawn:
            least = HEADLINE if text.headline else SMALLEST
            if text.size * scale < least:
                small.append(f"{label} ({image.width} px): {text.text!r} at {text.size * scale:.1f} px")
    assert not small, f"{len(small)} texts too small inline, e.g.:\n" + "\n".join(small[:15])


@pytest.mark.parametrize("game", list(GAMES))
def test_every_posted_board_has_a_headline(game: str) -> None:
    engine = rules.engine(game)
    for when, saved in positions(game).items():
        public = engine.view(serial.loads(engine.State, saved), None)
        with recording() as drawn:
            renderer(game).render(public, NAMES[: GAMES[game]])
        assert any(text.headline for text in drawn), f"{game} {when}: no headline"
        assert any(name in text.text for text in drawn for name in NAMES), f"{game} {when}: no player named"


def test_the_recording_sees_text_kept_in_cached_layers() -> None:
    """Layers drawn once and kept (a map's names) report their texts on every board, not just the first."""
    engine = rules.engine("genertela")
    public = engine.view(serial.loads(engine.State, positions("genertela")["start"]), None)
    module = renderer("genertela")
    counts = []
    for _ in range(2):
        with recording() as drawn:
            module.render(public, NAMES)
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
    folder = Path(renderer("tictactoe").__file__).parent
    direct: dict[str, list[int]] = {}
    for path in sorted(folder.glob("*.py")):
        if path.name == "draw.py":
            continue
        lines = _text_calls(ast.parse(path.read_text()))
        if lines:
            direct[path.name] = lines
    assert not direct, f"draw text with render.draw's write/stamp/put_text/centred_text instead: {direct}"
