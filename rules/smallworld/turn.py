"""The flow of turns: readying troops, finishing a turn (redeploy, score), defenders, the turn marker."""

from __future__ import annotations

from rules.base import ActionLog, seat_ref
from rules.smallworld import abilities
from rules.smallworld.board import game_map
from rules.smallworld.scoring import income, outcome
from rules.smallworld.state import CONQUER, DEFENDERS, OVER, PICK, State, TurnLog
from rules.text import count


def take_from_tray(state: State, race_id: str, wanted: int) -> int:
    """Tokens come from the tray and stop when it is empty (the race's token limit)."""
    given = max(0, min(wanted, state.tray.get(race_id, 0)))
    state.tray[race_id] = state.tray.get(race_id, 0) - given
    return given


def start_turn(state: State, seat: int, log: ActionLog) -> None:
    """Seed steps 24 and 30: pick a combo if there is no active race, else pick up all but 1 per region."""
    state.current = seat
    state.log = TurnLog()
    player = state.seats[seat]
    log.say(f"Turn {state.turn} of {state.turns}: {seat_ref(seat)} to play.", "routine")
    if player.active is None:
        state.phase = PICK
        return
    state.phase = CONQUER
    lifted = 0
    for rid in abilities.active_regions(state, seat):
        region = state.regions[rid]
        lifted += region.tokens - 1
        region.tokens = 1
    player.hand += lifted
    extra = 0
    data = game_map(state).regions
    for effect in abilities.active_effects(state, seat):
        if effect.kind == "tokens_per_terrain":
            extra += sum(
                1 for rid in abilities.active_regions(state, seat) if data[rid].terrain == effect.get("terrain")
            )
        elif effect.kind == "tokens_per_turn":
            extra += int(effect.get("tokens", 0))
        elif effect.kind == "tokens_per_regions":
            extra += len(abilities.active_regions(state, seat)) // int(effect.get("per", 1))
    gained = take_from_tray(state, player.active.race, extra)
    player.hand += gained
    more = f", and {gained} new from the tray" if gained else ""
    log.say(f"{seat_ref(seat)} readies their troops: {count(player.hand, 'token')} in hand{more}.", "routine")


def empty_rivers(state: State, seat: int) -> int:
    """Seed step 19: River regions are left at redeployment unless an ability keeps them."""
    if abilities.has_active(state, seat, "river_hold"):
        return 0
    data = game_map(state).regions
    lifted = 0
    for rid in abilities.active_regions(state, seat):
        if data[rid].terrain == "river":
            region = state.regions[rid]
            lifted += region.tokens
            region.tokens = 0
            region.owner = None
            region.markers = [m for m in region.markers if m not in ("ancient", "queen")]
    return lifted


def spread(state: State, seat: int, count: int, allow_rivers: bool) -> list[str]:
    """Place `count` tokens one at a time on the seat's thinnest region (ties: map order)."""
    data = game_map(state).regions
    order = list(data)
    mine = [rid for rid in abilities.active_regions(state, seat) if allow_rivers or data[rid].terrain != "river"]
    placed: list[str] = []
    for _ in range(count if mine else 0):
        target = min(mine, key=lambda rid: (state.regions[rid].tokens, order.index(rid)))
        state.regions[target].tokens += 1
        placed.append(target)
    return placed


def score(state: State, seat: int, log: ActionLog) -> None:
    """Seed steps 20-23: income is added to secret coins; the amount is told to the player only."""
    earned = income(state, seat)
    state.seats[seat].coins += earned.total
    detail = "; ".join(earned.lines)
    log.say(f"{seat_ref(seat)} collects their coins for the turn.", "routine")
    got = f"{count(earned.total, 'coin')}: {detail}" if earned.lines else "no coins this turn"
    log.say(f"You collect {got}. You now have {state.seats[seat].coins}.", to=(seat,))


def close_turn(state: State, log: ActionLog) -> None:
    """After scoring: conquered players put back their tokens, then the next player plays."""
    log.say(f"End of {seat_ref(state.current)}'s turn.", "turn_end")
    state.last_seat, state.last_conquered = state.current, list(state.log.conquered)
    for seat, player in enumerate(state.seats):
        if player.pending and not abilities.active_regions(state, seat):
            player.hand += player.pending  # no region left: they re-enter next turn as on a first turn
            player.pending = 0
    if any(player.pending for player in state.seats):
        state.phase = DEFENDERS
        waiting = ", ".join(seat_ref(s) for s, p in enumerate(state.seats) if p.pending)
        log.say(f"Waiting for {waiting} to put back the tokens they withdrew.", "routine")
        return
    advance(state, log)


def advance(state: State, log: ActionLog) -> None:
    """Move to the next player; after the last player the turn marker moves; the map's last turn ends the game."""
    following = (state.current + 1) % state.players
    if following == 0:
        state.turn += 1
    if state.turn > state.turns:
        state.turn = state.turns
        finish_game(state, log)
        return
    start_turn(state, following, log)


def finish_game(state: State, log: ActionLog) -> None:
    state.phase = OVER
    state.revealed = True
    totals = ", ".join(f"{seat_ref(s)} {p.coins}" for s, p in enumerate(state.seats))
    log.say(f"The coins are revealed: {totals}.", "reveal")
    result = outcome(state)
    if result is not None:
        log.say(result.summary, "game_end")
