"""The Conquest of Nerath board image: it draws the public view, shows what players need, and is fast."""

from PIL import Image

from render.draw import encode_png
from render.nerath import _headline, _wrap, render
from rules.nerath.content import CONTENT
from rules.nerath.engine import ENGINE as nerath
from rules.rng import Rng
from tests.engine_contract import start
from tests.rules.nerath.test_allies import defended

NAMES = ["Ann", "Bob", "Cy", "Di"]


def pixel(image, space, dx=0, dy=12):
    x, y = CONTENT.spaces[space].centre
    return image.convert("RGB").getpixel((x + dx, y + 56 + dy))


def test_renders_the_public_view_of_a_new_game():
    state = start(nerath, 4)
    image = render(nerath.view(state, None), NAMES)
    assert isinstance(image, Image.Image) and image.width > 1000 and image.height > 600
    assert len(encode_png(image)) > 10_000


def test_a_conquered_space_takes_its_controllers_colour():
    state = start(nerath, 4)
    before = pixel(render(state, NAMES), "silverbough", dx=-25)
    state.control["silverbough"] = "karkoth"
    after = pixel(render(state, NAMES), "silverbough", dx=-25)
    assert before != after and after == pixel(render(state, NAMES), "ravensgate", dx=-25)


def test_last_turns_battles_are_highlighted():
    state = start(nerath, 4)
    corner = CONTENT.spaces["moonglade"].centre
    point = (corner[0], corner[1] + 56 - CONTENT.hex_radius + 2)
    plain = render(state, NAMES).convert("RGB").getpixel(point)
    state.battles_last = ["moonglade"]
    lit = render(state, NAMES).convert("RGB").getpixel(point)
    assert plain != lit and lit[0] > 200 and lit[1] > 200


def test_hand_image_shows_only_that_seats_cards():
    from render.nerath import render_hand

    state = start(nerath, 2)
    mine = render_hand(nerath.view(state, 0), 0, NAMES)
    assert mine.height > 100
    state.realms["karkoth"].treasures = ["dragon-orb"]
    assert render_hand(nerath.view(state, 0), 0, NAMES).height > mine.height


def test_battles_still_to_fight_are_marked():
    state = start(nerath, 4)
    corner = CONTENT.spaces["grey-reach"].centre
    point = (corner[0], corner[1] + 56 - CONTENT.hex_radius + 5)
    plain = render(state, NAMES).convert("RGB").getpixel(point)
    state.pending = ["grey-reach"]
    assert render(state, NAMES).convert("RGB").getpixel(point) != plain


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


def _area(image, space, box=(-45, -25, 45, 40)):
    x, y = CONTENT.spaces[space].centre
    y += 56
    return image.convert("RGB").crop((int(x + box[0]), int(y + box[1]), int(x + box[2]), int(y + box[3])))


def test_a_wounded_dragon_is_marked_during_a_battle():
    state = start(nerath, 4)
    dragon = next(p for p in state.pieces if p.kind == "dragon" and p.realm == "vailin")
    healthy = _area(render(state, NAMES), dragon.space)
    dragon.hit = True
    wounded = _area(render(state, NAMES), dragon.space)
    assert healthy.tobytes() != wounded.tobytes()
    assert "Dr* wounded Dragon" in _legend_texts()


def test_a_castle_knocked_out_of_the_battle_is_marked():
    state = start(nerath, 4)
    castle = next(p for p in state.pieces if p.kind == "castle" and p.realm == "vailin")
    box = (22, -24, 38, -7)  # the keep drawn at the right of the hex
    active = _area(render(state, NAMES), castle.space, box)
    castle.hit = True
    inactive = _area(render(state, NAMES), castle.space, box)
    assert active.tobytes() != inactive.tobytes()
    assert (230, 70, 40) in {inactive.getpixel((x, y)) for x in range(inactive.width) for y in range(inactive.height)}
    assert "castle out of this battle" in _legend_texts()


def _legend_texts():
    from render import nerath as board_image

    return board_image.LEGEND_NOTES


def test_a_highlighted_space_keeps_its_whole_name_readable():
    state = start(nerath, 4)
    box = (-34, -34, 34, -20)  # the name line of a land hex
    plain = _area(render(state, NAMES), "goldmeadow", box)
    state.battles_last = ["goldmeadow"]
    lit = _area(render(state, NAMES), "goldmeadow", box)

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
