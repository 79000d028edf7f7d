"""/info's lookup: names matched as players type them, near misses suggested, answers worded for Discord."""

from __future__ import annotations

import functools
import io
from pathlib import Path

import pytest

import rules
from console.clock import ConsoleClock
from console.session import Console
from render import renderer
from rules.base import Lookup, SeatInfo
from rules.rng import Rng
from rules.smallworld.content import load_map
from table.service import TableService
from table.service.core import TableError
from table.storage import Store
from table.text.info import MENU, card, find, suggestions
from tests.table.test_console import play

GNOMES = Lookup("Immortal Gnomes", "race", "They never die.", "house", ("9 tokens", "tray 15"))
GOBLINS = Lookup("Goblins", "race", "Cheap and many.", "published", ("6 tokens",))
SHAPE = Lookup("Spike", "being", "Destroys a token next to it.", "house", ("heroic",), (".c.", "c@c"))
ENTRIES = [GNOMES, GOBLINS, SHAPE]


def test_a_name_is_found_as_players_type_it() -> None:
    assert find(ENTRIES, "immortal-gnomes", "Small World") is GNOMES
    assert find(ENTRIES, "  GOBLINS ", "Small World") is GOBLINS


def test_a_near_miss_is_refused_with_the_nearest_names() -> None:
    with pytest.raises(TableError, match=r"nothing called Goblns\. Did you mean Goblins\?"):
        find(ENTRIES, "Goblns", "Small World")


def test_a_typed_name_is_shown_inert_in_the_refusal() -> None:
    with pytest.raises(TableError) as error:
        find(ENTRIES, "@everyone **x**", "Small World")
    assert "@everyone" not in str(error.value) and "\\*\\*x\\*\\*" in str(error.value)


def test_a_game_without_content_says_so() -> None:
    with pytest.raises(TableError, match=r"Tic-tac-toe has no cards, races or units to look up"):
        find([], "x", "Tic-tac-toe")


def test_suggestions_put_names_that_start_with_the_text_first() -> None:
    more = [Lookup(f"Gob {n}", "race", "x", "house") for n in range(30)]
    assert [e.name for e in suggestions([SHAPE, *ENTRIES], "i")][:2] == ["Immortal Gnomes", "Spike"]
    assert len(suggestions(more, "gob")) == MENU
    assert suggestions(ENTRIES, "") == ENTRIES


def test_the_answer_gives_kind_origin_numbers_text_and_picture() -> None:
    text = card(SHAPE, "Tash-Kalar")
    assert text.splitlines()[0] == "**Spike** · being · Tash-Kalar, house-made: our own design"
    assert "heroic" in text and "Destroys a token next to it." in text and "```\n.c.\nc@c\n```" in text
    assert "from the published game" in card(GOBLINS, "Small World")


async def test_the_console_looks_things_up_and_refuses_clearly(tmp_path: Path) -> None:
    text = await play(tmp_path, ["game new tictactoe", "info", "info anything"])
    assert "! info needs name: info <name>." in text
    assert "! Tic-tac-toe has no cards, races or units to look up" in text


def test_a_combo_as_shown_explains_both_halves() -> None:
    corrupt = Lookup("Corrupt", "special power", "Foes pay you a coin.", "house", ("+1 coin",))
    text = card(find([*ENTRIES, corrupt], "corrupt  immortal gnomes", "Small World"), "Small World")
    assert text.splitlines()[0].startswith("**Corrupt Immortal Gnomes** · special power and race")
    assert "**Corrupt** (special power" in text and "Foes pay you a coin." in text and "They never die." in text
    assert "+1 coin" in text and "9 tokens" in text
    with pytest.raises(TableError, match="nothing called Corrupt Goblns"):
        find([*ENTRIES, corrupt], "Corrupt Goblns", "Small World")


def _games_with_maps() -> list[str]:
    """The games whose boards have places to zoom on: every one of them has a map /info must know."""
    return [game for game in rules.engines() if renderer(game).zoom is not None]


@pytest.mark.parametrize("game", _games_with_maps())
def test_info_knows_every_place_of_every_map_with_what_stands_there(game: str) -> None:
    engine = rules.engine(game)
    meta = engine.meta
    for players in range(meta.min_players, meta.max_players + 1):
        state = engine.new([SeatInfo() for _ in range(players)], {}, Rng(7))
        public = engine.view(state, None)
        entries = engine.places(public)
        names = {entry.name for entry in entries}
        zoom = renderer(game).zoom
        assert zoom is not None
        shown = {name for _, name in zoom.places(public)}
        assert shown <= names, f"{game} with {players}: /info misses {sorted(shown - names)[:5]}"
        for entry in entries:
            assert "Neighbours: " in entry.text and entry.facts, entry
        held = [entry for entry in entries if "Held by" in entry.text]
        assert held or game == "smallworld", f"{game}: no place says who holds it at the start"


async def test_info_on_a_region_names_who_holds_it_now(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "console.sqlite3")
    clock = ConsoleClock()
    console = Console(functools.partial(TableService, store, clock=clock), io.StringIO(), tmp_path / "images", clock)
    service = console.service
    for line in ["game new smallworld", "game bot add", "game start joined", "pick 1", "end"]:
        assert await console.run_line(line)
    await service.bots_settled()
    table = await service.table_here(console.channel_id)
    state = service.state(table)
    game_map = load_map(state.players)
    held = next(rid for rid, region in state.regions.items() if region.owner == 1 and region.tokens)
    text = await service.info(console.channel_id, game_map.regions[held].name.upper())
    assert text.splitlines()[0].startswith(f"**{game_map.regions[held].name}** · region")
    assert "Held by Bot 1's " in text and "<seat:" not in text and "Neighbours: " in text
    await store.close()
