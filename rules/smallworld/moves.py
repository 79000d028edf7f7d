"""Small World's moves: who the game awaits and what they may do (with labels for buttons and menus). The engine
(engine.py) and the bot (bot.py) both stand on these."""

from __future__ import annotations

from rules.base import Choice
from rules.smallworld import abilities, board
from rules.smallworld.actions import HAND, MAX_MOVES
from rules.smallworld.state import CONQUER, DEFENDERS, OVER, PICK, Combo, State
from rules.text import count

LABEL_MAX = 100  # characters Discord shows in a button or menu option label


def awaiting(state: State) -> frozenset[int]:
    if state.phase == OVER:
        return frozenset()
    if state.phase == DEFENDERS:
        return frozenset(seat for seat, player in enumerate(state.seats) if player.pending)
    return frozenset({state.current})


def legal(state: State, seat: int) -> list[Choice]:
    if seat not in awaiting(state):
        return []
    if state.phase == PICK:
        return _pick_choices(state, seat)
    if state.phase == DEFENDERS:
        player = state.seats[seat]
        back = _moves(state, seat, {HAND: player.pending})
        return [*back, Choice({"type": "end"}, f"Put back {count(player.pending, 'token')} evenly", quick=True)]
    choices: list[Choice] = []
    if state.phase == CONQUER:
        choices += _conquest_choices(state, seat)
    if state.log.moves < MAX_MOVES:
        sources = {HAND: state.seats[seat].hand}
        sources |= {rid: state.regions[rid].tokens - 1 for rid in abilities.active_regions(state, seat)}
        choices += _moves(state, seat, sources)
    choices.append(Choice({"type": "end"}, "Finish: keep this placement, spread tokens in hand, score", quick=True))
    return choices


def _pick_choices(state: State, seat: int) -> list[Choice]:
    coins = state.seats[seat].coins
    choices = []
    for index, combo in enumerate(state.row):
        if index > coins:
            break
        choices.append(Choice({"type": "pick", "combo": str(index + 1)}, pick_label(index + 1, combo), quick=True))
    return choices


def pick_label(position: int, combo: Combo) -> str:
    """'3. Tomb Ogres (+1 coin per race beaten; +1 coin per declined hit) - 9 tokens, costs 2, +1 coin':
    the name first (autocomplete reads it up to " ("), then what race and power do, then tokens, coins and cost.
    The tail gets terser until the label fits a Discord label; the briefs are cut only as a last resort."""
    race, power = abilities.race(combo.race), abilities.power(combo.power)
    tokens, cost, coins = race.tokens + power.tokens, position - 1, combo.coins
    head = f"{position}. {power.name} {race.name}"
    briefs = f" ({race.brief}; {power.brief})"
    tails = (
        f" - {count(tokens, 'token')}, {count(coins, 'coin')} on it, costs {cost}",
        f" - {count(tokens, 'token')}, costs {cost}" + (f", +{count(coins, 'coin')}" if coins else ""),
        f" - {tokens} tok, cost {cost}" + (f", +{coins}c" if coins else ""),
    )
    for tail in tails:
        if len(head + briefs + tail) <= LABEL_MAX:
            return head + briefs + tail
    room = LABEL_MAX - len(head + tails[-1]) - 1
    return head + briefs[: room - 1] + "…)" + tails[-1]


def _conquest_choices(state: State, seat: int) -> list[Choice]:
    choices: list[Choice] = []
    names = board.game_map(state).regions
    hand = state.seats[seat].hand
    frenzied = abilities.has_active(state, seat, "frenzied")
    die = (frenzied or not state.log.die_used) and hand >= 1
    bonus = abilities.die_bonus(state, seat)
    for target in board.targets(state, seat):
        label = names[target.region].name
        via = " (Flying Doormat)" if target.by_doormat else ""
        if target.cost <= hand:
            choices.append(Choice({"type": "conquer", "region": target.region}, f"{label}: costs {target.cost}{via}"))
        elif die and target.cost - hand <= 3 + bonus:
            short = target.cost - hand
            text = f"Roll for {label}: costs {target.cost}, you are {short} short{via}"
            choices.append(Choice({"type": "reinforce", "region": target.region}, text))
    if not state.log.conquered:
        mine = abilities.active_regions(state, seat)
        for rid in mine:
            choices.append(Choice({"type": "abandon", "region": rid}, f"Abandon {names[rid].name}"))
        if state.seats[seat].active is not None and not state.log.picked:
            choices.append(Choice({"type": "decline"}, "Go into decline (no conquest this turn)"))
        if abilities.has_active(state, seat, "great_ancient") and not state.log.ancient_moved:
            here = abilities.marker_region(state, seat, "ancient")
            for rid in mine if here is not None else []:
                if rid != here:
                    action = {"type": "use", "ability": "ancient", "region": rid}
                    choices.append(Choice(action, f"Move the Great Ancient to {names[rid].name}"))
    return choices


def _moves(state: State, seat: int, sources: dict[str, int]) -> list[Choice]:
    """Single redeploy moves: 1 token, or as many as can go, from each source to each region."""
    names = board.game_map(state).regions
    river_ok = abilities.has_active(state, seat, "river_hold")
    dests = [rid for rid in abilities.active_regions(state, seat) if river_ok or names[rid].terrain != "river"]
    choices = []
    for source, movable in sources.items():
        for dest in dests:
            if dest == source or movable < 1:
                continue
            for moved in sorted({1, movable}):
                origin = "hand" if source == HAND else names[source].name
                action = {"type": "redeploy", "source": source, "to": dest, "count": moved}
                choices.append(Choice(action, f"Move {moved} from {origin} to {names[dest].name}"))
    return choices
