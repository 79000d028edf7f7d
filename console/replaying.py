"""The console's replay of an exported game (`replay <file>`, from /game export): loaded and checked by the table
service (table/service/archive.py), then stepped through turn by turn with `next`, `back`, `turn <n>` and `end`, each
step printing that turn's log lines and saving its board picture beside the console's other pictures."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rules.text import count
from table.commands import Attachment
from table.service import TableError, TableService
from table.service.archive_file import LARGEST, ArchiveError, Replayed, Step

WORDS = ("next", "back", "turn", "end")  # what steps through a replay while one is loaded


def find_file(typed: str, images: Path) -> Path:
    """The file a `replay` names: as typed, else in the console's pictures folder, where `game export` keeps it."""
    path = Path(typed).expanduser()
    for candidate in (path, images / path):
        if candidate.is_file():
            return candidate
    raise TableError(f"There is no file {typed[:80]}; give its path, or its name in {images}/.")


class Replaying:
    """One loaded replay and the step shown."""

    def __init__(
        self,
        service: TableService,
        replayed: Replayed,
        say: Callable[[str], None],
        keep: Callable[[Attachment], str],
    ) -> None:
        self.service, self.replayed, self.say, self.keep = service, replayed, say, keep
        self.at = 0

    @classmethod
    async def load(
        cls, service: TableService, path: Path, say: Callable[[str], None], keep: Callable[[Attachment], str]
    ) -> Replaying:
        """The replay of the file at `path`, its start shown; ArchiveError says why a file cannot be replayed."""
        try:
            if path.stat().st_size > LARGEST:
                raise ArchiveError("This file is far larger than any exported game: it is not one.")
            data = path.read_bytes()
        except OSError as error:
            raise TableError(f"The file {path.name[:80]} could not be read ({error.strerror}).") from None
        replaying = cls(service, await service.archives.load(data), say, keep)
        archive = replaying.replayed.archive
        players = ", ".join(seat.name for seat in archive.seats)
        turns = max((turn for turn, _ in archive.turn_ends), default=0)
        say(
            f"Replay of {path.name}: {replaying.replayed.engine.meta.title}, {archive.status}, {count(turns, 'turn')} "
            f"({players}). It replays to the final state the file names. next | back | turn <n> | end steps through "
            "it; replay off stops."
        )
        await replaying.show()
        return replaying

    async def go(self, word: str, rest: list[str]) -> None:
        """One of WORDS: move to that step and show it."""
        steps = self.replayed.steps
        if word == "next":
            if self.at == len(steps) - 1:
                raise TableError("That was the end of the game: back, turn <n>, or replay off.")
            self.at += 1
        elif word == "back":
            if self.at == 0:
                raise TableError("This is the start of the game: next, turn <n> or end.")
            self.at -= 1
        elif word == "end":
            self.at = len(steps) - 1
        else:
            self.at = self._turn(rest)
        await self.show()

    def _turn(self, rest: list[str]) -> int:
        turns = [step.turn for step in self.replayed.steps if step.turn is not None]
        wanted = rest[0] if len(rest) == 1 else ""
        if not wanted.isdigit() or int(wanted) not in turns:
            raise TableError(f"Name a turn of this game: turn <n>, from 0 (the start) to {max(turns)}.")
        return turns.index(int(wanted))

    async def show(self) -> None:
        """The step's heading, its log lines and its board picture (saved, its path printed)."""
        step = self.replayed.steps[self.at]
        self.say(self._heading(step))
        for line in step.lines:
            self.say(line)
        if self.at == len(self.replayed.steps) - 1:
            result = self.replayed.archive.result
            self.say(f"The end: {result}" if result else f"The end: the game was {self.replayed.archive.status} here.")
        png = await self.service.archives.picture(self.replayed, step)
        label = "end" if step.turn is None else f"turn{step.turn}"
        self.say(self.keep(Attachment("replay.png", png, f"-{label}")))

    def _heading(self, step: Step) -> str:
        last = max((s.turn for s in self.replayed.steps if s.turn is not None), default=0)
        rows = f"#{step.first}" if step.first == step.last else f"#{step.first} to #{step.last}"
        if step.turn == 0:
            return f"Replay: the start (turn 0 of {last})."
        if step.turn is None:
            return f"Replay: after turn {last}, to the game's end (log {rows})."
        return f"Replay: turn {step.turn} of {last} (log {rows})."
