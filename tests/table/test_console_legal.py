"""The console's `legal`: a long list of one action is said in one line, as the turn's next line says it, with the
numbers it covers; `legal <action>` and `legal all` show every choice, and `do <n>` plays choice n of the whole list
whichever view showed it. An action the next line names without values (a card in hand) lists its choices."""

from __future__ import annotations

import functools
import io
import random
import re
from pathlib import Path

import pytest

import rules
from console.clock import ConsoleClock
from console.session import LEGAL_WHOLE, Console
from table.service import TableService
from table.storage import Store
from tests.table.conftest import FakeClock
from tests.table.test_typed_back import Typist
from tests.table.test_walkthrough import PERSON, Newcomer, last_block, read

ONE = re.compile(r"^  \[(\d+)\] (.+)$")
SPAN = re.compile(r"^  \[(\d+)-(\d+)\] .+ \(legal (\w+) lists them\)$")


async def _seated(game: str, tmp_path: Path) -> tuple[TableService, Store, Newcomer, str]:
    """One person and bots at a table of `game`, started: what the console said last."""
    store = await Store.open(tmp_path / "legal.sqlite3")
    seeds = iter(range(1, 10**6))
    compose = functools.partial(TableService, store, clock=FakeClock(), seeds=lambda: next(seeds))
    person = Newcomer(Console(compose, io.StringIO(), tmp_path / "images", ConsoleClock()))
    service = person.console.service
    bots = max(2, rules.engine(game).meta.min_players) - 1
    for line in [f"game new {game}", *["game bot add easy"] * bots]:
        await person.type(line)
    return service, store, person, await person.type("game start joined")


def _numbered(text: str) -> dict[int, str]:
    return {int(m[1]): m[2] for line in text.splitlines() if (m := ONE.match(line))}


@pytest.mark.parametrize("game", sorted(rules.engines()))
async def test_legal_groups_a_long_list_and_do_plays_by_the_whole_lists_numbers(game: str, tmp_path: Path) -> None:
    service, store, person, _ = await _seated(game, tmp_path)
    try:
        _, choices = await service.choices(person.console.channel_id, person.console._id(PERSON))
        whole = _numbered(await person.type("legal all"))
        assert whole == {n: c.label for n, c in enumerate(choices, 1)}
        said = await person.type("legal")
        lines = [line for line in said.splitlines() if line.startswith("  [")]
        covered = _numbered(said)
        assert all(whole[n] == label for n, label in covered.items())
        spans = [m for line in lines if (m := SPAN.match(line))]
        assert len(covered) + len(spans) == len(lines), f"{game}: a line of legal is neither a choice nor a group"
        for span in spans:
            first, last, kind = int(span[1]), int(span[2]), span[3]
            listed = _numbered(await person.type(f"legal {kind}"))
            assert listed == {n: whole[n] for n in range(first, last + 1)}, f"{game}: legal {kind} is not {span[0]}"
            assert last - first + 1 > LEGAL_WHOLE
            covered |= listed
        assert covered == whole, f"{game}: legal hides choices it does not say how to see"
        kinds = {c.action["type"] for c in choices}
        long = [kind for kind in kinds if sum(c.action["type"] == kind for c in choices) > LEGAL_WHOLE]
        assert sorted(long) == sorted(span[3] for span in spans), f"{game}: long lists {long} not grouped"
        if spans:  # do <n> with a number a group covers plays that choice of the whole list
            number = random.Random(game).randint(int(spans[0][1]), int(spans[0][2]))
            typist = Typist(service, person.console, rules.engine(game))
            assert await typist.line(PERSON, f"do {number}") == choices[number - 1].action
    finally:
        await service.bots_settled()
        await store.close()


async def test_the_help_says_how_to_see_the_whole_list_and_what_do_numbers(tmp_path: Path) -> None:
    service, store, person, _ = await _seated("tictactoe", tmp_path)
    try:
        said = await person.type("help")
        assert "legal <action> or legal all shows every choice" in said
        assert "do <n>" in said and "numbered as legal shows it" in said
        assert "(do <n> plays choice n: the numbers are the same in legal all and legal <action>)" in (
            await person.type("legal")
        )  # nine marks: a long list, said in one line
    finally:
        await service.bots_settled()
        await store.close()


async def test_a_command_the_next_line_names_without_values_lists_the_choices_to_its_player(tmp_path: Path) -> None:
    service, store, person, said = await _seated("tashkalar", tmp_path)
    try:
        bare = [command for command in read(last_block(said)).next if ":" not in command]
        assert bare, f"the first turn names no hidden choice: {last_block(said)}"
        listed = await person.type(bare[0])
        assert listed.startswith(f"(only {PERSON} sees this) Your choices for {bare[0]} (do <n> plays one):")
        numbers = _numbered(listed)
        assert numbers and "[image: " not in listed
        _, choices = await service.choices(person.console.channel_id, person.console._id(PERSON))
        assert all(choices[n - 1].action["type"] == bare[0] and choices[n - 1].label == numbers[n] for n in numbers)
        typist = Typist(service, person.console, rules.engine("tashkalar"))
        number = min(numbers)
        assert await typist.line(PERSON, f"do {number}") == choices[number - 1].action
    finally:
        await service.bots_settled()
        await store.close()
