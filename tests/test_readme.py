"""The README's command list and game table stay true: every slash command and game is named there."""

import re
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


ROOT = Path(__file__).parent.parent
MAX_WORDS = 2000  # a newcomer's page; the details live in docs/


def test_readme_is_a_newcomers_page():
    words = len(README.split())
    assert words <= MAX_WORDS, f"README.md has {words} words; move details to docs/ (at most {MAX_WORDS})"


def _links(page: Path) -> list[tuple[str, Path]]:
    text = page.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s#]+)(?:#[^)]*)?\)", text)
    return [(target, (page.parent / target).resolve()) for target in targets if "://" not in target]


def test_every_link_of_the_readme_and_docs_resolves():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = [
        f"{page.relative_to(ROOT)} -> {target}" for page in pages for target, path in _links(page) if not path.exists()
    ]
    assert not broken, f"links to nothing: {broken}"
    linked = {path for target, path in _links(ROOT / "README.md")}
    orphans = [page.name for page in pages[1:] if page.resolve() not in linked]
    assert not orphans, f"docs pages the README does not link: {orphans}"
