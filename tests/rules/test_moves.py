"""rules.base.Moves, the stage/move table engines may build their turn flow from (Small World, Footrace)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.base import ActionLog, Moves, RuleError
from rules.rng import Rng


def _said(word: str) -> Any:
    def move(state: list[str], seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
        state.append(word)
        log.say(f"{seat} {word}s")

    return move


TABLE = Moves({"bid": _said("bid"), "pass": _said("pass"), "end": _said("end")}, {"bidding": ("bid", "pass")})


def test_a_stage_plays_the_moves_it_accepts_and_refuses_the_others_saying_what_it_accepts() -> None:
    state: list[str] = []
    log = ActionLog()
    TABLE.play(state, 1, {"type": "pass"}, Rng(1), log, stage="bidding")
    assert state == ["pass"] and [event.text for event in log.events] == ["1 passs"]
    with pytest.raises(RuleError, match=r"^You cannot end now; you may: bid, pass\.$"):
        TABLE.play(state, 1, {"type": "end"}, Rng(1), log, stage="bidding")
    with pytest.raises(RuleError, match=r"^Not yet\.$"):
        TABLE.play(state, 1, {"type": "bid"}, Rng(1), log, stage="over", refusal="Not yet.")
    assert state == ["pass"] and TABLE.accepted("over") == ()


def test_without_stages_every_move_is_accepted() -> None:
    plain = Moves({"bid": _said("bid")})
    state: list[str] = []
    plain.play(state, 0, {"type": "bid"}, Rng(1), ActionLog())
    assert state == ["bid"] and plain.accepted() == ("bid",)


def test_a_stage_naming_a_move_the_table_lacks_fails_when_built() -> None:
    with pytest.raises(ValueError, match="not in the table: fold"):
        Moves({"bid": _said("bid")}, {"bidding": ("bid", "fold")})
