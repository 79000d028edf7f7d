"""D&D: Conquest of Nerath: the contract surface (meta, new, awaiting, legal, act, view, status, outcome, fallback)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rules import serial
from rules.base import (
    ActionLog,
    ActionSpec,
    Choice,
    Engine,
    Event,
    Meta,
    Option,
    Outcome,
    Param,
    RuleError,
    SeatInfo,
    normal,
    require,
    seat_ref,
)
from rules.nerath import battle, board, bot, cards, glossary, guardians, movement, reinforce, sharing, turns
from rules.nerath.board import PIECES, REALMS, SPACES, label, name
from rules.nerath.content import CONTENT, REALM_ORDER
from rules.nerath.state import Battle, Dungeon, Piece, RealmState, State
from rules.rng import Rng
from rules.text import count as counted

HIDDEN = "hidden"
_PIECE = Param("piece", "Kind of piece (footsoldier, dragon, warship...)")
_COUNT = Param("count", "How many pieces", kind="int")

meta = Meta(
    id="nerath",
    title="D&D: Conquest of Nerath",
    min_players=2,
    max_players=4,
    summary="Four realms, armies, warships, dragons and dungeons: conquer lands and treasures for victory points.",
    actions=(
        ActionSpec(
            "move",
            "Move pieces of one kind; land to sea boards a Warship, sea to land goes ashore.",
            (_PIECE, _COUNT, Param("from", "From space", noun="space"), Param("to", "To space", noun="space")),
            menu=True,
        ),
        ActionSpec("fight", "Fight the battle you started in a space.", (Param("space", "Battle space"),)),
        ActionSpec(
            "explore",
            "Send your Heroes against the Guardians of a dungeon entrance.",
            (Param("space", "Dungeon entrance"),),
        ),
        ActionSpec(
            "casualties",
            "Choose which of your pieces take the hits.",
            (Param("pieces", "One kind per hit, comma-separated, or counts: 2 footsoldier,1 dragon", kind="list"),),
            menu=True,
        ),
        ActionSpec(
            "split",
            "Propose how many of the hits shared with your ally your realm takes; the ally takes the rest.",
            (Param("mine", "Hits your realm takes", kind="int"),),
            menu=True,
        ),
        ActionSpec(
            "guardians",
            "For the Guardians you play: choose which Guardian takes each hit and which die it loses.",
            (Param("dice", "One Guardian and die per hit, comma-separated: lich d12,orc-raiders d8", kind="list"),),
            menu=True,
        ),
        ActionSpec("accept", "Accept the split of the hits your ally proposed."),
        ActionSpec("refuse", "Refuse your ally's split: the hits are shared as the rules say."),
        ActionSpec("press", "Fight another battle round."),
        ActionSpec(
            "retreat",
            "Pull the attackers back to a space: all of them, or one kind at a time to split them.",
            (
                Param("to", "Retreat to", noun="space"),
                Param("piece", "Only this kind of piece (to split the retreat)", required=False),
                Param("count", "How many of that kind", kind="int", required=False),
            ),
            menu=True,
        ),
        ActionSpec(
            "amok",
            "Let a Monster run amok into an empty enemy land space.",
            (Param("to", "Space to overrun", noun="space"),),
            menu=True,
        ),
        ActionSpec(
            "buy", "Buy new pieces and place them.", (_PIECE, _COUNT, Param("at", "Where to place them", noun="space"))
        ),
        ActionSpec(
            "play",
            "Play an event card or a treasure from your hand.",
            (Param("card", "Card"), Param("target", "Target space, if the card needs one", required=False)),
        ),
        ActionSpec("end", "End the current step (move, battles, reposition, reinforce)."),
    ),
    options=(
        Option("mode", "alliance (2-4 players) or free-for-all (4 players)", "alliance", ("alliance", "free-for-all")),
        Option(
            "length",
            "short / medium: VP targets; long: all Capitals or treasures",
            "medium",
            ("short", "medium", "long"),
        ),
        Option("round_limit", "Our own rule: after this many rounds the most VP wins", "30", minimum=1, maximum=200),
    ),
    factions=tuple(REALMS[r].short for r in REALM_ORDER),
)

_SIDES = {  # who plays what: the realms each seat runs, by number of players
    2: (("karkoth", "iron_circle"), ("vailin", "nerath")),
    3: (("karkoth",), ("vailin", "nerath"), ("iron_circle",)),
    4: tuple((realm,) for realm in REALM_ORDER),
}


def _seat_map(seats: Sequence[SeatInfo]) -> dict[str, int]:
    """Realms to seats. A seat that asked for a realm at /game join gets it, with its ally when one player runs
    both (2 players: either alliance; 3 players: Karkoth, Vailin with Nerath, or the Iron Circle). The first to ask
    for a side gets it; everyone else takes the free sides in turn order."""
    sides = _SIDES[len(seats)]
    by_name = {REALMS[r].short.lower(): r for r in REALM_ORDER} | {r: r for r in REALM_ORDER}
    side_of_seat: dict[int, tuple[str, ...]] = {}
    for seat, info in enumerate(seats):
        realm = by_name.get((info.faction or "").strip().lower())
        side = next((s for s in sides if realm in s), None)
        if side is not None and side not in side_of_seat.values():
            side_of_seat[seat] = side
    free = [s for s in sides if s not in side_of_seat.values()]
    for seat in range(len(seats)):
        if seat not in side_of_seat:
            side_of_seat[seat] = free.pop(0)
    return {realm: seat for realm in REALM_ORDER for seat, side in side_of_seat.items() if realm in side}


def new(seats: Sequence[SeatInfo], options: dict[str, Any], rng: Rng) -> State:
    players = len(seats)
    require(2 <= players <= 4, "Conquest of Nerath is for 2 to 4 players.")
    mode = str(options.get("mode", "alliance"))
    require(mode in ("alliance", "free-for-all"), "Mode is alliance or free-for-all.")
    require(mode == "alliance" or players == 4, "The free-for-all game needs 4 players.")
    length = str(options.get("length", "medium"))
    require(length in ("short", "medium", "long"), "Length is short, medium or long.")
    realms = {}
    for realm in REALM_ORDER:
        deck = [c.id for c in CONTENT.events.values() if c.realm == realm]
        rng.shuffle(deck)
        realms[realm] = RealmState(gold=REALMS[realm].gold, deck=deck[2:], hand=deck[:2])
    control = {s.id: s.realm for s in SPACES.values() if s.kind == "land" and s.realm}
    state = State(
        players=players,
        mode=mode,
        length=length,
        round_limit=int(options.get("round_limit", 30)),
        seat_of=_seat_map(seats),
        realms=realms,
        control=control,
    )
    for realm in REALM_ORDER:
        # a realm with no ally in this game (every realm in the free-for-all, Karkoth and the Iron Circle with three
        # players) faces an enemy on the strip an ally guards in the alliance games: its garrison stands there
        lone = len(board.side_of(state, realm)) == 1
        extra = REALMS[realm].free_for_all if lone else ()
        if lone and mode == "alliance":  # a lone realm in an alliance game: the 3-player game
            extra += REALMS[realm].three_players
        for space, kind, count in REALMS[realm].start + extra:
            for _ in range(count):
                state.pieces.append(Piece(state.next_id, realm, kind, space))
                state.next_id += 1
    pile = sorted(CONTENT.guardians)
    rng.shuffle(pile)
    for space in sorted(s.id for s in SPACES.values() if s.kind == "dungeon"):
        state.dungeons[space] = Dungeon([pile.pop(0)], [False], [0])
    state.guardian_pile = pile
    state.treasure_deck = sorted(CONTENT.treasures)
    rng.shuffle(state.treasure_deck)
    turns.begin_turn(state, ActionLog(), rng)
    return state


# --- who acts -----------------------------------------------------------------------------------------------------


def awaiting(state: State) -> frozenset[int]:
    if state.finished:
        return frozenset()
    fight = state.battle
    if fight is not None and battle.waiting_on_choice(fight):
        seats = {state.seat_of[r] for r in fight.hits}
        if fight.split_hits:
            seats.add(state.seat_of[_splitter(fight)])
        if fight.guardian_hits:
            seats.add(state.seat_of[guardians.player(state, fight.attacker)])
        return frozenset(seats)
    return frozenset({state.seat_of[board.active(state)]})


def _splitter(fight: Battle) -> str:
    """Who decides the shared hits now: the first ally proposes, the other answers."""
    first, second = sharing.pair(fight.split_default)
    return second if fight.proposal else first


def _deciding_realm(state: State, seat: int) -> str:
    """The realm a seat acts for now (in the 2-player game one seat plays two realms)."""
    fight = state.battle
    if fight is not None and fight.split_hits and state.seat_of[_splitter(fight)] == seat:
        return _splitter(fight)
    if fight is not None and fight.hits:
        return next(r for r in REALM_ORDER if r in fight.hits and state.seat_of[r] == seat)
    return board.active(state)


def _keeping(state: State, seat: int) -> bool:
    """Whether this seat must now choose the Guardians' losses (it never also owes casualties in a dungeon)."""
    fight = state.battle
    return (
        fight is not None
        and bool(fight.guardian_hits)
        and state.seat_of[guardians.player(state, fight.attacker)] == seat
        and not any(state.seat_of[r] == seat for r in fight.hits)
    )


def _guardian_choices(state: State, fight: Battle) -> list[Choice]:
    dungeon = state.dungeons[fight.space]
    return [
        Choice({"type": "guardians", "dice": guardians.value(loss)}, guardians.describe(dungeon, loss), quick=i == 0)
        for i, loss in enumerate(guardians.options(dungeon, fight.guardian_hits))
    ]


def _splitting(state: State, realm: str) -> bool:
    fight = state.battle
    return fight is not None and bool(fight.split_hits) and _splitter(fight) == realm


# --- legal actions ------------------------------------------------------------------------------------------------


def _counts(most: int) -> list[int]:
    return list(range(1, most + 1)) if most <= 3 else [1, most]


def stage(state: State, seat: int) -> str:
    """What the game waits for from `seat`, as boardgame.io names stages: a decision inside a battle (Guardians'
    losses, the allies' split of hits, casualties, press or retreat), a Monster running amok, or the turn's step."""
    fight = state.battle
    if fight is not None and _keeping(state, seat):
        return "guardians"
    realm = _deciding_realm(state, seat)
    if fight is not None and _splitting(state, realm):
        return "answer" if fight.proposal else "split"
    if fight is not None:
        return "casualties" if fight.hits else "battle"
    return "amok" if state.step == "battle" and state.amok else "turn"


def legal(state: State, seat: int) -> list[Choice]:
    if seat not in awaiting(state):
        return []
    with board.reading(state):
        return CHOICES[stage(state, seat)](state, seat)


def _guardians_legal(state: State, seat: int) -> list[Choice]:
    assert state.battle is not None
    return _guardian_choices(state, state.battle)


def _split_legal(state: State, seat: int) -> list[Choice]:
    assert state.battle is not None
    return _split_choices(state, state.battle)


def _casualties_legal(state: State, seat: int) -> list[Choice]:
    fight, realm = state.battle, _deciding_realm(state, seat)
    assert fight is not None
    pieces = [p for p in battle.fighters(state, fight, realm == fight.attacker) if p.realm == realm]
    options = battle.casualty_options(pieces, fight.hits[realm])
    return [
        Choice({"type": "casualties", "pieces": _casualty_value(o)}, f"{name(realm)} loses {_tally(o)}", quick=i == 0)
        for i, o in enumerate(options)
    ]


def _battle_legal(state: State, seat: int) -> list[Choice]:
    fight, realm = state.battle, _deciding_realm(state, seat)
    assert fight is not None
    choices = []
    if fight.stage != "retreat":
        choices.append(Choice({"type": "press"}, f"Press the attack at {label(fight.space)}", quick=True))
    kinds = sorted({p.kind for p in battle.retreaters(state)})
    whole = battle.retreat_options(state)
    single = len(whole) == 1 and len(kinds) == 1  # a lone way back gets a button (menus need two options)
    choices += [
        Choice(
            {"type": "retreat", "to": s},
            f"Retreat everything to {label(s)}{_boarding(state, fight, s)}",
            quick=fight.stage == "retreat" or single,
        )
        for s in whole
    ]
    if len(kinds) > 1:  # splitting the retreat: one kind at a time
        for kind in kinds:
            most = sum(1 for p in battle.retreaters(state) if p.kind == kind)
            for to in battle.retreat_options(state, kind):
                action = {"type": "retreat", "to": to, "piece": kind, "count": most}
                note = _boarding(state, fight, to, kind)
                choices.append(Choice(action, f"Retreat {most} {board.kind_name(kind, most)} to {label(to)}{note}"))
    return choices + _debark_choices(state, realm)


def _amok_legal(state: State, seat: int) -> list[Choice]:
    targets = battle.amok_targets(state, _deciding_realm(state, seat), state.amok_from)
    choices = [
        Choice({"type": "amok", "to": s}, f"A Monster runs amok into {label(s)}", quick=len(targets) == 1)
        for s in targets
    ]
    return [*choices, Choice({"type": "end"}, "Stop running amok", quick=True)]


def _turn_legal(state: State, seat: int) -> list[Choice]:
    """The step's moves: battles to start, moves by land, sea or air, boarding and landing, buying, cards."""
    realm = _deciding_realm(state, seat)
    choices: list[Choice] = []
    if state.step == "battle":
        for space in _fightable(state):
            kind = "explore" if SPACES[space].kind == "dungeon" else "fight"
            choices.append(Choice({"type": kind, "space": space}, f"{kind.title()} at {label(space)}", quick=True))
    if state.step in ("move", "reposition", "reinforce"):
        for option in movement.options(state, realm):
            for count in _counts(option.most):
                choices.append(
                    Choice(
                        {"type": "move", "piece": option.kind, "count": count, "from": option.origin, "to": option.to},
                        movement.move_text(option.kind, count, option.origin, option.to, option.attack),
                    )
                )
    for kind, origin, sea, most in movement.embark_options(state, realm):
        for count in _counts(most):
            choices.append(
                Choice(
                    {"type": "move", "piece": kind, "count": count, "from": origin, "to": sea},
                    f"Board {count} {board.kind_name(kind, count)} at {label(origin)} "
                    f"onto the Warships in {label(sea)}",
                )
            )
    if state.step in ("move", "battle", "reinforce"):
        choices += _debark_choices(state, realm)
    if state.step == "reinforce":
        for kind, at, most in reinforce.buy_options(state, realm):
            for count in _counts(min(most, 6)):
                cost = PIECES[kind].cost * count
                choices.append(
                    Choice(
                        {"type": "buy", "piece": kind, "count": count, "at": at},
                        f"Buy {count} {board.kind_name(kind, count)} at {label(at)} ({cost} gold)",
                    )
                )
    for card, target, text in cards.play_choices(state, realm):
        action = {"type": "play", "card": card} | ({"target": target} if target else {})
        choices.append(Choice(action, text))
    if not (state.step == "battle" and state.pending):
        choices.append(Choice({"type": "end"}, _end_label(state), quick=True))
    return choices


# What each stage offers (legal) -- a new stage is a new entry here and in STAGES below.
CHOICES: dict[str, Callable[[State, int], list[Choice]]] = {
    "guardians": _guardians_legal,
    "split": _split_legal,
    "answer": _split_legal,
    "casualties": _casualties_legal,
    "battle": _battle_legal,
    "amok": _amok_legal,
    "turn": _turn_legal,
}


def _boarding(state: State, fight: Battle, to: str, kind: str = "") -> str:
    """For land pieces retreating to sea: they go aboard the Warships there, and those without a seat are lost."""
    if fight.kind == "sea" or SPACES[to].kind != "sea":
        return ""
    land = [p for p in battle.retreaters(state) if board.piece_type(p.kind) == "land" and (not kind or p.kind == kind)]
    if not land:
        return ""
    seats = sum(board.CARRY - len(board.cargo(state, s)) for s in board.ships_with_room(state, to, fight.attacker))
    lost = max(0, len(land) - seats)
    return " (aboard the Warships" + (f"; {lost} piece{'s' * (lost != 1)} lost)" if lost else ")")


def _casualty_value(kinds: Sequence[str]) -> str:
    """One kind per hit ("footsoldier,fighter"); as counts ("3 footsoldier,9 siege_engine") if that is too long."""
    plain = ",".join(kinds)
    if len(plain) <= 100:
        return plain
    return ",".join(f"{kinds.count(k)} {k}" for k in dict.fromkeys(kinds))


def _tally(kinds: Sequence[str]) -> str:
    """Casualties in words, by kind in the order of the piece list: "2 Footsoldiers, 1 Dragon" (short for menus)."""
    return ", ".join(f"{kinds.count(k)} {board.kind_name(k, kinds.count(k))}" for k in PIECES if k in kinds)


def _debark_choices(state: State, realm: str) -> list[Choice]:
    choices = []
    for kind, sea, to, most in movement.debark_options(state, realm):
        if state.battle is not None and state.battle.space == to:
            where = f"to join the battle at {label(to)}"
        elif board.is_enemy_space(state, to, realm) or SPACES[to].kind == "dungeon":
            where = f"to attack {label(to)}"
        else:
            where = f"at {label(to)}"
        for count in _counts(most):
            choices.append(
                Choice(
                    {"type": "move", "piece": kind, "count": count, "from": sea, "to": to},
                    f"Land {count} {board.kind_name(kind, count)} from {label(sea)} {where}",
                )
            )
    return choices


def _split_choices(state: State, fight: Battle) -> list[Choice]:
    if fight.proposal:
        offer = sharing.describe(fight.proposal)
        return [
            Choice({"type": "accept"}, f"Accept: {offer}", quick=True),
            Choice({"type": "refuse"}, f"Refuse: {sharing.describe(fight.split_default)}", quick=True),
        ]
    choices = []
    first, second = sharing.pair(fight.split_default)
    asks = state.seat_of[first] != state.seat_of[second]  # two people: another split needs the ally's answer
    for mine in sharing.choices(battle.split_counts(state, fight), fight.split_hits):
        split = _split_of(fight, mine)
        default = split == fight.split_default
        if default:
            note = " (the rules' split: no need to ask)" if asks else " (the rules' split)"
        else:
            note = f" ({name(second)} accepts or refuses)" if asks else ""
        choices.append(Choice({"type": "split", "mine": mine}, sharing.describe(split) + note, quick=default))
    return sorted(choices, key=lambda c: not c.quick)


def _split_of(fight: Battle, mine: int) -> dict[str, int]:
    first, second = sharing.pair(fight.split_default)
    return {first: mine, second: fight.split_hits - mine}


def _end_label(state: State) -> str:
    if state.step == "reposition":
        lost: dict[tuple[str, str], int] = {}
        for piece in turns.stranded(state, board.active(state)):
            lost[piece.kind, piece.space] = lost.get((piece.kind, piece.space), 0) + 1
        warning = ", ".join(f"{n} {board.kind_name(k, n)} left at {label(s)}" for (k, s), n in sorted(lost.items()))
        if len(lost) > 2:  # keep the button short
            warning = f"{sum(lost.values())} flying pieces left at sea"
        return "End repositioning" + (f" (lost: {warning})" if warning else "")
    if state.step == "reinforce":
        return f"End the turn and collect {reinforce.income(state, board.active(state))[0]} gold income"
    return {
        "move": "End the move step",
        "battle": "End the battles",
    }[state.step]


def _todo(state: State) -> str:
    """Who must do what now, in words, with the commands to use."""
    realm = board.active(state)
    who = f"{name(realm)} ({seat_ref(state.seat_of[realm])})"
    fight = state.battle
    if fight is not None:
        if fight.hits or fight.guardian_hits:
            owed = [
                f"{name(r)} ({seat_ref(state.seat_of[r])}) chooses casualties for {n} hit{'s' * (n != 1)} (casualties)."
                for r, n in fight.hits.items()
            ]
            if fight.guardian_hits:
                keeper = guardians.player(state, fight.attacker)
                n = fight.guardian_hits
                owed.append(
                    f"{name(keeper)} ({seat_ref(state.seat_of[keeper])}) chooses which Guardians lose which dice "
                    f"for {n} hit{'s' * (n != 1)} (guardians)."
                )
            return " ".join(owed)
        if fight.split_hits:
            return ""  # the split line says who proposes or answers
        if fight.stage == "retreat":
            return f"{who} retreats the other attacking pieces (retreat)."
        return f"{who} presses on (press) or retreats (retreat)."
    if state.step == "move":
        return f"{who} moves pieces (move), then ends the move step (end)."
    if state.step == "battle":
        if state.amok:
            return f"{who} may let a Monster run amok (amok) or stop (end)."
        if state.pending:
            spaces = ", ".join(label(s) for s in _fightable(state))
            verbs = ", ".join(sorted({"explore" if SPACES[s].kind == "dungeon" else "fight" for s in state.pending}))
            return f"{who} fights the battles, sea battles first: {spaces} ({verbs})."
        return f"{who} ends the battle step (end)."
    if state.step == "reposition":
        return f"{who} repositions flying pieces to friendly land (move), then ends the step (end)."
    return f"{who} buys and places new pieces (buy), then ends the turn and collects income (end)."


def _fightable(state: State) -> list[str]:
    """Sea battles come first; then land battles and dungeons."""
    sea = [s for s in state.pending if SPACES[s].kind == "sea"]
    return sea or list(state.pending)


# --- acting -------------------------------------------------------------------------------------------------------


def _text(action: dict[str, Any], key: str, required: bool = True) -> str:
    value = action.get(key)
    if value is None and not required:
        return ""
    require(isinstance(value, str) and 0 < len(value) <= 100, f"Give {key} as a name from the list offered.")
    return str(value).strip().lower()


def _space(action: dict[str, Any], key: str) -> str:
    """A space by id or by its name as shown ("Citadel of Iron's Grasp" -> citadel-of-irons-grasp)."""
    typed = str(action.get(key) or "").strip()[:100]
    space = board.slug(_text(action, key))
    require(space in SPACES, f"There is no space called {typed!r}; use the names offered by autocomplete.")
    return space


def _piece_kind(typed: str) -> str:
    """A kind of piece by its id or its name as shown, one or many ('Siege Engines', 'footsoldier'); '' if none."""
    key = normal(typed)
    return next((k for k, p in PIECES.items() if key in (normal(k), normal(p.name), normal(p.name) + "s")), "")


def _pieces_named() -> str:
    return ", ".join(piece.name for piece in PIECES.values())


def _piece(action: dict[str, Any]) -> str:
    kind = _piece_kind(_text(action, "piece"))
    typed = str(action["piece"]).strip()[:40]
    require(bool(kind), f"There is no piece called {typed!r}; pieces: {_pieces_named()}.")
    return kind


def _count(action: dict[str, Any]) -> int:
    value = action.get("count", 1)
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    require(
        isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 999,
        "Count must be a whole number from 1 to 999.",
    )
    return int(value)


def _kinds(action: dict[str, Any]) -> list[str]:
    raw = action.get("pieces")
    if isinstance(raw, str):
        items = [" ".join(item.split()) for item in raw.split(",") if item.strip()]
    elif isinstance(raw, list) and all(isinstance(item, str) for item in raw):
        items = [item.strip() for item in raw]
    else:
        raise RuleError("List the casualties as piece kinds separated by commas, one per hit.")
    kinds = []
    for item in items:
        many, _, kind = item.partition(" ") if item[:1].isdigit() else ("1", "", item)
        kind = _piece_kind(kind)  # "3 footsoldiers", "Siege Engine"
        require(bool(kind), f"{item[:40]!r} in the casualty list is not a piece; pieces: {_pieces_named()}.")
        require(many.isdigit() and 1 <= int(many) <= 999, f"Give a count from 1 to 999 in {item[:40]!r}.")
        kinds += [kind] * int(many)
    return kinds


Move = Callable[[State, int, dict[str, Any], ActionLog, Rng], None]


def act(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    """Play a move of the stage the game is in (the front door in rules/base.py has checked the game runs, the seat
    is awaited and the action's shape); each move checks the rest before its first change."""
    kind = action["type"]
    now = stage(state, seat)
    moves = STAGES[now]
    require(kind in moves, lambda: _refusal(state, seat, now, kind))
    log = ActionLog()
    moves[kind](state, seat, action, log, rng)
    return log.events


def _refusal(state: State, seat: int, now: str, kind: str) -> str:
    """Why `kind` is not a move of the stage the game is in, and what is."""
    realm = _deciding_realm(state, seat)
    fight = state.battle
    where = label(fight.space) if fight is not None else ""
    if now == "guardians":
        assert fight is not None
        keeper = name(guardians.player(state, fight.attacker))
        return f"{keeper} must first choose which Guardians lose which dice (guardians)."
    if now == "split":
        return (
            f"{name(realm)} must first propose how the hits are shared: /nerath split with the hits your realm takes."
        )
    if now == "answer":
        return f"{name(realm)} must accept or refuse the proposed split of the hits."
    if now == "casualties":
        return f"{name(realm)} must first choose casualties for {where} (casualties)."
    if now == "battle":
        return f"The battle at {where} goes on: press or retreat (or land pieces from a sea you won)."
    return f"{kind} is not possible in the {state.step} step; {name(realm)} can now: {_possible(state, realm)}."


def _guardians(state: State, seat: int, action: dict[str, Any], log: ActionLog, rng: Rng) -> None:
    fight = state.battle
    assert fight is not None
    loss = guardians.parse(state.dungeons[fight.space], action.get("dice"), fight.guardian_hits)
    battle.choose_guardian_losses(state, loss, log, rng)


def _split(state: State, seat: int, action: dict[str, Any], log: ActionLog, rng: Rng) -> None:
    """The first of two allied defenders proposes how the shared hits fall."""
    fight, realm = state.battle, _deciding_realm(state, seat)
    assert fight is not None
    allowed = sharing.choices(battle.split_counts(state, fight), fight.split_hits)
    mine = action.get("mine")
    if isinstance(mine, str) and mine.strip().isdigit():
        mine = int(mine)
    if not (isinstance(mine, int) and not isinstance(mine, bool) and mine in allowed):
        raise RuleError(
            f"{name(realm)} may take {allowed[0]} to {allowed[-1]} of the {fight.split_hits} hits; "
            "the ally takes the rest."
        )
    split = _split_of(fight, mine)
    _, other = sharing.pair(split)
    if split == fight.split_default or state.seat_of[other] == state.seat_of[realm]:
        log.say(f"The hits at {label(fight.space)} are shared: {sharing.describe(split)}.")
        battle.settle_split(state, fight, split, log)
        battle.advance(state, log, rng)
        return
    fight.proposal = split
    log.say(
        f"{name(realm)} proposes: {sharing.describe(split)}. "
        f"{seat_ref(state.seat_of[other])} accepts or refuses for {name(other)}."
    )


def _answer(state: State, seat: int, action: dict[str, Any], log: ActionLog, rng: Rng) -> None:
    """The other ally accepts the proposed split, or refuses it for the rules' own."""
    fight, realm = state.battle, _deciding_realm(state, seat)
    assert fight is not None
    accepted = action["type"] == "accept"
    split = fight.proposal if accepted else fight.split_default
    verb = "accepts" if accepted else "refuses; the rules' split applies"
    log.say(f"{name(realm)} {verb}: {sharing.describe(split)}.")
    battle.settle_split(state, fight, split, log)
    battle.advance(state, log, rng)


def _casualties(state: State, seat: int, action: dict[str, Any], log: ActionLog, rng: Rng) -> None:
    realm = _deciding_realm(state, seat)
    kinds = _kinds(action)
    battle.check_casualties(state, realm, kinds)
    battle.choose_casualties(state, realm, kinds, log, rng)


def _press(state: State, seat: int, action: dict[str, Any], log: ActionLog, rng: Rng) -> None:
    fight = state.battle
    assert fight is not None
    require(fight.stage != "retreat", "The retreat has begun: retreat the other attacking pieces too.")
    battle.press(state, log, rng)


def _retreat(state: State, seat: int, action: dict[str, Any], log: ActionLog, rng: Rng) -> None:
    realm = _deciding_realm(state, seat)
    to = _space(action, "to")
    piece = _piece(action) if action.get("piece") is not None else ""
    count = _count(action) if piece else 0
    if piece:
        have = sum(1 for p in battle.retreaters(state) if p.kind == piece)
        require(1 <= count <= have, f"{name(realm)} has {have} {board.kind_name(piece, have)} to retreat here.")
    options = battle.retreat_options(state, piece)
    where = ", ".join(map(label, options)) or "nowhere (press on)"
    require(to in options, f"You cannot retreat to {label(to)}; retreat to: {where}.")
    battle.retreat(state, to, log, rng, piece, count)


def _land_in_battle(state: State, seat: int, action: dict[str, Any], log: ActionLog, rng: Rng) -> None:
    fight = state.battle
    assert fight is not None
    require(fight.stage == "decide", "The retreat has begun: retreat the other attacking pieces too.")
    piece, count, origin, to = _piece(action), _count(action), _space(action, "from"), _space(action, "to")
    require(
        board.piece_type(piece) == "land" and SPACES[origin].kind == "sea",
        f"While the battle at {label(fight.space)} runs, only pieces landing from a sea you won may join it.",
    )
    _move(state, _deciding_realm(state, seat), piece, count, origin, to, log)


def _play(state: State, seat: int, action: dict[str, Any], log: ActionLog, rng: Rng) -> None:
    card = board.slug(_text(action, "card"))
    target = board.slug(_text(action, "target", required=False))
    if target not in ("", "none"):
        require(target in SPACES, f"There is no space called {str(action.get('target'))[:60]!r}.")
    cards.play(state, _deciding_realm(state, seat), card, target, log)


def _end(state: State, seat: int, action: dict[str, Any], log: ActionLog, rng: Rng) -> None:
    require(
        not (state.step == "battle" and state.pending and not state.amok),
        lambda: f"Fight your battles first: {', '.join(map(label, state.pending))}.",
    )
    turns.end_step(state, log, rng)


def _step_move(state: State, seat: int, action: dict[str, Any], log: ActionLog, rng: Rng) -> None:
    piece, count, origin, to = _piece(action), _count(action), _space(action, "from"), _space(action, "to")
    _move(state, _deciding_realm(state, seat), piece, count, origin, to, log)


def _fight(state: State, seat: int, action: dict[str, Any], log: ActionLog, rng: Rng) -> None:
    """fight or explore: start the battle at a space (explore for a dungeon entrance)."""
    require(state.step == "battle", "Battles are fought in the battle step (end the move step first).")
    require(not state.amok, "Finish running amok first (amok, or end to stop).")
    space = _space(action, "space")
    fightable = _fightable(state)
    require(
        space in fightable,
        lambda: (
            f"No battle to start at {label(space)}; you can: {', '.join(map(label, fightable)) or 'none'} "
            "(sea battles first)."
        ),
    )
    is_dungeon = SPACES[space].kind == "dungeon"
    require(
        is_dungeon == (action["type"] == "explore"), "Use explore for a dungeon entrance and fight for other spaces."
    )
    battle.start(state, space, log, rng)


def _amok(state: State, seat: int, action: dict[str, Any], log: ActionLog, rng: Rng) -> None:
    require(bool(state.amok), "No Monster may run amok now.")
    to = _space(action, "to")
    targets = battle.amok_targets(state, _deciding_realm(state, seat), state.amok_from)
    require(
        to in targets,
        lambda: (
            f"A Monster cannot run amok into {label(to)}; it can go to: {', '.join(map(label, targets)) or 'nowhere'}."
        ),
    )
    battle.run_amok(state, to, log)


def _buy(state: State, seat: int, action: dict[str, Any], log: ActionLog, rng: Rng) -> None:
    require(state.step == "reinforce", "New pieces are bought in the reinforce step.")
    realm = _deciding_realm(state, seat)
    piece, count, at = _piece(action), _count(action), _space(action, "at")
    castle = reinforce.check_buy(state, realm, piece, count, at)
    reinforce.apply_buy(state, realm, piece, count, at, castle, log)


_TURN: dict[str, Move] = {
    "end": _end,
    "play": _play,
    "move": _step_move,
    "fight": _fight,
    "explore": _fight,
    "amok": _amok,
    "buy": _buy,
}
# What each stage accepts, and the move each action type plays there (boardgame.io's stages).
STAGES: dict[str, dict[str, Move]] = {
    "guardians": {"guardians": _guardians},
    "split": {"split": _split},
    "answer": {"accept": _answer, "refuse": _answer},
    "casualties": {"casualties": _casualties},
    "battle": {"press": _press, "retreat": _retreat, "move": _land_in_battle, "play": _play},
    "amok": _TURN,
    "turn": _TURN,
}


def _possible(state: State, realm: str) -> str:
    """The actions open to the realm's player now, for refusals that say what IS allowed."""
    return ", ".join(dict.fromkeys(c.action["type"] for c in legal(state, state.seat_of[realm])))


def _move(state: State, realm: str, piece: str, count: int, origin: str, to: str, log: ActionLog) -> None:
    """One action for all movement: by land, sea or air, boarding a Warship, or going ashore."""
    land_piece = board.piece_type(piece) == "land"
    if land_piece and SPACES[origin].kind == "land" and SPACES[to].kind == "sea":
        boarders = movement.check_embark(state, realm, piece, count, origin, to)
        movement.apply_embark(state, realm, boarders, to, log)
    elif land_piece and SPACES[origin].kind == "sea":
        landers = movement.check_debark(state, realm, piece, count, origin, to)
        movement.apply_debark(state, realm, landers, to, log)
    else:
        require(
            state.step in ("move", "reposition", "reinforce"),
            lambda: (
                f"Nothing moves in the {state.step} step except pieces landing from a sea you won; "
                f"{name(realm)} can now: {_possible(state, realm)}."
            ),
        )
        movers, cost = movement.check_move(state, realm, piece, count, origin, to)
        movement.apply_move(state, realm, movers, to, cost, log)


# --- what players see ---------------------------------------------------------------------------------------------


def view(state: State, seat: int | None) -> State:
    copy = serial.clone(state)
    for realm, mine in copy.realms.items():
        mine.deck = [HIDDEN] * len(mine.deck)
        mine.discard = [HIDDEN] * len(mine.discard)
        if seat is None or state.seat_of[realm] != seat:
            mine.hand = [HIDDEN] * len(mine.hand)
            mine.treasures = [HIDDEN] * len(mine.treasures)
    copy.treasure_deck = [HIDDEN] * len(copy.treasure_deck)
    copy.guardian_pile = [HIDDEN] * len(copy.guardian_pile)
    copy.guardian_discard = sorted(copy.guardian_discard)
    for dungeon in copy.dungeons.values():
        dungeon.guardians = [g if up else HIDDEN for g, up in zip(dungeon.guardians, dungeon.face_up, strict=True)]
    return copy


def status(state: State, seat: int | None) -> str:
    lines = []
    if state.finished:
        lines.append(state.result)
    else:
        realm = board.active(state)
        lines.append(
            f"Round {state.round}/{state.round_limit}: {name(realm)} "
            f"({seat_ref(state.seat_of[realm])}), {state.step} step."
        )
        if state.battle is not None:
            lines.append(f"Battle at {label(state.battle.space)}, round {state.battle.round}.")
            fight = state.battle
            if fight.split_hits:
                deciding = _splitter(fight)
                who = f"{name(deciding)} ({seat_ref(state.seat_of[deciding])})"
                if fight.proposal:
                    what = f"accepts or refuses the proposal: {sharing.describe(fight.proposal)} (accept, refuse)."
                else:
                    what = "proposes a split (split)."
                lines.append(
                    f"{fight.split_hits} hits to share: {who} {what} "
                    f"Without agreement: {sharing.describe(fight.split_default)}."
                )
        todo = _todo(state)
        if todo:
            lines.append(todo)
    sides = board.teams(state)
    # the 3-player game weighs each side's VP against its own target: say what each needs
    targets = state.length != "long" and len({turns.vp_target(state, side) for side in sides}) > 1
    for side in sides:
        parts = [f"{name(r)} {state.realms[r].vp} VP, {state.realms[r].gold} gold" for r in side]
        notes = [f"shared {turns.side_vp(state, side)} VP"] if len(side) > 1 else []
        notes += [f"target {turns.vp_target(state, side)} VP"] if targets else []
        lines.append(" + ".join(parts) + (f" ({', '.join(notes)})" if notes else ""))
    if seat is not None:
        for realm in REALM_ORDER:
            if state.seat_of[realm] != seat:
                continue
            mine = state.realms[realm]
            lines.append(f"Your {name(realm)} cards (played with /nerath play on {name(realm)}'s turn):")
            for card in mine.hand:
                lines.append(f"- {CONTENT.events[card].name}: {CONTENT.events[card].text}")
            for card in mine.treasures:
                treasure = CONTENT.treasures[card]
                lines.append(f"- {treasure.name} (treasure, {treasure.vp} VP): {treasure.text}")
            if not mine.hand and not mine.treasures:
                lines.append("- none")
    return "\n".join(lines)


def outcome(state: State) -> Outcome | None:
    if not state.finished:
        return None
    scores = {seat: 0 for seat in range(state.players)}
    for realm, seat in state.seat_of.items():
        scores[seat] += state.realms[realm].vp
    treasures: dict[int, int] = {seat: 0 for seat in range(state.players)}
    for realm, seat in state.seat_of.items():
        treasures[seat] += state.realms[realm].collected
    figures = {seat: (counted(treasures[seat], "treasure", zero="0"),) for seat in scores}
    every = len(state.winners) == len(scores) > 1  # every seat shares the win: a draw, as other games say it
    return Outcome(
        tuple(state.winners), scores, state.result, reason=state.end_reason, unit="VP", figures=figures, draw=every
    )


def fallback(state: State, seat: int) -> dict[str, Any]:
    """Take the cheapest casualties, retreat when possible, fight pending battles in order, else end the step."""
    choices = legal(state, seat)
    for choice in choices:
        if choice.action["type"] in ("casualties", "guardians", "refuse") or (
            choice.action["type"] == "split" and choice.quick
        ):
            return choice.action
    if state.battle is not None:
        retreats = [c.action for c in choices if c.action["type"] == "retreat"]
        return retreats[0] if retreats else {"type": "press"}
    for choice in choices:
        if choice.action["type"] in ("fight", "explore"):
            return choice.action
    return {"type": "end"}


def play_bot(view: State, seat: int, chooser: random.Random) -> dict[str, Any]:
    """The game's bot (rules/nerath/bot.py), given this module's legal() and stage()."""
    return bot.policy(view, seat, chooser, legal, stage)


ENGINE = Engine(
    meta=meta,
    State=State,
    new=new,
    awaiting=awaiting,
    legal=legal,
    apply=act,
    view=view,
    status=status,
    outcome=outcome,
    fallback=fallback,
    glossary=glossary.lookups,
    bot=play_bot,
    places=glossary.places,
)
