"""Magic: which spells an army may announce (targets, colours, points) and how each spell resolves."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from rules.base import ActionLog, RuleError, normal, seat_ref
from rules.dragondice.content import DRAGONKIN, ELEMENTS, SAIS, SPECIES, SPELLS, UNIT_DICE, Spell
from rules.dragondice.damage import gives_save, kill
from rules.dragondice.dice import count, roll_army, roll_unit
from rules.dragondice.dragonkin import SUMMONED_HEALTH, to_summon
from rules.dragondice.labels import target_label
from rules.dragondice.model import BURIED, DEAD, RESERVE, SUMMONING, Cast, Damage, Effect, State, Unit
from rules.rng import Rng

IVORY = "ivory"  # the Amazons' magic: it pays elemental spells only
UNDERTOW_MAX = 2  # Undertow drags off a unit of at most this health
ADDING_UP = ("finger_of_death", "firebolt")  # points on one unit add up within a magic action
SWAMP_FEVER, MIRAGE, SCENT_OF_FEAR, EXHUME = 3, 5, 3, 3  # health-worth of units each reaches
FIRESTORM, TIDAL_WAVE, TIDE_HOLD = 2, 4, 4  # damage to each army; Tidal Wave's manoeuvre results that hold the terrain
RALLY = 3  # Amazon units Rally moves
SUMMON_DRAGONKIN = "summon_dragonkin"  # brings one small Dragonkin of the colour paid to the casting army
FLOOD_HOLD = 6  # Flash Flood's manoeuvre results that hold the terrain


def cost_of(state: State, spell: Spell, target: str) -> int:
    if spell.id == "resurrect_dead":
        return spell.cost * state.unit(target).health  # 3 per point of health: one casting per health-worth
    return spell.cost


def targets(state: State, seat: int, spell: Spell) -> list[str]:
    """Every target the spell may be announced on now; from the reserves only your own armies and units."""
    return [t for t in _targets(state, seat, spell) if not announced_on(state, spell, t)]


def announced_on(state: State, spell: Spell, target: str) -> bool:
    """A spell with a unit target is announced once per unit in a magic action. Finger of Death and Firebolt are the
    exceptions: their points on a unit add up within the action (that is how they kill a unit larger than 1)."""
    unit_spell = spell.target in ("opposing_unit", "own_dead_unit", "own_unit", "opposing_dead_unit")
    once = unit_spell and spell.id not in ADDING_UP
    return once and any(c.spell == spell.id and c.target == target for c in state.announced)


ILLUSION = "illusion"  # an SAI's lasting effect on its own army: no missile or opposing spell may aim at it


def hidden_by_illusion(state: State, army: str, seat: int) -> bool:
    """Whether an opponent's Illusion keeps `seat` from aiming a missile or a spell at this army."""
    return any(e.source == ILLUSION and e.target == army and e.caster != seat for e in state.effects)


def _targets(state: State, seat: int, spell: Spell) -> list[str]:
    from_reserve = state.marching == RESERVE
    terrain_ids = [t.id for t in state.terrains]
    if spell.target in ("opposing_army", "any_army"):
        armies = [
            f"{t}:{s}"
            for t in terrain_ids
            for s in state.seats_at(t)
            if not hidden_by_illusion(state, f"{t}:{s}", seat)
        ]
        mine = [a for a in armies if a.endswith(f":{seat}")]
        if spell.target == "any_army":
            return mine if from_reserve else armies
        return [] if from_reserve else [a for a in armies if a not in mine]
    if spell.target == "opposing_unit":
        if from_reserve:
            return []
        low = UNDERTOW_MAX if spell.id == "undertow" else 99
        return [u.id for u in state.units if u.owner != seat and u.where in terrain_ids and u.health <= low]
    if spell.target == "terrain":
        return [] if from_reserve else _terrains_for(state, seat, spell)
    if spell.target == "own_army" and spell.id == SUMMON_DRAGONKIN:  # the casting army, on a terrain
        return [f"{state.marching}:{seat}"] if state.marching in terrain_ids else []
    if spell.target == "own_army" and spell.id == "rally":
        return [f"{t}:{seat}" for t in terrain_ids if _amazons(state, seat, t) and _rally_from(state, seat, t)]
    if spell.target == "own_army":
        return [f"{t}:{seat}" for t in terrain_ids if state.army(seat, t)]
    if spell.target == "own_unit":  # Path: a unit with somewhere to go
        placed = [u for u in state.units if u.owner == seat and u.where in terrain_ids]
        return [u.id for u in placed if _path_to(state, seat, u)]
    if spell.target == "opposing_dead_unit":
        return [u.id for u in state.units if u.owner != seat and u.where == DEAD and u.health <= EXHUME]
    return [u.id for u in state.army(seat, DEAD)]  # own_dead_unit


def _terrains_for(state: State, seat: int, spell: Spell) -> list[str]:
    """The terrains a terrain spell may target: where it could do something."""
    terrain_ids = [t.id for t in state.terrains]
    if spell.id in ("flash_flood", "tidal_wave"):
        return _floodable(state, spell)
    if spell.id in ("mirage", "scent_of_fear"):
        return [t for t in terrain_ids if any(s != seat for s in state.seats_at(t))]
    if spell.id == "firestorm":
        return [t for t in terrain_ids if state.seats_at(t)]
    return terrain_ids


def _floodable(state: State, spell: Spell) -> list[str]:
    """Flash Flood only where it could turn the terrain: above face 1, once per terrain per turn. Tidal Wave also
    damages every army there, so it may target any terrain with an army."""
    announced = [c.target for c in state.announced if c.spell == spell.id]
    if spell.id == "tidal_wave":
        return [t.id for t in state.terrains if state.seats_at(t.id) and t.id not in announced]
    return [t.id for t in state.terrains if t.face > 1 and t.id not in state.flooded and t.id not in announced]


def _amazons(state: State, seat: int, where: str) -> list[Unit]:
    return [u for u in state.army(seat, where) if UNIT_DICE[u.kind].species == "amazons"]


def _rally_from(state: State, seat: int, dest: str) -> str:
    """The terrain Rally draws Amazons from: the one with the most Amazon health other than `dest` ('' if none)."""
    sources = [t.id for t in state.terrains if t.id != dest and _amazons(state, seat, t.id)]
    return max(sources, key=lambda t: sum(u.health for u in _amazons(state, seat, t)), default="")


def _path_to(state: State, seat: int, unit: Unit) -> str:
    """Where Path sends a unit: the casting army's terrain; from the reserves, your army with the most health at
    another terrain ('' when there is none)."""
    if state.marching not in (RESERVE, ""):
        return state.marching if state.marching != unit.where else ""
    others = [t.id for t in state.terrains if t.id != unit.where and state.army(seat, t.id)]
    return max(others, key=lambda t: sum(u.health for u in state.army(seat, t)), default="")


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
    """The colours this casting may be paid in. Elemental spells take one element (or ivory); a unit brought back
    pays in one of its colours, an Amazon (ivory) in any."""
    if spell.element in ELEMENTS:
        return [spell.element]
    if spell.element == "dragon":
        return sorted({d.element for d in state.dragons if d.owner == seat and d.where == "pool"})
    if spell.element == DRAGONKIN:  # a colour with a small Dragonkin in the pool not yet claimed by an announcement
        waiting = [UNIT_DICE[u.kind].elements[0] for u in state.army(seat, SUMMONING) if u.health == SUMMONED_HEALTH]
        claimed = [c.element for c in state.announced if c.spell == spell.id]
        return sorted({e for e in waiting if waiting.count(e) > claimed.count(e)})
    if spell.target == "own_dead_unit" and IVORY not in UNIT_DICE[state.unit(target).kind].elements:
        return sorted(UNIT_DICE[state.unit(target).kind].elements)
    return sorted((*ELEMENTS, IVORY))


def feasible(
    pool: dict[str, int],
    demand: dict[str, int],
    cantrip: dict[str, int] | None = None,
    cantrip_demand: dict[str, int] | None = None,
) -> bool:
    """Can the colour sets in the pool pay these per-element costs? `demand` is paid from the pool; `cantrip_demand`
    (the cost of cantrip spells) from the pool or from the Cantrip SAI's results in `cantrip`. Hall's condition on
    every set of (element, kind of payment) demands."""
    needs = [(e, n, False) for e, n in demand.items() if n > 0]
    needs += [(e, n, True) for e, n in (cantrip_demand or {}).items() if n > 0]
    sources = [(set(k.split("+")), n, False) for k, n in pool.items()]
    sources += [(set(k.split("+")), n, True) for k, n in (cantrip or {}).items()]
    for size in range(1, len(needs) + 1):
        for subset in combinations(needs, size):
            need = sum(n for _, n, _ in subset)
            have = sum(
                n
                for colours, n, from_cantrip in sources
                if any(e in colours and (flex or not from_cantrip) for e, _, flex in subset)
            )
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
    name as the cast list and /info show it ('Stone Skin')."""
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


Resolver = Callable[[State, Rng, ActionLog, int, Spell, str], None]


def resolve(state: State, rng: Rng, log: ActionLog, seat: int, cast: Cast) -> None:
    """Cast one announced spell, if its target is still there."""
    spell = SPELLS[cast.spell]
    target = cast.target
    if spell.target in ("opposing_army", "any_army", "own_army"):
        where, owner = target.split(":")
        if not state.army(int(owner), where):
            log.say(f"{spell.name} fizzles: its target army is gone.")
            return
    if spell.target in ("opposing_unit", "own_unit") and state.unit(target).where not in _terrain_ids(state):
        unit = state.unit(target)
        log.say(f"{spell.name} fizzles: {unit.name} {unit.id} is gone.")
        return
    if spell.target in ("own_dead_unit", "opposing_dead_unit") and state.unit(target).where != DEAD:
        unit = state.unit(target)
        log.say(f"{spell.name} fizzles: {unit.name} {unit.id} is no longer in the dead unit area.")
        return
    if _dispelled(state, rng, log, seat, spell, target):
        return
    if spell.id == SUMMON_DRAGONKIN:
        _summon(state, log, seat, target.split(":")[0], cast.element)
    elif spell.id == "call_dragon":
        _call_dragon(state, log, seat, spell, target)
    elif spell.id in RESOLVERS:
        RESOLVERS[spell.id](state, rng, log, seat, spell, target)
    else:  # a lasting spell (its "lasting" roll modifiers, or a rule another module applies while it lasts)
        _lasting(state, rng, log, seat, spell, target)


def _dispelled(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> bool:
    """An SAI declared for "spell_target" (Dispel Magic): each opponent's unit carrying it that the spell is aimed
    at (the unit, its army or its terrain) rolls before the spell takes effect; on that face the spell is cancelled.
    Dead units aimed at (Resurrect Dead, Exhume) are not in play and never roll."""
    if ":" in target:
        where, owner = target.split(":")
        aimed = state.army(int(owner), where)
    elif target in _terrain_ids(state):
        aimed = [u for u in state.units if u.where == target]
    elif target in {u.id for u in state.units} and state.unit(target).where in _terrain_ids(state):
        aimed = [state.unit(target)]
    else:
        return False
    for unit in (u for u in aimed if u.owner != seat):
        guards = {f.sai for f in UNIT_DICE[unit.kind].faces if f.kind == "sai" and "spell_target" in SAIS[f.sai].rolls}
        if not guards:
            continue
        face = roll_unit(rng, unit, f"{spell.name}: rolled against it")
        if face.kind == "sai" and face.sai in guards:
            log.say(f"{unit.name} {unit.id} rolls {face.label()}: {spell.name} is cancelled.", "roll")
            return True
        log.say(f"{unit.name} {unit.id} rolls {face.label()} against {spell.name}: no effect.", "roll")
    return False


def _terrain_ids(state: State) -> set[str]:
    return {t.id for t in state.terrains}


def _lasting(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    """The spell stays on its army or terrain until the caster's next turn; each casting is one more Effect."""
    state.effects.append(Effect(spell.id, seat, target, 1))
    if ":" in target:
        where, owner = target.split(":")
        log.say(f"{spell.name} takes hold on {seat_ref(int(owner))}'s army at {state.terrain(where).name}.")
    else:
        log.say(f"{spell.name} settles over {state.terrain(target).name} until {seat_ref(seat)}'s next turn.")


def _saved_damage(state: State, rng: Rng, log: ActionLog, owner: int, where: str, amount: int, name: str) -> None:
    """`amount` damage to an army, which rolls saves against it; what gets through waits for its casualties."""
    saves = roll_army(state, rng, owner, where, "save", log, label=f"save roll against {name}").total
    dealt = max(0, amount - saves)
    hit = f"{name}: {amount} damage against {count(saves, 'save')} → {dealt} damage to {seat_ref(owner)}"
    log.say(f"{hit}.", affects=(owner,))
    if dealt:
        state.damage.append(Damage(owner, where, dealt, name))


def _largest(units: list[Unit], health: int) -> list[Unit]:
    """The units an effect reaching `health` worth takes, picked for the caster: the largest that still fit first,
    the lowest id among equals."""
    picked: list[Unit] = []
    left = health
    for unit in sorted(units, key=lambda u: (-u.health, int(u.id[1:]))):
        if unit.health <= left:
            picked.append(unit)
            left -= unit.health
    return picked


def _point(state: State, rng: Rng, log: ActionLog, unit: Unit, name: str) -> None:
    """One point of damage on a unit; the points add up within the magic action and kill at its health."""
    state.hits[unit.id] = state.hits.get(unit.id, 0) + 1
    if state.hits[unit.id] >= unit.health:
        kill(state, [unit], rng, log)
        log.say(f"{name} kills {seat_ref(unit.owner)}'s {unit.name} {unit.id}.", affects=(unit.owner,))
    else:
        log.say(f"{name}: {unit.name} {unit.id} has {state.hits[unit.id]} of {unit.health} points on it.")


def _unit_save(rng: Rng, log: ActionLog, unit: Unit, name: str) -> bool:
    face = roll_unit(rng, unit, f"{name} save")
    saved = gives_save(face)
    log.say(f"{name}: {unit.name} {unit.id} rolls {face.label()} → {'a save' if saved else 'no save'}.", "roll")
    return saved


def _to_reserve(state: State, log: ActionLog, units: list[Unit], name: str) -> None:
    for unit in units:
        unit.where = RESERVE
        log.say(f"{name}: {seat_ref(unit.owner)}'s {unit.name} {unit.id} goes to the reserves.", affects=(unit.owner,))
    if units:
        state.notes.append(f"{name}: {len(units)} unit{'s' if len(units) > 1 else ''} to the reserves")


def _hailstorm(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    where, owner = target.split(":")
    _saved_damage(state, rng, log, int(owner), where, 1, spell.name)


def _lightning_strike(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    unit = state.unit(target)
    face = roll_unit(rng, unit, "Lightning Strike save")
    saved = gives_save(face)
    log.say(f"Lightning Strike: {unit.name} {unit.id} rolls {face.label()} → {'saved' if saved else 'killed'}.", "roll")
    if not saved:
        kill(state, [unit], rng, log)


def _finger_of_death(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    _point(state, rng, log, state.unit(target), spell.name)


def _firebolt(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    unit = state.unit(target)
    if not _unit_save(rng, log, unit, spell.name):
        _point(state, rng, log, unit, spell.name)


def _fearful_flames(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    """A point of damage; a unit that saves against it must save again or flee to the reserves."""
    unit = state.unit(target)
    if not _unit_save(rng, log, unit, spell.name):
        _point(state, rng, log, unit, spell.name)
    elif not _unit_save(rng, log, unit, spell.name):
        _to_reserve(state, log, [unit], spell.name)


def _undertow(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    unit = state.unit(target)
    unit.where = RESERVE
    log.say(
        f"Undertow drags {seat_ref(unit.owner)}'s {unit.name} {unit.id} off to the reserves.", affects=(unit.owner,)
    )
    state.notes.append(f"{unit.name} swept to the reserves")


def _swamp_fever(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    """Up to 3 health of the army roll: an ID kills; each killed unit rolls again, an ID buries it."""
    where, owner = target.split(":")
    for unit in _largest(state.army(int(owner), where), SWAMP_FEVER):
        face = roll_unit(rng, unit, "Swamp Fever")
        log.say(f"Swamp Fever: {unit.name} {unit.id} rolls {face.label()}.", "roll")
        if face.kind != "id":
            continue
        kill(state, [unit], rng, log)
        log.say(f"Swamp Fever kills {seat_ref(unit.owner)}'s {unit.name} {unit.id}.", affects=(unit.owner,))
        if unit.where == DEAD and roll_unit(rng, unit, "Swamp Fever burial").kind == "id":
            unit.where = BURIED
            log.say(f"Swamp Fever: {unit.name} {unit.id} rolls an ID again and is buried.", "roll")


def _mirage(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    opposing = [u for u in state.units if u.where == target and u.owner != seat]
    fled = [u for u in _largest(opposing, MIRAGE) if not _unit_save(rng, log, u, spell.name)]
    _to_reserve(state, log, fled, spell.name)


def _scent_of_fear(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    opposing = [u for u in state.units if u.where == target and u.owner != seat]
    _to_reserve(state, log, _largest(opposing, SCENT_OF_FEAR), spell.name)


def _exhume(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    """The opponent's dead unit saves or is buried; as much health of your dead joins the casting army."""
    unit = state.unit(target)
    if _unit_save(rng, log, unit, spell.name):
        return
    unit.where = BURIED
    log.say(f"Exhume buries {seat_ref(unit.owner)}'s {unit.name} {unit.id}.", affects=(unit.owner,))
    back = _largest(state.army(seat, DEAD), unit.health)
    for mine in back:
        mine.where = state.marching
    if back:
        names = ", ".join(f"{u.name} {u.id}" for u in back)
        log.say(f"Exhume: {names} rejoin{'s' if len(back) == 1 else ''} {seat_ref(seat)}'s casting army.")


def _resurrect_dead(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    unit = state.unit(target)
    unit.where = state.marching
    log.say(f"{spell.name}: {unit.name} {unit.id} rejoins {seat_ref(seat)}'s casting army.")


def _firestorm(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    for owner in state.seats_at(target):  # every army there, the caster's too
        _saved_damage(state, rng, log, owner, target, FIRESTORM, spell.name)


def _tidal_wave(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    """Each army there takes 4 damage and rolls once, counting only plain faces: save faces and IDs stop damage,
    manoeuvre faces and IDs hold the terrain; unless one army holds it, it turns down a step (once per turn)."""
    terrain = state.terrain(target)
    held = False
    for owner in state.seats_at(target):
        saves = moves = 0
        for unit in state.army(owner, target):
            face = roll_unit(rng, unit, "Tidal Wave roll")
            saves += unit.health if face.kind == "id" else face.amount if face.kind == "save" else 0
            moves += unit.health if face.kind == "id" else face.amount if face.kind == "manoeuvre" else 0
        dealt = max(0, TIDAL_WAVE - saves)
        line = f"{count(saves, 'save')} and {moves} manoeuvre → {dealt} damage to {seat_ref(owner)}"
        log.say(f"Tidal Wave at {terrain.name}: {line}.", "roll", affects=(owner,))
        held = held or moves >= TIDE_HOLD
        if dealt:
            state.damage.append(Damage(owner, target, dealt, spell.name))
    if held or terrain.face == 1 or target in state.flooded:
        log.say(f"Tidal Wave: {terrain.name} stays at {terrain.face}.")
        return
    terrain.face -= 1
    state.flooded.append(target)
    log.say(f"Tidal Wave turns {terrain.name} down to {terrain.face}.")


def _flash_flood(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    terrain = state.terrain(target)
    if target in state.flooded:
        log.say(f"Flash Flood: {terrain.name} was already turned down by a flood this turn.")
        return
    if terrain.face == 1:
        log.say(f"Flash Flood: {terrain.name} is already at its lowest face.")
        return
    resisted = False
    for other in state.seats_at(target):
        if other != seat:
            rolled = roll_army(state, rng, other, target, "manoeuvre", log, label="manoeuvre roll against Flash Flood")
            resisted = resisted or rolled.total >= FLOOD_HOLD
    if resisted:
        log.say(f"Flash Flood: an army at {terrain.name} holds the ground with 6 or more manoeuvre results.")
        return
    terrain.face -= 1
    state.flooded.append(target)
    short = " (no army there rolled 6 manoeuvre)" if len(state.seats_at(target)) > 1 else ""
    log.say(f"Flash Flood turns {terrain.name} down to {terrain.face}{short}.")


def _path(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    unit = state.unit(target)
    dest = _path_to(state, seat, unit)
    if not dest:
        log.say(f"Path fizzles: {unit.name} {unit.id} has nowhere to go.")
        return
    unit.where = dest
    log.say(f"Path: {seat_ref(seat)}'s {unit.name} {unit.id} moves to {state.terrain(dest).name}.")


def _rally(state: State, rng: Rng, log: ActionLog, seat: int, spell: Spell, target: str) -> None:
    dest = target.split(":")[0]
    source = _rally_from(state, seat, dest)
    if not source or not _amazons(state, seat, dest):
        log.say("Rally fizzles: no Amazons to rally there.")
        return
    moved = sorted(_amazons(state, seat, source), key=lambda u: (-u.health, int(u.id[1:])))[:RALLY]
    for unit in moved:
        unit.where = dest
    names = ", ".join(f"{u.name} {u.id}" for u in moved)
    log.say(f"Rally: {names} move from {state.terrain(source).name} to {state.terrain(dest).name}.")


def _summon(state: State, log: ActionLog, seat: int, where: str, element: str) -> None:
    """One health-worth of Dragonkin of the colour paid leaves the summoning pool for the casting army."""
    kin = to_summon(state, seat, element)
    if kin is None:
        log.say(f"Summon Dragonkin fizzles: no small {element} Dragonkin is left in the summoning pool.")
        return
    kin.where = where
    log.say(f"Summon Dragonkin: {kin.name} {kin.id} joins {seat_ref(seat)}'s army at {state.terrain(where).name}.")
    state.notes.append(f"{seat_ref(seat)} summoned a Dragonkin to {state.terrain(where).name}")


def _call_dragon(state: State, log: ActionLog, seat: int, spell: Spell, tid: str) -> None:
    colours = elements_for(state, seat, spell, tid)
    dragon = next((d for d in state.dragons if d.owner == seat and d.where == "pool" and d.element in colours), None)
    if dragon is None:
        log.say("Call Dragon fizzles: no dragon is left in the pool.")
        return
    dragon.where = tid
    log.say(f"{seat_ref(seat)}'s {dragon.element} dragon lands at {state.terrain(tid).name}.")
    state.notes.append(f"dragon to {state.terrain(tid).name}")


# What each spell does when cast; a spell not here lasts (see _lasting).
RESOLVERS: dict[str, Resolver] = {
    "hailstorm": _hailstorm,
    "lightning_strike": _lightning_strike,
    "finger_of_death": _finger_of_death,
    "firebolt": _firebolt,
    "fearful_flames": _fearful_flames,
    "undertow": _undertow,
    "swamp_fever": _swamp_fever,
    "mirage": _mirage,
    "scent_of_fear": _scent_of_fear,
    "exhume": _exhume,
    "resurrect_dead": _resurrect_dead,
    "firestorm": _firestorm,
    "tidal_wave": _tidal_wave,
    "flash_flood": _flash_flood,
    "path": _path,
    "rally": _rally,
}
