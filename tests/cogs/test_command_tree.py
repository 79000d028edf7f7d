"""The slash command tree: within Discord's limits (it refuses a whole sync if one command breaks them), and built
from the declared commands (table/commands) as the console's words are, nothing more and nothing less."""

import functools
import io
import re
from pathlib import Path
from typing import Any

import pytest

import rules
from console.clock import ConsoleClock
from console.session import Console
from table import commands
from table.commands import CHOICES, Command, Reply, Where
from table.service import TableService
from table.storage import Store
from tests.cogs.harness import Harness
from tests.table.conftest import FakeClock

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


def leaves(option: dict[str, Any], path: str) -> dict[str, dict[str, Any]]:
    """Every command of the tree that runs something (not a group), by its words: `game bot add`."""
    named = f"{path} {option['name']}".strip()
    groups = [child for child in option.get("options") or [] if child["type"] in (1, 2)]
    if not groups:
        return {named: option}
    return {name: leaf for child in groups for name, leaf in leaves(child, named).items()}


async def test_the_slash_commands_are_the_declared_commands_and_nothing_else(harness: Harness):
    tree: dict[str, dict[str, Any]] = {}
    for slash in harness.bot.tree.get_commands():
        tree |= leaves(slash.to_dict(harness.bot.tree), "")
    declared = {command.name: command for command in commands.declared()}
    assert set(tree) == set(declared)
    for name, leaf in tree.items():
        command = declared[name]
        assert leaf["description"] == command.help[:100], name
        options = {option["name"]: option for option in leaf.get("options") or []}
        assert list(options) == [arg.name for arg in sorted(command.args, key=lambda a: not a.required)], name
        for arg in command.args:
            option = options[arg.name]
            assert option.get("required", False) == arg.required, (name, arg.name)
            assert bool(option.get("autocomplete")) == (arg.kind in AUTOCOMPLETED), (name, arg.name)
            assert [c["value"] for c in option.get("choices") or []] == [v for _, v in CHOICES.get(arg.kind, ())]


async def test_the_console_runs_every_declared_command_through_its_declaration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """Typed with its required values, each declared command reaches its declaration (a game's action, the
    console's typed-action path with the action's name); the console's own words are only what stands in for
    Discord's buttons, menus and people, and name no declared command."""
    ran: list[str] = []
    played: list[str] = []

    async def run(command: Command, service: TableService, where: Where, args: dict[str, Any]) -> Reply:
        ran.append(command.name)
        return Reply("ok")

    async def act(console: Console, head: str, rest: list[str]) -> None:
        played.append(head)

    monkeypatch.setattr(Command, "__call__", run)
    monkeypatch.setattr(Console, "_action", act)
    monkeypatch.setattr(Console, "_game_action", lambda console, command, rest: act(console, command.name, rest))
    store = await Store.open(tmp_path / "console.sqlite3")
    out = io.StringIO()
    console = Console(
        functools.partial(TableService, store, clock=FakeClock()), out, tmp_path / "images", ConsoleClock()
    )
    try:
        for command in commands.declared():
            values = [TYPED[arg.kind] for arg in command.args if arg.required]
            assert await console.run_line(" ".join([command.name, *values]))
    finally:
        await store.close()
    actions = {command.name for command in commands.actions()}
    assert "!" not in out.getvalue(), out.getvalue()
    assert ran == [command.name for command in commands.declared() if command.name not in actions]
    assert played == [command.name for command in commands.declared() if command.name in actions]
    own = set(console._words())
    # and rotate-web-secret, which stands in for the operator's ./run-bot --rotate-web-secret, and replay, which
    # steps through an exported game's file (Discord has nothing to replay it with)
    buttons_and_people = {"help", "as", "channel", "games", "legal", "do", "press", "pick", "agree", "refuse", "wait"}
    assert own == buttons_and_people | {"rotate-web-secret", "replay"}
    assert not own & {command.name.split()[0] for command in commands.declared()}


AUTOCOMPLETED = {"game", "options", "faction", "bot", "place", "section", "entry", "legal"}
TYPED = {  # a value of each kind, as typed in the console
    "game": "tictactoe",
    "member": "bob",
    "user": "bob",
    "bot": '"Bot 1"',
    "dice": "1d6",
    "entry": "Stout",
    "text": "1",
    "legal": "b2",
    "int": "1",
}
