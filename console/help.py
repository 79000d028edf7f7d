"""The console's `help`: the bot's commands as declared (the same as the slash commands in Discord), then the
console's own words, which stand in for what Discord shows around them (buttons, menus, who is typing)."""

from __future__ import annotations

from table.commands import Command, actions, declared

WIDTH = 36  # where the explanations begin


def _line(usage: str, explained: str) -> str:
    usage = f"  {usage}"
    return (usage.ljust(WIDTH) if len(usage) < WIDTH else usage + "\n" + " " * WIDTH) + explained


def _usage(command: Command) -> str:
    return f"{command.name} {command.usage()}" if command.args else command.name


def help_text() -> str:
    played = {command.name for command in actions()}  # said in one line: each game has its own
    return "\n".join(
        [
            "Commands (the same as the slash commands in Discord): values in order, or as name=value (name:value as",
            "in Discord); a yes-or-no value by its name alone (board full).",
            *(_line(_usage(command), command.help) for command in declared() if command.name not in played),
            _line("<action> [param:value ..]", "play an action of this table's game (or give the values in order);"),
            _line("", "<game> <action> as in Discord works too (tictactoe mark b2)"),
            "The console's own words:",
            _line("as <name>", "play as that person from now on"),
            _line("channel <name>", "move to another channel (one table per channel)"),
            _line("games", "the games and their options"),
            _line("legal [<action>|all]", "what you may do now, numbered; a long list of one action is said in"),
            _line("", "one line (legal <action> or legal all shows every choice)"),
            _line("do <n>", "play choice n, numbered as legal shows it (the whole list's numbers)"),
            _line("press <n>", "the n-th quick button under the last board"),
            _line("pick <n>", "the n-th option of the menus under the last board"),
            _line("agree | refuse", "answer a request (an undo after dice, a pause)"),
            _line("wait <duration>", "let time pass (reminders and deadlines fire), e.g. wait 13h"),
            _line("rotate-web-secret", "new addresses for the web pages: every old one answers 404"),
            _line("replay <file>", "step through a game saved with game export, turn by turn: next, back,"),
            _line("", "turn <n>, end (each prints the turn's log and saves its board); replay off"),
            "  help | quit",
        ]
    )
