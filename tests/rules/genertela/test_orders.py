"""A whole nation turn as one order list: played like the single actions, refused as a whole, names as typed."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import serial
from rules.base import RuleError
from rules.genertela import orders
from rules.genertela.board import ORDER, active_nation, units_of
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import State
from rules.rng import Rng
from tests.cogs.harness import Harness
from tests.cogs.test_lobby import ALICE, replies
from tests.rules.genertela.helpers import blank, put, z
from tests.table.test_console import play


def act(state: State, **action: object) -> list:
    return genertela.act(state, 0, dict(action), Rng(0))


def uz_turn() -> State:
    """The Uz build (13 points: two units) and move; nobody else is near."""
    state = blank(nation="uz", phase="build")
    state.resources = {"uz": 13}
    put(state, "uz", "Storn", 3)
    put(state, "uz", "Kitori", 2)
    return state


def test_an_order_list_does_what_the_same_actions_sent_one_by_one_do() -> None:
    one_by_one, at_once = uz_turn(), uz_turn()
    act(one_by_one, type="build", kind="unit", zone=z("Storn"))
    act(one_by_one, type="build", kind="unit", zone=z("Kitori"))  # no points left: building ends by itself
    act(one_by_one, type="move", **{"from": z("Storn"), "to": z("Fer"), "count": 2})
    act(one_by_one, type="move", **{"from": z("Kitori"), "to": z("Dagori Inkarth"), "count": 3})
    act(one_by_one, type="end")
    text = "build 1 Storn; build unit in kitori; move the Storn > Fer 2; move KITORI to dagori inkarth"
    events = act(at_once, type="orders", list=text)
    assert serial.dumps(at_once) == serial.dumps(one_by_one)
    assert "Uz moves 3 from Kitori to Dagori Inkarth." in [e.text for e in events]  # no number: all that may go
    assert active_nation(at_once) != "uz"  # the movement step ended by itself: the next nation plays


def test_a_refused_order_refuses_the_whole_list_and_names_it() -> None:
    state = uz_turn()
    before = serial.dumps(state)
    with pytest.raises(RuleError) as refused:
        act(state, type="orders", list="build 1 Storn; move Storn>Fer 2; move Storn>Atlantis 1; move Kitori>Fer 1")
    message = str(refused.value)
    assert message.startswith("Order 3 (move Storn>Atlantis 1) was refused, so none of your orders was carried out")
    assert "'Atlantis' is not a zone" in message
    assert serial.dumps(state) == before


def test_a_broken_rule_in_the_middle_of_a_list_changes_nothing() -> None:
    state = uz_turn()
    before = serial.dumps(state)
    with pytest.raises(RuleError, match=r"^Order 2 \(move Storn>Fer 9\) .*Move 1 to 3 units there"):
        act(state, type="orders", list="move Kitori>Fer 2; move Storn>Fer 9")
    assert serial.dumps(state) == before


def test_a_build_after_the_points_ran_out_is_named() -> None:
    state = uz_turn()
    with pytest.raises(RuleError, match=r"^Order 3 \(build 1 Fer\) .*building is over \(1 points left"):
        act(state, type="orders", list="build Storn; build Kitori; build 1 Fer")
    with pytest.raises(RuleError, match=r"^Order 1 \(build 2 Storn\) .*one build per zone"):
        act(state, type="orders", list="build 2 Storn")  # one bought unit per zone and turn
    with pytest.raises(RuleError, match=r"^Order 2 \(build Storn\) .*That build is not possible"):
        act(state, type="orders", list="build 1 Storn; build Storn")
    with pytest.raises(RuleError, match=r"^Order 2 \(build Fer\) .*builds come first"):
        act(state, type="orders", list="move Storn>Fer 1; build Fer")


def test_wait_keeps_the_movement_step_open() -> None:
    state = uz_turn()
    act(state, type="orders", list="build Storn; build Kitori; move Storn>Fer 1; wait")
    assert (active_nation(state), state.phase) == ("uz", "move")
    assert genertela.next is not None  # the turn's next line tells of the one-line turn
    assert "orders" in [step.action for step in genertela.next(state, 0, genertela.legal(state, 0))]
    assert len(units_of(state, "uz", z("Fer"))) == 1
    act(state, type="orders", list="move Kitori>Fer 1")  # a second list ends the step
    assert active_nation(state) != "uz"


def test_wait_only_goes_last_and_unknown_orders_are_named() -> None:
    state = uz_turn()
    with pytest.raises(RuleError, match=r"^Order 1 \(wait\) .*only goes last"):
        act(state, type="orders", list="wait; end")
    with pytest.raises(RuleError, match=r"^Order 2 \(fly Storn>Fer\) .*'fly' is not an order"):
        act(state, type="orders", list="end; fly Storn>Fer")
    with pytest.raises(RuleError, match="at least one order"):
        act(state, type="orders", list=" ; ")
    with pytest.raises(RuleError, match="orders takes one list of orders"):
        act(state, type="orders", list=[1, 2])
    with pytest.raises(RuleError, match=r"^Order 1 \(x{57}\.\.\.\) was refused"):
        act(state, type="orders", list="x" * 3000)


def blocked_dragonewts() -> State:
    """Named Dragonewts of Dragon's Eye can only reach Storn through Heortling zones."""
    state = blank(nation="dragonewts")
    put(state, "dragonewts", "Dragon's Eye", 2, kind="named_dragonewt")
    put(state, "dragonewts", "Dragon's Eye", 2, kind="dragon")
    put(state, "uz", "Storn", 1)
    for zone in ("Orenaria", "Fer", "Kitori", "Dagori Inkarth"):
        put(state, "heortlings", zone, 1)
    return state


def test_the_list_stops_where_the_game_awaits_an_answer() -> None:
    """Named Dragonewts stopped on the way: the enemy answers first, so later orders cannot be given yet."""
    state = blocked_dragonewts()
    before = serial.dumps(state)
    with pytest.raises(RuleError, match=r"^Order 2 .*the game first waits for an answer"):
        act(state, type="orders", list="move Dragon's Eye>Storn 2; move Dragon's Eye>Fer 1")
    assert serial.dumps(state) == before
    act(state, type="orders", list="move Dragon's Eye>Storn 2")  # the last order: the answer comes next
    assert state.decisions and state.decisions[0].nation == "heortlings" and state.phase == "move"
    with pytest.raises(RuleError, match="You cannot orders now"):  # only the answer is awaited
        act(state, type="orders", list="end")


def test_reinforcements_that_ask_where_they_go_come_between_the_builds_and_the_moves() -> None:
    state = blank(turn=26, nation="char_un", phase="build")  # turn 26: Panishi joins them where they choose
    state.resources = {"char_un": 6}
    put(state, "char_un", "Pent", 3)
    put(state, "char_un", "Jarst", 1)
    before = serial.dumps(state)
    with pytest.raises(RuleError, match=r"^Order 2 \(move Pent>Jarst 1\) .*first waits for an answer \(Char-Un to"):
        act(state, type="orders", list="build Pent; move Pent>Jarst 1")
    assert serial.dumps(state) == before
    act(state, type="orders", list="build Pent")  # the builds alone: the question comes, then the moves
    assert state.phase == "move" and state.decisions[0].nation == "char_un"


def test_discord_hands_the_list_split_at_commas() -> None:
    assert [o.text for o in orders.parse(["build 1 Storn; move Storn>Fer", "end"])] == [
        "build 1 Storn",
        "move Storn>Fer",
        "end",
    ]
    assert orders.parse("move 3 Storn -> Fer")[0].actions == (
        {"type": "move", "from": "Storn", "to": "Fer", "count": 3},
    )
    assert orders.parse("build city in Pavis")[0].actions == ({"type": "build", "kind": "city", "zone": "Pavis"},)
    assert orders.parse("build forest Stinking Forest")[0].actions[0]["zone"] == "Stinking Forest"
    assert orders.parse("outside Pavis 0; grant Sartar>Heortlings 2")[1].actions == (
        {"type": "grant", "zone": "Sartar", "nation": "Heortlings", "count": 2},
    )


def test_letting_dragonewts_pass_is_offered_only_when_it_can_matter() -> None:
    state = blank(nation="heortlings", phase="build")
    state.resources = {"heortlings": 6}
    put(state, "heortlings", "Sartar", 2)
    put(state, "dragonewts", "Dragon's Eye", 2, kind="named_dragonewt")
    letpass = {"type": "letpass"}
    assert letpass not in [c.action for c in genertela.legal(state, 0)]  # never in a build menu
    state.phase = "move"
    assert letpass in [c.action for c in genertela.legal(state, 0)]  # enemy named Dragonewts are in play
    state.units = [u for u in state.units if u.nation != "dragonewts"]
    assert letpass not in [c.action for c in genertela.legal(state, 0)]  # none: nothing to let through


def test_an_order_list_round_trips_and_replays_the_same() -> None:
    first, second = uz_turn(), uz_turn()
    put(first, "heortlings", "Fer", 1)
    put(second, "heortlings", "Fer", 1)
    for state in (first, second):  # an attack: the battle's dice come from the action's rng
        genertela.act(state, 0, {"type": "orders", "list": "build Storn; move Storn>Fer 4"}, Rng(7))
    assert serial.dumps(first) == serial.dumps(second) == serial.dumps(serial.clone(first))


async def test_the_console_takes_an_order_list(tmp_path: Path) -> None:
    first = ORDER[0]
    assert first == "uz"
    text = await play(
        tmp_path,
        [
            "game new genertela",
            "game start joined",
            "orders ''",  # an apostrophe is a letter in the console: this is an order list of one order, ''
            'orders "build 1 Shadow\'s Dance; move Kitori>Fer 1; wait"',  # only double quotes group words
            'orders ""',
        ],
    )
    assert "\"''\" is not an order; orders are: build, move" in text
    assert "Uz builds a unit in Shadow's Dance." in text and "Uz moves 1 from Kitori to Fer." in text
    assert "! orders needs list" in text


async def test_discord_has_gen_orders(harness: Harness) -> None:
    await harness.command(ALICE, "alice", "game new", {"game": "genertela"})
    await harness.command(ALICE, "alice", "game start", {"order": "joined"})
    calls = await harness.command(ALICE, "alice", "gen orders", {"list": "build Storn, move Kitori>Fer 1; wait"})
    shown = [c for c in calls if c.method in ("POST", "PATCH") and "/channels/" in c.path]  # the turn's message
    text = " ".join([*(reply.content for reply in replies(calls)), *(c.content for c in shown)])
    assert "Uz builds a unit in Storn." in text and "Uz moves 1 from Kitori to Fer." in text
    refused = replies(await harness.command(ALICE, "alice", "gen orders", {"list": "move Fer>Atlantis"}))[0]
    assert refused.ephemeral and refused.content.startswith("Order 1 (move Fer>Atlantis) was refused")


def test_letting_named_dragonewts_pass_stays_a_standing_declaration_when_the_menu_does_not_show_it() -> None:
    from rules.base import SeatInfo
    from rules.genertela import dragonewts

    state = genertela.new([SeatInfo()], genertela.meta.resolve_options({}), Rng(1))
    seat = min(genertela.awaiting(state))
    assert all(c.action["type"] != "letpass" for c in genertela.legal(state, seat))  # not in the build menu
    genertela.act(state, seat, {"type": "letpass"}, Rng(2))  # still accepted, as the seed allows
    assert dragonewts.LETS_PASS + active_nation(state) in state.flags
