"""The parsed states of the tables acted on recently, kept between actions so that an action does not read its
state's JSON again (issue #39).

A state is kept with the table's version it was stored at, and asked for with the version the caller read under the
table's lock: any other version is a miss, so a write this process did not see (another process on the same
database, an undo, an edit) is never missed. The cache is bounded: past `size` tables, the one used longest ago goes.

Who owns what: the cache owns the states it holds, and they never change.
- `get` (and `read`) hands out a copy (rules.serial.clone, about a tenth of a load), the caller's to change: acting on
  it, a refused action included, leaves the kept state as it was.
- `put` keeps the very object it is given: the caller hands it over and must not change it afterwards (put the state
  an action made once it is committed; showing it, its views and its legal moves only read it).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from rules import serial

SIZE = 1000  # tables kept: the ones acted on recently (bench/state_cache.py measures the memory it takes)


class StateCache:
    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self._kept: OrderedDict[int, tuple[int, Any]] = OrderedDict()  # table -> (version, state), oldest use first
        self._lock = threading.Lock()  # the service calls from the event loop, and may from its worker threads
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, table_id: int, version: int) -> Any | None:
        """A copy of the table's state at `version`, or None if it is not kept at that version."""
        with self._lock:
            found = self._kept.get(table_id)
            if found is None or found[0] != version:
                self.misses += 1
                if found is not None and found[0] < version:
                    del self._kept[table_id]  # written since: it will never be asked for again
                return None
            self._kept.move_to_end(table_id)
            self.hits += 1
        return serial.clone(found[1])  # outside the lock: a kept state never changes

    def put(self, table_id: int, version: int, state: Any) -> None:
        """Keep `state` as the table's state at `version`, in place of any other. The cache takes the object itself:
        nothing may change it afterwards."""
        with self._lock:
            kept = self._kept.get(table_id)
            if kept is not None and kept[0] > version:
                return  # a newer version is kept already (a slow reader put what it read before a write)
            self._kept[table_id] = (version, state)
            self._kept.move_to_end(table_id)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def drop(self, table_id: int) -> None:
        """Forget the table (it ended, was deleted or moved away)."""
        with self._lock:
            self._kept.pop(table_id, None)

    def read(self, table_id: int, version: int, parse: Callable[[], Any]) -> Any:
        """The table's state at `version`, the caller's to change: a copy of the kept one, else what `parse` makes
        of the stored text (kept, and a copy handed out)."""
        found = self.get(table_id, version)
        if found is not None:
            return found
        state = parse()
        self.put(table_id, version, state)
        return serial.clone(state)
