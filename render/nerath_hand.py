"""A player's private cards in Conquest of Nerath: the event hand and treasures of each realm they run."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.draw import INK, PAPER, contrast, font, header
from rules.nerath.content import CONTENT, REALM_ORDER
from rules.nerath.state import State

WIDTH = 640
CARD = 62  # height of one card box


def render_hand(state: State, seat: int, names: Sequence[str]) -> Image.Image:
    """Draw `view(state, seat)`: only that seat's realms show their cards."""
    realms = [r for r in REALM_ORDER if state.seat_of[r] == seat]
    rows: list[tuple[str, str, str, str]] = []  # (realm, title, text, tag)
    for realm in realms:
        mine = state.realms[realm]
        for card in mine.hand:
            event = CONTENT.events[card]
            rows.append((realm, event.name, event.text, f"event {card}"))
        for card in mine.treasures:
            treasure = CONTENT.treasures[card]
            rows.append((realm, treasure.name, treasure.text, f"treasure {card}, {treasure.vp} VP"))
        if not mine.hand and not mine.treasures:
            rows.append((realm, "No cards", "Nothing in hand.", ""))
    image = Image.new("RGB", (WIDTH, 56 + 12 + len(rows) * (CARD + 8)), PAPER)
    who = names[seat] if seat < len(names) else f"seat {seat}"
    header(image, "Your cards", f"{who}: {', '.join(CONTENT.realms[r].short for r in realms)}")
    draw = ImageDraw.Draw(image)
    y = 68
    for realm, title, text, tag in rows:
        colour = CONTENT.realms[realm].colour
        draw.rounded_rectangle((10, y, WIDTH - 10, y + CARD), 6, fill=(255, 252, 244), outline=INK)
        draw.rectangle((10, y, 22, y + CARD), fill=colour)
        draw.text((30, y + 5), title, font=font(15), fill=INK)
        draw.text((WIDTH - 16, y + 6), tag, font=font(11), fill=contrast(PAPER), anchor="ra")
        for i, line in enumerate(textwrap.wrap(text, 90)[:3]):
            draw.text((30, y + 25 + i * 13), line, font=font(11), fill=INK)
        y += CARD + 8
    return image
