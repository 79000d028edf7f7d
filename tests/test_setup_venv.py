"""./run-bot and ./run-tests install the project only when .venv is new or pyproject.toml changed (setup-venv)."""

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).parent.parent


def _checkout(tmp_path: Path) -> Path:
    """A copy of setup-venv beside a pyproject.toml, with a stand-in .venv whose python only logs what it is asked
    (and, asked to install uv, leaves an executable .venv/bin/uv as pip would)."""
    shutil.copy(ROOT / "setup-venv", tmp_path / "setup-venv")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    uv = python.parent / "uv"
    python.write_text(
        f'#!/bin/sh\necho "$@" >> "{tmp_path}/calls"\n'
        f'case "$*" in *"pip install"*" uv") printf "#!/bin/sh\\n" > "{uv}"; chmod +x "{uv}";; esac\n',
        encoding="utf-8",
    )
    python.chmod(0o755)
    return tmp_path


def _installs(where: Path, *args: str) -> list[str]:
    done = subprocess.run([str(where / "setup-venv"), *args], capture_output=True, text=True, check=True)
    calls = (where / "calls").read_text(encoding="utf-8").splitlines() if (where / "calls").exists() else []
    (where / "calls").unlink(missing_ok=True)
    return [call for call in calls if "pip install" in call] + ([done.stderr.strip()] if done.stderr else [])


def test_a_second_start_installs_nothing_and_a_changed_pyproject_installs_again(tmp_path: Path) -> None:
    where = _checkout(tmp_path)
    first = _installs(where)
    assert len(first) == 3 and first[0].endswith("pip install --quiet --disable-pip-version-check uv")
    assert first[1].endswith("-e .") and "uv pip install" in first[1] and "Installing the project" in first[2]
    assert _installs(where) == []  # nothing changed: a quick, silent start
    assert _installs(where, "test")[0].endswith("-e .[test]")  # the test tools are their own install
    assert _installs(where, "test") == []
    (where / "pyproject.toml").write_text('[project]\nname = "x"\nversion = "2"\n', encoding="utf-8")
    assert _installs(where)[0].endswith("-e .")
