"""The Conquest of Nerath boards: the posted close-up follows the action and stays readable inline, the whole map
(/board full) shows what players need, /board zoom shows a space and its neighbours, and all are fast."""

from PIL import Image

from render.draw import encode_png, recording
from render.nerath import (
    _headline,
    _palette,
    _wrap,
    focus,
    initial,
    render,
    render_full,
    render_zoom,
    zoom_place,
    zoom_places,
)
from render.nerath_glyphs import PENDING
from render.nerath_map import FULL, draw_map, draw_stack, room
from render.record import table_facts
from rules.nerath.content import CONTENT
from rules.nerath.engine import ENGINE as nerath
from rules.rng import Rng
from tests.engine_contract import start
from tests.rules.nerath.helpers import put
from tests.rules.nerath.test_allies import defended

NAMES = ["Ann", "Bob", "Cy", "Di"]


def _map_top(image):
    """The whole map fills the image below the banner (the panel beside it is shorter)."""
    return image.height - CONTENT.size[1]


def _whole(state):
    """The whole map at its own scale (the close-ups draw the same map at twice it, the overview at half), in the
    boards' palette as posted."""
    return draw_map(state, FULL).quantize(palette=_palette(), dither=Image.Dither.NONE)


def pixel(image, space, dx=0, dy=12):
    x, y = CONTENT.spaces[space].centre
    return image.convert("RGB").getpixel((x + dx, y + _map_top(image) + dy))


def _texts(draw_board):
    with recording() as drawn:
        draw_board()
    return [text.text for text in drawn]


def test_renders_the_public_view_of_a_new_game():
    state = start(nerath, 4)
    image = render(nerath.view(state, None), table_facts(nerath, state, NAMES))
    assert isinstance(image, Image.Image) and 800 <= image.width <= 1000 and image.height > 400
    assert len(encode_png(image)) > 10_000
    full = render_full(nerath.view(state, None), table_facts(nerath, state, NAMES))
    assert full.width == image.width and full.height > 400  # the overview: as wide as the posted board


def test_the_posted_board_names_the_turn_the_players_and_keys_its_glyphs():
    state = start(nerath, 4)
    texts = _texts(lambda: render(nerath.view(state, None), table_facts(nerath, state, NAMES)))
    assert "Round 1: Karkoth (Ann), move step" in texts
    for name in NAMES:
        assert any(name in text for text in texts)
    for kind in ("footsoldier", "siege_engine", "storm_elemental", "dragon", "warship"):
        assert CONTENT.pieces[kind].name in texts  # the key
    assert "wounded Dragon" in texts and "Castle out of battle" in texts


def test_a_conquered_space_takes_its_controllers_colour():
    state = start(nerath, 4)
    before = pixel(_whole(state), "silverbough", dx=-25)
    state.control["silverbough"] = "karkoth"
    after = pixel(_whole(state), "silverbough", dx=-25)
    assert before != after and after == pixel(_whole(state), "ravensgate", dx=-25)


def test_last_turns_battles_are_highlighted():
    state = start(nerath, 4)
    plain = pixel(_whole(state), "moonglade", dy=-CONTENT.hex_radius + 2)
    state.battles_last = ["moonglade"]
    lit = pixel(_whole(state), "moonglade", dy=-CONTENT.hex_radius + 2)
    assert plain != lit and lit[0] > 200 and lit[1] > 200


def test_hand_image_shows_only_that_seats_cards():
    from render.nerath import render_hand

    state = start(nerath, 2)
    mine = render_hand(nerath.view(state, 0), 0, table_facts(nerath, nerath.view(state, 0), NAMES))
    assert mine.height > 100 and mine.width <= 550  # shown at its own size: 12 px text stays 12 px
    state.realms["karkoth"].treasures = ["dragon-orb"]
    assert render_hand(nerath.view(state, 0), 0, table_facts(nerath, nerath.view(state, 0), NAMES)).height > mine.height


def test_battles_still_to_fight_are_marked():
    state = start(nerath, 4)
    plain = pixel(_whole(state), "grey-reach", dy=-CONTENT.hex_radius + 5)
    state.pending = ["grey-reach"]
    assert pixel(_whole(state), "grey-reach", dy=-CONTENT.hex_radius + 5) != plain


def test_long_space_names_wrap_onto_two_lines_instead_of_being_cut():
    assert _wrap("Citadel of Iron's Grasp") == ["Citadel of", "Iron's Grasp"]
    assert _wrap("Karkothi Throneholds") == ["Karkothi", "Throneholds"]
    assert _wrap("Silverbough") == ["Silverbough"]


def test_headline_names_who_must_share_out_the_hits():
    state = defended({"footsoldier": 3}, {"footsoldier": 2})
    nerath.act(state, 0, {"type": "fight", "space": "silverbough"}, Rng(0, forced=[6, 6, 6, 1, 1, 1, 1, 1]))
    assert _headline(state, NAMES).endswith("Vailin to propose a split")
    nerath.act(state, 1, {"type": "split", "mine": 3}, Rng(0))
    assert _headline(state, NAMES).endswith("Nerath to answer the split")


def _colours(image):
    return {colour for _, colour in image.getcolors(1 << 20) or []}


def _area(image, space, box=(-45, -25, 45, 40)):
    x, y = CONTENT.spaces[space].centre
    y += _map_top(image)
    return image.convert("RGB").crop((int(x + box[0]), int(y + box[1]), int(x + box[2]), int(y + box[3])))


def test_a_wounded_dragon_is_marked_during_a_battle():
    state = start(nerath, 4)
    dragon = next(p for p in state.pieces if p.kind == "dragon" and p.realm == "vailin")
    healthy = _area(_whole(state), dragon.space)
    dragon.hit = True
    wounded = _area(_whole(state), dragon.space)
    assert healthy.tobytes() != wounded.tobytes()
    assert PENDING in _colours(wounded) - _colours(healthy)  # the red slash across its glyph


def test_a_castle_knocked_out_of_the_battle_is_marked():
    state = start(nerath, 4)
    castle = next(p for p in state.pieces if p.kind == "castle" and p.realm == "vailin")
    box = (-40, -40, 40, 40)
    active = _area(_whole(state), castle.space, box)
    castle.hit = True
    inactive = _area(_whole(state), castle.space, box)
    assert active.tobytes() != inactive.tobytes()
    assert PENDING in _colours(inactive) - _colours(active)


def test_a_highlighted_space_keeps_its_whole_name_readable():
    state = start(nerath, 4)
    box = (-34, -34, 34, -20)  # the name line of a land hex
    plain = _area(_whole(state), "goldmeadow", box)
    state.battles_last = ["goldmeadow"]
    lit = _area(_whole(state), "goldmeadow", box)

    def dark(pixel):  # the name's ink, not the dark blue border
        return max(pixel) < 90 and max(pixel) - min(pixel) < 25

    ink = [(x, y) for x in range(plain.width) for y in range(plain.height) if dark(plain.getpixel((x, y)))]
    assert ink and all(sum(lit.getpixel(xy)) < 300 for xy in ink)  # the highlight is far brighter


def test_headline_says_the_attacker_must_press_or_retreat():
    state = defended({"footsoldier": 1}, {}, attackers=1)
    nerath.act(state, 0, {"type": "fight", "space": "silverbough"}, Rng(0, forced=[1, 1]))
    assert _headline(state, NAMES).endswith("battle at Silverbough, round 1, Karkoth to press on or retreat")


def test_dungeon_lines_show_short_guardian_names_and_the_dice_left_in_a_battle():
    from render.nerath import _guardian_lines
    from tests.rules.nerath.helpers import act
    from tests.rules.nerath.test_dungeons import dungeon, explore

    state = dungeon("skeleton-horde", "young-black-dragon")
    explore(state, [7, 1, 1, 1, 1])  # the Fighter hits; the Guardians miss
    act(state, {"type": "guardians", "dice": "skeleton-horde d6"}, seat=1)  # their player gives up a Horde die
    assert state.battle is not None
    assert _guardian_lines(state, "gloomhollow-caves") == ["Horde d6/6", "Black Dragon d20"]
    state.battle = None
    state.dungeons["gloomhollow-caves"].dice_left = [0, 0]
    assert _guardian_lines(state, "gloomhollow-caves") == ["Horde d6/6/6", "Black Dragon d20"]


def test_dungeon_lines_show_the_die_the_guardians_player_chose_to_lose():
    from render.nerath import _guardian_lines
    from tests.rules.nerath.helpers import act
    from tests.rules.nerath.test_dungeons import dungeon, explore

    state = dungeon("cultists", "ogre")
    explore(state, [7, 1, 1, 1])
    act(state, {"type": "guardians", "dice": "cultists d6"}, seat=1)
    assert _guardian_lines(state, "gloomhollow-caves") == ["Cultists d8", "Ogre d10"]


def test_headline_names_who_assigns_the_hits_on_the_guardians():
    from tests.rules.nerath.test_dungeons import dungeon, explore

    state = dungeon("orc-raiders", "goblin-warband")
    explore(state, [7, 1, 1, 1])
    assert _headline(state, NAMES).endswith(
        "battle at Gloomhollow Caves, round 1, Vailin to assign the Guardians' hits"
    )


# --- the posted close-up follows the action --------------------------------------------------------------------


def _names_around(space):
    return {CONTENT.spaces[n].name for n in CONTENT.spaces[space].adjacent} | {CONTENT.spaces[space].name}


def _shows(texts, name):
    """A space's name is drawn, on one line or on two."""
    return name in texts or name in " ".join(texts)


def test_the_posted_board_centres_on_a_battle_to_fight():
    state = start(nerath, 4)
    state.pending = ["westmarch"]
    assert focus(state) == ("westmarch", "battle to fight")
    texts = _texts(lambda: render(state, table_facts(nerath, state, NAMES)))
    assert "Around Westmarch: battle to fight. /board full: the whole map" in texts
    assert all(_shows(texts, name) for name in _names_around("westmarch"))
    assert not _shows(texts, "Ashfen")  # the far corner of the map is left to /board full
    assert PENDING in _colours(render(state, table_facts(nerath, state, NAMES)).convert("RGB"))


def test_the_posted_board_centres_on_the_battle_under_way_then_on_last_turns_battle():
    state = defended({"footsoldier": 3}, {"footsoldier": 2})
    nerath.act(state, 0, {"type": "fight", "space": "silverbough"}, Rng(0, forced=[6, 6, 6, 1, 1, 1, 1, 1]))
    assert focus(state) == ("silverbough", "battle under way")
    assert "battle at Silverbough, round 1, Vailin to propose a split" in _texts(
        lambda: render(state, table_facts(nerath, state, NAMES))
    )
    calm = start(nerath, 4)
    calm.battles_last = ["clinker-isle"]
    assert focus(calm) == ("clinker-isle", "last turn's battle")
    assert all(
        _shows(_texts(lambda: render(calm, table_facts(nerath, calm, NAMES))), name)
        for name in _names_around("clinker-isle")
    )


def test_the_posted_board_follows_this_steps_moves_else_shows_the_active_realms_capital():
    state = start(nerath, 4)
    assert focus(state) == ("karkothi-throneholds", "Karkoth's capital")
    mover = next(p for p in state.pieces if p.realm == "karkoth" and p.kind == "footsoldier")
    mover.space, mover.moved = "ravensgate", 1
    assert focus(state) == ("ravensgate", "Karkoth moved here")


def test_the_posted_board_is_drawn_large_rather_than_shrunk():
    state = start(nerath, 4)
    with recording() as drawn:
        image = render(state, table_facts(nerath, state, NAMES))
    scale = min(1.0, 550 / image.width)
    assert all(text.size * scale >= 8 for text in drawn)
    assert "Karkothi Throneholds" in " ".join(text.text for text in drawn if text.size >= 15)  # names at 15 px


# --- /board zoom ------------------------------------------------------------------------------------------------


def test_zoom_shows_the_chosen_space_and_its_neighbours():
    state = start(nerath, 4)
    texts = _texts(lambda: render_zoom(state, table_facts(nerath, state, NAMES), "silverbough"))
    assert "Silverbough and its neighbours" in texts
    assert all(_shows(texts, name) for name in _names_around("silverbough"))
    assert "Vailin land" in texts  # the space told in words in the panel
    far = _texts(lambda: render_zoom(state, table_facts(nerath, state, NAMES), "quarryside"))
    assert all(_shows(far, name) for name in _names_around("quarryside")) and not _shows(far, "Silverbough")


def test_zoom_places_list_every_space_by_name_and_zoom_place_resolves_any_spelling():
    places = zoom_places()
    assert len(places) == len(CONTENT.spaces) and [name for _, name in places] == sorted(n for _, n in places)
    assert zoom_places(start(nerath, 4)) == places
    assert zoom_place("Silverbough") == "silverbough"
    assert zoom_place("citadel of irons grasp") == "citadel-of-irons-grasp"
    assert zoom_place("Citadel of Iron's Grasp") == "citadel-of-irons-grasp"
    assert zoom_place("  GREY-reach ") == "grey-reach"
    assert zoom_place("Atlantis") is None and zoom_place("") is None


# --- stacks -------------------------------------------------------------------------------------------------------


def test_a_big_stack_is_drawn_compactly():
    stack = {"footsoldier": 32, "siege_engine": 7, "wizard": 1, "dragon": 1}
    image = Image.new("RGB", (200, 60))
    width = room(FULL.radius, 10)
    texts = _texts(lambda: draw_stack(image, (100, 30), "karkoth", stack, FULL.count, width))
    assert texts[0] == "K" and "32" in texts
    assert all(len(text) <= 3 for text in texts)  # counts and "+n", never "32Ft 7Sg 1Wz 1Dr"
    drawn = image.getbbox()
    assert drawn is not None and drawn[2] - drawn[0] <= width


def test_a_forty_piece_stack_reads_as_a_few_counts_on_every_board():
    state = start(nerath, 4)
    state.pieces = [p for p in state.pieces if p.space != "ravensgate"]
    put(state, "karkoth", "footsoldier", "ravensgate", 30, moved=1)  # moved: the posted board shows them
    put(state, "karkoth", "siege_engine", "ravensgate", 6)
    put(state, "karkoth", "dragon", "ravensgate", 2)
    put(state, "karkoth", "monster", "ravensgate", 2)
    for draw_board in (
        lambda: render_zoom(state, table_facts(nerath, state, NAMES), "ravensgate"),
        lambda: render(state, table_facts(nerath, state, NAMES)),
    ):
        texts = _texts(draw_board)
        assert "30" in texts
        counted = [text for text in texts if any(c.isdigit() for c in text) and " " not in text]
        assert all(len(text) <= 3 for text in counted), counted
    assert "K40" in _texts(
        lambda: render_full(state, table_facts(nerath, state, NAMES))
    )  # the overview counts a realm's pieces together


def test_the_overview_counts_each_realms_pieces_in_every_space_and_names_none():
    state = start(nerath, 4)
    texts = _texts(lambda: render_full(nerath.view(state, None), table_facts(nerath, state, NAMES)))
    counts: dict[tuple[str, str], int] = {}
    for piece in state.pieces:
        if piece.kind != "castle":
            counts[piece.space, piece.realm] = counts.get((piece.space, piece.realm), 0) + 1
    for (_, realm), count in counts.items():
        assert f"{initial(realm)}{count}" in texts
    assert not any(space.name in texts for space in CONTENT.spaces.values())  # names: the close-ups'


def test_warming_up_draws_every_space_name_once_so_the_first_board_is_fast():
    from render.nerath import warm

    with recording() as drawn:
        warm()
    texts = " ".join(text.text for text in drawn)
    assert all(space.name in texts for space in CONTENT.spaces.values())
