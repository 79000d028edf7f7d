"""Reminders and the bots' posts in a console: printed where Discord would DM, mention or post."""

from __future__ import annotations

from typing import TYPE_CHECKING

from table.service import Post
from table.service.clock import Origin

if TYPE_CHECKING:
    from console.session import Console


class PrintNotifier:
    def __init__(self, console: Console) -> None:
        self.console = console

    async def dm(self, user_id: int, text: str, origin: Origin) -> bool:
        self.console.say(f"(DM to {self.console.name_of(user_id)}) {text}\n— {origin.game} in this console's tables")
        return True

    async def mention(self, channel_id: int, user_id: int, text: str) -> None:
        self.console.say(f"(in the channel) @{self.console.name_of(user_id)} {text}")

    async def post(self, post: Post) -> None:
        await self.console.show(post)
