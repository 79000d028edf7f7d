"""Taking a region (seed steps 9-16): monsters, Places/Relics, the defender's losses and withdrawal."""

from __future__ import annotations

from rules.base import ActionLog, seat_ref
from rules.smallworld import abilities
from rules.smallworld.board import game_map
from rules.smallworld.content import Ability
from rules.smallworld.state import State
from rules.smallworld.turn import take_from_tray

# The reinforcement die: three blank faces, then 1, 2 and 3 (rulings, Small World).
DIE_FACES = (0, 0, 0, 1, 2, 3)


def name(state: State, region_id: str) -> str:
    return game_map(state).regions[region_id].name


def _defender_leaves(state: State, seat: int, region_id: str, log: ActionLog) -> None:
    """The previous holder's tokens leave (rulings: 1 lost per region, the rest withdrawn to be put back)."""
    region = state.regions[region_id]
    defender = region.owner
    if defender is None or region.tokens == 0:
        return
    shielded = abilities.immune_to_abilities(state, region_id)
    player = state.seats[defender]
    combo = player.declined if region.declined else player.active
    race_id = combo.race if combo else ""
    if region.declined:
        state.tray[race_id] = state.tray.get(race_id, 0) + region.tokens
        log.say(f"{seat_ref(defender)}'s declined token in {name(state, region_id)} is removed.")
        if not shielded:
            state.log.from_declined += 1
    else:
        lost = 0 if abilities.has_active(state, defender, "no_loss") or defender == seat else 1
        state.tray[race_id] = state.tray.get(race_id, 0) + lost
        player.pending += region.tokens - lost
        log.say(
            f"{seat_ref(defender)} loses {lost} token(s) in {name(state, region_id)} and withdraws "
            f"{region.tokens - lost} to put back at the end of this turn."
        )
        for effect in abilities.active_effects(state, defender):
            if effect.kind == "paid_when_conquered":
                player.coins += int(effect.get("coins", 0))
                log.say(f"Corrupt: you collect {effect.get('coins')} coin(s) from the bank.", to=(defender,))
    if not shielded:
        state.log.from_occupied += 1
        if defender != seat and defender not in state.log.victims:
            state.log.victims.append(defender)
    if not shielded and defender != seat:
        gain = sum(1 for e in abilities.active_effects(state, seat) if e.kind == "tokens_per_conquest")
        active = state.seats[seat].active
        if gain and active is not None:
            got = take_from_tray(state, active.race, gain)
            state.seats[seat].hand += got
            if got:
                log.say(f"{seat_ref(seat)} gains {got} token(s) from the tray.")


def treasure_line(found: Ability) -> str:
    """'Relic Lucky Charm: -1 cost on empty regions': what it is and what it does, in one breath."""
    return f"{found.kind.capitalize()} {found.name}: {found.brief}"


def take(state: State, seat: int, region_id: str, placed: int, log: ActionLog, by_doormat: bool) -> None:
    """Put `placed` tokens from the attacker's hand into `region_id`, after the defenders leave."""
    region = state.regions[region_id]
    player = state.seats[seat]
    if region.treasure is not None and (region.owner != seat or region.declined):
        kept = abilities.treasure(region.treasure)
        log.say(f"{seat_ref(seat)} takes {name(state, region_id)} and its {treasure_line(kept)}.")
    if region.monsters:
        region.monsters = 0
        state.log.from_monsters += 1
        if state.treasures and region.treasure is None:
            region.treasure = state.treasures.pop(0)
            found = abilities.treasure(region.treasure)
            beaten = f"The monsters of {name(state, region_id)} are beaten"
            log.say(f"{beaten}: {seat_ref(seat)} finds the {treasure_line(found)}.")
        else:
            log.say(f"The monsters of {name(state, region_id)} are beaten.")
    _defender_leaves(state, seat, region_id, log)
    region.owner = seat
    region.declined = False
    region.tokens = placed
    region.markers = []
    player.hand -= placed
    state.log.conquered.append(region_id)
    if by_doormat:
        state.log.doormat_used = True
        _fly_doormat(state, seat, region_id, log)
    if player.active is not None:
        if abilities.race(player.active.race).has("great_ancient") and not _has_marker(state, seat, "ancient"):
            region.markers.append("ancient")
            log.say(f"The Great Ancient rises in {name(state, region_id)}.")
        if abilities.power(player.active.power).has("queen") and not player.queen_placed:
            region.markers.append("queen")
            player.queen_placed = True
            log.say(f"The Queen settles in {name(state, region_id)}.")


def _has_marker(state: State, seat: int, marker: str) -> bool:
    return any(marker in r.markers and r.owner == seat for r in state.regions.values())


def _fly_doormat(state: State, seat: int, region_id: str, log: ActionLog) -> None:
    """The Flying Doormat follows its use, unless the new region already holds a Place or Relic."""
    if state.regions[region_id].treasure is not None:
        return
    for region in state.regions.values():
        if region.treasure == "flying_doormat" and region.owner == seat and not region.declined:
            region.treasure = None
            state.regions[region_id].treasure = "flying_doormat"
            log.say(f"The Flying Doormat lands in {name(state, region_id)}.")
            return
