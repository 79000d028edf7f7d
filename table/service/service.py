"""The table service: everything a player or admin can do to a table, with no Discord in it.

Cogs and the console call these methods with the caller and the channel; each method either returns what to
show or raises TableError / RuleError with a message for that caller alone. A change to a game is one SQLite
transaction, made under the table's lock on a copy of the state, so a refused action writes nothing.

The methods live in one module per seam (see table/service/core.py); this class only puts them together.
"""

from __future__ import annotations

from table.service.core import ACTIVE, MIN_PACE, Ask, Caller, TableError, TableView
from table.service.manage import Management
from table.service.outbox import MAX_MENUS, MAX_QUICK, MENU_SIZE, BoardSource, Menu, Post, Quick
from table.service.privacy import Privacy
from table.service.views import HISTORY_PAGE

__all__ = [
    "ACTIVE",
    "HISTORY_PAGE",
    "MAX_MENUS",
    "MAX_QUICK",
    "MENU_SIZE",
    "MIN_PACE",
    "Ask",
    "BoardSource",
    "Caller",
    "Menu",
    "Post",
    "Quick",
    "TableError",
    "TableService",
    "TableView",
]


class TableService(Privacy, Management):
    """One table service per bot (or console): the lobby, play and undo, bot seats, management, privacy, views
    and the outbox."""
