"""/info's lookup: names matched as players type them, near misses suggested, answers worded for Discord."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.base import Lookup
from table.core import TableError
from table.info import MENU, card, find, suggestions
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
    assert "! Name what to look up, like: info" in text
    assert "! Tic-tac-toe has no cards, races or units to look up" in text
