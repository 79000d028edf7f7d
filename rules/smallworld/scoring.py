"""End-of-turn income (seed steps 20-22): 1 coin per region of each race, then the bonuses."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.base import Outcome, seat_ref
from rules.smallworld import abilities
from rules.smallworld.board import game_map
from rules.smallworld.content import Ability, Effect
from rules.smallworld.state import OVER, State
from rules.text import count


@dataclass
class Income:
    total: int = 0
    lines: list[str] = field(default_factory=list)

    def add(self, coins: int, why: str) -> None:
        if coins:
            self.total += coins
            self.lines.append(f"{why} +{coins}")


def _recluse(state: State, seat: int, region_id: str) -> bool:
    """Drow: no neighbouring region holds monsters or any other race (declined ones included)."""
    for other in game_map(state).regions[region_id].adjacent:
        region = state.regions[other]
        if region.monsters > 0:
            return False
        if region.tokens > 0 and not (region.owner == seat and not region.declined):
            return False
    return True


def _held(state: State, seat: int) -> int:
    return len(abilities.active_regions(state, seat))


def _bonus(state: State, seat: int, effect: Effect, regions: list[str], declined: bool, here: str | None = None) -> int:
    """The coins one effect pays on `regions` (the active or the declined race's); `here`: the region of the Place
    or Relic the effect comes from."""
    game = game_map(state)
    data = game.regions
    coins = int(effect.get("coins", 0))
    kind = effect.kind
    log = state.log if state.current == seat else None
    if kind == "score_mountain":
        return coins * sum(1 for rid in regions if data[rid].black_mountain)
    if kind == "score_inner":
        return coins * sum(1 for rid in regions if not game.is_edge(rid))
    if kind == "score_stack":
        return coins * sum(1 for rid in regions if state.regions[rid].tokens >= int(effect.get("min_tokens", 0)))
    if kind == "score_trade" and here is not None:
        near = [state.regions[o] for o in data[here].adjacent]
        return coins * sum(1 for r in near if r.tokens > 0 and r.owner not in (None, seat))
    if kind == "score_rivals":
        return coins * sum(1 for other, p in enumerate(state.seats) if other != seat and p.active is not None)
    if kind == "score_ahead":
        mine = len(regions)
        rivals = [_held(state, other) for other in range(len(state.seats)) if other != seat]
        return coins if regions and all(mine > theirs for theirs in rivals) else 0
    if kind == "interest":
        return coins * (state.seats[seat].coins // int(effect.get("per", 1)))
    if kind == "score_terrain":
        return coins * sum(1 for rid in regions if data[rid].terrain == effect.get("terrain"))
    if kind == "score_flat":
        return coins if regions else 0
    if kind == "score_treasure":
        return coins * sum(1 for rid in regions if state.regions[rid].treasure)
    if kind == "score_recluse" and not declined:
        return coins * sum(1 for rid in regions if _recluse(state, seat, rid))
    if kind == "score_declined_region" and declined:
        return coins * len(regions)
    if log is None or declined:
        return 0
    if kind == "score_conquered":
        origin = effect.get("origin")
        counts = {"occupied": log.from_occupied, "declined": log.from_declined, "monster": log.from_monsters}
        return coins * (len(log.conquered) if origin == "any" else counts.get(origin, 0))
    if kind == "score_victims":
        return coins * len(log.victims)
    return 0


def income(state: State, seat: int) -> Income:
    """What `seat` collects at the end of their turn (also after declining)."""
    result = Income()
    active = abilities.active_regions(state, seat)
    declined = abilities.declined_regions(state, seat)
    result.add(len(active), count(len(active), "active region"))
    result.add(len(declined), count(len(declined), "declined region"))
    player = state.seats[seat]
    if player.active is not None:
        sources: list[tuple[Ability, str | None]] = [
            (abilities.race(player.active.race), None),
            (abilities.power(player.active.power), None),
        ]
        for rid, tid in abilities.held_treasures(state, seat).items():
            sources.append((abilities.treasure(tid), rid))
        for source, here in sources:
            for effect in source.effects:
                result.add(_bonus(state, seat, effect, active, declined=False, here=here), source.name)
    if player.declined is not None:
        kept = [abilities.race(player.declined.race)]
        declined_power = abilities.power(player.declined.power)
        if declined_power.survives_decline:
            kept.append(declined_power)
        for source in kept:
            for effect in source.effects:
                if source.kind == "race" and not (effect.get("in_decline") or effect.kind == "score_declined_region"):
                    continue
                result.add(_bonus(state, seat, effect, declined, declined=True), f"{source.name} (declined)")
    return result


def tokens_on_map(state: State, seat: int) -> int:
    return sum(r.tokens for r in state.regions.values() if r.owner == seat)


def outcome(state: State) -> Outcome | None:
    """Rulings: most coins; ties broken by most race tokens on the map; then a shared win."""
    if state.phase != OVER:
        return None
    scores = {seat: player.coins for seat, player in enumerate(state.seats)}
    best = max(scores.values())
    leaders = [seat for seat, coins in scores.items() if coins == best]
    tokens = {seat: tokens_on_map(state, seat) for seat in scores}
    tiebreak = ""
    if len(leaders) > 1:
        tied = ", ".join(f"{seat_ref(seat)} {tokens[seat]}" for seat in leaders)
        tiebreak = f"the most race tokens on the map ({tied})"
        most = max(tokens[seat] for seat in leaders)
        leaders = [seat for seat in leaders if tokens[seat] == most]
    names = " and ".join(seat_ref(seat) for seat in leaders)
    verb = "share the win" if len(leaders) > 1 else "wins"
    return Outcome(
        tuple(leaders),
        scores,
        f"{names} {verb} with {best} coins.",
        reason=f"the last turn (turn {state.turns}) is over and the coins are counted",
        tiebreak=tiebreak,
        unit="coin",
        figures={seat: (f"{count(tokens[seat], 'race token', zero='0')} on the map",) for seat in scores},
        draw=len(leaders) == len(scores) > 1,
    )
