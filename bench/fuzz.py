"""Random legal play of every game, for hours, outside CI: finds crashes the scripted tests never reach.

    .venv/bin/python -m bench.fuzz --minutes 60            every game, every configuration, round-robin
    .venv/bin/python -m bench.fuzz --game smallworld --games 50 --seed 7

Each step picks an awaited seat, picks uniformly among its legal() choices and applies the action. A game is
flagged when an action raises anything but a RuleError ("crash"), when an action legal() offered is refused
("refused"), when a running game awaits nobody or an awaited seat has no choice ("stuck"), when it passes the
step cap ("too-long"), when one action runs longer than the action time limit ("hang"), or when the state does
not round-trip through rules/serial.py ("serial"). Every failure is written as a record JSON (game, players,
options, seed, actions[{seat, action, seed}]) that ../shared/repro/replay.py replays; identical failures (same
game, kind, exception and place) are counted but written once.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules
from rules import serial
from rules.base import Engine, RuleError
from rules.rng import Rng
from tests.engine_contract import start

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("crash", "refused", "stuck", "too-long", "hang", "serial")


@dataclass(frozen=True)
class Config:
    """One way to set a game up: a player count and one value for every option (as the table passes them)."""

    game: str
    players: int
    options: tuple[tuple[str, str], ...] = ()

    @property
    def label(self) -> str:
        opts = " ".join(f"{name}={value}" for name, value in self.options)
        return f"{self.game} {self.players}p {opts}".strip()


@dataclass(frozen=True)
class Finding:
    kind: str
    detail: str  # the exception or what was wrong, and where
    signature: str  # what makes two findings the same bug


@dataclass
class Result:
    config: Config
    seed: int
    actions: list[dict[str, Any]] = field(default_factory=list)  # {seat, action, seed}, replayable
    finding: Finding | None = None

    def record(self) -> dict[str, Any]:
        """The repro file (format of ../shared/repro/*.json)."""
        note = f"{self.finding.kind}: {self.finding.detail}" if self.finding else "clean"
        return {
            "game": self.config.game,
            "players": self.config.players,
            "options": dict(self.config.options),
            "seed": self.seed,
            "note": note,
            "actions": self.actions,
        }


def option_values(option: rules.base.Option) -> list[str]:
    """Every listed choice; for a number, its default and its minimum (short games reach the end-game code)."""
    if option.choices:
        return list(option.choices)
    return list(dict.fromkeys([option.default, str(option.minimum)]))


def configurations(game: str, engine: Engine[Any]) -> list[Config]:
    meta = engine.meta
    names = [option.name for option in meta.options]
    value_lists = [option_values(option) for option in meta.options]
    return [
        Config(game, players, tuple(zip(names, values, strict=True)))
        for players in range(meta.min_players, meta.max_players + 1)
        for values in itertools.product(*value_lists)
    ]


def playable(engine: Engine[Any], config: Config) -> bool:
    """False for a setup the game refuses with a RuleError (team play with 3 players): not a finding."""
    try:
        start(engine, config.players, dict(config.options), 0)
    except RuleError:
        return False
    except Exception:  # let the fuzzer itself report other setup failures
        return True
    return True


class _Hang(Exception):
    pass


def _on_alarm(signum: int, frame: Any) -> None:
    raise _Hang


def _where(error: BaseException) -> str:
    """The innermost project frame of a traceback, as path:line in function."""
    frames = traceback.extract_tb(error.__traceback__)
    mine = [f for f in frames if f.filename.startswith(str(ROOT)) and "/.venv/" not in f.filename]
    frame = (mine or frames)[-1] if (mine or frames) else None
    if frame is None:
        return "?"
    path = Path(frame.filename)
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return f"{shown}:{frame.lineno} in {frame.name}"


def _exception_finding(kind: str, error: BaseException, step: int, action: Any) -> Finding:
    where = _where(error)
    text = f"{type(error).__name__}: {str(error)[:300]}"
    return Finding(kind, f"{text} at {where} (step {step}, action {action})", f"{kind}|{type(error).__name__}|{where}")


def _round_trips(engine: Engine[Any], state: Any) -> str | None:
    """None if the state survives JSON unchanged, else what went wrong."""
    try:
        text = serial.dumps(state)
        again = serial.dumps(serial.loads(engine.State, text))
    except Exception as error:  # any failure to serialise is the finding
        return f"{type(error).__name__}: {error} at {_where(error)}"
    return None if again == text else "the state changed when loaded back from JSON"


def play_one(
    engine: Engine[Any],
    config: Config,
    seed: int,
    max_steps: int = 20_000,
    check_every: int = 25,
    action_seconds: int = 60,
) -> Result:
    """Play one random legal game; the result holds the replayable log and the first failure, if any."""
    result = Result(config, seed)
    chooser = random.Random(seed)
    use_alarm = action_seconds > 0 and hasattr(signal, "SIGALRM")
    previous = signal.signal(signal.SIGALRM, _on_alarm) if use_alarm else None
    try:
        result.finding = _play(engine, config, seed, chooser, result.actions, max_steps, check_every, action_seconds)
    finally:
        if use_alarm:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
    return result


def _play(
    engine: Engine[Any],
    config: Config,
    seed: int,
    chooser: random.Random,
    log: list[dict[str, Any]],
    max_steps: int,
    check_every: int,
    action_seconds: int,
) -> Finding | None:
    try:
        state = start(engine, config.players, dict(config.options), seed)
    except Exception as error:  # a crash while setting up
        return _exception_finding("crash", error, 0, "new")
    for step in range(max_steps + 1):
        action: Any = None
        try:
            if check_every and step % check_every == 0 and (problem := _round_trips(engine, state)):
                return Finding("serial", f"{problem} (step {step})", f"serial|{problem[:80]}")
            waiting = sorted(engine.awaiting(state))
            if engine.outcome(state) is not None:
                if waiting:
                    return Finding("stuck", f"the game is over but awaits seats {waiting}", "stuck|over-awaits")
                problem = _round_trips(engine, state)
                return Finding("serial", f"{problem} (at the end)", f"serial|{problem[:80]}") if problem else None
            if step == max_steps:
                return Finding("too-long", f"no result after {max_steps} actions", "too-long")
            if not waiting:
                return Finding("stuck", f"the game is running but awaits nobody (step {step})", "stuck|nobody")
            seat = chooser.choice(waiting)
            choices = engine.legal(state, seat)
            if not choices:
                return Finding("stuck", f"seat {seat} is awaited but has no legal action (step {step})", "stuck|none")
            action = chooser.choice(choices).action
            action_seed = chooser.randrange(2**62)
            log.append({"seat": seat, "action": action, "seed": action_seed})
            if action_seconds > 0:
                signal.alarm(action_seconds)
            engine.act(state, seat, action, Rng(action_seed))
            if action_seconds > 0:
                signal.alarm(0)
        except _Hang as error:
            return _exception_finding("hang", error, step, action)
        except RuleError as error:
            return _exception_finding("refused", error, step, action)
        except Exception as error:  # any other exception is a crash to report
            return _exception_finding("crash", error, step, action)
    return None  # not reached: the last step returns too-long


@dataclass
class Tally:
    games: int = 0
    clean: int = 0
    kinds: Counter[str] = field(default_factory=Counter)


def _game_seed(base: int, config: Config, index: int) -> int:
    return random.Random(f"{base}/{config.label}/{index}").randrange(2**31)


def run(
    configs: list[Config],
    games: int,
    minutes: float,
    base_seed: int,
    out: Path,
    max_steps: int = 20_000,
    check_every: int = 25,
    action_seconds: int = 60,
    say: Any = print,
    report_every: float = 600,
) -> dict[Config, Tally]:
    """Share the time equally between games (a tic-tac-toe game takes microseconds, a Nerath game seconds);
    within a game, round-robin over its configurations. Stops when every game has played `games` per
    configuration or the time budget is spent."""
    tallies = {config: Tally() for config in configs}
    written: set[str] = set()
    deadline = time.monotonic() + minutes * 60 if minutes > 0 else float("inf")
    next_report = time.monotonic() + report_every
    schedules = {game: _schedule([c for c in configs if c.game == game], games) for game in _games(configs)}
    spent = dict.fromkeys(schedules, 0.0)
    while schedules and time.monotonic() < deadline:
        game = min(schedules, key=lambda g: spent[g])
        try:
            index, config = next(schedules[game])
        except StopIteration:
            del schedules[game]
            continue
        seed = _game_seed(base_seed, config, index)
        began = time.monotonic()
        result = play_one(rules.engine(game), config, seed, max_steps, check_every, action_seconds)
        spent[game] += time.monotonic() - began
        _count(tallies[config], result, out, written, say)
        if time.monotonic() >= next_report:
            next_report += report_every
            say(table({c: t for c, t in tallies.items() if t.games}))
    return tallies


def _games(configs: list[Config]) -> list[str]:
    return list(dict.fromkeys(config.game for config in configs))


def _count(tally: Tally, result: Result, out: Path, written: set[str], say: Any) -> None:
    tally.games += 1
    if result.finding is None:
        tally.clean += 1
        return
    tally.kinds[result.finding.kind] += 1
    key = f"{result.config.game}|{result.finding.signature}"
    if key in written:
        return
    written.add(key)
    path = _write(out, result)
    say(f"FOUND {result.config.label} seed={result.seed}: {result.finding.kind}: {result.finding.detail} -> {path}")


def _schedule(configs: list[Config], games: int) -> Iterator[tuple[int, Config]]:
    rounds = range(games) if games > 0 else itertools.count()
    for index in rounds:
        for config in configs:
            yield index, config


def _write(out: Path, result: Result) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    assert result.finding is not None
    name = f"{result.config.game}-{result.config.players}p-{result.finding.kind}-seed{result.seed}.json"
    path = out / name
    path.write_text(json.dumps(result.record()) + "\n")
    return path


def table(tallies: dict[Config, Tally]) -> str:
    width = max([len(c.label) for c in tallies] + [len("configuration")])
    head = f"{'configuration':<{width}} {'games':>6} {'clean':>6} " + " ".join(f"{k:>8}" for k in KINDS)
    lines = [head]
    for config, tally in tallies.items():
        counts = " ".join(f"{tally.kinds[k]:>8}" for k in KINDS)
        lines.append(f"{config.label:<{width}} {tally.games:>6} {tally.clean:>6} {counts}")
    total = Tally()
    for tally in tallies.values():
        total.games += tally.games
        total.clean += tally.clean
        total.kinds.update(tally.kinds)
    counts = " ".join(f"{total.kinds[k]:>8}" for k in KINDS)
    lines.append(f"{'total':<{width}} {total.games:>6} {total.clean:>6} {counts}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per configuration (0: until --minutes)")
    parser.add_argument("--minutes", type=float, default=0, help="total time budget (0: no limit)")
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--seed", type=int, default=1, help="base seed; every game's seed derives from it")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "fuzz-findings", help="folder for records")
    parser.add_argument("--max-steps", type=int, default=20_000, help="actions before a game counts as too long")
    parser.add_argument("--check-every", type=int, default=25, help="JSON round-trip check every N actions")
    parser.add_argument("--action-seconds", type=int, default=60, help="one action longer than this is a hang")
    args = parser.parse_args(argv)
    installed = rules.engines()
    wanted = args.game or list(installed)
    unknown = [game for game in wanted if game not in installed]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; installed: {', '.join(installed)}")
    configs = [c for game in wanted for c in configurations(game, installed[game]) if playable(installed[game], c)]
    print(f"{len(configs)} configurations, seed {args.seed}, findings to {args.out}", flush=True)
    tallies = run(
        configs,
        args.games,
        args.minutes,
        args.seed,
        args.out,
        args.max_steps,
        args.check_every,
        args.action_seconds,
        say=lambda text: print(text, flush=True),
    )
    print(table({config: tally for config, tally in tallies.items() if tally.games}), flush=True)
    return 1 if any(tally.kinds for tally in tallies.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
