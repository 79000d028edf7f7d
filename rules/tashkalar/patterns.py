"""Pattern matching: where a being's pattern fits the acting player's tokens, in any of the 8 orientations."""

from __future__ import annotations

from dataclasses import dataclass

from rules.base import RuleError
from rules.tashkalar.board import ORIENTATION_LABELS, coords, name, on_board
from rules.tashkalar.content import RANK_NAMES, Card, Cell, oriented_cells
from rules.tashkalar.state import State, owner_of, piece_free, rank_of

Grid = dict[tuple[int, int], tuple[int, int]]  # (x, y) -> (owner, rank)


@dataclass(frozen=True)
class Spot:
    where: str
    orientation: str
    pattern: tuple[str, ...]


def grid(state: State) -> Grid:
    return {coords(square): (owner_of(token), rank_of(token)) for square, token in state.board.items()}


def _cells_fit(cells: tuple[Cell, ...], origin: tuple[int, int], tokens: Grid, seat: int, borrow: int | None) -> bool:
    """All cells hold `seat`'s tokens of the asked rank or higher; with `borrow`, exactly one is that colour's."""
    ox, oy = origin
    borrowed = 0
    for dx, dy, rank in cells:
        token = tokens.get((ox + dx, oy + dy))
        if token is None or token[1] < rank:
            return False
        if token[0] != seat:
            if token[0] != borrow or borrowed:
                return False
            borrowed += 1
    return borrow is None or borrowed == 1


def _origins(cells: tuple[Cell, ...], tokens: Grid, owners: set[int]) -> list[tuple[int, int]]:
    """Candidate origins: put the first (rarest) cell on each token that could fill it."""
    ax, ay, rank = cells[0]
    return [(x - ax, y - ay) for (x, y), (owner, have) in tokens.items() if owner in owners and have >= rank]


def reusable(state: State, seat: int, rank: int, exclude: set[str]) -> list[str]:
    """Own tokens of the same kind of piece (disc or legendary) that a shortage lets the player reuse."""
    wanted = (3,) if rank == 3 else (1, 2)
    return sorted(
        square
        for square, token in state.board.items()
        if owner_of(token) == seat and rank_of(token) in wanted and square not in exclude
    )


def supply_ok(state: State, seat: int, card: Card, where: str, pattern: tuple[str, ...]) -> bool:
    if piece_free(state, seat, card.rank):
        return True
    there = state.board.get(where)
    if there and owner_of(there) == seat and (rank_of(there) == 3) == (card.rank == 3):
        return True
    return bool(reusable(state, seat, card.rank, {where, *pattern}))


def spots(state: State, seat: int, card: Card, borrow: int | None = None, tokens: Grid | None = None) -> list[Spot]:
    """Every (square, orientation) where `card` can be summoned right now, one per distinct shape."""
    tokens = grid(state) if tokens is None else tokens
    owners = {seat} if borrow is None else {seat, borrow}
    found: list[Spot] = []
    seen: set[tuple[str, frozenset[str]]] = set()
    for orientation in card.orientations():
        cells = card.oriented(orientation)
        for origin in _origins(cells, tokens, owners):
            if not on_board(*origin) or not _cells_fit(cells, origin, tokens, seat, borrow):
                continue
            there = tokens.get(origin)
            if there is not None and there[1] > card.rank:
                continue
            where = name(*origin)
            pattern = tuple(name(origin[0] + dx, origin[1] + dy) for dx, dy, _ in cells)
            key = (where, frozenset(pattern))
            if key in seen or not supply_ok(state, seat, card, where, pattern):
                continue
            seen.add(key)
            found.append(Spot(where, orientation, pattern))
    return found


def check_spot(state: State, seat: int, card: Card, where: str, orientation: str, borrow: int | None) -> Spot:
    """The spot if `card` fits at `where` in `orientation`; otherwise a RuleError saying which cell fails."""
    tokens = grid(state)
    origin = coords(where)
    how = f"{card.name} at {where} ({ORIENTATION_LABELS[orientation]})"
    pattern = []
    borrowed = 0
    for dx, dy, rank in card.oriented(orientation):
        x, y = origin[0] + dx, origin[1] + dy
        if not on_board(x, y):
            raise RuleError(f"{how} would reach off the arena. Pick a summon from the list: it shows what fits.")
        square = name(x, y)
        token = tokens.get((x, y))
        mine = token is not None and (token[0] == seat or (token[0] == borrow and not borrowed))
        if token is None or not mine or token[1] < rank:
            raise RuleError(
                f"{how} needs your {RANK_NAMES[rank]} (or higher) token on {square}. "
                "Pick a summon from the list: it shows only patterns that fit."
            )
        borrowed += token[0] != seat
        pattern.append(square)
    if borrow is not None and not borrowed:
        raise RuleError(f"{how} fits without improvising; summon it without borrowing a colour.")
    there = tokens.get(origin)
    if there is not None and there[1] > card.rank:
        raise RuleError(
            f"{where} holds a {RANK_NAMES[there[1]]} token, higher than {card.name} "
            f"({RANK_NAMES[card.rank]}): a being cannot be summoned onto a higher rank."
        )
    if not supply_ok(state, seat, card, where, tuple(pattern)):
        raise RuleError(f"You have no {RANK_NAMES[card.rank]} piece left, in your supply or to reuse from the board.")
    return Spot(where, orientation, tuple(pattern))


def shape_present(state: State, seat: int, cells: tuple[Cell, ...], orientations: tuple[str, ...]) -> bool:
    """Whether a task shape (cells relative to one of them) is formed by `seat`'s tokens."""
    tokens = grid(state)
    for orientation in orientations:
        turned = oriented_cells(cells, orientation)
        for origin in _origins(turned, tokens, {seat}):
            if _cells_fit(turned, origin, tokens, seat, None):
                return True
    return False
