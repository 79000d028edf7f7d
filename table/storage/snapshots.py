"""How board snapshots are kept small on disk: keyframes, and deltas against them. No SQL (that is the store's).

A snapshot is the game state's JSON text at a turn's end (`rules.serial.dumps`: sorted keys, no spaces). A
game keeps one per turn, and most of a state does not change from one turn to the next, so most snapshots are
stored as a delta against a keyframe:

- keyframe: `KEYFRAME` + zlib(the JSON text). Stored with `base` NULL.
- delta: `DELTA` + zlib(a JSON patch from the keyframe's state to this one), compressed with the keyframe's
  text as zlib's preset dictionary (`zdict`), so the units and names a patch brings back cost little. Stored
  with `base` = the keyframe's turn.
- legacy: a snapshot written before migration 0002 is the JSON text itself (a str, not bytes). It reads as it
  is and serves as a keyframe.

Reading one snapshot therefore takes at most two rows and two decompressions, never a replay. The policy
(`wants_keyframe`): a keyframe every `KEYFRAME_EVERY` turns, so a delta never drifts far from its base; a delta
that would not be smaller than its keyframe, or that does not reproduce the text exactly, is stored as a
keyframe instead. A patch is checked by applying it before it is stored, so `decode` gives back the exact text.

Patch nodes (plain JSON): ["=", value] replaces; ["d", {key: node}, [removed keys]] patches an object;
["l", [op, ...]] rebuilds a list from the old one, where an op is n > 0 (copy n old items), n < 0 (skip -n old
items), ["+", [items]] (insert), or ["~", node] (the next old item, patched).
"""

from __future__ import annotations

import difflib
import json
import zlib
from typing import Any

KEYFRAME = b"K"
DELTA = b"D"
KEYFRAME_EVERY = 16  # turns between keyframes: the delta grows with the distance (measured in bench/snapshot_size)
LEVEL = 9  # zlib level: a snapshot is written once per turn and read rarely
WINDOW = 32 * 1024  # zlib looks back at most 32 kB: only the dictionary's tail can be used

Stored = str | bytes  # bytes from this module, str from before migration 0002


def _canonical(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def keyframe(text: str) -> bytes:
    return KEYFRAME + zlib.compress(text.encode(), LEVEL)


def delta(base: str, text: str) -> bytes | None:
    """`text` as a delta against the keyframe text `base`; None when it would not round-trip exactly."""
    old, new = json.loads(base), json.loads(text)
    node = diff(old, new)
    if _canonical(patch(old, node)) != text:
        return None  # not canonical JSON, or a value the patch cannot tell apart (1 vs 1.0): keep it whole
    packer = zlib.compressobj(LEVEL, zdict=base.encode()[-WINDOW:])
    return DELTA + packer.compress(_canonical(node).encode()) + packer.flush()


def wants_keyframe(turn: int, base_turn: int | None) -> bool:
    """Whether the snapshot of `turn` starts a keyframe, given the newest keyframe before it (None: there is none)."""
    return base_turn is None or turn - base_turn >= KEYFRAME_EVERY


def encode(text: str, turn: int, newest_keyframe: tuple[int, Stored] | None) -> tuple[bytes, int | None]:
    """What to store for the snapshot of `turn`, given the newest keyframe before it as (turn, stored value):
    the bytes, and the turn of the keyframe they are a delta against (None: they are a keyframe)."""
    if newest_keyframe is not None and not wants_keyframe(turn, newest_keyframe[0]):
        base_turn, base = newest_keyframe
        packed = delta(decode(base), text)
        if packed is not None and len(packed) < len(base):
            return packed, base_turn
    return keyframe(text), None


def is_delta(stored: Stored) -> bool:
    return isinstance(stored, bytes) and stored[:1] == DELTA


def decode(stored: Stored, base: Stored | None = None) -> str:
    """The JSON text of a stored snapshot; a delta needs its keyframe's stored value as `base`."""
    if isinstance(stored, str):
        return stored  # legacy: the text itself
    tag, body = stored[:1], stored[1:]
    if tag == KEYFRAME:
        return zlib.decompress(body).decode()
    if tag != DELTA:
        raise ValueError(f"unknown snapshot format {tag!r}")
    if base is None or is_delta(base):
        raise ValueError("a delta snapshot needs its keyframe")
    base_text = decode(base)
    unpacker = zlib.decompressobj(zdict=base_text.encode()[-WINDOW:])
    node = json.loads(unpacker.decompress(body) + unpacker.flush())
    return _canonical(patch(json.loads(base_text), node))


def diff(old: Any, new: Any) -> Any:
    """A patch node that turns `old` into `new` (None: nothing changed)."""
    if type(old) is type(new) and old == new:
        return None
    if isinstance(old, dict) and isinstance(new, dict):
        changed: dict[str, Any] = {}
        for key, value in new.items():
            if key not in old:
                changed[key] = ["=", value]
            elif (node := diff(old[key], value)) is not None:
                changed[key] = node
        return ["d", changed, [key for key in old if key not in new]]
    if isinstance(old, list) and isinstance(new, list):
        return ["l", _list_ops(old, new)]
    return ["=", new]


def _list_ops(old: list[Any], new: list[Any]) -> list[Any]:
    # Trim the common ends first: most lists change in a few places, and the matcher is quadratic at worst.
    head = 0
    while head < min(len(old), len(new)) and type(old[head]) is type(new[head]) and old[head] == new[head]:
        head += 1
    tail = 0
    while (
        tail < min(len(old), len(new)) - head
        and type(old[-1 - tail]) is type(new[-1 - tail])
        and old[-1 - tail] == new[-1 - tail]
    ):
        tail += 1
    ops: list[Any] = []
    _copy(ops, head)
    middle_old, middle_new = old[head : len(old) - tail], new[head : len(new) - tail]
    # repr is a cheap hashable key: json.loads gives equal values equal reprs (and tells True from 1)
    matcher = difflib.SequenceMatcher(None, list(map(repr, middle_old)), list(map(repr, middle_new)), autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            _copy(ops, i2 - i1)
        elif tag == "replace" and i2 - i1 == j2 - j1:
            for a, b in zip(middle_old[i1:i2], middle_new[j1:j2], strict=True):
                _patch_one(ops, a, b)
        else:
            if i2 > i1:
                _skip(ops, i2 - i1)
            if j2 > j1:
                _insert(ops, middle_new[j1:j2])
    _copy(ops, tail)
    return ops


def _copy(ops: list[Any], count: int) -> None:
    if count <= 0:
        return
    if ops and isinstance(ops[-1], int) and ops[-1] > 0:
        ops[-1] += count
    else:
        ops.append(count)


def _skip(ops: list[Any], count: int) -> None:
    if ops and isinstance(ops[-1], int) and ops[-1] < 0:
        ops[-1] -= count
    else:
        ops.append(-count)


def _insert(ops: list[Any], items: list[Any]) -> None:
    if ops and isinstance(ops[-1], list) and ops[-1][0] == "+":
        ops[-1][1].extend(items)
    else:
        ops.append(["+", list(items)])


def _patch_one(ops: list[Any], old: Any, new: Any) -> None:
    node = diff(old, new)
    if node is None:
        _copy(ops, 1)
    else:
        ops.append(["~", node])


def patch(old: Any, node: Any) -> Any:
    """`old` with the patch node applied (a new value; `old` is left as it was)."""
    if node is None:
        return old
    tag = node[0]
    if tag == "=":
        return node[1]
    if tag == "d":
        result = {key: value for key, value in old.items() if key not in node[2]}
        for key, child in node[1].items():
            result[key] = patch(old.get(key), child)
        return result
    if tag != "l":
        raise ValueError(f"unknown patch node {tag!r}")
    items: list[Any] = []
    at = 0
    for op in node[1]:
        if isinstance(op, int):
            if op > 0:
                items.extend(old[at : at + op])
            at += abs(op)
        elif op[0] == "+":
            items.extend(op[1])
        else:
            items.append(patch(old[at], op[1]))
            at += 1
    return items
