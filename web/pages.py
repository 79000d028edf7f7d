"""The HTML the server answers: the shells in web/templates/ with their title filled in, and a game's rules page
(the markdown /rules reads) as HTML. Every piece of text is HTML-escaped before any tag is put around it; the
pages carry no inline script or style (the Content-Security-Policy forbids both)."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from string import Template

TEMPLATES = Path(__file__).parent / "templates"


@cache
def _template(name: str) -> Template:
    return Template((TEMPLATES / name).read_text(encoding="utf-8"))


def shell(name: str, title: str, heading: str, **more: str) -> str:
    """A template (`table.html`, `server.html`, `rules.html`) with its texts escaped; `more`: HTML already made
    safe here (the rules' body)."""
    return _template(name).substitute(title=html.escape(title), heading=html.escape(heading), **more)


_INLINE = [
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<em>\1</em>"),
]
_BULLET = re.compile(r"^(\s*)[-*] (.*)$")
_NUMBERED = re.compile(r"^(\s*)\d+\. (.*)$")
_RULE_ROW = re.compile(r"^\|?\s*:?-{3,}")


def inline(text: str) -> str:
    """One line of markdown as HTML: escaped first, then `code`, **bold** and *emphasis* (their marks are not
    touched by escaping, so no tag can come from the text itself)."""
    out = html.escape(text, quote=False)
    for pattern, tag in _INLINE:
        out = pattern.sub(tag, out)
    return out


def markdown(page: str) -> str:
    """The subset of markdown the rules pages use: headings, paragraphs, bulleted and numbered lists (one level of
    nesting) and pipe tables."""
    out: list[str] = []
    paragraph: list[str] = []
    lists: list[tuple[str, int]] = []  # open lists: (tag, indent)
    table: list[list[str]] = []

    def close_paragraph() -> None:
        if paragraph:
            out.append(f"<p>{' '.join(inline(line) for line in paragraph)}</p>")
            paragraph.clear()

    def close_lists(indent: int = -1) -> None:
        while lists and lists[-1][1] > indent:
            out.append(f"</li></{lists.pop()[0]}>")

    def close_table() -> None:
        if table:
            head, *body = table
            out.append("<table><thead><tr>" + "".join(f"<th>{inline(c)}</th>" for c in head) + "</tr></thead>")
            rows = "".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in row) + "</tr>" for row in body)
            out.append(f"<tbody>{rows}</tbody></table>")
            table.clear()

    for line in page.splitlines():
        stripped = line.strip()
        item = _BULLET.match(line) or _NUMBERED.match(line)
        if stripped.startswith("|"):
            close_paragraph()
            close_lists()
            if not _RULE_ROW.match(stripped):
                table.append([cell.strip() for cell in stripped.strip("|").split("|")])
            continue
        close_table()
        if not stripped:
            close_paragraph()
            close_lists()
        elif stripped.startswith("#"):
            close_paragraph()
            close_lists()
            level = min(4, len(stripped) - len(stripped.lstrip("#")))
            out.append(f"<h{level}>{inline(stripped.lstrip('#').strip())}</h{level}>")
        elif item is not None:
            close_paragraph()
            indent, tag = len(item.group(1)), "ul" if _BULLET.match(line) else "ol"
            if lists and lists[-1][1] > indent:
                close_lists(indent)
            if not lists or lists[-1][1] < indent:
                out.append(f"<{tag}><li>")
                lists.append((tag, indent))
            else:
                out.append("</li><li>")
            out.append(inline(item.group(2)))
        elif lists:  # a list item's text going on over the next line
            out.append(" " + inline(stripped))
        else:
            paragraph.append(stripped)
    close_paragraph()
    close_lists()
    close_table()
    return "\n".join(out)
