"""legal() reads the board through one index of the pieces (board.reading): the same answers as a scan of every
piece, and nothing left on the state afterwards."""

from __future__ import annotations

import random

from rules.base import SeatInfo
from rules.nerath import board
from rules.nerath.board import REALM_ORDER, SPACES
from rules.nerath.engine import ENGINE as nerath
from rules.rng import Rng


def test_the_index_answers_as_a_scan_of_every_piece_and_is_gone_after_legal() -> None:
    state = nerath.new([SeatInfo() for _ in range(4)], nerath.meta.resolve_options({}), Rng(5))
    chooser = random.Random(5)
    compared = 0
    for step in range(120):
        if nerath.outcome(state) is not None:
            break
        scanned = {
            (space, realm): (board.pieces_at(state, space, realm), board.enemies_at(state, space, realm))
            for space in SPACES
            for realm in REALM_ORDER
        }
        enemies = {realm: board.enemy_spaces(state, realm) for realm in REALM_ORDER}
        cargo = {p.id: board.cargo(state, p) for p in state.pieces if p.kind == "warship"}
        with board.reading(state):
            with board.reading(state):  # nested: the outer index holds
                assert "_placed" in state.__dict__
            for (space, realm), (pieces, hostile) in scanned.items():
                assert board.pieces_at(state, space, realm) == pieces
                assert board.enemies_at(state, space, realm) == hostile
                compared += 1
            assert {realm: board.enemy_spaces(state, realm) for realm in REALM_ORDER} == enemies
            assert {p.id: board.cargo(state, p) for p in state.pieces if p.kind == "warship"} == cargo
        assert "_placed" not in state.__dict__
        seat = chooser.choice(sorted(nerath.awaiting(state)))
        choices = nerath.legal(state, seat)
        assert "_placed" not in state.__dict__
        nerath.act(state, seat, chooser.choice(choices).action, Rng(step))
    assert compared > 10_000
