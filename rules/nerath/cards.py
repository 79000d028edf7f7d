"""Event cards and Treasures: drawing, playing and their effects."""

from __future__ import annotations

from rules.base import ActionLog, RuleError, require, seat_ref
from rules.nerath import board
from rules.nerath.board import PIECES, REALMS, SPACES, name
from rules.nerath.content import CONTENT, Effect
from rules.nerath.state import Piece, State
from rules.rng import Rng


def card_name(card: str) -> str:
    if card in CONTENT.events:
        return CONTENT.events[card].name
    return CONTENT.treasures[card].name


def draw_event(state: State, realm: str, log: ActionLog, rng: Rng) -> None:
    """Step 1: draw; a play-immediately card resolves at once, any other goes to the secret hand."""
    mine = state.realms[realm]
    if not mine.deck and mine.discard:
        mine.deck, mine.discard = mine.discard, []
        rng.shuffle(mine.deck)
        log.say(f"{name(realm)} reshuffles its event discards into a new deck.")
    if not mine.deck:
        log.say(f"{name(realm)} has no event card left to draw.")
        return
    card = mine.deck.pop(0)
    event = CONTENT.events[card]
    seat = state.seat_of[realm]
    if event.immediate:
        log.say(f"{name(realm)} draws {event.name} and plays it at once: {event.text}", "reveal")
        apply_effect(state, realm, event.effect, "", log, lasting=False)
        mine.discard.append(card)
    else:
        mine.hand.append(card)
        log.say(f"{name(realm)} draws an event card.", "routine")
        log.say(f"You ({name(realm)}) drew {event.name}: {event.text}", to=(seat,))


def strike_targets(state: State, realm: str, effect: Effect) -> list[str]:
    """Enemy land spaces next to land this realm holds that contain the piece the card removes."""
    held = {s for s, owner in state.control.items() if owner == realm}
    fighting = state.battle.space if state.battle else ""
    targets = []
    for space in sorted(SPACES):
        if SPACES[space].kind != "land" or space in held or space == fighting:
            continue
        if not board.is_enemy_space(state, space, realm):
            continue
        if not any(other in held for other in SPACES[space].adjacent):
            continue
        if any(
            p.kind == effect.piece and not board.allied(state, realm, p.realm) for p in board.pieces_at(state, space)
        ):
            targets.append(space)
    return targets


def needs_target(effect: Effect) -> bool:
    return effect.kind == "strike"


def check_target(state: State, realm: str, effect: Effect, target: str, optional: bool) -> None:
    """Raise unless `target` suits the effect (a treasure's Power may be wasted when nothing is in reach)."""
    if not needs_target(effect):
        require(target in ("", "none"), "This card needs no target; leave the target out.")
        return
    targets = strike_targets(state, realm, effect)
    if optional and not targets:
        require(target in ("", "none"), "Nothing is in reach of this Power; play it without a target.")
        return
    require(
        target in targets,
        f"Choose a target holding an enemy {PIECES[effect.piece].name}: "
        f"{', '.join(map(board.label, targets)) or 'none in reach'}.",
    )


def apply_effect(state: State, realm: str, effect: Effect, target: str, log: ActionLog, lasting: bool) -> None:
    """Apply a card effect. `lasting`: a treasure Property (for the rest of the game) rather than this turn."""
    mine = state.realms[realm]
    if effect.kind == "gold":
        mine.gold += effect.amount
        log.say(f"{name(realm)} gains {effect.amount} gold.")
    elif effect.kind == "free_pieces":
        _free_pieces(state, realm, effect.piece, effect.count, log)
    elif effect.kind == "roll_bonus" and not lasting:
        for piece in effect.pieces:
            mine.turn_roll[piece] = mine.turn_roll.get(piece, 0) + effect.amount
    elif effect.kind == "move_bonus" and not lasting:
        for piece in effect.pieces:
            mine.turn_move[piece] = mine.turn_move.get(piece, 0) + effect.amount
    elif effect.kind == "income_bonus" and not lasting:
        mine.turn_income += effect.amount
    elif effect.kind == "strike":
        if target in ("", "none"):
            log.say("Nothing was in reach; the power is spent.")
            return
        victims = [
            p
            for p in board.pieces_at(state, target)
            if p.kind == effect.piece and not board.allied(state, realm, p.realm)
        ][: effect.count]
        for victim in victims:
            state.pieces.remove(victim)
        mine_seat = state.seat_of[realm]  # a card played on other players' pieces: theirs to read first
        hit = tuple(state.seat_of[v.realm] for v in victims if state.seat_of.get(v.realm, mine_seat) != mine_seat)
        log.say(
            f"{len(victims)} enemy {board.kind_name(effect.piece, len(victims))} removed from {board.label(target)}.",
            affects=hit,
        )
    # lasting bonuses are read from the played treasures whenever they matter (board.lasting)


def _free_pieces(state: State, realm: str, kind: str, count: int, log: ActionLog) -> None:
    """Free pieces appear at the Capital if held, else at another of the realm's Castles; ships at sea beside it."""
    capital = REALMS[realm].capital
    homes = ([capital] if board.capital_held(state, realm) else []) + [
        c for c in board.castles_of(state, realm) if c != capital and state.control[c] == realm
    ]
    where = ""
    for home in homes:
        if board.piece_type(kind) != "sea":
            where = home
            break
        seas = [s for s in SPACES[home].adjacent if SPACES[s].kind == "sea" and board.is_friendly(state, s, realm)]
        if seas:
            where = seas[0]
            break
    if not where:
        log.say(f"{name(realm)} has nowhere to put the free {board.kind_name(kind, count)}; they are lost.")
        return
    for _ in range(count):
        state.pieces.append(Piece(state.next_id, realm, kind, where))
        state.next_id += 1
    log.say(f"{count} free {board.kind_name(kind, count)} for {name(realm)} at {board.label(where)}.")


def _fit(text: str, limit: int = 100) -> str:
    """A choice label Discord can show (<= 100 characters), cut at a word; the whole text is in /hand."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(",.;:") + "…"


def play_choices(state: State, realm: str) -> list[tuple[str, str, str]]:
    """(card, target, label) for every card this realm may play now."""
    mine = state.realms[realm]
    result: list[tuple[str, str, str]] = []
    for card in dict.fromkeys(mine.hand):
        event = CONTENT.events[card]
        if needs_target(event.effect):
            for target in strike_targets(state, realm, event.effect):
                result.append((card, target, f"Play {event.name} on {board.label(target)}"))
        else:
            result.append((card, "", _fit(f"Play {event.name}: {event.text}")))
    for card in dict.fromkeys(mine.treasures):
        treasure = CONTENT.treasures[card]
        targets = strike_targets(state, realm, treasure.power) if needs_target(treasure.power) else []
        wasted = "; its Power has nothing in reach now" if needs_target(treasure.power) and not targets else ""
        for target in targets or [""]:
            where = f" on {board.label(target)}" if target else ""
            result.append((card, target, f"Play treasure {treasure.name}{where} (+{treasure.vp} VP{wasted})"))
    return result


def play(state: State, realm: str, card: str, target: str, log: ActionLog) -> None:
    mine = state.realms[realm]
    require(
        card in mine.hand or card in mine.treasures,
        f"{name(realm)} does not hold a card called {card!r}; see your hand with /hand.",
    )
    if card in mine.hand:
        event = CONTENT.events[card]
        check_target(state, realm, event.effect, target, optional=False)
        mine.hand.remove(card)
        mine.discard.append(card)
        log.say(f"{seat_ref(state.seat_of[realm])} plays {event.name} for {name(realm)}: {event.text}", "reveal")
        apply_effect(state, realm, event.effect, target, log, lasting=False)
        return
    treasure = CONTENT.treasures[card]
    check_target(state, realm, treasure.power, target, optional=True)
    mine.treasures.remove(card)
    mine.played.append(card)
    mine.vp += treasure.vp
    log.say(
        f"{seat_ref(state.seat_of[realm])} plays the treasure {treasure.name} for {name(realm)} "
        f"(+{treasure.vp} VP): {treasure.text}",
        "reveal",
    )
    apply_effect(state, realm, treasure.power, target, log, lasting=False)
    apply_effect(state, realm, treasure.property, "", log, lasting=True)


def ensure_text(value: object, what: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > 100:
        raise RuleError(f"{what} must be a short name from the list offered.")
    return value
