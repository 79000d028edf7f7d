"""Running a battle step by step: targets, dice, casualties, retreats, and the end of combat."""

from __future__ import annotations

from itertools import combinations

from rules.base import ActionLog
from rules.genertela import dragonewts, events
from rules.genertela.battle import (
    CATEGORY_NAMES,
    HIT_ON,
    categories,
    category_target,
    dice,
    hittable,
    is_hit,
    shooters,
    to_hit,
)
from rules.genertela.board import (
    BOARD,
    CONTENT,
    NATIONS,
    active_nation,
    enemies_in,
    friendly,
    has_city,
    may_enter,
    players_of,
    remove,
    units_of,
)
from rules.genertela.casualties import described, unit_count
from rules.genertela.economy import kill_points
from rules.genertela.specials import far_retreats, free_mover, special_shooter, uses_ability
from rules.genertela.state import Battle, State, Unit
from rules.rng import Rng
from rules.text import count, roll_line


def next_battle_zone(state: State) -> tuple[str, str] | None:
    """The first zone (map order) where the active nation's units share a zone with an enemy's."""
    nation = active_nation(state)
    for zid in BOARD.zones:
        if units_of(state, nation, zid):
            foes = [n for n in enemies_in(state, nation, zid) if n != nation] + dragonewts.besieged(state, nation, zid)
            mine = army(state, nation, zid)
            if foes and mine:
                return zid, foes[0]
    return None


def army(state: State, nation: str, zid: str) -> list[Unit]:
    """The nation's units fighting in the zone (Dragonewts on their city only in a fight over it)."""
    return dragonewts.fighting(state, nation, zid, units_of(state, nation, zid))


def target_options(state: State) -> list[str]:
    battle = state.battle
    assert battle is not None
    return aimable(army(state, battle.defender, battle.zone))


def aimable(units: list[Unit]) -> list[str]:
    """Categories worth aiming at: those with a unit that may be taken now (Cities and Forests come last)."""
    return [c for c in categories(units) if hittable(units, c)]


def casualty_options(state: State, nation: str) -> list[str]:
    """Each distinct way of taking the pending hits, as comma-separated labels, cheapest (ordinary) first."""
    battle = state.battle
    assert battle is not None
    pool = hittable(army(state, nation, battle.zone), battle.category[nation])
    shielded = [u for u in pool if u.uid in battle.protected]
    special = battle.special_hits.get(nation, 0)  # only these hits may fall on an Assassin protected in round 1
    count = min(battle.hits[nation], len(pool) - len(shielded) + min(special, len(shielded)))
    seen: list[str] = []
    for combo in combinations(sorted(pool, key=lambda u: (u.kind == "special", u.label())), count):
        if sum(1 for u in combo if u in shielded) > special:
            continue
        key = ",".join(sorted(u.label() for u in combo))
        if key not in seen:
            seen.append(key)
    return seen


def retreat_options(state: State, nation: str) -> list[str]:
    """Friendly zones next to the battle that are not under attack; none if nothing there can move."""
    battle = state.battle
    assert battle is not None
    fighters = army(state, nation, battle.zone)
    mobile = [u for u in fighters if u.mobile]
    if not mobile:
        return []
    raider = NATIONS[nation].has("raider")
    found = [
        zid
        for zid in BOARD.zones[battle.zone].adjacent
        if (may_enter(nation, zid) and friendly(state, nation, zid) and units_of(state, nation, zid))
        or (raider and BOARD.zones[zid].terrain == "sea")  # raiders may fall back to the sea
    ]
    if all(free_mover(u) for u in mobile):  # Assassins and Hon-eel: any held zone not under attack
        found += [zid for zid in far_retreats(state, nation, battle.zone) if zid not in found]
    if dragonewts.city_retreat(state, nation, battle.zone, fighters):
        found.append(battle.zone)  # onto the Dragonewt city of the battle's zone
    return found


NO_RECOVERY_KILLERS = frozenset(
    p.unit_id for t in CONTENT.turns for e in t.entries for p in e.placements if p.kills_never_recover
)


def eliminate(state: State, unit: Unit, killer: str, log: ActionLog) -> None:
    remove(state, [unit])
    if dragonewts.recovers(unit):
        state.fallen.append(unit)  # named Dragonewts go back to their city after combat
    if unit.kind == "special":
        # house: a special unit falling in a battle where Jar-eel fights against it never recovers
        if not any(u.unit_id in NO_RECOVERY_KILLERS for u in units_of(state, killer, unit.zone)):
            state.fallen.append(unit)
        events.fallen_in_battle(state, unit, killer, log)
        points = kill_points(killer, unit)
        if points:
            state.vp[killer] = state.vp.get(killer, 0) + points
            log.say(f"{NATIONS[killer].acts('score')} {points} VP for killing {unit.name}.")


def roll_round(state: State, target: str, rng: Rng, log: ActionLog, answer: str = "") -> None:
    """Both sides roll at once (the attacker at `target`, the defender at `answer`); hits are then taken by their
    owners."""
    battle = state.battle
    assert battle is not None
    zid = battle.zone
    attackers = army(state, battle.attacker, zid)
    defenders = army(state, battle.defender, zid)
    city = has_city(state, zid)
    options = aimable(attackers)
    # without an answer, the defender's default: the first category it has a unit able to roll at
    answer = answer or next((c for c in options if shooters(defenders, c, attackers)), options[0])
    first = battle.round == 1
    battle.protected = []
    for nation, own, foe, aim, defending in (
        (battle.attacker, attackers, defenders, target, True),
        (battle.defender, defenders, attackers, answer, False),
    ):
        rolling = shooters(own, aim, foe)
        goal = category_target([u for u in foe if u.category == aim], foe, zid, defending, city and defending, first)
        hits = special = 0
        faces_by_need: dict[int, list[int]] = {}  # what a die needs (its unit's bonus counted) -> the faces
        for unit in rolling:
            faces = rng.roll(10, dice(unit), f"{NATIONS[nation].name} battle roll")
            bonus = 0 if uses_ability(unit, aim) else to_hit(unit, own)
            need = min(10, max(2, (HIT_ON if uses_ability(unit, aim) else goal) - bonus))  # 10 hits, 1 misses
            faces_by_need.setdefault(need, []).extend(faces)
            if uses_ability(unit, aim):  # the Assassin's strike: a flat 6+, no bonus of any kind
                scored = sum(1 for face in faces if is_hit(face, 0, HIT_ON))
                if first:
                    battle.protected.append(unit.uid)
            else:
                scored = sum(1 for face in faces if is_hit(face, to_hit(unit, own), goal))
            hits += scored
            special += scored if special_shooter(unit) else 0
        victim = battle.defender if nation == battle.attacker else battle.attacker
        battle.hits[victim] = hits
        battle.special_hits[victim] = special
        battle.category[victim] = aim
        log.say(_roll_text(nation, aim, faces_by_need, hits), "roll")


def _roll_text(nation: str, aim: str, faces_by_need: dict[int, list[int]], hits: int) -> str:
    """'Praxians roll at standard units: 3, 7, 9 (needs 6+): 2 hits', a group for each number the dice needed."""
    who = NATIONS[nation].acts("roll")
    if not faces_by_need:
        return f"{who} no dice at {CATEGORY_NAMES[aim]}."
    parts = [roll_line("", faces, need, sum(f >= need for f in faces)) for need, faces in sorted(faces_by_need.items())]
    total = f"; {count(hits, 'hit')} in all" if len(parts) > 1 else ""
    return f"{who} at {CATEGORY_NAMES[aim]}: {'; '.join(parts)}{total}."


def take_hits(state: State, nation: str, labels: list[str], log: ActionLog) -> None:
    battle = state.battle
    assert battle is not None
    pool = hittable(army(state, nation, battle.zone), battle.category[nation])
    killer = battle.attacker if nation == battle.defender else battle.defender
    lost = []
    for label in labels:
        unit = next(u for u in pool if u.label() == label and u not in lost)
        lost.append(unit)
    for unit in lost:
        eliminate(state, unit, killer, log)
    if lost:
        fallen = described([u.label() for u in lost])
        log.say(
            f"{NATIONS[nation].acts('lose')} {fallen} in {BOARD.zones[battle.zone].name}.",
            affects=players_of(state, nation),
        )
    battle.hits[nation] = 0


def auto_hits(state: State, nation: str, log: ActionLog) -> bool:
    """Take the hits without asking when there is only one way; False when the owner must choose."""
    options = casualty_options(state, nation)
    if len(options) > 1:
        return False
    take_hits(state, nation, options[0].split(",") if options and options[0] else [], log)
    return True


def over(state: State) -> bool:
    battle = state.battle
    assert battle is not None
    return not army(state, battle.attacker, battle.zone) or not army(state, battle.defender, battle.zone)


def retreat(state: State, nation: str, to: str, log: ActionLog) -> None:
    battle = state.battle
    assert battle is not None
    moving = [u for u in army(state, nation, battle.zone) if u.mobile]
    if to == battle.zone:
        dragonewts.take_city(moving)
        log.say(f"{NATIONS[nation].acts('retreat')} {len(moving)} named Dragonewts onto their city.")
        return
    for unit in moving:
        unit.zone = to
    log.say(f"{NATIONS[nation].acts('retreat')} {unit_count(len(moving))} to {BOARD.zones[to].name}.")


def start(state: State, zid: str, defender: str, log: ActionLog) -> None:
    state.battle = Battle(zid, active_nation(state), defender)
    now = f"{state.turn}:{state.order_index}:{state.alliance}"
    if state.fought_in != now:  # the first battle of this nation turn: forget the previous turn's battles
        state.fought, state.fought_in = [], now
    if zid not in state.fought:
        state.fought.append(zid)
    attacked = set(players_of(state, defender)) - set(players_of(state, state.battle.attacker))
    log.say(
        f"Battle in {BOARD.zones[zid].name}: {NATIONS[state.battle.attacker].acts('attack')} {NATIONS[defender].name}.",
        affects=tuple(attacked),
    )
