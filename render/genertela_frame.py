"""Where a focused view of the Genertela map looks, and what its frame fixes: the zones of the action (a battle,
moves, homelands), the scale that fits them and their neighbours, and the raster under the view. The zone raster is
enlarged by an integer number of pixels per cell, so NEAREST is exact; the layers at each scale are built once for
the whole map and cropped per view."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageChops, ImageFilter

from render.genertela_map import BORDER, CELL, DASHES, borders_of, stripes, zone_cells
from rules.genertela.board import BOARD, NATIONS, active_nation
from rules.genertela.state import State

WIDTH = 800  # 550 / 800 shows 12 px text at 8.25 px inline
MAP_HEIGHT = 520
CELLS = (14,)  # view pixels per raster cell: 1.75 times the map; one scale, so boards never jump in size
MARGIN = 40  # map pixels kept around the centres of the zones a view must show
INSET = 14  # a zone centre closer than this to the view's edge is labelled where more of the zone shows
BAND = 5  # width of a battle's or the Deathline's band inside a zone's border
PAD = BAND + 2  # kept clear of a zone's border: labels stay off the battle and Deathline bands
TIGHT = 3  # what a small zone keeps clear when its label fits no other way


@dataclass(frozen=True)
class Frame:
    """Where a view lies: its top-left raster cell and how many pixels each cell gets."""

    col: int
    row: int
    cell: int

    @property
    def k(self) -> float:
        return self.cell / CELL

    def at(self, x: float, y: float) -> tuple[float, float]:
        """A map point in view pixels."""
        return (x - self.col * CELL) * self.k, (y - self.row * CELL) * self.k


def _box(zones: Sequence[str]) -> tuple[int, int, int, int]:
    xs = [BOARD.zones[z].centre[0] for z in zones]
    ys = [BOARD.zones[z].centre[1] for z in zones]
    return min(xs), min(ys), max(xs), max(ys)


def fits(zones: Sequence[str], cell: int) -> bool:
    """Whether the zones' centres, with a margin, fit in a view at this scale."""
    left, top, right, bottom = _box(zones)
    k = cell / CELL
    return (right - left + 2 * MARGIN) * k <= WIDTH and (bottom - top + 2 * MARGIN) * k <= MAP_HEIGHT


def land_around(zones: Sequence[str]) -> list[str]:
    """The land neighbours of the zones (the sea's centre lies far away along the coast)."""
    near = {n for z in zones for n in BOARD.zones[z].adjacent if BOARD.zones[n].terrain != "sea"}
    return sorted(near - set(zones))


def cluster(candidates: Sequence[str]) -> list[str]:
    """The first zone and those of the others that still fit one view with it (at the smallest scale)."""
    chosen = [candidates[0]]
    for zid in candidates[1:]:
        if zid not in chosen and fits([*chosen, zid], CELLS[-1]):
            chosen.append(zid)
    return chosen


def frame_for(core: Sequence[str]) -> Frame:
    """The largest scale at which the core zones and their neighbours fit; else the smallest, on the core."""
    around = [*core, *land_around(core)]
    cell = next((c for c in CELLS if fits(around, c)), CELLS[-1])
    left, top, right, bottom = _box(around if fits(around, cell) else core)
    _, small = zone_cells()
    cols, rows = -(-WIDTH // cell), -(-MAP_HEIGHT // cell)
    col = round((left + right) / 2 / CELL - cols / 2)
    row = round((top + bottom) / 2 / CELL - rows / 2)
    return Frame(max(0, min(col, small.width - cols)), max(0, min(row, small.height - rows)), cell)


@cache
def _zone_sizes() -> Counter[int]:
    _, small = zone_cells()
    return Counter(small.tobytes())


Box = tuple[int, int, int, int]
# The band-code layer: what each pixel of the map is to a zone's outline (by its distance to the zone's border)
LINE, PLAIN, STRIPE = 1, 2, 3  # the thin inner line, the band, the band where the Deathline's dashes fall


@cache
def scale_layers(cell: int) -> tuple[Image.Image, Image.Image]:
    """The whole map at one scale, built once (~0.3 s): zone indices with the borders burnt in (BORDER), and the
    band codes. A view crops them: nothing map-sized is computed per board."""
    _, small = zone_cells()
    index = small.resize((small.width * cell, small.height * cell), Image.Resampling.NEAREST)
    edges = borders_of(index)
    bordered = index.copy()
    bordered.paste(BORDER, mask=_blur_mask(edges, 1) if cell >= 16 else edges)  # lines thicken at larger scales
    near = _blur_mask(edges, BAND)
    code = Image.new("L", index.size, 0)
    code.paste(LINE, mask=_blur_mask(edges, BAND + 2))
    code.paste(PLAIN, mask=near)
    code.paste(STRIPE, mask=ImageChops.multiply(near, stripes(*index.size, 12, 7)))
    return bordered, code


@cache
def dashed_layer(cell: int) -> Image.Image:
    """The zone indices at one scale with the borders and the Deathline zones' dashes (DASHES) burnt in: what every
    board at that scale colours, built once for the whole map (a view crops it)."""
    bordered, code = scale_layers(cell)
    layer = bordered.copy()
    dashes = code.point(_lut(lambda v: v == STRIPE))
    layer.paste(DASHES, (0, 0), ImageChops.multiply(bordered.point(_lut(lambda v: v in deathline_zones())), dashes))
    return layer


@cache
def deathline_zones() -> frozenset[int]:
    """The indices of the Deathline zones."""
    ids, _ = zone_cells()
    return frozenset(index for index, zid in enumerate(ids) if BOARD.zones[zid].deathline)


@cache
def zone_boxes() -> dict[int, Box]:
    """Each zone's cells: (first column, first row, last column, last row) on the small raster."""
    _, small = zone_cells()
    found: dict[int, list[int]] = {}
    for at, value in enumerate(small.tobytes()):
        col, row = at % small.width, at // small.width
        box = found.setdefault(value, [col, row, col, row])
        box[0], box[1], box[2], box[3] = min(box[0], col), min(box[1], row), max(box[2], col), max(box[3], row)
    return {v: (a, b, c, d) for v, (a, b, c, d) in found.items()}


def _lut(keep: Callable[[int], bool]) -> list[int]:
    return [255 if keep(v) else 0 for v in range(256)]


@dataclass(frozen=True)
class Geometry:
    """What a view's frame fixes, whatever the state: the raster cells under it, the zones it labels and where."""

    frame: Frame
    cells: bytes  # the raster cells under the view, row by row
    columns: int
    anchors: dict[str, tuple[float, float]]  # zone -> where its labels centre, for the zones the view may label
    partial: frozenset[str]  # of those, the zones the view's edge cuts (labelled only where their label fits)
    runs: list[tuple[int, int]]  # per cell: the columns of its zone's run along its row
    indices: frozenset[int]  # the zones the view shows (any part of)

    @property
    def origin(self) -> tuple[int, int]:
        """The view's top-left pixel on its scale's layers."""
        return self.frame.col * self.frame.cell, self.frame.row * self.frame.cell

    def crop(self, layer: Image.Image, box: Box = (0, 0, WIDTH, MAP_HEIGHT)) -> Image.Image:
        x, y = self.origin
        return layer.crop((x + box[0], y + box[1], x + box[2], y + box[3]))

    def layer(self) -> Image.Image:
        """The view's zone indices with the borders and the Deathline's dashes burnt in (a copy to draw on)."""
        return self.crop(dashed_layer(self.frame.cell))

    @property
    def deathline(self) -> bool:
        """Whether the view shows a Deathline zone."""
        return not self.indices.isdisjoint(deathline_zones())

    def box(self, index: int) -> Box | None:
        """The part of the view a zone's cells cover, or None if it does not show."""
        if index not in self.indices:
            return None
        a, b, c, d = zone_boxes()[index]
        size, col, row = self.frame.cell, self.frame.col, self.frame.row
        left, top = max(0, (a - col) * size), max(0, (b - row) * size)
        return left, top, min(WIDTH, (c + 1 - col) * size), min(MAP_HEIGHT, (d + 1 - row) * size)

    def band(self, index: int) -> tuple[Box, Image.Image, Image.Image] | None:
        """The band inside a zone's border and the thin line inside that, as masks over the zone's box."""
        box = self.box(index)
        return None if box is None else (box, *_band(self.frame, index, box))

    def room(self, index: int, x: float, top: float, bottom: float, pad: int = PAD) -> tuple[float, float] | None:
        """The span of the zone's pixels around x on every row from top to bottom, less a margin; None when x is
        not in the zone there or the rows leave the view."""
        size = self.frame.cell
        if top < pad or bottom > MAP_HEIGHT - pad or not 0 <= x < WIDTH:
            return None
        col, left, right = int(x // size), 0, self.columns
        for row in range(int(top // size), int((bottom - 1) // size) + 1):
            at = row * self.columns + col
            if self.cells[at] != index:
                return None
            left, right = max(left, self.runs[at][0]), min(right, self.runs[at][1])
        return left * size + pad, min(right * size, WIDTH) - pad


def _runs(data: bytes, cols: int) -> list[tuple[int, int]]:
    """For each cell, the columns its zone's run along the row spans (first, last + 1)."""
    runs: list[tuple[int, int]] = []
    for start in range(0, len(data), cols):
        row = data[start : start + cols]
        col = 0
        while col < cols:
            end = col
            while end < cols and row[end] == row[col]:
                end += 1
            runs += [(col, end)] * (end - col)
            col = end
    return runs


@lru_cache(maxsize=64)
def _band(frame: Frame, index: int, box: Box) -> tuple[Image.Image, Image.Image]:
    """A zone's outline masks in one view (kept: a battle stays outlined for a whole nation turn)."""
    x, y = frame.col * frame.cell, frame.row * frame.cell
    bordered, code = (
        layer.crop((x + box[0], y + box[1], x + box[2], y + box[3])) for layer in scale_layers(frame.cell)
    )
    mine = bordered.point(_lut(lambda v: v == index))
    band = ImageChops.multiply(mine, code.point(_lut(lambda v: v >= PLAIN)))
    return band, ImageChops.multiply(mine, code.point(_lut(lambda v: v == LINE)))


def _blur_mask(mask: Image.Image, reach: int) -> Image.Image:
    """Pixels within `reach` of the mask (a box blur is fast at any reach; MinFilter/MaxFilter are not)."""
    return mask.filter(ImageFilter.BoxBlur(reach)).point(lambda v: 255 if v else 0)


def _anchors(frame: Frame, data: bytes, cols: int) -> tuple[dict[str, tuple[float, float]], set[str]]:
    """Where each zone's label centres: on its centre if the view shows it, else on the middle of what shows of the
    zone when that is most of it (or a large piece, like the sea's)."""
    ids, _ = zone_cells()
    seen: Counter[int] = Counter(data)
    sums: dict[int, list[int]] = {}
    for at, value in enumerate(data):
        total = sums.setdefault(value, [0, 0])
        total[0] += at % cols
        total[1] += at // cols
    anchors: dict[str, tuple[float, float]] = {}
    partial: set[str] = set()
    for value, count in seen.items():
        x, y = frame.at(*BOARD.zones[ids[value]].centre)
        inside = INSET <= x <= WIDTH - INSET and INSET <= y <= MAP_HEIGHT - INSET
        if inside and data[int(y // frame.cell) * cols + int(x // frame.cell)] == value:
            anchors[ids[value]] = (x, y)
            if count < 0.8 * _zone_sizes()[value]:  # cut by the view's edge: labelled only if the label fits
                partial.add(ids[value])
        elif count >= 0.4 * _zone_sizes()[value] or count >= 60:
            cx, cy = (sums[value][0] / count + 0.5) * frame.cell, (sums[value][1] / count + 0.5) * frame.cell
            anchors[ids[value]] = (min(cx, WIDTH - 2 * INSET), min(cy, MAP_HEIGHT - 2 * INSET))
            partial.add(ids[value])
    return anchors, partial


@lru_cache(maxsize=128)
def geometry(frame: Frame) -> Geometry:
    """A frame's cells, runs and anchors (tens of kilobytes, ~1 ms to build)."""
    _, small = zone_cells()
    cols, rows = -(-WIDTH // frame.cell), -(-MAP_HEIGHT // frame.cell)
    data = small.crop((frame.col, frame.row, frame.col + cols, frame.row + rows)).tobytes()
    anchors, partial = _anchors(frame, data, cols)
    return Geometry(frame, data, cols, anchors, frozenset(partial), _runs(data, cols), frozenset(data))


def focus(state: State) -> tuple[list[str], str]:
    """The zones of the current action, the most telling first, and what they are: a battle under way, this nation
    turn's battles, its moves (and builds and captures), the last battles, else the active nation's homelands."""
    nation = active_nation(state)
    name = NATIONS[nation].name
    now = f"{state.turn}:{state.order_index}:{state.alliance}"
    battle = state.battle
    if state.phase == "over" and state.fought:  # the finale: the campaign's last battles decided the last VP
        return list(reversed(state.fought)), "the campaign's last battles"
    if battle is not None:
        return [battle.zone], "battle under way"  # in the middle: the turn's other battles show if near
    if state.fought and state.fought_in == now:
        return list(reversed(state.fought)), "battles this turn"
    moved = Counter(u.zone for u in state.units if u.moved and (u.nation == nation or (state.alliance and u.in_army)))
    moves = [*state.changed, *(z for z, _ in moved.most_common()), *state.built]
    if moves:
        return moves, "the campaign's last moves" if state.phase == "over" else f"{name} moved"
    if state.fought:
        return list(reversed(state.fought)), "last battles"
    homes = [z for z in NATIONS[nation].homelands if z in BOARD.zones]
    if homes:
        return homes, f"{name} homelands"
    held = Counter(u.zone for u in state.units if u.nation == nation)
    return [z for z, _ in held.most_common()] or [next(iter(BOARD.zones))], f"{name} armies"
