"""A player's private cards in Conquest of Nerath: the event hand and treasures of each realm they run."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.draw import INK, MUTED, PAPER, header, readable_on, stamp, text_width, wrap
from render.record import TableFacts
from rules.nerath.content import CONTENT, REALM_ORDER
from rules.nerath.state import State

WIDTH = 550  # Discord shows it at its own size: 12 px text stays 12 px
TITLE = 15  # a card's name
TEXT = 12  # a card's rules text and tag
LINE = TEXT + 4
CARD_FACE = (255, 252, 244)


def render_hand(state: State, seat: int, facts: TableFacts) -> Image.Image:
    """Draw `view(state, seat)`: only that seat's realms show their cards."""
    realms = [r for r in REALM_ORDER if state.seat_of[r] == seat]
    rows: list[tuple[str, str, list[str], str]] = []  # (realm, title, text lines, tag)
    for realm in realms:
        mine = state.realms[realm]
        for card in mine.hand:
            event = CONTENT.events[card]
            rows.append((realm, event.name, wrap(event.text, TEXT, WIDTH - 46, keep_long_words=True), f"event {card}"))
        for card in mine.treasures:
            treasure = CONTENT.treasures[card]
            rows.append(
                (
                    realm,
                    treasure.name,
                    wrap(treasure.text, TEXT, WIDTH - 46, keep_long_words=True),
                    f"treasure, {treasure.vp} VP",
                )
            )
        if not mine.hand and not mine.treasures:
            rows.append((realm, "No cards", ["Nothing in hand."], CONTENT.realms[realm].short))
    heights = [30 + len(lines) * LINE + 6 for _, _, lines, _ in rows]
    image = Image.new("RGB", (WIDTH, 56 + 12 + sum(h + 8 for h in heights)), PAPER)
    who = facts.names[seat] if seat < len(facts.names) else f"seat {seat}"
    header(image, "Your cards", f"{who}: {', '.join(CONTENT.realms[r].short for r in realms)}")
    draw = ImageDraw.Draw(image)
    y = 68
    tag_colour = readable_on(MUTED, CARD_FACE)
    for (realm, title, lines, tag), height in zip(rows, heights, strict=True):
        colour = CONTENT.realms[realm].colour
        draw.rounded_rectangle((10, y, WIDTH - 10, y + height), 6, fill=CARD_FACE, outline=INK)
        draw.rectangle((10, y, 22, y + height), fill=colour)
        stamp(image, (30, y + 6), title, TITLE, INK, anchor="la")
        right = WIDTH - 16 - text_width(tag, TEXT)
        stamp(image, (right, y + 8), tag, TEXT, tag_colour, anchor="la")
        for i, line in enumerate(lines):
            stamp(image, (30, y + 28 + i * LINE), line, TEXT, INK, anchor="la")
        y += height + 8
    return image
