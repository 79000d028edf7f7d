"""A tiny discord.py bot, configured like bot.py (env vars -> class attributes), to test the stand-in itself.

Run as a script: `python -m tests.e2e.mini_client`. It syncs /ping, /echo, /later, /dm and a persistent
"pbp:mini:..." button, then serves until killed.
"""

from __future__ import annotations

import io
import os

import discord
import yarl
from discord import app_commands


class Clicker(discord.ui.View):
    """A persistent view: survives restarts because its custom_id is fixed and it is re-added at start."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Click", custom_id="pbp:mini:click")
    async def click(self, interaction: discord.Interaction, button: discord.ui.Button[Clicker]) -> None:
        await interaction.response.send_message(f"clicked by {interaction.user.name}", ephemeral=True)


class MiniClient(discord.Client):
    def __init__(self) -> None:
        # a short wait for GUILD_CREATEs: on_ready (where this client syncs) comes sooner
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.2)
        self.tree = app_commands.CommandTree(self)
        register(self.tree)

    async def setup_hook(self) -> None:
        self.add_view(Clicker())

    async def on_ready(self) -> None:
        for guild in self.guilds:
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)


def register(tree: app_commands.CommandTree[MiniClient]) -> None:
    @tree.command(description="Answer with a file and a button.")
    async def ping(interaction: discord.Interaction) -> None:
        file = discord.File(io.BytesIO(b"\x89PNG fake"), filename="pong.png")
        await interaction.response.send_message("pong", file=file, view=Clicker())

    @tree.command(description="Repeat the text, ephemerally.")
    @app_commands.describe(text="What to say", times="How many times")
    async def echo(interaction: discord.Interaction, text: str, times: int = 1) -> None:
        await interaction.response.send_message(" ".join([text] * times), ephemeral=True)

    @tree.command(description="Defer, then post to the channel with a file and edit the reply.")
    async def later(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("board", file=discord.File(io.BytesIO(b"board-bytes"), filename="b.png"))
        await interaction.edit_original_response(content="done")
        await interaction.followup.send("extra", ephemeral=True)

    @tree.command(description="DM a user.")
    async def dm(interaction: discord.Interaction, user: discord.User) -> None:
        try:
            await user.send("hello by DM")
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"closed: {exc.code}", ephemeral=True)
        else:
            await interaction.response.send_message("sent", ephemeral=True)


def main() -> None:
    discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])
    MiniClient().run(os.environ["DISCORD_TOKEN"])


if __name__ == "__main__":
    main()
