"""Every refusal a player can get reads plainly: no ids or codes, no parameter names as nouns or in brackets, no
contradictions, and a did-you-mean offers a name that, typed back, is taken.

Seeded random games of every installed game are replayed (the engine contract's games), and at many steps wrong
actions are sent as a player would type them: actions of another phase, other seats' moves, legal actions with one
value swapped for a wrong target, a wrong name, a near miss or a bad number, and the contract's own bad input. Each
goes the table's way (table.actions.build_action, then the table's reading of typed names, then the engine) and the
refusal is read as the player reads it. Nothing here names an id: the ids are learned from the games' legal choices.
About 8,700 refusals in all; the file takes about 13 s on a 2-core machine.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

import rules
from rules import serial
from rules.base import Choice, Engine, RuleError, fill_seats, normal
from rules.rng import Rng
from table.service.play import _typed_action
from table.text.actions import build_action
from table.text.names import value_names
from tests.engine_contract import _bad_actions, start
from tests.table.test_typed_back import _hand_names

PEOPLE = ("Alice", "Bob", "Carol", "Dave", "Erin")
STEPS = 75  # actions played per game; wrong actions are tried at every CHECK_EVERY-th step
CHECK_EVERY = 3
MUTATIONS = 6  # legal choices of each checked step mutated, each in every way
PER_STEP = 40  # of the wrong actions made at a step, this many (at random) are sent
# words that are parameter names in some game but never nouns in English: 'There is no from called ...'
NOT_NOUNS = {"from", "to", "at", "against", "where", "borrow", "oppose", "mine", "bottom"}
_SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9]\b")
_CODE = re.compile(r"\b[a-z]{1,2}\d+:\d+\b")  # t0:0
_DID_YOU_MEAN = re.compile(r"called (['\"])(.*?)\1 you can choose now\. Did you mean (.+)\?$", re.S)
_QUOTED = re.compile(r"(?<![\w])['\"‘“]([^'\"’”\n]{2,60})['\"’”](?![\w])")


@dataclass
class Sent:
    game: str
    step: int
    how: str
    typed: dict[str, str]
    text: str  # the refusal as the player reads it
    again: str | None = None  # what goes wrong when the name its did-you-mean offers is typed back (None: taken)


@dataclass
class Game:
    """One seeded game and what it has shown so far: the values of its actions and the labels shown for them."""

    engine: Engine[Any]
    state: Any
    chooser: random.Random
    seen: dict[str, list[tuple[int, dict[str, Any]]]] = field(default_factory=dict)  # type -> (seat, action)
    names: dict[str, str] = field(default_factory=dict)  # a value -> the name shown for it
    kinds: dict[str, set[str]] = field(default_factory=dict)  # a parameter -> the values it has taken
    labels: set[str] = field(default_factory=set)  # every label shown, with the players' names in
    scratch: Any = None  # a copy of the state to try wrong actions on; a refusal leaves it as it was (the contract)

    def attempt(self, seat: int, action: dict[str, Any]) -> str | None:
        """The engine's refusal of `action` on a copy of the state (None: it was legal and the copy moved on)."""
        if self.scratch is None:
            self.scratch = serial.clone(self.state)
        try:
            self.engine.act(self.scratch, seat, action, Rng(7))
        except RuleError as error:
            return str(error)
        self.scratch = None
        return None

    def learn(self, seat: int, choices: list[Choice]) -> None:
        types = {choice.action["type"] for choice in choices}
        for kind in types:
            params = {key for choice in choices if choice.action["type"] == kind for key in choice.action}
            for param in params - {"type"}:
                for value, shown in value_names(choices, kind, param).items():
                    self.names.setdefault(value, shown)
                    self.kinds.setdefault(param, set()).add(value)
        for choice in choices:
            self.labels.add(choice.label)
            group = self.seen.setdefault(choice.action["type"], [])
            if len(group) < 40:
                group.append((seat, choice.action))

    def codes(self) -> re.Pattern[str] | None:
        """What finds the values that are codes, not names: never shown in a label as they are ('t0:0', 'wind_walk',
        '0m'). One pattern for them all, made once: a refusal is searched for any of them."""
        shown = "\n".join(self.labels)
        codes = {
            value
            for value in self.names
            if re.search(r"[_\d:]", value)
            and not value.isdigit()
            and not re.search(rf"(?<![\w:]){re.escape(value)}(?![\w:])", shown)
        }
        if not codes:
            return None
        return re.compile(rf"(?<![\w:])(?:{'|'.join(map(re.escape, sorted(codes, key=len, reverse=True)))})(?![\w:])")


def name(seat: int) -> str:
    return PEOPLE[seat] if seat < len(PEOPLE) else f"Player {seat + 1}"


def _text(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, list) else str(value)


def refusal(game: Game, seat: int, typed: dict[str, str], kind: str) -> str | None:
    """What the player reads when typing this action (None: it was legal after all): the table's own path."""
    try:
        action = build_action(game.engine.meta, kind, typed)
        action = _typed_action(game.engine, game.state, seat, action, name)
    except RuleError as error:
        return str(error)
    return game.attempt(seat, action)


def raw_refusal(game: Game, seat: int, action: dict[str, Any]) -> str | None:
    """The contract's bad input, which only a button or a bug could send: straight to the engine."""
    return game.attempt(seat, action)


def _typo(word: str, chooser: random.Random) -> str:
    if len(word) < 5:
        return word + "x"
    cut = chooser.randrange(1, len(word) - 1)
    return word[:cut] + word[cut + 1 :]


def wrong_actions(game: Game, seat: int, choices: list[Choice]) -> list[tuple[str, str, dict[str, str]]]:
    """(how, action type, typed values): wrong actions of every kind for `seat` now, as a player types them."""
    meta, chooser = game.engine.meta, game.chooser
    legal_types = {choice.action["type"] for choice in choices}
    params = {spec.name: spec.params for spec in meta.actions}
    pool = sorted(game.names)  # every value the game has shown, of any kind
    hand = _hand_names(game.engine.status(game.state, seat))
    wrong: list[tuple[str, str, dict[str, str]]] = []
    # actions of another phase: as they were legal before (this seat's or another's), or with values shown
    for kind, spec_params in params.items():
        if kind in legal_types:
            continue
        for who, action in game.seen.get(kind, [])[:3]:
            wrong.append((f"another phase's {kind} (seat {who}'s)", kind, _typed(action)))
        if pool:
            typed = {p.name: chooser.choice(pool) if p.kind != "int" else "1" for p in spec_params}
            wrong.append((f"another phase's {kind} (made up)", kind, typed))
    # other seats' moves, as they were legal for them
    for kind, group in game.seen.items():
        wrong += [(f"seat {who}'s {kind}", kind, _typed(action)) for who, action in group[:2] if who != seat]
    # legal choices with one value made wrong
    for choice in chooser.sample(choices, min(MUTATIONS, len(choices))):
        kind = choice.action["type"]
        typed = _typed(choice.action)
        for param in (p for p in params[kind] if p.name in typed):
            if param.kind == "int":
                wrong += [(f"{kind} {param.name}={n}", kind, {**typed, param.name: n}) for n in ("0", "-1", "99")]
                continue
            given = typed[param.name]
            same_kind = sorted(game.kinds.get(param.name, set()) - {given})  # a value it took before: a wrong name
            any_kind = [v for v in pool if v != given]
            for other in chooser.sample(same_kind, min(3, len(same_kind))):
                wrong.append((f"{kind} {param.name}=<its kind's name>", kind, {**typed, param.name: game.names[other]}))
            for other in chooser.sample(any_kind, min(2, len(any_kind))):
                wrong.append((f"{kind} {param.name}=<another id>", kind, {**typed, param.name: other}))
                wrong.append((f"{kind} {param.name}=<another name>", kind, {**typed, param.name: game.names[other]}))
            for listed in chooser.sample(hand, min(2, len(hand))):  # a name the player's own status lists
                wrong.append((f"{kind} {param.name}=<a name in the hand>", kind, {**typed, param.name: listed}))
            shown = game.names.get(given, given)
            wrong.append((f"{kind} {param.name}=<near miss>", kind, {**typed, param.name: _typo(shown, chooser)}))
            wrong.append((f"{kind} {param.name}=<unknown>", kind, {**typed, param.name: "Nowhere Special"}))
            if param.required:
                wrong.append(
                    (f"{kind} without {param.name}", kind, {k: v for k, v in typed.items() if k != param.name})
                )
    return chooser.sample(wrong, min(PER_STEP, len(wrong)))


def _typed(action: dict[str, Any]) -> dict[str, str]:
    return {key: _text(value) for key, value in action.items() if key != "type"}


@dataclass
class Played:
    game: Game
    sent: list[Sent]


def play(game_id: str, players: int, seed: int) -> Played:
    """Play one seeded random game, sending wrong actions along the way: every refusal, as the player reads it."""
    engine = rules.engine(game_id)
    game = Game(engine, start(engine, players, None, seed), random.Random(seed))
    sent: list[Sent] = []
    for step in range(STEPS):
        if engine.outcome(game.state) is not None:
            break
        waiting = sorted(engine.awaiting(game.state))
        seat = game.chooser.choice(waiting)
        choices = engine.legal(game.state, seat)
        game.learn(seat, [Choice(c.action, fill_seats(c.label, name), c.quick) for c in choices])
        if step % CHECK_EVERY == 0:
            for how, kind, typed in wrong_actions(game, seat, choices):
                text = refusal(game, seat, typed, kind)
                if text is not None:
                    sent.append(Sent(game_id, step, how, typed, text, offered_back(game, seat, typed, kind, text)))
            for bad_seat, bad in _bad_actions(engine, game.state, seat, waiting):
                text = raw_refusal(game, bad_seat, bad)
                if text is not None and bad_seat in waiting:  # the table refuses other seats before the engine
                    sent.append(Sent(game_id, step, f"raw {bad!r:.60}", {}, text))
        action = game.chooser.choice(choices).action
        engine.act(game.state, seat, action, Rng(game.chooser.randrange(2**62)))
        game.scratch = None
    return Played(game, sent)


def offered_back(game: Game, seat: int, typed: dict[str, str], kind: str, text: str) -> str | None:
    """What goes wrong when the name a did-you-mean offers is typed in place of the near miss: the table's refusal,
    or the value it is read as when that is not one the parameter may take now (None: it is one)."""
    asked = _DID_YOU_MEAN.search(text)
    missed = [key for key, value in typed.items() if asked and value[:40] == asked.group(2)]
    if not asked or not missed:
        return None
    param, engine = missed[0], game.engine
    try:
        action = build_action(engine.meta, kind, {**typed, param: asked.group(3)})
        action = _typed_action(engine, game.state, seat, action, name)
    except RuleError as error:
        return str(error)
    legal = engine.legal(game.state, seat)
    values = {_text(c.action[param]) for c in legal if c.action["type"] == kind and param in c.action}
    return None if _text(action[param]) in values else f"read as {action[param]!r}"


# What a refusal must not do --------------------------------------------------------------------------------------


def _without_typed(text: str, typed: dict[str, str]) -> str:
    """The refusal without what the player typed, which it may quote back as typed."""
    for value in sorted(typed.values(), key=len, reverse=True):
        if len(value) > 1:
            text = text.replace(value[:40], "«typed»")
    # an echo cut short ('flashfire_im' of 'flashfire_imp,kiln_warden') is what was typed too
    typed_text = " ".join(typed.values()).lower()
    return _QUOTED.sub(lambda m: "«typed»" if m.group(1).lower() in typed_text else m.group(0), text)


def faults(sent: Sent, game: Game, codes: re.Pattern[str] | None) -> list[str]:
    """What is wrong with one refusal as the player reads it (seats named the way the table names them); `codes`
    finds the game's values that are codes (Game.codes)."""
    text = fill_seats(sent.text, name)  # as the table names the players in a refusal (table.service.play)
    found = ["a seat code"] if "<seat:" in text else []
    own = _without_typed(text, sent.typed)
    found += [f"id {m!r}" for m in _SNAKE.findall(own)]
    found += [f"code {m!r}" for m in _CODE.findall(own)]
    found += [f"code {v!r}" for v in (codes.findall(own) if codes else [])]
    params = {param.name for spec in game.engine.meta.actions for param in spec.params}
    for param in params & NOT_NOUNS:
        if re.search(rf"\b(?:no|the|a|an|valid|which|each|every|that|this|your|other) {param}s?\b(?!:)", own, re.I):
            found.append(f"the parameter {param!r} as a noun")
    found += [f"the parameter {p!r} in brackets" for p in params if f"({p})" in own]  # 'active regions (to)'
    found += contradictions(text)
    offered = _DID_YOU_MEAN.search(text)
    if offered and sent.again is not None:
        found.append(f"offers {offered.group(3)!r}, which typed back is not taken ({sent.again[:80]})")
    return sorted(set(found))


def _items(listing: str) -> list[str]:
    parts = re.split(r",\s*|\s+or\s+|\s+and\s+|;\s*", listing)
    return [normal(re.sub(r"\s*\(.*?\)|[.:]$|^\d+\.\s*", "", part).strip()) for part in parts]


def contradictions(text: str) -> list[str]:
    """A name the refusal says is missing, not there or not allowed, and then lists among what is."""
    found = []
    for match in _QUOTED.finditer(text):
        quoted = normal(match.group(1))
        rest = text[match.end() :]
        for listing in re.findall(r":\s*([^:\n]+)", rest):
            if quoted and quoted in _items(listing):
                found.append(f"says {match.group(1)!r} is wrong, then lists it")
    return found


@pytest.mark.parametrize("game_id", sorted(rules.engines()))
def test_no_refusal_shows_a_code_or_contradicts_itself(game_id: str) -> None:
    engine = rules.engine(game_id)
    played = play(game_id, max(2, engine.meta.min_players), seed=1)
    assert len(played.sent) >= 15 * (STEPS // CHECK_EVERY) or engine.meta.demo, f"only {len(played.sent)} refusals"
    wrong, codes = [], played.game.codes()
    for sent in played.sent:
        for fault in faults(sent, played.game, codes):
            wrong.append(f"{fault}: {sent.how} {sent.typed} -> {fill_seats(sent.text, name)[:300]}")
    assert not wrong, "\n".join(sorted(set(wrong))[:30]) + f"\n({len(wrong)} of {len(played.sent)} refusals)"
