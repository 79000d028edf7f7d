"""The move search of legal() made cheaper, checked against the plain search it replaced on seeded games: movers is
memoised while the units stand as they are (legal() asks again for every target of every zone) and forgets as soon as
a unit or the alliance turn changes; moves() asks each target once whether enemies are there."""

from __future__ import annotations

import random

from rules.base import Choice, SeatInfo
from rules.genertela.board import NATIONS, active_nation, enemies_in, units_of, zone
from rules.genertela.choices import moves
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.movement import destinations, dragonkill, move_limit, movers
from rules.genertela.state import State, Unit
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z


def movers_searched(state: State, nation: str, zid: str) -> list[Unit]:
    """What movers answered before its memo: the units searched afresh on every call."""
    units = [u for u in units_of(state, nation, zid) if u.mobile and not u.moved and (u.in_army or not state.alliance)]
    late = dragonkill(state, nation)
    return sorted(units, key=lambda u: (late and u.kind == "dragon", u.kind == "special", u.uid))


def moves_searched(state: State) -> list[Choice]:
    """What moves() answered before: enemies looked for in a target again from every zone that reaches it."""
    nation = active_nation(state)
    choices = []
    for start in sorted({u.zone for u in units_of(state, nation)}):
        if not movers_searched(state, nation, start):
            continue
        for target in destinations(state, nation, start):
            most = move_limit(state, nation, start, target)
            hostile = " (attack)" if enemies_in(state, nation, target) else ""
            for count in range(1, most + 1):
                label = f"{count} from {zone(start).name} to {zone(target).name}{hostile}"
                choices.append(Choice({"type": "move", "from": start, "to": target, "count": count}, label))
    return choices


def test_movers_and_moves_as_searched_afresh_along_seeded_games() -> None:
    checked = 0
    listed = 0
    for seed in range(2):
        state = genertela.new([SeatInfo() for _ in range(3)], genertela.meta.resolve_options({}), Rng(seed))
        chooser = random.Random(seed)
        for step in range(160):
            if genertela.outcome(state) is not None:
                break
            if state.phase == "move":
                found = moves(state)
                assert found == moves_searched(state)
                listed += len(found)
                for nation in NATIONS:
                    for zid in sorted({u.zone for u in units_of(state, nation)}):
                        assert movers(state, nation, zid) == movers_searched(state, nation, zid)
                        assert movers(state, nation, zid) == movers_searched(state, nation, zid)  # from the memo
                        checked += 1
            seat = chooser.choice(sorted(genertela.awaiting(state)))
            genertela.act(state, seat, chooser.choice(genertela.legal(state, seat)).action, Rng(step))
    assert checked > 100 and listed > 100


def test_the_memo_forgets_a_unit_that_moved_and_the_alliance_turn() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Sartar", 3)
    first = movers(state, "heortlings", z("Sartar"))
    assert len(first) == 3
    first.pop()  # the answer is the caller's: the memo keeps its own list
    assert len(movers(state, "heortlings", z("Sartar"))) == 3
    units_of(state, "heortlings", z("Sartar"))[0].moved = True
    assert len(movers(state, "heortlings", z("Sartar"))) == 2
    state.alliance = "unity_council"  # its alliance turn: only the units in its army move now, none here
    assert movers(state, "heortlings", z("Sartar")) == []


def test_each_target_of_a_zone_gets_its_own_limit_when_legal_asks_for_them_all() -> None:
    """moves() works out what a zone's moves share once (movement.Outset); a limit found for one target must not
    carry over to the next. Here an Assassin may go anywhere alone, while the whole stack goes where ordinary
    movement reaches."""
    state = blank(nation="aldryami")
    put(state, "aldryami", "Rist", 3)
    hero(state, "aldryami", "Rist", "Tobasta", ["assassin"])
    limits: dict[str, int] = {}
    for choice in moves(state):
        action = choice.action
        assert action["from"] == z("Rist")
        limits[action["to"]] = max(limits.get(action["to"], 0), action["count"])
    assert limits == {target: move_limit(state, "aldryami", z("Rist"), target) for target in limits}
    assert set(limits.values()) == {1, 4}
