"""The Tash-Kalar board and hand images."""

from __future__ import annotations

import random

from PIL import Image

from render import renderer
from render.draw import PAPER, encode_png, recording, seat_colour
from render.record import table_facts
from render.tashkalar import BOARD, CELL, HEIGHT, MARGIN, TOP, WIDTH, render, render_hand
from render.tashkalar_hand import CARD_H, GAP, PER_ROW, effects_bottom
from rules import serial
from rules.rng import Rng
from rules.tashkalar.content import CARDS
from rules.tashkalar.engine import ENGINE as tashkalar
from rules.tashkalar.state import LastSummon
from tests.engine_contract import play_random, start
from tests.rules.tashkalar.helpers import act, fresh, hand, lay, put

NAMES = ["Aster", "Brindle", "Cobalt", "Dune"]


def _midgame(players: int = 2, options: dict[str, str] | None = None):
    state = start(tashkalar, players, options or {}, seed=5)
    chooser = random.Random(2)
    for step in range(120):
        seat = sorted(tashkalar.awaiting(state))[0]
        choices = tashkalar.legal(state, seat)
        lively = [c for c in choices if c.action["type"] in ("summon", "pick", "move")]
        tashkalar.act(state, seat, chooser.choice(lively or choices).action, Rng(step))
        if tashkalar.outcome(state) is not None:
            break
    return state


def test_board_image_has_the_arena_and_panel() -> None:
    state = _midgame()
    image = render(state, table_facts(tashkalar, state, NAMES[:2]))
    assert isinstance(image, Image.Image) and image.size == (WIDTH, HEIGHT)
    assert encode_png(image).startswith(b"\x89PNG")
    assert renderer("tashkalar").board is render


def test_board_never_draws_hidden_information() -> None:
    state = _midgame()
    other = serial.clone(state)
    other.hands[0].beings = list(reversed(other.hands[0].beings))
    other.decks[1] = list(reversed(other.decks[1]))
    assert (
        render(state, table_facts(tashkalar, state, NAMES[:2])).tobytes()
        == render(other, table_facts(tashkalar, other, NAMES[:2])).tobytes()
    )


def _count(image: Image.Image, colour: tuple[int, int, int]) -> int:
    raw = image.tobytes()
    return sum(1 for i in range(0, len(raw), 3) if tuple(raw[i : i + 3]) == colour)


def test_tokens_of_each_rank_look_different() -> None:
    state = fresh(mode="deathmatch")
    put(state, 0, 1, "a1")
    put(state, 0, 2, "c1")
    put(state, 0, 3, "e1")
    image = render(state, table_facts(tashkalar, state, NAMES[:2])).convert("RGB")
    top = image.height - 8 - MARGIN - CELL
    crops = [image.crop((MARGIN + x * CELL, top, MARGIN + (x + 1) * CELL, top + CELL)) for x in (0, 2, 4)]
    pixels = [_count(crop, seat_colour(0)) for crop in crops]
    assert pixels[0] < pixels[1] and pixels[2] != pixels[1]  # small disc, big hexagon, star


def test_last_summon_is_highlighted() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["ash_sprite"])
    lay(state, 0, "ash_sprite", "e5")
    put(state, 1, 1, "d4")
    before = render(state, table_facts(tashkalar, state, NAMES[:2]))
    act(state, 0, type="summon", card="ash_sprite", where="e5", orientation="0")
    act(state, 0, type="pick", square="d4")
    after = render(state, table_facts(tashkalar, state, NAMES[:2]))
    assert state.last is not None and state.last.touched == ["d4"]
    assert before.tobytes() != after.tobytes()


def test_every_mode_renders() -> None:
    for players, options in ((3, {"mode": "deathmatch"}), (4, {"teams": "yes"}), (2, {"mode": "high_form"})):
        image = render(_midgame(players, options), table_facts(tashkalar, _midgame(players, options), NAMES[:players]))
        assert image.size == (WIDTH, HEIGHT)


def test_hand_image_shows_each_card() -> None:
    state = _midgame()
    held = state.hands[0]
    count = len(held.beings) + len(held.legends) + len(held.flares)
    image = render_hand(state, 0, table_facts(tashkalar, state, NAMES[:2]))
    rows = -(-count // PER_ROW)
    assert image.height == 56 + GAP + rows * (CARD_H + GAP)
    state.hands[0].beings, state.hands[0].legends, state.hands[0].flares = [], [], []
    assert render_hand(state, 0, table_facts(tashkalar, state, NAMES[:2])).height == 56 + GAP + CARD_H + GAP


def test_every_card_pattern_and_text_fit_on_its_card() -> None:
    """The larger patterns (up to 4 rows, 5 columns) leave room for the effects above the id line."""
    for card_id, card in CARDS.items():
        assert effects_bottom(card_id) <= CARD_H - 26, card_id
        assert len(card.grid[0]) * 24 <= 240 - 20 and len(card.grid) <= 4, card_id


def test_hand_with_the_largest_patterns_renders() -> None:
    state = fresh()
    hand(state, 0, ["glade_stag", "riptide_knight", "lotus_oracle"], ["sky_sovereign", "storm_titan"])
    image = render_hand(state, 0, table_facts(tashkalar, state, NAMES[:2]))
    assert image.height == 56 + GAP + 2 * (CARD_H + GAP)


def test_finished_game_and_pending_choice_render() -> None:
    played = play_random(tashkalar, 2, {"mode": "deathmatch"}, seed=3, check_each_step=False)
    assert tashkalar.outcome(played.state) is not None
    assert render(played.state, table_facts(tashkalar, played.state, NAMES[:2])).size == (WIDTH, HEIGHT)
    state = fresh(mode="deathmatch")
    hand(state, 0, ["ash_sprite"])
    lay(state, 0, "ash_sprite", "e5")
    put(state, 1, 1, "d4")
    act(state, 0, type="summon", card="ash_sprite", where="e5", orientation="0")
    marked = render(state, table_facts(tashkalar, state, NAMES[:2])).convert("RGB")
    left, top = MARGIN + 3 * CELL, TOP + MARGIN + 5 * CELL  # d4's cell
    assert marked.getpixel((left + 10, top + 10)) == (255, 235, 90)  # the target marker


def test_the_fullest_panel_fits_beside_the_arena() -> None:
    """Four seats, the tallest last summon and the three wordiest tasks still end above the image's foot."""
    state = fresh(players=4, teams=True)
    state.tasks_offer = ["crown", "diagonal_charge", "cross"]
    state.last = LastSummon(0, "lotus_oracle", "e5")
    with recording() as drawn:
        image = render(state, table_facts(tashkalar, state, ["Aleksandra Konstantinovna", *NAMES[1:]])).convert("RGB")
    foot = image.crop((MARGIN * 2 + BOARD, HEIGHT - 10, WIDTH, HEIGHT))
    assert {foot.getpixel((x, y)) for x in range(foot.width) for y in range(foot.height)} == {PAPER}
    assert min(text.size for text in drawn) * 550 / WIDTH >= 8  # readable where Discord shows it inline
