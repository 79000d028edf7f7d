"""The engine contract every game follows (see rules/README.md).

A game is a package rules/<id>/ whose engine module ends by building its `ENGINE = Engine(...)` from:

    meta: Meta
    State: type                                  # a dataclass; rules.serial round-trips it through JSON
    new(seats, options, rng) -> State
    awaiting(state) -> frozenset[int]            # seats that must act now (empty once the game is over)
    legal(state, seat) -> list[Choice]           # every complete action that seat may take now
    apply(state, seat, action, rng) -> list[Event] # validate, then apply in place; RuleError leaves state as it was
    check(state, seat, action) -> None           # optional: validate only, without building legal()
    view(state, seat | None) -> State            # a redacted copy: what that seat (None: the channel) may see
    status(state, seat | None) -> str            # a short text of the situation; with a seat, its private part too
    outcome(state) -> Outcome | None
    fallback(state, seat) -> dict                # an always-legal, never-clever action for a timed-out seat
    next(state, seat, legal) -> list[Step]        # optional: what to do now, in the game's words (rules/nextstep.py)

Actions are plain JSON dicts: {"type": "<action name>", "<param>": value, ...}. Their names and
parameters are declared in `meta.actions`, which is what the Discord cogs and the console turn into
commands. Seats are numbered from 0; text refers to a player with `seat_ref(n)`, which the table
replaces by that player's name or mention (seats can change hands, so names never live in the state).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from rules.content import Source
from rules.rng import Rng

if TYPE_CHECKING:
    from rules.nextstep import Step

S = TypeVar("S")


class RuleError(Exception):
    """An illegal action. The message is shown to the player: say what was wrong and what is allowed."""


ParamKind = Literal["choice", "int", "text", "list"]


@dataclass(frozen=True)
class Param:
    """One parameter of an action. `choice` values come from legal(); `list` is comma-separated choices."""

    name: str
    help: str
    kind: ParamKind = "choice"
    required: bool = True
    noun: str = ""  # what one value is called in a refusal ("space" for `from`), where the name is no noun

    @property
    def called(self) -> str:
        return self.noun or self.name


@dataclass(frozen=True)
class ActionSpec:
    """One kind of action, shown as a subcommand (/<game> <name> ...) and a console command."""

    name: str
    help: str
    params: tuple[Param, ...] = ()
    secret: bool = False  # the action itself is hidden (e.g. a secret manoeuvre): acknowledge it privately
    # Offer the awaited seat's legal choices of this action in a select menu under the board: for decisions
    # picked from a list (casualties, a square) rather than typed.
    menu: bool = False


@dataclass(frozen=True)
class Option:
    """A table option chosen at /game new, with its default. `choices` empty means a whole number."""

    name: str
    help: str
    default: str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0

    def parse(self, raw: str) -> str | int:
        if self.choices:
            for choice in self.choices:
                if choice.lower() == raw.strip().lower():
                    return choice
            raise RuleError(f"Option {self.name} must be one of: {', '.join(self.choices)}.")
        try:
            value = int(raw)
        except ValueError:
            raise RuleError(f"Option {self.name} must be a whole number.") from None
        if not self.minimum <= value <= self.maximum:
            raise RuleError(f"Option {self.name} must be between {self.minimum} and {self.maximum}.")
        return value


@dataclass(frozen=True)
class Meta:
    id: str
    title: str
    min_players: int
    max_players: int
    summary: str  # one line for /game new
    actions: tuple[ActionSpec, ...]
    options: tuple[Option, ...] = ()
    factions: tuple[str, ...] = ()  # what a player may ask for at /game join (colour, realm, side...)
    demo: bool = False  # a small game for trying the bot, listed last
    command: str = ""  # the slash-command group name when it differs from id (e.g. "sw")

    def action(self, name: str) -> ActionSpec:
        for spec in self.actions:
            if spec.name == name:
                return spec
        names = ", ".join(spec.name for spec in self.actions)
        raise RuleError(f"There is no action called {name!r} in {self.title}. Actions: {names}.")

    def resolve_options(self, given: dict[str, str]) -> dict[str, str | int]:
        known = {option.name: option for option in self.options}
        for name in given:
            if name not in known:
                raise RuleError(f"{self.title} has no option {name!r}. Options: {', '.join(known) or 'none'}.")
        return {name: option.parse(given.get(name, option.default)) for name, option in known.items()}


@dataclass(frozen=True)
class SeatInfo:
    """What the table tells the engine about a seat when the game starts."""

    faction: str | None = None


@dataclass(frozen=True)
class Choice:
    """One complete legal action, with a label for autocomplete, buttons and the console."""

    action: dict[str, Any]
    label: str
    quick: bool = False  # offer it as a button under the board (common next steps: end turn, pass...)


EventKind = Literal["info", "roll", "turn_end", "reveal", "game_end", "routine"]


@dataclass(frozen=True)
class Event:
    """Something that happened. Public unless `to` names the seats that may see it.

    kind "roll": the text shows every die's face (engines must emit one for each roll they make).
    kind "turn_end": a player's turn is over; the table keeps a board snapshot.
    kind "reveal": hidden information became public (undo then needs everyone's consent).
    kind "routine": a step the game takes by itself (a turn's header, income, troops readied): shown as it happens,
    left out of a player's "since your last turn" recap.
    `affects`: the seats this event costs something (a region or piece lost, a battle or card against them), so
    their recap shows it first; set by the engines, never read from the text.
    """

    text: str
    kind: EventKind = "info"
    to: tuple[int, ...] | None = None
    affects: tuple[int, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """The result. The game-over post is built from the data, never from parsing `summary`: the winner line
    gives `reason` and `tiebreak`, the score table `scores` counted in `unit` and the `figures` beside them."""

    winners: tuple[int, ...]  # several seats for a shared win or an alliance
    scores: dict[int, int]
    summary: str
    reason: str = ""  # why the game ended, to follow "because" or stand after a colon: "three in a row"
    tiebreak: str = ""  # the tie-break that decided the winners ("" when the scores alone did): "most race tokens"
    unit: str = "point"  # what the scores count, singular: "coin", "VP", "point" (an all-capital unit has no plural)
    # seat -> more figures of the score table, worded with rules.text.count: ("12 race tokens on the map",)
    figures: Mapping[int, tuple[str, ...]] = field(default_factory=dict)  # read-only: any engine's dict fits
    draw: bool = False  # nobody won (every seat shares the result)


_SEAT_REF = re.compile(r"<seat:(\d+)>")


def seat_ref(seat: int) -> str:
    return f"<seat:{seat}>"


def fill_seats(text: str, name: Callable[[int], str]) -> str:
    """Replace seat references in engine text by whatever the caller shows for that seat."""
    return _SEAT_REF.sub(lambda match: name(int(match.group(1))), text)


Message = str | Callable[[], str]  # a refusal; a callable is worded only when refusing (it may list legal moves)


def require(condition: bool, message: Message) -> None:
    """Raise a RuleError with the player-facing `message` unless `condition` holds. Pass a callable when the
    wording is costly (it lists the legal moves): it is then worded only when refusing."""
    if not condition:
        raise RuleError(message if isinstance(message, str) else message())


_IGNORED_IN_NAMES = re.compile(r"[\s\-_'’.]+")


def normal(text: str) -> str:
    """What two spellings of one name have in common: 'Capweaver-Den', "capweaver den" -> 'capweaverden'. The one
    key by which typed names are matched to the names of the game (autocomplete, /info, /board zoom)."""
    return _IGNORED_IN_NAMES.sub("", text).casefold()


@dataclass(frozen=True)
class Lookup:
    """One thing of a game a player can look up with /info: a race, a power, a card, a spell, a unit, a nation..."""

    name: str  # as players read it on the board and in choices
    kind: str  # what it is, in the game's words: "race", "legend", "spell", "special unit"
    text: str  # what it does, in our own words
    source: Source  # a fact of the published game, or the project's own
    facts: tuple[str, ...] = ()  # its numbers, each short: "9 tokens", "costs 3", "rank heroic"
    picture: tuple[str, ...] = ()  # a small picture in text, one line each (a summoning pattern, a die's faces)
    key: str = ""  # the game's own id for it (a unit die's), by which its renderer draws its picture for /info


class Engine(Generic[S]):
    """A game as the table sees it: the functions of its rules module, behind one front door.

    Each game builds one at the end of its rules/<id>/engine.py (`ENGINE = Engine(meta=..., ...)`) and
    rules.GAMES lists where, beside its renderer. `act` first checks what every game checks (the game is running,
    the seat is awaited, the action is declared in meta.actions and its parameters have their declared kinds), then
    hands over to the game's own rules (`apply`: validate, then change the state in place).

    `check`, where a game has one, decides whether an action is legal without building the whole legal()
    list; `is_legal` uses it, or compares against legal() for games that have none. `glossary`, where a game
    has content, lists what /info explains, and `places`, where it has a map, what /info says of each place as it
    stands. `bot` plays a seat for a bot (see rules/bots.py). `next`, where a game has better words than the
    default grouping of legal() (rules/nextstep.py), says what the awaited seat may do now.
    """

    def __init__(
        self,
        *,
        meta: Meta,
        State: type[S],  # the state's class, named as the games name it
        new: Callable[[Sequence[SeatInfo], dict[str, Any], Rng], S],
        awaiting: Callable[[S], frozenset[int]],
        legal: Callable[[S, int], list[Choice]],
        apply: Callable[[S, int, dict[str, Any], Rng], list[Event]],
        view: Callable[[S, int | None], S],
        status: Callable[[S, int | None], str],
        outcome: Callable[[S], Outcome | None],
        fallback: Callable[[S, int], dict[str, Any]],
        check: Callable[[S, int, dict[str, Any]], None] | None = None,
        glossary: Callable[[], list[Lookup]] | None = None,
        bot: Callable[[S, int, random.Random], dict[str, Any]] | None = None,
        places: Callable[[S], list[Lookup]] | None = None,
        next: Callable[[S, int, list[Choice]], list[Step]] | None = None,
    ) -> None:
        self.meta = meta
        self.State = State
        self.new = new
        self.awaiting = awaiting
        self.legal = legal
        self.apply = apply
        self.view = view
        self.status = status
        self.outcome = outcome
        self.fallback = fallback
        self.own_check = check
        self._glossary = glossary
        self._places = places  # what /info says of each place of the map as it stands (public view)
        self.bot = bot  # the game's bot: (the seat's view, seat, chooser) -> an action (rules/bots.py)
        self.next = next  # the game's own steps for the turn's "next" line ([]: the default from legal())

    def __repr__(self) -> str:
        return f"<Engine {self.meta.id}>"

    def act(self, state: S, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
        """Validate `action` for `seat` and apply it in place; RuleError leaves the state as it was."""
        self.admit(state, seat, action)
        return self.apply(state, seat, action, rng)

    def admit(self, state: S, seat: int, action: dict[str, Any]) -> ActionSpec:
        """The front door: what every game refuses the same way, before its own rules are asked."""
        waiting = self.awaiting(state)
        if not waiting:
            raise RuleError("This game is over.")
        if seat not in waiting:
            who = ", ".join(seat_ref(s) for s in sorted(waiting))
            raise RuleError(f"It is not your move: the game is waiting for {who}.")
        kind = action.get("type")
        if not isinstance(kind, str):
            raise RuleError(f"An action needs a type. {self.meta.title} actions: {self._names()}.")
        spec = self.meta.action(kind)
        declared = {param.name: param for param in spec.params}
        for key, value in action.items():
            if key == "type":
                continue
            param = declared.get(key)
            if param is None:
                allowed = ", ".join(declared) or "none"
                raise RuleError(f"{spec.name} has no parameter {key!r}. Parameters: {allowed}.")
            if not _has_kind(value, param.kind):
                raise RuleError(f"{spec.name}: {param.name} must be {_KIND_WORDS[param.kind]}.")
        for param in spec.params:
            if param.required and action.get(param.name) in (None, "", []):
                raise RuleError(f"{spec.name} needs {param.name}: {param.help}.")
        return spec

    def check(self, state: S, seat: int, action: dict[str, Any]) -> None:
        """Raise RuleError unless `seat` may play `action` now; nothing is changed."""
        self.admit(state, seat, action)
        if self.own_check is not None:
            self.own_check(state, seat, action)
        elif action not in [choice.action for choice in self.legal(state, seat)]:
            raise RuleError(f"That {action['type']} is not possible now.")

    def is_legal(self, state: S, seat: int, action: dict[str, Any]) -> bool:
        try:
            self.check(state, seat, action)
        except RuleError:
            return False
        return True

    def _names(self) -> str:
        return ", ".join(spec.name for spec in self.meta.actions)

    def glossary(self) -> list[Lookup]:
        """Everything of this game /info can explain (none for a game without content, such as tic-tac-toe), by
        kind, then name."""
        found = self._glossary() if self._glossary is not None else []
        return sorted(found, key=lambda entry: (entry.kind, entry.name.casefold()))

    def places(self, public: S) -> list[Lookup]:
        """Every place of the map of the game in `public` (a public view): its terrain, neighbours, special rules
        and what stands there now, seats written as seat references; none for a game without a map."""
        return self._places(public) if self._places is not None else []


_KIND_WORDS: dict[ParamKind, str] = {
    "choice": "one of the offered values",
    "int": "a whole number",
    "text": "some text",
    "list": "a list of values, separated by commas",
}


def _has_kind(value: Any, kind: ParamKind) -> bool:
    """Whether an action's parameter value has its declared kind (what table/text/actions.py produces from input)."""
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "list":  # a list, or its comma-separated text (as some games' legal() and older logs give it)
        return isinstance(value, str) or (isinstance(value, list) and all(isinstance(i, str | int) for i in value))
    return isinstance(value, str | int)


@dataclass
class ActionLog:
    """Helper for engines: collects events while an action is applied."""

    events: list[Event] = field(default_factory=list)

    def say(
        self, text: str, kind: EventKind = "info", to: tuple[int, ...] | None = None, affects: tuple[int, ...] = ()
    ) -> None:
        self.events.append(Event(text, kind, to, tuple(sorted(set(affects)))))


Move = Callable[[S, int, dict[str, Any], Rng, ActionLog], None]  # (state, seat, action, rng, log): check, then play


@dataclass(frozen=True)
class Moves(Generic[S]):
    """Helper for engines: a game's moves by action type, and which of them each stage of its turn accepts
    (boardgame.io's stages), in one table that plays an action and says what is allowed instead. Without stages,
    every move is accepted at any time. A stage naming a move the table lacks fails at import, not in play."""

    moves: Mapping[str, Move[S]]
    stages: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unknown = {kind for kinds in self.stages.values() for kind in kinds} - set(self.moves)
        if unknown:
            raise ValueError(f"stages name moves that are not in the table: {', '.join(sorted(unknown))}")

    def accepted(self, stage: str = "") -> tuple[str, ...]:
        """The action types the stage accepts (every one, for a game without stages)."""
        return self.stages.get(stage, ()) if self.stages else tuple(self.moves)

    def play(
        self,
        state: S,
        seat: int,
        action: dict[str, Any],
        rng: Rng,
        log: ActionLog,
        stage: str = "",
        refusal: Message | None = None,
    ) -> None:
        """Play `action` by its move if the stage accepts it; else refuse with `refusal` (by default: what the
        stage accepts). The move itself checks the rest before its first change."""
        kind = action["type"]
        allowed = self.accepted(stage)
        require(kind in allowed, refusal or (lambda: f"You cannot {kind} now; you may: {', '.join(sorted(allowed))}."))
        self.moves[kind](state, seat, action, rng, log)
