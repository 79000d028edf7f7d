"""Runs a bot (the real bot.py, or the mini client) as a child process against the stand-in."""

from __future__ import annotations

import atexit
import dataclasses
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import rules
from tests.e2e.standin import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot.py"
_LIVE: set[subprocess.Popen[bytes]] = set()


def bot_argv() -> list[str]:
    """bot.py, with the games this test process installed beyond the shipped ones (a toy game) installed too."""
    added = [json.dumps(dataclasses.asdict(game)) for game in rules.added()]
    return ["-m", "tests.e2e.with_games", *added, "--", str(BOT)] if added else [str(BOT)]


@atexit.register
def _kill_leftovers() -> None:
    """Last line of defence (fixtures kill first): never leave a bot running after the test process."""
    for proc in list(_LIVE):
        if proc.poll() is None:
            proc.kill()


class BotProcess:
    """One bot program, started and killed as often as a test likes; always killed at teardown."""

    def __init__(self, discord: FakeDiscord, data_dir: Path, argv: list[str], tick_seconds: float = 0.5) -> None:
        self.discord = discord
        self.data_dir = data_dir
        self.argv = argv
        self.tick_seconds = tick_seconds
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.logs: list[Path] = []
        self.extra_env: dict[str, str] = {}

    def start(self) -> None:
        assert self.proc is None or self.proc.poll() is not None, "already running"
        self.starts += 1
        log = self.data_dir / f"bot-{self.starts}.log"
        self.logs.append(log)
        env = os.environ | self.discord.env(str(self.data_dir), self.tick_seconds) | self.extra_env
        env["PYTHONUNBUFFERED"] = "1"
        with log.open("wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, *self.argv], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
            )
        _LIVE.add(self.proc)

    async def start_and_connect(self, timeout: float = 30.0) -> None:
        """Start and wait for this run's IDENTIFY (its socket is then live and its command tree built)."""
        before = self.discord.gateway.stats.identifies
        self.start()
        for _ in range(int(timeout * 4)):
            try:
                await self.discord.gateway.wait_connected(before + 1, 0.25)
                return
            except TimeoutError:
                if not self.alive:
                    break
        raise AssertionError(f"bot never connected (alive={self.alive}); log:\n{self.log_tail()}")

    def kill(self) -> None:
        """SIGKILL: no cleanup runs in the bot, as in a power cut."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)
        _LIVE.discard(self.proc)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it lingers."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.kill()

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def log_text(self) -> str:
        return "\n".join(f"--- {log.name}\n{log.read_text(errors='replace')}" for log in self.logs if log.exists())

    def log_tail(self, lines: int = 60) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])

    def tracebacks(self) -> list[str]:
        """Unexpected errors the bot logged (discord.py logs handler exceptions with a traceback)."""
        text = self.log_text()
        return [chunk for chunk in text.split("Traceback (most recent call last):")[1:]]
