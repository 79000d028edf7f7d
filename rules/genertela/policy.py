"""The bots' policies: `decide`, the bot a seat may play (bot.py) and, by default, the sides nobody sits at; and
`next_action`, the engine's simpler one for the short scenario's prelude, the deadline fallback, and the unseated
sides of tables made with `unseated=simple` (or before that option existed).

A full campaign is thousands of decisions on a state of some hundreds of units (a copy costs ~20 ms), so instead of
a look-ahead each decision is rated directly with Genertela's numbers: what a zone is worth to hold (its VP on the
nation's card and its resources), how a battle there would go (dice, hit chance against the defenders' resistance
and the walls, Lanchester-style: hits times units), and where the enemy stands next door.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from rules.genertela import aims, dragonkill, titles
from rules.genertela.battle import HIT_ON, category_target, dice, is_hit, resist, shooters, to_hit
from rules.genertela.board import (
    BOARD,
    CONTENT,
    NATIONS,
    active_nation,
    controller,
    enemies_in,
    has_city,
    seat_of,
    units_of,
    zone,
)
from rules.genertela.choices import builds, decider, legal_now
from rules.genertela.combat import army, retreat_options
from rules.genertela.economy import zone_resources
from rules.genertela.movement import STACK, destinations, move_limit, movers
from rules.genertela.specials import stranded
from rules.genertela.state import BOT, State, Unit

Action = dict[str, Any]

ATTACK_ODDS = 1.6  # attack when our Lanchester strength is this many times the defenders' (walls counted)
FINISH_ODDS = 1.0  # bring more units to a battle already begun while it is not yet this favourable
RETREAT_ODDS = 0.5  # fall back (where possible) when the enemy's strength is twice ours or more
CATEGORY_WORTH = {"standard_units": 1.0, "monsters": 3.0, "dragon_heroes": 3.0, "special_characters": 2.5}
# the seat's bot (`sharp`), not the unseated sides of tables already opened (their logs must replay):
LAST_TURN_ODDS = 1.1  # on the campaign's last turn units kept back score nothing: attack at even odds
EMPEROR_STAKE = 4.0  # a zone that makes the nation Emperor: 2 VP every nation turn, where a zone scores every third
LEADER_WEIGHT = 1.5  # a zone taken from the leading rival seat counts half again: it closes the gap twice
NORTH = tuple(z.id for z in BOARD.zones.values() if z.north_of_emperor_line)


def next_action(state: State) -> dict[str, Any]:
    """The simple play: the short scenario's prelude, the deadline's fallback, and the sides nobody sits at in tables
    made with `unseated=simple` or before that option existed (their logs replay with it): hold, reinforce, attack
    the weak at twice the odds. New tables give unseated sides `decide`, the bot seats' bot."""
    if state.decisions:
        return fallback_action(state)  # the default answer: what the engine did before players could choose
    if state.phase == "build":
        options = [c.action for c in builds(state)]
        return options[0] if options else {"type": "end"}
    if state.phase == "move":
        nation = active_nation(state)
        return dragonkill.duty_move(state) or leave_sea(state, nation) or _bot_attack(state) or {"type": "end"}
    return fallback_action(state)


def _bot_attack(state: State) -> dict[str, Any] | None:
    """The bot attacks a neighbouring enemy zone when it can bring twice the defenders and still keep a unit."""
    nation = active_nation(state)
    for start in sorted({u.zone for u in units_of(state, nation)}):
        ready = movers(state, nation, start)
        spare = min(len(ready), len(units_of(state, nation, start)) - 1)
        for target in zone(start).adjacent:
            foes = sum(len(units_of(state, n, target)) for n in enemies_in(state, nation, target))
            if not foes or spare < 2 * foes or target not in destinations(state, nation, start):
                continue
            count = min(spare, move_limit(state, nation, start, target))
            if count >= 2 * foes:
                return {"type": "move", "from": start, "to": target, "count": count}
    return None


def decide(state: State, nation: str, sharp: bool = False) -> Action:
    """The bot's action for `nation`'s owner now (the nation picking a target when both sides of a battle choose).
    `sharp`: the seat's bot (bot.py) also plays for the Emperor's title, the leading rival and the scoring turns;
    without it, the play of the unseated sides in tables opened before, so that their logs replay unchanged."""
    if state.bidding is not None or state.decisions:
        return fallback_action(state)  # pass a bid; a question's default answer (what the engine did before)
    if nation and nation in aims.pending(state):
        return _aim(state, nation)
    if state.phase == "build":
        return _build(state, sharp)
    if state.phase == "move":
        nation = active_nation(state)
        return dragonkill.duty_move(state) or leave_sea(state, nation) or _move(state, nation, sharp) or {"type": "end"}
    if state.phase == "battle" and state.battle is not None and state.battle.step.startswith("retreat"):
        return _fight_or_retreat(state)
    return fallback_action(state)  # casualties: the cheapest set comes first


# -- rating ----------------------------------------------------------------------------------------------------


@cache
def _chance(bonus: int, goal: int) -> float:
    return sum(1 for face in range(1, 11) if is_hit(face, bonus, goal)) / 10


def firepower(state: State, own: list[Unit], foe: list[Unit], zid: str, defending: bool) -> float:
    """Expected hits per round of `own` against `foe` in `zid` (`defending`: own holds the zone, the foe attacks).
    Units alike (nation, kind, types) resist and hit alike in one army: each kind of unit is rated once."""
    if not own or not foe:
        return 0.0
    city = has_city(state, zid)
    alike: dict[tuple[object, ...], Unit] = {}
    for u in foe:
        alike.setdefault((u.nation, u.kind, *u.types), u)
    weakest = min(resist(u, foe, zid, not defending, city and not defending) for u in alike.values())
    goal = HIT_ON + weakest
    hits: dict[tuple[object, ...], float] = {}
    terms = []
    for u in shooters(own, "standard_units", foe):
        key = (u.nation, u.kind, *u.types)
        term = hits.get(key)
        if term is None:
            term = hits[key] = dice(u) * _chance(to_hit(u, own), goal)
        terms.append(term)
    return sum(terms)  # unit by unit, in order, as ever: the same float to the last bit


def odds(state: State, mine: list[Unit], foes: list[Unit], zid: str, attacking: bool) -> float:
    """Our strength over theirs in a battle in `zid` (Lanchester square law: hits per round times units)."""
    ours = firepower(state, mine, foes, zid, not attacking) * len(mine)
    theirs = firepower(state, foes, mine, zid, attacking) * len(foes)
    return ours / theirs if theirs else (10.0 if ours else 1.0)


def zone_worth(state: State, nation: str, zid: str) -> float:
    """Holding the zone for a turn: its VP on the nation's card and its resources (6 buy a unit)."""
    z = zone(zid)
    if z.terrain == "sea":
        return 0.0
    card = NATIONS[nation].vp
    if zid in NATIONS[nation].homelands:
        points = card.homeland
    else:
        points = card.zone if z.terrain not in ("waste", "mountain") else 0
    points += card.city if has_city(state, zid) else 0
    return points + zone_resources(state, nation, zid) / 6 + 0.1


def emperor_race(state: State, nation: str) -> tuple[int, int, str] | None:
    """(zones north of the Emperor line the nation counts, the most another nation counts, that nation), or None
    for a nation whose zones count for nobody (alliances left aside: a bot's estimate)."""
    if any(NATIONS[nation].has(flag) for flag in titles.IGNORED):
        return None
    held = Counter(titles.holder(state, zid) for zid in NORTH)
    held.pop("", None)
    own = held.pop(nation, 0)
    rivals = {n: count for n, count in held.items() if not any(NATIONS[n].has(f) for f in titles.IGNORED)}
    rival = max(rivals, key=lambda n: (rivals[n], n), default="")
    return own, rivals.get(rival, 0), rival


def emperor_stake(race: tuple[int, int, str] | None, zid: str, holder: str) -> float:
    """What taking `zid` from `holder` adds to the nation's hold on the Emperor's title (2 VP each nation turn)."""
    if race is None or zid not in NORTH:
        return 0.0
    own, best, rival = race
    after = best - 1 if holder == rival and holder else best
    if own <= best and own + 1 > after:
        return EMPEROR_STAKE  # it makes the nation Emperor
    if own > best and own - best <= 2:
        return EMPEROR_STAKE / 2  # it keeps a narrow lead
    if own + 1 >= after - 4:
        return 1.0  # within reach
    return 0.0


def leading_rival(state: State, nation: str) -> int | None:
    """The other player's seat with the most VP now (None when no other seat has any): the one to catch."""
    mine = seat_of(state, nation)
    points: dict[int, int] = {}
    for other, vp in state.vp.items():
        seat = seat_of(state, other)
        if seat not in (mine, BOT):
            points[seat] = points.get(seat, 0) + vp
    if not points or max(points.values()) <= 0:
        return None
    return max(points, key=lambda s: (points[s], -s))


def _threat(state: State, nation: str, zid: str, foes: dict[str, list[str]] | None = None) -> int:
    """Enemy units next door (they may come in on their turn). `foes` memoises enemies_in by zone for one decision,
    while the state cannot change."""
    total = 0
    for near in zone(zid).adjacent:
        found = foes.get(near) if foes is not None else None
        if found is None:
            found = enemies_in(state, nation, near)
            if foes is not None:
                foes[near] = found
        total += sum(len(units_of(state, n, near)) for n in found if n != nation)
    return total


# -- the steps ---------------------------------------------------------------------------------------------------


def _aim(state: State, nation: str) -> Action:
    """The target with the most value in expected hits (never reads the other side's secret aim)."""
    battle = state.battle
    assert battle is not None
    own = army(state, nation, battle.zone)
    foe = army(state, battle.defender if nation == battle.attacker else battle.attacker, battle.zone)
    defending = nation != battle.defender
    city = has_city(state, battle.zone) and defending
    best, best_score = None, -1.0
    for category in aims.options(state, nation):
        targets = [u for u in foe if u.category == category]
        if not targets:
            continue
        goal = category_target(targets, foe, battle.zone, defending, city, battle.round == 1)
        hits = sum(dice(u) * _chance(to_hit(u, own), goal) for u in shooters(own, category, foe))
        score = min(hits, len(targets)) * CATEGORY_WORTH.get(category, 1.0)
        if score > best_score:
            best, best_score = category, score
    return {"type": "target", "category": best or aims.options(state, nation)[0]}


def _build(state: State, sharp: bool = False) -> Action:
    nation = active_nation(state)
    options = [c.action for c in builds(state)]
    if not options:
        return {"type": "end"}
    left = state.last_turn - state.turn
    cities = [a for a in options if a["kind"] == "city"]
    scoring_now = sharp and CONTENT.turn(state.turn).scoring  # a City built now scores at this turn's count
    if cities and (left >= 2 or scoring_now):  # a City pays 1 VP and more resources every turn, walls its defenders
        return max(cities, key=lambda a: (_threat(state, nation, a["zone"]) == 0, a["zone"]))
    units = [a for a in options if a["kind"] == "unit"]
    if units:  # where enemies stand next door, then where the zone is worth most
        return max(units, key=lambda a: (_pressure(state, nation, a["zone"]), zone_worth(state, nation, a["zone"])))
    return options[0]


def _pressure(state: State, nation: str, zid: str) -> float:
    threat = _threat(state, nation, zid)
    room = STACK.get(zone(zid).terrain, 8) - len(units_of(state, nation, zid))
    if room <= 0:
        return -100.0
    return min(threat, 6) - 0.3 * len(units_of(state, nation, zid))


def _spare(state: State, nation: str, start: str) -> int:
    """Units that may leave `start` and still leave it held (a City or a unit that moved in stays)."""
    ready = movers(state, nation, start)
    staying = len(units_of(state, nation, start)) - len(ready)
    keep = 0 if staying > 0 or zone(start).terrain == "sea" else 1
    return max(0, len(ready) - keep)


def _room(state: State, nation: str, zid: str) -> int:
    terrain = zone(zid).terrain
    if terrain == "sea":
        return 0
    counted = [u for u in units_of(state, nation, zid) if u.mobile and not u.assassin_only]
    return STACK.get(terrain, 8) - len(counted)


def _move(state: State, nation: str, sharp: bool = False) -> Action | None:
    """One move: join a battle begun, attack a zone worth it at good odds, or take an empty zone. `sharp` adds what
    the Emperor's title is worth, weighs the leading rival's zones more and, on the last turn, spends every unit."""
    last = sharp and state.turn >= state.last_turn
    race = emperor_race(state, nation) if sharp else None
    leader = leading_rival(state, nation) if sharp else None
    starts = sorted({u.zone for u in units_of(state, nation)})
    spare = {s: _spare(state, nation, s) for s in starts}
    reach = {s: destinations(state, nation, s) for s in starts if spare[s] > 0}
    into: dict[str, list[str]] = {}
    for start, targets in reach.items():
        for target in targets:
            into.setdefault(target, []).append(start)
    foes_by_zone: dict[str, list[str]] = {}  # enemies_in and _threat by zone: the state holds still while deciding
    threats: dict[str, int] = {}

    def threat_to(zid: str) -> int:
        found = threats.get(zid)
        if found is None:
            found = threats[zid] = _threat(state, nation, zid, foes_by_zone)
        return found

    best: tuple[float, Action] | None = None
    for target, sources in into.items():
        room = _room(state, nation, target)
        if room <= 0:
            continue
        if (enemies := foes_by_zone.get(target)) is None:
            enemies = foes_by_zone[target] = enemies_in(state, nation, target)
        foes_nations = [n for n in enemies if n != nation]
        mine = [u for u in units_of(state, nation, target) if u.mobile]
        worth = zone_worth(state, nation, target)
        if race is not None:
            worth += emperor_stake(race, target, titles.holder(state, target))
        if foes_nations:
            foes = [u for n in foes_nations for u in army(state, n, target)]
            if not foes:
                continue
            begun = bool(mine)
            now = odds(state, mine, foes, target, True) if begun else 0.0
            if begun and now >= ATTACK_ODDS * 1.3:
                continue  # enough there already
            pool = [u for s in sources for u in movers(state, nation, s)[: spare[s]]]
            could = odds(state, mine + pool[:room], foes, target, True)
            if could < (FINISH_ODDS if begun else LAST_TURN_ODDS if last else ATTACK_ODDS):
                continue
            taken = zone_worth(state, foes_nations[0], target)
            if leader is not None and seat_of(state, foes_nations[0]) == leader:
                taken *= LEADER_WEIGHT
            gain = worth + taken + 0.5 * len(foes)
            score = gain * min(could, 3.0) + (20.0 if begun else 5.0)
            wanted = room
        elif controller(state, target) == "" and not mine and zone(target).terrain != "sea":
            threat = 0 if last else threat_to(target)  # the last count comes before anyone answers
            score = worth * 2 - 0.2 * threat
            if score <= 0.3:
                continue
            wanted = 1 + min(threat // 2, room - 1)
        elif controller(state, target) == nation and (danger := threat_to(target)) > len(mine):
            # reinforce a held zone the enemy outnumbers, from zones nobody threatens (below any attack)
            sources = [s for s in sources if threat_to(s) == 0]
            if not sources:
                continue
            score = 0.2 * min(danger - len(mine), 5) + 0.1 * worth
            wanted = min(room, danger - len(mine))
        else:
            continue
        if best is not None and (score, str(target)) <= (best[0], str(best[1]["to"])):
            continue
        source, most = _source(state, nation, target, sources, spare)
        if not most:
            continue
        count = min(most, wanted)
        best = (score, {"type": "move", "from": source, "to": target, "count": count})
    return best[1] if best else None


def _source(state: State, nation: str, target: str, sources: list[str], spare: dict[str, int]) -> tuple[str, int]:
    """The zone with the most units free to go to `target` (move limits are asked of the likeliest first: slow)."""
    for start in sorted(sources, key=lambda s: (-spare[s], s)):
        most = min(spare[start], move_limit(state, nation, start, target))
        if most > 0:
            return start, most
    return "", 0


def _fight_or_retreat(state: State) -> Action:
    battle = state.battle
    assert battle is not None
    nation = decider(state)
    zones = retreat_options(state, nation)
    if zones:
        own = army(state, nation, battle.zone)
        foe = army(state, battle.defender if nation == battle.attacker else battle.attacker, battle.zone)
        if odds(state, own, foe, battle.zone, nation == battle.attacker) < RETREAT_ODDS:
            return {"type": "retreat", "zone": max(zones, key=lambda z: (len(units_of(state, nation, z)), z))}
    return {"type": "fight"}


def fallback_action(state: State) -> dict[str, Any]:
    if state.bidding is not None:
        return legal_now(state)[0].action  # pass, or open the first side at 0
    if state.decisions:
        return legal_now(state)[0].action  # the default answer
    if state.phase == "move" and (duty := dragonkill.duty_move(state)):
        return duty  # the Dragonkill: a Dragon must attack before the step may end
    if state.phase in ("build", "move"):
        return {"type": "end"}
    choices = legal_now(state)
    quick = [c.action for c in choices if c.quick]
    return (quick or [c.action for c in choices])[0]


def leave_sea(state: State, nation: str) -> dict[str, object] | None:
    """The bot's move that takes a non-raider's units off the sea, to a zone it holds if it can."""
    for zid in sorted({u.zone for u in stranded(state, nation)}):
        if not movers(state, nation, zid):
            continue
        options = destinations(state, nation, zid)
        held = [t for t in options if controller(state, t) == nation]
        for target in held + options:
            count = move_limit(state, nation, zid, target)
            if count:
                return {"type": "move", "from": zid, "to": target, "count": count}
    return None
