"""Every name the bot shows for a legal choice can be typed back for it.

Seeded games of every installed game are played through the table service. At several points, everything the bot
shows the awaited player for a legal choice (its buttons, its menus, the `legal` list, autocomplete, the board's
place names and the player's /hand) is typed back through the table's own parsers, as a slash command sends it
and as the console reads it, and must reach the engine as that same action. The engine's `act` is stubbed while
checking, so nothing is played; no id is written here: all of it is read from what the bot shows.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import rules
from console.session import Console
from rules.base import Choice, Engine, RuleError
from table.service import Caller, Post, TableError, TableService
from table.text.actions import build_action, suggestions
from tests.support.seeded import SeededTable

CHECKS = (0, 2, 7, 20)  # the steps of each game at which everything shown is typed back
PER_KIND = 8  # of each action with many choices, this many (at random) are typed back in every form


class _Reached(Exception):
    """The action got through the parsers to the engine: it is taken, not played."""


class Typist:
    """One table, played by people at the console's channel, and the two ways to type an action at it."""

    def __init__(self, service: TableService, console: Console, engine: Engine[Any]) -> None:
        self.service, self.console, self.engine = service, console, engine
        self.meta = engine.meta

    def caller(self, name: str) -> Caller:
        return Caller(self.console._id(name), name)

    @contextmanager
    def stubbed(self) -> Iterator[list[dict[str, Any]]]:
        reached: list[dict[str, Any]] = []

        def apply(state: Any, seat: int, action: dict[str, Any], rng: Any) -> Any:
            reached.append(action)
            raise _Reached

        with pytest.MonkeyPatch.context() as patch:  # the game's own rules, past the front door every game shares
            patch.setattr(self.engine, "apply", apply)
            yield reached

    async def _reached(self, run: Callable[[], Awaitable[Any]]) -> dict[str, Any] | str:
        """The action `run` hands the engine, or what was said instead."""
        out = self.console.out
        assert isinstance(out, io.StringIO)
        out.seek(0)
        out.truncate()
        with self.stubbed() as reached:
            try:
                await run()
            except _Reached:
                return reached[0]
            except (RuleError, TableError) as error:
                return f"refused: {error}"
        return f"console said: {out.getvalue().strip()[:300]}"

    async def slash(self, name: str, action_type: str, typed: dict[str, Any]) -> dict[str, Any] | str:
        """As /<game> <action> with these option values: what cogs/play.py does with them."""
        channel = self.console.channel_id

        async def run() -> None:
            action = build_action(self.meta, action_type, typed)
            await self.service.act(channel, self.caller(name), action, typed=True)

        return await self._reached(run)

    async def line(self, name: str, line: str) -> dict[str, Any] | str:
        """As typed at the console."""
        self.console.user = name
        return await self._reached(lambda: self.console.run_line(line))


def _value(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, list) else str(value)


def _forms(action_type: str, typed: dict[str, str]) -> list[str]:
    """Console lines giving these values by name, in Discord's way and the console's own."""
    colon = " ".join(f"{key}:{value}" for key, value in typed.items())
    equals = " ".join(f"{key}={value}" for key, value in typed.items())
    return [f"{action_type} {colon}", f"{action_type} {equals}"]


def _hand_names(text: str) -> list[str]:
    """The names a /hand text lists, one a line: '- Hellfire Shot: ...', '  Dust Runner (common): ...'."""
    found = re.findall(r"^\s*(?:- )?([A-Z][\w'’ -]+?)(?: \(|:)", text, re.MULTILINE)
    return [name.strip() for name in found]


async def _check_all(typist: Typist, name: str, post: Post, chooser: random.Random) -> list[str]:
    """Everything shown to `name` now, typed back: the mismatches, as lines to read."""
    service, meta = typist.service, typist.meta
    channel = typist.console.channel_id
    table, choices = await service.choices(channel, typist.caller(name).user_id)
    seat = next(s.seat for s in await service.store.tables.seats(table.id) if s.user_id == typist.caller(name).user_id)
    kinds = {spec.name: {p.name: p.kind for p in spec.params} for spec in meta.actions}
    wrong: list[str] = []

    async def expect(choice: Choice, how: str, got: dict[str, Any] | str) -> None:
        if got != choice.action:
            wrong.append(f"{meta.id}: {how} -> {got} (shown for {choice.action})")

    # what is shown as a whole for one choice: buttons, menu options, the lines of `legal`
    quick = [choice for choice in choices if choice.quick]
    shown = [(q.label, quick[q.index]) for q in post.quick if q.seat == seat]  # a button, cut to fit as shown
    for menu in (menu for menu in post.menus if menu.seat == seat):
        mine = [choice for choice in choices if choice.action["type"] == menu.action]
        shown += [(label, mine[i]) for i, label in enumerate(menu.options)]
    by_kind: dict[str, list[Choice]] = {}
    for choice in choices:
        by_kind.setdefault(choice.action["type"], []).append(choice)
    sample = [c for group in by_kind.values() for c in chooser.sample(group, min(PER_KIND, len(group)))]
    shown += [(choice.label, choice) for choice in sample]  # a line of `legal`
    for label, choice in shown:
        kind = choice.action["type"]
        params = [key for key in choice.action if key != "type"]
        await expect(choice, f"console {kind} {label}", await typist.line(name, f"{kind} {label}"))
        if len(params) == 1 and kinds[kind][params[0]] in ("choice", "list"):  # its one option, typed as shown
            await expect(choice, f"/{kind} {params[0]}:{label}", await typist.slash(name, kind, {params[0]: label}))
            await expect(
                choice,
                f"console {kind} {params[0]}:{label}",
                await typist.line(name, _forms(kind, {params[0]: label})[0]),
            )

    # autocomplete: the name shown for each option's value, with the other options chosen (or not yet)
    for choice in sample:
        kind = choice.action["type"]
        typed: dict[str, str] = {}
        for param, value in choice.action.items():
            if param == "type":
                continue
            if kinds[kind][param] not in ("choice", "list"):
                typed[param] = _value(value)  # a number, typed as the label shows it
                continue
            others = {key: v for key, v in choice.action.items() if key not in ("type", param)}
            for filled in (others, {}):
                offered = dict((v, n) for n, v in suggestions(choices, kind, param, filled, ""))
                assert _value(value)[:100] in offered, f"{meta.id}: autocomplete lacks {value!r} for {param}"
                typed[param] = offered[_value(value)[:100]]
                if filled:
                    both = {**{k: _value(v) for k, v in others.items()}, param: typed[param]}
                    await expect(choice, f"/{kind} {both}", await typist.slash(name, kind, both))
        await expect(choice, f"/{kind} {typed}", await typist.slash(name, kind, typed))
        for line in _forms(kind, typed):
            await expect(choice, f"console {line}", await typist.line(name, line))

    # the board's place names, typed where a legal choice takes that place
    places = dict(await service.zoom_places(channel))
    for choice in sample:
        kind = choice.action["type"]
        for param, value in choice.action.items():
            if param != "type" and isinstance(value, str) and value in places:
                typed = {key: _value(v) for key, v in choice.action.items() if key != "type"}
                typed[param] = places[value]
                await expect(choice, f"/{kind} {typed} (board)", await typist.slash(name, kind, typed))

    # /hand: a name it lists stands for the value of an option that the choices naming it, and only they, share
    text, _ = await service.private_status(channel, typist.caller(name))
    for shown_name in _hand_names(text):
        for kind, group in by_kind.items():
            naming = [c for c in group if re.search(rf"\b{re.escape(shown_name)}\b", c.label, re.IGNORECASE)]
            for param in (p for p, k in kinds[kind].items() if k == "choice" and naming):
                inside = {_value(c.action.get(param)) for c in naming}
                outside = {_value(c.action.get(param)) for c in group if c not in naming}
                if len(inside) != 1 or inside & outside or "None" in inside:
                    continue
                typed = {key: _value(v) for key, v in naming[0].action.items() if key != "type"}
                typed[param] = shown_name
                got = await typist.slash(name, kind, typed)
                if got != naming[0].action:
                    wrong.append(f"{meta.id}: /hand's {shown_name!r} as {kind} {param} -> {got}")
    return wrong


@pytest.mark.parametrize("game", sorted(rules.engines()))
async def test_every_name_shown_for_a_legal_choice_is_typed_back_to_it(game: str, tmp_path: Path) -> None:
    async with SeededTable.opened(game, tmp_path) as table:
        typist = Typist(table.service, table.console, table.engine)
        wrong: list[str] = []
        async for step in table.play(max(CHECKS) + 1):
            if step.number in CHECKS:
                wrong += await _check_all(typist, step.awaited[0][0], step.post, table.chooser)
        assert not wrong, "\n".join(wrong[:40]) + f"\n({len(wrong)} in all)"
