"""A PBP_DATABASE_URL the bot cannot use: one clear line naming what failed and what to check, exit status 2,
no traceback and nothing written. Each failure is made for real, through bot.py run as a program."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.support import postgres

ROOT = Path(__file__).resolve().parents[2]
# bot.py's own entry, with a short connect timeout so the test of a server that never answers ends quickly
RUN = (
    "import sys; import table.storage.postgres as pg; pg.CONNECT_TIMEOUT = 0.5; import bot; "
    "sys.exit(bot.main(sys.argv[1:]))"
)


def run_bot(tmp_path: Path, url: str, *argv: str) -> tuple[int, str]:
    env = {**os.environ, "PBP_DATA_DIR": str(tmp_path / "data"), "PBP_DATABASE_URL": url, "DISCORD_TOKEN": "x"}
    done = subprocess.run(
        [sys.executable, "-c", RUN, *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    return done.returncode, done.stderr


def assert_one_clear_line(status: int, err: str, *words: str) -> None:
    assert status == 2, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("Cannot open the database: ")
    for word in words:
        assert word in lines[0]


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A port that accepts connections (the kernel completes them) and never says a word."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(8)
        yield server.getsockname()[1]


@pytest.fixture
def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # free again once closed: nothing listens there


def test_connection_refused(tmp_path: Path, closed_port: int) -> None:
    status, err = run_bot(tmp_path, f"postgresql://bot:secret@127.0.0.1:{closed_port}/tables")
    assert_one_clear_line(status, err, f"127.0.0.1:{closed_port}", "refused the connection", "server runs")
    assert "secret" not in err
    assert not (tmp_path / "data").exists()  # nothing written, not even the data folder


def test_unknown_host(tmp_path: Path) -> None:
    status, err = run_bot(tmp_path, "postgresql://bot:secret@no-such-host.invalid/tables")
    assert_one_clear_line(status, err, "'no-such-host.invalid' cannot be found", "check the host")


def test_a_server_that_never_answers(tmp_path: Path, silent_port: int) -> None:
    status, err = run_bot(tmp_path, f"postgresql://bot:secret@127.0.0.1:{silent_port}/tables")
    assert_one_clear_line(status, err, f"127.0.0.1:{silent_port}", "did not answer within 0.5 s", "firewall")


def _on_test_server(user: str, database: str) -> str:
    parts = urlsplit(postgres.admin_url())
    return urlunsplit(parts._replace(netloc=f"{user}:secret@", path=f"/{database}"))


def test_an_unknown_role(tmp_path: Path) -> None:
    status, err = run_bot(tmp_path, _on_test_server("nobody", "postgres"))
    assert_one_clear_line(status, err, "refused the login of 'nobody'", "check the user and password")
    assert "secret" not in err


def test_a_missing_database(tmp_path: Path) -> None:
    status, err = run_bot(tmp_path, _on_test_server("postgres", "no_such_database"))
    assert_one_clear_line(status, err, "has no database 'no_such_database'", "create it")


def test_an_unreadable_port(tmp_path: Path) -> None:
    status, err = run_bot(tmp_path, "postgresql://bot:secret@localhost:port/tables")
    assert_one_clear_line(status, err, "URL cannot be read", "postgresql://user:password@host:port/database")


def test_migrate_to_an_unreachable_target_says_so(tmp_path: Path, closed_port: int) -> None:
    url = f"postgresql://bot:secret@127.0.0.1:{closed_port}/tables"
    env = {**os.environ, "PBP_DATA_DIR": str(tmp_path / "data")}
    env.pop("PBP_DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", RUN, "--migrate-to", url], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        f"Cannot open the database to copy into: PostgreSQL at 127.0.0.1:{closed_port} refused the connection: "
        "check that the server runs and listens on that port."
    ]


def test_the_password_never_shows_even_in_an_unexpected_failure() -> None:
    from table.storage.postgres import unreachable

    said = str(unreachable("postgresql://bot:hunter2@db:5433/tables", RuntimeError("something odd")))
    assert said == "PostgreSQL at db:5433 could not be opened (RuntimeError: something odd)."
