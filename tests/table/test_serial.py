"""State round-trips through JSON for every field type engines use."""

import enum
from dataclasses import dataclass, field

import pytest

from rules import serial


class Terrain(enum.Enum):
    HILL = "hill"
    SEA = "sea"


@dataclass
class Piece:
    kind: str
    strength: int = 1


@dataclass
class Sample:
    name: str
    owner: int | None
    ratio: float
    terrain: Terrain
    pieces: list[Piece] = field(default_factory=list)
    by_seat: dict[int, list[str]] = field(default_factory=dict)
    by_terrain: dict[Terrain, int] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)
    spot: tuple[int, int] = (0, 0)
    path: tuple[str, ...] = ()
    nested: dict[str, dict[str, Piece]] = field(default_factory=dict)


def test_round_trip_of_every_supported_type():
    value = Sample(
        "x",
        None,
        2.0,
        Terrain.SEA,
        [Piece("ship", 3)],
        {0: ["a"], 11: []},
        {Terrain.HILL: 2},
        {"b", "a"},
        (3, 4),
        ("p", "q"),
        {"r": {"s": Piece("t")}},
    )
    text = serial.dumps(value)
    assert serial.loads(Sample, text) == value
    assert serial.dumps(serial.loads(Sample, text)) == text
    assert serial.clone(value) == value and serial.clone(value) is not value


def test_wrong_data_is_refused():
    with pytest.raises(TypeError):
        serial.load(Piece, {"kind": 3})
    with pytest.raises(TypeError):
        serial.dump(object())
