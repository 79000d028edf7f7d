"""Dragons: their kinds and forms, their rolls, the dragon attack phase at a terrain (dragons against dragons and
against the marching player's army), and Treasure's promotions."""

from __future__ import annotations

from math import ceil

from rules.base import ActionLog, require, seat_ref
from rules.dragondice.content import DRAGON, TERRAINS, UNIT_DICE, DragonFace, DragonForm, DragonKind
from rules.dragondice.dice import count, roll_army
from rules.dragondice.model import DEAD, Damage, Decision, Dragon, Effect, State
from rules.rng import Rng

NO_COLOUR = ("ivory", "white")  # colours that are no element: they never make two dragons alike


def kind_of(dragon: Dragon) -> DragonKind:
    """An older save's dragon holds only its element: it is that element's elemental dragon."""
    return DRAGON.kinds[dragon.kind or dragon.element]


def form_of(dragon: Dragon) -> DragonForm:
    return DRAGON.forms[dragon.form or DRAGON.default_form]


def dragon_name(dragon: Dragon) -> str:
    """'Fire Drake', 'Air/Earth Hybrid Wyrm', 'White Drake'."""
    return f"{kind_of(dragon).name.removesuffix(' Dragon')} {form_of(dragon).name}"


def owned_name(dragon: Dragon) -> str:
    return f"{seat_ref(dragon.owner)}'s {dragon_name(dragon)}"


def dragons_for(force: int) -> int:
    """One dragon per 24 points of the force or part of it."""
    return max(1, ceil(force / DRAGON.points_per_dragon))


def default_dragons(seat: int, colours: tuple[str, ...], force: int) -> list[Dragon]:
    """The dragons a player brings unless they choose: elemental dragons of the species' colours in turn (an ivory
    species brings ivory dragons), drake and wyrm in turn (house choice)."""
    forms = list(DRAGON.forms)
    out = []
    for i in range(dragons_for(force)):
        kind = DRAGON.kinds[colours[i % len(colours)]]
        out.append(Dragon(f"d{seat}{i}", seat, kind.elements[0], kind=kind.id, form=forms[i % len(forms)]))
    return out


def _kind_named(written: str) -> DragonKind | None:
    """A dragon kind by id ('air_water') or name ('Air/Water Hybrid', 'fire dragon', 'white'), any case."""
    key = written.strip().lower().replace("/", "_").replace(" hybrid", "").removesuffix(" dragon").replace(" ", "_")
    key = key.replace("-", "_")
    for kind in DRAGON.kinds.values():
        name = kind.name.lower().removesuffix(" dragon").replace(" hybrid", "").replace("/", "_").replace(" ", "_")
        if key in (kind.id, name):
            return kind
    return None


def parse_dragons(force: int, written: str) -> list[tuple[str, str]]:
    """The dragons a player brings, written 'fire/wyrm, air+water, white': a kind (id or name; a hybrid's two
    colours joined by + or /) and, after a last '/', drake or wyrm (the drake unless said). They must make up the
    force's dragons exactly (one per 24 points or part of them; a white dragon counts as two). Refusals name
    the kinds."""
    wanted = dragons_for(force)
    picked: list[tuple[str, str]] = []
    for item in (part.strip() for part in written.split(",") if part.strip()):
        name, _, form = (
            item.rpartition("/")
            if item.lower().endswith(tuple(f"/{f}" for f in DRAGON.forms))
            else (
                item,
                "",
                "",
            )
        )
        kind = _kind_named(name.replace("+", "/"))
        kinds = ", ".join(DRAGON.kinds)
        require(kind is not None, f"{name.strip()[:30]!r} is not a kind of dragon: {kinds}.")
        assert kind is not None
        form = form.strip().lower() or DRAGON.default_form
        picked.append((kind.id, form))
    count = sum(DRAGON.kinds[kind].points for kind, _ in picked)
    require(
        count == wanted,
        f"A force of {force} points brings {wanted} dragon{'s' if wanted != 1 else ''} (a white dragon counts as "
        f"two); you named {count}.",
    )
    return picked


def chosen_dragons(seat: int, picked: list[tuple[str, str]]) -> list[Dragon]:
    return [
        Dragon(f"d{seat}{i}", seat, DRAGON.kinds[kind].elements[0], kind=kind, form=form)
        for i, (kind, form) in enumerate(picked)
    ]


def _elements(kind: DragonKind) -> set[str]:
    return {e for e in kind.elements if e not in NO_COLOUR}


def attacks(dragon: Dragon, other: Dragon) -> bool:
    """Whether `dragon` attacks `other` rather than the army (the published table of dragon types)."""
    mine, theirs = kind_of(dragon), kind_of(other)
    test = DRAGON.types[mine.type].attacks.get(theirs.type)
    if test == "no_shared":
        return not _elements(mine) & _elements(theirs)
    if test == "not_same":
        return _elements(mine) != _elements(theirs)
    return test == "always"


def choose_targets(here: list[Dragon]) -> dict[str, str]:
    """Each dragon's target: a dragon it attacks (another player's first, then the earliest in the list; the
    published game lets its owner choose in secret), or "" for the marching player's army."""
    targets = {}
    for dragon in here:
        foes = [o for o in here if o.id != dragon.id and attacks(dragon, o)]
        foes.sort(key=lambda o: o.owner == dragon.owner)
        targets[dragon.id] = foes[0].id if foes else ""
    return targets


def roll_dragon(rng: Rng, dragon: Dragon, why: str, against_dragon: bool = False) -> list[DragonFace]:
    """One dragon roll: a Tail (and a Breath against a dragon) rolls the die again and adds that face too."""
    faces = form_of(dragon).faces
    rolled = [faces[rng.roll(len(faces), 1, why)[0] - 1]]
    while rolled[-1].effect == "tail" or (against_dragon and rolled[-1].effect == "breath"):
        rolled.append(faces[rng.roll(len(faces), 1, f"{why} ({rolled[-1].name}: again)")[0] - 1])
    return rolled


def face_damage(kind: DragonKind, face: DragonFace) -> int:
    """A face's damage; the white dragon's is doubled (against an army its breath is counted by breath_kills)."""
    return face.damage * (2 if kind.doubled else 1)


def breath_kills(kind: DragonKind) -> int:
    """Health of the army one breath kills at once, no save: the face's 5, plus the white dragon's extra 5."""
    breath = next(f for f in DRAGON.forms[DRAGON.default_form].faces if f.effect == "breath")
    return breath.damage + sum(DRAGON.breath[colour].amount for colour in kind.elements)


def guard(dragon: Dragon, faces: list[DragonFace]) -> tuple[int, int]:
    """The dragon's health and its automatic saves this roll (none while it shows its belly)."""
    kind = kind_of(dragon)
    return kind.health, 0 if any(f.effect == "belly" for f in faces) else kind.saves


def _faces_text(faces: list[DragonFace]) -> str:
    return ", then ".join(f.name for f in faces)


def dragon_phase(state: State, rng: Rng, log: ActionLog, seat: int, where: str) -> None:
    """Every dragon at the terrain attacks: another dragon when the table of types says so, else the marching
    player's army. All roll first; damage lands at once; surviving dragons that showed Wings fly home."""
    here = [d for d in state.dragons if d.where == where]
    if not here or not state.army(seat, where):
        return
    place = state.terrain(where).name
    targets = choose_targets(here)
    faces = {d.id: roll_dragon(rng, d, "dragon attack", against_dragon=bool(targets[d.id])) for d in here}
    for dragon in here:
        foe = next((o for o in here if o.id == targets[dragon.id]), None)
        aim = owned_name(foe) if foe else f"{seat_ref(seat)}'s army"
        log.say(f"{owned_name(dragon)} at {place} attacks {aim}: it rolls {_faces_text(faces[dragon.id])}.", "roll")
    taken: dict[str, int] = {}
    for dragon in here:
        if targets[dragon.id]:
            hit = sum(face_damage(kind_of(dragon), f) for f in faces[dragon.id])
            taken[targets[dragon.id]] = taken.get(targets[dragon.id], 0) + hit
    at_army = [d for d in here if not targets[d.id]]
    if at_army:
        _attack_army(state, rng, log, seat, where, at_army, faces)
    for dragon in here:
        if dragon.id in taken:
            health, saves = guard(dragon, faces[dragon.id])
            hurt = max(0, taken[dragon.id] - saves)
            slain = hurt >= health
            log.say(
                f"{owned_name(dragon)} takes {taken[dragon.id]} damage from dragons less {count(saves, 'save')}: "
                + ("slain, it returns to its owner's summoning pool." if slain else f"short of its {health} health.")
            )
            if slain:
                dragon.where = "pool"
    for dragon in here:
        if dragon.where == where and any(f.effect == "wing" for f in faces[dragon.id]):
            dragon.where = "pool"
            log.say(f"{owned_name(dragon)} showed its Wings: it flies back to its owner's summoning pool.")


def _attack_army(
    state: State,
    rng: Rng,
    log: ActionLog,
    seat: int,
    where: str,
    dragons: list[Dragon],
    faces: dict[str, list[DragonFace]],
) -> None:
    """The dragons attacking the army strike together: breaths kill at once, then the army rolls once against all of
    them (melee and missile to slay them, saves against their damage)."""
    for dragon in dragons:
        if any(f.effect == "breath" for f in faces[dragon.id]):
            breathe(state, log, dragon, seat, where)
    rolled = roll_army(state, rng, seat, where, "dragon", log, label="roll against the dragons")
    strikes = sum(face_damage(kind_of(d), f) for d in dragons for f in faces[d.id] if f.saveable)
    total = max(0, strikes - rolled.saves)
    log.say(
        f"The dragons deal {strikes} damage against {count(rolled.saves, 'save')} → {total} damage to "
        f"{seat_ref(seat)}.",
        affects=(seat,),
    )
    if total:
        state.damage.append(Damage(seat, where, total, "Dragon"))
    results, slain = rolled.total, 0
    for dragon in dragons:  # the army's results go to the dragons in turn, each needing its health plus its saves
        health, saves = guard(dragon, faces[dragon.id])
        if results >= health + saves:
            results -= health + saves
            slain += 1
            dragon.where = "pool"
            state.notes.append(f"dragon slain at {state.terrain(where).name}")
            log.say(f"The army's {rolled.total} melee and missile slay {owned_name(dragon)}: it returns to its pool.")
        else:
            log.say(
                f"{owned_name(dragon)} needs {health + saves} melee or missile ({health} health, "
                f"{count(saves, 'save')}); the army has {results} left for it."
            )
    if slain:
        promote_all(state, log, seat, where)
    wealth = sum(2 if kind_of(d).doubled else 1 for d in dragons for f in faces[d.id] if f.effect == "treasure")
    if wealth:
        treasure(state, log, seat, where, wealth)


def breathe(state: State, log: ActionLog, dragon: Dragon, seat: int, where: str) -> None:
    """A breath at an army: health killed at once with no save, then each of the dragon's colours' breaths (the
    white dragon's brings the terrain's two elements' breaths)."""
    kind = kind_of(dragon)
    colours = list(kind.elements)
    if any(DRAGON.breath[c].terrain for c in colours):
        colours += TERRAINS[state.terrain(where).kind].elements
    breaths = [DRAGON.breath[c] for c in dict.fromkeys(colours)]
    kills = breath_kills(kind)
    buries = any(b.buries for b in breaths)
    state.damage.append(Damage(seat, where, kills, "Dragon breath", bury=buries))
    log.say(
        f"{owned_name(dragon)} breathes: {kills} health of {seat_ref(seat)}'s army is killed, no save. "
        + " ".join(f"{b.name}: {b.text}" for b in breaths),
        affects=(seat,),
    )
    for breath in breaths:
        if breath.halves:  # until the army's owner's next turn: the effect's caster is that player
            state.effects.append(Effect(f"{breath.element}_breath", seat, f"{where}:{seat}", 0))


def promote_options(state: State, seat: int, where: str) -> list[str]:
    """Treasure's promotions open to the army, as "unit>dead unit" values: one per pair of kinds (two alike dice make
    no difference), the automatic one first: the smallest unit that can grow, lowest id first, for the most
    recently killed fitting unit."""
    options: dict[tuple[str, str], str] = {}
    for unit in sorted(state.army(seat, where), key=lambda u: (u.health, int(u.id[1:]))):
        species = UNIT_DICE[unit.kind].species
        bigger = [
            u for u in state.army(seat, DEAD) if UNIT_DICE[u.kind].species == species and u.health == unit.health + 1
        ]
        for grown in sorted(bigger, key=lambda u: -u.died):
            options.setdefault((unit.kind, grown.kind), f"{unit.id}>{grown.id}")
    return list(options.values())


def promotion_text(state: State, option: str) -> str:
    small, big = (state.unit(uid) for uid in option.split(">"))
    return f"Promote {small.name} {small.id} to {big.name} {big.id}"


def promote(state: State, log: ActionLog, option: str) -> None:
    """Treasure: the unit swaps places with the larger unit from the dead unit area."""
    small, big = (state.unit(uid) for uid in option.split(">"))
    where = small.where
    big.where, small.where = where, DEAD
    log.say(f"Treasure: {small.name} {small.id} is promoted to {big.name} {big.id} (it leaves the DUA).")
    state.notes.append(f"{seat_ref(small.owner)} promoted at {state.terrain(where).name}")


def treasure(state: State, log: ActionLog, seat: int, where: str, times: int = 1) -> None:
    """One promotion per Treasure (two for the white dragon's). For a single one the marching player chooses when
    there are two or more; further ones take the automatic pick (house simplification)."""
    options = promote_options(state, seat, where)
    if times == 1 and len(options) > 1:
        state.decision = Decision("promote", seat, where, options=options)
        log.say(f"Treasure at {state.terrain(where).name}: {seat_ref(seat)} chooses which unit is promoted.")
        return
    if not options:
        log.say("Treasure: no unit of the army can be promoted (no dead unit of its species one health larger).")
    for _ in range(times):
        options = promote_options(state, seat, where)
        if options:
            promote(state, log, options[0])


def promote_all(state: State, log: ActionLog, seat: int, where: str) -> None:
    """An army that slays a dragon promotes as many of its units as it can, each once (automatic picks)."""
    done: set[str] = set()
    while True:
        options = [o for o in promote_options(state, seat, where) if o.split(">")[0] not in done]
        if not options:
            return
        small, big = options[0].split(">")
        done |= {small, big}
        promote(state, log, options[0])
