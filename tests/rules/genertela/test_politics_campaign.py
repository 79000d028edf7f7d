"""The schedule of each of the 40 turns applied to a scripted game: the bot policy plays every side for the whole
campaign, and every placement of schedule.json is checked turn by turn."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest

from rules import serial
from rules.base import ActionLog, SeatInfo
from rules.genertela import policy, reinforce
from rules.genertela.board import has_city, holds, units_of
from rules.genertela.content import Placement, content
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import State
from rules.rng import Rng
from tests.engine_contract import check_engine, play_random, replay


@dataclass
class Seen:
    """What the reinforcement step did with one placement on one turn."""

    calls: int = 0
    wrong: list[str] = field(default_factory=list)


def _count(state: State, p: Placement) -> int:
    if p.unit == "special":
        return sum(1 for u in state.units if u.unit_id == p.unit_id)
    return sum(1 for u in units_of(state, p.nation) if u.kind == p.unit)


def _expected(state: State, p: Placement) -> int | None:
    """How many units a plain placement must add now (None: a rule the engine decides, not checked here)."""
    if p.zone_rule:
        return None
    if (p.condition is not None and not holds(state, p.condition)) or (p.unless_city and has_city(state, p.zone)):
        return 0
    if p.unit == "special":
        placed_before = reinforce.PLACED_FLAG + p.unit_id in state.flags
        in_play = any(u.unit_id == p.unit_id for u in state.units)
        return 0 if in_play or (p.status == "continuing" and placed_before) else 1
    return min(p.count, reinforce._room(state, p.nation, p.unit))


def _no_dragons(state: State) -> list[str]:
    return ["the Dragonewts still have Dragons"] if any(u.kind == "dragon" for u in state.units) else []


def _court(state: State) -> list[str]:
    return [] if any(u.name == "Red Emperor" for u in state.units) else ["no Red Emperor in play"]


def _submitted(state: State) -> list[str]:
    return [] if state.overlords.get("dara_happans") == "alkorings" else ["the Dara Happans did not submit"]


def _free(state: State) -> list[str]:
    return ["the Dara Happans are still subjects"] if "dara_happans" in state.overlords else []


def _pirates_left(state: State) -> list[str]:
    return [] if "anti_lunar>wolf_pirates" in state.politics.left else ["the Wolf Pirates did not leave"]


def _horde_home(state: State) -> list[str]:
    return ["the True Golden Horde did not break up"] if state.politics.horde else []


EVENT_CHECKS = {24: _no_dragons, 26: _court, 27: _submitted, 28: _free, 36: _pirates_left, 23: _horde_home}


def test_every_turns_scheduled_placements_happen_in_a_bot_played_campaign(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[tuple[int, int], Seen] = {}
    original = reinforce.place

    def watched(state: State, p: Placement, log: ActionLog) -> None:
        record = seen.setdefault((state.turn, id(p)), Seen())
        record.calls += 1
        want, before = _expected(state, p), _count(state, p)
        original(state, p, log)
        got = _count(state, p) - before
        if want is not None and got != want:
            record.wrong.append(f"added {got}, expected {want}")

    monkeypatch.setattr(reinforce, "place", watched)
    state = genertela.new([SeatInfo()], genertela.meta.resolve_options({}), Rng(7))
    actions, turn, problems = 0, state.turn, []
    while genertela.outcome(state) is None:
        genertela.act(state, 0, policy.next_action(state), Rng(actions))
        actions += 1
        if state.turn != turn:  # a turn just ended: its schedule events must show
            problems += [f"turn {turn}: {text}" for text in EVENT_CHECKS.get(turn, lambda _: [])(state)]
            turn = state.turn
    assert state.turn == 40
    per_turn = Counter[int]()
    for turn_data in content().turns[1:]:
        for entry in turn_data.entries:
            for p in entry.placements:
                record = seen.get((turn_data.turn, id(p)), Seen())
                per_turn[turn_data.turn] += record.calls
                where = f"turn {turn_data.turn} {p.nation} {p.name or p.unit} x{p.count}"
                if p.timing in ("reinforcement", "start_of_nation_turn") and record.calls != 1:
                    problems.append(f"{where}: reinforcement step ran {record.calls} times")
                elif record.calls > 1:
                    problems.append(f"{where}: placed {record.calls} times")
                problems += [f"{where}: {text}" for text in record.wrong]
    assert not problems, "\n".join(problems)
    assert all(per_turn[t.turn] for t in content().turns[1:] if t.entries)


@pytest.mark.slow
def test_random_legal_full_campaign_ends_and_replays_with_decisions_submissions_and_grants() -> None:
    played = play_random(genertela, 3, {}, seed=1, max_actions=400_000, check_each_step=False)
    result = genertela.outcome(played.state)
    assert result is not None and played.state.turn == 40
    kinds = Counter(action["type"] for _, action, _ in played.log)
    assert kinds["choose"] and kinds["grant"] and kinds["submit"]  # the politics were played, not skipped
    assert serial.dumps(replay(genertela, played, 3, {})) == serial.dumps(played.state)


@pytest.mark.slow
def test_contract_on_turn_25_where_swaps_wait_for_the_players() -> None:
    check_engine(genertela, players=2, options={"scenario": "short", "last_turn": "25"}, games=1)
