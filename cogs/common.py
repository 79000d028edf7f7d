"""What every cog shares: who is calling, how refusals are answered, how a game post is sent."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

import discord

import rules
from rules.base import RuleError
from rules.notation import DiceError
from table.service import Caller, Post, TableError, TableService
from table.service.clock import Origin
from table.service.outbox import NotShown
from table.service.web_links import Link
from table.text.durations import DurationError
from table.text.present import escape_text, fit

if TYPE_CHECKING:
    from bot import TableBot

log = logging.getLogger(__name__)

# While another interaction is waiting for its answer, a new one is acknowledged at once (privately), before any
# store or engine work: waiting its turn for the database or the CPU must not cost it Discord's 3-second window.
# One whose answer has gone out (its board still being drawn, say) does not count: a player's next command,
# sent once they read the answer to the last, is answered as usual, in public when it is public.
BUSY = 1
_in_flight: set[discord.Interaction[Any]] = set()
# An action still being handled after this many seconds is acknowledged privately first, whatever the load (an
# action takes 10-60 ms on an idle machine, so only a starved one waits this long; 1.5 s left p99 at 1.5 s):
# a slow disk or a long queue for one table's lock must not cost the player Discord's 3-second window.
ACK_WITHIN = 0.8
_T = TypeVar("_T")

# Refusals a player can fix: shown to them alone, nothing was written.
PLAYER_ERRORS = (TableError, RuleError, DiceError, DurationError)
NO_MENTIONS = discord.AllowedMentions.none()


def pinging(user_ids: list[int]) -> discord.AllowedMentions:
    """Exactly these users may be pinged by a message: never everyone, here, a role or anyone else."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(id=user) for user in user_ids], replied_user=False
    )


def service_of(interaction: discord.Interaction[Any]) -> TableService:
    bot: TableBot = interaction.client
    return bot.service


def caller_of(interaction: discord.Interaction[Any]) -> Caller:
    user = interaction.user
    admin = bool(interaction.permissions.manage_channels) if interaction.guild else False
    return Caller(user.id, shown_name(user), admin)


def shown_name(user: discord.abc.User) -> str:
    """A display name as every message may show it: markdown and mentions escaped, so a player called
    `<@1003> **bob**` reads as typed and pings or bolds nothing."""
    return escape_text(user.display_name[:64])


def visible_to(interaction: discord.Interaction[Any]) -> Callable[[int], bool]:
    """Whether the caller may view a channel of this server (the channel they are in, always): what /game list
    may show them. A channel the bot does not know is treated as hidden."""
    guild, user, here = interaction.guild, interaction.user, interaction.channel_id

    def can_see(channel_id: int) -> bool:
        if channel_id == here:
            return True
        if guild is None or not isinstance(user, discord.Member):
            return False
        channel = guild.get_channel_or_thread(channel_id)
        return channel is not None and channel.permissions_for(user).view_channel

    return can_see


def open_to_all(channel: object) -> bool | None:
    """Whether every member of the server can view the channel (its @everyone role can; a thread as its parent, a
    private thread never): the server's web page lists only such tables. None when the bot can't tell (a DM, a
    channel or parent it has not cached)."""
    if isinstance(channel, discord.Thread) and channel.type is discord.ChannelType.private_thread:
        return False
    if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return None
    everyone = channel.guild.get_role(channel.guild.id)  # the @everyone role (not cached yet: can't tell)
    if everyone is None:
        return None
    try:
        return bool(channel.permissions_for(everyone).view_channel)
    except discord.ClientException:  # a thread whose parent is not cached
        return None


def member_caller(member: discord.abc.User) -> Caller:
    return Caller(member.id, shown_name(member), bot=member.bot)


async def on_tree_error(interaction: discord.Interaction[Any], error: Exception) -> None:
    """Every command's refusals in one place: player errors are answered privately; bugs are logged."""
    original = getattr(error, "original", error)
    if isinstance(original, PLAYER_ERRORS):
        await refuse(interaction, str(original))
        return
    if isinstance(original, discord.app_commands.CheckFailure):
        await refuse(interaction, str(original) or "You can't use that command here.")
        return
    log.exception("command failed", exc_info=original)
    await refuse(interaction, "Something went wrong on our side; nothing was changed. Please try again.")


def inert_mentions(text: str) -> str:
    """@everyone, @here, <@user> and <@&role> made plain text (channel links <#id> stay)."""
    return text.replace("@everyone", "@\u200beveryone").replace("@here", "@\u200bhere").replace("<@", "<@\u200b")


async def refuse(interaction: discord.Interaction[Any], message: str) -> None:
    """An ephemeral answer, whether or not the interaction was already answered. A refusal often quotes what was
    typed: its mentions are broken (not only kept silent), so it reads as text."""
    text = fit(inert_mentions(message))
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)


async def say(
    interaction: discord.Interaction[Any],
    message: str,
    ephemeral: bool = False,
    mentions: discord.AllowedMentions = NO_MENTIONS,
    **extra: Any,
) -> None:
    """Answer the interaction. A public answer to one acknowledged early (privately) goes to the channel as a message
    of its own, and its author is told so privately: a follow-up would keep the acknowledgement's privacy."""
    text = fit(message)
    channel = interaction.channel
    if not ephemeral and interaction.extras.get(EARLY) and isinstance(channel, discord.abc.Messageable):
        await channel.send(text, allowed_mentions=mentions, **extra)
        await interaction.followup.send(EARLY_DONE, ephemeral=True, allowed_mentions=NO_MENTIONS)
        return
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=ephemeral, allowed_mentions=mentions, **extra)
    else:
        await interaction.response.send_message(text, ephemeral=ephemeral, allowed_mentions=mentions, **extra)


class Acting:
    """An interaction being handled: `early` once Discord was acknowledged privately before the result was ready
    (a public result then goes to the channel as a message of its own, see send_post and say)."""

    def __init__(self, interaction: discord.Interaction[Any], busy: bool) -> None:
        self.interaction, self.busy = interaction, busy

    @property
    def early(self) -> bool:
        return bool(self.interaction.extras.get(EARLY))

    async def __call__(self, work: Awaitable[_T]) -> _T:
        """The work's result. When the bot is busy, Discord is acknowledged privately before the work begins (it may
        wait for the database or the CPU); otherwise only if it is not done within ACK_WITHIN."""
        if self.busy:
            await self._acknowledge()
        task = asyncio.ensure_future(work)
        try:
            done, _ = await asyncio.wait({task}, timeout=ACK_WITHIN)
            if not done:
                await self._acknowledge()
            return await task
        except asyncio.CancelledError:
            task.cancel()
            raise

    async def _acknowledge(self) -> None:
        if self.interaction.response.is_done():
            return
        try:
            await self.interaction.response.defer(ephemeral=True, thinking=True)
            self.interaction.extras[EARLY] = True
        except discord.HTTPException:
            log.warning("the early acknowledgement failed; the work goes on")


@contextlib.asynccontextmanager
async def acting(interaction: discord.Interaction[Any]) -> AsyncIterator[Acting]:
    """Around the handling of an interaction; the work goes through the yielded Acting, busy when at least BUSY
    other interactions are waiting for their answer."""
    waiting = sum(1 for other in _in_flight if not other.response.is_done())
    _in_flight.add(interaction)
    try:
        yield Acting(interaction, busy=waiting >= BUSY)
    finally:
        _in_flight.discard(interaction)


def board_file(png: bytes, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(png), filename=name)


def post_view(post: Post) -> discord.ui.View | None:
    """Select menus, then quick buttons, under the board, as persistent dynamic items (they survive restarts), and
    last the link to the table's web page.

    Discord allows five rows: a menu fills a row, buttons share the rows that are left, five to a row.
    """
    from cogs.buttons import MenuSelect, QuickButton

    if not post.quick and not post.menus and post.link is None:
        return None
    view = discord.ui.View(timeout=None)
    for row, menu in enumerate(post.menus[:4]):
        select = MenuSelect(menu.table_id, menu.version, menu.seat, menu.action, menu.placeholder, menu.options)
        select.item.row = row
        view.add_item(select)
    rows_left = 5 - min(len(post.menus), 4)
    room = 5 * rows_left - (post.link is not None)  # the link keeps its place when the buttons would fill the rows
    for quick in post.quick[:room]:
        view.add_item(QuickButton(quick.table_id, quick.version, quick.seat, quick.index, quick.label))
    if post.link is not None:
        view.add_item(link_button(post.link))
    return view


def link_button(link: Link) -> discord.ui.Button[Any]:
    """A button that opens a web address (the table's page, the server's list): Discord opens it, the bot is not
    called."""
    return discord.ui.Button(style=discord.ButtonStyle.link, label=link.label[:80], url=link.url)


def link_view(link: Link | None) -> dict[str, Any]:
    """say's `view` argument for a reply with a link button; nothing without one."""
    if link is None:
        return {}
    view = discord.ui.View(timeout=None)
    view.add_item(link_button(link))
    return {"view": view}


def post_content(post: Post) -> tuple[str, discord.AllowedMentions]:
    # the players awaited, or at the game's end every player (the outbox names them): pinged once, in one line
    mentions = " ".join(f"<@{user}>" for user in post.mentions)
    text = fit(post.text + (f"\n{mentions}" if mentions else ""))
    return text, pinging(post.mentions)


SECRET_ACK = "Done. Your choice stays secret until the game reveals it."
EARLY_ACK = "Done: your move is posted in the channel."
EARLY_DONE = "Done: the answer is posted in the channel."  # any other command acknowledged early
EARLY = "acknowledged early"  # the key in interaction.extras once the interaction was acknowledged early, privately


async def send_post(interaction: discord.Interaction[Any], post: Post, private_ack: str | None = None) -> None:
    """Answer an action: events, board and buttons in the channel; private lines to their owners.

    One message per turn: a post that continues the turn edits the turn's message in place, and the actor is
    answered privately with a link to it; a post that someone new must act on is a new message that pings them.
    The action is already committed. Discord is answered first (a deferral, or a private acknowledgement), then
    the board is drawn, so the 3-second window never depends on drawing (the outbox's show does it all, in order).
    """
    if private_ack is None and interaction.extras.get(EARLY):
        private_ack = EARLY_DONE  # a follow-up would be as private as the early acknowledgement: post in the channel
    message_id = await service_of(interaction).show(post, InteractionScreen(interaction, private_ack))
    if message_id is None:
        # The move is committed: say so (never "nothing was changed"); the catch-up posts the board later.
        log.warning("posting table %s version %s failed; the catch-up will post it", post.table_id, post.version)
        with contextlib.suppress(discord.HTTPException):
            await say(interaction, "Your move is made. Discord refused the board just now; it will be posted shortly.")
        return
    await deliver_private(interaction.client, post, interaction, message_id)


def message_parts(post: Post, picture: bytes) -> tuple[str, dict[str, Any]]:
    """The one message a change becomes: events and mentions, the board picture (or the post's own file: a
    timelapse), quick buttons."""
    text, mentions = post_content(post)
    file = board_file(picture) if post.file is None else board_file(picture, post.file[0])
    extra: dict[str, Any] = {"allowed_mentions": mentions, "file": file}
    view = post_view(post)
    if view is not None:
        extra["view"] = view
    return text, extra


def jump_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """A link that opens a message in Discord (a DM's guild part is @me)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


@contextlib.contextmanager
def refused_as_not_shown() -> Iterator[None]:
    """Discord refusing a post's message is the outbox's NotShown: the post waits for the catch-up."""
    try:
        yield
    except discord.HTTPException as error:
        raise NotShown(str(error)) from error


class ChannelScreen:
    """The table's channel, as the outbox shows a post there with no interaction behind it (a bot's move, a
    deadline's fallback, a late catch-up): the turn's message edited, or a new message sent once. An edit notifies
    nobody; a new message pings those the post calls."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.edits = False  # the turn's message is edited only in a text channel or thread (known once found)
        self._channel: discord.abc.Messageable | None = None

    async def answer_first(self, post: Post) -> None:
        await self._found(post)

    async def _found(self, post: Post) -> discord.abc.Messageable:
        if self._channel is None:
            with refused_as_not_shown():
                channel = self.client.get_channel(post.channel_id) or await self.client.fetch_channel(post.channel_id)
            assert isinstance(channel, discord.abc.Messageable)
            self._channel = channel
            self.edits = isinstance(channel, discord.TextChannel | discord.Thread)
        return self._channel

    async def new(self, post: Post, picture: bytes) -> int:
        channel = await self._found(post)
        text, extra = message_parts(post, picture)
        with refused_as_not_shown():
            return (await send_once(channel, post, text, extra)).id

    async def edit(self, post: Post, picture: bytes, message_id: int) -> int | None:
        """The turn's message edited; None when it can't be edited any more (a moderator deleted it, Discord
        refused): the post is then shown anew."""
        channel = await self._found(post)
        assert isinstance(channel, discord.TextChannel | discord.Thread)
        text, extra = message_parts(post, picture)
        try:
            message = channel.get_partial_message(message_id)
            await message.edit(
                content=text, attachments=[extra["file"]], view=extra.get("view"), allowed_mentions=NO_MENTIONS
            )
        except discord.HTTPException as error:
            log.info("turn message %s of table %s not editable (%s): posting anew", message_id, post.table_id, error)
            return None
        return message_id

    async def shown(self, post: Post, message_id: int) -> None:
        """Nothing more to say: nobody asked."""


class InteractionScreen(ChannelScreen):
    """The channel as an interaction that made a post sees it: answered first (deferred, or acknowledged privately),
    then a new message is the interaction's answer; a post that continues the turn's message edits it and the actor
    is sent a link to it, privately."""

    def __init__(self, interaction: discord.Interaction[Any], private_ack: str | None) -> None:
        super().__init__(interaction.client)
        self.interaction = interaction
        self.private_ack = private_ack

    async def answer_first(self, post: Post) -> None:
        private = self.private_ack is not None or _continues(post)
        with refused_as_not_shown():
            if self.private_ack:
                await refuse(self.interaction, self.private_ack)
            elif not self.interaction.response.is_done():
                await self.interaction.response.defer(thinking=True, ephemeral=private)
        if private:  # shown in the channel, not as the interaction's (private) answer
            await self._found(post)

    async def new(self, post: Post, picture: bytes) -> int:
        if self.private_ack is not None or _continues(post):
            return await super().new(post, picture)
        text, extra = message_parts(post, picture)
        with refused_as_not_shown():
            return (await self.interaction.followup.send(text, wait=True, **extra)).id

    async def shown(self, post: Post, message_id: int) -> None:
        if _continues(post) and not self.private_ack:
            link = jump_link(self.interaction.guild_id, post.channel_id, message_id)
            with refused_as_not_shown():
                await self.interaction.followup.send(f"Done: the turn's message shows it, {link}", ephemeral=True)


def _continues(post: Post) -> bool:
    """Whether a post continues the turn's message (it edits it, or will once the message's id is known)."""
    return post.edit is not None or post.pending


def _nonce(nonce: str | None) -> dict[str, Any]:
    """send's nonce argument, left out for a post without one (discord.py's types take no None there)."""
    return {} if nonce is None else {"nonce": nonce}


async def send_once(
    channel: discord.abc.Messageable, post: Post, text: str, extra: dict[str, Any]
) -> discord.Message | discord.PartialMessage:
    """A post's new message, made at most once: sent with the nonce kept with its claim (discord.py adds
    `enforce_nonce`), so a send repeated after a crash gets back the message the first one made. A post that shows
    lost results again is sent with the nonce of the earliest of them first: if their message did reach the channel,
    Discord returns it and it is edited to show this post (an edit pings nobody, so only when it pinged everyone
    this post pings; else this post gets a message of its own)."""
    message = await channel.send(text, **_nonce(post.reshown or post.nonce), **extra)
    if message.content.strip() == text.strip():
        return message  # made now (or by an earlier attempt that sent the very same)
    extra["file"].reset()  # the send read the picture; what comes next sends it again
    if post.reshown not in (None, post.nonce) and not set(post.mentions) <= set(message.raw_mentions):
        return await channel.send(text, **_nonce(post.nonce), **extra)
    log.info("table %s: Discord returned message %s, made before a crash: it is edited", post.table_id, message.id)
    return await message.edit(
        content=text, attachments=[extra["file"]], view=extra.get("view"), allowed_mentions=NO_MENTIONS
    )


async def deliver_private(
    client: discord.Client, post: Post, interaction: discord.Interaction[Any] | None = None, message_id: int = 0
) -> None:
    """Hidden information goes to its owner only: ephemerally to the actor, by DM (naming the table) to others."""
    for user_id, lines in post.private.items():
        text = fit("🔒 Only you see this:\n" + "\n".join(lines))
        if interaction is not None and user_id == interaction.user.id:
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
            continue
        game = rules.engine(post.board.game).meta.title if post.board else "your game"
        guild = getattr(client.get_channel(post.channel_id), "guild", None)
        origin = Origin(game, guild.id if guild else 0, post.channel_id, message_id or None)
        try:
            user = client.get_user(user_id) or await client.fetch_user(user_id)
            footer = f"\n{where_from(client, origin)}\n(/hand in the table's channel shows it again.)"
            await user.send(fit(text + footer), allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.info("could not DM private information to %s; they can read it with /hand", user_id)


def where_from(client: discord.Client, origin: Origin) -> str:
    """The line a DM ends with: which game, which server and channel, and a link to the turn's message; a
    player at three tables can tell them apart."""
    guild = client.get_guild(origin.guild_id)
    server = f" on **{escape_text(guild.name)}**" if guild is not None else ""
    link = f": {jump_link(origin.guild_id, origin.channel_id, origin.message_id)}" if origin.message_id else ""
    return f"— **{origin.game}** in <#{origin.channel_id}>{server}{link}"


async def post_to_channel(client: discord.Client, post: Post) -> None:
    """A post with no interaction behind it (a bot's move, a deadline fallback, a late catch-up)."""
    bot: TableBot = client  # type: ignore[assignment]
    message_id = await bot.service.show(post, ChannelScreen(client))
    if message_id is None:  # committed all the same: the catch-up tries again
        log.warning("posting table %s version %s failed; the catch-up will retry", post.table_id, post.version)
        return
    await deliver_private(client, post, message_id=message_id)
