"""Dragon Dice pictures of dice: /info's picture of a die's faces, and the board's unit chips (species and size)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

import render.dragondice as board
from render.dragondice_faces import (
    ELEMENT_COLOURS,
    FACE,
    GAP,
    HEAD,
    LIGHT,
    MARGIN,
    dragon_picture,
    info_picture,
    species_marks,
    unit_picture,
)
from render.draw import recording
from render.record import table_facts
from rules.dragondice.content import DRAGON, DRAGONKIN, SAIS, SPECIES, UNIT_DICE, Face, UnitDie
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.glossary import lookups
from rules.rng import Rng
from tests.cogs.harness import Harness
from tests.cogs.test_lobby import ALICE, replies
from tests.engine_contract import start
from tests.render.pixels import colour_at
from tests.table.test_console import play


def faces_drawn(image: Image.Image) -> int:
    """The faces' light panels counted along a line just inside each row's top (above every word and icon)."""
    found, y = 0, HEAD + MARGIN + 8
    while y < image.height:
        runs, inside = 0, False
        for x in range(image.width):
            light = colour_at(image, (x, y)) == LIGHT
            runs += light and not inside
            inside = light
        found += runs
        y += FACE + GAP
    return found


def one_of_each_face_count() -> list[UnitDie]:
    by_count: dict[int, UnitDie] = {}
    for die in UNIT_DICE.values():
        by_count.setdefault(len(die.faces), die)
    return list(by_count.values())


def test_a_unit_die_shows_every_face_with_its_number_in_its_colours_at_discords_width() -> None:
    dice = one_of_each_face_count()
    assert {6} < {len(die.faces) for die in dice}  # six-sided units and the monsters
    for die in dice:
        with recording() as drawn:
            image = unit_picture(die)
        assert faces_drawn(image) == len(die.faces), die.id
        assert image.width <= 550 and min(text.size for text in drawn) >= 12  # shown unscaled, words >= 12 px
        numbers = [text.text for text in drawn if text.size == 22 and not text.headline]
        assert len(numbers) == len(die.faces)
        assert numbers[die.faces.index(next(f for f in die.faces if f.kind == "id"))] == str(die.health)
        words = [text.text for text in drawn]
        assert all(SAIS[f.sai].name in " ".join(words) for f in die.faces if f.kind == "sai")  # wrapped or whole
        assert {f.kind for f in die.faces if f.kind not in ("id", "sai")} <= set(words)  # melee, save...: captions
        columns = len(die.faces) if len(die.faces) <= 6 else -(-len(die.faces) // 2)
        left = (image.width - columns * FACE - (columns - 1) * GAP) // 2
        assert colour_at(image, (left + 4, HEAD + MARGIN + 40)) == ELEMENT_COLOURS[die.elements[0]]


def test_ten_faces_take_two_rows_of_five_and_the_dragon_twelve() -> None:
    die = next(d for d in UNIT_DICE.values() if d.species in SPECIES)
    faces = (Face("id"), *(Face("melee", n % 4 + 1) for n in range(8)), Face("save", 4))
    monster = replace(die, size="monster", health=4, faces=faces)
    image = unit_picture(monster)
    assert faces_drawn(image) == 10 and image.height == HEAD + 2 * MARGIN + 2 * FACE + GAP
    dragon = dragon_picture()
    assert faces_drawn(dragon) == len(DRAGON.faces) == 12 and dragon.width <= 550


def test_info_draws_dice_only() -> None:
    entries = lookups()
    units = [entry for entry in entries if entry.key in UNIT_DICE]
    assert {entry.kind for entry in units} == {"unit", "dragonkin"}
    assert all(info_picture(entry) is not None for entry in units[:3])
    assert info_picture(next(entry for entry in entries if entry.kind == "dragon")) is not None
    assert info_picture(next(entry for entry in entries if entry.kind == "spell")) is None


def test_info_draws_each_kind_of_dragon_with_both_forms_and_every_dragonkin_die() -> None:
    entries = lookups()
    kinds = [entry for entry in entries if entry.kind == "dragon kind"]
    assert len(kinds) == len(DRAGON.kinds) == 22
    for entry in kinds:
        image = info_picture(entry)
        assert image is not None and image.width <= 550
        assert faces_drawn(image) == sum(len(form.faces) for form in DRAGON.forms.values()) == 24
    kin = [entry for entry in entries if entry.key in UNIT_DICE and UNIT_DICE[entry.key].species == DRAGONKIN]
    assert len(kin) == 60 + 5 + 1  # sixty published dice, our five retired ones, and the Dragonkin entry
    for entry in kin:
        image = info_picture(entry)
        assert image is not None and faces_drawn(image) == 6


def test_every_species_has_a_two_letter_mark_of_its_own() -> None:
    marks = species_marks()
    assert set(marks) == set(SPECIES) | {DRAGONKIN}
    assert all(len(mark) == 2 and mark[0].isupper() for mark in marks.values())
    assert len(set(marks.values())) == len(marks)


def chip_of(monkeypatch: pytest.MonkeyPatch, die: UnitDie) -> tuple[Image.Image, list[str]]:
    monkeypatch.setitem(board.UNIT_DICE, die.id, die)
    board._unit_chip.cache_clear()
    with recording() as drawn:
        chip = board._unit_chip(0, die.id, False)
    board._unit_chip.cache_clear()
    return chip, [text.text for text in drawn]


def test_a_chip_shows_its_species_mark_and_its_size(monkeypatch: pytest.MonkeyPatch) -> None:
    die = next(d for d in UNIT_DICE.values() if d.species in SPECIES)
    other = next(s for s in [*SPECIES, DRAGONKIN] if species_marks()[s] != species_marks()[die.species])
    _, words = chip_of(monkeypatch, die)
    assert species_marks()[die.species] in words
    mine, _ = chip_of(monkeypatch, replace(die, id="x/mine"))
    theirs, words = chip_of(monkeypatch, replace(die, id="x/theirs", species=other))
    assert species_marks()[other] in words and mine.tobytes() != theirs.tobytes()
    # one species, one health: the chips of the five sizes are all drawn differently (edge, gold line, ten sides)
    sizes = ("small", "medium", "large", "champion", "monster")
    drawn = {chip_of(monkeypatch, replace(die, id=f"x/{size}", size=size, health=4))[0].tobytes() for size in sizes}
    assert len(drawn) == len(sizes)


def test_the_board_shows_the_chips_at_550_px_with_their_words_readable() -> None:
    state = start(dd, 4, {"force": "36"}, seed=3)
    dd.act(state, 0, {"type": "begin"}, Rng(3))
    board._unit_chip.cache_clear()
    with recording() as drawn:
        image = board.render(dd.view(state, None), table_facts(dd, state, ["Ann", "Bo", "Cy", "Di"]))
    on_terrains = {terrain.id for terrain in state.terrains}
    marks = {species_marks()[UNIT_DICE[unit.kind].species] for unit in state.units if unit.where in on_terrains}
    assert len(marks) == 4  # each player's species
    assert marks <= {text.text for text in drawn}
    assert min(text.size for text in drawn) * 550 / image.width >= 8


async def test_info_on_a_unit_answers_with_its_picture_in_discord(harness: Harness) -> None:
    await harness.command(ALICE, "alice", "game new", {"game": "dragondice"})
    name = next(entry.name for entry in lookups() if entry.kind == "unit")
    reply = replies(await harness.command(ALICE, "alice", "info", {"name": name}))[0]
    assert reply.ephemeral and reply.files == ["info.png"] and name in reply.content
    spell = next(entry.name for entry in lookups() if entry.kind == "spell")
    reply = replies(await harness.command(ALICE, "alice", "info", {"name": spell}))[0]
    assert reply.ephemeral and reply.files == [] and spell in reply.content


async def test_info_on_a_unit_saves_its_picture_in_the_console(tmp_path: Path) -> None:
    name = next(entry.name for entry in lookups() if entry.kind == "unit")
    text = await play(tmp_path, ["game new dragondice", f"info {name}"])
    assert name in text
    saved = [path for path in (tmp_path / "images").iterdir() if "info" in path.name]
    with Image.open(saved[0]) as picture:
        assert len(saved) == 1 and picture.width <= 550
