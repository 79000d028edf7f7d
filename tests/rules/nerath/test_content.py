"""The map and content files: structure, counts and the validator's error messages."""

import json
import shutil
from collections import Counter, deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules.nerath.content import CONTENT, CONTENT_DIR, REALM_ORDER, ContentError, load_content

SPACES = CONTENT.spaces


def test_adjacency_is_symmetric():
    for space in SPACES.values():
        for other in space.adjacent:
            assert space.id in SPACES[other].adjacent, (space.id, other)


def test_every_space_is_reachable():
    start = next(iter(SPACES))
    seen = {start}
    queue = deque([start])
    while queue:
        for other in SPACES[queue.popleft()].adjacent:
            if other not in seen:
                seen.add(other)
                queue.append(other)
    assert seen == set(SPACES)


def test_starting_land_counts_are_15_13_13_14():
    counts = Counter(s.realm for s in SPACES.values() if s.kind == "land")
    assert counts == {"karkoth": 15, "vailin": 13, "iron_circle": 13, "nerath": 14}


def _land_fronts() -> set[frozenset[str | None]]:
    """The pairs of realms whose starting land spaces touch (a land space's realm is never None: content checks)."""
    return {
        frozenset((space.realm, SPACES[other].realm))
        for space in SPACES.values()
        for other in space.adjacent
        if space.kind == "land" and SPACES[other].kind == "land" and SPACES[other].realm != space.realm
    }


def test_allies_share_a_land_front_and_every_realm_faces_an_enemy_by_land():
    fronts = _land_fronts()
    assert {frozenset(("karkoth", "iron_circle")), frozenset(("vailin", "nerath"))} <= fronts
    enemies = {"karkoth": ("vailin", "nerath"), "iron_circle": ("vailin", "nerath")}
    enemies |= {"vailin": ("karkoth", "iron_circle"), "nerath": ("karkoth", "iron_circle")}
    for realm, theirs in enemies.items():
        assert any(frozenset((realm, enemy)) in fronts for enemy in theirs), realm


def test_every_realm_is_one_piece_of_land_apart_from_its_island():
    for realm in REALM_ORDER:
        land = {s.id for s in SPACES.values() if s.kind == "land" and s.realm == realm and not s.island}
        start = next(iter(land))
        seen, queue = {start}, deque([start])
        while queue:
            for other in SPACES[queue.popleft()].adjacent:
                if other in land and other not in seen:
                    seen.add(other)
                    queue.append(other)
        assert seen == land, realm


def test_the_four_named_capitals():
    capitals = {s.name: s.realm for s in SPACES.values() if s.capital}
    assert capitals == {
        "Karkothi Throneholds": "karkoth",
        "Vailindor": "vailin",
        "Citadel of Iron's Grasp": "iron_circle",
        "Mithrafast": "nerath",
    }
    assert {r: CONTENT.realms[r].capital for r in REALM_ORDER} == {s.realm: s.id for s in SPACES.values() if s.capital}


def test_islands_touch_only_sea():
    islands = [s for s in SPACES.values() if s.island]
    assert len(islands) == 4
    for island in islands:
        assert all(SPACES[o].kind == "sea" for o in island.adjacent)


def test_dungeon_entrances_and_sea_spaces_exist():
    kinds = Counter(s.kind for s in SPACES.values())
    assert kinds["dungeon"] == 6 and kinds["sea"] >= 30


def test_two_impassable_corners_are_not_spaces():
    names = [name for name, _ in CONTENT.impassable]
    assert len(names) == 2
    assert not any("Impassable" in s.name for s in SPACES.values())
    corners = {c for _, centres in CONTENT.impassable for c in centres}
    assert not corners & {s.centre for s in SPACES.values()}


def test_starting_gold_10_11_12_13():
    assert [CONTENT.realms[r].gold for r in REALM_ORDER] == [10, 11, 12, 13]


def test_starting_pieces_stand_in_own_land_or_beside_it():
    for realm in CONTENT.realms.values():
        kinds: Counter[str] = Counter()
        for space, kind, count in realm.start:
            kinds[kind] += count
            if SPACES[space].kind == "land":
                assert SPACES[space].realm == realm.id
            else:
                assert CONTENT.pieces[kind].type == "sea"
        assert kinds["castle"] >= 2 and kinds["warship"] >= 1


def test_each_realm_starts_with_an_army_in_its_own_style():
    armies: dict[str, Counter[str]] = {realm: Counter() for realm in REALM_ORDER}
    for realm in CONTENT.realms.values():
        for _, kind, count in realm.start:
            armies[realm.id][kind] += count

    def most(*kinds: str) -> str:
        return max(REALM_ORDER, key=lambda realm: sum(armies[realm][kind] for kind in kinds))

    assert most("footsoldier", "monster") == "karkoth"  # the undead hordes
    assert most("fighter", "wizard") == "vailin"  # the elves' Heroes
    assert most("siege_engine") == "iron_circle"  # war machines
    assert most("castle") == "nerath"  # castles and knights
    assert armies["iron_circle"]["warship"] >= 2 and armies["nerath"]["warship"] >= 2  # the two fleets


def test_piece_table_matches_the_published_numbers():
    table = {p.id: (p.type, p.cost, p.die, p.move) for p in CONTENT.pieces.values()}
    assert table == {
        "footsoldier": ("land", 1, 6, 1),
        "siege_engine": ("land", 2, 8, 1),
        "fighter": ("land", 2, 10, 2),
        "wizard": ("land", 3, 10, 2),
        "monster": ("land", 3, 12, 2),
        "castle": ("land", 4, 20, 0),
        "storm_elemental": ("flying", 3, 8, 2),
        "dragon": ("flying", 5, 20, 3),
        "warship": ("sea", 2, 8, 2),
    }


def test_house_content_is_marked_as_ours():
    for name in ("map.json", "events.json", "treasures.json", "guardians.json"):
        data = json.loads((CONTENT_DIR / name).read_text())
        assert data["source"] == "house"
    assert len({c.realm for c in CONTENT.events.values()}) == 4
    assert all(1 <= t.vp <= 3 for t in CONTENT.treasures.values())


def test_every_name_used_resolves():
    for card in CONTENT.events.values():
        assert card.effect.piece in ("", *CONTENT.pieces)
    for space, kind, _ in (x for r in CONTENT.realms.values() for x in r.start):
        assert space in SPACES and kind in CONTENT.pieces


def _broken(tmp_path: Path, name: str, change) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    data = json.loads((target / name).read_text())
    change(data)
    (target / name).write_text(json.dumps(data))
    return target


def test_validator_names_file_entry_and_field_for_a_bad_piece(tmp_path):
    def change(data):
        data["decks"]["karkoth"][0]["effect"] = {"kind": "free_pieces", "piece": "unicorn", "count": 1}

    with pytest.raises(ContentError, match=r"events.json: entry 'tithe-of-bones', field 'effect.piece'"):
        load_content(_broken(tmp_path, "events.json", change))


def test_validator_refuses_one_way_adjacency(tmp_path):
    def change(data):
        data["spaces"][0]["adjacent"].append("quarryside")

    with pytest.raises(ContentError, match=r"map.json: entry 'ashfen', field 'adjacent'"):
        load_content(_broken(tmp_path, "map.json", change))


def test_validator_refuses_a_guardian_without_source(tmp_path):
    def change(data):
        del data["guardians"][0]["source"]

    with pytest.raises(ContentError, match=r"guardians.json: entry 'goblin-warband', field 'source': missing"):
        load_content(_broken(tmp_path, "guardians.json", change))


def _set(path: tuple[str | int, ...], value: Any) -> Callable[[Any], None]:
    """A change that sets the value at `path` (keys and list indexes) in a file's data."""

    def change(data: Any) -> None:
        for step in path[:-1]:
            data = data[step]
        data[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("name", "change", "expected"),
    [
        pytest.param(
            "pieces.json",
            _set(("pieces", 2, "cost"), "2"),
            "pieces.json: entry 'fighter', field 'cost': must be a whole number, not text",
            id="wrong type",
        ),
        pytest.param(
            "pieces.json",
            _set(("pieces", 2, "cost"), 6),
            "pieces.json: entry 'fighter', field 'cost': must be at most 5, not 6",
            id="out of range",
        ),
        pytest.param(
            "treasures.json",
            _set(("treasures", 0, "power", "kind"), "income_bonus"),
            "treasures.json: entry 'crown-of-the-lost-king', field 'power.kind': "
            "'income_bonus' is not one of gold, free_pieces, strike",
            id="a lasting effect is no Power",
        ),
        pytest.param(
            "realms.json",
            _set(("realms", 0, "short"), None),
            "realms.json: entry 'karkoth', field 'short': must be text, not null",
            id="null for text",
        ),
        pytest.param(
            "map.json",
            _set(("spaces", 0, "colour"), "red"),
            "map.json: entry 'ashfen', field 'colour': is not a field of this entry "
            "(it knows id, name, kind, realm, capital, island, centre, adjacent, source)",
            id="stray field",
        ),
        pytest.param(
            "map.json",
            _set(("width",), 10.5),
            "map.json: entry 'map', field 'width': must be a whole number, not a number",
            id="top-level field",
        ),
        pytest.param(
            "events.json",
            _set(("decks", "karkoth", 0, "effect"), {"kind": "gold"}),
            "events.json: entry 'tithe-of-bones', field 'effect.amount': missing (a gold effect needs it)",
            id="effect kind needs a field",
        ),
        pytest.param(
            "events.json",
            _set(("decks", "karkoth", 0, "effect", "piece"), "dragon"),
            "events.json: entry 'tithe-of-bones', field 'effect.piece': a gold effect does not take it",
            id="effect kind refuses a field",
        ),
        pytest.param(
            "map.json",
            _set(("spaces", 0, "realm"), None),
            "map.json: entry 'ashfen', field 'realm': a land space must start in one of "
            "karkoth, vailin, iron_circle, nerath",
            id="land without realm",
        ),
        pytest.param(
            "guardians.json",
            _set(("guardians", 0, "dice", 1), 7),
            "guardians.json: entry 'goblin-warband', field 'dice[1]': 7 is not one of 6, 8, 10, 12, 20",
            id="no such die",
        ),
        pytest.param(
            "realms.json",
            _set(("realms", 0, "start", 1, "pieces", "unicorn"), 1),
            "realms.json: entry 'karkoth', field 'start[1].pieces.unicorn': 'unicorn' is not a piece in pieces.json",
            id="unknown starting piece",
        ),
    ],
)
def test_validator_words_every_error_the_shared_way(
    tmp_path: Path, name: str, change: Callable[[Any], None], expected: str
) -> None:
    with pytest.raises(ContentError) as error:
        load_content(_broken(tmp_path, name, change))
    assert str(error.value) == expected


def test_validator_refuses_an_event_id_used_in_two_decks(tmp_path: Path) -> None:
    def change(data: Any) -> None:
        data["decks"]["vailin"][0]["id"] = data["decks"]["karkoth"][0]["id"]

    with pytest.raises(ContentError, match=r"^events.json: entry 'tithe-of-bones', field 'id': is used twice$"):
        load_content(_broken(tmp_path, "events.json", change))


def test_free_for_all_garrisons_stand_in_own_land_and_add_no_second_castle():
    """The free-for-all and 3-player extras (house) go on the realm's own land or the sea beside it, never a second
    Castle."""
    castles = {space for r in CONTENT.realms.values() for space, kind, _ in r.start if kind == "castle"}
    for realm in CONTENT.realms.values():
        for space, kind, count in realm.free_for_all + realm.three_players:
            assert count >= 1 and kind in CONTENT.pieces
            if SPACES[space].kind == "land":
                assert SPACES[space].realm == realm.id, (realm.id, space)
            else:
                assert CONTENT.pieces[kind].type == "sea"
            if kind == "castle":
                assert count == 1 and space not in castles, space
                castles.add(space)
    assert any(r.free_for_all for r in CONTENT.realms.values())
    assert any(r.three_players for r in CONTENT.realms.values())


def test_validator_names_a_bad_free_for_all_space(tmp_path):
    def change(data):
        data["realms"][2]["free_for_all"] = [{"space": "atlantis", "pieces": {"footsoldier": 1}}]

    with pytest.raises(ContentError, match=r"realms.json: entry 'iron_circle', field 'free_for_all\[0\].space'"):
        load_content(_broken(tmp_path, "realms.json", change))
