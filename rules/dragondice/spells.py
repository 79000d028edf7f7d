"""Magic: which spells an army may announce (targets, colours, points) and how each spell resolves."""

from __future__ import annotations

from itertools import combinations

from rules.base import ActionLog, RuleError, normal, seat_ref
from rules.dragondice.content import DRAGONKIN, ELEMENTS, SPECIES, SPELLS, UNIT_DICE, Spell
from rules.dragondice.damage import gives_save, kill
from rules.dragondice.dice import count, roll_army, roll_unit
from rules.dragondice.labels import target_label
from rules.dragondice.model import DEAD, RESERVE, SUMMONING, Cast, Damage, Effect, State
from rules.rng import Rng

LASTING = (
    "wind_walk",
    "watery_double",
    "stoneskin",
    "fiery_weapon",
    "palsy",
    "dancing_lights",
    "molten_armour",
    "mob_fury",
)
SOULFIRE = 2  # damage of Soulfire
BOILING = 2  # damage of Boiling Tide to each opposing army
UNDERTOW_MAX = 2  # Undertow drags off a unit of at most this health
RISING_TOP = 7  # Rising Ground turns a terrain up to this face at most (the eighth is manoeuvred to)
TERRAIN_EFFECTS = ("wall_of_fog", "ash_storm", "soiled_ground")


def cost_of(state: State, spell: Spell, target: str) -> int:
    if spell.id == "resurrect_dead":
        return spell.cost * state.unit(target).health  # 3 per point of health: one casting per health-worth
    return spell.cost


def targets(state: State, seat: int, spell: Spell) -> list[str]:
    """Every target the spell may be announced on now; from the reserves only your own armies and units."""
    return [t for t in _targets(state, seat, spell) if not announced_on(state, spell, t)]


def announced_on(state: State, spell: Spell, target: str) -> bool:
    """A spell with a unit target is announced once per unit in a magic action. Finger of Death is the exception:
    its points on a unit add up within the action (that is how it kills a unit larger than 1)."""
    unit_spell = spell.target in ("opposing_unit", "own_dead_unit") and spell.id != "finger_of_death"
    return unit_spell and any(c.spell == spell.id and c.target == target for c in state.announced)


def _targets(state: State, seat: int, spell: Spell) -> list[str]:
    from_reserve = state.marching == RESERVE
    terrain_ids = [t.id for t in state.terrains]
    if spell.target in ("opposing_army", "any_army"):
        armies = [f"{t}:{s}" for t in terrain_ids for s in state.seats_at(t)]
        mine = [a for a in armies if a.endswith(f":{seat}")]
        if spell.target == "any_army":
            return mine if from_reserve else armies
        return [] if from_reserve else [a for a in armies if a not in mine]
    if spell.target == "opposing_unit":
        if from_reserve:
            return []
        low = UNDERTOW_MAX if spell.id == "undertow" else 99
        return [u.id for u in state.units if u.owner != seat and u.where in terrain_ids and u.health <= low]
    if spell.target == "terrain" and spell.id == "flash_flood":
        return [] if from_reserve else _floodable(state)
    if spell.target == "terrain" and spell.id == "rising_ground":
        return [] if from_reserve else _raisable(state, seat)
    if spell.target == "terrain" and spell.id == "boiling_tide":
        return [] if from_reserve else [t for t in terrain_ids if any(s != seat for s in state.seats_at(t))]
    if spell.target == "terrain":
        return [] if from_reserve else terrain_ids
    if spell.target == "own_army":
        return [f"{t}:{seat}" for t in terrain_ids if state.army(seat, t)]
    return [u.id for u in state.army(seat, DEAD)]  # own_dead_unit


def _floodable(state: State) -> list[str]:
    """Flash Flood only where it could turn the terrain: above face 1, once per terrain per turn."""
    announced = [c.target for c in state.announced if c.spell == "flash_flood"]
    return [t.id for t in state.terrains if t.face > 1 and t.id not in state.flooded and t.id not in announced]


def _raisable(state: State, seat: int) -> list[str]:
    """Rising Ground: a terrain where the caster has an army, below its top face, once per terrain per turn."""
    announced = [c.target for c in state.announced if c.spell == "rising_ground"]
    return [
        t.id
        for t in state.terrains
        if t.face < RISING_TOP and state.army(seat, t.id) and t.id not in state.flooded and t.id not in announced
    ]


def species_refusal(state: State, seat: int, casts: list[Cast]) -> str:
    """Why these announcements break the species-spell rule ("" when they don't): a species spell is cast only by
    its species, and paid only with magic results its species' units rolled."""
    demand: dict[str, int] = {}
    for cast in casts:
        spell = SPELLS[cast.spell]
        if not spell.species:
            continue
        if spell.species != state.species[seat]:
            return f"{spell.name} is a spell of the {SPECIES[spell.species].name} alone."
        demand[spell.species] = demand.get(spell.species, 0) + cost_of(state, spell, cast.target)
    for species, need in demand.items():
        have = state.racial.get(species, 0)
        if need > have:
            return (
                f"Species spells are paid only with results the {SPECIES[species].name}' own units rolled: "
                f"{have} here, and your species spells cost {need}."
            )
    return ""


def elements_for(state: State, seat: int, spell: Spell, target: str) -> list[str]:
    """The colours this casting may be paid in."""
    if spell.element in ELEMENTS:
        return [spell.element]
    if spell.element == "dragon":
        return sorted({d.element for d in state.dragons if d.owner == seat and d.where == "pool"})
    if spell.element == DRAGONKIN:  # a colour with a Dragonkin in the pool not yet claimed by an announcement
        waiting = [UNIT_DICE[u.kind].elements[0] for u in state.army(seat, SUMMONING)]
        claimed = [c.element for c in state.announced if c.spell == spell.id]
        return sorted({e for e in waiting if waiting.count(e) > claimed.count(e)})
    return sorted(UNIT_DICE[state.unit(target).kind].elements)


def feasible(pool: dict[str, int], demand: dict[str, int]) -> bool:
    """Can the colour sets in the pool pay these per-element costs? (Hall's condition on every element subset.)"""
    wanted = [e for e, n in demand.items() if n > 0]
    for size in range(1, len(wanted) + 1):
        for subset in combinations(wanted, size):
            need = sum(demand[e] for e in subset)
            have = sum(n for key, n in pool.items() if set(key.split("+")) & set(subset))
            if need > have:
                return False
    return True


def demand_of(state: State, casts: list[Cast]) -> dict[str, int]:
    demand: dict[str, int] = {}
    for cast in casts:
        spell = SPELLS[cast.spell]
        demand[cast.element] = demand.get(cast.element, 0) + cost_of(state, spell, cast.target)
    return demand


def _named_targets(state: State, valid: list[str]) -> str:
    """The targets as the cast list names them ('Bob's army at Highland (t0)'), never as codes ('t0:1')."""
    return ", ".join(target_label(state, target) for target in valid) or "none"


def check_cast(state: State, seat: int, spell_id: str, target: str, element: str) -> Cast:
    """Validate an announcement fully; raises RuleError naming what would be allowed. The spell may be given by its
    name as the cast list and /info show it ('Stoneskin')."""
    spell_id = next((s.id for s in SPELLS.values() if spell_id == s.id or normal(spell_id) == normal(s.name)), spell_id)
    if spell_id not in SPELLS:
        raise RuleError(f"There is no spell {spell_id[:40]!r}. Spells: {', '.join(s.name for s in SPELLS.values())}.")
    spell = SPELLS[spell_id]
    if state.marching == RESERVE and not spell.reserve:
        allowed = ", ".join(s.name for s in SPELLS.values() if s.reserve)
        raise RuleError(f"{spell.name} cannot be cast from the reserves; from there you may cast {allowed}.")
    valid = targets(state, seat, spell)
    named = _named_targets(state, valid)
    if announced_on(state, spell, target):
        raise RuleError(
            f"{spell.name} is already announced on {_named_targets(state, [target])}: "
            f"a spell is announced once per unit in a magic action; "
            f"other targets: {named}."
        )
    if target not in valid:
        raise RuleError(f"{spell.name} cannot target {target[:40]!r} now; it may target: {named}.")
    colours = elements_for(state, seat, spell, target)
    element = element or (colours[0] if len(colours) == 1 else "")
    if element not in colours:
        raise RuleError(f"Pay {spell.name} in one of: {', '.join(colours) or 'no colour you have'}.")
    cast = Cast(spell_id, target, element)
    refusal = species_refusal(state, seat, [*state.announced, cast])
    if refusal:
        raise RuleError(refusal)
    if not feasible(state.pool, demand_of(state, [*state.announced, cast])):
        left = ", ".join(f"{n} {k}" for k, n in sorted(state.pool.items()))
        raise RuleError(
            f"Not enough {element} magic for {spell.name} (cost {cost_of(state, spell, target)}) on top of what "
            f"you announced; your magic results: {left or 'none'}."
        )
    return cast


def resolve(state: State, rng: Rng, log: ActionLog, seat: int, cast: Cast) -> None:
    spell = SPELLS[cast.spell]
    target = cast.target
    if spell.target in ("opposing_army", "any_army", "own_army"):
        where, owner = target.split(":")
        if not state.army(int(owner), where):
            log.say(f"{spell.name} fizzles: its target army is gone.")
            return
        if spell.id == "summon_dragonkin":
            _summon(state, log, seat, where, cast.element)
            return
        if spell.id == "soulfire":
            _soulfire(state, rng, log, int(owner), where)
            return
        if spell.id == "hailstorm":
            saves = roll_army(state, rng, int(owner), where, "save", log, label="save roll against Hailstorm").total
            log.say(
                f"Hailstorm: 1 damage against {count(saves, 'save')} → {0 if saves else 1} damage to "
                f"{seat_ref(int(owner))}."
            )
            if saves < 1:
                state.damage.append(Damage(int(owner), where, 1, "Hailstorm"))
            return
        state.effects.append(Effect(spell.id, seat, target, 1))
        log.say(f"{spell.name} takes hold on {seat_ref(int(owner))}'s army at {state.terrain(where).name}.")
        return
    if spell.target == "terrain":
        _terrain_spell(state, rng, log, seat, spell, target)
        return
    unit = state.unit(target)
    if spell.id == "resurrect_dead":
        if unit.where != DEAD:
            log.say(f"{spell.name} fizzles: {unit.name} {unit.id} is no longer in the dead unit area.")
            return
        unit.where = state.marching
        log.say(f"{spell.name}: {unit.name} {unit.id} rejoins {seat_ref(seat)}'s casting army.")
        return
    if unit.where in (DEAD, "buried", RESERVE):
        log.say(f"{spell.name} fizzles: {unit.name} {unit.id} is gone.")
        return
    if spell.id == "undertow":
        unit.where = RESERVE
        dragged = f"Undertow drags {seat_ref(unit.owner)}'s {unit.name} {unit.id} off to the reserves"
        log.say(f"{dragged}.", affects=(unit.owner,))
        state.notes.append(f"{unit.name} swept to the reserves")
        return
    if spell.id == "lightning_strike":
        face = roll_unit(rng, unit, "Lightning Strike save")
        saved = gives_save(face)
        log.say(
            f"Lightning Strike: {unit.name} {unit.id} rolls {face.label()} → {'saved' if saved else 'killed'}.", "roll"
        )
        if not saved:
            kill(state, [unit], rng, log)
        return
    state.hits[unit.id] = state.hits.get(unit.id, 0) + 1  # Finger of Death
    if state.hits[unit.id] >= unit.health:
        kill(state, [unit], rng, log)
        log.say(f"Finger of Death kills {seat_ref(unit.owner)}'s {unit.name} {unit.id}.", affects=(unit.owner,))
    else:
        log.say(f"Finger of Death: {unit.name} {unit.id} has {state.hits[unit.id]} of {unit.health} points on it.")


def _summon(state: State, log: ActionLog, seat: int, where: str, element: str) -> None:
    """The first Dragonkin of the colour paid leaves the summoning pool for the target army."""
    kin = next((u for u in state.army(seat, SUMMONING) if UNIT_DICE[u.kind].elements == (element,)), None)
    if kin is None:
        log.say(f"Summon Dragonkin fizzles: no {element} Dragonkin is left in the summoning pool.")
        return
    kin.where = where
    log.say(f"Summon Dragonkin: {kin.name} {kin.id} joins {seat_ref(seat)}'s army at {state.terrain(where).name}.")
    state.notes.append(f"{seat_ref(seat)} summoned a Dragonkin to {state.terrain(where).name}")


def _soulfire(state: State, rng: Rng, log: ActionLog, owner: int, where: str) -> None:
    """Soulfire: 2 damage the army saves against; the units it kills are buried."""
    saves = roll_army(state, rng, owner, where, "save", log, label="save roll against Soulfire").total
    dealt = max(0, SOULFIRE - saves)
    dealt_line = f"Soulfire: {SOULFIRE} damage against {count(saves, 'save')} → {dealt} damage to {seat_ref(owner)}"
    log.say(f"{dealt_line}.", affects=(owner,))
    if dealt:
        state.damage.append(Damage(owner, where, dealt, "Soulfire", bury=True))


def _boiling_tide(state: State, rng: Rng, log: ActionLog, seat: int, tid: str) -> None:
    """Boiling Tide: every opposing army at the terrain takes 2 damage and rolls saves against it."""
    others = [s for s in state.seats_at(tid) if s != seat]
    if not others:
        log.say(f"Boiling Tide finds no opposing army at {state.terrain(tid).name}.")
    for other in others:
        saves = roll_army(state, rng, other, tid, "save", log, label="save roll against Boiling Tide").total
        dealt = max(0, BOILING - saves)
        tide = f"Boiling Tide: {BOILING} damage against {count(saves, 'save')} → {dealt} damage to {seat_ref(other)}"
        log.say(f"{tide}.", affects=(other,))
        if dealt:
            state.damage.append(Damage(other, tid, dealt, "Boiling Tide"))


def _terrain_spell(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, tid: str) -> None:
    terrain = state.terrain(tid)
    if spell.id == "boiling_tide":
        _boiling_tide(state, rng, log, seat, tid)
    elif spell.id == "rising_ground":
        if terrain.face >= RISING_TOP or tid in state.flooded or not state.army(seat, tid):
            log.say(f"Rising Ground fizzles: {terrain.name} cannot rise now.")
            return
        terrain.face += 1
        state.flooded.append(tid)
        log.say(f"Rising Ground turns {terrain.name} up to {terrain.face} ({terrain.shows()}).")
        state.notes.append(f"{terrain.name} rose to {terrain.face}")
    elif spell.id in TERRAIN_EFFECTS:
        state.effects.append(Effect(spell.id, seat, tid, 1))
        log.say(f"{spell.name} settles over {terrain.name} until {seat_ref(seat)}'s next turn.")
    elif spell.id == "call_dragon":
        colours = elements_for(state, seat, spell, tid)
        dragon = next(
            (d for d in state.dragons if d.owner == seat and d.where == "pool" and d.element in colours), None
        )
        if dragon is None:
            log.say("Call Dragon fizzles: no dragon is left in the pool.")
            return
        dragon.where = tid
        log.say(f"{seat_ref(seat)}'s {dragon.element} dragon lands at {terrain.name}.")
        state.notes.append(f"dragon to {terrain.name}")
    elif tid in state.flooded:
        log.say(f"Flash Flood: {terrain.name} was already turned down by a flood this turn.")
    elif terrain.face == 1:
        log.say(f"Flash Flood: {terrain.name} is already at its lowest face.")
    else:
        resisted = False
        for other in state.seats_at(tid):
            if other != seat:
                rolled = roll_army(state, rng, other, tid, "manoeuvre", log, label="manoeuvre roll against Flash Flood")
                resisted = resisted or rolled.total >= 6
        if resisted:
            log.say(f"Flash Flood: an army at {terrain.name} holds the ground with 6 or more manoeuvre results.")
            return
        terrain.face -= 1
        state.flooded.append(tid)
        short = " (no army there rolled 6 manoeuvre)" if len(state.seats_at(tid)) > 1 else ""
        log.say(f"Flash Flood turns {terrain.name} down to {terrain.face}{short}.")
