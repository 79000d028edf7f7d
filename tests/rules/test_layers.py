"""Each game's rules are layered: its modules import one another without a cycle, only at the top of a module.

An import inside a function is how a cycle hides; a module that registers itself when imported works only if
someone remembers to import it. Both are refused here, for the package of every installed game (rules/<id>/).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import rules

GAMES = sorted(rules.engines())  # every installed game: the package its engine module is in (rules/<id>/)


def _package(game: str) -> str:
    return rules.game(game).engine.rpartition(".")[0]


def _modules(game: str) -> dict[str, ast.Module]:
    folder = Path(str(importlib.import_module(_package(game)).__file__)).parent
    return {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.py"))}


def _top_level_imports(tree: ast.Module, game: str) -> set[str]:
    """Modules of the same game imported at module level (type-only imports included: they are still edges)."""
    found: set[str] = set()
    prefix = _package(game)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == prefix:
                found.update(alias.name for alias in node.names)
            elif node.module.startswith(prefix + "."):
                found.add(node.module.removeprefix(prefix + ".").split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(prefix + "."):
                    found.add(alias.name.removeprefix(prefix + ".").split(".")[0])
    return found


def _imports_inside_functions(tree: ast.Module) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines += [inner.lineno for inner in ast.walk(node) if isinstance(inner, ast.Import | ast.ImportFrom)]
    return lines


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of the graph, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state and (found := visit(module)):
            return found
    return None


@pytest.mark.parametrize("game", GAMES)
def test_a_games_modules_import_each_other_without_a_cycle(game: str) -> None:
    modules = _modules(game)
    graph = {name: _top_level_imports(tree, game) & set(modules) - {name} for name, tree in modules.items()}
    cycle = _cycle(graph)
    assert cycle is None, f"{_package(game)} has an import cycle: {' -> '.join(cycle or [])}"


@pytest.mark.parametrize("game", GAMES)
def test_no_rules_module_imports_inside_a_function(game: str) -> None:
    inside = {name: lines for name, tree in _modules(game).items() if (lines := _imports_inside_functions(tree))}
    assert not inside, f"{_package(game)}: imports inside functions at {inside}"


def test_the_layering_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None
