"""Dragon Dice's bot: a one-step look-ahead over the legal actions with a Dragon Dice evaluation.

Each candidate action is tried on a copy of the seat's view and followed through the answers it calls for before
the seat decides again: the opponent's counter-manoeuvre (assumed: it opposes), casualties (the cheapest set),
a counter-attack (assumed: it strikes back), and the casting of the spells announced. Actions that roll dice are
tried on a few seeds and their results averaged, so a chancy attack is weighed by more than one roll.

The evaluation counts captured terrains, progress towards the eighth face of the terrains where the seat's armies
stand (weighted by its share of the health there), living health (units in the dead area or the summoning pool
count nothing; units in the reserves count less than on a terrain), magic results not spent yet, lasting effects
and dragons. Opponents' values count against.

The bot sees only engine.view(state, seat): the one thing it hides, an opponent's manoeuvre direction, is never
read (the bot always opposes a manoeuvre at its terrain). Legal actions, whose turn it is and applying an action
come from moves.py, as the engine's do, so engine.py can import this module.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from rules.base import RuleError
from rules.dragondice import actions
from rules.dragondice.content import SAIS, SPECIES, SPELL_LASTING, SPELLS, UNIT_DICE
from rules.dragondice.dice import FROZEN, lasting_op
from rules.dragondice.model import OUT_OF_PLAY, RESERVE, State
from rules.dragondice.moves import awaiting, legal, play
from rules.dragondice.turn import captured, limit_keys
from rules.rng import Rng

Action = dict[str, Any]

WIN = 100_000.0  # a finished game outweighs everything else
CAPTURE = 260.0  # one captured terrain (two win the game)
HEALTH = 10.0  # one point of living health
# A unit in the reserves fights for no terrain until a reserve march brings it back: its health counts less than
# on a terrain, so driving an enemy unit off to its reserves (Undertow) is worth something.
RESERVE_HEALTH = 7.0
# Progress towards the eighth face, by face 1..7, of a terrain where the seat's army stands: turning a terrain up
# is worth about one health point early and more near the top, where the next step captures it.
PROGRESS = (0.0, 4.0, 9.0, 16.0, 26.0, 42.0, 70.0)
RIVAL = 0.8  # how much an opponent's progress weighs against the seat's own (the seat moves first)
MAGIC = 3.0  # one magic result still to spend (a Dragonkin summoned for 3 is worth about a unit of health)
EFFECT = 4.0  # a lasting spell on an army, for or against it
DRAGON_THREAT = 8.0  # a dragon at a terrain where a seat's army stands attacks that army each of its turns
QUALITY = 0.3  # tie-break between equally healthy armies: keep the better dice
SAMPLES = 5  # seeds tried for an action that rolls dice
WIDEST = 40  # at most this many actions are tried (casualties: the cheapest; others: a random sample)
FOLLOW = 40  # answers followed after one action, at most (a counter-attack, casualties, dragon attacks...)

SPECIES_SPELLS = frozenset(s.id for s in SPELLS.values() if s.species)
# Lasting effects the data cannot weigh by their numbers: eighth faces, breaths and our own spells' rules.
GOOD_EFFECTS = frozenset({"tower", "standing_stones", "molten_armour"})
BAD_EFFECTS = frozenset({"air_breath", "water_breath"})


@cache
def effect_sign(source: str) -> float:
    """Whether a lasting effect helps (+1) or hurts (-1) the army it lies on: an SAI's or a spell's declared roll
    changes say so by their sum (halving hurts); the rest are named above."""
    mods: dict[str, object] = {}
    if source in SAIS:
        op = lasting_op(source) or {}
        if op.get("halve"):
            return -1.0
        raw = op.get("mods")
        mods = dict(raw) if isinstance(raw, dict) else {}
    elif source in SPELL_LASTING:
        mods = dict(SPELL_LASTING[source])
    total = sum(v for v in mods.values() if isinstance(v, int))
    if total:
        return 1.0 if total > 0 else -1.0
    return 1.0 if source in GOOD_EFFECTS else -1.0 if source in BAD_EFFECTS else 0.0


def held_by(state: State, unit_id: str) -> int | None:
    """The owner of a unit an effect holds, or None when no such unit is in the view."""
    return next((u.owner for u in state.units if u.id == unit_id), None)


def _actions(state: State, seat: int) -> list[Action]:
    return [choice.action for choice in legal(state, seat)]


# -- copying: deepcopy of a view takes ~0.3 ms; the state is a tree two levels deep (lists of small dataclasses
# whose fields are text, numbers or lists of them), so copying it level by level is several times faster


def _flat(item: Any) -> Any:
    """A copy of a small dataclass (a unit, a terrain, a task...) and of the lists or dicts it holds."""
    if not hasattr(item, "__dataclass_fields__"):
        return item  # text, numbers, None: immutable
    new = object.__new__(type(item))
    fields = item.__dict__.copy()
    for key, value in fields.items():
        if isinstance(value, list | dict):
            fields[key] = value.copy()
    new.__dict__.update(fields)
    return new


def copy_state(state: State) -> State:
    copied = object.__new__(State)
    fields = state.__dict__.copy()
    for key, value in fields.items():
        if isinstance(value, list):
            nested = value and hasattr(value[0], "__dataclass_fields__")  # units, terrains...; else texts, numbers
            fields[key] = [_flat(item) for item in value] if nested else value.copy()
        elif isinstance(value, dict):
            fields[key] = value.copy()
        else:
            fields[key] = _flat(value)  # the manoeuvre or the decision waiting, or None
    copied.__dict__.update(fields)
    return copied


# -- the evaluation


@cache
def _quality(kind: str) -> float:
    """A die's average worth per roll: the results its faces show, an ID counting its health."""
    die = UNIT_DICE[kind]
    return sum(die.health if f.kind == "id" else f.amount for f in die.faces) / len(die.faces)


def _side_value(state: State, seat: int, health_at: dict[tuple[int, str], int]) -> tuple[float, float]:
    """(the seat's material and captures, its progress towards captures)."""
    value = CAPTURE * len(captured(state, seat))
    living = 0
    reserve = 0
    quality = 0.0
    for unit in state.units:
        if unit.owner == seat and unit.where not in OUT_OF_PLAY:
            if unit.where == RESERVE:
                reserve += unit.health
            else:
                living += unit.health
            quality += _quality(unit.kind)
    # casualties still to choose: the damage, up to the health of the army that takes it
    hurt = sum(min(hit.amount, health_at.get((seat, hit.where), 0)) for hit in state.damage if hit.seat == seat)
    value += HEALTH * max(0, living - hurt) + RESERVE_HEALTH * reserve + QUALITY * quality
    progress = 0.0
    for terrain in state.terrains:
        mine = health_at.get((seat, terrain.id), 0)
        if not mine or terrain.captured_by == seat:
            continue
        everyone = sum(h for (_, where), h in health_at.items() if where == terrain.id)
        share = mine / everyone
        progress += PROGRESS[min(terrain.face, 7) - 1] * (0.5 + 0.5 * share)
    for effect in state.effects:
        if effect.target.partition(":")[2] == str(seat):  # an army's effect; terrain effects touch everyone
            value += EFFECT * effect_sign(effect.source)
        elif effect.source == FROZEN and held_by(state, effect.target) == seat:  # a netted/webbed/stunned unit
            value -= EFFECT
    for dragon in state.dragons:
        if dragon.where != "pool" and health_at.get((seat, dragon.where), 0):
            value -= DRAGON_THREAT
    if state.turn == seat and state.pool:
        value += MAGIC * sum(state.pool.values())
    return value, progress


def evaluate(state: State, seat: int) -> float:
    """How good the position is for `seat`: its value less its opponents' (their average)."""
    if state.phase == "over":
        if seat not in state.winners:
            return -WIN
        return WIN if len(state.winners) == 1 else 0.0
    health_at: dict[tuple[int, str], int] = {}
    terrains = {t.id for t in state.terrains}
    for unit in state.units:
        if unit.where in terrains:
            key = (unit.owner, unit.where)
            health_at[key] = health_at.get(key, 0) + unit.health
    value, progress = _side_value(state, seat, health_at)
    others = [s for s in range(state.players) if s != seat]
    rivals = [_side_value(state, s, health_at) for s in others]
    return value + progress - sum(v + RIVAL * p for v, p in rivals) / max(1, len(others))


# -- following an action through the answers it calls for


def _answer(state: State, seat: int) -> Action | None:
    """The reply assumed while following an action; None when the seat decides for itself again."""
    stage = actions.stage(state)
    if stage == "turn":
        if state.turn == seat and state.step == "magic" and state.announced:
            return {"type": "pass"}  # cast what was announced, to weigh the spells by what they do
        return None
    if stage == "counter":
        return {"type": "counter", "oppose": "yes"}
    if stage == "decision" and state.decision is not None and state.decision.kind == "counter_attack":
        return {"type": "counterattack", "strike": "yes"}
    if stage in ("casualties", "decision"):
        waiting = sorted(awaiting(state))
        return _actions(state, waiting[0])[0]  # the cheapest casualties, the first option
    return None


def _follow(state: State, seat: int, rng: Rng) -> None:
    for _ in range(FOLLOW):
        if state.phase == "over":
            return
        answer = _answer(state, seat)
        if answer is None:
            return
        play(state, min(awaiting(state)), answer, rng)


def _rated(view: State, seat: int, action: Action, chooser: random.Random) -> float | None:
    """The action's value, averaged over a few dice seeds when it rolls; None when it cannot be tried."""
    total = 0.0
    for sample in range(SAMPLES):
        trial = copy_state(view)
        rng = Rng(chooser.randrange(2**62))
        try:
            play(trial, seat, action, rng)
            _follow(trial, seat, rng)
        except (RuleError, KeyError, IndexError, ValueError):  # the view hides what this action needs
            return None
        total += evaluate(trial, seat)
        if not rng.rolls:  # no dice: one try says it all
            return total / (sample + 1)
    return total / SAMPLES


# -- choices made without looking ahead


def _draft(view: State, seat: int) -> Action:
    """The species' own home and frontier, armies balanced; the species the other seats have not taken yet."""
    taken = set(view.species[: view.drafted])
    species = next((s for s in list(SPECIES) if s not in taken), list(SPECIES)[seat % len(SPECIES)])
    home, frontier = SPECIES[species].home, SPECIES[species].frontier
    wanted = {"species": species, "home": home, "frontier": frontier, "split": "balanced"}
    options = _actions(view, seat)
    for action in options:
        if all(action.get(key) == value for key, value in wanted.items()):
            return action
    return options[0]


def policy(view: State, seat: int, chooser: random.Random) -> Action:
    options = _actions(view, seat)
    if len(options) == 1:
        return options[0]
    if view.phase == "draft":
        return _draft(view, seat)
    if view.manoeuvre is not None and not view.damage and view.decision is None:
        # Oppose every manoeuvre at our terrain: it costs nothing, and its direction is hidden from us.
        return {"type": "counter", "oppose": "yes"}
    if len(options) > WIDEST:
        if view.damage:  # casualty sets come cheapest first
            options = options[:WIDEST]
        else:
            # keep passing and the species' own spells (rarely castable: never sampled out)
            keep = [a for a in options if a["type"] == "pass" or a.get("spell") in SPECIES_SPELLS]
            rest = [a for a in options if a not in keep]
            options = keep + chooser.sample(rest, max(0, WIDEST - len(keep)))
    best: list[Action] = []
    best_score = float("-inf")
    for action in options:
        score = _rated(view, seat, action, chooser)
        if score is None:
            continue
        if score > best_score + 1e-9:
            best, best_score = [action], score
        elif score >= best_score - 1e-9:
            best.append(action)
    return chooser.choice(best or options)


# -- for balance reports


def side_of(state: State, seat: int) -> str:
    return SPECIES[state.species[seat]].name if seat < len(state.species) else ""


def ending(state: State) -> str:
    """How a finished game ended: two terrains, last army standing, all armies fallen at once, or the round limit
    (decided on captures, on health, or by the roll-off)."""
    winners = state.winners
    if state.phase != "over":
        return "unfinished"
    if len(winners) != 1:
        return "draw"
    winner = winners[0]
    if state.round > state.rounds:
        keys = {s: limit_keys(state, s) for s in range(state.players) if state.alive(s)}
        if sum(1 for k in keys.values() if k[0] == keys[winner][0]) == 1:
            return "round limit (captures)"
        if sum(1 for k in keys.values() if k == keys[winner]) == 1:
            return "round limit (health)"
        return "round limit (roll-off)"
    if len(captured(state, winner)) >= 2:
        return "two terrains"
    if not state.alive(winner):
        return "all armies fallen"
    return "last army standing"
