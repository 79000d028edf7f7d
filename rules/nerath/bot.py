"""Conquest of Nerath's bot: a planning policy over the legal actions, with a battle-strength evaluation.

Nerath offers hundreds of moves per step, and copying a state is costly, so rather than trying each legal action
the bot rates the few that matter with a game-specific evaluation and plays the best one:

- cards: treasures at once (VP, gold and a lasting bonus), events in the move step (gold, free pieces, bonuses);
- move step: attack the enemy land (or dungeon, with Heroes) that gives the most VP and income for the least
  risk, sending stacks until the attackers' strength (expected hits per round times pieces) outweighs the
  defenders' by a safe margin; then march idle stacks one step nearer the front (whole stacks, few actions);
- battles: fight sea battles first as the rules ask, press while the attack is still strong enough, else retreat;
  take the cheapest casualties; let Monsters run amok into empty enemy land (free VP);
- reinforce: buy Dragons (they fly over the front to the capitals), then Siege Engines (two dice attacking),
  Footsoldiers when the capital is threatened, at the castle nearest the front, in bulk: few pieces and actions.

The bot sees only engine.view(state, seat): its own hands and what is on the board (the Guardians face down are
never read). It chooses among the actions legal() offers on that view, so it always plays a legal move.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

from rules.base import Choice
from rules.nerath import board
from rules.nerath.board import HEROES, PIECES, REALMS, SPACES
from rules.nerath.content import CONTENT
from rules.nerath.state import Piece, State

Action = dict[str, Any]

MARGIN = 1.2  # attack only when our strength is this many times the defence's (dice are swingy)
PRESS = 0.9  # keep pressing while our remaining strength is at least this share of the defence's
EMPTY = 0.05  # the strength of an undefended land: one piece takes it
CAPITAL_VP = 5  # what conquering a capital scores (other land: 1)
GUARD = 2  # pieces kept at home in a capital an enemy could reach


@cache
def _hit_chance(die: int, bonus: int = 0, need: int = 6) -> float:
    return max(0, min(die, die - (need - bonus) + 1)) / die


def _power(state: State, piece: Piece, attacking: bool) -> float:
    """Expected hits per battle round of one piece."""
    dice = 2 if piece.kind == "siege_engine" and attacking else 1
    bonus = board.roll_bonus(state, piece.realm, piece.kind)
    return dice * _hit_chance(PIECES[piece.kind].die, bonus)


def _lives(piece: Piece) -> int:
    return 2 if piece.kind == "dragon" and not piece.hit else 1


def strength(state: State, pieces: list[Piece], attacking: bool) -> float:
    """Lanchester-style fighting strength: total expected hits per round times the hits the side can take."""
    if not pieces:
        return 0.0
    power = sum(_power(state, p, attacking) for p in pieces)
    lives = sum(_lives(p) for p in pieces)
    return power * lives


def _defenders(state: State, space: str, side: tuple[str, ...]) -> list[Piece]:
    fighters = [p for p in state.pieces if p.space == space and p.realm not in side]
    if SPACES[space].kind == "sea":
        return [p for p in fighters if board.piece_type(p.kind) != "land" or p.kind in HEROES]
    return [p for p in fighters if not (p.kind == "castle" and p.hit)]


def _attackers(state: State, space: str, realm: str) -> list[Piece]:
    return [p for p in state.pieces if p.space == space and p.realm == realm]


def _front_distance(state: State, side: tuple[str, ...]) -> dict[str, int]:
    """Land steps from each space to the nearest enemy land (moving over any land)."""
    return board.land_steps(s for s, owner in state.control.items() if owner not in side)


def _target_value(state: State, space: str, realm: str) -> float:
    kind = SPACES[space].kind
    if kind == "dungeon":
        return 2.5  # a Treasure (1-3 VP, gold) and the Guardians' gold
    if kind != "land":
        return 0.0
    owner = SPACES[space].realm
    liberation = owner is not None and board.allied(state, realm, owner)
    value = 1.0 if liberation else (CAPITAL_VP if SPACES[space].capital else 1.0)
    value += 1.0  # the income of one more land, and one less for the enemy
    if any(p.kind == "castle" for p in state.pieces if p.space == space):
        value += 1.5  # a castle to buy at
    return value


def _capital_threatened(state: State, realm: str, side: tuple[str, ...]) -> bool:
    capital = REALMS[realm].capital
    near = {capital, *SPACES[capital].adjacent}
    return any(p.realm not in side and p.space in near for p in state.pieces)


# -- the stages


def _pick(options: list[Action], kind: str) -> Action | None:
    return next((a for a in options if a["type"] == kind), None)


def _battle_choice(state: State, options: list[Action]) -> Action:
    fight = state.battle
    assert fight is not None
    side = board.side_of(state, fight.attacker)
    ours = [p for p in state.pieces if p.space == fight.space and p.realm == fight.attacker]
    if fight.kind == "sea":
        ours = [p for p in ours if board.piece_type(p.kind) != "land" or p.kind in HEROES]
    elif fight.kind == "dungeon":
        ours = [p for p in ours if p.kind in HEROES]
    if fight.kind == "dungeon":
        dungeon = state.dungeons[fight.space]
        theirs = float(sum(dungeon.dice_left)) ** 2 * 0.45
    else:
        theirs = strength(state, _defenders(state, fight.space, side), attacking=False)
    press = _pick(options, "press")
    if press is not None and strength(state, ours, attacking=True) >= PRESS * theirs:
        return press
    retreats = [a for a in options if a["type"] == "retreat" and "piece" not in a]
    if retreats:
        return min(retreats, key=lambda a: a["to"])
    return press or options[0]


def _plays(state: State, options: list[Action]) -> Action | None:
    """A card worth playing now: treasures at once; events in the move step (their bonuses last the turn)."""
    for action in options:
        if action["type"] != "play":
            continue
        if action["card"] in CONTENT.treasures or state.step == "move":
            return action
    return None


def _attack_move(state: State, realm: str, side: tuple[str, ...], options: list[Action]) -> Action | None:
    """The next stack to send into an attack: first to battles already begun that need more, then a new target."""
    moves = [a for a in options if a["type"] == "move" and board.is_enemy_space(state, a["to"], realm)]
    moves += [a for a in options if a["type"] == "move" and SPACES[a["to"]].kind == "dungeon"]
    by_target: dict[str, list[Action]] = {}
    capital = REALMS[realm].capital
    guard = _capital_threatened(state, realm, side)
    home = sum(1 for p in state.pieces if p.space == capital and p.realm == realm and p.kind != "castle")
    for action in moves:
        to, kind = action["to"], action["piece"]
        if SPACES[to].kind == "sea":
            continue  # sea battles: too risky for what they give
        if SPACES[to].kind == "dungeon" and kind not in HEROES:
            continue
        if board.piece_type(kind) == "land" and SPACES[action["from"]].kind == "sea":
            continue  # landings: leave the cargo aboard
        if guard and action["from"] == capital and home - action["count"] < GUARD:
            continue
        most = max(a["count"] for a in moves if a["to"] == to and a["piece"] == kind and a["from"] == action["from"])
        if action["count"] != most:
            continue  # whole stacks only: fewer actions
        by_target.setdefault(to, []).append(action)
    best: tuple[float, Action] | None = None
    for to, actions in by_target.items():
        if SPACES[to].kind == "dungeon":
            theirs = 0.45 * (1.5 + len(state.dungeons[to].guardians)) ** 2  # face down: a guess of their dice
        else:
            theirs = strength(state, _defenders(state, to, side), attacking=False)
        present = _attackers(state, to, realm)
        have = strength(state, present, attacking=True)
        need = max(EMPTY, MARGIN * theirs)
        if have >= need and present:
            continue  # enough on the way
        ranked = sorted(actions, key=lambda a: -_stack_strength(state, realm, a))
        # Everything that could join: is the target in reach at all?
        joined = present + [p for a in ranked for p in _stack(state, realm, a)]
        if strength(state, joined, attacking=True) < need:
            continue
        pick = ranked[0]
        if not present and not theirs:  # an empty land: the cheapest single piece does
            pick = min(actions, key=lambda a: (PIECES[a["piece"]].cost, a["from"]))
            if pick["count"] > 1:
                pick = dict(pick, count=1) if any(a == dict(pick, count=1) for a in options) else pick
        score = _target_value(state, to, realm) + (10.0 if present else 0.0) - 0.1 * theirs
        if best is None or score > best[0]:
            best = (score, pick)
    return best[1] if best else None


def _stack(state: State, realm: str, action: Action) -> list[Piece]:
    pieces = [
        p
        for p in state.pieces
        if p.space == action["from"] and p.realm == realm and p.kind == action["piece"] and not p.stopped
    ]
    return pieces[: action["count"]]


def _stack_strength(state: State, realm: str, action: Action) -> float:
    pieces = _stack(state, realm, action)
    return sum(_power(state, p, True) for p in pieces) + 0.1 * len(pieces)


def _advance(state: State, realm: str, side: tuple[str, ...], options: list[Action]) -> Action | None:
    """March an idle stack nearer the front (whole stacks, over friendly land)."""
    dist = _front_distance(state, side)
    capital = REALMS[realm].capital
    guard = _capital_threatened(state, realm, side)
    best: tuple[int, Action] | None = None
    for action in options:
        if action["type"] != "move" or board.is_enemy_space(state, action["to"], realm):
            continue
        origin, to = action["from"], action["to"]
        if SPACES[origin].kind != "land" or SPACES[to].kind != "land" or origin not in dist or to not in dist:
            continue
        if board.piece_type(action["piece"]) == "flying" and state.step != "move":
            continue
        gain = dist[origin] - dist[to]
        if gain <= 0 or dist[origin] <= 1:
            continue  # already at the front, or no nearer
        if guard and origin == capital:
            continue
        stack = [p for p in state.pieces if p.space == origin and p.realm == realm and p.kind == action["piece"]]
        if action["count"] < min(len(stack), max(a["count"] for a in options if a.get("from") == origin)):
            continue
        if best is None or gain > best[0]:
            best = (gain, action)
    return best[1] if best else None


def _buy(state: State, realm: str, side: tuple[str, ...], options: list[Action]) -> Action | None:
    """The best value for the gold, in bulk, at the castle nearest the front."""
    buys = [a for a in options if a["type"] == "buy" and SPACES[a["at"]].kind == "land"]
    if not buys:
        return None
    dist = _front_distance(state, side)
    # A Dragon (5 gold: two lives, a d20, three spaces over anything) reaches capitals and makes few pieces to
    # move; Siege Engines (two dice attacking) spend what is left; Footsoldiers (a life per gold) hold a
    # threatened capital.
    gold = state.realms[realm].gold
    want = "dragon" if gold >= PIECES["dragon"].cost else "siege_engine"
    if _capital_threatened(state, realm, side):
        want = "footsoldier"

    def rank(action: Action) -> tuple[int, int, str]:
        return (dist.get(action["at"], 99), -action["count"], action["at"])

    for kind in (want, "siege_engine", "footsoldier"):
        mine = [a for a in buys if a["piece"] == kind]
        if mine:
            return min(mine, key=rank)
    return None


def _turn(state: State, options: list[Action]) -> Action:
    realm = board.active(state)
    side = board.side_of(state, realm)
    end = _pick(options, "end")
    card = _plays(state, options)
    if card is not None:
        return card
    if state.step == "battle":
        if state.amok:
            amok = _pick(options, "amok")
            return amok or end or options[0]
        fight = next((a for a in options if a["type"] in ("fight", "explore")), None)
        return fight or end or options[0]
    if state.step == "move":
        action = _attack_move(state, realm, side, options) or _advance(state, realm, side, options)
        return action or end or options[0]
    if state.step == "reinforce":
        return _buy(state, realm, side, options) or end or options[0]
    # reposition: a flying piece still over sea lands (else it is lost); the rest stay where they fought
    for action in options:
        if action["type"] == "move" and _must_land(state, action):
            return action
    return end or options[0]


def _must_land(state: State, action: Action) -> bool:
    """A flying piece left over sea (or in a dungeon) must land, else it is lost."""
    return SPACES[action["from"]].kind != "land" and SPACES[action["to"]].kind == "land"


Legal = Callable[[State, int], list[Choice]]  # the engine's legal()
Stage = Callable[[State, int], str]  # the engine's stage(): what kind of decision the seat faces


def policy(view: State, seat: int, chooser: random.Random, legal: Legal, stage_of: Stage) -> Action:
    """The bot's action. engine.py hands it its own legal() and stage() (the engine imports this module, so this
    module does not import the engine): ENGINE.bot is this policy with them filled in."""
    options = [choice.action for choice in legal(view, seat)]
    if len(options) == 1:
        return options[0]
    stage = stage_of(view, seat)
    if stage in ("casualties", "guardians"):
        return options[0]  # the cheapest losses (the Guardians': the automatic choice)
    if stage == "split":
        return next((a for a in options if a.get("mine") is not None), options[0])
    if stage == "answer":
        return _pick(options, "accept") or options[0]
    if stage == "battle":
        return _battle_choice(view, options)
    return _turn(view, options)


# -- for balance reports


def side_of(state: State, seat: int) -> str:
    realms = [board.name(r) for r, s in state.seat_of.items() if s == seat]
    return " + ".join(realms)


def ending(state: State) -> str:
    """How a finished game ended: the VP target, all Capitals or treasures (long game), or the round limit."""
    if not state.finished:
        return "unfinished"
    if "round limit" in state.result:
        return "round limit (shared)" if "share" in state.result else "round limit"
    if state.length == "long":
        capitals = [REALMS[r].capital for r in REALMS]
        won = {r for r, s in state.seat_of.items() if s in state.winners}
        return "capitals" if all(state.control[c] in won for c in capitals) else "treasures"
    return "victory points"
