"""What /info explains for Conquest of Nerath: pieces, realms, event cards, treasures, Guardians and space kinds.

Everything is built from the loaded content (rules/nerath/content.py), so a new data entry shows up here by itself;
where the content carries no text (pieces, realms, Guardians, space kinds) the text is written from the engine's
behaviour and rules.md.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from rules.base import Lookup, seat_ref
from rules.nerath.content import CONTENT, REALM_ORDER, SPACE_KINDS, Effect, Guardian, PieceType, Realm
from rules.nerath.state import State

# What each piece ability means at the table, as the engine plays it (battle.py, movement.py, reinforce.py).
ABILITY_TEXT: dict[str, str] = {
    "powerful_attack": "It rolls two dice when attacking.",
    "hero": "As a Hero it may enter a dungeon entrance (and stops there) to fight the Guardians for a treasure.",
    "first_strike": "It has First Strike: its hits land before the other side rolls.",
    "run_amok": (
        "Run Amok: after winning a land battle it may overrun an adjacent enemy land space with no enemy pieces"
        " and conquer it, scoring VP as usual."
    ),
    "castle": (
        "It never moves and only defends; a hit puts it out of that battle and it is captured with its space."
        " New pieces are bought at your Castles."
    ),
    "capsize": "It rolls two dice in a sea battle.",
    "hover": "It may end repositioning hovering at sea, and new ones are placed in a sea beside a Castle.",
    "durable": "It takes one hit without dying and is healed after the battle.",
    "transport": (
        "It carries up to 2 of your land pieces (never Castles) between coasts; if it sinks, all aboard are lost."
    ),
}
TYPE_TEXT: dict[str, str] = {
    "land": "A land piece: it stays on land and crosses the sea only aboard a Warship.",
    "flying": (
        "A flying piece: it crosses any space, enemy ones too, never stops on a dungeon entrance and moves again"
        " to friendly land when repositioning."
    ),
    "sea": "A sea piece: it sails friendly seas and fights sea battles.",
}
SPACE_TEXT: dict[str, str] = {
    "land": (
        "Land is what realms fight over: entering an enemy land space, even an empty one, stops a piece and starts"
        " a battle. Each land space you hold pays 1 gold at income; taking an enemy realm's starting space scores"
        " 1 VP, its Capital 5 VP. Islands are reached only by Warship."
    ),
    "sea": (
        "Warships sail the sea and carry land pieces across it; flyers may cross it and stop there. A sea space is"
        " an enemy space only while enemy pieces are in it, and sea battles are fought before land battles."
    ),
    "dungeon": (
        "A dungeon entrance holds two face-down Guardians. Only Heroes enter it, and they stop there; beat the"
        " Guardians to take a secret treasure and their gold, then two new Guardians arrive. It is nobody's space."
    ),
}
SPACE_NAMES: dict[str, str] = {"land": "Land space", "sea": "Sea space", "dungeon": "Dungeon entrance"}
ALLY: dict[str, str] = {"karkoth": "iron_circle", "iron_circle": "karkoth", "vailin": "nerath", "nerath": "vailin"}


def _piece_name(piece: str, count: int = 1) -> str:
    base = CONTENT.pieces[piece].name
    return base if count == 1 else f"{base}s"  # the game's own plural (board.kind_name)


def _pieces_list(pieces: tuple[str, ...]) -> str:
    names = [_piece_name(p, 2) for p in pieces]
    return " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]


def _effect_fact(effect: Effect) -> str:
    """An effect's numbers, short enough for a fact."""
    match effect.kind:
        case "gold":
            return f"+{effect.amount} gold"
        case "free_pieces":
            return f"{effect.count} free {_piece_name(effect.piece, effect.count)}"
        case "roll_bonus":
            return f"{_pieces_list(effect.pieces)} +{effect.amount} to rolls"
        case "move_bonus":
            return f"{_pieces_list(effect.pieces)} +{effect.amount} move"
        case "strike":
            return f"removes {effect.count} enemy {_piece_name(effect.piece, effect.count)}"
        case "income_bonus":
            return f"+{effect.amount} gold at income"
        case _:  # dungeon_sight
            return "Heroes hit Guardians on 6+"


def _piece(piece: PieceType) -> Lookup:
    sentences = [TYPE_TEXT[piece.type], *(ABILITY_TEXT[a] for a in piece.abilities)]
    if piece.abilities == ("castle",):
        sentences[0] = "A land piece that stands where it was placed."
    facts = (f"costs {piece.cost}", f"d{piece.die}", f"move {piece.move}", f"{piece.type} piece")
    return Lookup(piece.name, "piece", " ".join(sentences), piece.source, facts)


def _realm(realm: Realm) -> Lookup:
    order = REALM_ORDER.index(realm.id) + 1
    capital = CONTENT.spaces[realm.capital].name
    lands = sum(1 for s in CONTENT.spaces.values() if s.kind == "land" and s.realm == realm.id)
    ally = CONTENT.realms[ALLY[realm.id]]
    # with three players only Vailin and Nerath are allied; Karkoth and the Iron Circle then stand alone
    games = "every alliance game" if realm.id in ("vailin", "nerath") else "two- and four-player alliance games"
    text = (
        f"The {realm.name}, playing {_ordinal(order)} in every round. Its Capital is {capital}; losing it halves"
        f" its income and taking it scores 5 VP for an enemy. It starts with {realm.gold} gold and"
        f" {lands} land spaces; in {games} it sides with the {ally.name}."
    )
    facts = (f"gold {realm.gold}", f"capital {capital}", f"{lands} land spaces", f"turn {order}", f"ally {ally.short}")
    return Lookup(realm.short, "realm", text, realm.source, facts)


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}[n]


def _events() -> list[Lookup]:
    result: list[Lookup] = []
    for card in CONTENT.events.values():
        realm = CONTENT.realms[card.realm].short
        when = "It takes effect as soon as it is drawn." if card.immediate else "It is kept in hand until you play it."
        text = f"{card.text} From the {realm} event deck. {when}"
        timing = "play at once" if card.immediate else "kept in hand"
        facts = (f"{realm} deck", timing, _effect_fact(card.effect))
        result.append(Lookup(card.name, "event card", text, card.source, facts))
    return result


def _treasures() -> list[Lookup]:
    result: list[Lookup] = []
    for treasure in CONTENT.treasures.values():
        text = (
            f"{treasure.text} Playing it gives {treasure.vp} VP and the one-time Power; the Property then lasts for"
            " the rest of the game."
        )
        power, lasting = _effect_fact(treasure.power), _effect_fact(treasure.property)
        facts = (f"+{treasure.vp} VP", f"power: {power}", f"property: {lasting}")
        result.append(Lookup(treasure.name, "treasure", text, treasure.source, facts))
    return result


def _guardian(tile: Guardian) -> Lookup:
    dice = ", ".join(f"d{d}" for d in tile.dice)
    count = "one die" if len(tile.dice) == 1 else f"{len(tile.dice)} dice"
    sentences = [
        f"A dungeon Guardian rolling {count} ({dice}), played by the next opponent in turn order; each hit costs"
        " it a die and it dies with its last."
    ]
    if tile.first_strike:
        sentences.append("It has First Strike and rolls together with your Wizards, before your other Heroes.")
    if tile.heroes_need:
        sentences.append(f"Your Heroes need {tile.heroes_need}+ to hit for the whole battle, unless a card helps them.")
    sentences.append(f"Beating the dungeon pays its {tile.reward} gold reward along with a treasure.")
    facts = [f"dice {dice}"]
    if tile.first_strike:
        facts.append("first strike")
    if tile.heroes_need:
        facts.append(f"Heroes need {tile.heroes_need}+")
    facts.append(f"reward {tile.reward} gold")
    return Lookup(tile.name, "guardian", " ".join(sentences), tile.source, tuple(facts))


def _space_kind(kind: str) -> Lookup:
    count = sum(1 for s in CONTENT.spaces.values() if s.kind == kind)
    facts = [f"{count} on the map"]
    if kind == "land":
        facts += [f"{sum(1 for s in CONTENT.spaces.values() if s.island)} islands", "+1 gold each", "1 VP, Capital 5"]
    # the kinds of space are the published game's; only this map of them is the project's own
    return Lookup(SPACE_NAMES[kind], "space", SPACE_TEXT[kind], "published", tuple(facts))


@cache
def _all() -> tuple[Lookup, ...]:
    items = [
        *(_piece(p) for p in CONTENT.pieces.values()),
        *(_realm(r) for r in CONTENT.realms.values()),
        *_events(),
        *_treasures(),
        *(_guardian(g) for g in CONTENT.guardians.values()),
        *(_space_kind(k) for k in SPACE_KINDS),
    ]
    return tuple(items)  # Engine.glossary orders them


def lookups() -> list[Lookup]:
    """Everything of Nerath /info can explain, by kind then name; computed once, a fresh list per call."""
    return list(_all())


# --- the map's spaces as they stand (/info <space>) ----------------------------------------------------------


def places(state: State) -> list[Lookup]:
    """Every space of the map: its kind and what that means, whose starting land or capital it is, its neighbours,
    and what stands there now (public view; seats as <seat:N>, filled in by the table)."""
    here: dict[str, dict[str, Counter[str]]] = {}
    for piece in state.pieces:
        here.setdefault(piece.space, {}).setdefault(piece.realm, Counter())[CONTENT.pieces[piece.kind].name] += 1
    found = []
    for sid, space in CONTENT.spaces.items():
        facts = [SPACE_NAMES[space.kind]]
        if space.realm is not None:
            facts.append(f"{CONTENT.realms[space.realm].name} {'capital' if space.capital else 'land'}")
        if space.island:
            facts.append("island")
        lines = []
        if sid in state.control:
            realm = state.control[sid]
            lines.append(f"Held by {CONTENT.realms[realm].name} ({seat_ref(state.seat_of[realm])}).")
        for realm, pieces in sorted(here.get(sid, {}).items()):
            listed = ", ".join(f"{n} {name}" for name, n in sorted(pieces.items()))
            lines.append(f"{CONTENT.realms[realm].name} pieces here: {listed}.")
        if sid in state.dungeons and state.dungeons[sid].guardians:
            lines.append(f"Guardians still in the dungeon: {len(state.dungeons[sid].guardians)}.")
        if not here.get(sid) and sid not in state.control:
            lines.append("Nobody stands here now.")
        neighbours = sorted(CONTENT.spaces[other].name for other in space.adjacent)
        lines += [f"Neighbours: {', '.join(neighbours)}.", SPACE_TEXT[space.kind]]
        # the kinds of space are the published game's; this map of them is the project's own
        found.append(Lookup(space.name, "space on the map", " ".join(lines), "house", tuple(facts)))
    return found
