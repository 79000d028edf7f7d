"""A tiny discord.py AutoShardedClient serving one shard of two, to prove the stand-in's gateway sharding.

Run as a script: `python -m tests.e2e.shard_client SHARD_ID`. It prints "ready" on on_ready, syncs /whoami
(the answer names the shard that served it) and serves until killed.
"""

from __future__ import annotations

import os
import sys

import discord
import yarl
from discord import app_commands

SHARD_COUNT = 2


class ShardClient(discord.AutoShardedClient):
    def __init__(self, shard_id: int) -> None:
        super().__init__(
            intents=discord.Intents.default(), shard_ids=[shard_id], shard_count=SHARD_COUNT, guild_ready_timeout=0.2
        )
        self.shard = shard_id
        self.tree = app_commands.CommandTree(self)

        @self.tree.command(description="Name the shard that got this interaction.")
        async def whoami(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"shard {self.shard}", ephemeral=True)

    async def on_ready(self) -> None:
        for guild in self.guilds:
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        print("ready", self.shard, sorted(self.shards), [guild.id for guild in self.guilds], flush=True)


def main() -> None:
    discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])
    ShardClient(int(sys.argv[1])).run(os.environ["DISCORD_TOKEN"])


if __name__ == "__main__":
    main()
