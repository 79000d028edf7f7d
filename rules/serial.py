"""Dataclass state <-> JSON, driven by the type hints, so every engine's state round-trips the same way.

Supported field types: bool, int, float, str, None, Enum, nested dataclasses, list[T], tuple[T, ...],
tuple[A, B], set[T] / frozenset[T] (stored sorted), dict[K, V] with str, int or Enum keys, X | None, Literal, Any.

The stored text is `dumps`: sorted keys, no spaces, non-ASCII escaped (json.dumps's defaults), so equal states give
equal text. The table reads, copies and writes a state on every action, so each dataclass gets its own dump, load and
copy functions, generated once from its type hints (as dataclasses generates __init__): they read and set the fields
by name, with no per-value type dispatch. The generic functions below stay the reference: what the generated ones do
not handle themselves (Any, unions of several kinds, fixed-length tuples) goes to them, and a generated load that
meets data it does not expect (a missing required field, a wrong type) gives the whole value to the generic load,
so a bad or old save is read, or refused, exactly as before.

The generated load and copy build an object field by field without calling its __init__, as json would leave it:
the same attributes, none of the caches an engine keeps outside its fields. Classes with a __post_init__ or
init=False fields are built through __init__.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, Union, get_args, get_origin

T = TypeVar("T")

_ENCODE = json.JSONEncoder(separators=(",", ":"), sort_keys=True).encode


def dump(value: Any) -> Any:
    """Turn a state (or any supported value) into JSON-compatible data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _compiled("dump", type(value))(value)
    return _dump(value)


def load(cls: type[T], data: Any) -> T:
    """Rebuild a value of type `cls` from what `dump` produced."""
    if isinstance(cls, type) and dataclasses.is_dataclass(cls):
        try:
            return typing.cast(T, _compiled("load", cls)(data))
        except (_Unexpected, TypeError, ValueError, KeyError, AttributeError):
            pass  # the generic load reads it, or refuses it with its own message
    return typing.cast(T, _load(cls, data))


def dumps(value: Any) -> str:
    return _ENCODE(dump(value))


def loads(cls: type[T], text: str) -> T:
    return load(cls, json.loads(text))


def clone(value: T) -> T:
    """A deep copy, equal to what loading the value's dump gives (never through text): lists, dicts and nested
    dataclasses are new, immutable values shared; nothing outside the fields is copied."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return typing.cast(T, _compiled("copy", type(value))(value))
    return load(type(value), _dump(value))


# The generic functions: driven by each value (dump) or by the type hint at every step (load).


def _dump(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _dump(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, list | tuple):
        return [_dump(item) for item in value]
    if isinstance(value, set | frozenset):
        return sorted(_dump(item) for item in value)
    if isinstance(value, dict):
        return {_key_out(key): _dump(item) for key, item in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"cannot serialise {type(value).__name__}")


def _key_out(key: Any) -> str:
    if isinstance(key, enum.Enum):
        key = key.value
    if isinstance(key, bool) or not isinstance(key, int | str):
        raise TypeError(f"dict keys must be str, int or Enum, not {type(key).__name__}")
    return str(key)


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


# The generated functions, one of each kind per dataclass. Each is the source of a small function, made from
# expressions over one input: `_dump_of`, `_copy_of` and `_load_of` write the expression for a value of a type.


class _Unexpected(Exception):
    """A generated load met data it was not made for: the generic load takes the whole value."""


def _unexpected() -> Any:
    raise _Unexpected


_SCALARS = (str, int, bool, type(None))  # stored as they are, read back as they are


def _exact(tp: Any) -> frozenset[type] | None:
    """The JSON types a value of `tp` is, unchanged both ways (str, int, bool, None and their unions)."""
    if tp in _SCALARS:
        return frozenset({tp})
    if get_origin(tp) in (Union, types.UnionType):
        parts = [_exact(arg) for arg in get_args(tp)]
        if all(part is not None for part in parts):
            return frozenset().union(*typing.cast(list[frozenset[type]], parts))
    return None


def _immutable(tp: Any) -> bool:
    """Values of `tp` are never changed in place: a copy may share them."""
    if tp is float or _exact(tp) is not None or get_origin(tp) is typing.Literal:
        return True
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return True
    return get_origin(tp) in (Union, types.UnionType) and all(_immutable(arg) for arg in get_args(tp))


def _optional(tp: Any) -> Any | None:
    """T for `T | None` (one type besides None), else None."""
    if get_origin(tp) in (Union, types.UnionType):
        args = get_args(tp)
        rest = [arg for arg in args if arg is not type(None)]
        if len(rest) == 1 and len(args) == 2:
            return rest[0]
    return None


def _is_dataclass(tp: Any) -> bool:
    return isinstance(tp, type) and dataclasses.is_dataclass(tp)


class _Source:
    """The globals of the functions made for one dataclass: the values their code names."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {
            "_dump": _dump,
            "_load": _load,
            "_new": object.__new__,
            "_set": object.__setattr__,
            "_unexpected": _unexpected,
            "_sorted": sorted,
        }

    def name(self, value: Any) -> str:
        """A global name the code can use for `value`."""
        name = f"_g{len(self.names)}"
        self.names[name] = value
        return name

    def nested(self, kind: str, cls: type) -> str:
        """A name for the `kind` function of another dataclass, made on its first call (types may nest themselves)."""
        name = f"_g{len(self.names)}"

        def first(value: Any) -> Any:
            made = _compiled(kind, cls)
            self.names[name] = made
            return made(value)

        self.names[name] = first
        return name


def _dump_of(tp: Any, x: str, src: _Source, depth: int) -> str:
    """The expression for the JSON data of `x`, a value of type `tp`."""
    item = f"_i{depth}"
    inner = _optional(tp)
    if inner is not None:
        each = _dump_of(inner, x, src, depth)
        return x if each == x else f"(None if {x} is None else {each})"
    if tp is float or _exact(tp) is not None or get_origin(tp) is typing.Literal:
        return x
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return f"{x}.value"
    origin, args = get_origin(tp), get_args(tp)
    if origin in (list, set, frozenset) or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        each = _dump_of(args[0], item, src, depth + 1)
        listed = f"list({x})" if each == item else f"[{each} for {item} in {x}]"
        return f"_sorted({listed})" if origin in (set, frozenset) else listed
    if origin is dict and len(args) == 2:
        key, each = f"_k{depth}", _dump_of(args[1], item, src, depth + 1)
        key_type = args[0]
        if key_type is str and each == item:
            return f"dict({x})"
        if key_type is str:
            out = key
        elif key_type is int:
            out = f"str({key})"
        elif isinstance(key_type, type) and issubclass(key_type, enum.Enum):
            out = f"str({key}.value)"
        else:
            return f"_dump({x})"
        return f"{{{out}: {each} for {key}, {item} in {x}.items()}}"
    if _is_dataclass(tp):
        return f"{src.nested('dump', tp)}({x})"
    return f"_dump({x})"


def _copy_of(tp: Any, x: str, src: _Source, depth: int) -> str:
    """The expression for a copy of `x`, a value of type `tp`, equal to loading its dump."""
    item = f"_i{depth}"
    if tp is float:
        return f"float({x})"
    inner = _optional(tp)
    if inner is not None:
        each = _copy_of(inner, x, src, depth)
        return x if each == x else f"(None if {x} is None else {each})"
    if _immutable(tp):
        return x
    origin, args = get_origin(tp), get_args(tp)
    if origin in (list, set, frozenset) or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        each = _copy_of(args[0], item, src, depth + 1)
        if each == item:
            return f"{origin.__name__}({x})"
        listed = f"[{each} for {item} in {x}]"
        return listed if origin is list else f"{origin.__name__}({listed})"
    if origin is dict and len(args) == 2 and (args[0] in (str, int) or _immutable(args[0])):
        each = _copy_of(args[1], item, src, depth + 1)
        return f"dict({x})" if each == item else f"{{_k{depth}: {each} for _k{depth}, {item} in {x}.items()}}"
    if _is_dataclass(tp):
        return f"{src.nested('copy', tp)}({x})"
    return f"_load({src.name(tp)}, _dump({x}))"


def _load_of(tp: Any, x: str, src: _Source, depth: int) -> str:
    """The expression for the value of type `tp` that the JSON data `x` holds; it raises on data of another shape
    (the caller then gives the whole value to the generic load)."""
    item = f"_i{depth}"
    if tp is Any:
        return x
    exact = _exact(tp)
    if exact is not None:
        return f"({x} if {x}.__class__ in {src.name(exact)} else _unexpected())"
    if tp is float:
        return f"(float({x}) if {x}.__class__ in {src.name(frozenset({int, float}))} else _unexpected())"
    inner = _optional(tp)
    if inner is not None:
        return f"(None if {x} is None else {_load_of(inner, x, src, depth)})"
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return f"{src.name(tp)}({x})"
    origin, args = get_origin(tp), get_args(tp)
    if origin in (list, set, frozenset) or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        exact = _exact(args[0])
        if exact is not None:  # a list of scalars: its items' types checked at once, then copied whole
            listed = f"(list({x}) if {src.name(_scalars(list, exact))}({x}) else _unexpected())"
        else:
            each = _load_of(args[0], item, src, depth + 1)
            listed = f"[{each} for {item} in ({x} if {x}.__class__ is list else _unexpected())]"
        return listed if origin is list else f"{origin.__name__}({listed})"
    if origin is dict and len(args) == 2:  # (the data is never shared: lists and dicts are new, as generic ones)
        key_type = args[0]
        if key_type is str or key_type is Any:
            key = f"_k{depth}"
        elif key_type is int or (isinstance(key_type, type) and issubclass(key_type, enum.Enum)):
            key = f"{src.name(key_type)}(_k{depth})"
        else:
            return f"_load({src.name(tp)}, {x})"
        exact = _exact(args[1])
        if exact is not None and key == f"_k{depth}":
            return f"(dict({x}) if {src.name(_scalars(dict, exact))}({x}) else _unexpected())"
        each = _load_of(args[1], item, src, depth + 1)
        checked = f"({x} if {x}.__class__ is dict else _unexpected())"
        return f"{{{key}: {each} for _k{depth}, {item} in {checked}.items()}}"
    if _is_dataclass(tp):
        return f"{src.nested('load', tp)}({x})"
    return f"_load({src.name(tp)}, {x})"


def _scalars(container: type, allowed: frozenset[type]) -> Callable[[Any], bool]:
    """A check that data is a `container` (list or dict) whose items (values) are all of the `allowed` types."""
    if container is dict:
        return lambda data: data.__class__ is dict and set(map(type, data.values())) <= allowed
    return lambda data: data.__class__ is list and set(map(type, data)) <= allowed


def _built_by_init(cls: type) -> bool:
    """Whether objects of `cls` must be made through __init__ (it does more than set the fields)."""
    return hasattr(cls, "__post_init__") or any(not f.init for f in dataclasses.fields(cls))


def _setter(cls: type) -> Callable[[str, str], str]:
    """The statement that sets a field of `new`: a plain assignment unless the class has its own __setattr__ (a frozen
    dataclass, or one that counts changes): that is for changes, and making an object is none."""
    if cls.__setattr__ is object.__setattr__:
        return lambda field, value: f"new.{field} = {value}"
    return lambda field, value: f"_set(new, {field!r}, {value})"


@cache
def _compiled(kind: str, cls: type) -> Callable[[Any], Any]:
    """The `kind` function ("dump", "load" or "copy") made for the dataclass `cls`."""
    src = _Source()
    src.names["_cls"] = cls
    hints = _hints(cls)
    fields = dataclasses.fields(cls)
    lines = [f"def {kind}(v):"]
    if kind == "dump":
        # another class than the one this was made for (a subclass with more fields) is dumped as it is
        lines.append("    if v.__class__ is not _cls: return _dump(v)")
        entries = ", ".join(f"{f.name!r}: {_dump_of(hints[f.name], f'v.{f.name}', src, 0)}" for f in fields)
        lines.append(f"    return {{{entries}}}")
    elif kind == "copy":
        values = [(f.name, _copy_of(hints[f.name], f"v.{f.name}", src, 0)) for f in fields]
        lines += _building(cls, values)
    else:
        lines.append("    if v.__class__ is not dict: _unexpected()")
        values = []
        for index, f in enumerate(fields):
            local = f"f{index}"
            read = _load_of(hints[f.name], local, src, 0)
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                lines += [f"    {local} = v[{f.name!r}]", f"    {local} = {read}"]
            else:
                missing = (
                    src.name(f.default) if f.default is not dataclasses.MISSING else f"{src.name(f.default_factory)}()"
                )
                lines += [
                    f"    if {f.name!r} in v:",
                    f"        {local} = v[{f.name!r}]",
                    f"        {local} = {read}",
                    "    else:",
                    f"        {local} = {missing}",
                ]
            values.append((f.name, local))
        lines += _building(cls, values)
    code = "\n".join(lines)
    exec(compile(code, f"<serial {kind} {cls.__module__}.{cls.__qualname__}>", "exec"), src.names)
    made: Callable[[Any], Any] = src.names[kind]
    return made


def _building(cls: type, values: list[tuple[str, str]]) -> list[str]:
    """The lines that make an object of `cls` from (field, expression) pairs and return it."""
    if _built_by_init(cls):
        kwargs = ", ".join(f"{name}={value}" for name, value in values)
        return [f"    return _cls({kwargs})"]
    setter = _setter(cls)
    return ["    new = _new(_cls)", *(f"    {setter(name, value)}" for name, value in values), "    return new"]
