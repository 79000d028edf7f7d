"""render/timelapse.py: the frames picked, their timing, the file within its limit, the same bytes each time, and each
decoded frame showing its own board, in order."""

from __future__ import annotations

import copy
import io
import itertools
import random

import pytest
from PIL import Image, ImageChops, ImageStat

import rules
from render import renderer, timelapse
from render.record import table_facts
from rules.base import SeatInfo
from rules.bots import random_policy
from rules.rng import Rng


def played(game: str, seed: int = 3) -> list[timelapse.Frame]:
    """A seeded random game's public board at the start and at each turn's end, as frames."""
    engine = rules.engine(game)
    players = max(2, engine.meta.min_players)
    state = engine.new([SeatInfo() for _ in range(players)], engine.meta.resolve_options({}), Rng(seed))
    names = [f"player {n}" for n in range(players)]
    policy, chooser = random_policy(engine), random.Random(seed)

    def frame(label: str) -> timelapse.Frame:  # a copy: the game goes on changing its state in place
        public = copy.deepcopy(engine.view(state, None))
        return timelapse.Frame(label, public, table_facts(engine, state, names))

    frames = [frame("the start")]
    while engine.outcome(state) is None:
        seat = chooser.choice(sorted(engine.awaiting(state)))
        events = engine.act(state, seat, policy(engine.view(state, seat), seat, chooser), Rng(chooser.randrange(2**62)))
        if any(event.kind == "turn_end" for event in events):
            frames.append(frame(f"end of turn {len(frames)}"))
    return frames


def decoded(data: bytes) -> list[tuple[Image.Image, int]]:
    """Each frame of an animation as RGB, with how long it shows (ms)."""
    image = Image.open(io.BytesIO(data))
    frames = []
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        frames.append((image.convert("RGB"), int(image.info.get("duration", 0))))
    return frames


def test_pick_keeps_every_frame_of_a_short_game_and_an_even_spread_of_a_long_one() -> None:
    assert timelapse.pick(7) == list(range(7))
    picked = timelapse.pick(691)
    assert len(picked) == timelapse.MOST_FRAMES and picked[0] == 0 and picked[-1] == 690
    gaps = {b - a for a, b in itertools.pairwise(picked)}
    assert gaps <= {5, 6}, gaps  # evenly spread: no stretch of the game skipped
    assert timelapse.pick(10, most=1) == [9]


def test_the_whole_game_plays_within_a_minute_and_a_short_one_slower() -> None:
    for frames in (2, 9, 40, 120):
        each = timelapse.frame_ms(frames)
        assert timelapse.FRAME_MS[0] <= each <= timelapse.FRAME_MS[1]
        assert each * (frames - 1) + timelapse.HOLD_LAST <= timelapse.MOST_SECONDS * 1000
    assert timelapse.frame_ms(9) > timelapse.frame_ms(120)


def test_each_frame_shows_its_own_board_in_order_with_the_last_held() -> None:
    frames = played("tictactoe")
    drawn = timelapse.draw("tictactoe", frames)
    assert drawn.kind == "webp" and drawn.name == "timelapse.webp" and drawn.frames == len(frames)
    shown = decoded(drawn.data)
    assert len(shown) == len(frames)
    assert [ms for _, ms in shown] == [drawn.frame_ms] * (len(frames) - 1) + [timelapse.HOLD_LAST]
    boards = [renderer("tictactoe").whole_map(f.public, f.facts).convert("RGB") for f in frames]
    for index, (image, _) in enumerate(shown):
        area = image.crop((0, 0, *boards[index].size))  # the caption strip is under the map
        distances = [ImageStat.Stat(ImageChops.difference(area, board)).mean for board in boards]
        nearest = min(range(len(boards)), key=lambda n: sum(distances[n]))
        assert nearest == index, f"frame {index} looks most like board {nearest}"
        assert max(distances[index]) < 3, "the map is drawn as the renderer drew it (palette rounding aside)"


def test_a_small_limit_is_met_by_a_smaller_map_then_fewer_frames() -> None:
    frames = played("smallworld")
    whole = timelapse.draw("smallworld", frames)
    assert whole.scale > 0.9 and len(whole.data) <= timelapse.LIMIT
    limit = len(whole.data) // 3
    smaller = timelapse.draw("smallworld", frames, limit)
    assert len(smaller.data) <= limit < len(whole.data)
    assert smaller.scale < whole.scale
    assert len(decoded(smaller.data)) == smaller.frames
    tiny = timelapse.draw("smallworld", frames, len(whole.data) // 40)
    assert tiny.frames < len(frames) and len(decoded(tiny.data)) == tiny.frames
    assert tiny.scale >= timelapse.SMALLEST_SCALE


def test_the_same_frames_give_the_same_bytes() -> None:
    frames = played("tashkalar")
    assert timelapse.draw("tashkalar", frames).data == timelapse.draw("tashkalar", frames).data


def test_a_gif_where_pillow_has_no_webp(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(timelapse, "_kind", lambda: "gif")
    frames = played("tictactoe")
    drawn = timelapse.draw("tictactoe", frames)
    assert drawn.name == "timelapse.gif" and Image.open(io.BytesIO(drawn.data)).format == "GIF"
    assert len(decoded(drawn.data)) == len(frames)


def test_no_frames_is_refused() -> None:
    with pytest.raises(ValueError):
        timelapse.draw("tictactoe", [])
