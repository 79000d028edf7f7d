"""Every turn's message ends with what the awaited player may do now, and every command it names works.

Seeded games of every installed game are played through the table service. At several points the turn's message
(and the console's block) must end with the "next" line; each command that line shows is typed back, as a slash
command and at the console, and must reach the engine as a legal action (the engine's `act` is stubbed while
checking, so nothing is played). The line names nothing only its player may see; the main action it names has a
button or a menu; every button and menu label fits Discord and is never cut inside a word or a number. No id is
written here: all of it is read from what the bot shows.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

import rules
from console.session import Console
from console.words import split_named
from rules.base import Choice
from rules.nextstep import grouped, hidden, secrets
from table.service import Post
from table.service.outbox import BUTTON_LABEL, MENU_LABEL
from table.text import next_line
from table.text.names import humanized
from table.text.present import cut
from tests.support.seeded import SeededTable
from tests.table.test_typed_back import Typist

CHECKS = (0, 1, 3, 8, 15)  # the steps of each game at which the line is read and typed back
COMMAND = re.compile(r"`([^`]+)`")


def _cut_whole(label: str, full: str, limit: int) -> str | None:
    """What is wrong with `label`, shown for the choice labelled `full`: too long, or cut inside a word."""
    if len(label) > limit:
        return f"{len(label)} characters: {label!r}"
    if label == full:
        return None
    kept = label.removesuffix("…").rstrip()
    if not label.endswith("…") or not full.startswith(kept):
        return f"{label!r} is not {full!r} cut short"
    after = full[len(kept) : len(kept) + 1]
    if kept and kept[-1].isalnum() and after.isalnum():
        return f"{label!r} cuts {full!r} inside a word or number"
    return None


async def _console_block(console: Console, post: Post) -> list[str]:
    out = io.StringIO()
    console.out = out
    await console.show(post)
    return out.getvalue().rstrip("\n").splitlines()


async def _check(typist: Typist, console: Console, person: str, post: Post) -> list[str]:
    service, engine, meta = typist.service, typist.engine, typist.meta
    channel = console.channel_id
    table, choices = await service.choices(channel, typist.caller(person).user_id)
    seat = next(
        s.seat for s in await service.store.tables.seats(table.id) if s.user_id == typist.caller(person).user_id
    )
    state = service.state(table)
    listed = [choice.action for choice in choices]

    def legal(got: dict[str, Any] | str) -> bool:  # listed, or a free-form action the engine accepts (orders)
        return got in listed or (isinstance(got, dict) and engine.is_legal(state, seat, got))

    wrong: list[str] = []
    mine = [found for found in post.next if found.seat == seat]
    if len(mine) != 1:
        return [f"{meta.id}: {len(mine)} next lines for {person} in {post.next}"]
    shown = mine[0]
    if not post.text.endswith("\n".join(found.slash for found in post.next)):
        wrong.append(f"{meta.id}: the turn's message does not end with the next line: {post.text[-300:]!r}")
    block = await _console_block(console, post)
    if block[-len(post.next) :] != [found.bare for found in post.next]:
        wrong.append(f"{meta.id}: the console's block ends {block[-2:]}, not with {shown.bare!r}")

    # nothing only the player may see: no value of a hidden choice is named, as an id or as people write it
    secret = secrets(engine.view(state, seat), engine.view(state, None))
    private = {value for c in choices if hidden(c, secret) for value in map(str, c.action.values()) if value in secret}
    for value in private:
        for spelling in {value, humanized(value)}:
            if re.search(rf"\b{re.escape(spelling)}\b", shown.slash):
                wrong.append(f"{meta.id}: the next line names {spelling!r}, which only {person} may see")

    # each command shown, typed back: in Discord's form and in the console's, it is a legal action
    group = meta.command or meta.id
    slashes, bares = COMMAND.findall(shown.slash), COMMAND.findall(shown.bare)
    if not slashes or len(slashes) != len(bares):
        wrong.append(f"{meta.id}: commands {slashes} in Discord, {bares} at the console")
    for slash, bare in zip(slashes, bares, strict=False):
        if not slash.startswith(f"/{group} ") or slash.removeprefix(f"/{group} ") != bare:
            wrong.append(f"{meta.id}: {slash!r} in Discord is not /{group} and the console's {bare!r}")
        words = bare.split()
        spec = meta.action(words[0])
        if len(words) == 1 and any(p.required for p in spec.params):  # named without values: only a secret's
            mine_of_kind = [c for c in choices if c.action["type"] == spec.name]
            if not mine_of_kind or not all(hidden(c, secret) for c in mine_of_kind):
                wrong.append(f"{meta.id}: {bare!r} gives no values, though its choices may be shown")
            continue
        _, values = split_named(words[1:], {p.name for p in spec.params})
        got = await typist.slash(person, spec.name, values)
        if not legal(got):
            wrong.append(f"{meta.id}: {slash!r} -> {got}")
        got = await typist.line(person, bare)
        if not legal(got):
            wrong.append(f"{meta.id}: console {bare!r} -> {got}")

    # the main action the line names first has a button or a menu under the board
    first = bares[0].split()[0] if bares else ""
    quick = [c for c in choices if c.quick]
    offered = {quick[q.index].action["type"] for q in post.quick if q.seat == seat}
    offered |= {menu.action for menu in post.menus if menu.seat == seat}
    of_kind = [c for c in choices if c.action["type"] == first]
    if first and first not in offered and not all(hidden(c, secret) for c in of_kind):
        wrong.append(f"{meta.id}: no button or menu for {first!r} (buttons and menus: {sorted(offered)})")

    # labels fit Discord and are cut between words
    for q in post.quick:
        problem = _cut_whole(q.label, quick[q.index].label, BUTTON_LABEL) if q.seat == seat else None
        wrong += [f"{meta.id}: button {problem}"] if problem else []
    for menu in (menu for menu in post.menus if menu.seat == seat):
        fulls = [c.label for c in choices if c.action["type"] == menu.action]
        for label, full in zip(menu.options, fulls, strict=False):
            problem = _cut_whole(label, full, MENU_LABEL)
            wrong += [f"{meta.id}: menu option {problem}"] if problem else []
    return wrong


@pytest.mark.parametrize("game", sorted(rules.engines()))
async def test_every_turn_ends_with_what_to_do_next_and_its_commands_work(game: str, tmp_path: Path) -> None:
    async with SeededTable.opened(game, tmp_path) as table:
        typist = Typist(table.service, table.console, table.engine)
        wrong: list[str] = []
        async for step in table.play(max(CHECKS) + 1):
            if step.number in CHECKS:
                wrong += await _check(typist, table.console, step.awaited[0][0], step.post)
        assert table.post is not None
        assert not (table.post.finished and table.post.next), f"{game}: a finished game's message says what to do next"
        assert not wrong, "\n".join(wrong[:30]) + f"\n({len(wrong)} in all)"


@pytest.mark.parametrize(
    ("text", "limit", "shown"),
    [
        ("Move 12 Footsoldiers from Karkothi Throneholds to Anvilpeak", 30, "Move 12 Footsoldiers from…"),
        ("Spend 1234567890 points", 12, "Spend…"),
        ("Mark a3", 80, "Mark a3"),
    ],
)
def test_a_label_is_cut_between_words_never_inside_one(text: str, limit: int, shown: str) -> None:
    assert cut(text, limit) == shown
    assert _cut_whole(cut(text, limit), text, limit) is None


def test_the_default_line_groups_a_long_list_counts_it_and_names_a_few() -> None:
    meta = rules.engine("tictactoe").meta
    marks = [Choice({"type": "mark", "square": f"{c}{r}"}, f"Mark {c}{r}") for c in "abc" for r in "123"]
    steps = grouped(meta, [Choice({"type": "resign"}, "Resign"), *marks], spell=next_line.typed)
    text = next_line.line(steps, "Alice", "ttt", str)
    assert text.startswith("➡️ Next for Alice: put your mark on an empty square: any of 9, such as a1, a2, a3…")
    assert "(`/ttt mark square:a1`)" in text and text.endswith("; or Resign (`/ttt resign`).")


def test_a_short_list_whose_labels_are_long_names_every_choice_without_such_as() -> None:
    meta = rules.engine("tictactoe").meta
    long = " - the square in the corner of the grid, far from the centre"
    marks = [Choice({"type": "mark", "square": square}, f"Mark {square}{long}") for square in ("a1", "c3", "b2")]
    text = next_line.line(grouped(meta, marks, spell=next_line.typed), "Alice", "ttt", str)
    assert text.startswith("➡️ Next for Alice: put your mark on an empty square: a1, c3 or b2 (`/ttt mark square:a1`)")
    assert "such as" not in text and "any of" not in text


def test_a_list_of_unit_ids_is_said_by_its_first_label_not_by_its_ids() -> None:
    meta = rules.engine("dragondice").meta
    armies = [f"u{i},u{i + 1},u{i + 2}" for i in range(0, 15, 3)]
    retreats = [
        Choice({"type": "retreat", "units": ids}, f"Retreat your whole army {n}") for n, ids in enumerate(armies)
    ]
    text = next_line.line(grouped(meta, retreats, spell=next_line.typed), "Alice", "dd", str)
    assert "any of 5, such as Retreat your whole army 0 (`/dd retreat units:u0,u1,u2`)" in text
    assert "u3,u4,u5" not in text  # the ids belong in the command, not strung together in the sentence
