"""State round-trips through JSON for every field type engines use; the functions made per dataclass (dump, load,
copy) give what the generic ones give, on every type and on states of seeded games of every game; old saves load."""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import pytest

import rules
from rules import serial
from rules.base import SeatInfo
from rules.rng import Rng

SAVES = Path(__file__).parent / "saves"


class Terrain(enum.Enum):
    HILL = "hill"
    SEA = "sea"


class Level(enum.IntEnum):
    LOW = 2
    HIGH = 10


@dataclass
class Piece:
    kind: str
    strength: int = 1


@dataclass(frozen=True)
class Spot:
    x: int
    y: int


@dataclass
class Counted:
    """A class that counts its changes (as Genertela's Unit does): made objects are not changes."""

    changes: dict[str, int] = field(default_factory=dict)
    value: int = 0

    def __setattr__(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)


@dataclass
class Derived:
    """A class whose __post_init__ works something out: it is made through __init__."""

    base: int
    double: int = 0

    def __post_init__(self) -> None:
        self.double = self.base * 2


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
    levels: frozenset[Level] = frozenset()
    terrains: set[Terrain] = field(default_factory=set)
    maybe: Piece | None = None
    kind: Literal["a", "b"] = "a"
    either: int | str = 0
    anything: Any = None
    ratios: list[float] = field(default_factory=list)
    frozen: Spot | None = None
    counted: list[Counted] = field(default_factory=list)
    derived: Derived | None = None
    level: Level | None = None
    grid: list[list[int | None]] = field(default_factory=list)
    by_place: dict[Terrain, Piece] = field(default_factory=dict)


def full_sample() -> Sample:
    return Sample(
        "x ë 日本",
        None,
        2.0,
        Terrain.SEA,
        [Piece("ship", 3)],
        {0: ["a"], 11: [], 2: ["b"]},
        {Terrain.HILL: 2},
        {"b", "a"},
        (3, 4),
        ("p", "q"),
        {"r": {"s": Piece("t")}},
        frozenset({Level.HIGH, Level.LOW}),
        {Terrain.SEA, Terrain.HILL},
        Piece("cart"),
        "b",
        "seven",
        {"free": [1, {"form": True}]},
        [0.5, 3.0, 1e16],
        Spot(1, 2),
        [Counted({"a": 1}, 4)],
        Derived(5),
        Level.HIGH,
        [[1, None], []],
        {Terrain.SEA: Piece("x")},
    )


def reference_dumps(value: Any) -> str:
    """The stored text as the generic dump makes it: what every save before the generated functions holds."""
    return json.dumps(serial._dump(value), separators=(",", ":"), sort_keys=True)


def made_load(cls: type, data: Any) -> Any:
    """The load made for `cls`, alone: serial.load hands data it refuses to the generic load, whose answer is right
    but slow, so a made load that refused good data would pass unseen through serial.load."""
    return serial._compiled("load", cls)(data)


def test_round_trip_of_every_supported_type() -> None:
    value = full_sample()
    text = serial.dumps(value)
    assert serial.loads(Sample, text) == value
    assert serial.dumps(serial.loads(Sample, text)) == text
    assert serial.clone(value) == value and serial.clone(value) is not value


def test_generated_functions_give_what_the_generic_ones_give() -> None:
    for value in (full_sample(), Sample("", 3, 1.0, Terrain.HILL)):
        text = serial.dumps(value)
        assert text == reference_dumps(value)
        assert serial.dump(value) == serial._dump(value)
        data = json.loads(text)
        loaded = made_load(Sample, data)
        assert loaded == serial._load(Sample, data)
        assert reference_dumps(loaded) == text
        copy = serial.clone(value)
        assert copy == serial._load(Sample, serial._dump(value)) and reference_dumps(copy) == text
        assert_nothing_shared(value, copy)


def test_loading_leaves_the_data_to_its_caller() -> None:
    """As the generic load: no list or dict of the data is in the state (an Any field's value aside: taken as it is)."""
    data = json.loads(serial.dumps(full_sample()))
    loaded = serial.load(Sample, data)
    assert loaded.seen is not data["seen"] and loaded.ratios is not data["ratios"]
    assert loaded.by_seat is not data["by_seat"] and loaded.by_seat[0] is not data["by_seat"]["0"]
    assert loaded.by_terrain is not data["by_terrain"] and loaded.grid[0] is not data["grid"][0]


def test_a_float_stored_as_a_whole_number_comes_back_a_float() -> None:
    value = Sample("", None, 3, Terrain.SEA, ratios=[1, 2.5])
    copy, loaded = serial.clone(value), serial.loads(Sample, serial.dumps(value))
    for made in (copy, loaded):
        assert type(made.ratio) is float and [type(r) for r in made.ratios] == [float, float]


def test_a_class_with_post_init_is_made_through_it() -> None:
    value = Sample("", None, 1.0, Terrain.SEA, derived=Derived(4, 99))
    assert serial.clone(value).derived == Derived(4)  # as loading its dump: __post_init__ works double out again
    assert serial.loads(Sample, serial.dumps(value)).derived == Derived(4)


def test_what_an_engine_keeps_outside_the_fields_is_not_copied() -> None:
    value = Piece("ship")
    value.__dict__["_cache"] = {"kept": "here"}
    assert "_cache" not in serial.clone(value).__dict__
    assert "_cache" not in serial.dump(value)


def test_old_and_odd_saves_load_as_the_generic_load_reads_them() -> None:
    data = json.loads(serial.dumps(full_sample()))
    # an old save, from before some fields existed, and one with a field since dropped: defaults, and ignored
    old = {key: value for key, value in data.items() if key not in ("seen", "maybe", "kind")} | {"gone": 1}
    loaded = made_load(Sample, old)
    assert loaded == serial._load(Sample, old)
    assert (loaded.seen, loaded.maybe, loaded.kind) == (set(), None, "a")
    # data the generated load was not made for goes to the generic load: a union it picks from, and refusals
    assert serial.load(Sample, data | {"either": 3}).either == 3
    for bad in (
        data | {"owner": "3"},
        data | {"owner": True},
        data | {"pieces": {"kind": "ship"}},
        data | {"seen": [1]},
        data | {"by_seat": {"x": []}},
        data | {"terrain": "lava"},
        data | {"kind": "c"},
        data | {"ratios": [True]},
        {key: value for key, value in data.items() if key != "name"},
    ):
        with pytest.raises((TypeError, ValueError)):
            serial._load(Sample, bad)
        with pytest.raises((TypeError, ValueError)):
            serial.load(Sample, bad)


def test_a_subclass_is_dumped_with_its_own_fields() -> None:
    @dataclass
    class Boat(Piece):
        sails: int = 2

    value = Sample("", None, 1.0, Terrain.SEA, pieces=[Boat("boat")])
    assert serial.dump(value)["pieces"] == [{"kind": "boat", "strength": 1, "sails": 2}]
    assert serial.dumps(value) == reference_dumps(value)


def test_wrong_data_is_refused() -> None:
    with pytest.raises(TypeError):
        serial.load(Piece, {"kind": 3})
    with pytest.raises(TypeError):
        serial.dump(object())


def assert_nothing_shared(one: Any, other: Any, path: str = "state") -> None:
    """No list, dict, set or dataclass object is in both values: changing one never changes the other."""
    if isinstance(one, list | dict | set) or (dataclasses.is_dataclass(one) and not one.__dataclass_params__.frozen):  # type: ignore[union-attr]
        assert one is not other, f"{path} is shared"
    if dataclasses.is_dataclass(one):
        for f in dataclasses.fields(one):
            assert_nothing_shared(getattr(one, f.name), getattr(other, f.name), f"{path}.{f.name}")
    elif isinstance(one, dict):
        for key in one:
            assert_nothing_shared(one[key], other[key], f"{path}[{key!r}]")
    elif isinstance(one, list | tuple):
        for index, (a, b) in enumerate(zip(one, other, strict=True)):
            assert_nothing_shared(a, b, f"{path}[{index}]")


def seeded_states(game: str, seeds: int = 3, steps: int = 90, every: int = 5) -> Iterator[Any]:
    """States along seeded random games of `game`: the start and every `every`-th action's result."""
    engine = rules.engine(game)
    players = max(engine.meta.min_players, min(engine.meta.max_players, 3))
    for seed in range(seeds):
        state = engine.new([SeatInfo() for _ in range(players)], engine.meta.resolve_options({}), Rng(seed))
        chooser = random.Random(seed)
        yield state
        for step in range(steps):
            if engine.outcome(state) is not None:
                break
            seat = chooser.choice(sorted(engine.awaiting(state)))
            engine.act(state, seat, chooser.choice(engine.legal(state, seat)).action, Rng(chooser.randrange(2**62)))
            if step % every == 0:
                yield state


@pytest.mark.parametrize("game", list(rules.engines()))
def test_every_game_state_through_the_generated_functions_as_through_the_generic_ones(game: str) -> None:
    engine = rules.engine(game)
    checked = 0
    for state in seeded_states(game):
        text = reference_dumps(state)
        assert serial.dumps(state) == text
        data = json.loads(text)
        loaded = made_load(engine.State, data)
        assert loaded == serial._load(engine.State, data) and reference_dumps(loaded) == text
        copy = serial.clone(state)
        assert copy == state and reference_dumps(copy) == text
        assert_nothing_shared(state, copy)
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("game", list(rules.engines()))
def test_saves_made_before_the_generated_functions_still_load(game: str) -> None:
    """tests/rules/saves/<game>.jsonl: states of a seeded random game (seed 7, at its start, after 30 and 150 random
    actions or at its end) as serial.dumps stored them at commit 70ebfba, before the generated functions. Each loads
    as the generic load reads it, and its text comes back keeping every value it held (new fields may be added)."""
    engine = rules.engine(game)
    lines = (SAVES / f"{game}.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) >= 2
    for line in lines:
        state = made_load(engine.State, json.loads(line))
        assert state == serial._load(engine.State, json.loads(line)) == serial.loads(engine.State, line)
        assert_kept(json.loads(line), json.loads(serial.dumps(state)))
        assert serial.dumps(serial.clone(state)) == serial.dumps(state)


def assert_kept(old: Any, new: Any, path: str = "save") -> None:
    """Every value the old data holds is in the new data, at the same place (the new may hold more keys)."""
    if isinstance(old, dict):
        assert isinstance(new, dict), path
        for key, value in old.items():
            assert key in new, f"{path}.{key} was dropped"
            assert_kept(value, new[key], f"{path}.{key}")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(new) == len(old), path
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            assert_kept(a, b, f"{path}[{index}]")
    else:
        assert old == new and type(old) is type(new), path
