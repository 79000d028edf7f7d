"""The player actions: each handler validates everything first, then changes the state."""

from __future__ import annotations

import re
from typing import Any

from rules.base import ActionLog, Moves, RuleError, normal, require, seat_ref
from rules.rng import Rng
from rules.smallworld import abilities, board, turn
from rules.smallworld.conquest import DIE_FACES, holder, name, take
from rules.smallworld.state import CONQUER, DEFENDERS, PICK, REDEPLOY, Combo, State
from rules.text import count, noun, roll_line

MAX_MOVES = 10  # redeploy moves per turn: enough for any placement, and a turn always ends
HAND = "hand"


def text_param(action: dict[str, Any], key: str) -> str:
    value = action.get(key)
    require(isinstance(value, str) and value != "", f"Say which {key} (a name from the list).")
    return str(value).strip().lower()


def int_param(action: dict[str, Any], key: str) -> int:
    value = action.get(key)
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if type(value) is not int:
        raise RuleError(f"{key} must be a whole number.")
    return value


def region_param(state: State, action: dict[str, Any], key: str) -> str:
    """A region by its id or by its name on the board (any case or spacing). The table turns only the names of
    this moment's choices into ids; a real region that is not a choice now must reach the checks below under its
    id, so that the refusal says why (not adjacent, guarded...) instead of calling it unknown."""
    typed = text_param(action, key)
    if typed in state.regions:
        return typed
    wanted = normal(typed)
    return next((rid for rid, data in board.game_map(state).regions.items() if normal(data.name) == wanted), typed)


def short(value: str) -> str:
    return value if len(value) <= 40 else value[:37] + "..."


def _my_region(state: State, seat: int, region_id: str, only: str) -> None:
    """`region_id` must be one of the seat's active regions; `only` says what only those may do ('give tokens')."""
    mine = abilities.active_regions(state, seat)
    listed = ", ".join(name(state, rid) for rid in mine) or "none"
    shown = name(state, region_id) if region_id in state.regions else short(region_id)
    require(region_id in mine, f"{shown} is not one of your active regions: only those can {only}. Yours: {listed}.")


def _before_conquests(state: State, what: str) -> None:
    require(state.phase == CONQUER, f"You can {what} only at the start of your turn, before conquering.")
    require(not state.log.conquered, f"You can {what} only before your first conquest of the turn.")


def combo_name(combo: Combo) -> str:
    """'Tomb Ogres': a combo as the row, the status and the board name it."""
    return f"{abilities.power(combo.power).name} {abilities.race(combo.race).name}"


def _combo_index(state: State, typed: str) -> int:
    """A combo of the row by its position ('3') or its name as the row shows it ('Tomb Ogres', '3. Tomb Ogres')."""
    if typed.isdigit() and 1 <= int(typed) <= len(state.row):
        return int(typed) - 1
    named = [normal(combo_name(c)) for c in state.row]
    wanted = normal(re.sub(r"^\s*\d+\s*[.)]\s*", "", typed))
    if wanted in named:
        return named.index(wanted)
    row = ", ".join(f"{i + 1}. {combo_name(c)}" for i, c in enumerate(state.row))
    raise RuleError(f"There is no combo {short(typed)!r} in the row. Pick one by its position or its name: {row}.")


def pick(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    """Seed steps 1-3 and rulings: the combo at position k costs 1 coin on each of the k-1 combos above."""
    require(state.phase == PICK, "You already have an active race; pick a new one after going into decline.")
    text_param(action, "combo")  # some text; quoted back as typed if it names no combo
    index = _combo_index(state, str(action["combo"]).strip())
    player = state.seats[seat]
    shown = f"{combo_name(state.row[index])} (position {index + 1})"
    require(player.coins >= index, f"{shown} costs {count(index, 'coin')} and you have {player.coins}.")
    chosen = state.row[index]
    for above in state.row[:index]:
        above.coins += 1
    player.coins += chosen.coins - index
    del state.row[index]
    _refill(state)
    race, power = abilities.race(chosen.race), abilities.power(chosen.power)
    heir = 0
    if player.declined is not None:
        heir = sum(int(e.get("tokens", 0)) for e in abilities.declined_effects(state, seat) if e.kind == "heir_tokens")
    player.active = Combo(chosen.race, chosen.power, 0)
    player.queen_placed = False
    player.hand += turn.take_from_tray(state, chosen.race, race.tokens + power.tokens + heir)
    state.phase = CONQUER
    state.log.picked = True
    passed = "the combo above" if index == 1 else f"each of the {index} combos above"
    paid = f", leaving 1 coin on {passed}" if index else ""
    found = f" and takes the {count(chosen.coins, 'coin')} lying on it" if chosen.coins else ""
    log.say(f"{seat_ref(seat)} picks {power.name} {race.name}{paid}{found}: {count(player.hand, 'token')}.")


def _refill(state: State) -> None:
    while len(state.row) < 6 and state.races and state.powers:
        state.row.append(Combo(state.races.pop(0), state.powers.pop(0), 0))


def conquer(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    """Seed steps 4-11: a legal target, paid in full from the tokens in hand."""
    require(state.phase == CONQUER, "Your conquests are over for this turn; redeploy or end your turn.")
    rid = region_param(state, action, "region")
    reach = board.reachable(state, seat)
    require(rid in state.regions, f"{short(rid)} is not a region of this map.")
    require(rid in reach, _why_not(state, seat, rid))
    price = board.cost(state, seat, rid)
    hand = state.seats[seat].hand
    if hand < price:
        die = (abilities.has_active(state, seat, "frenzied") or not state.log.die_used) and hand >= 1
        reach_die = die and price - hand <= 3 + abilities.die_bonus(state, seat)
        hint = "; you may try the reinforcement die (reinforce)" if reach_die else ""
        raise RuleError(f"{name(state, rid)} costs {price} tokens and you have {hand}{hint}.")
    log.say(
        f"{seat_ref(seat)} conquers {name(state, rid)} with {count(price, 'token')}.", affects=holder(state, seat, rid)
    )
    take(state, seat, rid, price, log, reach[rid])


def _why_not(state: State, seat: int, rid: str) -> str:
    terrain = board.game_map(state).regions[rid].terrain
    where = name(state, rid)
    if terrain == "chasm":
        return f"{where} is a Chasm: nobody enters it."
    if terrain == "volcano":
        return f"{where} is a Volcano: only a race whose ability allows it may enter."
    region = state.regions[rid]
    if region.owner == seat and not region.declined and region.tokens:
        return f"You already hold {where}."
    if board.immune(state, rid, seat):
        guards = "the Great Ancient, the Queen, Shrubmen on Fungus or the Crystal Chapel"
        return f"{where} is guarded ({guards}) and cannot be conquered."
    if not abilities.active_regions(state, seat):
        return f"{where} is not at the edge: a first conquest must be on the border or on/next to a River."
    return f"{where} does not touch any of your regions."


def reinforce(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    """Seed steps 12-16: choose the target, then roll; at most 3 short and at least 1 token in hand."""
    require(state.phase == CONQUER, "Your conquests are over for this turn.")
    frenzied = abilities.has_active(state, seat, "frenzied")
    require(frenzied or not state.log.die_used, "You have already rolled the reinforcement die this turn.")
    rid = region_param(state, action, "region")
    reach = board.reachable(state, seat)
    require(rid in state.regions, f"{short(rid)} is not a region of this map.")
    require(rid in reach, _why_not(state, seat, rid))
    price = board.cost(state, seat, rid)
    hand = state.seats[seat].hand
    require(hand >= 1, "You need at least 1 token in hand to roll the reinforcement die.")
    require(hand < price, f"{name(state, rid)} costs {price} and you have {hand}: conquer it without the die.")
    bonus = abilities.die_bonus(state, seat)
    most = 3 + bonus
    require(
        price - hand <= most,
        f"{name(state, rid)} costs {price}: you are {price - hand} short, the die gives {most} at most.",
    )
    face = rng.roll(6, 1, "reinforcement die")[0]
    rolled = DIE_FACES[face - 1] + bonus
    state.log.die_used = True
    faces = "faces 0, 0, 0, 1, 2, 3" + (f", +{bonus} from the Rusty Blade" if bonus else "")
    what = f"{seat_ref(seat)} rolls the reinforcement die for {name(state, rid)} ({faces})"
    log.say(roll_line(what, [rolled], price - hand, hand + rolled >= price, "enough", "not enough") + ".", "roll")
    if hand + rolled < price:
        state.phase = REDEPLOY
        log.say(f"{hand} + {rolled} is short of {price}: the conquest fails and the conquests end.")
        return
    placed = max(1, price - rolled) if frenzied else hand
    with_tokens = count(placed, "token")
    conquers = f"{seat_ref(seat)} conquers {name(state, rid)} with {with_tokens}"
    log.say(f"{hand} + {rolled} reaches {price}: {conquers}.", affects=holder(state, seat, rid))
    take(state, seat, rid, placed, log, reach[rid])
    if not frenzied:
        state.phase = REDEPLOY


def redeploy(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    """Seed steps 17-18: move tokens freely between your regions, keeping at least 1 in each."""
    source = region_param(state, action, "source")
    dest = region_param(state, action, "to")
    count = int_param(action, "count")
    player = state.seats[seat]
    defending = state.phase == DEFENDERS
    require(defending or state.phase in (CONQUER, REDEPLOY), "Redeploy comes after picking a race.")
    require(count >= 1, "count must be at least 1.")
    if defending:
        require(player.pending > 0, "You have no withdrawn tokens to put back.")
        require(source == HAND, "Only the withdrawn tokens in your hand can be put back now: redeploy from your hand.")
        withdrawn = f"{player.pending} withdrawn {noun(player.pending, 'token')}"
        require(count <= player.pending, f"You have {withdrawn} to put back.")
    else:
        require(state.log.moves < MAX_MOVES, f"You made {MAX_MOVES} moves this turn; use end to finish.")
        if source == HAND:
            require(count <= player.hand, f"You have {player.hand} {noun(player.hand, 'token')} in hand.")
        else:
            _my_region(state, seat, source, "give tokens")
            there = state.regions[source].tokens
            require(count < there, f"{name(state, source)} has {there}: move at most {there - 1}, 1 must stay.")
    _my_region(state, seat, dest, "take tokens")
    require(dest != source, f"The tokens already are in {name(state, dest)}: move them to another of your regions.")
    river = board.game_map(state).regions[dest].terrain == "river"
    require(not river or abilities.has_active(state, seat, "river_hold"), "Rivers are emptied at redeployment.")
    if defending:
        player.pending -= count
    elif source == HAND:
        player.hand -= count
    else:
        state.regions[source].tokens -= count
    if not defending:
        state.log.moves += 1
        if state.phase == CONQUER:
            state.phase = REDEPLOY
            log.say(f"{seat_ref(seat)} ends their conquests and redeploys.")
    state.regions[dest].tokens += count
    origin = "hand" if source == HAND else name(state, source)
    log.say(f"{seat_ref(seat)} moves {count} {noun(count, 'token')} from {origin} to {name(state, dest)}.")
    if defending and player.pending == 0:
        _defender_done(state, log)


def _defender_done(state: State, log: ActionLog) -> None:
    if not any(p.pending for p in state.seats):
        turn.advance(state, log)


def abandon(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    """Rulings: at the start of an expansion turn a player may leave whole regions."""
    _before_conquests(state, "abandon regions")
    rid = region_param(state, action, "region")
    _my_region(state, seat, rid, "be abandoned")
    region = state.regions[rid]
    state.seats[seat].hand += region.tokens
    region.tokens, region.owner = 0, None
    region.markers = []
    log.say(f"{seat_ref(seat)} abandons {name(state, rid)}.")


def decline(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    """Seed steps 24-30: instead of expanding a race picked on an earlier turn, flip it: 1 token per region, no
    conquest, score, the turn ends."""
    _before_conquests(state, "go into decline")
    player = state.seats[seat]
    active = player.active
    if active is None:
        raise RuleError("You have no active race to put into decline.")
    require(
        not state.log.picked,
        "You picked this race this turn: it conquers now, and may go into decline on a later turn.",
    )
    if player.declined is not None:
        old = player.declined
        for region in state.regions.values():
            if region.owner == seat and region.declined:
                state.tray[old.race] = state.tray.get(old.race, 0) + region.tokens
                region.owner, region.tokens, region.declined, region.markers = None, 0, False, []
        state.races.append(old.race)
        if abilities.power(old.power).survives_decline:
            state.powers.append(old.power)
        log.say(f"{seat_ref(seat)}'s old declined {abilities.race(old.race).name} leave the map.")
    keep_power = abilities.power(active.power).survives_decline
    for rid in abilities.active_regions(state, seat):
        region = state.regions[rid]
        state.tray[active.race] += region.tokens - 1
        region.tokens, region.declined = 1, True
        region.markers = [m for m in region.markers if m == "queen" and keep_power]
    state.tray[active.race] += player.hand
    player.hand = 0
    if not keep_power:
        state.powers.append(active.power)
    player.declined, player.active = Combo(active.race, active.power, 0), None
    state.log.declined = True
    kept = f"; {abilities.power(active.power).name} stays with them" if keep_power else ""
    log.say(f"{seat_ref(seat)} puts their {abilities.race(active.race).name} into decline{kept}.")
    turn.score(state, seat, log)
    turn.close_turn(state, log)


def use(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    """Abilities that need a choice. Cultists: move the Great Ancient before conquering."""
    ability = text_param(action, "ability")
    require(ability == "ancient", "The only ability used by choice is 'ancient' (Cultists: move the Great Ancient).")
    require(abilities.has_active(state, seat, "great_ancient"), "Only active Cultists have the Great Ancient.")
    _before_conquests(state, "move the Great Ancient")
    require(not state.log.ancient_moved, "The Great Ancient moves at most once per turn.")
    here = abilities.marker_region(state, seat, "ancient")
    require(here is not None, "The Great Ancient is not on the map yet: it joins your next conquest.")
    assert here is not None
    rid = region_param(state, action, "region")
    _my_region(state, seat, rid, "take the Great Ancient")
    require(rid != here, f"The Great Ancient is already in {name(state, rid)}.")
    state.regions[here].markers.remove("ancient")
    state.regions[rid].markers.append("ancient")
    state.log.ancient_moved = True
    log.say(f"{seat_ref(seat)} moves the Great Ancient to {name(state, rid)}.")


def end(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    """Finish: Rivers are emptied, tokens in hand spread over your thinnest regions, score, next player."""
    player = state.seats[seat]
    if state.phase == DEFENDERS:
        require(player.pending > 0, "You have nothing to put back.")
        placed = turn.spread(state, seat, player.pending, abilities.has_active(state, seat, "river_hold"))
        player.pending -= len(placed)
        player.hand += player.pending  # nowhere to go: kept for their next turn
        player.pending = 0
        log.say(f"{seat_ref(seat)} puts back {count(len(placed), 'token')} evenly.")
        _defender_done(state, log)
        return
    require(state.phase in (CONQUER, REDEPLOY), "Pick a combo first: your turn cannot end without a race.")
    player.hand += turn.empty_rivers(state, seat)
    placed = turn.spread(state, seat, player.hand, abilities.has_active(state, seat, "river_hold"))
    player.hand -= len(placed)
    if placed:
        log.say(f"{seat_ref(seat)} spreads their last {count(len(placed), 'token')} over their thinnest regions.")
    turn.score(state, seat, log)
    turn.close_turn(state, log)


# Each action type and its move (every move checks everything before its first change), and what each phase of a
# turn accepts (boardgame.io's phases and stages). engine.act plays an action through it.
MOVES = Moves(
    {
        "pick": pick,
        "conquer": conquer,
        "reinforce": reinforce,
        "redeploy": redeploy,
        "abandon": abandon,
        "decline": decline,
        "use": use,
        "end": end,
    },
    {
        PICK: ("pick",),
        DEFENDERS: ("redeploy", "end"),
        REDEPLOY: ("redeploy", "end"),
        CONQUER: ("conquer", "reinforce", "redeploy", "abandon", "decline", "use", "end"),
    },
)
