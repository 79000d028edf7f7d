"""Choosing casualties by select menu: the table offers the damaged player's valid sets, fewest losses first."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from rules.base import Choice
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import Damage
from table.service import Caller, Post, TableError, TableService
from table.storage import Store
from tests.rules.dragondice.helpers import EMBER, MIST, position

ALICE, BOB = Caller(1, "alice"), Caller(2, "bob")
CHANNEL, GUILD = 500, 50
ATTACKS = ("melee", "missile")


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    store = await Store.open(tmp_path / "dd.sqlite3")
    seeds = iter(range(1, 10**6))
    yield TableService(store, seeds=lambda: next(seeds))
    await store.close()


def _aggressive(choices: list[Choice]) -> Choice:
    """Attack when possible so a casualty decision comes up soon; otherwise the quick (usual) step."""
    attacks = [c for c in choices if c.action["type"] in ATTACKS]
    quick = [c for c in choices if c.quick]
    return (attacks or quick or choices)[0]


async def _play_until_casualty_menu(service: TableService) -> Post:
    await service.create(GUILD, CHANNEL, ALICE, "dragondice", {"force": "36"})
    await service.join(CHANNEL, BOB)
    post = await service.start(CHANNEL, ALICE, "joined")
    for _ in range(400):
        if any(menu.action == "casualties" for menu in post.menus):
            return post
        table = await service.table_here(CHANNEL)
        seat = min(dd.awaiting(service.state(table)))
        caller = (ALICE, BOB)[seat]
        _, choices = await service.choices(CHANNEL, caller.user_id)
        post = await service.act(CHANNEL, caller, _aggressive(choices).action)
    raise AssertionError("no casualty decision with a choice came up")


async def test_casualties_are_offered_by_select_menu_through_the_table(service: TableService):
    post = await _play_until_casualty_menu(service)
    (menu,) = [m for m in post.menus if m.action == "casualties"]
    table = await service.table_here(CHANNEL)
    state = service.state(table)
    hit = state.damage[0]
    assert menu.seat == hit.seat and menu.version == table.version
    assert menu.placeholder.startswith(f"{('alice', 'bob')[hit.seat]}: Choose which of your units die.")
    legal = dd.legal(state, hit.seat)
    assert list(menu.options) == [c.label for c in legal][:25]  # in legal() order, fewest losses first
    assert all(label.endswith(f" of {hit.amount} damage") for label in menu.options if "Nobody" not in label)
    owner, other = (ALICE, BOB)[hit.seat], (ALICE, BOB)[1 - hit.seat]
    with pytest.raises(TableError, match="another player's move"):
        await service.pick(other, menu.table_id, menu.version, menu.seat, "casualties", 0)
    index = len(menu.options) - 1  # the last offered set, not the cheapest one the button takes
    chosen = legal[index].action["units"].split(",")
    after = await service.pick(owner, menu.table_id, menu.version, menu.seat, "casualties", index)
    dead = {u.id for u in service.state(await service.table_here(CHANNEL)).units if u.where in ("dead", "buried")}
    assert set(chosen) <= dead and "to the dead unit area" in after.text
    with pytest.raises(TableError, match="earlier moment"):
        await service.pick(owner, menu.table_id, menu.version, menu.seat, "casualties", 0)


def test_casualties_action_is_declared_as_a_menu():
    """Casualties and the marching player's decisions are picked from a list, and so are the main actions, which
    the turn's 'Next' line offers in menus under the board (38934c8, docs/commands.md), spells to announce
    included (the magic step's line names cast first); the rest (counter and counterattack answers, pass, the
    draft) stay commands and buttons."""
    assert dd.meta.action("casualties").menu
    menus = {spec.name for spec in dd.meta.actions if spec.menu}
    assert menus == {"casualties", "choose", "manoeuvre", "melee", "missile", "magic", "cast", "reinforce", "retreat"}


def test_casualty_menu_lists_the_fewest_losses_first_when_there_are_more_than_25_sets():
    """A big army and big damage give dozens of valid sets; the menu's first 25 must be the cheapest ones."""
    kinds = [
        MIST + "fen_runner",
        MIST + "reed_skirmisher",
        MIST + "tide_caller",
        MIST + "gale_archer",
        MIST + "leviathan",
        MIST + "storm_herald",
    ]
    defenders = [kind for kind in kinds for _ in range(2)]
    state = position({(0, "t2"): [EMBER + "crucible_knight"] * 3, (1, "t2"): defenders}, faces=(3, 3, 1))
    state.damage.append(Damage(1, "t2", 9, "Melee"))
    choices = dd.legal(state, 1)
    assert len(choices) > 25
    used = [sum(state.unit(uid).health for uid in c.action["units"].split(",")) for c in choices]
    losses = [(u, len(c.action["units"].split(","))) for u, c in zip(used, choices, strict=True)]
    assert losses == sorted(losses)  # least health lost first, then fewest dice
    assert choices[0].quick and not any(c.quick for c in choices[1:])
    assert min(used) == used[0] and used[24] <= min(used[25:])
