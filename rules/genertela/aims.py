"""Target categories: each side of a battle picks the kind of enemy unit it aims at, both at once, before the dice.

A side is asked only when it has a real choice (two categories or more it can roll at); its first option is the
default the bot and the deadline fallback take. A choice stays secret until both sides have chosen: the dice
show both then.
"""

from __future__ import annotations

from rules.base import ActionLog, Choice
from rules.genertela import combat
from rules.genertela.battle import CATEGORY_NAMES, category_target, dice, shooters
from rules.genertela.board import NATIONS, has_city
from rules.genertela.state import State


def _enemy(state: State, nation: str) -> str:
    battle = state.battle
    assert battle is not None
    return battle.defender if nation == battle.attacker else battle.attacker


def options(state: State, nation: str) -> list[str]:
    """Categories the nation may aim at: enemy kinds that may be taken now and that at least one of its units may
    roll at (only special characters, monsters and Dragon Heroes aim at special characters among other units).
    The default first: the first such kind, standard units before monsters, Dragon Heroes, special characters."""
    battle = state.battle
    assert battle is not None
    own = combat.army(state, nation, battle.zone)
    foe = combat.army(state, _enemy(state, nation), battle.zone)
    found = combat.aimable(foe)
    able = [c for c in found if shooters(own, c, foe)]
    return able or found[:1]  # nobody can roll at anything: the dice are empty whatever the aim


def pending(state: State) -> list[str]:
    """Nations of the battle (attacker first) that must still choose their target this round."""
    battle = state.battle
    if state.phase != "battle" or battle is None or battle.step != "target":
        return []
    return [n for n in (battle.attacker, battle.defender) if n not in battle.aims and len(options(state, n)) > 1]


def choose(state: State, nation: str, category: str, log: ActionLog) -> None:
    battle = state.battle
    assert battle is not None
    battle.aims[nation] = category
    if pending(state):  # the other side is still choosing: keep this one secret
        log.say(f"{NATIONS[nation].acts('have chosen')} their target; waiting for {NATIONS[pending(state)[0]].name}.")


def final(state: State) -> tuple[str, str]:
    """The attacker's and the defender's targets for the roll (the only or default one where nobody chose); the
    choices are then cleared for the next round."""
    battle = state.battle
    assert battle is not None
    attack = battle.aims.get(battle.attacker) or options(state, battle.attacker)[0]
    defend = battle.aims.get(battle.defender) or options(state, battle.defender)[0]
    battle.aims = {}
    return attack, defend


def choices(state: State, nation: str) -> list[Choice]:
    """The nation's target choices, labelled with what is there and what its dice need (the default first)."""
    battle = state.battle
    assert battle is not None
    own = combat.army(state, nation, battle.zone)
    foe = combat.army(state, _enemy(state, nation), battle.zone)
    defending = nation != battle.defender  # the enemy defends when this nation attacks
    city = has_city(state, battle.zone) and defending
    found = []
    for category in options(state, nation):
        targets = [u for u in foe if u.category == category]
        goal = category_target(targets, foe, battle.zone, defending, city, battle.round == 1)
        rolls = sum(dice(u) for u in shooters(own, category, foe))
        there = f"{len(targets)} there, {rolls} of your dice"
        label = f"Aim at {CATEGORY_NAMES[category]}: {there}, need {goal}+ before bonuses"
        found.append(Choice({"type": "target", "category": category}, label, quick=True))
    return found
