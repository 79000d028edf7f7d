"""The web companion: a read-only page for every table (the whole map, every turn, the log), served by the bot's own
process (docs/web.md). The third front end, beside cogs/ (Discord) and console/: it reads the store and the engines'
public views, and writes nothing."""
