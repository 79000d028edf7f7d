"""The console's `help`: its words, the table commands among them as declared (the same as /game in Discord)."""

from __future__ import annotations

from console.words import takes
from table.commands import TABLE_COMMANDS


def help_text() -> str:
    """The console's commands: the table commands as declared (the same as /game in Discord), then the rest."""
    game = []
    for command in TABLE_COMMANDS:
        usage = f"  game {command.name} {takes(command) if command.args else ''}"
        game.append((usage.ljust(36) if len(usage) < 36 else usage + "\n" + " " * 36) + command.help)
    return "\n".join(
        [
            "Commands (the same as the slash commands in Discord):",
            "  as <name>                         play as that person from now on",
            "  channel <name>                    move to another channel (one table per channel)",
            "  games                             the games and their options",
            *game,
            "  <action> [param:value ..]         play an action (or give the values in order)",
            "  legal [<action>|all]              what you may do now, numbered; a long list of one action is said in",
            "                                    one line (legal <action> or legal all shows every choice)",
            "  do <n>                            play choice n, numbered as legal shows it (the whole list's numbers)",
            "  press <n>                         the n-th quick button under the last board",
            "  pick <n>                          the n-th option of the menus under the last board",
            "  undo | agree | refuse             take back your last action; answer a request",
            "  roll <dice> [reason]              public dice, e.g. roll 6d10>=6 hits",
            "  board [turn] [full] [zoom:<place>] | history [page] | rules [section] | hand",
            "  info <name>                       what a race, card, spell, unit... of this game does",
            "  reminders [dms=on|off] [quiet=22-7] [tz=Europe/Paris]",
            "  away [from=2026-12-20] to=2026-12-27 | away for=10d | away off   an absence: deadlines wait",
            "  privacy forget                    forget you: preferences deleted, your name and id taken out of games",
            "  wait <duration>                   let time pass (reminders and deadlines fire), e.g. wait 13h",
            "  help | quit",
        ]
    )
