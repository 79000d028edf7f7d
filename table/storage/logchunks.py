"""How finished turns of the action log are kept small on disk. No SQL (that is the store's).

A turn's actions are written one row at a time while the turn is played (each action is its own commit), and
read back mostly as a whole afterwards (history pages, replays, undo). So when a turn ends, the store moves its
rows into one chunk: the rows as a JSON list, compressed together, where the repeated names, keys and sentences
of a turn cost almost nothing (a random 4-player Nerath game: about 250 bytes an action as rows, about 40 in
chunks). A chunk also lists the user ids inside it, so forgetting a user finds the chunks to rewrite.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

LEVEL = 9  # a chunk is written once per turn and read now and then


def encode(rows: list[dict[str, Any]]) -> bytes:
    return zlib.compress(json.dumps(rows, separators=(",", ":")).encode(), LEVEL)


def decode(data: bytes) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(zlib.decompress(data))
    return rows


def users(rows: list[dict[str, Any]]) -> str:
    """The user ids acting in `rows`, as ',1001,1002,' (found by LIKE '%,1001,%')."""
    ids = sorted({row["user_id"] for row in rows if row.get("user_id") is not None})
    return "," + "".join(f"{user}," for user in ids)
