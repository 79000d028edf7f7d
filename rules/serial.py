"""Dataclass state <-> JSON, driven by the type hints, so every engine's state round-trips the same way.

Supported field types: bool, int, float, str, None, Enum, nested dataclasses, list[T], tuple[T, ...],
tuple[A, B], set[T] / frozenset[T] (stored sorted), dict[K, V] with str, int or Enum keys, X | None.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from functools import cache
from typing import Any, TypeVar, Union, get_args, get_origin

T = TypeVar("T")


def dump(value: Any) -> Any:
    """Turn a state (or any supported value) into JSON-compatible data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: dump(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, list | tuple):
        return [dump(item) for item in value]
    if isinstance(value, set | frozenset):
        return sorted(dump(item) for item in value)
    if isinstance(value, dict):
        return {_key_out(key): dump(item) for key, item in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"cannot serialise {type(value).__name__}")


def _key_out(key: Any) -> str:
    if isinstance(key, enum.Enum):
        key = key.value
    if isinstance(key, bool) or not isinstance(key, int | str):
        raise TypeError(f"dict keys must be str, int or Enum, not {type(key).__name__}")
    return str(key)


def load(cls: type[T], data: Any) -> T:
    """Rebuild a value of type `cls` from what `dump` produced."""
    return _load(cls, data)


def dumps(value: Any) -> str:
    return json.dumps(dump(value), separators=(",", ":"), sort_keys=True)


def loads(cls: type[T], text: str) -> T:
    return load(cls, json.loads(text))


def clone(value: T) -> T:
    """A deep copy made through the JSON form (also proves the value round-trips)."""
    return load(type(value), dump(value))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _load(tp: Any, data: Any) -> Any:
    if tp is Any:
        return data
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        options = get_args(tp)
        if data is None and type(None) in options:
            return None
        for option in options:
            if option is type(None):
                continue
            try:
                return _load(option, data)
            except (TypeError, ValueError, KeyError):
                continue
        raise TypeError(f"{data!r} fits none of {tp}")
    if origin is typing.Literal:
        if data not in get_args(tp):
            raise ValueError(f"{data!r} is not one of {get_args(tp)}")
        return data
    if origin in (list, tuple, set, frozenset, dict):
        return _load_container(tp, origin, data)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise TypeError(f"{tp.__name__} needs an object, got {type(data).__name__}")
        hints = _hints(tp)
        kwargs = {f.name: _load(hints[f.name], data[f.name]) for f in dataclasses.fields(tp) if f.name in data}
        return tp(**kwargs)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(data)
    if tp is float and isinstance(data, int | float) and not isinstance(data, bool):
        return float(data)
    if tp in (bool, int, str) and type(data) is tp:
        return data
    if tp is type(None) and data is None:
        return None
    raise TypeError(f"{data!r} is not a {tp}")


def _load_container(tp: Any, origin: Any, data: Any) -> Any:
    args = get_args(tp)
    if origin is dict:
        if not isinstance(data, dict):
            raise TypeError(f"{tp} needs an object")
        key_type, value_type = args or (str, Any)
        return {_key_in(key_type, key): _load(value_type, value) for key, value in data.items()}
    if not isinstance(data, list):
        raise TypeError(f"{tp} needs a list")
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(args[0], item) for item in data)
        if len(args) != len(data):
            raise ValueError(f"{tp} needs {len(args)} items")
        return tuple(_load(arg, item) for arg, item in zip(args, data, strict=True))
    item_type = args[0] if args else Any
    items = [_load(item_type, item) for item in data]
    return origin(items)


def _key_in(key_type: Any, key: str) -> Any:
    if key_type is int:
        return int(key)
    if isinstance(key_type, type) and issubclass(key_type, enum.Enum):
        return key_type(key)
    return key
