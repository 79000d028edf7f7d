"""Setting up: species, home and frontier terrains, the three armies, the horde roll, terrain faces, dragons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.base import ActionLog, SeatInfo, require, seat_ref
from rules.dragondice.content import SPECIES, TERRAINS, UNIT_DICE
from rules.dragondice.dice import roll_army
from rules.dragondice.dragonkin import default_pool
from rules.dragondice.dragons import chosen_dragons, default_dragons, parse_dragons
from rules.dragondice.model import SUMMONING, State, Terrain, Unit
from rules.dragondice.turn import begin_turn
from rules.rng import Rng

# Share of the force per army (home, horde, campaign): our own presets for the draft's "split". A split may also
# be given as points, "home/horde/campaign" such as "10/8/6", within the limits below.
SPLITS: dict[str, tuple[int, int, int]] = {
    "balanced": (4, 4, 4),
    "home_heavy": (6, 3, 3),
    "horde_heavy": (3, 6, 3),
    "campaign_heavy": (3, 3, 6),
}
MIN_ARMY = 1  # house limits on the three armies: at least one point (a unit) each,
MAX_SHARE = 2  # and at most 1/MAX_SHARE of the force (rounded down) in any one army
MONSTER_BUDGET = 8  # a monster only in an army of at least this many points, and one per army at most
MAX_TIE_ROLLS = 10  # horde roll-offs before the lowest tied seat starts (keeps scripted games finite)


def new_state(seats: Sequence[SeatInfo], options: dict[str, Any]) -> State:
    require(2 <= len(seats) <= 4, "Dragon Dice is played by 2 to 4 players.")
    force = int(options.get("force", 24))
    state = State(
        players=len(seats),
        force=force,
        rounds=int(options.get("rounds", 12)),
        setup=str(options.get("setup", "standard")),
        armies=str(options.get("armies", "quick")),
    )
    order = list(SPECIES)
    for index, seat in enumerate(seats):
        species = _species_named(seat.faction) or order[index % len(order)]
        state.species.append(species)
        state.home.append(SPECIES[species].home)
        state.frontier.append(SPECIES[species].frontier)
        state.split.append("balanced")
        state.picks.append("")
        state.horde.append((index + 1) % len(seats))
    state.phase = "ready" if state.setup == "standard" else "draft"
    return state


def _species_named(faction: str | None) -> str | None:
    for sid, species in SPECIES.items():
        if faction and faction.strip().lower() in (sid, species.name.lower()):
            return sid
    return None


def draft(state: State, seat: int, action: dict[str, Any]) -> tuple[str, str, str, str, int, str]:
    """Validate a draft action; returns (species, home, frontier, split, the seat whose home the horde invades, the
    units picked for each army or "")."""
    species, home, frontier = (str(action.get(k, "")) for k in ("species", "home", "frontier"))
    split = str(action.get("split") or "balanced")
    picked = str(action.get("armies") or "")
    opponents = [str(s) for s in range(state.players) if s != seat]
    horde = action.get("horde") or str((seat + 1) % state.players)
    require(horde in opponents, f"horde must be the seat of an opponent: {', '.join(opponents)}.")
    require(species in SPECIES, f"Species must be one of: {', '.join(SPECIES)}.")
    require(home in TERRAINS, f"Home terrain must be one of: {', '.join(TERRAINS)}.")
    require(frontier in TERRAINS, f"Frontier terrain must be one of: {', '.join(TERRAINS)}.")
    require(frontier != home, "Propose a frontier terrain of another type than your home terrain.")
    if picked.strip():
        armies = parse_armies(species, state.force, picked)
        split = "/".join(str(sum(UNIT_DICE[k].health for k in armies[role])) for role in ROLES)
        return species, home, frontier, split, int(horde), write_armies(armies)
    army_points(state.force, split)  # raises a RuleError naming the limits when the split breaks them
    return species, home, frontier, split.strip(), int(horde), ""


ROLES = ("home", "horde", "campaign")


def _unit_kind(species: str, written: str) -> str | None:
    """A unit of the species named by id ("anvil_guard") or name ("Anvil Guard"), any case."""
    key = written.strip().lower().replace(" ", "_").replace("-", "_")
    for kind in SPECIES[species].units:
        if key in (kind.split("/", 1)[1], UNIT_DICE[kind].name.lower().replace(" ", "_")):
            return kind
    return None


def army_rules(force: int) -> str:
    return (
        f"each of home, horde and campaign holds {MIN_ARMY} to {force // MAX_SHARE} points (half the force at most), "
        f"the three together at most {force}, and an army holds one monster at most, only with "
        f"{MONSTER_BUDGET} points or more"
    )


def parse_armies(species: str, force: int, written: str) -> dict[str, list[str]]:
    """The units a player picks for each army, written "home=anvil_guard,forge_adept;horde=...;campaign=...",
    checked against the army limits; a refusal names the limit broken and the species' units."""
    units = ", ".join(kind.split("/", 1)[1] for kind in SPECIES[species].units)
    armies: dict[str, list[str]] = {}
    for part in (p for p in written.split(";") if p.strip()):
        role, equals, names = part.partition("=")
        role = role.strip().lower()
        require(
            bool(equals) and role in ROLES,
            f"Write each army as role=unit,unit with the roles home, horde and campaign separated by ';', "
            f"such as home=a,b;horde=c;campaign=d ({role[:20]!r} is not one).",
        )
        require(role not in armies, f"The {role} army is listed twice.")
        kinds = []
        for name in (n for n in names.split(",") if n.strip()):
            kind = _unit_kind(species, name)
            require(kind is not None, f"{name.strip()[:30]!r} is not a unit of the {SPECIES[species].name}: {units}.")
            kinds.append(str(kind))
        armies[role] = kinds
    missing = [role for role in ROLES if role not in armies]
    require(
        not missing, f"Name the units of every army; missing: {', '.join(missing)}. The limits: {army_rules(force)}."
    )
    total = 0
    for role in ROLES:
        points = sum(UNIT_DICE[k].health for k in armies[role])
        total += points
        require(
            MIN_ARMY <= points <= force // MAX_SHARE,
            f"Your {role} army holds {points} points; an army holds {MIN_ARMY} to {force // MAX_SHARE} "
            f"(half the force at most). The limits: {army_rules(force)}.",
        )
        monsters = sum(1 for k in armies[role] if UNIT_DICE[k].size == "monster")
        require(monsters <= 1, f"Your {role} army holds {monsters} monsters; an army holds one at most.")
        require(
            not monsters or points >= MONSTER_BUDGET,
            f"Your {role} army holds a monster with only {points} points; a monster needs an army of "
            f"{MONSTER_BUDGET} points or more.",
        )
    require(total <= force, f"Your armies hold {total} points; the force is {force}. The limits: {army_rules(force)}.")
    return armies


def write_armies(armies: dict[str, list[str]]) -> str:
    return ";".join(f"{role}={','.join(k.split('/', 1)[1] for k in armies[role])}" for role in ROLES)


def split_help(force: int) -> str:
    low, high = MIN_ARMY, force // MAX_SHARE
    return (
        f"a split is one of {', '.join(SPLITS)}, or points home/horde/campaign adding up to {force} "
        f"with {low} to {high} in each army, such as {force // 3}/{force // 3}/{force - 2 * (force // 3)}"
    )


def army_points(force: int, split: str) -> tuple[int, int, int]:
    """The points of the home, horde and campaign armies for a preset or a "h/d/c" split, within the limits."""
    split = split.strip()
    if split in SPLITS:
        home, horde, _ = SPLITS[split]
        total = sum(SPLITS[split])
        first, second = force * home // total, force * horde // total
        points = (first, second, force - first - second)
    else:
        parts = split.replace("-", "/").split("/")
        require(len(parts) == 3 and all(p.strip().isdigit() for p in parts), f"Unknown split: {split_help(force)}.")
        points = tuple(int(p) for p in parts)  # type: ignore[assignment]
    require(sum(points) == force, f"That split has {sum(points)} points, not {force}: {split_help(force)}.")
    require(
        all(MIN_ARMY <= p <= force // MAX_SHARE for p in points),
        f"An army may hold {MIN_ARMY} to {force // MAX_SHARE} points (half the force at most): {split_help(force)}.",
    )
    return points


def build_army(species: str, role: str, budget: int) -> list[str]:
    """Fill an army greedily from the species' order for that role; one monster at most, and only in a big army."""
    kinds: list[str] = []
    left = budget
    while left > 0:
        added = False
        for kind in SPECIES[species].armies[role]:
            die = UNIT_DICE[kind]
            monsters = sum(1 for k in kinds if UNIT_DICE[k].size == "monster")
            if die.size == "monster" and (monsters or budget < MONSTER_BUDGET):
                continue
            if die.health <= left:
                kinds.append(kind)
                left -= die.health
                added = True
        if not added:
            break
    return kinds


def random_army(species: str, budget: int, rng: Rng) -> list[str]:
    """An army drawn from all the species' dice (the `armies=random` option): the dice in a seeded random order,
    each taken once while it fits, one monster at most and only in a big army, as build_army does."""
    order = list(SPECIES[species].units)
    rng.shuffle(order)
    kinds: list[str] = []
    left = budget
    for kind in order:
        die = UNIT_DICE[kind]
        if die.size == "monster" and (any(UNIT_DICE[k].size == "monster" for k in kinds) or budget < MONSTER_BUDGET):
            continue
        if die.health <= left:
            kinds.append(kind)
            left -= die.health
    return kinds


NUMERALS = ("", " II", " III", " IV", " V")


def _title_repeats(terrains: list[Terrain]) -> None:
    """A second terrain of one type is called "Highland II" (a third "Highland III") in every text and the board."""
    seen: dict[str, int] = {}
    for terrain in terrains:
        count = seen.get(terrain.kind, 0)
        seen[terrain.kind] = count + 1
        if count:
            terrain.title = TERRAINS[terrain.kind].name + NUMERALS[count]


def begin(state: State, rng: Rng, log: ActionLog) -> None:
    """Place the armies, roll the hordes for the first player and frontier, roll terrain faces, start play."""
    n = state.players
    state.terrains = [Terrain(f"t{s}", state.home[s], 1, s) for s in range(n)]
    _title_repeats(state.terrains)  # before the horde roll, whose lines name the terrains
    for seat in range(n):
        picked = state.picks[seat] if seat < len(state.picks) else ""
        species = state.species[seat]
        places = (f"t{seat}", f"t{state.horde[seat]}", "frontier")
        if picked:
            armies = parse_armies(species, state.force, picked)
        else:
            points = army_points(state.force, state.split[seat])
            armies = {
                role: random_army(species, budget, rng)
                if state.armies == "random"
                else build_army(species, role, budget)
                for role, budget in zip(ROLES, points, strict=True)
            }
        for role, where in zip(ROLES, places, strict=True):
            for kind in armies[role]:
                state.units.append(Unit(f"u{len(state.units)}", seat, kind, where))
    winner = _horde_roll(state, rng, log)
    chooser = (winner - 1) % n
    frontier = Terrain(f"t{n}", state.frontier[chooser], 1, None)
    state.terrains.append(frontier)
    _title_repeats(state.terrains)
    for unit in state.units:
        if unit.where == "frontier":
            unit.where = frontier.id
    log.say(
        f"{seat_ref(winner)} wins the horde roll and marches first; "
        f"{seat_ref(chooser)}'s {frontier.name} is the frontier."
    )
    for terrain in state.terrains:
        terrain.face = _starting_face(rng, terrain.name, log)
    for seat in range(n):  # one dragon per 24 points or part of them; of the species' colours unless chosen
        written = state.dragon_picks[seat] if seat < len(state.dragon_picks) else ""
        if written:
            state.dragons.extend(chosen_dragons(seat, parse_dragons(state.force, written)))
        else:
            state.dragons.extend(default_dragons(seat, SPECIES[state.species[seat]].elements, state.force))
    for seat in range(n):  # Dragonkin wait in the summoning pool: a health per 3 points (published), dice ours
        for kind in default_pool(state.force, SPECIES[state.species[seat]].elements):
            state.units.append(Unit(f"u{len(state.units)}", seat, kind, SUMMONING))
    state.first = winner
    state.phase = "play"
    begin_turn(state, winner, rng, log)


def _horde_roll(state: State, rng: Rng, log: ActionLog) -> int:
    """Each horde army rolls manoeuvre; the most results starts. Ties roll again among the tied."""
    contenders = list(range(state.players))
    for _ in range(MAX_TIE_ROLLS):
        totals = {}
        for seat in contenders:
            where = f"t{state.horde[seat]}"
            totals[seat] = roll_army(state, rng, seat, where, "manoeuvre", log, label="horde roll").total
        best = max(totals.values())
        contenders = [s for s in contenders if totals[s] == best]
        if len(contenders) == 1:
            return contenders[0]
        log.say(f"The horde roll is tied at {best}: {' and '.join(seat_ref(s) for s in contenders)} roll again.")
    log.say(f"Still tied: {seat_ref(contenders[0])}, first in seat order, starts.")
    return contenders[0]


def _starting_face(rng: Rng, name: str, log: ActionLog) -> int:
    """A terrain starts on a rolled face; an 8 is rolled again and a 7 is turned to 6."""
    rolls: list[int] = []
    while True:
        face = rng.roll(8, 1, f"{name} starting face")[0]
        rolls.append(face)
        if face != 8:
            break
    final = 6 if face == 7 else face
    log.say(f"{name} starting face: rolled {', '.join(map(str, rolls))} → {final}.", "roll")
    return final
