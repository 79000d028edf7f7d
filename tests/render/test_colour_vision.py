"""Seat colours stay apart for colour-blind players, text on them stays readable, and every seat carries a mark.

Colour-vision deficiency is simulated with the Machado, Oliveira & Fernandes (2009) matrices at severity 1.0,
applied in linear RGB; colours are then compared with CIEDE2000 (Sharma, Wu & Dalal 2005), implemented here.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

import rules
from render import draw, renderer
from render.draw import INK, SEAT_COLOURS, WHITE, contrast, contrast_ratio, seat_letter
from render.record import table_facts
from rules.nerath.content import CONTENT, REALM_ORDER
from rules.rng import Rng
from tests.engine_contract import start

Colour = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], ...]

MIN_DIFFERENCE = 20.0  # CIEDE2000: colours a player must tell apart by name (seats, magic colours)
MIN_AGAINST_GROUND = 15.0  # a piece against the ground it stands on: it must not melt into it
MIN_CONTRAST = 4.5  # WCAG AA for normal text

# Machado et al. 2009, severity 1.0 (linear RGB).
MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
CONDITIONS = ("normal", *MACHADO)


def _linear(channel: float) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encode(value: float) -> float:
    v = min(1.0, max(0.0, value))
    return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def simulate(colour: Colour, condition: str) -> tuple[float, float, float]:
    """How `colour` looks with the given deficiency ("normal": unchanged)."""
    if condition == "normal":
        return (float(colour[0]), float(colour[1]), float(colour[2]))
    lin = [_linear(c) for c in colour]
    r, g, b = (_encode(sum(row[j] * lin[j] for j in range(3))) for row in MACHADO[condition])
    return (r, g, b)


def to_lab(colour: Sequence[float]) -> tuple[float, float, float]:
    """sRGB (0-255) to CIE L*a*b* (D65)."""
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    """CIEDE2000 colour difference, kL = kC = kH = 1 (Sharma, Wu & Dalal 2005)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    d_l, d_c = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h))


def difference(a: Colour, b: Colour, condition: str) -> float:
    return ciede2000(to_lab(simulate(a, condition)), to_lab(simulate(b, condition)))


def closest_pairs(colours: Sequence[Colour]) -> Iterator[tuple[str, Colour, Colour, float]]:
    for condition in CONDITIONS:
        for a, b in itertools.combinations(colours, 2):
            yield condition, a, b, difference(a, b, condition)


def assert_distinguishable(colours: Sequence[Colour], what: str) -> None:
    too_close = [
        f"{condition}: {a} vs {b} = {found:.1f}"
        for condition, a, b, found in closest_pairs(colours)
        if found < MIN_DIFFERENCE
    ]
    assert not too_close, f"{what} too close (CIEDE2000 < {MIN_DIFFERENCE}): " + "; ".join(too_close)


def assert_apart(pairs: Sequence[tuple[str, Colour, Colour]], least: float, what: str) -> None:
    """Every (label, a, b) pair at least `least` CIEDE2000 apart in normal vision and the three simulations."""
    too_close = sorted(
        {
            f"{label} {condition}: {a} vs {b} = {found:.1f}"
            for label, a, b in pairs
            for condition in CONDITIONS
            if (found := difference(a, b, condition)) < least
        }
    )
    assert not too_close, f"{len(too_close)} {what} too close (CIEDE2000 < {least}): " + "; ".join(too_close[:20])


def assert_readable(colours: Sequence[Colour], what: str) -> None:
    for colour in colours:
        ratio = contrast_ratio(contrast(colour), colour)
        assert ratio >= MIN_CONTRAST, f"{what}: text {contrast(colour)} on {colour} has contrast {ratio:.2f}"


# --- the colour science itself ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lab1", "lab2", "expected"),
    [  # Sharma, Wu & Dalal (2005), table 1: pairs 1, 7, 17, 19, 25 and 34
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0000),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
    ],
)
def test_ciede2000_matches_the_published_reference_pairs(
    lab1: tuple[float, float, float], lab2: tuple[float, float, float], expected: float
) -> None:
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_the_simulations_keep_white_and_black_and_merge_red_and_green_for_deuteranopes() -> None:
    for condition in MACHADO:
        assert all(abs(c - 255) < 1 for c in simulate((255, 255, 255), condition))
        assert simulate((0, 0, 0), condition) == (0.0, 0.0, 0.0)
    assert difference((0, 160, 0), (170, 140, 0), "normal") > 20  # green and olive-orange
    assert difference((0, 160, 0), (170, 140, 0), "deuteranopia") < 10  # look alike to a deuteranope
    assert difference((0, 0, 0), (255, 255, 255), "normal") == pytest.approx(100, abs=0.1)


def test_contrast_picks_the_text_colour_with_the_higher_wcag_ratio() -> None:
    assert contrast_ratio((255, 255, 255), (0, 0, 0)) == pytest.approx(21)
    assert contrast_ratio((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    for colour in ((213, 94, 0), (0, 114, 178), (128, 128, 128), (240, 228, 66), (92, 54, 75)):
        best = max((INK, WHITE), key=lambda text: contrast_ratio(text, colour))
        assert contrast(colour) == best


# --- the palettes ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(rules.engines()))
def test_the_colours_that_tell_a_games_players_apart_stay_distinguishable_and_take_readable_text(game: str) -> None:
    """Each game's player colours (its renderer record's: the seat colours, Nerath's realms, Genertela's sides),
    as many as the game seats at most."""
    players = rules.engines()[game].meta.max_players
    colours = list(renderer(game).colours)
    assert players <= len(colours), f"{game} seats {players} players but has {len(colours)} colours"
    assert_distinguishable(colours[:players], f"{game}'s {players} player colours")
    assert_readable(colours[:players], f"{game}'s player colour")


def test_every_seat_colour_takes_readable_text() -> None:
    assert_readable(SEAT_COLOURS, "seat colour")


# --- colours shown side by side, derived from the renderers' own palettes and the games' data -------------------


def dragondice_element_pairs() -> list[tuple[str, Colour, Colour]]:
    """The two magic colours of every terrain die, and the neighbouring stripes on every unit die."""
    from render.dragondice import ELEMENT_COLOURS
    from rules.dragondice.content import TERRAINS, UNIT_DICE

    pairs = {(terrain.elements[0], terrain.elements[1]) for terrain in TERRAINS.values()}
    pairs |= {pair for die in UNIT_DICE.values() for pair in zip(die.elements, die.elements[1:], strict=False)}
    return [(f"{a}/{b}", ELEMENT_COLOURS[a], ELEMENT_COLOURS[b]) for a, b in sorted(pairs)]


def smallworld_token_grounds() -> list[tuple[str, Colour, Colour]]:
    """Each seat's tokens (a declined stack's ring too) on every terrain, plain and shaded as an inner region."""
    from render.smallworld_base import INNER_SHADE, TERRAIN_COLOURS

    players = rules.engines()["smallworld"].meta.max_players
    pairs: list[tuple[str, Colour, Colour]] = []
    for terrain, ground in TERRAIN_COLOURS.items():
        red, green, blue = (round(g * (1 - INNER_SHADE) + i * INNER_SHADE) for g, i in zip(ground, INK, strict=True))
        shaded = (red, green, blue)
        for seat in range(players):
            pairs.append((f"seat {seat_letter(seat)} on {terrain}", SEAT_COLOURS[seat], ground))
            pairs.append((f"seat {seat_letter(seat)} on inner {terrain}", SEAT_COLOURS[seat], shaded))
    return pairs


def test_the_pairs_come_from_the_games_data() -> None:
    elements = {frozenset(label.split("/")) for label, _, _ in dragondice_element_pairs()}
    assert {frozenset(("air", "water")), frozenset(("fire", "earth"))} <= elements  # Coastland, Highland...
    assert any("death" in pair for pair in elements)  # ...and a unit's stripes
    grounds = smallworld_token_grounds()
    assert len(grounds) == 2 * 8 * rules.engines()["smallworld"].meta.max_players


def test_the_two_magic_colours_of_every_terrain_die_and_unit_stripe_stay_apart() -> None:
    assert_apart(dragondice_element_pairs(), MIN_DIFFERENCE, "Dragon Dice magic colours side by side")


def test_smallworld_tokens_stand_out_from_every_terrain() -> None:
    assert_apart(smallworld_token_grounds(), MIN_AGAINST_GROUND, "Small World tokens on terrain")


# --- pieces on the map's grounds: their rings ------------------------------------------------------------------
#
# A realm's or side's colour may melt into the ground it stands on (Nerath's Vailin on Vailin-tinted land, 4.5 under
# protanopia; the Iron Circle on a dungeon, 2.3; Genertela's Green on highland, 0.8): so pieces are drawn with a
# ring, dark or light against the ground, and a second one in the fill's text colour when the fill is as dark or
# light as the first (render.draw.rings). What the eye separates at a piece's edge is then the ground from the
# outer ring, each ring from the next, and the innermost ring from the fill: each of those steps is held to
# MIN_AGAINST_GROUND, not the fill against the ground.


def edge_steps(label: str, fill: Colour, ground: Colour) -> list[tuple[str, Colour, Colour]]:
    """The colour steps from the ground, through the rings render.draw.rings gives, to the piece's fill."""
    seq = [ground, *draw.rings(fill, ground), fill]
    names = ["ground", *(f"ring {n + 1}" for n in range(len(seq) - 2)), "fill"]
    return [(f"{label} ({names[n]}/{names[n + 1]})", seq[n], seq[n + 1]) for n in range(len(seq) - 1)]


def nerath_piece_grounds() -> list[tuple[str, Colour, Colour]]:
    """Each realm's pieces on every ground the map's spaces show: land held by each realm, the sea, dungeons."""
    from render.nerath_map import ground, realm_colour

    kinds = sorted({space.kind for space in CONTENT.spaces.values()})
    grounds = {
        (f"land of {holder}" if kind == "land" else kind): ground(kind, holder)
        for kind in kinds
        for holder in CONTENT.realms
    }
    return [
        (f"{realm} on {where}", realm_colour(realm), colour)
        for realm in REALM_ORDER
        for where, colour in grounds.items()
    ]


def genertela_token_grounds() -> list[tuple[str, Colour, Colour]]:
    """Each side's tokens on every zone colour (each terrain the map has, free or held by each side) and the
    panels' paper."""
    from render.genertela_map import SIDE_COLOURS, zone_colour
    from rules.genertela.board import BOARD

    terrains = sorted({zone.terrain for zone in BOARD.zones.values()})
    grounds = {"paper": draw.PAPER}
    grounds |= {
        f"{terrain} held by {holder or 'nobody'}": zone_colour(terrain, holder)
        for terrain in terrains
        for holder in ("", *SIDE_COLOURS)
    }
    return [
        (f"{side} on {where}", colour, ground)
        for side, colour in SIDE_COLOURS.items()
        for where, ground in grounds.items()
    ]


def test_the_piece_grounds_come_from_the_maps_data() -> None:
    nerath = nerath_piece_grounds()
    assert len(nerath) == 4 * (4 + 2)  # four realms on land held by each, the sea and dungeons
    assert any("on dungeon" in label for label, _, _ in nerath) and any("on sea" in label for label, _, _ in nerath)
    genertela = genertela_token_grounds()
    assert len(genertela) == 4 * (1 + 5 * 5)  # four sides on paper and five terrains, free or held by each side


@pytest.mark.parametrize(("game", "pieces"), [("nerath", nerath_piece_grounds), ("genertela", genertela_token_grounds)])
def test_every_piece_stands_out_from_every_ground_by_its_rings(
    game: str, pieces: Callable[[], list[tuple[str, Colour, Colour]]]
) -> None:
    steps = [step for label, fill, ground in pieces() for step in edge_steps(label, fill, ground)]
    assert_apart(steps, MIN_AGAINST_GROUND, f"{game}: piece edges")


def _ring_pixels(paint: Callable[[Any], None], ground: Colour) -> list[Colour]:
    """What a piece drawn by `paint` on a 60 px square of `ground` shows along the row through its middle."""
    from PIL import Image

    image = Image.new("RGB", (60, 60), ground)
    paint(image)
    return [image.getpixel((x, 30)) for x in range(60)]  # type: ignore[misc]


@pytest.mark.parametrize("game", ["nerath", "genertela"])
def test_pieces_are_drawn_with_their_rings_thick_enough_to_see_inline(game: str) -> None:
    """The rings are drawn where the pieces are (Nerath's counts, Genertela's tokens), each RING px wide: at least
    1.2 px at Discord's inline width."""
    from render import genertela_map, nerath_map
    from render.genertela_frame import WIDTH as GENERTELA_WIDTH
    from render.nerath import WIDTH as NERATH_WIDTH

    assert draw.RING * 550 / max(NERATH_WIDTH, GENERTELA_WIDTH) >= 1.2
    if game == "nerath":  # the Iron Circle (dark) on a dungeon (dark): a light ring
        fill, ground = nerath_map.realm_colour("iron_circle"), nerath_map.DUNGEON
        row = _ring_pixels(lambda image: nerath_map.draw_total(image, (30, 30), "iron_circle", 3, 14, ground), ground)
    else:  # Green on highland, one grey to a protanope: a dark ring
        fill, ground = genertela_map.SIDE_COLOURS["Green"], genertela_map.TERRAIN["highland"]
        row = _ring_pixels(lambda image: genertela_map.token(image, (20, 20, 40, 40), "Green", 12, ground), ground)
    expected = [ground, *draw.rings(fill, ground), fill]
    assert len(expected) >= 3  # a ring at all
    runs = [row[0]]
    for pixel in row:
        if pixel != runs[-1]:
            runs.append(pixel)
    assert runs[: len(expected)] == expected, runs  # from the ground inwards: each ring, then the fill
    for ring in draw.rings(fill, ground):
        assert row.count(ring) >= 2 * draw.RING  # both sides, each RING px (the letter may add to it)


# --- the marks beside colour -----------------------------------------------------------------------------------


def _recording(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, seen: list[str], index: int) -> None:
    """Wrap module.name so every text it draws (argument `index`) is recorded."""
    original: Callable[..., Any] = getattr(module, name)

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(str(args[index]))
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, spy)


def test_tictactoe_marks_are_letters() -> None:
    from render.tictactoe import render
    from rules.tictactoe.engine import ENGINE

    state = start(ENGINE, 2)
    assert len(set(state.marks)) == 2 and all(mark.isalpha() for mark in state.marks)
    assert render(state, table_facts(ENGINE, state, ["Ann", "Bo"])).size[0] > 400


def test_smallworld_tokens_and_player_panels_carry_the_seat_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    import render.smallworld as board
    import render.smallworld_base as base
    from rules.smallworld.content import load_map
    from rules.smallworld.engine import ENGINE

    players = ENGINE.meta.max_players
    state = start(ENGINE, players)
    lands = [rid for rid, r in load_map(players).regions.items() if r.terrain not in ("river", "chasm", "volcano")]
    for seat in range(players):
        here = state.regions[lands[seat]]
        here.owner, here.tokens, here.monsters, here.declined = seat, seat + 2, 0, seat == 1
    seen: list[str] = []
    base.token_sprite.cache_clear()
    _recording(monkeypatch, base, "centred_text", seen, 2)
    _recording(monkeypatch, board, "stamp", seen, 2)
    board.render(state, table_facts(ENGINE, state, ["Ann", "Bo", "Cyd", "Dee", "Eli"]))
    base.token_sprite.cache_clear()
    for seat in range(players):
        assert f"{seat_letter(seat)}{seat + 2}" in seen  # on the token, declined ones too
        assert seat_letter(seat) in seen  # on the player's swatch


def test_dragondice_unit_chips_captures_and_rows_carry_the_seat_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    import render.dragondice as board
    from rules.dragondice.engine import ENGINE

    players = ENGINE.meta.max_players
    state = start(ENGINE, players, seed=4)
    ENGINE.act(state, 0, {"type": "begin"}, Rng(4))
    seen: list[str] = []
    board._unit_chip.cache_clear()
    board._terrain_die.cache_clear()
    _recording(monkeypatch, board, "centred_text", seen, 2)
    state.terrains[0].captured_by = players - 1
    board.render(ENGINE.view(state, None), table_facts(ENGINE, state, ["Ann", "Bo", "Cy", "Di"]))
    board._unit_chip.cache_clear()
    board._terrain_die.cache_clear()
    for seat in range(players):
        letter = seat_letter(seat)
        assert letter in seen  # the player row's tag
        assert any(len(text) == 2 and text[0] == letter and text[1].isdigit() for text in seen)  # chips: "A3"
    assert seen.count(seat_letter(players - 1)) >= 2  # and the captured terrain's tag


def test_tashkalar_tokens_and_panel_carry_the_seat_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    import render.tashkalar_parts as parts
    from render.tashkalar import render
    from rules.tashkalar.engine import ENGINE

    players = ENGINE.meta.max_players
    state = start(ENGINE, players, {"teams": "yes"})
    seen: list[str] = []
    _recording(monkeypatch, parts, "centred_text", seen, 2)
    render(state, table_facts(ENGINE, state, ["Ann", "Bo", "Cy", "Di"]))
    for seat in range(players):
        assert seat_letter(seat) in seen


def test_nerath_pieces_castles_and_legend_carry_the_realm_initial(monkeypatch: pytest.MonkeyPatch) -> None:
    import render.nerath as board
    from rules.nerath.engine import ENGINE

    state = start(ENGINE, 4)
    seen: list[str] = []
    _recording(monkeypatch, board, "_badge", seen, 0)
    _recording(monkeypatch, board, "centred_text", seen, 2)
    board.render(ENGINE.view(state, None), table_facts(ENGINE, state, ["Ann", "Bob", "Cy", "Di"]))
    initials = {board.initial(realm) for realm in REALM_ORDER}
    assert len(initials) == 4
    for realm in REALM_ORDER:
        letter = board.initial(realm)
        assert letter in seen  # the legend swatch
        assert any(text.startswith(f"{letter}: ") for text in seen)  # its pieces' labels ("K: 2Ft 1Dr")


def test_seat_letters_are_distinct() -> None:
    letters = [seat_letter(seat) for seat in range(len(SEAT_COLOURS))]
    assert len(set(letters)) == len(letters)
    assert draw.seat_letter(0) == "A"
