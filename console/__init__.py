"""The offline console: the bot's commands in a terminal, no Discord needed; the second front end beside cogs/.

app: the loop that reads lines; session: one person's session that runs them; words: a line as words;
help: the `help` text; notifier: reminders and bots' posts, printed; clock: time that `wait` moves on.
"""
