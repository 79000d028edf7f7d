"""One seat's hand, sent privately: each card with a small picture of its pattern and its effects."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.draw import INK, MUTED, PAPER, fit, header, put_text, seat_colour, wrap
from render.record import TableFacts
from render.tashkalar_parts import GOLD, paragraph, pattern
from rules.tashkalar.content import CARDS, FACTIONS, FLARES, RANK_NAMES
from rules.tashkalar.state import State
from rules.tashkalar.text import card_text, flare_text

# Three cards a row keep the image 768 px wide: Discord shows it at 72% inline, so its smallest text (12 px)
# still reads at 8.6 px there.
CARD_W, CARD_H = 240, 280
GAP = 12
PER_ROW = 3
PATTERN_CELL = 24
SMALL = 12  # the card's minor lines: its kind, flavour and id
CARD_FILL = {1: (250, 247, 238), 2: (238, 242, 252), 3: (252, 244, 220)}


def effects_bottom(card_id: str) -> int:
    """How far below the card's top its effect lines end (the id line sits at CARD_H - 22)."""
    bottom = 60 + PATTERN_CELL * len(CARDS[card_id].grid)
    for line in card_text(card_id):
        bottom += len(wrap(line, 13, CARD_W - 20, keep_long_words=True)) * (13 + 4) + 4
    return bottom


def _being(image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int], card_id: str, seat: int) -> None:
    card = CARDS[card_id]
    x, y = box
    draw.rounded_rectangle(
        (x, y, x + CARD_W, y + CARD_H), radius=10, fill=CARD_FILL[card.rank], outline=GOLD if card.rank == 3 else INK
    )
    put_text(image, (x + 10, y + 8), fit(card.name, 17, CARD_W - 20), 17, INK)
    kind = "Legend" if card.rank == 3 else FACTIONS[card.faction].name
    put_text(image, (x + 10, y + 30), f"{RANK_NAMES[card.rank]} - {kind}", SMALL, MUTED)
    width = PATTERN_CELL * len(card.grid[0])
    pattern(draw, (x + (CARD_W - width) // 2, y + 50), card.grid, seat_colour(seat), card.rank, PATTERN_CELL)
    text_y = y + 60 + PATTERN_CELL * len(card.grid)
    for line in card_text(card_id):
        text_y = paragraph(image, (x + 10, text_y), line, 13, CARD_W - 20) + 4
    lines = len(wrap(card.flavour, SMALL, CARD_W - 20, keep_long_words=True)) if card.flavour else 0
    if lines and text_y + 4 + lines * (SMALL + 4) <= y + CARD_H - 26:  # flavour only where it fits above the id
        paragraph(image, (x + 10, text_y + 4), card.flavour, SMALL, CARD_W - 20, fill=MUTED)
    put_text(image, (x + 10, y + CARD_H - 22), f"id: {card_id}", SMALL, MUTED)


def _flare(image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int], flare_id: str) -> None:
    x, y = box
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=10, fill=(255, 236, 228), outline=(200, 80, 40))
    put_text(image, (x + 10, y + 8), fit(FLARES[flare_id].name, 17, CARD_W - 20), 17, INK)
    put_text(image, (x + 10, y + 30), "Flare (free, before an action)", SMALL, MUTED)
    top, bottom = flare_text(flare_id)
    text_y = paragraph(image, (x + 10, y + 54), "Top. " + top, 13, CARD_W - 20) + 10
    draw.line((x + 10, text_y - 5, x + CARD_W - 10, text_y - 5), fill=MUTED)
    paragraph(image, (x + 10, text_y), "Bottom. " + bottom, 13, CARD_W - 20)


def render_hand(state: State, seat: int, facts: TableFacts) -> Image.Image:
    """The private picture of `seat`'s cards (send it only to that player)."""
    names = facts.names
    hand = state.hands[seat]
    cards: list[tuple[str, str]] = [("being", c) for c in hand.beings + hand.legends] + [
        ("flare", f) for f in hand.flares
    ]
    rows = max(1, -(-len(cards) // PER_ROW))
    width = GAP + PER_ROW * (CARD_W + GAP)
    image = Image.new("RGB", (width, 56 + GAP + rows * (CARD_H + GAP)), PAPER)
    faction = FACTIONS[state.factions[seat]].name
    header(image, fit(f"{names[seat]}'s hand", 22, width - 32), f"{faction}, deck {len(state.decks[seat])} cards left")
    draw = ImageDraw.Draw(image)
    for index, (kind, card_id) in enumerate(cards):
        row, col = divmod(index, PER_ROW)
        box = (GAP + col * (CARD_W + GAP), 56 + GAP + row * (CARD_H + GAP))
        if kind == "flare":
            _flare(image, draw, box, card_id)
        else:
            _being(image, draw, box, card_id, seat)
    if not cards:
        put_text(image, (GAP, 56 + GAP), "No cards in hand.", 16, INK)
    return image
