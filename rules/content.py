"""What every game's content loader shares: one error type, and reading a content file as JSON with a message that
names the file. Each game's rules/<id>/content.py validates its entries on top of this and names the entry and
the field in its errors (`fail`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


class ContentError(ValueError):
    """A content file is malformed or missing; the message names the file (and the entry and field, where known)."""


def read_json(path: Path, shown: str | None = None, object_at_top: bool = False) -> Any:
    """The file's JSON; a missing, unreadable or malformed file is a ContentError naming it (as `shown`)."""
    name = shown or path.name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(f"{name}: no such content file") from None
    except json.JSONDecodeError as error:
        raise ContentError(f"{name}: not valid JSON ({error})") from None
    except OSError as error:
        raise ContentError(f"{name}: cannot be read ({error})") from None
    if object_at_top and not isinstance(data, dict):
        raise ContentError(f"{name}: the top level must be an object")
    return data


def fail(file: str, entry: str, field: str, problem: str) -> ContentError:
    """The error for one field of one entry, worded the same in every game."""
    return ContentError(f"{file}: entry {entry!r}, field {field!r}: {problem}")
