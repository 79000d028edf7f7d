"""Battles: strikes, casualties, press or retreat, and what a won battle gives (conquest, Run Amok, plunder)."""

from __future__ import annotations

from rules.base import ActionLog, require, seat_ref
from rules.nerath import board, guardians, sharing
from rules.nerath.board import HEROES, PIECES, SPACES, label, name
from rules.nerath.content import CONTENT, REALM_ORDER
from rules.nerath.state import Battle, Piece, State
from rules.rng import Rng
from rules.text import count, roll_line

HIT = 6  # every attack die hits on 6 or more


# --- who fights ---------------------------------------------------------------------------------------------------


def fighters(state: State, battle: Battle, attacking: bool) -> list[Piece]:
    """The pieces of one side that roll and may take damage (inactive Castles sit out)."""
    here = board.pieces_at(state, battle.space)
    side = [p for p in here if (p.realm == battle.attacker) == attacking]
    if battle.kind == "sea":  # only ships, flyers and Heroes aboard fight at sea
        side = [p for p in side if board.piece_type(p.kind) != "land" or p.kind in HEROES]
    elif battle.kind == "dungeon":
        side = [p for p in side if p.kind in HEROES] if attacking else []
    return [p for p in side if not (p.hit and p.kind == "castle")]


def defending_realms(state: State, battle: Battle) -> list[str]:
    realms = {p.realm for p in fighters(state, battle, attacking=False)}
    return [r for r in board.realms_at(state, battle.space) if r in realms]


def guardians_alive(state: State, battle: Battle) -> list[int]:
    dungeon = state.dungeons[battle.space]
    return [i for i, left in enumerate(dungeon.dice_left) if left > 0]


def _players(state: State, realms: list[str], but: str) -> tuple[int, ...]:
    """The seats playing `realms`, not counting the one playing `but` (a battle or loss is told to its victims)."""
    return tuple(state.seat_of[r] for r in realms if r in state.seat_of and state.seat_of[r] != state.seat_of[but])


def defenders_alive(state: State, battle: Battle) -> bool:
    if battle.kind == "dungeon":
        return bool(guardians_alive(state, battle))
    return bool(fighters(state, battle, attacking=False))


# --- starting and running a battle --------------------------------------------------------------------------------


def start(state: State, space: str, log: ActionLog, rng: Rng) -> None:
    kind = SPACES[space].kind
    battle = Battle(space=space, attacker=board.active(state), kind="land" if kind == "land" else kind)
    state.battle = battle
    if battle.kind == "dungeon":
        dungeon = state.dungeons[space]
        dungeon.face_up = [True] * len(dungeon.guardians)
        dungeon.dice_left = [len(CONTENT.guardians[g].dice) for g in dungeon.guardians]
        dungeon.lost = [[] for _ in dungeon.guardians]
        shown = ", ".join(_guardian_text(g) for g in dungeon.guardians) or "nobody"
        log.say(f"{name(battle.attacker)}'s Heroes explore {label(space)} and find: {shown}.", "reveal")
        keeper = guardians.player(state, battle.attacker)
        log.say(f"{name(keeper)} ({seat_ref(state.seat_of[keeper])}) plays the Guardians.")
    else:
        against = _players(state, defending_realms(state, battle), battle.attacker)
        log.say(f"Battle for {label(space)}: {name(battle.attacker)} attacks.", affects=against)
    advance(state, log, rng)


def _guardian_text(guardian: str) -> str:
    tile = CONTENT.guardians[guardian]
    extras = [f"d{d}" for d in tile.dice]
    if tile.first_strike:
        extras.append("first strike")
    if tile.heroes_need:
        extras.append(f"Heroes need {tile.heroes_need}+")
    extras.append(f"reward {tile.reward} gold")
    return f"{tile.name} ({', '.join(extras)})"


def advance(state: State, log: ActionLog, rng: Rng) -> None:
    """Run the battle until a decision is needed (casualties, press or retreat) or it ends."""
    while state.battle is not None and not waiting_on_choice(state.battle):
        battle = state.battle
        attacker_alive = bool(fighters(state, battle, attacking=True))
        if not attacker_alive or not defenders_alive(state, battle):
            finish(state, won=attacker_alive and not defenders_alive(state, battle), log=log, rng=rng)
            return
        if battle.stage == "first":
            battle.stage = "main"
            _strike(state, battle, first=True, log=log, rng=rng)
        elif battle.stage == "main":
            battle.stage = "after"
            _strike(state, battle, first=False, log=log, rng=rng)
        elif battle.stage == "after":
            battle.stage = "decide"
            log.say(
                f"End of battle round {battle.round} at {label(battle.space)}: "
                f"{name(battle.attacker)} may press on or retreat."
            )
            return
        else:
            return


def waiting_on_choice(battle: Battle) -> bool:
    """Casualties, a split of shared hits or the Guardians' losses still to be chosen."""
    return bool(battle.hits or battle.split_hits or battle.guardian_hits)


def _first_striker(piece: Piece) -> bool:
    return "first_strike" in PIECES[piece.kind].abilities


def _dice(battle: Battle, piece: Piece, attacking: bool) -> int:
    if piece.kind == "siege_engine" and attacking:
        return 2  # Powerful Attack
    if piece.kind == "storm_elemental" and battle.kind == "sea":
        return 2  # Capsize
    return 1


def _hero_need(state: State, battle: Battle, piece: Piece) -> int:
    """What a Hero needs against these Guardians; a card bonus to the Hero trumps the Guardian's ability."""
    if battle.kind != "dungeon" or piece.kind not in HEROES:
        return HIT
    if board.roll_bonus(state, piece.realm, piece.kind) > 0 or board.lasting(state, piece.realm, "dungeon_sight"):
        return HIT
    dungeon = state.dungeons[battle.space]  # destroyed Guardians stay in the list until the battle ends: their
    needs = [CONTENT.guardians[g].heroes_need for g in dungeon.guardians]  # penalty lasts the whole battle
    return max([HIT, *needs])


def _roll_side(
    state: State, battle: Battle, pieces: list[Piece], attacking: bool, log: ActionLog, rng: Rng, who: str
) -> int:
    groups: dict[str, list[Piece]] = {}
    for piece in sorted(pieces, key=lambda p: p.id):
        groups.setdefault(piece.kind, []).append(piece)
    hits = 0
    parts = []
    for kind, group in groups.items():
        spec = PIECES[kind]
        count = sum(_dice(battle, p, attacking) for p in group)
        faces = rng.roll(spec.die, count, f"{who} {spec.name} at {label(battle.space)}")
        bonus = board.roll_bonus(state, group[0].realm, kind)
        need = _hero_need(state, battle, group[0])
        got = sum(1 for face in faces if face + bonus >= need)
        hits += got
        plus = f"+{bonus}" if bonus else ""  # added to each die: the need is on the die and its bonus
        parts.append(roll_line(f"{board.kind_name(kind, len(group))} d{spec.die}{plus}", faces, need, got))
    log.say(f"{who} rolls at {label(battle.space)}: {'; '.join(parts)}{_in_all(parts, hits)}.", "roll")
    return hits


def _roll_guardians(state: State, battle: Battle, first: bool, log: ActionLog, rng: Rng) -> int:
    dungeon = state.dungeons[battle.space]
    hits = 0
    parts = []
    for index in guardians_alive(state, battle):
        tile = CONTENT.guardians[dungeon.guardians[index]]
        if tile.first_strike != first:
            continue
        faces: dict[int, list[int]] = {}  # die size -> faces: "Skeleton Horde d6: 5, 6, 1"
        for sides in guardians.dice(dungeon, index):
            face = rng.roll(sides, 1, f"{tile.name} at {label(battle.space)}")[0]
            hits += face >= HIT
            faces.setdefault(sides, []).append(face)
        for sides, got in faces.items():
            parts.append(roll_line(f"{tile.name} d{sides}", got, HIT, sum(face >= HIT for face in got)))
    if parts:
        keeper = name(guardians.player(state, battle.attacker))
        log.say(f"{keeper} rolls for the Guardians: {'; '.join(parts)}{_in_all(parts, hits)}.", "roll")
    return hits


def _in_all(parts: list[str], hits: int) -> str:
    """The side's total, when its roll was in several groups (one group's line already says it)."""
    return f"; {count(hits, 'hit')} in all" if len(parts) > 1 else ""


def _strike(state: State, battle: Battle, first: bool, log: ActionLog, rng: Rng) -> None:
    """One strike phase: the attacker rolls, then the defender; then both sides take damage."""
    attackers = [p for p in fighters(state, battle, True) if _first_striker(p) == first]
    defenders = [p for p in fighters(state, battle, False) if _first_striker(p) == first]
    guardian_strikes = battle.kind == "dungeon" and any(
        CONTENT.guardians[state.dungeons[battle.space].guardians[i]].first_strike == first
        for i in guardians_alive(state, battle)
    )
    if not attackers and not defenders and not guardian_strikes:
        return
    if first:
        log.say(f"First strike at {label(battle.space)} (round {battle.round}).")
    on_defence = _roll_side(state, battle, attackers, True, log, rng, name(battle.attacker)) if attackers else 0
    if battle.kind == "dungeon":
        on_attack = _roll_guardians(state, battle, first, log, rng)
    else:
        on_attack = 0
        for realm in defending_realms(state, battle):
            mine = [p for p in defenders if p.realm == realm]
            if mine:
                on_attack += _roll_side(state, battle, mine, False, log, rng, name(realm))
    if battle.kind == "dungeon":
        _hit_guardians(state, battle, on_defence, log)
    else:
        _share_out(state, battle, on_defence, log, rng)
    _owe(state, battle, battle.attacker, on_attack, log)


def _share_out(state: State, battle: Battle, hits: int, log: ActionLog, rng: Rng) -> None:
    """Hits on the defence: one realm takes them all; two allies get the default split or agree on another."""
    realms = defending_realms(state, battle)
    if hits <= 0 or not realms:
        return
    if len(realms) == 1:
        _owe(state, battle, realms[0], hits, log)
        return
    count = {r: len([p for p in fighters(state, battle, False) if p.realm == r]) for r in realms}
    hits = sharing.total(hits, count)
    default = sharing.default_split(count, hits, log, rng)
    if len(sharing.choices(count, hits)) == 1:  # nothing to agree on
        settle_split(state, battle, default, log)
        return
    battle.split_hits, battle.split_default, battle.proposal = hits, default, {}
    first, _ = sharing.pair(default)
    log.say(
        f"{name(realms[0])} and {name(realms[1])} share {hits} hits at {label(battle.space)}: "
        f"{seat_ref(state.seat_of[first])} proposes a split for {name(first)} "
        f"(without agreement: {sharing.describe(default)})."
    )


def split_counts(state: State, battle: Battle) -> dict[str, int]:
    """The allied defenders' pieces able to take hits (for the shared hits now awaited)."""
    realms = list(battle.split_default)
    return {r: len([p for p in fighters(state, battle, False) if p.realm == r]) for r in realms}


def settle_split(state: State, battle: Battle, split: dict[str, int], log: ActionLog) -> None:
    """The shares are fixed: each ally now owes its hits (and chooses its own casualties)."""
    battle.split_hits, battle.split_default, battle.proposal = 0, {}, {}
    for realm in sorted(split, key=REALM_ORDER.index):
        _owe(state, battle, realm, split[realm], log)


def _hit_guardians(state: State, battle: Battle, hits: int, log: ActionLog) -> None:
    """The Guardians' player chooses which Guardian takes each hit and which die it loses; applied at once when
    there is only one way."""
    dungeon = state.dungeons[battle.space]
    if hits <= 0 or not guardians_alive(state, battle):
        return
    ways = guardians.options(dungeon, hits)
    if len(ways) == 1:
        guardians.take(state, battle.space, ways[0], "", log)
        return
    battle.guardian_hits = hits
    keeper = guardians.player(state, battle.attacker)
    log.say(
        f"The Guardians take {hits} hit{'s' * (hits != 1)} at {label(battle.space)}: "
        f"{seat_ref(state.seat_of[keeper])} chooses for {name(keeper)} which Guardians lose which dice."
    )


def choose_guardian_losses(state: State, loss: guardians.Loss, log: ActionLog, rng: Rng) -> None:
    battle = state.battle
    assert battle is not None
    guardians.take(state, battle.space, loss, guardians.player(state, battle.attacker), log)
    battle.guardian_hits = 0
    advance(state, log, rng)


def _owe(state: State, battle: Battle, realm: str, hits: int, log: ActionLog) -> None:
    """Note the hits a realm must take; apply them at once when there is nothing to choose."""
    if hits <= 0:
        return
    pieces = [p for p in fighters(state, battle, realm == battle.attacker) if p.realm == realm]
    if not pieces:
        return
    options = casualty_options(pieces, hits)
    if len(options) == 1:
        take(state, battle, realm, list(options[0]), log)
    else:
        battle.hits[realm] = battle.hits.get(realm, 0) + hits
        log.say(
            f"{name(realm)} takes {hits} hit{'s' * (hits != 1)} at {label(battle.space)}: "
            f"{seat_ref(state.seat_of[realm])} chooses the casualties."
        )


def casualty_options(pieces: list[Piece], hits: int) -> list[tuple[str, ...]]:
    """A handful of sensible casualty lists: the cheapest, and each kind of piece taken first."""
    count = min(hits, len(pieces))
    ordered = sorted(pieces, key=board.cost_order)
    options: dict[tuple[str, ...], None] = {}
    options[tuple(sorted(p.kind for p in ordered[:count]))] = None
    for kind in dict.fromkeys(p.kind for p in ordered):
        first = [p for p in ordered if p.kind == kind]
        rest = [p for p in ordered if p.kind != kind]
        chosen = (first + rest)[:count]
        options[tuple(sorted(p.kind for p in chosen))] = None
    return list(options)


def cheapest(pieces: list[Piece], hits: int) -> tuple[str, ...]:
    return casualty_options(pieces, hits)[0]


def check_casualties(state: State, realm: str, kinds: list[str]) -> None:
    battle = state.battle
    assert battle is not None
    hits = battle.hits[realm]
    pieces = [p for p in fighters(state, battle, realm == battle.attacker) if p.realm == realm]
    need = min(hits, len(pieces))
    offer = "; ".join(",".join(o) for o in casualty_options(pieces, hits))
    require(len(kinds) == need, f"{name(realm)} must choose {need} casualties, one per hit; for example {offer}.")
    for kind in set(kinds):
        have = sum(1 for p in pieces if p.kind == kind)
        require(
            kinds.count(kind) <= have,
            f"{name(realm)} has only {have} {board.kind_name(kind, have)} in this battle; for example {offer}.",
        )


def take(state: State, battle: Battle, realm: str, kinds: list[str], log: ActionLog) -> None:
    """Apply the chosen casualties: a new piece for each hit."""
    pieces = [p for p in fighters(state, battle, realm == battle.attacker) if p.realm == realm]
    outcome: dict[tuple[str, str], int] = {}  # (kind, what happened) -> how many, told as one count
    for kind in sorted(kinds, key=lambda k: k == "warship"):  # ships last: a sinking ship takes its cargo along
        # the healthy Dragon and the emptiest Warship take the hit first
        candidates = sorted(
            (p for p in pieces if p.kind == kind),
            key=lambda p: (p.hit, len(board.cargo(state, p)), p.id),
        )
        piece = candidates[0]
        pieces.remove(piece)
        if piece.kind == "castle":
            piece.hit = True
            what = "knocked out of the fight"
        elif "durable" in PIECES[piece.kind].abilities and not piece.hit:
            piece.hit = True
            what = "wounded"
        else:
            lost = board.cargo(state, piece)
            for carried in lost:
                state.pieces.remove(carried)
            state.pieces.remove(piece)
            what = f"destroyed with {len(lost)} aboard" if lost else "destroyed"
        outcome[kind, what] = outcome.get((kind, what), 0) + 1
    if outcome:
        told = [
            f"a {PIECES[k].name} is {what}" if n == 1 else f"{n} {board.kind_name(k, n)} are {what}"
            for (k, what), n in outcome.items()
        ]
        log.say(f"{name(realm)}: {'; '.join(told)}.", affects=(state.seat_of[realm],))


def choose_casualties(state: State, realm: str, kinds: list[str], log: ActionLog, rng: Rng) -> None:
    battle = state.battle
    assert battle is not None
    take(state, battle, realm, kinds, log)
    del battle.hits[realm]
    advance(state, log, rng)


# --- press, retreat and the end of a battle -----------------------------------------------------------------------


def press(state: State, log: ActionLog, rng: Rng) -> None:
    battle = state.battle
    assert battle is not None
    battle.round += 1
    battle.stage = "first"
    log.say(f"{name(battle.attacker)} presses the attack at {label(battle.space)}: round {battle.round}.")
    advance(state, log, rng)


def retreaters(state: State) -> list[Piece]:
    """The attacker's pieces still in the battle space (cargo goes with its Warship)."""
    battle = state.battle
    assert battle is not None
    return [p for p in board.pieces_at(state, battle.space, battle.attacker) if p.carrier is None]


def retreat_options(state: State, kind: str = "") -> list[str]:
    """Where the attacker's pieces (or only those of `kind`) may retreat to."""
    battle = state.battle
    assert battle is not None
    realm = battle.attacker
    mine = [p for p in retreaters(state) if not kind or p.kind == kind]
    all_flying = all(board.piece_type(p.kind) == "flying" for p in mine)
    friendly = [s for s in SPACES[battle.space].adjacent if board.is_friendly(state, s, realm)]
    land = [s for s in friendly if SPACES[s].kind == "land"]
    if battle.kind == "sea":  # only sea pieces must stay at sea: flyers may also retreat to friendly land
        return sorted(friendly if all_flying else [s for s in friendly if SPACES[s].kind == "sea"])
    # land pieces board Warships only when no friendly land is next to them; flyers may always go to sea
    ships = [s for s in friendly if SPACES[s].kind == "sea" and not land and board.ships_with_room(state, s, realm)]
    seas = [s for s in friendly if SPACES[s].kind == "sea"] if all_flying else ships
    return sorted(land + seas)


def retreat(state: State, to: str, log: ActionLog, rng: Rng, kind: str = "", count: int = 0) -> None:
    """Retreat every attacking piece, or `count` of one `kind` (the others must follow: no pressing on)."""
    battle = state.battle
    assert battle is not None
    realm = battle.attacker
    mine = retreaters(state)
    if kind:
        mine = [p for p in mine if p.kind == kind][:count]
    lost = 0
    for piece in mine:
        piece.stopped = True
        if SPACES[to].kind == "sea" and board.piece_type(piece.kind) == "land" and battle.kind != "sea":
            ships = board.ships_with_room(state, to, realm)
            if not ships:
                state.pieces.remove(piece)
                lost += 1
                continue
            piece.carrier = ships[0].id
        _relocate(state, piece, to)
    extra = f"; {lost} piece{'s' * (lost != 1)} could not board and {'are' if lost != 1 else 'is'} lost" if lost else ""
    what = f"{len(mine)} {board.kind_name(kind, len(mine))}" if kind else "all its pieces"
    log.say(f"{name(realm)} retreats {what} from {label(battle.space)} to {label(to)}{extra}.")
    left = retreaters(state)
    if left and retreat_options(state):
        battle.stage = "retreat"
        log.say(f"{name(realm)} must retreat its other pieces from {label(battle.space)} too.")
        return
    for piece in left:  # nowhere left to go
        for carried in board.cargo(state, piece):
            state.pieces.remove(carried)
        state.pieces.remove(piece)
    if left:
        gone = f"{len(left)} {name(realm)} piece{'s' * (len(left) != 1)} find no way out and are lost"
        log.say(f"{gone}.", affects=(state.seat_of[realm],))
    finish(state, won=False, log=log, rng=rng)


def _relocate(state: State, piece: Piece, to: str) -> None:
    piece.space = to
    for carried in board.cargo(state, piece):
        carried.space = to


def finish(state: State, won: bool, log: ActionLog, rng: Rng) -> None:
    battle = state.battle
    assert battle is not None
    space = battle.space
    for piece in board.pieces_at(state, space):
        piece.hit = False
    state.battle = None
    state.pending = [s for s in state.pending if s != space]
    if space not in state.battles_now:
        state.battles_now.append(space)
    realm = battle.attacker
    if battle.kind == "dungeon":
        if won:
            plunder(state, realm, space, log)
        else:
            _guardians_recover(state, space, log, rng)
        return
    if not won:
        log.say(f"{label(space)} holds: the attack by {name(realm)} fails.")
        return
    if battle.kind == "sea":
        state.sea_won.append(space)
        log.say(f"{name(realm)} wins the sea battle at {label(space)}.")
        return
    conquer(state, realm, space, log)
    monsters = [p.id for p in board.pieces_at(state, space, realm) if p.kind == "monster"]
    if monsters and amok_targets(state, realm, space):
        state.amok = monsters
        state.amok_from = space
        log.say(f"{name(realm)}'s Monsters may run amok from {label(space)}.")


def _guardians_recover(state: State, space: str, log: ActionLog, rng: Rng) -> None:
    """The Heroes lost: Guardians they destroyed stay destroyed, the survivors return to full strength."""
    dungeon = state.dungeons[space]
    alive = [i for i, left in enumerate(dungeon.dice_left) if left > 0]
    state.guardian_discard.extend(g for i, g in enumerate(dungeon.guardians) if i not in alive)
    dungeon.guardians = [dungeon.guardians[i] for i in alive]
    dungeon.face_up = [True] * len(alive)
    dungeon.dice_left = [len(CONTENT.guardians[g].dice) for g in dungeon.guardians]
    dungeon.lost = [[] for _ in dungeon.guardians]
    if dungeon.guardians:
        log.say(f"The Guardians of {label(space)} hold and recover their full strength.")
    else:
        log.say(f"Heroes and Guardians of {label(space)} fell together; nobody plunders it.")
        restock(state, space, rng, log)


def conquer(state: State, realm: str, space: str, log: ActionLog) -> None:
    """Take a land space: capture its Castles, liberate it for an ally, or score VP for it."""
    owner = SPACES[space].realm
    assert owner is not None
    liberated = owner != realm and board.allied(state, realm, owner)
    held = state.control.get(space)
    losers = _players(state, [held], realm) if held is not None else ()  # who held it until now
    for piece in board.pieces_at(state, space):
        if piece.kind == "castle":  # Castles are captured, never destroyed
            piece.realm = owner if liberated else realm
    if liberated:
        state.control[space] = owner
        log.say(f"{name(realm)} liberates {label(space)} for its ally {name(owner)} (no VP).", affects=losers)
        return
    state.control[space] = realm
    if owner == realm:
        log.say(f"{name(realm)} retakes its own {label(space)} (no VP).", affects=losers)
        return
    vp = 5 if SPACES[space].capital else 1
    state.realms[realm].vp += vp
    what = "the Capital " if SPACES[space].capital else ""
    log.say(f"{name(realm)} conquers {what}{label(space)} from {name(owner)}: +{vp} VP.", affects=losers)


def amok_targets(state: State, realm: str, origin: str) -> list[str]:
    return sorted(
        there
        for there in SPACES[origin].adjacent
        if SPACES[there].kind == "land"
        and board.is_enemy_space(state, there, realm)
        and not board.enemies_at(state, there, realm)
    )


def run_amok(state: State, to: str, log: ActionLog) -> None:
    realm = board.active(state)
    monster = next(p for p in state.pieces if p.id in state.amok)
    state.amok.remove(monster.id)
    monster.space = to
    monster.stopped = True
    log.say(f"{name(realm)}: a Monster runs amok into {label(to)}.")
    conquer(state, realm, to, log)
    state.pending = [s for s in state.pending if s != to]
    alive = {p.id for p in state.pieces}
    state.amok = [i for i in state.amok if i in alive]
    if not amok_targets(state, realm, state.amok_from):
        state.amok = []


def plunder(state: State, realm: str, space: str, log: ActionLog) -> None:
    """Heroes who beat every Guardian take a Treasure and the Guardians' gold."""
    dungeon = state.dungeons[space]
    reward = sum(CONTENT.guardians[g].reward for g in dungeon.guardians)
    state.guardian_discard.extend(dungeon.guardians)
    dungeon.guardians, dungeon.face_up, dungeon.dice_left, dungeon.lost = [], [], [], []
    mine = state.realms[realm]
    mine.gold += reward
    state.plundered.append(space)
    if state.treasure_deck:
        card = state.treasure_deck.pop(0)
        mine.treasures.append(card)
        mine.collected += 1
        log.say(f"{name(realm)} plunders {label(space)}: a Treasure and {reward} gold.")
        log.say(
            f"Treasure for {name(realm)}: {CONTENT.treasures[card].name}: {CONTENT.treasures[card].text}",
            to=(state.seat_of[realm],),
        )
    else:
        log.say(f"{name(realm)} plunders {label(space)}: {reward} gold (the Treasure deck is empty).")


def restock(state: State, space: str, rng: Rng, log: ActionLog) -> None:
    """Two new face-down Guardians for a plundered dungeon (the defeated ones are reshuffled if the pile runs out)."""
    dungeon = state.dungeons[space]
    for _ in range(2):
        if not state.guardian_pile and state.guardian_discard:
            state.guardian_pile, state.guardian_discard = state.guardian_discard, []
            rng.shuffle(state.guardian_pile)
        if state.guardian_pile:
            dungeon.guardians.append(state.guardian_pile.pop(0))
            dungeon.face_up.append(False)
            dungeon.dice_left.append(0)
            dungeon.lost.append([])
    log.say(f"{len(dungeon.guardians)} new face-down Guardians wait at {label(space)}.")
