"""Public dice for /roll: standard notation, parsed and rolled through the same seeded Rng as the games.

Grammar (case-insensitive, spaces ignored), terms joined by + or -:
    NdS             N dice with S sides (N defaults to 1); d% is d100, dF is not supported
    ...kh3 / kl1    keep the 3 highest / the 1 lowest (k3 = kh3); dh1 / dl1 drop the highest / lowest
    ...r1 / r<2     reroll dice showing 1 (or below 2) once
    ...!            exploding: a die showing its maximum adds another die (at most 20 extra)
    ...>=6 / >5     count successes instead of summing (hit-on-N games)
    5               a flat modifier
    adv / dis       after a single d20: roll two, keep the higher / lower
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rules.rng import Rng
from table.actions import whole_number

MAX_DICE = 100
MAX_SIDES = 1000
MAX_TERMS = 10
MAX_EXPLOSIONS = 20
MAX_MODIFIER = 10**6

_TERM = re.compile(
    r"(?P<count>\d*)d(?P<sides>\d+|%)"
    r"(?:(?P<keep>kh|kl|k|dh|dl)(?P<keepn>\d+))?"
    r"(?:r(?P<rerollop><|<=)?(?P<reroll>\d+))?"
    r"(?P<explode>!)?"
    r"(?:(?P<cmp>>=|>)(?P<target>\d+))?",
    re.ASCII,  # \d is 0-9 only: other scripts' digits are refused as unreadable, not half-parsed
)


class DiceError(ValueError):
    pass


@dataclass
class DiceTerm:
    sign: int
    text: str
    rolled: list[int] = field(default_factory=list)
    kept: list[bool] = field(default_factory=list)
    total: int = 0
    successes: bool = False


@dataclass
class DiceResult:
    notation: str
    terms: list[DiceTerm]
    modifier: int
    total: int
    successes: bool

    def breakdown(self, limit: int = 1800) -> str:
        parts = []
        for term in self.terms:
            faces = ", ".join(str(v) if keep else f"~~{v}~~" for v, keep in zip(term.rolled, term.kept, strict=True))
            sign = "-" if term.sign < 0 else ("+" if parts else "")
            unit = f" → {term.total} hit{'s' * (term.total != 1)}" if term.successes else ""
            parts.append(f"{sign}{term.text} [{faces}]{unit}")
        if self.modifier:
            parts.append(f"{'+' if self.modifier > 0 else '-'}{abs(self.modifier)}")
        label = "hits" if self.successes else "total"
        text = f"{' '.join(parts)} = **{self.total}** {label}"
        return text if len(text) <= limit else text[: limit - 20] + f"… = **{self.total}** {label}"


def roll(notation: str, rng: Rng) -> DiceResult:
    cleaned = notation.lower().replace(" ", "")
    if not cleaned or len(cleaned) > 100:
        raise DiceError("Write dice like 2d6+3, 4d6kh3, d20 adv or 6d10>=6.")
    advantage = None
    for word, mode in (("adv", "kh"), ("dis", "kl")):
        if cleaned.endswith(word):
            cleaned, advantage = cleaned[: -len(word)], mode
    pieces = re.findall(r"[+-]?[^+-]+", cleaned)
    if not pieces or "".join(pieces) != cleaned or len(pieces) > MAX_TERMS:
        raise DiceError(f"I can't read {notation[:40]!r}. Write dice like 2d6+3, 4d6kh3, d20 adv or 6d10>=6.")
    terms: list[DiceTerm] = []
    modifier = 0
    dice_count = 0
    for piece in pieces:
        sign = -1 if piece.startswith("-") else 1
        body = piece.lstrip("+-")
        if body.isascii() and body.isdigit():
            number = whole_number(body, MAX_MODIFIER)
            if number is None:
                raise DiceError(f"A flat modifier can be at most {MAX_MODIFIER:,}.")
            modifier += sign * number
            continue
        match = _TERM.fullmatch(body)
        if not match:
            raise DiceError(f"{body[:30]!r} is not a dice term. Examples: 3d6, 4d6kh3, 2d20kl1, 6d10>=6, 3d6!.")
        dice_count += int(match["count"] or 1)
        if dice_count > MAX_DICE:
            raise DiceError(f"That is too many dice: at most {MAX_DICE} in one roll.")
        terms.append(_roll_term(match, sign, body, rng, advantage if len(pieces) == 1 else None))
    if not terms:
        raise DiceError("There are no dice in that roll. Example: 2d6+3.")
    successes = any(term.successes for term in terms)
    if successes and (len(terms) > 1 or modifier):
        raise DiceError("Count successes on one group of dice only, e.g. 6d10>=6.")
    total = sum(term.sign * term.total for term in terms) + modifier
    return DiceResult(notation.strip(), terms, modifier, total, successes)


def _roll_term(match: re.Match[str], sign: int, text: str, rng: Rng, advantage: str | None) -> DiceTerm:
    count = int(match["count"] or 1)
    sides = 100 if match["sides"] == "%" else int(match["sides"])
    if not 1 <= count <= MAX_DICE:
        raise DiceError(f"Roll between 1 and {MAX_DICE} dice at a time.")
    if not 2 <= sides <= MAX_SIDES:
        raise DiceError(f"Dice have between 2 and {MAX_SIDES} sides.")
    keep, keep_n = match["keep"], int(match["keepn"] or 0)
    if advantage:
        if count != 1 or keep:
            raise DiceError("adv/dis go after a single die, like d20 adv.")
        count, keep, keep_n = 2, advantage, 1
    faces = rng.roll(sides, count, why=text)
    if match["reroll"] is not None:
        limit = int(match["reroll"]) - (1 if match["rerollop"] == "<" else 0)
        if limit >= sides:
            raise DiceError("A reroll must leave some faces that stand.")
        faces = [rng.roll(sides, 1, why="reroll")[0] if face <= limit else face for face in faces]
    if match["explode"]:
        if sides < 3:
            raise DiceError("Exploding dice need at least 3 sides.")
        extra = [face for face in faces if face == sides]
        while extra and len(faces) < count + MAX_EXPLOSIONS:
            more = rng.roll(sides, 1, why="explosion")[0]
            faces.append(more)
            extra = [more] if more == sides else []
    kept = [True] * len(faces)
    if keep:
        if not 1 <= keep_n <= len(faces) - (1 if keep in ("dh", "dl") else 0):
            raise DiceError(f"You can't keep or drop {keep_n} of {len(faces)} dice.")
        order = sorted(range(len(faces)), key=lambda i: faces[i])
        if keep in ("kh", "k"):
            dropped = order[: len(faces) - keep_n]
        elif keep == "kl":
            dropped = order[keep_n:]
        elif keep == "dh":
            dropped = order[len(faces) - keep_n :]
        else:
            dropped = order[:keep_n]
        for index in dropped:
            kept[index] = False
    term = DiceTerm(
        sign, text + (" (advantage)" if advantage == "kh" else " (disadvantage)" if advantage else ""), faces, kept
    )
    if match["cmp"]:
        target = int(match["target"]) + (1 if match["cmp"] == ">" else 0)
        term.successes = True
        term.total = sum(1 for face, keep_it in zip(faces, kept, strict=True) if keep_it and face >= target)
    else:
        term.total = sum(face for face, keep_it in zip(faces, kept, strict=True) if keep_it)
    return term
