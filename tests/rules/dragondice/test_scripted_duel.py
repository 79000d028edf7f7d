"""A whole opening with fixed dice: set-up, a frontier melee with casualties and counter-attack, then turn over."""

from rules import dragondice as dd
from rules import serial
from tests.engine_contract import start
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, face, texts
from tests.rules.dragondice.test_setup import horde_dice

MAGMA, FORGE, CINDER, SLAG = (EMBER + n for n in ("magma_colossus", "forge_adept", "cinder_scout", "slag_slinger"))
LEVIATHAN, TIDE, REED, FEN = (MIST + n for n in ("leviathan", "tide_caller", "reed_skirmisher", "fen_runner"))


def test_scripted_duel_opening():
    state = start(dd, 2)
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

    events = act(
        state,
        1,
        {"type": "casualties", "units": reed},
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
