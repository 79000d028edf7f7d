"""The one content loader every game shares: one error type, JSON reading that names the file, and field schemas
declared as data.

A game describes each kind of entry as a `Schema` (field name -> `Field`, made with `text`, `whole`, `flag`,
`listed`, `record`, ...) and hands its entries to `check` or `entries`; what comes back is the entry with every
field checked and every default filled in, ready to become the game's frozen dataclasses. What a schema cannot say
(an id another file must know, a neighbour that must list this place back) the game checks after, with `Where.fail`
or `check_adjacency`, so every error reads the same in every game:

    races.json: entry 'gnomes', field 'tokens': must be a whole number, not text
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


Source = Literal["published", "house"]  # every entry says whose it is: a fact of the published game, or ours
SOURCES: tuple[Source, ...] = ("published", "house")


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


@dataclass(frozen=True)
class Where:
    """One entry of one file: what an error about its fields names."""

    file: str
    entry: str

    def fail(self, field: str, problem: str) -> ContentError:
        return fail(self.file, self.entry, field, problem)

    def inner(self, entry: str) -> Where:
        """An entry nested in this one (a placement of a turn, a face of a die)."""
        return Where(self.file, f"{self.entry}, {entry}")


_REQUIRED: Any = object()  # a field's default when it has none: the field must be there


@dataclass(frozen=True)
class Field:
    """What one field of an entry must hold. Made by the functions below, never by hand."""

    kinds: tuple[type, ...]  # the JSON types accepted
    what: str  # the kind as an error says it: "a whole number"
    default: Any = _REQUIRED
    choices: tuple[Any, ...] = ()
    low: int | float | None = None
    high: int | float | None = None
    item: Field | None = None  # for lists and tables: every item's rule
    schema: Schema | None = None  # for records: the nested entry's fields
    length: int | None = None  # for lists: exactly this many items
    nonempty: bool = False
    shape: Callable[[Any], Any] | None = None  # turns the checked JSON into what the game keeps (list -> tuple)
    keys: tuple[str, ...] = ()  # for tables: the only keys allowed, when given
    nullable: bool = False  # null is a value (kept as None), not an error

    @property
    def required(self) -> bool:
        return self.default is _REQUIRED


Schema = Mapping[str, Field]


def text(
    choices: Iterable[str] = (), default: Any = _REQUIRED, nonempty: bool = False, nullable: bool = False
) -> Field:
    """A string, one of `choices` when given (or null, when `nullable`)."""
    return Field((str,), "text", default, choices=tuple(choices), nonempty=nonempty, nullable=nullable)


def whole(
    low: int | None = None,
    high: int | None = None,
    default: Any = _REQUIRED,
    choices: Iterable[int] = (),
    nullable: bool = False,
) -> Field:
    """A whole number (true/false is not one), within [low, high] and one of `choices` when given (or null, when
    `nullable`: "no limit")."""
    return Field((int,), "a whole number", default, choices=tuple(choices), low=low, high=high, nullable=nullable)


def number(low: float | None = None, high: float | None = None, default: Any = _REQUIRED) -> Field:
    """A whole or decimal number."""
    return Field((int, float), "a number", default, low=low, high=high)


def flag(default: Any = _REQUIRED) -> Field:
    """true or false."""
    return Field((bool,), "true or false", default)


def anything(default: Any = _REQUIRED) -> Field:
    """Any JSON value; the game checks it itself."""
    return Field((object,), "a value", default)


def listed(
    item: Field | None = None, default: Any = _REQUIRED, length: int | None = None, nonempty: bool = False
) -> Field:
    """A list, each item checked by `item`; kept as a tuple."""
    return Field((list,), "a list", default, item=item, length=length, nonempty=nonempty, shape=tuple)


def texts(default: Any = _REQUIRED, choices: Iterable[str] = (), nonempty: bool = False) -> Field:
    """A list of strings, each one of `choices` when given; kept as a tuple."""
    return listed(text(choices), default, nonempty=nonempty)


def point(default: Any = _REQUIRED) -> Field:
    """[x, y] in whole numbers; kept as a pair."""
    return listed(whole(), default, length=2)


def record(schema: Schema, default: Any = _REQUIRED) -> Field:
    """A nested object with its own fields."""
    return Field((dict,), "an object", default, schema=schema)


def table(item: Field, default: Any = _REQUIRED, keys: Iterable[str] = ()) -> Field:
    """An object whose keys are names the game chooses (among `keys`, when given), each value checked by `item`."""
    return Field((dict,), "an object", default, item=item, keys=tuple(keys))


def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    return {int: "a whole number", float: "a number", str: "text", list: "a list", dict: "an object"}.get(
        type(value), "null"
    )


def _value(where: Where, name: str, rule: Field, value: Any, closed: bool) -> Any:
    """One value checked against its rule (recursing into lists, tables and records), shaped for the game."""
    if value is None and rule.nullable:
        return None
    accepted = isinstance(value, rule.kinds) and not (isinstance(value, bool) and bool not in rule.kinds)
    if rule.kinds == (object,):
        accepted = True
    if not accepted:
        raise where.fail(name, f"must be {rule.what}, not {_kind_of(value)}")
    if rule.choices and value not in rule.choices:
        raise where.fail(
            name, f"{value!r} is not one of {', '.join(str(c) if c != '' else repr(c) for c in rule.choices)}"
        )
    if rule.low is not None and value < rule.low:
        raise where.fail(name, f"must be at least {rule.low}, not {value}")
    if rule.high is not None and value > rule.high:
        raise where.fail(name, f"must be at most {rule.high}, not {value}")
    if rule.nonempty and not value:
        raise where.fail(name, "must not be empty")
    if rule.length is not None and len(value) != rule.length:
        raise where.fail(name, f"must hold exactly {rule.length} items, not {len(value)}")
    if rule.schema is not None:
        return check(where, value, rule.schema, prefix=f"{name}.", closed=closed)
    if rule.item is not None and isinstance(value, list):
        value = [_value(where, f"{name}[{index}]", rule.item, item, closed) for index, item in enumerate(value)]
    elif rule.item is not None and isinstance(value, dict):
        for key in value:
            if rule.keys and key not in rule.keys:
                raise where.fail(name, f"{key!r} is not one of {', '.join(rule.keys)}")
        value = {key: _value(where, f"{name}.{key}", rule.item, item, closed) for key, item in value.items()}
    return rule.shape(value) if rule.shape else value


def check(where: Where, raw: Any, schema: Schema, prefix: str = "", closed: bool = False) -> dict[str, Any]:
    """The entry's fields, each checked against the schema, defaults filled in. `closed`: a field the schema does not
    know is an error, here and in every nested record (a misspelt optional field would otherwise pass unseen)."""
    if not isinstance(raw, dict):
        raise where.fail(prefix.rstrip(".") or "(entry)", f"must be an object, not {_kind_of(raw)}")
    result: dict[str, Any] = {}
    for name, rule in schema.items():
        if name not in raw:
            if rule.required:
                raise where.fail(prefix + name, "missing")
            result[name] = rule.default
            continue
        result[name] = _value(where, prefix + name, rule, raw[name], closed)
    if closed:
        for name in raw:
            if name not in schema:
                raise where.fail(prefix + name, f"is not a field of this entry (it knows {', '.join(schema)})")
    return result


def entries(
    file: str, data: Any, schema: Schema, key: str = "id", closed: bool = False
) -> list[tuple[Where, dict[str, Any]]]:
    """Every entry of a list of objects, checked, each with the Where its later errors name. Each entry is named by
    its `key` field, which must be text and unique in the file."""
    if not isinstance(data, (list, tuple)):  # a tuple: a list field another schema has checked already
        raise ContentError(f"{file}: must be a list of entries, not {_kind_of(data)}")
    result: list[tuple[Where, dict[str, Any]]] = []
    seen: set[str] = set()
    for index, raw in enumerate(data):
        name = raw.get(key) if isinstance(raw, dict) else None
        where = Where(file, name if isinstance(name, str) and name else f"#{index + 1}")
        checked = check(where, raw, {key: text(nonempty=True), **schema}, closed=closed)
        if checked[key] in seen:
            raise where.fail(key, "is used twice")
        seen.add(checked[key])
        result.append((where, checked))
    return result


def check_adjacency(file: str, neighbours: Mapping[str, Sequence[str]], field: str = "adjacent") -> None:
    """Every neighbour exists, is not the place itself and lists the place back."""
    for place, others in neighbours.items():
        for other in others:
            if other == place:
                raise fail(file, place, field, "a place cannot be next to itself")
            if other not in neighbours:
                raise fail(file, place, field, f"{other!r} is not a place on this map")
            if place not in neighbours[other]:
                raise fail(file, place, field, f"{other!r} does not list {place!r} back")


Built = TypeVar("Built", bound="DataclassInstance")


def build(cls: type[Built], entry: Mapping[str, Any], **given: Any) -> Built:
    """The game's dataclass from a checked entry's fields of the same names (fields such as `source` and `note` are
    documentation and left out), with `given` for what the game worked out itself; a field neither holds keeps the
    dataclass's default."""
    values = {**entry, **given}
    return cls(**{field.name: values[field.name] for field in fields(cls) if field.name in values})
