"""A game's /rules page cut for Discord: the summary first with the list of its sections, then any section by
name (or number), page by page, each page within one message.

The page is the game's rules.md followed by the table's own rules (table_rules.md); its `## ` headings are the
sections (`### ` headings stay inside theirs).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from rules.base import normal
from table.service.core import TableError
from table.text import present

PAGE = 1800  # characters of rules text in one message, leaving room for the footer under Discord's 2000


@dataclass(frozen=True)
class Section:
    title: str
    text: str


def sections(page: str) -> list[Section]:
    """The summary (what comes before the first `## `, under the page's own title), then each `## ` section."""
    parts = ("\n" + page.strip("\n")).split("\n## ")
    head = parts[0].strip("\n")
    title = head.splitlines()[0].lstrip("# ").strip() if head.startswith("#") else "Summary"
    found = [Section(title, head)]
    for part in parts[1:]:
        heading, _, body = part.partition("\n")
        found.append(Section(heading.strip(), f"## {heading.strip()}\n{body.strip(chr(10))}"))
    return found


def pages(text: str, limit: int = PAGE) -> list[str]:
    """`text` in pages of at most `limit` characters, cut between paragraphs, else between lines."""
    result: list[str] = []
    current = ""
    for block in _blocks(text, limit):
        joined = f"{current}\n\n{block}" if current else block
        if len(joined) <= limit:
            current = joined
            continue
        result.append(current)
        current = block
    return [*result, current] if current else result or [""]


def _blocks(text: str, limit: int) -> list[str]:
    """Paragraphs, each split into lines (and a line into pieces) when it alone is longer than a page."""
    blocks: list[str] = []
    for paragraph in text.split("\n\n"):
        if len(paragraph) <= limit:
            blocks.append(paragraph)
            continue
        chunk = ""
        for line in paragraph.split("\n"):
            while len(line) > limit:
                blocks.append(line[:limit])
                line = line[limit:]
            if chunk and len(chunk) + 1 + len(line) > limit:
                blocks.append(chunk)
                chunk = line
            else:
                chunk = f"{chunk}\n{line}" if chunk else line
        if chunk:
            blocks.append(chunk)
    return blocks


def find(parts: list[Section], typed: str) -> int:
    """The index of the section named `typed` (any case or spacing, or its number in the list)."""
    key = normal(typed)
    if key.isdigit() and 1 <= int(key) <= len(parts):
        return int(key) - 1
    by_name = {normal(part.title): index for index, part in enumerate(parts)}
    if key in by_name:
        return by_name[key]
    starts = [index for name, index in by_name.items() if name.startswith(key)]
    if len(starts) == 1:
        return starts[0]
    close = difflib.get_close_matches(key, list(by_name), n=1, cutoff=0.6)
    hint = f" Did you mean {parts[by_name[close[0]]].title}?" if close else ""
    raise TableError(
        f"These rules have no section called {present.escape_text(typed[:60])}.{hint} "
        f"Sections: {', '.join(part.title for part in parts)}."
    )


def answer(page: str, section: str | None, number: int = 1) -> str:
    """One message of the rules: the summary and the list of sections, or page `number` of one section."""
    parts = sections(page)
    index = find(parts, section) if section else 0
    listing = ""
    if index == 0:
        listed = " · ".join(f"{n}. {part.title}" for n, part in enumerate(parts[1:], start=2))
        listing = f"\n**Sections:** {listed}\n/rules section:<name or number> reads one."
    shown = pages(parts[index].text, PAGE - len(listing))
    if not 1 <= number <= len(shown):
        raise TableError(f"{parts[index].title} has {len(shown)} page{'s' * (len(shown) != 1)}.")
    footer = ""
    if len(shown) > 1:
        more = f" Next: /rules section:{parts[index].title} page:{number + 1}" if number < len(shown) else ""
        footer = f"\n\n(page {number} of {len(shown)}.{more})"
    return shown[number - 1] + footer + listing


def titles(page: str) -> list[str]:
    return [part.title for part in sections(page)]
