from render.dragondice import DIE, ELEMENT_COLOURS, TERRAIN_TOP, render
from render.draw import encode_png, seat_colour
from rules import dragondice as dd
from rules.rng import Rng
from tests.engine_contract import play_random, start

NAMES = ["Ann", "Bo", "Cy", "Di"]


def test_renders_every_phase_for_two_to_four_players():
    for players in (2, 3, 4):
        ready = start(dd, players)
        assert render(dd.view(ready, None), NAMES).size[0] >= 900
        played = play_random(dd, players, options={"rounds": "2"}, seed=players, check_each_step=False)
        image = render(dd.view(played.state, None), NAMES)
        assert image.size[1] > TERRAIN_TOP + 300
        assert encode_png(image)[:8] == b"\x89PNG\r\n\x1a\n"
    draft = start(dd, 2, {"setup": "draft"})
    assert render(dd.view(draft, None), NAMES)


def test_a_captured_terrain_is_ringed_in_its_holders_colour():
    state = start(dd, 2, seed=4)
    dd.act(state, 0, {"type": "begin"}, Rng(4))
    frontier = state.terrains[2]
    frontier.face, frontier.captured_by = 8, 1
    image = render(dd.view(state, None), NAMES).convert("RGB")
    x0 = 10 + 2 * 230 + 8
    ring = {image.getpixel((x0 + DIE // 2, TERRAIN_TOP + 8 + 10 + dy)) for dy in range(1, 5)}
    assert seat_colour(1) in ring


def test_a_pending_manoeuvre_renders_from_the_public_view():
    state = start(dd, 2, seed=2)
    dd.act(state, 0, {"type": "begin"}, Rng(2))
    seat = state.turn
    shared = next(t.id for t in state.terrains if len(state.seats_at(t.id)) == 2 and state.terrain(t.id).face < 8)
    dd.act(state, seat, {"type": "manoeuvre", "terrain": shared, "direction": "up"}, Rng(1))
    public = dd.view(state, None)
    assert public.manoeuvre is not None and public.manoeuvre.direction == ""
    assert render(public, NAMES)


def test_a_dragon_on_a_terrain_is_drawn_in_its_elements_colour_in_that_column():
    state = start(dd, 2, seed=4)
    dd.act(state, 0, {"type": "begin"}, Rng(4))
    state.dragons[1].where = "t2"
    image = render(dd.view(state, None), NAMES).convert("RGB")
    x, y = 10 + 2 * 230 + 18, TERRAIN_TOP + DIE + 18 + 8
    around = {image.getpixel((x - dx, y + dy)) for dx in (6, 7, 8) for dy in (-1, 0, 1)}
    assert ELEMENT_COLOURS[state.dragons[1].element] in around
