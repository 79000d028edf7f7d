"""Every bench/ script run as its command line runs it, at its smallest size: a change that breaks one fails here,
not the day someone needs the figures. The figures themselves are not judged (speed is for bench/ to measure);
each run must end with status 0 and print them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from tests.support import postgres

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"
MS = r"\d+\.\d ms"
MS_TIGHT = r"\d+\.\dms"  # bench.bench's table columns


def bench(*argv: str) -> str:
    """Run `python -m bench.<script> argv...` (or a path) from the project's folder; its output."""
    command = [sys.executable, *argv] if argv[0].endswith(".py") else [sys.executable, "-m", *argv]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300, env=dict(os.environ))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def test_every_script_has_a_smoke_run_here() -> None:
    scripts = {path.stem for path in BENCH.glob("*.py")} - {"__init__"}
    source = Path(__file__).read_text(encoding="utf-8")
    assert {name for name in scripts if f'"bench.{name}"' not in source and f"{name}.py" not in source} == set()


def test_bench() -> None:
    out = bench("bench.bench", "tictactoe", "--actions", "3", "--tick-tables", "3", "--seconds", "0.05")
    columns = " +".join([MS_TIGHT] * 5)
    assert re.search(rf"^tictactoe +{columns} +\d+ +\d+\.\d$", out, re.M), out
    verdict = r"(met|missed by tictactoe)"
    targets = rf"^targets \(issue #39\): action p99 <= 30 ms: {verdict}; render \+ encode p99 <= 15 ms: {verdict}$"
    assert re.search(targets, out, re.M), out
    assert re.search(rf"reminder tick over 3 tables: {MS} with none due, {MS} with 2 due", out), out


def test_profile_actions() -> None:
    out = bench("bench.profile_actions", "tictactoe", "--actions", "3", "--top", "5")
    assert re.search(r"^== tictactoe: 3 actions, \d+\.\d\d s in the profile \(\d+\.\d ms each\)$", out, re.M), out
    assert re.search(r"^ncalls +tottime +percall +cumtime +percall", out, re.M), out


def test_state_cache() -> None:
    out = bench("bench.state_cache", "tictactoe", "--tables", "20")
    assert out.startswith("20 tables of one game in the state cache, each parsed from its own text"), out
    assert re.search(r"^tictactoe +\d+\.\d +\d+\.\d +\d+\.\d +\d+\.\d\dms +\d+\.\d\dms$", out, re.M), out


def test_snapshot_size() -> None:
    out = bench("bench.snapshot_size", "nerath", "--actions", "5")
    assert "nerath: 5 actions, 0 turns (cut off: did not end)" in out, out
    assert re.search(r"file \d+\.\d\d MB after a WAL checkpoint, \d+\.\d\d MB after VACUUM", out), out
    assert re.search(rf"reading one snapshot: p50 {MS}, max {MS}; keeping one: p50 {MS}, max {MS}", out), out


def test_timelapse() -> None:
    out = bench("bench.timelapse", "nerath", "--actions", "30")
    assert re.search(r"^nerath: 30 actions, \d+ turns \(cut off: did not end\), played in \d+ s$", out, re.M), out
    figures = r"timelapse: \d+ frames at scale \d\.\d\d, \d+ ms each, webp of \d+\.\d\d MB; drawn in \d+\.\d\d s"
    assert re.search(figures + rf"; the event loop's longest stall meanwhile {MS}$", out, re.M), out
    assert re.search(r"targets \(issue #41\): drawn <= 10 s: (met|missed); <= 10 MB: (met|missed)$", out, re.M), out


def test_genertela_actions() -> None:
    out = bench("bench.genertela_actions", "--turns", "1")
    assert re.search(r"^1 game turns, 4 players, \d+ actions: \d+\.\d per game turn", out, re.M), out
    assert re.search(r"actions per player per game turn: mean \d+\.\d, max \d+", out), out
    assert re.search(r"^by type: end \d+", out, re.M), out


def test_fuzz(tmp_path: Path) -> None:
    out = bench("bench.fuzz", "--game", "tictactoe", "--games", "1", "--out", str(tmp_path))
    assert re.search(r"^tictactoe 2p +1 +1 +0 +0 +0 +0 +0 +0$", out, re.M), out


@pytest.mark.parametrize("mode", ["vs-random", "balance"])
def test_selfplay(mode: str) -> None:
    out = bench("bench.selfplay", mode, "tictactoe", "--games", "2", "--jobs", "1")
    assert out.startswith(f"{mode} tictactoe, 2 players, 2 games in "), out
    assert re.search(r"seconds per game: \d+\.\d+", out), out


def test_dragondice_effects() -> None:
    out = bench("bench.dragondice_effects", "--games", "2", "--armies", "random")
    assert re.search(r"^dragondice effects over 2 bot games in \d+ s$", out, re.M), out
    assert re.search(r"SAIs that acted: \d+ of \d+ published on dice", out), out
    assert "spells cast:" in out and "abilities that acted:" in out, out


def test_genertela_start() -> None:
    out = bench("bench.genertela_start", "--runs", "1", "--players", "1")
    assert re.search(r"^short start, 1 players: best \d+\.\d\d s CPU of 1 \(seeds 0-0\)$", out, re.M), out


@pytest.mark.slow  # one Genertela campaign, bots on every side: several seconds
def test_genertela_rates(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    seating = "Red+Blue / Green+Yellow"
    args = ("--players", "2", "--scenario", "short", "--games", "1", "--jobs", "1", "--seating", seating)
    out = bench("bench.genertela_rates", "collect", *args, "--out", str(rows))
    assert f"into {rows}" in out and len(rows.read_text().splitlines()) == 1
    out = bench("bench.genertela_rates", "fit", str(rows), "--span", "5")
    assert f"short {seating}: 1 campaign; now " in out and '"short": {' in out, out


def test_render_profile(tmp_path: Path) -> None:
    out = bench("bench.render_profile", "tictactoe", "--states", "3", "--stride", "1", "--save", str(tmp_path))
    assert re.search(rf"^tictactoe +render +3 +{' +'.join([MS_TIGHT] * 4)}$", out, re.M), out
    assert sorted(path.name for path in tmp_path.iterdir()) == [f"tictactoe-render-00{n}.png" for n in range(3)]
    Image.new("RGB", (4, 4)).save(tmp_path / "tictactoe-render-001.png")  # one board no longer matches
    out = bench(
        "bench.render_profile", "tictactoe", "--states", "3", "--stride", "1", "--compare", str(tmp_path), "--profile"
    )
    assert "tictactoe: 1 of 3 boards differ from those in" in out and "\n  tictactoe-render-001\n" in out, out
    assert re.search(r"\d+ function calls.* in \d+\.\d+ seconds", out), out


@pytest.mark.slow  # PostgreSQL, and three processes started
def test_stores() -> None:
    out = bench("bench.stores", "--seconds", "0.3", "--actions", "3", "--tables", "2", "--url", postgres.admin_url())
    for name in ("SQLite", "PostgreSQL"):
        assert re.search(rf"^  {name} +p50 +{MS} +p99 +{MS}$", out, re.M), out
    for runs in ("SQLite, 1 process", "PostgreSQL, 1 process", "PostgreSQL, 2 processes"):
        assert re.search(rf"^  {runs} +\d+\.\d$", out, re.M), out


@pytest.mark.slow  # the real bot against the Discord stand-in
def test_channel_posts() -> None:
    out = bench("bench.channel_posts", "--games", "tictactoe")
    assert re.search(rf"^tictactoe +\d+ edits p50 +{MS} p99 +{MS} \| +\d+ posts p50 +{MS}", out, re.M), out
    assert re.search(r"\d+ turns, \d+ hand-offs: \d+ messages \(\d+\.\d\d/turn\), \d+ images$", out, re.M), out


@pytest.mark.slow  # the real bot against the Discord stand-in
def test_e2e_load() -> None:
    out = bench("bench/e2e_load.py", "--tables", "2", "--think", "0.1", "--simultaneous", "2")
    assert re.search(r"^2 tables, think<=0\.1s: \d+ interactions: p50=\d+ms .* failures=0", out, re.M), out
    assert re.search(r"^2 simultaneous actions on one table: .*failures=0; applied=\d+$", out, re.M), out


def test_web() -> None:
    out = bench("bench.web", "tictactoe", "--turns", "1", "--requests", "3")
    cells = " +".join([r"\d+\.\d/\d+\.\d"] * 6)
    assert re.search(rf"^tictactoe +{cells}$", out, re.M), out
    verdict = r"(met|missed by tictactoe)"
    targets = rf"page and data.json p99 <= 50 ms: {verdict}; a picture's first draw p99 <= 100 ms: {verdict}$"
    assert re.search(rf"^targets \(issue #40\): {targets}", out, re.M), out


def test_leaderboard() -> None:
    out = bench("bench.leaderboard", "--games", "30", "--requests", "3", "--stores", "sqlite")
    assert re.search(rf"^  SQLite +/leaderboard p50 +{MS} +p99 +{MS}$", out, re.M), out
    assert re.search(rf"^  SQLite +rating a result p50 +{MS} +p99 +{MS}$", out, re.M), out
    assert re.search(rf"^  SQLite +a full rebuild of \w+ \(\d+ games\): +{MS}$", out, re.M), out
    assert re.search(r"^target: SQLite (met|missed)$", out, re.M), out


def test_stats() -> None:
    out = bench("bench.stats", "--games", "30", "--requests", "3", "--stores", "sqlite", "--only", "nerath")
    for what in ("member", "game"):
        assert re.search(rf"^  SQLite +/stats {what} +p50 +{MS} +p99 +{MS}$", out, re.M), out
    assert re.search(r"^target: SQLite member (met|missed), SQLite game (met|missed)$", out, re.M), out
