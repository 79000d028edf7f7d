"""A whole opening with fixed dice: set-up, a frontier melee with casualties and counter-attack, then turn over."""

from rules import serial
from rules.base import SeatInfo
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import State
from rules.rng import Rng
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, face, strike_back, texts
from tests.rules.dragondice.test_setup import horde_dice

MAGMA, FORGE, CINDER, SLAG = (EMBER + n for n in ("magma_colossus", "forge_adept", "cinder_scout", "slag_slinger"))
LEVIATHAN, TIDE, REED, FEN = (MIST + n for n in ("leviathan", "tide_caller", "reed_skirmisher", "fen_runner"))


def ours(options: dict[str, str] | None = None) -> State:
    """Our two house species face each other (their dice are fixed here, unlike the published ones)."""
    seats = [SeatInfo(faction="Emberwrights"), SeatInfo(faction="Mistwardens")]
    return dd.new(seats, dd.meta.resolve_options(options or {}), Rng(1))


def test_scripted_duel_opening():
    state = ours()
    act(state, 0, {"type": "begin"}, *horde_dice("all", "none"), 3, 4, 1)  # frontier Swampland on 1: melee
    assert state.turn == 0 and [t.face for t in state.terrains] == [3, 4, 1]
    ember = [u.kind for u in state.army(0, "t2")]
    mist = [u.kind for u in state.army(1, "t2")]
    assert ember == [MAGMA, FORGE, CINDER, SLAG] and mist == [LEVIATHAN, TIDE, REED, FEN]

    events = act(
        state,
        0,
        {"type": "melee", "army": "t2", "target": "t2:1"},
        face(MAGMA, "melee 4"), blank(FORGE), face(CINDER, "melee 2"), face(SLAG, "melee 1"),
        face(LEVIATHAN, "save 3"), face(TIDE, "save 1"), face(REED, "save 1"), face(FEN, "save 1"),
    )  # fmt: skip
    assert "7 hits against 6 saves → 1 damage" in texts(events)
    reed, fen = (u.id for u in state.army(1, "t2")[2:])
    assert {c.action["units"] for c in dd.legal(state, 1)} == {reed, fen}

    act(state, 1, {"type": "casualties", "units": reed})
    assert dd.awaiting(state) == {1}  # seat 1 may counter-attack, and does
    events = strike_back(
        state,
        1,
        face(LEVIATHAN, "melee 4"), blank(TIDE), face(FEN, "melee 2"),
        face(MAGMA, "save 3"), face(FORGE, "save 1"), face(CINDER, "save 1"), face(SLAG, "save 1"),
    )  # fmt: skip
    assert "6 hits against 6 saves → 0 damage" in texts(events)
    assert state.unit(reed).where == "dead" and state.march == 2

    act(state, 0, {"type": "pass"})  # no second march; no reserves, so straight to the retreat step
    assert state.step == "retreat"
    events = act(state, 0, {"type": "pass"})
    assert any(e.kind == "turn_end" for e in events) and state.turn == 1 and dd.awaiting(state) == {1}
    assert serial.loads(dd.State, serial.dumps(state)) == state


ANVIL, CRUCIBLE, STORM, GALE = (
    EMBER + "anvil_guard",
    EMBER + "crucible_knight",
    MIST + "storm_herald",
    MIST + "gale_archer",
)


def test_scripted_duel_to_a_win_as_the_only_player_with_units():
    """A 12-point duel, every die fixed: three rounds of melee until the Mistwardens have no unit left."""
    state = ours({"force": "12"})
    events = act(
        state,
        0,
        {"type": "begin"},
        face(CRUCIBLE, "manoeuvre 2"), face(CINDER, "manoeuvre 1"), face(SLAG, "manoeuvre 1"),  # seat 0's horde: 4
        face(GALE, "save 1"), face(REED, "save 1"), face(FEN, "save 1"),  # seat 1's horde: 0
        2, 7, 8, 1,  # Highland 2; Coastland 7 turned to 6; the frontier rolls 8, again, then 1
    )  # fmt: skip
    assert "Coastland starting face: rolled 7 → 6" in texts(events)
    assert "Swampland starting face: rolled 8, 1 → 1" in texts(events)
    assert state.turn == 0 and [t.face for t in state.terrains] == [2, 6, 1]
    layout: dict[tuple[int, str], list[str]] = {(u.owner, u.where): [] for u in state.units}
    for unit in state.units:
        layout[(unit.owner, unit.where)].append(f"{unit.id} {unit.kind.split('/')[1]}")
    assert layout == {
        (0, "t0"): ["u0 anvil_guard", "u1 slag_slinger"],
        (0, "t1"): ["u2 crucible_knight", "u3 cinder_scout", "u4 slag_slinger"],
        (0, "t2"): ["u5 forge_adept", "u6 cinder_scout", "u7 slag_slinger"],
        (1, "t1"): ["u8 storm_herald", "u9 fen_runner"],
        (1, "t0"): ["u10 gale_archer", "u11 fen_runner", "u12 reed_skirmisher"],
        (1, "t2"): ["u13 tide_caller", "u14 reed_skirmisher", "u15 fen_runner"],
        (0, "summoning"): [
            "u16 fire_dragonfoal",
            "u17 earth_dragonfoal",
            "u18 fire_dragonscout",
            "u19 earth_dragonscout",
        ],
        (1, "summoning"): [
            "u20 water_dragonfoal",
            "u21 air_dragonfoal",
            "u22 water_dragonscout",
            "u23 air_dragonscout",
        ],
    }

    # Round 1, seat 0. First march: the campaign army melees at the frontier (Kindle adds 1 unsaveable).
    events = act(
        state,
        0,
        {"type": "melee", "army": "t2", "target": "t2:1"},
        face(FORGE, "ID"), face(CINDER, "Kindle 1"), face(SLAG, "melee 1"),
        face(TIDE, "manoeuvre 1"), face(REED, "save 1"), face(FEN, "manoeuvre 2"),
    )  # fmt: skip
    assert "3 hits against 1 save, plus 1 damage no save stops → 3 damage" in texts(events)
    assert [c.label for c in dd.legal(state, 1)] == [
        "Fen Runner (1) + Reed Skirmisher (1): 2 of 3 damage",
        "Tide Caller (2) + Reed Skirmisher (1): 3 of 3 damage",
        "Tide Caller (2) + Fen Runner (1): 3 of 3 damage",
    ]
    act(state, 1, {"type": "casualties", "units": "u13,u14"})
    events = strike_back(
        state,
        1,
        face(FEN, "melee 2"),  # the Fen Runner's counter-attack
        face(FORGE, "save 1"), face(CINDER, "save 1"), face(SLAG, "missile 1"),
    )  # fmt: skip
    assert "2 hits against 2 saves → 0 damage" in texts(events)
    assert state.march == 2 and state.step == "march"

    # Second march: the home army melees the invading horde; the lone survivor's counter-attack has no hit.
    act(
        state,
        0,
        {"type": "melee", "army": "t0", "target": "t0:1"},
        face(ANVIL, "melee 3"), face(SLAG, "melee 1"),
        face(GALE, "Salvo 1"), face(FEN, "melee 1"), face(REED, "missile 2"),
    )  # fmt: skip
    assert state.damage[0].amount == 3
    act(state, 1, {"type": "casualties", "units": "u10,u11"})
    events = strike_back(state, 1, face(REED, "missile 1"))
    assert "0 hits, so no save roll → 0 damage" in texts(events)
    assert state.step == "retreat"  # no reserves to reinforce with
    events = act(state, 0, {"type": "pass"})
    assert state.turn == 1 and any(e.kind == "turn_end" for e in events)

    # Round 1, seat 1: the home army melees seat 0's horde at Coastland (face 6: melee).
    act(
        state,
        1,
        {"type": "melee", "army": "t1", "target": "t1:0"},
        face(STORM, "magic 3"), face(FEN, "melee 2"),
        face(CRUCIBLE, "save 1"), face(CINDER, "manoeuvre 1"), face(SLAG, "manoeuvre 1"),
    )  # fmt: skip
    assert {c.action["units"] for c in dd.legal(state, 0)} == {"u3", "u4"}  # 1 damage: a Cinder Scout or a Slinger
    act(state, 0, {"type": "casualties", "units": "u4"})
    events = strike_back(
        state,
        0,
        face(CRUCIBLE, "melee 2"), face(CINDER, "melee 1"),
        face(STORM, "save 2"), face(FEN, "manoeuvre 1"),
    )  # fmt: skip
    assert "3 hits against 2 saves → 1 damage" in texts(events)
    assert state.unit("u9").where == "dead"  # the only valid casualty, applied without asking
    act(state, 1, {"type": "pass"})
    act(state, 1, {"type": "pass"})
    assert state.turn == 0 and state.round == 2

    # Round 2, seat 0: both marches clean up the Mistwardens' last units outside their home.
    act(
        state,
        0,
        {"type": "melee", "army": "t2", "target": "t2:1"},
        face(FORGE, "ID"), face(CINDER, "manoeuvre 1"), face(SLAG, "save 1"), face(FEN, "save 1"),
    )  # fmt: skip
    act(
        state,
        0,
        {"type": "melee", "army": "t0", "target": "t0:1"},
        face(ANVIL, "melee 2"), face(SLAG, "missile 2"), face(REED, "ID"),
    )  # fmt: skip
    in_play = [u.id for u in state.units if u.owner == 1 and u.where not in ("dead", "buried", "summoning")]
    assert in_play == ["u8"]  # seat 1's Dragonkin wait in the summoning pool: they are not units in play
    act(state, 0, {"type": "pass"})
    assert state.turn == 1

    # Round 2, seat 1: the Storm Herald rolls no melee; the counter-attack is saved.
    act(state, 1, {"type": "melee", "army": "t1", "target": "t1:0"}, face(STORM, "magic 3"))
    events = strike_back(state, 0, face(CRUCIBLE, "melee 1"), face(CINDER, "save 1"), face(STORM, "save 2"))
    assert "1 hit against 2 saves → 0 damage" in texts(events)
    act(state, 1, {"type": "pass"})
    act(state, 1, {"type": "pass"})

    # Round 3, seat 0: the horde's 2 melee and 1 Kindle kill the Storm Herald: the last unit of seat 1.
    events = act(
        state,
        0,
        {"type": "melee", "army": "t1", "target": "t1:1"},
        face(CRUCIBLE, "ID"), face(CINDER, "Kindle 1"), face(STORM, "magic 3"),
    )  # fmt: skip
    assert "2 hits against 0 saves, plus 1 damage no save stops → 3 damage" in texts(events)
    assert state.phase == "over" and state.winners == [0] and dd.awaiting(state) == frozenset()
    result = dd.outcome(state)
    assert result is not None and result.winners == (0,)
    assert any(e.kind == "game_end" and "only player with units left" in e.text for e in events)
    assert serial.loads(dd.State, serial.dumps(state)) == state
