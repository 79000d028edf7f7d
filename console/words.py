"""A typed line as words: quoting, `name=value` (or Discord's `name:value`), and a command's arguments."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import Any

from table.commands import WORDS, Arg, Command
from table.service import Caller, TableError
from table.text.actions import whole_number

ADVANTAGE = ("adv", "advantage", "dis", "disadvantage")  # said after dice notation, as its own word
YES = ("yes", "true", "on", "1")


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
    if not key.strip().isidentifier():
        return None  # a value with = or : in it: 6d10>=6
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


def arguments(command: Command, words: list[str], person: Callable[[str], Caller]) -> dict[str, Any]:
    """Typed words as a command's arguments, as Discord would pass them: `name=value` (or `name:value`) for any
    argument, a flag by its name alone (`board full`), the others in the declared order. A named value runs on over
    the plain words after it when it may have spaces (`board zoom:Capweaver Den`), and so does one given in order
    (`info Stout Dwarves`); dice take an adv or dis after them. name=value words that name no argument are the
    game's options (`game new tictactoe size=3`). `person` names a member by what was typed."""
    named = {arg.name: arg for arg in command.args}
    options = next((arg.name for arg in command.args if arg.kind == "options"), None)
    given: dict[str, str] = {}
    extra: list[str] = []
    last: str | None = None  # the named value that takes the plain words after it
    at = 0
    while at < len(words):
        word = words[at]
        at += 1
        pair = name_value(word, None if options is not None else set(named))
        if pair is not None and pair[0] in named:
            given[pair[0]] = pair[1]
            last = pair[0] if named[pair[0]].kind in WORDS else None
        elif pair is not None and options is not None:
            extra.append(f"{pair[0]}={pair[1]}")
            last = None
        elif pair is not None:
            raise TableError(f"{command.name} has no {pair[0][:30]!r}. It takes: {command.usage()}.")
        elif last is not None:
            given[last] = f"{given[last]} {word}"
        elif (flag := named.get(word.lower())) is not None and flag.kind == "flag" and flag.name not in given:
            given[flag.name] = "yes"
        else:
            ordered = [arg for arg in command.args if arg.kind != "options" and arg.name not in given]
            if not ordered:
                raise TableError(f"{command.name} takes {command.usage()}, not {word[:30]!r}.")
            arg = ordered[0]
            if arg.kind == "dice" and at < len(words) and words[at].lower() in ADVANTAGE:
                word, at = word + words[at], at + 1
            given[arg.name] = word
            last = arg.name if arg.kind in WORDS else None
    if options is not None and extra:
        given[options] = " ".join(extra)
    missing = [arg.name for arg in command.args if arg.required and arg.name not in given]
    if missing:
        raise TableError(f"{command.name} needs {', '.join(missing)}: {command.name} {command.usage()}.")
    return {name: _value(named[name], text, person) for name, text in given.items()}


def _value(arg: Arg, text: str, person: Callable[[str], Caller]) -> Any:
    """A typed value as the kind of its argument."""
    if arg.kind in ("member", "user"):
        return person(text.lstrip("@"))
    if arg.kind == "flag":
        return text.lower() in (*YES, arg.name)
    if arg.kind == "int":
        least, most = arg.least or 0, arg.most
        number = whole_number(text) if most is None else whole_number(text, most)
        if number is None or number < least:
            span = f"from {least} to {most}" if most is not None else f"from {least}"
            raise TableError(f"There is no {arg.name} {text[:12]}: give a number {span}.")
        return number
    return text
