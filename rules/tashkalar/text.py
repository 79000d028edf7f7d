"""Card and task texts written from the data, so what players read always matches what the engine does."""

from __future__ import annotations

from rules.tashkalar.content import CARDS, FLARES, RANK_NAMES, TASKS, Effect
from rules.text import count

_AREA = {
    "adjacent": " next to this being",
    "within2": " within 2 squares of this being",
    "line": " first in a straight line from this being",
    "pattern": " in the pattern",
    "anywhere": "",
    "near_own": " next to one of your tokens",
    "near_enemy": " next to an enemy token",
}


def _ranks(effect: Effect, default: tuple[int, ...]) -> str:
    ranks = [r for r in effect.ranks if r in default]
    if tuple(ranks) == default:
        return ""
    return "/".join(RANK_NAMES[r] for r in ranks) + " "


def _subject(effect: Effect, default: tuple[int, ...]) -> str:
    if effect.who == "self":
        return "this being"
    n = effect.count
    if n == 1:
        lead = {"own": "one of your", "enemy": "an enemy", "any": "a"}[effect.who]
        noun = "tokens" if effect.who == "own" else "token"
    else:
        lead = {"own": f"up to {n} of your", "enemy": f"up to {n} enemy", "any": f"up to {n}"}[effect.who]
        noun = "tokens"
    return f"{lead} {_ranks(effect, default)}{noun}{_AREA[effect.area]}"


def _movement(effect: Effect, may: str, everything: tuple[int, ...]) -> str:
    if effect.do == "jump":
        how = "combat-jump" if effect.combat else "jump"
        distance = f"up to {effect.reach} squares away"
    else:
        how = "combat-move" if effect.do == "combat_move" else "move"
        distance = ("1 step" if effect.steps == 1 else f"up to {effect.steps} steps") + (
            " each" if effect.count > 1 else ""
        )
    if effect.who == "self":
        return f"This being {may} {how} {distance}."
    return f"You {may} make {_subject(effect, everything)} {how} {distance}."


def describe(effect: Effect) -> str:
    """One sentence for one effect."""
    may = "must" if effect.must else "may"
    everything = (1, 2, 3)
    if effect.do == "extra_action":
        return f"Gain {count(effect.count, 'extra action')} this turn."
    if effect.do == "extra_card":
        return f"Draw {count(effect.count, 'extra card')} at the end of the turn."
    if effect.do == "place":
        where = _AREA[effect.area] or " anywhere"
        many = "a common token" if effect.count == 1 else f"up to {effect.count} common tokens"
        return f"You {may} place {many}{where} (free)."
    if effect.do in ("move", "combat_move", "jump"):
        return _movement(effect, may, everything)
    verbs = {"upgrade": (1, 2), "downgrade": (2, 3), "destroy": everything, "convert": everything}
    return f"You {may} {effect.do} {_subject(effect, verbs[effect.do])}."


def card_text(card_id: str) -> list[str]:
    card = CARDS[card_id]
    return [describe(effect) for effect in card.effects] or ["No effect: a solid body on the board."]


def flare_text(flare_id: str) -> tuple[str, str]:
    flare = FLARES[flare_id]
    top = f"If an opponent has {flare.top.by}+ more upgraded tokens: " + " ".join(map(describe, flare.top.effects))
    bottom = f"If an opponent has {flare.bottom.by}+ more tokens: " + " ".join(map(describe, flare.bottom.effects))
    return top, bottom


def task_text(task_id: str) -> str:
    task = TASKS[task_id]
    return f"{task.name} ({count(task.points, 'pt')}): {task.text}"


def card_line(card_id: str) -> str:
    card = CARDS[card_id]
    return f"{card.name} ({RANK_NAMES[card.rank]}): {' '.join(card_text(card_id))}"
