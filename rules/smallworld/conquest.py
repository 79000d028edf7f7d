"""Taking a region (seed steps 9-16): monsters, Places/Relics, the defender's losses and withdrawal."""

from __future__ import annotations

from rules.base import ActionLog, seat_ref
from rules.smallworld import abilities
from rules.smallworld.board import game_map
from rules.smallworld.content import Ability, Monster, content
from rules.smallworld.state import State
from rules.smallworld.turn import take_from_tray
from rules.text import count

# The reinforcement die: three blank faces, then 1, 2 and 3 (rulings, Small World).
DIE_FACES = (0, 0, 0, 1, 2, 3)


def name(state: State, region_id: str) -> str:
    return game_map(state).regions[region_id].name


def holder(state: State, seat: int, region_id: str) -> tuple[int, ...]:
    """Who loses `region_id` if `seat` takes it: its holder, unless that is `seat` itself or nobody stands there."""
    region = state.regions[region_id]
    return (region.owner,) if region.owner is not None and region.owner != seat and region.tokens else ()


def _attacker_has(state: State, seat: int, kind: str, shielded: bool, defender: int) -> bool:
    return not shielded and defender != seat and abilities.has_active(state, seat, kind)


def _lost(state: State, seat: int, defender: int, tokens: int, shielded: bool) -> int:
    """Tokens an active defender loses to the tray: 1 (rulings), all of them against Ogres, 2 against Vampire,
    none for an Immortal defender or a player taking back their own region."""
    if defender == seat or abilities.has_active(state, defender, "no_loss"):
        return 0
    if _attacker_has(state, seat, "crush", shielded, defender):
        return tokens
    if _attacker_has(state, seat, "convert", shielded, defender):
        return min(tokens, 2)
    return min(tokens, 1)


def _steal(state: State, seat: int, defender: int, log: ActionLog) -> None:
    """Thieving: coins come out of the victim's purse, not from the bank (told to both of them only)."""
    wanted = sum(int(e.get("coins", 0)) for e in abilities.active_effects(state, seat) if e.kind == "steal_coins")
    stolen = min(wanted, state.seats[defender].coins)
    if stolen:
        state.seats[defender].coins -= stolen
        state.seats[seat].coins += stolen
        log.say(f"Thieving: you take {count(stolen, 'coin')} from {seat_ref(defender)}.", to=(seat,))
        log.say(f"Thieving: {seat_ref(seat)} takes {count(stolen, 'coin')} from you.", to=(defender,))


def _defender_leaves(state: State, seat: int, region_id: str, log: ActionLog) -> bool:
    """The previous holder's tokens leave (rulings: 1 lost per region, the rest withdrawn to be put back).
    Returns whether the attacker is haunted (the defender's Haunted power)."""
    region = state.regions[region_id]
    defender = region.owner
    if defender is None or region.tokens == 0:
        return False
    shielded = abilities.immune_to_abilities(state, region_id)
    haunted = False
    losers = holder(state, seat, region_id)
    player = state.seats[defender]
    combo = player.declined if region.declined else player.active
    race_id = combo.race if combo else ""
    if region.declined:
        state.tray[race_id] = state.tray.get(race_id, 0) + region.tokens
        log.say(f"{seat_ref(defender)}'s declined token in {name(state, region_id)} is removed.", affects=losers)
        if not shielded:
            state.log.from_declined += 1
    else:
        lost = _lost(state, seat, defender, region.tokens, shielded)
        haunted = defender != seat and abilities.has_active(state, defender, "haunt")
        state.tray[race_id] = state.tray.get(race_id, 0) + lost
        player.pending += region.tokens - lost
        back = region.tokens - lost  # a clause for the withdrawn tokens only when there are some
        kept = f" and withdraws {count(back, 'token')} to put back at the end of this turn" if back else ""
        log.say(f"{seat_ref(defender)} loses {count(lost, 'token')} in {name(state, region_id)}{kept}.", affects=losers)
        for effect in abilities.active_effects(state, defender):
            if effect.kind == "paid_when_conquered":
                player.coins += int(effect.get("coins", 0))
                paid = count(int(effect.get("coins", 0)), "coin")
                log.say(f"Corrupt: you collect {paid} from the bank.", to=(defender,))
    if not shielded:
        state.log.from_occupied += 1
        if defender != seat and defender not in state.log.victims:
            state.log.victims.append(defender)
    if not shielded and defender != seat:
        _steal(state, seat, defender, log)
        kinds = [e.kind for e in abilities.active_effects(state, seat)]
        gain = kinds.count("tokens_per_conquest") + (kinds.count("convert") if not region.declined else 0)
        active = state.seats[seat].active
        if gain and active is not None:
            got = take_from_tray(state, active.race, gain)
            state.seats[seat].hand += got
            if got:
                log.say(f"{seat_ref(seat)} gains {count(got, 'token')} from the tray.")
    return haunted


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
        _beat_monsters(state, seat, region_id, log)
    haunted = _defender_leaves(state, seat, region_id, log)
    region.owner = seat
    region.declined = False
    region.tokens = placed
    region.markers = []
    player.hand -= placed
    if haunted and player.hand > 0 and player.active is not None:
        player.hand -= 1
        state.tray[player.active.race] = state.tray.get(player.active.race, 0) + 1
        log.say(f"Haunted: {seat_ref(seat)} loses 1 token from their hand.")
    state.log.conquered.append(region_id)
    if by_doormat:
        state.log.doormat_used = True
        _fly_doormat(state, seat, region_id, log)
    if player.active is not None:
        ancient_placed = abilities.marker_region(state, seat, "ancient") is not None
        if abilities.race(player.active.race).has("great_ancient") and not ancient_placed:
            region.markers.append("ancient")
            log.say(f"The Great Ancient rises in {name(state, region_id)}.")
        if abilities.power(player.active.power).has("queen") and not player.queen_placed:
            region.markers.append("queen")
            player.queen_placed = True
            log.say(f"The Queen settles in {name(state, region_id)}.")


def monsters_of(state: State, region_id: str) -> Monster:
    """Who guards a monster region: the monster kind of its terrain (monsters.json)."""
    return content().monsters[game_map(state).regions[region_id].terrain]


def _beat_monsters(state: State, seat: int, region_id: str, log: ActionLog) -> None:
    """The monsters' reward: the top Place/Relic (seed), then their own coins and tokens (monsters.json)."""
    region = state.regions[region_id]
    beast = monsters_of(state, region_id)
    beaten = f"The {beast.name} of {name(state, region_id)} is beaten"
    if state.treasures and region.treasure is None:
        region.treasure = state.treasures.pop(0)
        log.say(f"{beaten}: {seat_ref(seat)} finds the {treasure_line(abilities.treasure(region.treasure))}.")
    else:
        log.say(f"{beaten}.")
    player = state.seats[seat]
    if beast.coins:
        player.coins += beast.coins
        log.say(f"The {beast.name} leaves you {count(beast.coins, 'coin')}.", to=(seat,))
    if beast.tokens and player.active is not None:
        got = take_from_tray(state, player.active.race, beast.tokens)
        player.hand += got
        if got:
            log.say(f"{seat_ref(seat)} gains {count(got, 'token')} from the {beast.name}.")


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
