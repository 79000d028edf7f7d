"""A typed line as words: quoting, `name=value` (or Discord's `name:value`) and a command's usage."""

from __future__ import annotations

import shlex

from table.commands import TableCommand
from table.service import TableError


def takes(command: TableCommand) -> str:
    return " ".join(f"<{arg.name}>" if arg.required else f"[{arg.name}]" for arg in command.args) or "nothing"


def words_of(line: str) -> list[str]:
    """A line's words; "double quotes" hold a value with spaces, and an apostrophe is a letter, as in the names
    the bot shows (Lord's Hall, Will-o'-Wisps)."""
    lexer = shlex.shlex(line, posix=True)
    lexer.quotes, lexer.commenters, lexer.whitespace_split = '"', "", True
    return list(lexer)


def name_value(word: str, names: set[str] | None) -> tuple[str, str] | None:
    """`name=value`, or Discord's `name:value` when `name` is one of `names` (None: any name), as (name, value);
    else None (a value of its own, such as Tashkalar's t1:0)."""
    key, sep, value = word.partition("=")
    if not sep:
        key, sep, value = word.partition(":")
        if not sep or not key or (names is not None and key.strip().lower() not in names):
            return None
    return key.strip().lower(), value.strip()


def split_named(words: list[str], names: set[str]) -> tuple[list[str], dict[str, str]]:
    """Words as (values in order, values by name). A named value runs on over the words after it up to the next
    name, as in Discord: `redeploy source:hand to:Clay Wallows count:3`."""
    positional: list[str] = []
    named: dict[str, str] = {}
    last = None
    for word in words:
        pair = name_value(word, names)
        if pair is not None:
            last, named[pair[0]] = pair[0], pair[1]
        elif last is not None:
            named[last] = f"{named[last]} {word}".strip()
        else:
            positional.append(word)
    return positional, named


def name_values(words: list[str]) -> list[tuple[str, str]]:
    pairs = []
    for word in words:
        pair = name_value(word, None)
        if pair is None:
            raise TableError(f"Write options as name=value (or name:value), not {word[:30]!r}.")
        pairs.append(pair)
    return pairs
