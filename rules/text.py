"""Counts, plurals, verbs and dice lines: the one place player-facing text learns to say "1 token", "3 tokens",
"no tokens", "Uz builds" and "Fighter d10: 4 (needs 6+): miss", so no line reads "token(s)" or "1 turns"."""

from __future__ import annotations

from collections.abc import Sequence

_SIBILANT = ("s", "x", "z", "ch", "sh")
_IRREGULAR_VERBS = {"be": "is", "are": "is", "have": "has", "do": "does", "go": "goes"}


def plural(singular: str) -> str:
    """The regular English plural: token -> tokens, ally -> allies, match -> matches. An irregular
    plural (man/men) is given to `noun` or `count` by the caller."""
    if singular.endswith(_SIBILANT):
        return f"{singular}es"
    if len(singular) > 1 and singular[-1] == "y" and singular[-2] not in "aeiou":
        return f"{singular[:-1]}ies"
    return f"{singular}s"


def noun(number: int, singular: str, plural_form: str | None = None) -> str:
    """The noun as it follows `number`: singular for exactly one, else the plural (given, or the regular one)."""
    if number == 1:
        return singular
    return plural_form if plural_form is not None else plural(singular)


def count(number: int, singular: str, plural_form: str | None = None, zero: str = "no") -> str:
    """'1 token', '3 tokens', and for none `zero` + the plural ('no tokens'; zero="0" where a figure reads
    better, as in a list of scores)."""
    shown = zero if number == 0 else str(number)
    return f"{shown} {noun(number, singular, plural_form)}"


def verb(singular_subject: bool, base: str) -> str:
    """The present tense agreeing with its subject: verb(True, "build") -> "builds", verb(False, "build") ->
    "build". `base` may be a phrase: only its first word is conjugated ("do not challenge" -> "does not
    challenge")."""
    if not singular_subject:
        return base
    first, _, rest = base.partition(" ")
    if first in _IRREGULAR_VERBS:
        conjugated = _IRREGULAR_VERBS[first]
    elif first.endswith((*_SIBILANT, "o")):
        conjugated = f"{first}es"
    elif len(first) > 1 and first[-1] == "y" and first[-2] not in "aeiou":
        conjugated = f"{first[:-1]}ies"
    else:
        conjugated = f"{first}s"
    return f"{conjugated} {rest}" if rest else conjugated


def roll_line(
    what: str, faces: Sequence[int], need: int, hits: int, success: str = "hit", failure: str = "miss"
) -> str:
    """One roll against a threshold, the same in every game: what rolled, every face, what it needed, and what
    came of it. One die: 'Fighter d10: 4 (needs 6+): miss'; several: 'Footsoldiers d6: 5, 6, 1 (needs 5+): 2
    hits' (or 'no hits')."""
    shown = ", ".join(map(str, faces))
    head = f"{what}: " if what else ""  # no name: the faces go on a line that names the roller already
    result = (success if hits else failure) if len(faces) == 1 else count(hits, success)
    return f"{head}{shown} (needs {need}+): {result}"
