"""The Dragon Dice state: plain dataclasses that round-trip through rules.serial."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.dragondice.content import EIGHTH_FACES, TERRAINS, UNIT_DICE

RESERVE = "reserve"  # a unit's place: a terrain id ("t0"...), RESERVE, DEAD, BURIED or SUMMONING
DEAD = "dead"
BURIED = "buried"
SUMMONING = "summoning"  # the summoning pool: Dragonkin waiting for Summon Dragonkin (not units in play)
OUT_OF_PLAY = (DEAD, BURIED, SUMMONING)

STAY = "stay"  # a Vanish decision's option: the units stay in their army (the automatic choice)


@dataclass
class Unit:
    id: str  # "u0", "u1"...
    owner: int
    kind: str  # a UNIT_DICE id, "<species>/<unit>"
    where: str
    died: int = 0  # order of death (larger = more recent), for "most recently killed"

    @property
    def health(self) -> int:
        return UNIT_DICE[self.kind].health

    @property
    def name(self) -> str:
        return UNIT_DICE[self.kind].name


@dataclass
class Terrain:
    id: str  # "t0"...
    kind: str  # a TERRAINS id
    face: int
    home_of: int | None  # None: the frontier
    captured_by: int | None = None
    title: str = ""  # set when two terrains share a type ("Highland II"), so every text tells them apart

    @property
    def name(self) -> str:
        return self.title or TERRAINS[self.kind].name

    def action(self) -> str:
        return "eighth" if self.face == 8 else TERRAINS[self.kind].bands[self.face - 1]

    def shows(self) -> str:
        """What the face means to a player: its action, or the name of the eighth face."""
        return EIGHTH_FACES[TERRAINS[self.kind].eighth].name if self.face == 8 else self.action()


@dataclass
class Dragon:
    id: str
    owner: int
    element: str  # its first colour ("ivory", "white" for those kinds); what older saves hold alone
    where: str = "pool"  # "pool" or a terrain id
    kind: str = ""  # a kind of dragons.json; "" (older saves): the elemental dragon of `element`
    form: str = ""  # "drake" or "wyrm"; "" (older saves): a drake


@dataclass
class Effect:
    """A lasting spell or eighth-face bonus; it expires at the start of its caster's next turn."""

    source: str  # a spell id, or "tower" / "standing_stones"
    caster: int
    target: str  # an army "t1:0", or a terrain "t1"
    amount: int = 1


@dataclass
class Damage:
    """Damage waiting for its owner to choose casualties (or applied at once when there is no choice)."""

    seat: int
    where: str
    amount: int
    reason: str
    bury: bool = False  # a death dragon's breath: the units it kills are buried


@dataclass
class Manoeuvre:
    """A declared manoeuvre while the opponents decide whether to counter it. The direction is secret."""

    seat: int
    terrain: str
    direction: str  # "up" / "down"; blanked in every view but the marching player's
    pending: list[int] = field(default_factory=list)
    countering: list[int] = field(default_factory=list)


@dataclass
class Decision:
    """A choice awaited in the middle of automatic work: whether to counter-attack ("counter_attack"), or one of the
    marching player's own choices: which dragon attacks next ("order"), which unit the City returns ("city"),
    which unit Treasure promotes ("promote")."""

    kind: str
    seat: int
    where: str = ""
    target: str = ""  # the attacking seat, for a counter-attack
    options: list[str] = field(default_factory=list)  # the values that may be chosen, the automatic one first


@dataclass
class Cast:
    spell: str
    target: str
    element: str


@dataclass
class Task:
    """Automatic work queued behind a decision (a counter-attack after casualties, a spell to resolve...)."""

    kind: str
    seat: int
    where: str = ""
    target: str = ""


@dataclass
class State:
    players: int
    force: int = 24
    rounds: int = 12
    setup: str = "standard"
    armies: str = "quick"  # how armies not picked unit by unit are built: "quick" (the species' usual) or "random"
    species: list[str] = field(default_factory=list)
    home: list[str] = field(default_factory=list)  # each seat's home terrain type
    frontier: list[str] = field(default_factory=list)  # each seat's proposed frontier type
    split: list[str] = field(default_factory=list)
    picks: list[str] = field(default_factory=list)  # each seat's own units per army ("home=a,b;horde=..."), or ""
    dragon_picks: list[str] = field(default_factory=list)  # each seat's dragons ("fire/wyrm,white"), or "": defaults
    horde: list[int] = field(default_factory=list)  # whose home terrain each seat's horde army invades
    phase: str = "draft"  # "draft" (seats choose in order), "ready" (standard setup), "play", "over"
    drafted: int = 0
    units: list[Unit] = field(default_factory=list)
    terrains: list[Terrain] = field(default_factory=list)
    dragons: list[Dragon] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    first: int = 0
    turn: int = 0  # the marching player
    round: int = 1
    step: str = "march"  # "march", "action", "magic", "reinforce", "retreat"
    march: int = 1
    marching: str = ""  # where the marching army stands during "action" and "magic"
    marched: list[str] = field(default_factory=list)
    flown: list[str] = field(default_factory=list)  # units that flew by Air Flight this turn (once a turn)
    mired: list[str] | None = None  # Mire: the marching army's only units that roll in this march (None: all)
    manoeuvre: Manoeuvre | None = None
    damage: list[Damage] = field(default_factory=list)
    decision: Decision | None = None  # comes before any damage queued with it
    tasks: list[Task] = field(default_factory=list)
    pool: dict[str, int] = field(default_factory=dict)  # magic results by colour set, "fire+earth" -> 3
    racial: dict[str, int] = field(default_factory=dict)  # magic results each species' units rolled (species spells)
    announced: list[Cast] = field(default_factory=list)
    hits: dict[str, int] = field(default_factory=dict)  # Finger of Death points on a unit this magic action
    flooded: list[str] = field(default_factory=list)  # terrains a spell (Flash Flood, Rising Ground) turned this turn
    deaths: int = 0
    winners: list[int] = field(default_factory=list)
    result: str = ""
    end_reason: str = ""  # why the game ended, for the game-over post ("<seat:0> holds two captured terrains")
    tiebreak: str = ""  # the tie-break that decided it at the round limit, if one did
    notes: list[str] = field(default_factory=list)  # this turn's changes, for the board
    last_notes: list[str] = field(default_factory=list)  # the previous turn's, still shown after it ends

    def terrain(self, tid: str) -> Terrain:
        for terrain in self.terrains:
            if terrain.id == tid:
                return terrain
        raise KeyError(tid)

    def unit(self, uid: str) -> Unit:
        for unit in self.units:
            if unit.id == uid:
                return unit
        raise KeyError(uid)

    def army(self, seat: int, where: str) -> list[Unit]:
        return [u for u in self.units if u.owner == seat and u.where == where]

    def alive(self, seat: int) -> bool:
        return any(u.owner == seat and u.where not in OUT_OF_PLAY for u in self.units)

    def seats_at(self, tid: str) -> list[int]:
        return sorted({u.owner for u in self.units if u.where == tid})
