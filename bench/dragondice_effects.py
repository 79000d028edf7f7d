"""Dragon Dice: which SAIs, species abilities and spells act in bot games, and how often.

    python -m bench.dragondice_effects [--games 100] [--seed 1000] [--every-pairing] [--armies quick|random]

Bots in both seats, the species rotating as bench.selfplay balance deals them (game n with seed --seed + n), or
through every ordered pair of species. Counts each SAI face that did something in a roll (not "no effect"), each
species ability that changed a roll, and each spell cast, from the lines the channel would read. What never acts
over many games is worth a look: a data or engine bug, or a unit the bots never field.
"""

from __future__ import annotations

import argparse
import random
import re
import time
from collections import Counter
from itertools import permutations

from bench.selfplay import seat_infos
from rules.dragondice.content import ABILITIES, SAIS, SPELLS, UNIT_DICE
from rules.dragondice.engine import ENGINE
from rules.rng import Rng

SAI_PART = re.compile(r"^(?P<name>.+?) \d+ \(u\d+\) (?P<did>.*)$")
CAST = re.compile(r"casts (.+?)(?:\.|$)")


def tally(
    games: int, seed: int, every_pairing: bool, armies: str = "quick"
) -> tuple[Counter[str], Counter[str], Counter[str], float]:
    sais: Counter[str] = Counter()
    abilities: Counter[str] = Counter()
    spells: Counter[str] = Counter()
    names = {a.name for a in ABILITIES.values()}
    spell_names = sorted((s.name for s in SPELLS.values()), key=len, reverse=True)
    pairs = list(permutations(ENGINE.meta.factions, 2))
    began = time.perf_counter()
    for n in range(games):
        seats = seat_infos(ENGINE, 2, 0, pairs[n % len(pairs)]) if every_pairing else seat_infos(ENGINE, 2, n)
        state = ENGINE.new(seats, ENGINE.meta.resolve_options({"armies": armies}), Rng(seed + n))
        chooser = random.Random(seed + n)
        assert ENGINE.bot is not None
        while ENGINE.outcome(state) is None:
            seat = chooser.choice(sorted(ENGINE.awaiting(state)))
            action = ENGINE.bot(ENGINE.view(state, seat), seat, chooser)
            for event in ENGINE.act(state, seat, action, Rng(chooser.randrange(2**62))):
                _count(event.text, sais, abilities, spells, names, spell_names)
    return sais, abilities, spells, time.perf_counter() - began


def _count(
    text: str,
    sais: Counter[str],
    abilities: Counter[str],
    spells: Counter[str],
    names: set[str],
    spell_names: list[str],
) -> None:
    if ". SAIs: " in text:
        for part in text.split(". SAIs: ", 1)[1].split("; "):
            found = SAI_PART.match(part.strip())
            if found and not found["did"].startswith(("no effect", "nothing counted")):
                sais[found["name"]] += 1
    for name in names:
        if f"{name}: " in text:
            abilities[name] += text.count(f"{name}: ")
    for found in CAST.finditer(text):
        for name in spell_names:
            if name in found.group(1):
                spells[name] += found.group(1).count(name)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--every-pairing", action="store_true")
    parser.add_argument("--armies", choices=("quick", "random"), default="quick", help="the table option armies")
    args = parser.parse_args(argv)
    sais, abilities, spells, seconds = tally(args.games, args.seed, args.every_pairing, args.armies)
    print(f"dragondice effects over {args.games} bot games in {seconds:.0f} s")
    on_dice = {f.sai for die in UNIT_DICE.values() if not die.retired for f in die.faces if f.kind == "sai"}
    drafted = sorted(SAIS[s].name for s in on_dice if SAIS[s].source == "published")
    print(f"  SAIs that acted: {sum(1 for name in drafted if name in sais)} of {len(drafted)} published on dice")
    print("  " + ", ".join(f"{name} {n}" for name, n in sais.most_common()))
    print(f"  never: {', '.join(name for name in drafted if name not in sais) or 'none'}")
    applied = sorted(a.name for a in ABILITIES.values() if a.effects)
    print(f"  abilities that acted: {', '.join(f'{name} {abilities[name]}' for name in applied)}")
    print(f"  spells cast: {len(spells)} of {len(SPELLS)}: " + ", ".join(f"{n} {c}" for n, c in spells.most_common()))


if __name__ == "__main__":
    main()
