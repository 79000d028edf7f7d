"""Looking at a table: its status card, the server's list, a player's private view, boards now or at a past
turn (and zoomed), the history pages and the rules page."""

from __future__ import annotations

import asyncio
import difflib
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path

import rules
from render import renderer
from render.draw import encode_png
from render.record import table_facts
from rules import serial
from rules.base import Lookup, Meta, fill_seats, normal
from rules.text import count
from table.service.core import Caller, TableError, Tables, TableView, engine_of, namer, seat_of, title, told
from table.service.outbox import _made
from table.service.pictures import Pictures
from table.storage import ActionRow, Store, TableRow
from table.text import info, present, rules_pages

HISTORY_PAGE = 10
TABLE_RULES = Path(__file__).parent.parent / "table_rules.md"  # what every game's /rules page ends with


class Views:
    """Read-only views of a table; nothing here writes."""

    def __init__(self, store: Store, tables: Tables, pictures: Pictures) -> None:
        self.store = store
        self.tables = tables
        self.pictures = pictures

    async def view(self, channel_id: int) -> TableView:
        table = await self.tables.table_here(channel_id)
        return await self.view_of(table)

    async def view_of(self, table: TableRow) -> TableView:
        seats = await self.store.tables.seats(table.id)
        engine = engine_of(table)
        if table.state is None:
            return TableView(table, seats, engine.meta, [], None, "Gathering players.")
        state = self.tables.state(table)
        waiting = engine.awaiting(state)
        reminders = await self.store.clocks.reminders(table.id)
        since = min((row.since for row in reminders), default=None)
        status = fill_seats(engine.status(state, None), namer(seats))
        deadlines = {row.seat: row.deadline_at for row in reminders if row.deadline_at is not None}
        return TableView(table, seats, engine.meta, [s for s in seats if s.seat in waiting], since, status, deadlines)

    async def listing(self, guild_id: int, visible: Callable[[int], bool]) -> tuple[list[TableView], int]:
        """The server's tables in channels `visible` says the caller can see, and how many others there are:
        a private channel's players and turns are not shown to members outside it."""
        tables = await self.store.tables.tables_in_guild(guild_id)
        shown = [table for table in tables if visible(table.channel_id)]
        return [await self.view_of(table) for table in shown], len(tables) - len(shown)

    async def private_status(self, channel_id: int, caller: Caller) -> tuple[str, bytes | None]:
        """What only the caller may see: their hand, coins or secret choices (and a picture if the game has one)."""
        table = await self.tables.table_here(channel_id)
        seats, mine = await self.tables.seated(table, caller)
        engine = engine_of(table)
        state = self.tables.state(table)
        text = fill_seats(engine.status(state, mine.seat), namer(seats))
        hand = renderer(engine.meta.id).hand
        image = None
        if hand is not None:
            mine_view = engine.view(state, mine.seat)
            facts = table_facts(engine, state, [seat.name for seat in seats])
            image = await asyncio.to_thread(lambda: encode_png(hand(mine_view, mine.seat, facts)))
        return text, image

    async def board(
        self, channel_id: int, turn: int | None = None, zoom: str | None = None, full: bool = False
    ) -> tuple[str, bytes]:
        """The public board now or at the end of a past turn: as posted (a game with a large map posts the area
        of the action), the whole map (`full`), or enlarged around one place of the map (`zoom`)."""
        table = await self.tables.table_here(channel_id)
        engine = engine_of(table)
        seats = await self.store.tables.seats(table.id)
        names = [seat.name for seat in seats]
        if zoom is not None and full:
            raise TableError("Choose zoom or full, not both: zoom enlarges one place, full shows the whole map.")
        if turn is None:
            state = self.tables.state(table)
            key, label = (table.id, table.version, -1), f"now ({count(table.turns, 'turn')} played)"
        else:
            snapshot = await self.store.log.snapshot(table.id, turn)
            if snapshot is None:
                raise TableError(f"There is no board for turn {turn}: turns 0 (the start) to {table.turns} exist.")
            state = serial.loads(engine.State, snapshot.state)
            key, label = (table.id, snapshot.upto, turn), "at the start" if turn == 0 else f"at the end of turn {turn}"
        public = engine.view(state, None)
        drawn = renderer(engine.meta.id)
        zoomed = self._zoom_place(engine.meta, zoom, public) if zoom is not None else None
        whole = full and drawn.full is not None  # other games post their whole board already
        place = zoomed[0] if zoomed else None
        png = await self.pictures.draw(key, engine.meta.id, public, table_facts(engine, state, names), place, whole)
        around = f", around {zoomed[1]}" if zoomed else ", the whole map" if whole else ""
        return f"{engine.meta.title}{around}, {label}.", png

    @staticmethod
    def _zoom_place(meta: Meta, zoom: str, public: object) -> tuple[str, str]:
        """The renderer's id and name for a place named in /board zoom, or a refusal that says what may be named."""
        zooms = renderer(meta.id).zoom
        if zooms is None:
            raise TableError(f"The {meta.title} board has no zoomed view: /board shows all of it.")
        places = zooms.places(public)
        names = {normal(pid): pid for pid, _ in places} | {normal(name): pid for pid, name in places}
        found = names.get(normal(zoom))  # a name as shown, or an id ('crimson-bat' for 'Crimson Bat')
        if found is None:
            found = zooms.place(zoom)  # a game's other spellings
        if found is not None and found in dict(places):
            return found, dict(places)[found]
        close = difflib.get_close_matches(normal(zoom), list(names), n=1, cutoff=0.7)
        hint = next((f" Did you mean {n}?" for p, n in places if close and names[close[0]] == p), "")
        shown = present.escape_text(zoom[:40])
        raise TableError(f"There is no place called {shown} on the {meta.title} map.{hint} /board zoom lists them.")

    async def zoom_places(self, channel_id: int) -> list[tuple[str, str]]:
        """(id, name) of the places /board zoom accepts at this channel's table (its own map); none for a game
        without zoom or a table still gathering players."""
        table = await self.tables.table_here(channel_id)
        zooms = renderer(table.game).zoom
        if zooms is None or table.state is None:
            return []
        return list(zooms.places(engine_of(table).view(self.tables.state(table), None)))

    async def history(self, channel_id: int, page: int = 1, seat_user: int | None = None) -> tuple[str, int]:
        """A page of the action log, newest first; private events only for their owner."""
        table = await self.tables.table_here(channel_id)
        seats = await self.store.tables.seats(table.id)
        mine = seat_of(seats, seat_user) if seat_user is not None else None
        total = await self.store.log.action_count(table.id)
        pages = max(1, -(-total // HISTORY_PAGE))
        if not 1 <= page <= pages:
            raise TableError(f"History has pages 1 to {pages}.")
        rows = await self.store.log.actions_page(table.id, (page - 1) * HISTORY_PAGE, HISTORY_PAGE)
        name = namer(seats)
        logged = await self.store.log.actions(table.id)
        undone = {int(r.action["undoes"]) for r in logged if r.kind == "undo"}
        # one /undo logs a row per action it took back (a player's move and the bot's answers), all of one version
        takebacks: dict[int, list[ActionRow]] = {}
        for r in logged:
            if r.kind == "undo":
                takebacks.setdefault(_made(r), []).append(r)
        on_page, by_n = {r.n for r in rows}, {r.n: r for r in logged}
        lines = [f"**History of {title(table)}**, page {page}/{pages} (newest first)"]
        for row in rows:
            if row.kind == "undo":
                group = takebacks[_made(row)]
                newest = max(r.n for r in group)
                if row.n == newest:
                    lines.append(f"`#{row.n}` ↩ {_took_back(group, by_n, name)}")
                elif newest not in on_page:  # the rest of this take-back is on the page before
                    lines.append(f"`#{row.n}` ↩ (part of the take-back at #{newest})")
                continue
            mark = " ~~(taken back)~~" if row.n in undone else ""
            tag = " (played by the bot: time ran out)" if row.kind == "fallback" else ""
            said = told(row.events, row.action, row.seat, name, mine.seat if mine else None)
            lines.append(f"`#{row.n}` {said[0]}{tag}{mark}")
            lines += [f"  {line}" for line in said[1:]]
        return present.fit("\n".join(lines), tail="\n… (page cut to fit)"), pages

    async def info(self, channel_id: int, name: str) -> str:
        """/info: what one thing of this channel's game does (a race, a card, a spell...) or what a place of its map
        holds now, looked up by name."""
        table = await self.tables.table_here(channel_id)
        engine = rules.engine(table.game)
        return info.card(info.find(await self._lookups(table), name, engine.meta.title), engine.meta.title)

    async def info_picture(self, channel_id: int, name: str) -> bytes | None:
        """/info's picture of the thing `name` finds (a die's faces), as PNG; None where the game draws none."""
        table = await self.tables.table_here(channel_id)
        draw = renderer(table.game).info_picture
        if draw is None:
            return None
        entry = info.find(await self._lookups(table), name, rules.engine(table.game).meta.title)
        image = await asyncio.to_thread(draw, entry)
        return None if image is None else await asyncio.to_thread(encode_png, image)

    async def info_names(self, channel_id: int, typed: str) -> list[str]:
        """The names /info suggests for what has been typed so far (none outside a table's channel)."""
        table = await self.tables.table_here(channel_id)
        return [entry.name for entry in info.suggestions(await self._lookups(table), typed)]

    async def _lookups(self, table: TableRow) -> list[Lookup]:
        """What /info can explain at this table: the game's content, then the places of its map as they stand
        (public view, seats by name), once the game has begun."""
        engine = rules.engine(table.game)
        if table.state is None:
            return engine.glossary()
        name = namer(await self.store.tables.seats(table.id))
        places = engine.places(engine.view(self.tables.state(table), None))
        return engine.glossary() + [replace(entry, text=fill_seats(entry.text, name)) for entry in places]

    async def rules_text(self, channel_id: int, section: str | None = None, page: int = 1) -> tuple[str, str]:
        """/rules: the summary and the list of sections, or one page of a section, within one message; and the
        game whose rules they are."""
        table = await self.tables.table_here(channel_id)
        return rules_pages.answer(self.rules_page(table.game), section, page), table.game

    async def rules_sections(self, channel_id: int) -> list[str]:
        """The section titles of this channel's game's rules (for autocomplete)."""
        table = await self.tables.table_here(channel_id)
        return rules_pages.titles(self.rules_page(table.game))

    def rules_page(self, game: str) -> str:
        return _rules_page(game)


def _took_back(group: list[ActionRow], logged: dict[int, ActionRow], name: Callable[[int], str]) -> str:
    """Who took back what, in one line: "alice took back their move #2 and Bot 1's answer #3". The player who
    undid is the one whose move begins the chain (the bot moves after it were taken back with it)."""
    taken = sorted((logged[int(r.action["undoes"])] for r in group), key=lambda r: r.n)
    who = taken[0].seat
    answers: dict[int | None, list[int]] = {}
    for row in taken[1:]:
        answers.setdefault(row.seat, []).append(row.n)
    parts = [f"their move #{taken[0].n}"] + [
        f"{name(seat or 0)}'s {'answer' if len(ns) == 1 else 'answers'} {_and([f'#{n}' for n in ns])}"
        for seat, ns in answers.items()
    ]
    return f"{name(who or 0)} took back {_and(parts)}"


def _and(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


@cache
def _rules_page(game: str) -> str:
    """The game's rules page and the table's own rules after it, read once (autocomplete asks on every key)."""
    engine = rules.engine(game)
    path = Path(rules.__file__).parent / engine.meta.id / "rules.md"  # each game's page sits beside its rules
    page = path.read_text(encoding="utf-8") if path.exists() else f"# {engine.meta.title}\n\n{engine.meta.summary}\n"
    return page.rstrip("\n") + "\n\n" + TABLE_RULES.read_text(encoding="utf-8")
