"""What the table, the /tk command group and the console know about Tash-Kalar."""

from __future__ import annotations

from rules.base import ActionSpec, Meta, Option, Param
from rules.tashkalar.content import FACTIONS

meta = Meta(
    id="tashkalar",
    command="tk",
    title="Tash-Kalar",
    min_players=2,
    max_players=4,
    summary="Summoners' arena: shape your tokens into patterns to call beings onto a 9x9 board.",
    actions=(
        ActionSpec("place", "Place one of your common tokens on an empty square (1 action).", (
            Param("square", "Empty square, a1 to i9"),
        ), menu=True),
        ActionSpec("summon", "Summon a being whose pattern your tokens form (1 action).", (
            Param("card", "Being or legend from your hand"),
            Param("where", "Square the being appears on", noun="square"),
            Param("orientation", "How the pattern is turned"),
            Param("borrow", "Battle: improvise with one token of this colour", required=False, noun="colour"),
        )),
        ActionSpec(
            "pick", "Choose the square for the effect being resolved.", (Param("square", "Target square"),), menu=True
        ),
        ActionSpec("move", "Choose a token and where it goes, for a move or jump effect.", (
            Param("from", "Token to move", noun="square"),
            Param("to", "Where it goes", noun="square"),
        )),
        ActionSpec("skip", "Skip the rest of the effect being resolved (when it is optional)."),
        ActionSpec("take", "Token shortage: choose which of your tokens on the board to reuse.", (
            Param("square", "Your token to pick up"),
        )),
        ActionSpec("flare", "Call your Flare (free, before an action) when an opponent is ahead.", (
            Param("against", "Colour of the opponent you compare with", noun="colour"),
        )),
        ActionSpec("discard", "Discard a being and draw a new one (1 action, once a turn).", (
            Param("card", "Being to discard"),
            Param("bottom", "Other beings to put under your deck", kind="list", required=False, noun="being"),
        )),
        ActionSpec("claim", "High Form: choose which completed task to claim as your turn ends.", (
            Param("task", "Task on offer"),
        )),
        ActionSpec("pass", "Team play: hand control (and your legends) to your teammate."),
        ActionSpec("end", "End your turn when no action is possible (gives up the actions left)."),
    ),
    options=(
        Option("mode", "high_form: claim tasks to 9; deathmatch: destroy tokens to 18.", "high_form", (
            "high_form", "deathmatch",
        )),
        Option("teams", "4 players only: two teams, seats 1+3 against 2+4.", "no", ("no", "yes")),
        Option("rounds", "Safety limit: the game ends after this many rounds.", "30", (), 5, 60),
    ),
    factions=tuple(FACTIONS),
)  # fmt: skip
