"""The game state: plain dataclasses that round-trip through rules.serial.

It keeps everything the renderer draws: owners and token counts of regions, monsters, Places/Relics and
markers on regions, the combo row with its coins, the turn, whose turn, this turn's conquests, and each
player's active and declined combo and tokens in hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Phases of the active player's turn.
PICK = "pick"  # no active race: choose a combo from the row
CONQUER = "conquer"  # conquests (abandoning and declining only before the first one)
REDEPLOY = "redeploy"  # conquests are over: move tokens, then finish the turn
DEFENDERS = "defenders"  # the turn is scored; conquered players put back their tokens
OVER = "over"


@dataclass
class Combo:
    race: str
    power: str
    coins: int = 0  # coins lying on it in the row


@dataclass
class Region:
    owner: int | None = None
    tokens: int = 0
    declined: bool = False
    monsters: int = 0
    treasure: str | None = None  # a Place or Relic id lying here
    markers: list[str] = field(default_factory=list)  # "ancient", "queen"


@dataclass
class Player:
    coins: int = 5
    active: Combo | None = None
    declined: Combo | None = None
    hand: int = 0  # tokens of the active race not on the map
    pending: int = 0  # tokens returned by a conquest, to put back at the end of the attacker's turn
    ancient_placed: bool = False  # Cultists: the Great Ancient has joined the map
    queen_placed: bool = False  # Royal: the Queen has settled


@dataclass
class TurnLog:
    """What the current turn did (renderer highlights `conquered`; scoring reads the rest)."""

    conquered: list[str] = field(default_factory=list)
    from_occupied: int = 0  # regions taken from another race's tokens
    from_declined: int = 0
    from_monsters: int = 0
    victims: list[int] = field(default_factory=list)  # players conquered from (distinct)
    die_used: bool = False
    doormat_used: bool = False
    ancient_moved: bool = False
    moves: int = 0  # redeploy moves made this turn (capped so a turn always ends)
    declined: bool = False
    picked: bool = False  # a race picked this turn conquers; it may go into decline next turn at the earliest


@dataclass
class State:
    players: int = 2
    map_id: str = ""
    turns: int = 10
    turn: int = 1  # the game turn (turn marker), 1..turns
    current: int = 0  # whose turn it is
    phase: str = PICK
    regions: dict[str, Region] = field(default_factory=dict)
    row: list[Combo] = field(default_factory=list)  # the 6 visible combos, top first
    races: list[str] = field(default_factory=list)  # race banners waiting, next first
    powers: list[str] = field(default_factory=list)  # power badges waiting, next first
    treasures: list[str] = field(default_factory=list)  # Place/Relic stack, top first (hidden)
    tray: dict[str, int] = field(default_factory=dict)  # race -> tokens left in the tray
    seats: list[Player] = field(default_factory=list)
    log: TurnLog = field(default_factory=TurnLog)
    last_seat: int | None = None  # whose turn ended last, and what they conquered (the board highlights it)
    last_conquered: list[str] = field(default_factory=list)
    revealed: bool = False  # coins shown at the end
