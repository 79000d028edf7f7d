"""What a seat may do now: the legal actions with their labels (autocomplete, buttons, the console)."""

from __future__ import annotations

from itertools import product

from rules.base import Choice, seat_ref
from rules.dragondice import spells
from rules.dragondice.abilities import effects_of, fits
from rules.dragondice.content import SPECIES, SPELLS, TERRAINS, UNIT_DICE
from rules.dragondice.damage import casualty_label, casualty_sets
from rules.dragondice.labels import army_label, target_label
from rules.dragondice.model import RESERVE, State
from rules.dragondice.setup import SPLITS, army_points


def allowed_actions(state: State, seat: int, where: str) -> list[str]:
    """The terrain's action; at the 8th face its holder picks any, others may only melee. Reserves cast magic."""
    if where == RESERVE:
        return ["magic"]
    terrain = state.terrain(where)
    if terrain.face != 8:
        return [terrain.action()]
    return ["melee", "missile", "magic"] if terrain.captured_by == seat else ["melee"]


def melee_targets(state: State, seat: int, where: str) -> list[str]:
    return [f"{where}:{s}" for s in state.seats_at(where) if s != seat]


def missile_targets(state: State, seat: int, where: str) -> list[str]:
    """Any opposing army on a terrain; from a home terrain, not one standing at another home terrain."""
    from_home = state.terrain(where).home_of is not None
    out: list[str] = []
    for terrain in state.terrains:
        if from_home and terrain.home_of is not None and terrain.id != where:
            continue
        out.extend(f"{terrain.id}:{s}" for s in state.seats_at(terrain.id) if s != seat)
    return [army for army in out if not spells.hidden_by_illusion(state, army, seat)]


def march_armies(state: State, seat: int) -> list[str]:
    places = [t.id for t in state.terrains if state.army(seat, t.id)]
    if state.army(seat, RESERVE):
        places.append(RESERVE)
    return [p for p in places if p not in state.marched]


def action_choices(state: State, seat: int, where: str) -> list[Choice]:
    out: list[Choice] = []
    place = "reserves" if where == RESERVE else state.terrain(where).name
    for kind in allowed_actions(state, seat, where):
        if kind == "magic":
            label = (
                "Magic: roll your reserves for magic (only the spells marked 'from reserves too')"
                if where == RESERVE
                else f"Magic: roll your army at {place} for magic"
            )
            out.append(Choice({"type": "magic", "army": where}, label))
            continue
        pick = melee_targets if kind == "melee" else missile_targets
        for target in pick(state, seat, where):
            label = f"{kind.title()} from {place} at {army_label(state, target)}"
            out.append(Choice({"type": kind, "army": where, "target": target}, label))
    return out


def play_choices(state: State, seat: int) -> list[Choice]:
    step = state.step
    out: list[Choice] = []
    if step == "march":
        for where in march_armies(state, seat):
            if where != RESERVE:
                terrain = state.terrain(where)
                for direction, ok in (("up", terrain.face < 8), ("down", terrain.face > 1)):
                    if ok:
                        action = {"type": "manoeuvre", "terrain": where, "direction": direction}
                        out.append(Choice(action, f"Manoeuvre at {terrain.name} ({where}), secretly {direction}"))
            out.extend(action_choices(state, seat, where))
        label = "Skip the second march" if state.march == 2 else "Skip the first march"
        out.append(Choice({"type": "pass"}, label, quick=True))
    elif step == "action":
        out.extend(action_choices(state, seat, state.marching))
        out.append(Choice({"type": "pass"}, "Take no action with this army", quick=True))
    elif step == "magic":
        out.extend(cast_choices(state, seat))
        label = "Cast the announced spells" if state.announced else "Cast nothing"
        out.append(Choice({"type": "pass"}, label, quick=True))
    elif step in ("reinforce", "retreat"):
        if step == "reinforce":
            out.extend(_reinforce_choices(state, seat))
        out.extend(_retreat_choices(state, seat))
        label = "Done reinforcing" if step == "reinforce" else "End your turn"
        out.append(Choice({"type": "pass"}, label, quick=True))
    return out


def cast_choices(state: State, seat: int) -> list[Choice]:
    out: list[Choice] = []
    for spell in SPELLS.values():
        if state.marching == RESERVE and not spell.reserve:
            continue
        if spell.species and (spell.species != state.species[seat] or not state.racial.get(spell.species)):
            continue
        for target in spells.targets(state, seat, spell):
            for element in spells.elements_for(state, seat, spell, target):
                cast = spells.Cast(spell.id, target, element)
                casts = [*state.announced, cast]
                if spells.feasible(state.pool, spells.demand_of(state, casts)) and not (
                    spell.species and spells.species_refusal(state, seat, casts)
                ):
                    cost = spells.cost_of(state, spell, target)
                    action = {"type": "cast", "spell": spell.id, "target": target, "element": element}
                    out.append(Choice(action, f"{spell.name} ({cost} {element}) on {target_label(state, target)}"))
    if len(out) == 1:  # a lone spell gets a button: a menu of one is not drawn, and the next line names cast first
        out[0] = Choice(out[0].action, out[0].label, quick=True)
    return out


def _reinforce_choices(state: State, seat: int) -> list[Choice]:
    reserves = state.army(seat, RESERVE)
    out: list[Choice] = []
    for terrain in state.terrains:
        ids = ",".join(u.id for u in reserves)
        out.append(
            Choice({"type": "reinforce", "units": ids, "terrain": terrain.id}, f"All reserves to {terrain.name}")
        )
        if len(reserves) > 1:
            for unit in reserves:
                label = f"{unit.name} {unit.id} to {terrain.name}"
                out.append(Choice({"type": "reinforce", "units": unit.id, "terrain": terrain.id}, label))
    return out


def flight_targets(state: State, seat: int) -> dict[str, list[str]]:
    """Air Flight: for each of the player's units that may fly in the retreat step, the terrains it may fly to (with
    the ability's elements, another than its own, where the player has a unit of its species); each unit flies
    once a turn."""
    out: dict[str, list[str]] = {}
    for unit in (u for t in state.terrains for u in state.army(seat, t.id) if u.id not in state.flown):
        species = UNIT_DICE[unit.kind].species
        for _, effect in effects_of(species, "fly_between"):
            if not fits(state, unit.where, effect):
                continue
            out[unit.id] = [
                t.id
                for t in state.terrains
                if t.id != unit.where
                and fits(state, t.id, effect)
                and any(UNIT_DICE[u.kind].species == species for u in state.army(seat, t.id))
            ]
    return {uid: targets for uid, targets in out.items() if targets}


def _retreat_choices(state: State, seat: int) -> list[Choice]:
    """Whole armies first (the hint names the first), then Air Flight's flights, then single units: a select menu
    shows 25, and the flights are the ones a player could miss."""
    whole: list[Choice] = []
    single: list[Choice] = []
    for terrain in state.terrains:
        army = state.army(seat, terrain.id)
        if not army:
            continue
        ids = ",".join(u.id for u in army)
        label = f"Retreat your whole army at {terrain.name} ({', '.join(f'{u.name} {u.id}' for u in army)})"
        if len(label) > 100:  # Discord's limit for a choice: count the units instead
            label = f"Retreat your whole army at {terrain.name} ({len(army)} units)"
        whole.append(Choice({"type": "retreat", "units": ids}, label))
        if len(army) > 1:
            for unit in army:
                label = f"Retreat {unit.name} {unit.id} from {terrain.name}"
                single.append(Choice({"type": "retreat", "units": unit.id}, label))
    flights: list[Choice] = []
    for uid, targets in flight_targets(state, seat).items():
        unit = state.unit(uid)
        for tid in targets:
            label = f"Fly {unit.name} {unit.id} from {state.terrain(unit.where).name} to {state.terrain(tid).name}"
            flights.append(Choice({"type": "retreat", "units": uid, "terrain": tid}, label + " (Air Flight)"))
    return whole + flights + single


def casualty_choices(state: State) -> list[Choice]:
    """Every valid set of casualties, cheapest first: a select menu shows the first 25, the cheapest is a button."""
    hit = state.damage[0]
    sets = casualty_sets(state.army(hit.seat, hit.where), hit.amount)
    out = []
    for index, killed in enumerate(sets):
        label = casualty_label(killed, hit.amount)
        out.append(Choice({"type": "casualties", "units": ",".join(u.id for u in killed)}, label, quick=index == 0))
    return out


def draft_choices(state: State, seat: int) -> list[Choice]:
    default = list(SPECIES)[seat % len(SPECIES)]
    hordes = [(seat + k) % state.players for k in range(1, state.players)]  # the next player first
    out = []
    for species in list(SPECIES):
        for home in TERRAINS:
            for frontier in TERRAINS:
                if frontier == home:
                    continue
                for split, horde in product(SPLITS, hordes):
                    action = {"type": "draft", "species": species, "home": home, "frontier": frontier, "split": split}
                    action["horde"] = str(horde)
                    usual = (default, SPECIES[default].home, SPECIES[default].frontier, "balanced", hordes[0])
                    quick = (species, home, frontier, split, horde) == usual
                    names = (SPECIES[species].name, TERRAINS[home].name, TERRAINS[frontier].name)
                    label = "{}, home {}, frontier {}, ".format(*names) + split
                    if state.players > 2:  # points instead of the preset's name, so a long player name fits
                        points = "/".join(str(p) for p in army_points(state.force, split))
                        label = "{}, home {}, frontier {}, ".format(*names) + f"{points}, horde {seat_ref(horde)}"
                    out.append(Choice(action, label, quick=quick))
    return out
