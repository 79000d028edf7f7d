"""The game state: plain dataclasses that round-trip through rules.serial."""

from __future__ import annotations

from dataclasses import dataclass, field

STEPS = ("move", "battle", "reposition", "reinforce")  # draw and income happen on their own


@dataclass
class Piece:
    id: int
    realm: str
    kind: str
    space: str
    moved: int = 0  # spaces moved in the current step
    stopped: bool = False  # may not move again this step (attacked, debarked, retreated...)
    carrier: int | None = None  # id of the Warship carrying this land piece
    hit: bool = False  # took a hit in the current battle: a Dragon is wounded, a Castle out of the fight
    new: bool = False  # bought this turn: only these move in the reinforce step


@dataclass
class Dungeon:
    guardians: list[str] = field(default_factory=list)  # guardian tile ids, in order
    face_up: list[bool] = field(default_factory=list)
    dice_left: list[int] = field(default_factory=list)  # dice each guardian still has in the current battle
    lost: list[list[int]] = field(default_factory=list)  # sizes of the dice each guardian lost in this battle


@dataclass
class Battle:
    space: str
    attacker: str
    kind: str  # "land", "sea" or "dungeon"
    round: int = 1
    stage: str = "first"  # "first", "main" (strikes) or "decide" (attacker presses or retreats)
    hits: dict[str, int] = field(default_factory=dict)  # realm -> hits it must now take (awaited choice)
    split_hits: int = 0  # hits two allied defenders must still share out (awaited: proposal, then answer)
    split_default: dict[str, int] = field(default_factory=dict)  # the split the rules give without agreement
    proposal: dict[str, int] = field(default_factory=dict)  # the first ally's proposed split, awaiting the other
    guardian_hits: int = 0  # hits on the Guardians their player must still assign (awaited choice)


@dataclass
class RealmState:
    gold: int
    vp: int = 0
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)  # event cards, secret
    treasures: list[str] = field(default_factory=list)  # treasure cards held, secret
    played: list[str] = field(default_factory=list)  # treasures in play (their Property lasts)
    collected: int = 0  # treasures ever plundered (long game)
    turn_roll: dict[str, int] = field(default_factory=dict)  # this turn's attack bonus by piece (events)
    turn_move: dict[str, int] = field(default_factory=dict)  # this turn's move bonus by piece (events)
    turn_income: int = 0
    start_castles: list[str] = field(default_factory=list)  # castle spaces held since the start of the turn
    start_control: list[str] = field(default_factory=list)  # land spaces held at the start of the turn
    placed: dict[str, int] = field(default_factory=dict)  # castle space -> new pieces placed there this turn
    new_castles: list[str] = field(default_factory=list)  # spaces given a new Castle this turn


@dataclass
class State:
    players: int
    mode: str  # "alliance" or "free-for-all"
    length: str  # "short", "medium" or "long"
    round_limit: int
    seat_of: dict[str, int]  # realm -> seat that plays it
    realms: dict[str, RealmState]
    control: dict[str, str]  # land space -> controlling realm
    pieces: list[Piece] = field(default_factory=list)
    next_id: int = 1
    dungeons: dict[str, Dungeon] = field(default_factory=dict)
    guardian_pile: list[str] = field(default_factory=list)  # face down, secret order
    guardian_discard: list[str] = field(default_factory=list)
    treasure_deck: list[str] = field(default_factory=list)
    round: int = 1
    turn: int = 0  # index into REALM_ORDER
    step: str = "move"
    pending: list[str] = field(default_factory=list)  # spaces where the active realm must fight
    battle: Battle | None = None
    sea_won: list[str] = field(default_factory=list)  # sea spaces won this turn (landings may follow)
    amok: list[int] = field(default_factory=list)  # Monsters that may still run amok
    amok_from: str = ""
    plundered: list[str] = field(default_factory=list)  # dungeons whose Heroes must leave in reposition
    battles_now: list[str] = field(default_factory=list)  # spaces fought over this turn
    battles_last: list[str] = field(default_factory=list)  # ... and in the previous turn (for the board)
    winners: list[int] = field(default_factory=list)
    finished: bool = False
    result: str = ""
    end_reason: str = ""  # why the game ended, for the game-over post ("the round limit (3 rounds) was reached")
