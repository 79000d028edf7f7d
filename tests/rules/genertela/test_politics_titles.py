"""Emperor and King of Dragon Pass: the exceptions about alliances, subjects and Dragonewt cities."""

from __future__ import annotations

from rules.genertela import flow
from rules.genertela.board import ORDER
from rules.genertela.titles import emperor, king
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, put

DEATHLINE = ["Wintertop", "Dragon's Eye", "Grazelands", "Beast Valley", "Far Place", "Sartar", "Kitori", "Fer",
             "Ivory Plinth", "Orenaria"]  # fmt: skip


def test_emperor_the_ally_holding_most_zones_counts_its_allies_zones() -> None:
    state = blank(turn=25, nation="rinliddi")  # turn 25: the Lunar Empire (Rinliddi, Dara Happans, Char-Un)
    for zone in ("Rinliddi", "Dinzizi"):
        put(state, "rinliddi", zone)
    put(state, "dara_happans", "Raibanth")
    for zone in ("Pelanda", "Spol", "Jhor"):
        put(state, "pelandans", zone)
    assert emperor(state, "rinliddi") == (0, 0)  # 2 + 1 allied zones only equal the Pelandans' 3
    put(state, "char_un", "Korer")
    assert emperor(state, "rinliddi") == (1, 2)
    assert emperor(state, "dara_happans") == (0, 0)  # the ally with fewer zones counts only its own


def test_king_of_dragon_pass_dragonewt_cities_do_not_matter_only_zone_control() -> None:
    state = blank(nation="heortlings")
    for zone in DEATHLINE:
        put(state, "heortlings", zone)
    put(state, "dragonewts", "Far Place", 2, kind="named_dragonewt", sitting=True)  # on their city, among Heortlings
    assert king(state, "heortlings") == (1, 3)


def test_titles_are_checked_at_the_end_of_each_nation_turn() -> None:
    state = blank(turn=20, nation="heortlings", phase="battle")
    for zone in DEATHLINE:
        put(state, "heortlings", zone)
    flow.finish_nation_turn(state, flow.ActionLog(), Rng(0))
    assert state.vp.get("heortlings", 0) == 3  # King of Dragon Pass; turn 20 scores nothing else
    assert ORDER[state.order_index] != "heortlings"
