"""The Genertela game state: plain dataclasses that round-trip through rules.serial."""

from __future__ import annotations

from dataclasses import dataclass, field

ORDINARY = ("standard", "killmen", "named_dragonewt", "giant", "dragon")  # army units without a name
MONSTERS = ("giant", "dragon")
# The seed: an individual of more than one type (Dragon Hero, Guardian Assassin) has the powers of both types.
# A type named with one word for two (the Dragon Hero) lists both powers here; a unit with several types has all
# of theirs.
POWERS = {"dragon_hero": ("dragon", "hero")}
IMMOBILE = ("city", "forest")


# Bumped whenever a unit is created or changes zone: the board's caches (units by zone, reach) see from it, and
# from the units list's identity and length, that placement changed, with nobody having to tell them.
PLACEMENTS = [0]
# Bumped whenever anything else of a unit changes (its nation, name, seat on a Dragonewt city, stand outside the
# walls...): the board's memos of who holds, counts and blocks in a zone see from it that they are out of date.
STANDINGS = [0]


BOT = -1  # the seat of the sides nobody sits at: the bot plays them


@dataclass
class Unit:
    uid: int
    nation: str
    kind: str  # standard, killmen, city, forest, giant, dragon, named_dragonewt, special
    zone: str
    name: str = ""
    types: list[str] = field(default_factory=list)  # special units: hero, superhero, guardian, assassin, ...
    unit_id: str = ""  # the schedule's id of a special unit
    recovery: str = "none"  # none, *, **, infinite
    stays: str = "listed_turns"
    home: str = ""  # where it was placed: recovered units come back there
    immobile: bool = False
    moved: bool = False
    in_army: bool = False  # part of the alliance army during an alliance turn
    lent_from: str = ""  # the nation that lent it to the alliance's leader for that turn
    free_move: bool = False  # Hon-eel: moves and retreats like an Assassin without being one
    outside: bool = False  # declared outside the City or fortress of its zone: blocks, no defence bonus in round 1
    sitting: bool = False  # a named Dragonewt on the Dragonewt city of its zone rather than holding the zone

    def __setattr__(self, name: str, value: object) -> None:
        if name == "zone":
            PLACEMENTS[0] += 1
        else:
            STANDINGS[0] += 1
        object.__setattr__(self, name, value)

    @property
    def category(self) -> str:
        """The target category of the battle rules (units of one resistance)."""
        if self.kind in MONSTERS or "crimson_bat" in self.types:
            return "monsters"
        if "dragon_hero" in self.types:
            return "dragon_heroes"
        if self.kind == "special":
            return "special_characters"
        return "standard_units"

    @property
    def powers(self) -> frozenset[str]:
        """What the unit counts as for the battle, overrun and loss rules: its kind (a Giant, a Dragon) and each of
        its types, a dual type giving both (a Dragon Hero is a Dragon and a Hero)."""
        found = {self.kind} if self.kind in MONSTERS else set()
        for kind in self.types:
            found.update(POWERS.get(kind, (kind,)))
        return frozenset(found)

    @property
    def mobile(self) -> bool:
        return self.kind not in IMMOBILE and not self.immobile

    @property
    def assassin_only(self) -> bool:
        return self.types == ["assassin"]

    def label(self) -> str:
        return self.name or self.kind.replace("_", " ")


@dataclass
class Battle:
    zone: str
    attacker: str
    defender: str
    round: int = 1
    step: str = "target"  # target, casualties, retreat_defender, retreat_attacker
    hits: dict[str, int] = field(default_factory=dict)  # nation -> hits it must still take this round
    category: dict[str, str] = field(default_factory=dict)  # nation -> category the hits fall on
    special_hits: dict[str, int] = field(default_factory=dict)  # nation -> hits scored by special characters
    protected: list[int] = field(default_factory=list)  # uids of Assassins that used their ability in round 1
    aims: dict[str, str] = field(default_factory=dict)  # nation -> target category chosen this round (secret)


@dataclass
class Bidding:
    """The auction for sides before the campaign (seating option "bid")."""

    opener: int  # the seat that opened the current auction
    to_act: int  # the seat that must bid or pass now
    resume_phase: str  # the game phase to go back to when every player has a side
    side: str = ""  # the side being auctioned; "" while the opener has not chosen
    high: int = 0
    high_seat: int = -1
    passed: list[int] = field(default_factory=list)


@dataclass
class Decision:
    """A choice the engine awaits from one nation's owner (a zone, a vote, a demand); options[0] is the default the
    bot and the deadline fallback take, which is also what the engine did before players could choose."""

    nation: str  # whose owner decides
    kind: str  # placement, recovery, tribute, troops, passage, withdraw, vote, lend
    options: list[str]
    labels: list[str]
    data: dict[str, str] = field(default_factory=dict)  # what the decision is about (units, zones, nations)


@dataclass
class Politics:
    """Submission, alliance and schedule-duty bookkeeping (helper module: politics.py and its friends)."""

    passage: list[str] = field(default_factory=list)  # subjects allowed through their overlord's zones
    providers: dict[str, int] = field(default_factory=dict)  # nation -> units it sent to the alliance turn
    votes: dict[str, int] = field(default_factory=dict)  # seat (as text, "bot" for the bot) -> votes cast for it
    horde: list[int] = field(default_factory=list)  # uids of True Golden Horde units that stay together
    left: list[str] = field(default_factory=list)  # "alliance>nation": nations that left an alliance
    loans: list[int] = field(default_factory=list)  # uids lent for one turn: back to their lender when it ends
    partial: dict[str, str] = field(default_factory=dict)  # Deathline zone -> "subject>overlord" (partial submission)
    unformed: list[str] = field(default_factory=list)  # this turn's alliances whose centre no member held
    feuds: list[str] = field(default_factory=list)  # "zone>attacker>ally": attacks on an ally left unchallenged
    resume: str = ""  # what the flow does once the awaited decisions are answered


@dataclass
class State:
    players: int
    side_seat: dict[str, int]  # side -> seat; -1 means the bot plays that side
    turn: int = 1
    first_turn: int = 1
    last_turn: int = 40
    order_index: int = 0  # position of the active nation in the turn record
    phase: str = "build"  # build, move, battle, over
    units: list[Unit] = field(default_factory=list)
    next_uid: int = 1
    resources: dict[str, int] = field(default_factory=dict)  # nation -> points carried or to spend now
    vp: dict[str, int] = field(default_factory=dict)  # nation -> victory points
    recovering: list[Unit] = field(default_factory=list)  # ** units that failed a roll and may try again
    fallen: list[Unit] = field(default_factory=list)  # special units eliminated during this nation turn
    battle: Battle | None = None
    built: list[str] = field(default_factory=list)  # zones that got a bought unit this nation turn
    pass_entries: dict[str, int] = field(default_factory=dict)  # zone -> units that entered it over a narrow pass
    flags: list[str] = field(default_factory=list)
    great_chaos_nest: str = ""
    changed: list[str] = field(default_factory=list)  # zones that changed hands this nation turn (renderer)
    overrun: list[str] = field(default_factory=list)  # enemy zones overrun this movement step: passable now
    overlords: dict[str, str] = field(default_factory=dict)  # subject nation -> overlord nation
    revolted: list[str] = field(default_factory=list)  # "subject>overlord": that overlord refuses them again
    full_vp_subjects: list[str] = field(default_factory=list)  # subjects whose VP are not halved (turn 27)
    invasion_done: bool = False  # the nation's extra movement and combat step of an invasion turn is used
    bidding: Bidding | None = None
    alliance: str = ""  # the alliance whose turn is being played
    acting_for: str = ""  # the nation leading that alliance turn
    alliance_queue: list[str] = field(default_factory=list)  # alliance turns still to play this turn
    penalties: dict[str, int] = field(default_factory=dict)  # side -> VP bid for it, taken off at the end
    handicapped: bool = False  # the house handicap applies (scores.py); tables made before it existed: no
    # the handicap's rates by how the players share the sides apply too (option shared_rates); older tables: no
    by_seating: bool = False
    scenario: str = "full"  # "short": the players took over at turn 25, when the scores started
    decisions: list[Decision] = field(default_factory=list)  # awaited before anything else (first one first)
    politics: Politics = field(default_factory=Politics)
    city_attacks: list[str] = field(default_factory=list)  # zones where the active nation fights over a Dragonewt city
    fought: list[str] = field(default_factory=list)  # zones fought over in the last nation turn with battles (renderer)
    fought_in: str = ""  # the nation turn ("turn:order:alliance") those battles belong to
    unseated: str = "simple"  # who plays the sides nobody sits at: "normal" (policy.decide) or "simple" (next_action)
