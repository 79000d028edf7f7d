"""The README's command list and game table stay true: every slash command and game is named there."""

from pathlib import Path

import rules
from tests.cogs.harness import Harness

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


async def test_readme_lists_every_command(harness: Harness):
    missing = []
    for command in harness.bot.tree.get_commands():
        data = command.to_dict(harness.bot.tree)
        subcommands = [option["name"] for option in data.get("options", []) if option["type"] == 1]
        subcommands += [  # a group's commands: /game bot add
            f"{group['name']} {option['name']}"
            for group in data.get("options", [])
            if group["type"] == 2
            for option in group.get("options", [])
        ]
        names = [f"/{data['name']} {sub}" for sub in subcommands] or [f"/{data['name']}"]
        missing += [name for name in names if f"`{name}" not in README and f"{name}`" not in README]
    assert not missing, f"README.md does not list: {missing}"


def test_readme_lists_every_game():
    for engine in rules.engines().values():
        assert engine.meta.title in README and f"`/{engine.meta.command or engine.meta.id}" in README


def test_ci_runs_the_readme_test_command():
    ci = (Path(__file__).parent.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "./run-tests" in README and ci.strip().endswith("./run-tests")
