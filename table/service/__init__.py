"""The table service as parts (issue #39): the public import for the front ends and tests.

`from table.service import TableService, Caller, TableError, Post, ...` names what the front ends use; the parts
live in the modules of this package and are put together in table/service/service.py.
"""

from __future__ import annotations

from table.service.core import ACTIVE, MIN_PACE, Ask, Caller, TableError, TableView
from table.service.outbox import MAX_MENUS, MAX_QUICK, MENU_SIZE, BoardSource, Menu, Post, Quick
from table.service.service import TableService
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
