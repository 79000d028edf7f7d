"""The Dungeon Guardians' side: the explorer's next opponent in turn order plays them (the seed: the opponent on
the explorer's left rolls for them and decides which Guardian takes each hit and which die a Guardian loses)."""

from __future__ import annotations

import re
from itertools import combinations, product

from rules.base import ActionLog, require, seat_ref
from rules.nerath.board import allied, label, name, slug
from rules.nerath.content import CONTENT, REALM_ORDER
from rules.nerath.state import Dungeon, State

Loss = tuple[tuple[str, int], ...]  # one way to take the hits: (guardian id, die size) per hit, sorted


def player(state: State, explorer: str) -> str:
    """The realm whose player runs the Guardians: the first opponent after the explorer in turn order (play passes
    to the left), never the explorer's own player nor an ally."""
    start = REALM_ORDER.index(explorer)
    for step in range(1, len(REALM_ORDER)):
        realm = REALM_ORDER[(start + step) % len(REALM_ORDER)]
        if not allied(state, explorer, realm) and state.seat_of[realm] != state.seat_of[explorer]:
            return realm
    return REALM_ORDER[(start + 1) % len(REALM_ORDER)]


def dice(dungeon: Dungeon, index: int) -> list[int]:
    """The dice a Guardian still rolls in this battle, in the tile's order."""
    left = list(CONTENT.guardians[dungeon.guardians[index]].dice)
    for size in dungeon.lost[index] if index < len(dungeon.lost) else []:
        left.reverse()
        left.remove(size)  # the last die of that size goes first
        left.reverse()
    return left[: dungeon.dice_left[index]] if index < len(dungeon.dice_left) else left


def standing(dungeon: Dungeon) -> list[int]:
    return [i for i, left in enumerate(dungeon.dice_left) if left > 0]


def automatic(dungeon: Dungeon, hits: int) -> Loss:
    """The choice made for an absent player: the first Guardian standing takes the hits, its last die first."""
    taken: list[tuple[str, int]] = []
    for index in standing(dungeon):
        for size in reversed(dice(dungeon, index)):
            if len(taken) < hits:
                taken.append((dungeon.guardians[index], size))
    return tuple(sorted(taken))


def options(dungeon: Dungeon, hits: int) -> list[Loss]:
    """Every different way the Guardians can take the hits (the automatic one first)."""
    alive = standing(dungeon)
    need = min(hits, sum(len(dice(dungeon, i)) for i in alive))
    per_guardian = []
    for index in alive:
        mine = dice(dungeon, index)
        subsets = {tuple(sorted(c)) for k in range(len(mine) + 1) for c in combinations(mine, k)}
        per_guardian.append([tuple((dungeon.guardians[index], s) for s in sub) for sub in sorted(subsets)])
    found = {
        tuple(sorted(loss for part in parts for loss in part))
        for parts in product(*per_guardian)
        if sum(len(part) for part in parts) == need
    }
    first = automatic(dungeon, hits)
    return [first, *sorted(found - {first})]


def describe(dungeon: Dungeon, loss: Loss, told: bool = False) -> str:
    """'Take a d12 from the Lich and destroy the Orc Raiders' (what the Guardians' player picks); `told`: as done
    by them ('takes a d12 from the Lich and destroys the Orc Raiders')."""
    take, destroy = ("takes", "destroys") if told else ("take", "destroy")
    parts = []
    for index in standing(dungeon):
        guardian = dungeon.guardians[index]
        taken = [size for g, size in loss if g == guardian]
        if not taken:
            continue
        tile = CONTENT.guardians[guardian].name
        if len(taken) == len(dice(dungeon, index)):
            parts.append(f"{destroy} the {tile}")
        else:
            sizes = sorted(set(taken), reverse=True)
            dice_text = " and ".join(f"{'a' if taken.count(s) == 1 else taken.count(s)} d{s}" for s in sizes)
            parts.append(f"{take} {dice_text} from the {tile}")
    text = " and ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return text if told else text[:1].upper() + text[1:]


def value(loss: Loss) -> str:
    return ",".join(f"{guardian} d{size}" for guardian, size in loss)


def parse(dungeon: Dungeon, raw: object, hits: int) -> Loss:
    """A typed or picked choice ('lich d12,orc-raiders d8'), checked against the ways open now."""
    allowed = options(dungeon, hits)
    offer = "; ".join(value(o) for o in allowed[:4])
    if isinstance(raw, list) and all(isinstance(item, str) for item in raw):
        raw = ",".join(raw)  # typed as a command option, the comma-separated list arrives split
    require(isinstance(raw, str) and 0 < len(raw) <= 300, f"Name the die each hit takes, for example {offer}.")
    assert isinstance(raw, str)
    taken = []
    for item in (part.strip() for part in raw.split(",") if part.strip()):
        found = re.fullmatch(r"(.+?)[\s:]*d(\d+)", item.lower())
        require(found is not None, f"Write each hit as a Guardian and a die ('lich d12'); for example {offer}.")
        assert found is not None
        who = slug(found.group(1))
        guardian = next((g for g in dungeon.guardians if who in (g, slug(CONTENT.guardians[g].name))), "")
        require(bool(guardian), f"No Guardian called {found.group(1)[:40]!r} fights here; for example {offer}.")
        taken.append((guardian, int(found.group(2))))
    loss = tuple(sorted(taken))
    require(loss in allowed, f"The Guardians cannot take the hits that way; choose one of: {offer}.")
    return loss


def take(state: State, space: str, loss: Loss, realm: str, log: ActionLog) -> None:
    """Apply the dice losses, say who chose them (`realm`, empty when there was no choice), name the fallen."""
    dungeon = state.dungeons[space]
    done = describe(dungeon, loss, told=True)
    for guardian, size in loss:
        index = dungeon.guardians.index(guardian)
        dungeon.lost[index].append(size)
        dungeon.dice_left[index] -= 1
    if realm:
        who = f"{name(realm)} ({seat_ref(state.seat_of[realm])})"
        log.say(f"{who} {done} at {label(space)}.")
    for guardian in dict.fromkeys(g for g, _ in loss):
        if dungeon.dice_left[dungeon.guardians.index(guardian)] == 0:
            log.say(f"Defeated: {CONTENT.guardians[guardian].name}.")
