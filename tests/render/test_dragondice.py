from render.dragondice import DIE, ELEMENT_COLOURS, TERRAIN_TOP, WIDTH, render, terrain_rows
from render.draw import encode_png, recording, seat_colour
from render.record import table_facts
from rules.dragondice.engine import ENGINE as dd
from rules.rng import Rng
from tests.engine_contract import play_random, start
from tests.render.pixels import colour_at

NAMES = ["Ann", "Bo", "Cy", "Di"]


def test_renders_every_phase_for_two_to_four_players():
    for players in (2, 3, 4):
        ready = start(dd, players)
        assert render(dd.view(ready, None), table_facts(dd, ready, NAMES)).size[0] == WIDTH
        played = play_random(dd, players, options={"rounds": "2"}, seed=players, check_each_step=False)
        image = render(dd.view(played.state, None), table_facts(dd, played.state, NAMES))
        assert image.size[1] > TERRAIN_TOP + 300
        assert encode_png(image)[:8] == b"\x89PNG\r\n\x1a\n"
    draft = start(dd, 2, {"setup": "draft"})
    assert render(dd.view(draft, None), table_facts(dd, draft, NAMES))


def test_every_player_count_stays_readable_at_discords_inlinetext_width() -> None:
    """Two to four players, five terrains at most: the board keeps one width, so no text drops below 8 px when
    Discord shows it 550 px wide."""
    for players in (2, 3, 4):
        played = play_random(dd, players, options={"force": "36"}, seed=players, check_each_step=False)
        with recording() as drawn:
            image = render(dd.view(played.state, None), table_facts(dd, played.state, NAMES))
        assert image.width == WIDTH
        assert min(text.size for text in drawn) * 550 / image.width >= 8


def test_terrains_fill_rows_of_at_most_three() -> None:
    assert [list(row) for row in terrain_rows(3)] == [[0, 1, 2]]
    assert [list(row) for row in terrain_rows(4)] == [[0, 1], [2, 3]]
    assert [list(row) for row in terrain_rows(5)] == [[0, 1, 2], [3, 4]]


def test_a_captured_terrain_is_ringed_in_its_holders_colour():
    state = start(dd, 2, seed=4)
    dd.act(state, 0, {"type": "begin"}, Rng(4))
    frontier = state.terrains[2]
    frontier.face, frontier.captured_by = 8, 1
    image = render(dd.view(state, None), table_facts(dd, state, NAMES)).convert("RGB")
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
    assert render(public, table_facts(dd, public, NAMES))


def test_a_dragon_on_a_terrain_is_drawn_in_its_elements_colour_in_that_column():
    state = start(dd, 2, seed=4)
    dd.act(state, 0, {"type": "begin"}, Rng(4))
    state.dragons[1].where = "t2"
    image = render(dd.view(state, None), table_facts(dd, state, NAMES)).convert("RGB")
    x, y = 10 + 2 * 230 + 18, TERRAIN_TOP + DIE + 18 + 8
    around = {image.getpixel((x - dx, y + dy)) for dx in (6, 7, 8) for dy in (-1, 0, 1)}
    assert ELEMENT_COLOURS[state.dragons[1].element] in around


def test_long_names_are_shortened_to_fit_and_keep_what_follows_them():
    from render.dragondice import COLUMN, _who
    from render.draw import fit, text_width

    long = "Aleksandra Konstantinovna the Long-Named"
    for rest, size, width in (("'s home", 13, COLUMN - DIE - 34), (": 12 health", 13, COLUMN - 26)):
        label = _who(long, rest, size, width)
        assert label.endswith(rest) and "…" in label and text_width(label, size) <= width
    assert fit("short", 13, 200) == "short"
    state = start(dd, 3, seed=4)
    dd.act(state, 0, {"type": "begin"}, Rng(4))
    assert render(dd.view(state, None), table_facts(dd, state, [long, long + " II", long + " III"]))


def test_reserves_take_two_rows_before_counting_the_rest():
    from render.dragondice import CHIP, DEAD_X, FOOTER, PLAYER_ROW
    from render.draw import MUTED
    from rules.dragondice.model import Unit

    state = start(dd, 2, {"force": "36"}, seed=4)
    dd.act(state, 0, {"type": "begin"}, Rng(4))
    step = CHIP + 3
    per_row = (DEAD_X - 120) // step  # 10 on the 710 px board
    for index, unit in enumerate(u for u in state.units if u.owner == 0):
        unit.where = "reserve" if index < 2 * per_row else "dead"  # the rest lie in the dead unit area
    assert per_row < sum(1 for u in state.units if u.where == "reserve") <= 2 * per_row  # more than one row

    def seat_0_reserves(image):
        return image.height - FOOTER - 2 * PLAYER_ROW + 20  # seat 0's row, then its reserves

    image = render(dd.view(state, None), table_facts(dd, state, NAMES)).convert("RGB")
    y = seat_0_reserves(image)
    assert image.getpixel((24 + 86 + 4, y + step + 15)) == seat_colour(0)  # a chip on the second row
    kind = state.units[0].kind
    state.units += [Unit(f"u{100 + i}", 0, kind, "reserve") for i in range(40)]
    image = render(dd.view(state, None), table_facts(dd, state, NAMES)).convert("RGB")
    y = seat_0_reserves(image)
    last = (24 + 86 + (per_row - 1) * step, y + step)  # the last place of the second row says how many more
    slot = {colour_at(image, (last[0] + dx, last[1] + dy)) for dx in range(CHIP) for dy in range(CHIP)}
    assert seat_colour(0) not in slot and any(sum(p) < sum(MUTED) + 60 for p in slot)


def test_an_active_spell_on_the_board_names_its_caster():
    from render.dragondice import effect_label
    from rules.dragondice.content import SPELLS
    from rules.dragondice.model import Effect

    assert effect_label(Effect("ash_storm", 0, "t2"), NAMES) == "* Ash Storm (Ann's)"
    assert effect_label(Effect("stoneskin", 0, "t2:1"), NAMES) == f"* {SPELLS['stoneskin'].name} on Bo (Ann's)"
    assert effect_label(Effect("tower", 1, "t1:1", 1), NAMES) == "* Tower on Bo (Bo's)"


def test_the_ringed_terrain_is_where_the_awaited_decision_is():
    from render.dragondice import focus
    from rules.dragondice.model import Damage

    state = start(dd, 2, seed=4)
    dd.act(state, 0, {"type": "begin"}, Rng(4))
    state.marching = "t0"
    assert focus(state) == "t0"
    state.damage.append(Damage(1, "t2", 1, "Missile"))  # a missile from t0 hit the army at t2
    assert focus(state) == "t2"


def test_the_header_says_where_casualties_are_chosen():
    from render.dragondice import _whose_step
    from rules.dragondice.model import Damage

    state = start(dd, 2, seed=4)
    dd.act(state, 0, {"type": "begin"}, Rng(4))
    state.damage.append(Damage(1, "t2", 1, "Missile"))
    place = state.terrains[2].name
    assert (
        _whose_step(state, table_facts(dd, state, NAMES)) == f"Bo chooses casualties for 1 damage (Missile) at {place}"
    )


def test_the_draft_panel_shows_only_what_was_drafted():
    from render.dragondice import setup_lines

    state = start(dd, 3, {"setup": "draft"})
    action = {"type": "draft", "species": "mistwardens", "home": "flatland", "frontier": "highland"}
    dd.act(state, 0, {**action, "split": "10/8/6", "horde": "2"}, Rng(1))
    assert setup_lines(state, NAMES) == [
        "Ann: Mistwardens, home Flatland, proposes Highland, armies 10/8/6 (home/horde/campaign), horde at Cy's home",
        "Bo: drafts now",
        "Cy: still to draft",
    ]


def test_the_header_says_who_decides_a_counter_attack_or_a_marching_choice():
    from render.dragondice import _whose_step, focus
    from rules.dragondice.model import Decision

    state = start(dd, 2, seed=4)
    dd.act(state, 0, {"type": "begin"}, Rng(4))
    place = state.terrains[2].name
    state.decision = Decision("counter_attack", 1, "t2", "0")
    assert (
        _whose_step(state, table_facts(dd, state, NAMES)) == f"Bo: counter-attack at {place}?" and focus(state) == "t2"
    )
    state.decision = Decision("promote", 0, "t2", options=["u0>u1", "u2>u3"])
    assert _whose_step(state, table_facts(dd, state, NAMES)) == f"Ann chooses the unit Treasure promotes at {place}"
    state.decision = Decision("order", 0, options=["d00", "d10"])
    assert _whose_step(state, table_facts(dd, state, NAMES)) == "Ann chooses which dragon attacks next"
