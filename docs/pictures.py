"""Redraw the README's pictures from real games: each game's board as posted (docs/<game>.png), the whole map of
the games that post the area of the action (docs/<game>-full.png), and what Discord shows inline, 550 px wide
(docs/inline/<game>.png).

    .venv/bin/python docs/pictures.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rules  # noqa: E402  (after the path: the script runs from anywhere)
from render import renderer  # noqa: E402
from render.record import table_facts  # noqa: E402
from tests.engine_contract import play_random, replay  # noqa: E402

INLINE = 550
NAMES = ["Ann", "Bob", "Cleo", "Dev"]
SHARE = {"tictactoe": 0.6, "genertela": 0.4}  # how far into the recorded game each picture is taken (else half)


def middle(game: str) -> object:
    engine, players = rules.engine(game), rules.game(game).players
    played = play_random(engine, players, seed=7, check_each_step=False)
    cut = int(len(played.log) * SHARE.get(game, 0.5))
    return replay(engine, type(played)(None, played.start_seed, played.log[:cut]), players)


def inline(image: Image.Image) -> Image.Image:
    if image.width <= INLINE:
        return image
    return image.resize((INLINE, round(image.height * INLINE / image.width)), Image.Resampling.LANCZOS)


def main() -> None:
    docs = ROOT / "docs"
    (docs / "inline").mkdir(exist_ok=True)
    for game, engine in rules.engines().items():  # every installed game, in the registry (rules.GAMES)
        drawn = renderer(game)
        state = middle(game)
        public, facts = engine.view(state, None), table_facts(engine, state, NAMES[: rules.game(game).players])
        board = drawn.board(public, facts).convert("RGB")
        board.save(docs / f"{game}.png", optimize=True)
        shrunk = inline(board).quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        shrunk.save(docs / "inline" / f"{game}.png", optimize=True)
        if drawn.full is not None:
            drawn.full(public, facts).convert("RGB").save(docs / f"{game}-full.png", optimize=True)
        print(f"{game}: {board.width}x{board.height}")


if __name__ == "__main__":
    main()
