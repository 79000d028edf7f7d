"""The console's clock: `wait 13h` moves it on, so reminders and deadlines can be tried at once."""

from __future__ import annotations

import time


class ConsoleClock:
    """Real time plus whatever `wait` added, so reminders can be tried without waiting hours."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds
