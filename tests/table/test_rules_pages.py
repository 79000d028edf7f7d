"""/rules in Discord: the summary with the list of sections, any section by name or number, page by page, each
page within one message; nothing points at a file players do not have."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from table.service.core import TableError
from table.service.views import Views
from table.text.rules_pages import PAGE, answer, find, pages, sections, titles
from tests.table.test_console import play

PAGE_TEXT = "# Pig\n\nRoll or hold.\n\n## Your turn\nRoll a die.\n\n### Busting\nA 1 ends it.\n\n## Rulings\n- One.\n"


def test_the_page_is_cut_into_the_summary_and_its_sections() -> None:
    parts = sections(PAGE_TEXT)
    assert [part.title for part in parts] == ["Pig", "Your turn", "Rulings"]
    assert parts[0].text == "# Pig\n\nRoll or hold."
    assert parts[1].text == "## Your turn\nRoll a die.\n\n### Busting\nA 1 ends it."  # ### stays inside


def test_the_summary_lists_the_sections() -> None:
    text = answer(PAGE_TEXT, None)
    assert text.startswith("# Pig\n\nRoll or hold.") and "**Sections:** 2. Your turn · 3. Rulings" in text


def test_a_section_is_found_by_name_number_or_beginning() -> None:
    parts = sections(PAGE_TEXT)
    assert find(parts, "your-TURN") == find(parts, "2") == find(parts, "you") == 1
    with pytest.raises(TableError, match=r"no section called Rulngs\. Did you mean Rulings\?"):
        find(parts, "Rulngs")


def test_a_long_section_is_paged_at_paragraphs_within_a_message() -> None:
    long = "# Big\n\nx\n\n## Long\n" + "\n\n".join(f"Paragraph {n}. " + "word " * 60 for n in range(40))
    shown = pages(sections(long)[1].text)
    assert len(shown) > 3 and all(len(page) <= PAGE for page in shown)
    assert all(page.split("\n\n")[-1].startswith("Paragraph") for page in shown[:-1])  # whole paragraphs
    first = answer(long, "Long")
    assert f"(page 1 of {len(shown)}. Next: /rules section:Long page:2)" in first
    assert answer(long, "Long", len(shown)).endswith(f"(page {len(shown)} of {len(shown)}.)")
    with pytest.raises(TableError, match=r"Long has \d+ pages"):
        answer(long, "Long", 99)


def test_a_line_longer_than_a_page_is_still_cut() -> None:
    assert all(len(page) <= PAGE for page in pages("y" * (3 * PAGE)))


@pytest.mark.parametrize("game", sorted(rules.engines()))
def test_every_game_s_rules_fit_discord_and_point_at_no_file(game: str) -> None:
    page = Views.rules_page(None, game)  # type: ignore[arg-type]  # reads files only
    for number, title in enumerate(titles(page), start=1):
        for index in range(len(pages(sections(page)[number - 1].text))):
            assert len(answer(page, str(number), index + 1)) <= 2000, (title, index)
    for hint in (".json", ".md", ".py", "content/", "shared/"):
        assert hint not in page, f"{game}'s rules point at a file players do not have: {hint}"


async def test_the_console_reads_one_section(tmp_path: Path) -> None:
    text = await play(tmp_path, ["game new tictactoe", "rules how this table", "rules nowhere"])
    assert "## How this table runs" in text and "! These rules have no section called nowhere" in text
