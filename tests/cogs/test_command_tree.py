"""Discord refuses a whole sync if one command breaks its limits: check every command of every installed game."""

import re
from typing import Any

import rules
from tests.cogs.harness import Harness

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")


def walk(option: dict[str, Any], path: str, problems: list[str]) -> int:
    """Check one command or option; return its characters counted towards the 4000 limit."""
    name, description = option["name"], option.get("description", "")
    if not NAME.match(name):
        problems.append(f"{path}: bad name {name!r}")
    if not 1 <= len(description) <= 100:
        problems.append(f"{path}: description of {len(description)} characters")
    children = option.get("options") or []
    if len(children) > 25:
        problems.append(f"{path}: {len(children)} options")
    choices = option.get("choices") or []
    if len(choices) > 25:
        problems.append(f"{path}: {len(choices)} choices")
    size = len(name) + len(description) + sum(len(c["name"]) + len(str(c["value"])) for c in choices)
    required_seen_optional = False
    for child in children:
        if child.get("required") and required_seen_optional:
            problems.append(f"{path} {child['name']}: required option after an optional one")
        required_seen_optional |= not child.get("required", False) and child["type"] not in (1, 2)
        size += walk(child, f"{path} {child['name']}", problems)
    return size


async def test_every_command_fits_discords_limits(harness: Harness):
    commands = [command.to_dict(harness.bot.tree) for command in harness.bot.tree.get_commands()]
    problems: list[str] = []
    assert len(commands) <= 100
    for command in commands:
        size = walk(command, "/" + command["name"], problems)
        if size > 4000:
            problems.append(f"/{command['name']}: {size} characters in all")
    assert not problems, "\n".join(problems)


async def test_every_installed_game_has_a_command_group(harness: Harness):
    names = {command.name for command in harness.bot.tree.get_commands()}
    for engine in rules.engines().values():
        assert (engine.meta.command or engine.meta.id) in names
