"""Tash-Kalar's bot: a one-step look-ahead over legal() with a Tash-Kalar evaluation.

Each legal action is tried on a copy of the seat's view. A summon or a Flare is followed through: the effects it
starts (and a token shortage's `take`) are resolved greedily, each sub-choice again by the evaluation, so a
summon is weighed by what it does, not by the half-done state it leaves. The evaluation counts points (and tasks
completed but not yet claimed), progress towards the tasks on offer, the patterns of the beings in hand, and
tokens on the board by rank; opponents' tokens and near-complete tasks count against.

The bot sees only engine.view(state, seat): hidden cards are "?" and are valued at an average.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from rules.base import ActionLog, RuleError
from rules.rng import Rng
from rules.serial import clone
from rules.tashkalar.actions import MOVES, after
from rules.tashkalar.board import SIZE, SQUARES, name, on_board
from rules.tashkalar.choices import choices_for
from rules.tashkalar.content import CARDS, TASKS, Cell, distinct_orientations, oriented_cells
from rules.tashkalar.effects import current
from rules.tashkalar.scoring import in_zone
from rules.tashkalar.state import State, enemies, make_token, team_of, team_score

POINT = 100.0  # one point of score; everything else is measured against it
CLAIM = 0.85  # a task completed now is claimed at the end of the turn, unless it is undone first
PROGRESS = 0.45  # a task's value at full progress (short of done), times its points
RIVAL = 0.6  # how much an opponent's position weighs against this seat's own
PATTERN = 4.0  # a being in hand whose pattern is complete (partial ones count less); summoning must pay
UNKNOWN_CARD = 3.0  # a card drawn unseen: an average pattern's value
OUT_OF_REACH = 0.4  # a card asking for a rank this seat has nowhere on the board counts this share of its progress
UNKNOWN_TASK = 0.15 * POINT  # a task revealed unseen
TOKEN = {1: 3.0, 2: 9.0, 3: 16.0}  # tokens on the board by rank
DEEPEST = 6  # sub-choices followed through after one action (effects of a summon, a take)
FOLLOWED = 3  # of each group of unfinished actions, how many are followed through


def _apply(state: State, seat: int, action: dict[str, Any], rng: Rng) -> None:
    """The engine's act without its front door: the action comes from legal()."""
    log = ActionLog()  # trials' messages are dropped
    MOVES[action["type"]](state, seat, action, rng, log)
    after(state, rng, log)


# -- shapes: every placement of a pattern on the board, computed once per pattern


_BIT = {square: 1 << index for index, square in enumerate(SQUARES)}


@dataclass(frozen=True)
class _Pattern:
    """Every way a shape lies on the board as bit masks of squares, and which of them cover each square."""

    cells: tuple[int, ...]  # the squares each placement covers
    heroic: tuple[int, ...]  # of those, the ones that ask for a heroic token
    legendary: tuple[int, ...]  # and a legendary one
    wheres: tuple[int, ...]  # a being's summoning square (0 for a task)
    size: int
    top: int  # a being cannot be summoned onto a higher rank (0: a task)
    by_square: dict[str, tuple[int, ...]]


def _pattern(cells: tuple[Cell, ...], orientations: tuple[str, ...], summoned: int) -> _Pattern:
    masks: list[tuple[int, int, int, int]] = []
    covering: dict[str, list[int]] = {}
    for orientation in orientations:
        turned = oriented_cells(cells, orientation)
        for x in range(SIZE):
            for y in range(SIZE):
                if not all(on_board(x + dx, y + dy) for dx, dy, _ in turned):
                    continue
                squares = [(name(x + dx, y + dy), rank) for dx, dy, rank in turned]
                where = name(x, y) if summoned else None
                for square in {sq for sq, _ in squares} | ({where} if where else set()):
                    covering.setdefault(square, []).append(len(masks))
                masks.append(
                    (
                        sum(_BIT[sq] for sq, _ in squares),
                        sum(_BIT[sq] for sq, rank in squares if rank == 2),
                        sum(_BIT[sq] for sq, rank in squares if rank == 3),
                        _BIT[where] if where else 0,
                    )
                )
    return _Pattern(
        cells=tuple(m[0] for m in masks),
        heroic=tuple(m[1] for m in masks),
        legendary=tuple(m[2] for m in masks),
        wheres=tuple(m[3] for m in masks),
        size=len(cells),
        top=summoned,
        by_square={square: tuple(indices) for square, indices in covering.items()},
    )


@cache
def _task_pattern(task_id: str) -> _Pattern:
    cells = TASKS[task_id].cells
    return _pattern(cells, distinct_orientations(cells), 0)


@cache
def _being_pattern(card_id: str) -> _Pattern:
    card = CARDS[card_id]
    return _pattern(card.cells, card.orientations(), card.rank)


class _Masks(NamedTuple):
    """A board seen by one seat, as bit masks of squares."""

    mine: int
    below_heroic: int  # own commons
    below_legendary: int  # own commons and heroics
    others: int  # anyone else's tokens
    heroic_up: int  # any token of heroic rank or higher
    legendary: int  # any legendary token


def _masks(board: dict[str, int], seat: int) -> _Masks:
    mine = low2 = low3 = others = up2 = up3 = 0
    for square, token in board.items():
        bit = _BIT[square]
        rank = token % 10
        if rank >= 2:
            up2 |= bit
            if rank == 3:
                up3 |= bit
        if token // 10 == seat:
            mine |= bit
            if rank < 2:
                low2 |= bit
            if rank < 3:
                low3 |= bit
        else:
            others |= bit
    return _Masks(mine, low2, low3, others, up2, up3)


def _fills(pattern: _Pattern, masks: _Masks, indices: Iterable[int]) -> list[float]:
    """How much of each placement a seat already holds: 1 a cell of the rank asked, 0.4 a lower rank of theirs,
    0 an empty cell; -1 when another colour blocks it (or a higher rank stands on the summoning square)."""
    mine, low2, low3, others = masks.mine, masks.below_heroic, masks.below_legendary, masks.others
    higher = {1: masks.heroic_up, 2: masks.legendary}.get(pattern.top, 0)
    cells, heroic, legendary, wheres = pattern.cells, pattern.heroic, pattern.legendary, pattern.wheres
    found = []
    for index in indices:
        covered = cells[index]
        if covered & others or wheres[index] & higher:
            found.append(-1.0)
        else:
            short = (heroic[index] & low2) | (legendary[index] & low3)
            found.append((covered & mine).bit_count() - 0.6 * short.bit_count())
    return found


class _Shapes:
    """The best placement of each pattern for each seat. A trial changes a few squares of the position the bot
    is deciding on, so only the placements covering them are looked at again."""

    def __init__(self, root: dict[str, int]) -> None:
        self.root = dict(root)
        self.base: dict[tuple[str, int], tuple[list[float], list[int]]] = {}
        self.root_masks: dict[int, _Masks] = {}

    def changed(self, board: dict[str, int]) -> set[str]:
        root = self.root
        return {square for square in root.keys() | board.keys() if root.get(square) != board.get(square)}

    def progress(self, masks: _Masks, changed: set[str], seat: int, key: str, pattern: _Pattern) -> float:
        """The best share (0..1) of the pattern that `seat` holds anywhere on the board `masks` describe."""
        base = self.base.get((key, seat))
        if base is None:
            if seat not in self.root_masks:
                self.root_masks[seat] = _masks(self.root, seat)
            fills = _fills(pattern, self.root_masks[seat], range(len(pattern.cells)))
            base = self.base[key, seat] = (fills, sorted(range(len(fills)), key=fills.__getitem__, reverse=True))
        fills, order = base
        affected: set[int] = set()
        for square in changed:
            affected.update(pattern.by_square.get(square, ()))
        best = 0.0
        for index in order:  # the best untouched placement keeps its value
            if index not in affected:
                best = fills[index]
                break
        if affected:
            best = max(best, *_fills(pattern, masks, affected))
        return max(0.0, best) / pattern.size


class _Judge:
    """The evaluation, with the shapes of the position being decided on kept between trials."""

    def __init__(self, root: State) -> None:
        self.shapes = _Shapes(root.board)

    def task_progress(self, state: State, seen: _Seen, task_id: str) -> float:
        task = TASKS[task_id]
        board, seat = state.board, seen.seat
        if task.kind == "shape":
            return self.shapes.progress(seen.masks, seen.changed, seat, "task:" + task_id, _task_pattern(task_id))
        mine = [sq for sq, token in board.items() if token // 10 == seat]
        if task.kind == "lead":
            rivals = [sum(1 for t in board.values() if t // 10 == o) for o in enemies(state, seat)]
            return max(0.0, min(1.0, (len(mine) - max(rivals, default=0)) / task.at_least))
        ranked = [sq for sq in mine if board[sq] % 10 >= task.rank]
        if task.kind == "count":
            return min(1.0, len(ranked) / task.at_least)
        return min(1.0, sum(1 for sq in ranked if in_zone(sq, task.zone)) / task.at_least)

    def tasks_value(self, state: State, seen: _Seen) -> float:
        """Tasks on offer: a completed one is nearly points in hand (one is claimed a turn); others by progress."""
        done: list[float] = []
        value = 0.0
        for task_id in state.tasks_offer:
            if task_id not in TASKS:
                value += UNKNOWN_TASK
                continue
            points = TASKS[task_id].points
            progress = self.task_progress(state, seen, task_id)
            if progress >= 1.0:
                done.append(points * POINT)
            else:
                value += points * POINT * PROGRESS * progress**2
        done.sort(reverse=True)
        # the best one is claimed at the end of this seat's turn; the rest wait a turn and may be spoilt
        return value + sum(points * (CLAIM if i == 0 else CLAIM / 2) for i, points in enumerate(done))

    def hand_value(self, state: State, seen: _Seen) -> float:
        hand = state.hands[seen.seat]
        value = 0.0
        for card_id in dict.fromkeys([*hand.beings, *hand.legends]):
            if card_id not in CARDS:
                value += UNKNOWN_CARD
                continue
            progress = self.shapes.progress(seen.masks, seen.changed, seen.seat, card_id, _being_pattern(card_id))
            if _asks(card_id) > _best_rank(seen.masks):  # the heroic (or legend) it needs must be made first
                progress *= OUT_OF_REACH
            value += PATTERN * (0.6 + 0.4 * CARDS[card_id].rank) * progress**2
        return value

    def position(self, state: State, changed: set[str], seat: int) -> float:
        """How good the board and hand are for `seat` alone, points aside."""
        seen = _Seen(seat, changed, _masks(state.board, seat))
        value = sum(TOKEN[token % 10] for token in state.board.values() if token // 10 == seat)
        if state.mode == "high_form":
            value += self.tasks_value(state, seen)
        return value + self.hand_value(state, seen)

    def evaluate(self, state: State, seat: int) -> float:
        """How good a position is for `seat`: its team's lead in points, then the positions of each side."""
        rivals = enemies(state, seat)
        mine = team_score(state, seat) * POINT + _pending_points(state, seat)
        theirs = max((team_score(state, r) * POINT + _pending_points(state, r) for r in rivals), default=0.0)
        if state.phase == "over":
            return (1e6 if mine > theirs else -1e6 if mine < theirs else 0.0) + mine - theirs
        changed = self.shapes.changed(state.board)
        value = mine - theirs + self.position(state, changed, seat)
        return value - RIVAL * max((self.position(state, changed, r) for r in rivals), default=0.0)


@cache
def _asks(card_id: str) -> int:
    """The highest rank a card's pattern asks for."""
    return max(rank for *_, rank in CARDS[card_id].cells)


def _best_rank(masks: _Masks) -> int:
    """The highest rank among a seat's own tokens (1 when it has none at all)."""
    if masks.mine & ~masks.below_legendary:
        return 3
    return 2 if masks.mine & ~masks.below_heroic else 1


class _Seen(NamedTuple):
    """One seat's look at a trial: what changed since the position being decided on, and the board's masks."""

    seat: int
    changed: set[str]
    masks: _Masks


def _pending_points(state: State, seat: int) -> float:
    """Deathmatch: enemy tokens destroyed this turn score when it ends."""
    if state.mode != "deathmatch" or state.phase == "over" or team_of(state, state.active) != team_of(state, seat):
        return 0.0
    commons, heroics, legends = state.tally
    return POINT * (2 * legends + heroics + (state.carry_common[state.active] + commons) / 2)  # half a pair counts


def evaluate(state: State, seat: int) -> float:
    """How good a position is for `seat` (the bot's evaluation, usable on its own)."""
    return _Judge(state).evaluate(state, seat)


# -- choosing


def _awaits(state: State, seat: int) -> bool:
    return state.phase != "over" and state.controller == seat


def _midway(state: State, seat: int) -> bool:
    """Whether `seat` is still finishing the last decision (an effect to resolve, a token to reuse)."""
    return _awaits(state, seat) and (state.take is not None or current(state) is not None)


def _try(state: State, seat: int, action: dict[str, Any], rng: Rng) -> State | None:
    trial = clone(state)
    try:
        _apply(trial, seat, action, rng)
    except (RuleError, KeyError, IndexError, ValueError):  # the view hides what this action needs
        return None
    return trial


def _shallow(judge: _Judge, state: State, seat: int) -> float:
    """A quick rating of a trial, before its effects are resolved. A token waiting for a `take` is counted
    as placed already, so that places and summons that run short of pieces still rank by where they go."""
    take = state.take
    if take is None or state.controller != seat:
        return judge.evaluate(state, seat)
    before = state.board.get(take.square)
    state.board[take.square] = make_token(seat, CARDS[take.card].rank if take.purpose == "summon" else 1)
    score = judge.evaluate(state, seat)
    if before is None:
        del state.board[take.square]
    else:
        state.board[take.square] = before
    return score


def _follow(judge: _Judge, state: State, seat: int, chooser: random.Random) -> State:
    """Resolve the effects an action started, greedily, so the action is judged by its whole result."""
    for _ in range(DEEPEST):
        if not _midway(state, seat):
            break
        best: State | None = None
        best_score = float("-inf")
        for choice in choices_for(state, seat):
            if choice.action["type"] == "pass":
                continue
            trial = _try(state, seat, choice.action, Rng(chooser.randrange(2**62)))
            if trial is None:
                continue
            score = _shallow(judge, trial, seat)
            if score > best_score:
                best, best_score = trial, score
        if best is None:
            break
        state = best
    return state


def _group(action: dict[str, Any]) -> str:
    """Actions whose unfinished results compare fairly: summons of one card, places, one kind of effect."""
    return f"{action['type']}:{action.get('card', '')}"


def policy(view: State, seat: int, chooser: random.Random) -> dict[str, Any]:
    """The action whose result, followed through its effects, the evaluation rates best; ties at random.

    Every action is first rated as it stands. Those that leave effects to resolve are followed through only for
    the best few of each group (a card's summons, say), which keeps a decision well under a second."""
    choices = [choice.action for choice in choices_for(view, seat)]
    if len(choices) == 1:
        return choices[0]
    judge = _Judge(view)
    rated: list[tuple[float, dict[str, Any]]] = []
    unfinished: dict[str, list[tuple[float, int, dict[str, Any], State]]] = {}
    for order, action in enumerate(choices):
        trial = _try(view, seat, action, Rng(chooser.randrange(2**62)))
        if trial is None:
            continue
        score = _shallow(judge, trial, seat)
        if _midway(trial, seat):
            unfinished.setdefault(_group(action), []).append((score, order, action, trial))
        else:
            rated.append((score, action))
    for group in unfinished.values():
        group.sort(key=lambda entry: (-entry[0], entry[1]))
        for _, _, action, trial in group[:FOLLOWED]:
            rated.append((judge.evaluate(_follow(judge, trial, seat, chooser), seat), action))
    if not rated:
        return chooser.choice(choices)
    top = max(score for score, _ in rated)
    return chooser.choice([action for score, action in rated if score >= top - 1e-9])


# -- what the self-play reports need


def side_of(state: State, seat: int) -> str:
    return state.factions[seat]


def ending(state: State) -> str:
    """How a finished game ended: a target score, a deck run out, the round limit; a draw when all tie."""
    reason = state.end_reason
    if len(set(team_score(state, s) for s in range(state.players))) == 1:
        return "draw"
    if "points" in reason:
        return "points"
    if "deck" in reason:
        return "deck-out"
    if "round" in reason:
        return "round limit"
    return reason or "unknown"
