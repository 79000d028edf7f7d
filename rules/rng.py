"""The only source of randomness an engine may use.

The table seeds one Rng per action and stores the seed in the log, so replaying the log gives the same
dice. Each die roll is recorded: the table uses the record to decide whether an action may be undone
freely, and tests script dice by handing an engine an Rng with forced faces.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Roll:
    sides: int
    faces: tuple[int, ...]
    why: str


class Rng:
    def __init__(self, seed: int, forced: Sequence[int] = ()) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self._forced = list(forced)  # faces handed out first, in order (scripted dice in tests)
        self.rolls: list[Roll] = []

    def roll(self, sides: int, count: int = 1, why: str = "") -> list[int]:
        """Roll `count` dice with `sides` faces numbered 1..sides."""
        faces = [self._die(sides) for _ in range(count)]
        self.rolls.append(Roll(sides, tuple(faces), why))
        return faces

    def _die(self, sides: int) -> int:
        if self._forced:
            face = self._forced.pop(0)
            if not 1 <= face <= sides:
                raise ValueError(f"forced face {face} does not fit a d{sides}")
            return face
        return self._random.randint(1, sides)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle a deck. Not a die roll: nothing is shown, the cards stay hidden."""
        self._random.shuffle(items)

    def choice(self, items: Sequence[T]) -> T:
        return items[self._random.randrange(len(items))]

    def randrange(self, stop: int) -> int:
        return self._random.randrange(stop)
