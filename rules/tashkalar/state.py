"""The game state (plain dataclasses that round-trip through rules.serial) and small queries on it."""

from __future__ import annotations

from dataclasses import dataclass, field

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green")  # seat order, matching render.draw.SEAT_COLOURS
DISCS = 18  # common/heroic tokens per colour (two-sided discs): our number
LEGEND_TOKENS = 3  # legendary tokens per colour: our number
HAND_BEINGS, HAND_LEGENDS, HAND_FLARES = 3, 2, 1
TASKS_ON_OFFER = 3  # our number
TARGET = {"high_form": 9, "deathmatch": 18}
HIDDEN = "?"


# A token on the board is one int, 10 * owner + rank (rank 1 common, 2 heroic, 3 legendary): the board is
# serialised many times a turn and plain ints keep that cheap.
def make_token(owner: int, rank: int) -> int:
    return 10 * owner + rank


def owner_of(token: int) -> int:
    return token // 10


def rank_of(token: int) -> int:
    return token % 10


@dataclass
class Hand:
    beings: list[str] = field(default_factory=list)
    legends: list[str] = field(default_factory=list)
    flares: list[str] = field(default_factory=list)


@dataclass
class Pending:
    """Effects of one card still to resolve; the current one is effects[index] with `left` targets to go."""

    card: str
    part: str  # "being", "top" or "bottom" (a Flare's halves)
    seat: int  # whose effect it is: "own"/"enemy" are seen from this colour
    index: int = 0
    left: int = 0
    used: list[str] = field(default_factory=list)  # squares already handled by this effect
    source: str | None = None  # where the summoned being stands now
    pattern: list[str] = field(default_factory=list)


@dataclass
class Take:
    """A shortage: the player picks which of their tokens on the board to reuse."""

    purpose: str  # "place" or "summon"
    square: str
    options: list[str]
    card: str = ""
    pattern: list[str] = field(default_factory=list)


@dataclass
class LastSummon:
    seat: int
    card: str
    square: str
    pattern: list[str] = field(default_factory=list)
    touched: list[str] = field(default_factory=list)  # squares its effects changed


@dataclass
class State:
    players: int
    mode: str  # "high_form" or "deathmatch"
    teams: bool
    max_rounds: int
    factions: list[str]
    board: dict[str, int] = field(default_factory=dict)
    hands: list[Hand] = field(default_factory=list)
    decks: list[list[str]] = field(default_factory=list)
    discards: list[list[str]] = field(default_factory=list)
    legend_deck: list[str] = field(default_factory=list)
    legend_discard: list[str] = field(default_factory=list)
    flare_deck: list[str] = field(default_factory=list)
    flare_discard: list[str] = field(default_factory=list)
    task_deck: list[str] = field(default_factory=list)
    tasks_offer: list[str] = field(default_factory=list)
    claimed: list[list[str]] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    carry_common: list[int] = field(default_factory=list)  # an odd destroyed common waits for its pair
    tally: list[int] = field(default_factory=lambda: [0, 0, 0])  # enemy commons, heroics, legends destroyed
    borrowed: list[list[str]] = field(default_factory=list)  # colours used for improvised summoning
    active: int = 0
    controller: int = 0  # who acts for the active colour (the teammate after passing control)
    turn: int = 0
    round: int = 1
    actions_left: int = 1
    # actions each seat has on its first turn; empty (tables made before the house rule for three players):
    # the first seat 1, the others 2
    opening: list[int] = field(default_factory=list)
    discarded: bool = False
    extra_cards: int = 0
    queue: list[Pending] = field(default_factory=list)
    take: Take | None = None
    phase: str = "play"  # "play", "claim" (turn end, a task may be claimed), "over"
    ending: bool = False
    end_reason: str = ""
    last: LastSummon | None = None
    changed: list[str] = field(default_factory=list)  # squares changed this turn, for the board image


def team_of(state: State, seat: int) -> int:
    """Seats 0 and 2 play together against 1 and 3 in team play; otherwise everyone alone."""
    return seat % 2 if state.teams else seat


def enemies(state: State, seat: int) -> list[int]:
    return [other for other in range(state.players) if team_of(state, other) != team_of(state, seat)]


def teammate(state: State, seat: int) -> int | None:
    if not state.teams:
        return None
    return (seat + 2) % state.players


def is_enemy(state: State, seat: int, owner: int) -> bool:
    return team_of(state, seat) != team_of(state, owner)


def tokens_of(state: State, seat: int) -> list[str]:
    return [square for square, token in state.board.items() if owner_of(token) == seat]


def discs_free(state: State, seat: int) -> int:
    used = sum(1 for token in state.board.values() if owner_of(token) == seat and rank_of(token) < 3)
    return DISCS - used


def legends_free(state: State, seat: int) -> int:
    used = sum(1 for token in state.board.values() if owner_of(token) == seat and rank_of(token) == 3)
    return LEGEND_TOKENS - used


def piece_free(state: State, seat: int, rank: int) -> bool:
    """Whether the supply holds the physical piece a token of this rank needs."""
    return legends_free(state, seat) > 0 if rank == 3 else discs_free(state, seat) > 0


def upgraded(state: State, seat: int) -> int:
    return sum(1 for token in state.board.values() if owner_of(token) == seat and rank_of(token) >= 2)


def team_score(state: State, seat: int) -> int:
    return sum(state.scores[s] for s in range(state.players) if team_of(state, s) == team_of(state, seat))
