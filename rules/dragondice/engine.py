"""Dragon Dice: the contract surface (meta, new, awaiting, legal, act, view, status, outcome, fallback)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import serial
from rules.base import (
    ActionSpec,
    Engine,
    Meta,
    Option,
    Outcome,
    Param,
    SeatInfo,
)
from rules.dragondice import glossary, setup
from rules.dragondice.bot import policy as bot_policy
from rules.dragondice.content import SPECIES
from rules.dragondice.model import State
from rules.dragondice.moves import awaiting, legal, play
from rules.dragondice.status import status_text
from rules.dragondice.turn import captured, living_health, terrain_health
from rules.rng import Rng

meta = Meta(
    id="dragondice",
    command="dd",
    title="Dragon Dice",
    min_players=2,
    max_players=4,
    summary="Armies of dice manoeuvre on terrain dice; capture two terrains or be the last with units.",
    actions=(
        ActionSpec(
            "draft",
            "Choose your species, home terrain, proposed frontier, and the army split or each army's units.",
            (
                Param("species", "Your species"),
                Param("home", "Your home terrain type"),
                Param("frontier", "The frontier terrain you propose"),
                Param(
                    "split",
                    "A preset, or points home/horde/campaign such as 10/8/6 (at most half in one army)",
                    required=False,
                ),
                Param("horde", "The opponent whose home your horde invades (3-4 players)", required=False),
                Param(
                    "armies",
                    "Your own units instead of the split: home=unit,unit;horde=unit;campaign=unit,unit",
                    "text",
                    required=False,
                ),
                Param(
                    "dragons",
                    "Your dragons, one per 24 points: kind[/drake or wyrm], such as fire/wyrm,air+water (white: two)",
                    "text",
                    required=False,
                ),
            ),
        ),
        ActionSpec("begin", "Build the armies, roll the hordes for first player and frontier, and start."),
        ActionSpec(
            "manoeuvre",
            "March an army: turn its terrain one step up or down (kept secret until it resolves).",
            (Param("terrain", "Where your marching army stands"), Param("direction", "up or down (secret)")),
            secret=True,
            menu=True,
        ),
        ActionSpec(
            "counter",
            "Decide whether to oppose the manoeuvre at your terrain.",
            (Param("oppose", "yes or no", noun="answer"),),
        ),
        ActionSpec(
            "counterattack",
            "Decide whether your army strikes back at the army that attacked it (missiles: Defensive Volley).",
            (Param("strike", "yes or no"),),
        ),
        ActionSpec(
            "choose",
            "Make the choice that is yours now: which dragon attacks next, which unit the City brings back, "
            "which unit Treasure promotes.",
            (Param("option", "What you choose"),),
            menu=True,
        ),
        ActionSpec(
            "melee",
            "Attack an opposing army at the same terrain in melee.",
            (Param("army", "Your attacking army's terrain"), Param("target", "The opposing army")),
            menu=True,
        ),
        ActionSpec(
            "missile",
            "Shoot at an opposing army on another or the same terrain.",
            (Param("army", "Your attacking army's terrain"), Param("target", "The opposing army")),
            menu=True,
        ),
        ActionSpec(
            "magic", "Roll an army for magic, then announce spells with cast.", (Param("army", "Your army"),), menu=True
        ),
        ActionSpec(
            "cast",
            "Announce a spell paid from your magic results (pass casts them all).",
            (
                Param("spell", "The spell"),
                Param("target", "Its target"),
                Param("element", "The colour of magic you pay with", required=False),
            ),
            menu=True,
        ),
        ActionSpec(
            "casualties", "Choose which of your units die.", (Param("units", "Units that die", "list"),), menu=True
        ),
        ActionSpec(
            "reinforce",
            "Move reserve units to a terrain.",
            (Param("units", "Reserve units", "list"), Param("terrain", "Destination terrain")),
            menu=True,
        ),
        ActionSpec(
            "retreat",
            "Move units from terrains to your reserves (or, by Air Flight, fly them to another terrain with air).",
            (
                Param("units", "Units", "list"),
                Param("terrain", "Only for Air Flight: the terrain with air they fly to", required=False),
            ),
            menu=True,
        ),
        ActionSpec("pass", "Finish the current step (skip a march, cast the announced spells, end the turn)."),
    ),
    options=(
        Option("force", "Force size in points per player", "24", ("12", "15", "24", "30", "36", "60")),
        Option(
            "setup",
            "standard: armies built for you; draft: choose species, terrains and split",
            "standard",
            ("standard", "draft"),
        ),
        Option(
            "armies",
            "quick: each species' usual armies; random: drawn from all its dice (unless picked unit by unit)",
            "quick",
            ("quick", "random"),
        ),
        Option(
            "rounds",
            "House turn limit in rounds; then most captures, then most health, then a roll-off wins",
            "12",
            (),
            1,
            40,
        ),
    ),
    factions=tuple(species.name for species in SPECIES.values()),
)


def new(seats: Sequence[SeatInfo], options: dict[str, Any], rng: Rng) -> State:
    return setup.new_state(seats, options)


def view(state: State, seat: int | None) -> State:
    seen = serial.clone(state)
    if seen.manoeuvre is not None and seat != seen.manoeuvre.seat:
        seen.manoeuvre.direction = ""  # the secret direction stays with the marching player
    return seen


def status(state: State, seat: int | None) -> str:
    return status_text(state, seat)


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    scores = {s: len(captured(state, s)) for s in range(state.players)}
    figures = {
        s: (f"{terrain_health(state, s)} health on terrains", f"{living_health(state, s)} living health")
        for s in range(state.players)
    }
    return Outcome(
        tuple(state.winners),
        scores,
        state.result,
        reason=state.end_reason,
        tiebreak=state.tiebreak,
        unit="captured terrain",
        figures=figures,
    )


def fallback(state: State, seat: int) -> dict[str, Any]:
    options = legal(state, seat)
    quick = [c.action for c in options if c.quick]
    return quick[0] if quick else options[0].action


ENGINE = Engine(
    meta=meta,
    State=State,
    new=new,
    awaiting=awaiting,
    legal=legal,
    apply=play,
    view=view,
    status=status,
    outcome=outcome,
    fallback=fallback,
    glossary=glossary.lookups,
    bot=bot_policy,
)
