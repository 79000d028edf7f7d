"""Dragon Dice for /info: every species, unit die, SAI, spell, terrain, eighth face and the dragon, as Lookups.

Built from the loaded content (rules.dragondice.content), so a new data entry shows up here by itself. Where an
entry carries its own text (spells, SAIs, eighth faces, dragon faces, breaths, Dragonkin) that text is used; the
rest (species, unit dice, terrains, the dragon) is written here from the numbers and rules.md.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from functools import cache

from rules.base import Lookup, normal
from rules.content import Source
from rules.dragondice.content import (
    ABILITIES,
    ACTIONS,
    DRAGON,
    DRAGONKIN,
    DRAGONKIN_KIN,
    EIGHTH_FACES,
    SAIS,
    SPECIES,
    SPELLS,
    TERRAINS,
    UNIT_DICE,
    DragonFace,
    DragonKind,
    Face,
    UnitDie,
)
from rules.dragondice.dice import count

PICTURE_WIDTH = 40
# How the spell targets read to a player (content ids are not shown).
TARGETS = {
    "opposing_army": "an opposing army",
    "any_army": "any army",
    "opposing_unit": "an opposing unit",
    "terrain": "a terrain",
    "own_dead_unit": "your dead unit",
    "own_army": "your army",
    "own_unit": "one of your units",
    "opposing_dead_unit": "an opponent's dead unit",
}
# Spells paid in a colour chosen at cast time rather than a fixed element.
PAID_IN = {"elemental": "any one element", "dragon": "the dragon's colour", DRAGONKIN: "the Dragonkin's colour"}


def _and(words: list[str] | tuple[str, ...]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _pack(cells: list[str]) -> tuple[str, ...]:
    """Cells in brackets, as many to a line as fit in PICTURE_WIDTH."""
    lines: list[str] = []
    for cell in (f"[{c}]" for c in cells):
        if lines and len(lines[-1]) + 1 + len(cell) <= PICTURE_WIDTH:
            lines[-1] += f" {cell}"
        else:
            lines.append(cell)
    return tuple(lines)


def _faces_picture(faces: tuple[Face, ...]) -> tuple[str, ...]:
    return _pack([face.label() for face in faces])


def _leaning(faces: tuple[Face, ...]) -> str:
    """What a unit is for: the action its faces roll most of, or that they are even."""
    totals = {action: sum(f.amount for f in faces if f.kind == action) for action in ACTIONS}
    best = max(totals.values())
    top = [action for action in ACTIONS if totals[action] == best]
    return f"Its faces lean to {top[0]}." if len(top) == 1 else f"Its faces favour {_and(top)} alike."


def _species(sources: dict[str, Source]) -> list[Lookup]:
    out: list[Lookup] = []
    for sp in SPECIES.values():
        dice = [UNIT_DICE[uid] for uid in sp.units]
        sais = sorted({SAIS[f.sai].name for die in dice for f in die.faces if f.kind == "sai"})
        home, frontier = TERRAINS[sp.home].name, TERRAINS[sp.frontier].name
        abilities = [ABILITIES[a].name for a in sp.abilities]
        powers = f" Species abilities: {_and(abilities)}." if abilities else ""
        own = [s.name for s in SPELLS.values() if s.species == sp.id]
        magic = f" Their own species spells: {_and(own)}." if own else ""
        house = [d.name for d in dice if d.source == "house"]
        differ = f" {_and(house)} {'differs' if len(house) == 1 else 'differ'} between them: ours." if house else ""
        checked = f" Dice checked against two sources.{differ}" if sp.checked_against else " Ours entirely."
        text = (
            f"A species of {_and(sp.elements)}, {len(dice)} unit dice. Quick setup: home {home}, frontier "
            f"{frontier}.{powers}{magic} SAIs on their dice: {_and(sais) if sais else 'none'}.{checked}"
        )
        facts = (
            "/".join(sp.elements),
            f"home {home}",
            f"frontier {frontier}",
            f"{len(dice)} unit dice",
            *(f"ability {name}" for name in abilities),
            *(f"spell {name}" for name in own),
        )
        out.append(Lookup(sp.name, "species", " ".join(text.split()), sources[sp.id], facts))
    return out


def _abilities() -> list[Lookup]:
    out: list[Lookup] = []
    for ability in ABILITIES.values():
        text = f"{ability.text} In this bot: {ability.partial}" if ability.partial else ability.text
        facts = (SPECIES[ability.species].name, "applied" if ability.effects else "not applied")
        out.append(Lookup(ability.name, "ability", text, ability.source, facts))
    return out


def _unit(die: UnitDie, sources: dict[str, Source]) -> Lookup:
    sais = [f"{SAIS[f.sai].name} {f.amount}" for f in die.faces if f.kind == "sai"]
    health = f"health {die.health}"
    if die.species == DRAGONKIN:
        species = "Dragonkin"
        where = (
            "It waits in the summoning pool, costs no points, and joins an army by Summon Dragonkin (health-1 dice "
            f"only) or by promotion; rolled, it adds {count(die.health, 'automatic save')} to a save unless it "
            "shows its Belly. It never rolls for magic or missile and goes back to the pool when it is killed."
        )
    else:
        species = SPECIES[die.species].name
        where = f"It costs {die.health} point{'s' if die.health != 1 else ''} of the force."
    kind = f"{die.type.replace('_', ' ')} " if die.type and die.type != die.size else ""
    text = (
        f"A {die.size} {kind}{species} unit of {_and(die.elements)} with {health}; an ID face counts {die.health} in "
        f"any roll. {_leaning(die.faces)} {where}"
    )
    if sais:
        text += f" SAIs: {_and(sais)}."
    if die.retired:
        text += " A retired die of ours: kept so games begun with it can finish; it is no longer drafted."
    elif die.note:
        text += f" Ours: {die.note}"
    facts = (species, die.size, health, "/".join(die.elements), f"{len(die.faces)} faces")
    return Lookup(die.name, "unit", " ".join(text.split()), die.source, facts, _faces_picture(die.faces), key=die.id)


def _sais(sources: dict[str, Source]) -> list[Lookup]:
    out: list[Lookup] = []
    for sai in SAIS.values():
        carriers = sorted({d.name for d in UNIT_DICE.values() if any(f.sai == sai.id for f in d.faces)})
        facts = (f"on {len(carriers)} unit {'die' if len(carriers) == 1 else 'dice'}", *carriers[:4])
        letter = next((x for x in ("X", "N") if re.search(rf"\b{x}\b", sai.text)), "")
        text = f"{sai.text} {letter} is the number on the face." if letter else sai.text
        if sai.partial:
            text += f" In this bot: {sai.partial}"
        out.append(Lookup(sai.name, "sai", text, sources[sai.id], facts))
    return out


def _spells() -> list[Lookup]:
    out: list[Lookup] = []
    for spell in SPELLS.values():
        colour = PAID_IN.get(spell.element, spell.element)
        cost = f"costs {spell.cost} per health" if spell.id == "resurrect_dead" else f"costs {spell.cost}"
        facts = [cost, colour, f"target {TARGETS.get(spell.target, spell.target)}"]
        if spell.reserve:
            facts.append("from reserves too")
        if spell.cantrip:
            facts.append("cantrip")
        if spell.species:
            facts.append(f"{SPECIES[spell.species].name} only")
        text = f"{spell.text} In this bot: {spell.partial}" if spell.partial else spell.text
        out.append(Lookup(spell.name, "spell", text, spell.source, tuple(facts)))
    return out


def _runs(bands: tuple[str, ...]) -> list[str]:
    """Faces 1..7 as runs: '1-3 melee', '4-5 missile'."""
    runs: list[tuple[int, int, str]] = []
    for face, action in enumerate(bands, start=1):
        if runs and runs[-1][2] == action and runs[-1][1] == face - 1:
            runs[-1] = (runs[-1][0], face, action)
        else:
            runs.append((face, face, action))
    return [f"{a}-{b} {action}" if a != b else f"{a} {action}" for a, b, action in runs]


def _terrains(sources: dict[str, Source]) -> list[Lookup]:
    out: list[Lookup] = []
    for terrain in TERRAINS.values():
        eighth = EIGHTH_FACES[terrain.eighth]
        runs = _runs(terrain.bands)
        text = (
            f"A terrain of {_and(terrain.elements)}. Armies there may take the action its face shows: faces "
            f"{_and(runs)}. Its eighth face is the {eighth.name}; if it shows 8 while yours is the only army "
            f"there, you capture it. {eighth.text}"
        )
        facts = ("/".join(terrain.elements), *runs, f"8 {eighth.name}")
        picture = _pack([*(f"{i} {a}" for i, a in enumerate(terrain.bands, start=1)), f"8 {eighth.name}"])
        out.append(Lookup(terrain.name, "terrain", text, sources[terrain.id], facts, picture))
    return out


def _eighth_faces(sources: dict[str, Source]) -> list[Lookup]:
    out: list[Lookup] = []
    for face in EIGHTH_FACES.values():
        on = sorted(t.name for t in TERRAINS.values() if t.eighth == face.id)
        text = f"{face.text} It counts only once the terrain is captured."
        out.append(Lookup(face.name, "eighth face", text, sources[face.id], tuple(f"on {name}" for name in on)))
    return out


def _dragon(sources: dict[str, Source]) -> list[Lookup]:
    counts = Counter(face.id for face in DRAGON.faces)
    first: dict[str, DragonFace] = {}  # one face of each kind, in the die's order
    for face in DRAGON.faces:
        first.setdefault(face.id, face)
    kinds = list(first)
    size = len(DRAGON.faces)
    source = sources["dragon"]
    text = (
        f"A dragon rolls its own {size}-sided die and has {DRAGON.health} health and one element. Call Dragon "
        "sends one from your pool to a terrain; early in each player's turn it attacks that player's army there, "
        "its owner's too. "
        "The army makes one roll: saves cut the damage and enough melee to reach its health slays it, back to "
        "its owner's pool. Dragons sharing a terrain fight each other first."
    )
    cells = [f"{first[k].name}" + (f" x{counts[k]}" if counts[k] > 1 else "") for k in kinds]
    facts = (f"health {DRAGON.health}", f"{size} faces", f"1 per {DRAGON.points_per_dragon} points")
    out = [Lookup("Dragon", "dragon", text, source, facts, _pack(cells), key="dragon")]
    for k in kinds:
        face = first[k]
        face_facts = [f"damage {face.damage}", "saves count" if face.saveable else "no save", f"{counts[k]} of {size}"]
        if face.effect == "breath":
            face_facts += [f"{b.element} breath" for b in DRAGON.breath.values()]
        out.append(Lookup(face.name, "dragon face", face.text, source, tuple(face_facts)))
    for breath in DRAGON.breath.values():
        out.append(
            Lookup(
                f"{breath.element.title()} breath",
                "dragon breath",
                f"What the Breath face adds for a dragon of {breath.element}. {breath.text}",
                sources[f"breath/{breath.element}"],
                (f"{breath.element} dragon", f"amount {breath.amount}"),
            )
        )
    return out


def _dragon_kinds() -> list[Lookup]:
    """One entry per published kind of dragon, its two forms told in the text and drawn in its picture."""
    return [_dragon_kind(kind) for kind in DRAGON.kinds.values()]


def _dragon_kind(kind: DragonKind) -> Lookup:
    kind_type = DRAGON.types[kind.type]
    breaths = [f"{DRAGON.breath[c].name} ({c})" for c in kind.elements if c in DRAGON.breath]
    forms = "; ".join(
        f"as a {form.name.lower()}: " + _and([f"{n} {name}" for name, n in Counter(f.name for f in form.faces).items()])
        for form in DRAGON.forms.values()
    )
    text = (
        f"{kind_type.name} dragon. Health {kind.health}, {kind.saves} automatic saves. {kind_type.text} "
        f"Its breath: {_and(breaths)}. Twelve faces {forms}."
    )
    if kind.partial:
        text += f" In this bot: {kind.partial}"
    facts = (
        kind_type.name,
        "/".join(kind.elements),
        f"health {kind.health}",
        f"{kind.saves} automatic saves",
        f"counts as {kind.points} dragon{'s' if kind.points != 1 else ''}",
    )
    cells = [
        f"{form.name} {n} {name}"
        for form in DRAGON.forms.values()
        for name, n in Counter(f.name for f in form.faces).items()
    ]
    return Lookup(
        kind.name, "dragon kind", " ".join(text.split()), kind.source, facts, _pack(cells), key=f"dragon/{kind.id}"
    )


def _dragonkin(sources: dict[str, Source]) -> Lookup:
    dice = [d for d in UNIT_DICE.values() if d.species == DRAGONKIN and not d.retired]
    die = dice[0]
    per = DRAGONKIN_KIN.health_per_points
    sizes = Counter(d.size for d in dice if d.elements == die.elements)
    facts = (
        f"{len(dice)} dice",
        *(f"{n} {size} per element" for size, n in sizes.items()),
        f"1 health per {per} points of force",
        "costs no points",
    )
    text = (
        f"{DRAGONKIN_KIN.text} A player brings one health of Dragonkin for every full {per} points of the force "
        f"(the bot picks the dice: the species' colours, smallest first). Every element has the same twelve dice."
    )
    return Lookup("Dragonkin", "dragonkin", text, sources[DRAGONKIN], facts, _faces_picture(die.faces), key=die.id)


def _sources() -> dict[str, Source]:
    """Whose each thing is (the content's own "source"), by the id the glossary looks it up with."""
    out: dict[str, Source] = {species.id: species.source for species in SPECIES.values()}
    out |= {sai.id: sai.source for sai in SAIS.values()}
    out |= {terrain.id: terrain.source for terrain in TERRAINS.values()}
    out |= {face.id: face.source for face in EIGHTH_FACES.values()}
    out |= {f"breath/{breath.element}": breath.source for breath in DRAGON.breath.values()}
    out["dragon"] = DRAGON.source
    out[DRAGONKIN] = DRAGONKIN_KIN.source
    return out


@cache
def _all() -> tuple[Lookup, ...]:
    sources = _sources()
    items = [
        *_species(sources),
        *_abilities(),
        *(_unit(die, sources) for die in UNIT_DICE.values()),
        *_sais(sources),
        *_spells(),
        *_terrains(sources),
        *_eighth_faces(sources),
        *_dragon(sources),
        *_dragon_kinds(),
        _dragonkin(sources),
    ]
    items.sort(key=lambda x: (x.kind, x.name.casefold()))
    # Two things of one name: the later one is qualified by its kind, so /info can tell them apart.
    seen: set[str] = set()
    out: list[Lookup] = []
    for item in items:
        if normal(item.name) in seen:
            item = replace(item, name=f"{item.name} ({_qualifier(item)})")
        seen.add(normal(item.name))
        out.append(item)
    return tuple(out)


def _qualifier(item: Lookup) -> str:
    """What tells a second thing of one name apart: a unit's species, else its kind."""
    if item.kind == "unit" and item.key in UNIT_DICE:
        die = UNIT_DICE[item.key]
        return "Dragonkin" if die.species == DRAGONKIN else SPECIES[die.species].name
    return item.kind


def lookups() -> list[Lookup]:
    """Everything /info can explain in Dragon Dice, by kind then name (a fresh list; the entries are frozen)."""
    return list(_all())
