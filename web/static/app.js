// The table page: the map with pan and zoom, a turn slider with a timelapse, the log, the standings and what a
// tap on the map says of a place. Everything comes from data.json beside the page; every text is set with
// textContent (names are what players typed). No inline code: the Content-Security-Policy forbids it.
"use strict";

(() => {
  const REFRESH_MS = 30000; // data.json again while the game runs: new turns appear
  const STEP_MS = 1000; // the timelapse: one turn a second
  const TAP_SLOP = 8; // px a pointer may move and still be a tap, not a drag
  const DOUBLE_TAP_MS = 320;

  const $ = (id) => document.getElementById(id);
  const make = (tag, cls, text) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  const page = {
    data: null,
    index: 0,
    version: null,
    places: new Map(), // url -> Promise of the spots
    timer: null,
    refresh: null,
  };

  // ---- times, in the reader's own zone ----------------------------------------------------------------------
  const when = new Intl.DateTimeFormat(undefined, {
    weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZoneName: "short",
  });
  const ago = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  const relative = (seconds) => {
    const delta = seconds - Date.now() / 1000;
    const units = [["day", 86400], ["hour", 3600], ["minute", 60]];
    for (const [unit, size] of units) {
      if (Math.abs(delta) >= size) return ago.format(Math.round(delta / size), unit);
    }
    return ago.format(0, "minute");
  };
  const stamp = (seconds) => `${when.format(new Date(seconds * 1000))} (${relative(seconds)})`;

  // ---- pan and zoom -----------------------------------------------------------------------------------------
  const viewport = $("viewport");
  const stage = $("stage");
  const board = $("board");
  const view = { s: 1, x: 0, y: 0, fit: 1, width: 0, height: 0 };

  const apply = () => {
    stage.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.s})`;
  };

  // Keep the map on screen: centred along an axis where it is smaller than the viewport, else no gap at an edge.
  const clamp = () => {
    const box = viewport.getBoundingClientRect();
    const w = view.width * view.s;
    const h = view.height * view.s;
    view.x = w <= box.width ? (box.width - w) / 2 : Math.min(0, Math.max(box.width - w, view.x));
    view.y = h <= box.height ? (box.height - h) / 2 : Math.min(0, Math.max(box.height - h, view.y));
  };

  // On a narrow screen the map's box takes the picture's shape (up to 58% of the height): no empty band below it.
  const shape = () => {
    if (!view.width || window.innerWidth >= 900) {
      viewport.style.height = "";
      return;
    }
    const wide = viewport.getBoundingClientRect().width;
    viewport.style.height = `${Math.round(Math.min(window.innerHeight * 0.58, Math.max(260, (wide * view.height) / view.width)))}px`;
  };

  const fit = () => {
    if (!view.width) return;
    shape();
    const box = viewport.getBoundingClientRect();
    view.fit = Math.min(box.width / view.width, box.height / view.height);
    view.s = view.fit;
    clamp();
    apply();
  };

  // Zoom by `factor` keeping the point (px, py) of the viewport where it is.
  const zoomAt = (px, py, factor) => {
    const s = Math.min(Math.max(view.s * factor, view.fit), Math.max(view.fit * 8, 2));
    view.x = px - ((px - view.x) * s) / view.s;
    view.y = py - ((py - view.y) * s) / view.s;
    view.s = s;
    clamp();
    apply();
  };
  const zoomCentre = (factor) => {
    const box = viewport.getBoundingClientRect();
    zoomAt(box.width / 2, box.height / 2, factor);
  };

  board.addEventListener("load", () => {
    if (board.naturalWidth !== view.width || board.naturalHeight !== view.height) {
      view.width = board.naturalWidth;
      view.height = board.naturalHeight;
      stage.style.width = `${view.width}px`;
      stage.style.height = `${view.height}px`;
      fit();
    }
  });
  board.addEventListener("error", () => {
    // board/now-<version>.png answers 404 once the table moved on: fetch the new data and its new picture.
    if (page.data && current().turn === "now") load();
  });
  window.addEventListener("resize", () => {
    const wasFit = view.s <= view.fit + 1e-9;
    shape();
    const box = viewport.getBoundingClientRect();
    view.fit = Math.min(box.width / view.width, box.height / view.height) || 1;
    if (wasFit) view.s = view.fit;
    view.s = Math.max(view.s, view.fit);
    clamp();
    apply();
  });

  viewport.addEventListener(
    "wheel",
    (event) => {
      event.preventDefault();
      const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
      const box = viewport.getBoundingClientRect();
      zoomAt(event.clientX - box.left, event.clientY - box.top, Math.exp(-event.deltaY * lines * 0.0015));
    },
    { passive: false },
  );

  const pointers = new Map();
  let gesture = null; // {x, y, moved, t} of a one-pointer press; null once two pointers pinch
  let lastTap = null;

  viewport.addEventListener("pointerdown", (event) => {
    viewport.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    gesture = pointers.size === 1 ? { x: event.clientX, y: event.clientY, moved: false } : null;
  });

  viewport.addEventListener("pointermove", (event) => {
    const before = pointers.get(event.pointerId);
    if (!before) return;
    const after = { x: event.clientX, y: event.clientY };
    if (pointers.size === 1) {
      if (gesture && Math.hypot(after.x - gesture.x, after.y - gesture.y) > TAP_SLOP) gesture.moved = true;
      view.x += after.x - before.x;
      view.y += after.y - before.y;
      clamp();
      apply();
    } else if (pointers.size === 2) {
      const other = [...pointers.entries()].find(([id]) => id !== event.pointerId)[1];
      const box = viewport.getBoundingClientRect();
      const spread = Math.hypot(before.x - other.x, before.y - other.y) || 1;
      const mid = { x: (after.x + other.x) / 2 - box.left, y: (after.y + other.y) / 2 - box.top };
      view.x += (after.x - before.x) / 2;
      view.y += (after.y - before.y) / 2;
      zoomAt(mid.x, mid.y, Math.hypot(after.x - other.x, after.y - other.y) / spread);
    }
    pointers.set(event.pointerId, after);
  });

  const release = (event) => {
    if (!pointers.delete(event.pointerId)) return;
    if (event.type !== "pointerup" || !gesture || gesture.moved || pointers.size) {
      if (!pointers.size) gesture = null;
      return;
    }
    gesture = null;
    const box = viewport.getBoundingClientRect();
    const px = event.clientX - box.left;
    const py = event.clientY - box.top;
    const now = performance.now();
    if (lastTap && now - lastTap.t < DOUBLE_TAP_MS && Math.hypot(px - lastTap.x, py - lastTap.y) < 30) {
      lastTap = null;
      zoomAt(px, py, 2);
      return;
    }
    lastTap = { t: now, x: px, y: py };
    showPlace(event.clientX, event.clientY);
  };
  viewport.addEventListener("pointerup", release);
  viewport.addEventListener("pointercancel", release);

  $("zoom-in").addEventListener("click", () => zoomCentre(1.5));
  $("zoom-out").addEventListener("click", () => zoomCentre(1 / 1.5));
  $("zoom-reset").addEventListener("click", fit);

  // ---- places: what /info says of a spot of the map -------------------------------------------------------
  const spotsOf = (entry) => {
    if (!page.places.has(entry.places)) {
      const spots = fetch(entry.places, { credentials: "same-origin" })
        .then((answer) => (answer.ok ? answer.json() : []))
        .catch(() => []);
      page.places.set(entry.places, spots);
    }
    return page.places.get(entry.places);
  };

  const hideInfo = () => {
    $("info").hidden = true;
    $("mark").hidden = true;
  };
  $("info-close").addEventListener("click", hideInfo);

  const showPlace = async (clientX, clientY) => {
    if (!view.width) return;
    const entry = current();
    const rect = board.getBoundingClientRect();
    const x = ((clientX - rect.left) * board.naturalWidth) / rect.width;
    const y = ((clientY - rect.top) * board.naturalHeight) / rect.height;
    const spots = await spotsOf(entry);
    if (entry !== current()) return;
    const area = (box) => (box[2] - box[0]) * (box[3] - box[1]);
    const hits = spots.filter(({ box }) => x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3]);
    if (!hits.length) {
      hideInfo();
      return;
    }
    const spot = hits.reduce((best, one) => (area(one.box) < area(best.box) ? one : best));
    $("info-name").textContent = spot.name;
    lines($("info-text"), spot.text.split("\n"));
    const mark = $("mark");
    mark.style.left = `${spot.box[0]}px`;
    mark.style.top = `${spot.box[1]}px`;
    mark.style.width = `${spot.box[2] - spot.box[0]}px`;
    mark.style.height = `${spot.box[3] - spot.box[1]}px`;
    mark.hidden = false;
    $("info").hidden = false;
  };

  // ---- the text beside the map ------------------------------------------------------------------------------
  const lines = (node, texts) => {
    node.replaceChildren(...texts.filter((text) => text.trim()).map((text) => make("p", "", text)));
  };

  const showStatus = (data) => {
    const result = $("result");
    result.hidden = !data.result;
    result.textContent = data.result || (data.status === "abandoned" ? "This game was abandoned." : "");
    if (data.status === "abandoned" && !data.result) result.hidden = false;
    const awaited = $("awaited");
    awaited.replaceChildren();
    if (data.status === "running" && data.awaited.length) {
      awaited.append(make("h2", "", "Waiting for"));
      const list = make("ul", "awaited");
      for (const seat of data.awaited) {
        const item = make("li");
        item.append(make("strong", "", seat.name));
        if (seat.since) item.append(make("span", "since", ` since ${stamp(seat.since)}`));
        if (seat.deadline) item.append(make("span", "deadline", `, until ${stamp(seat.deadline)}`));
        list.append(item);
      }
      awaited.append(list);
    }
    lines($("standings"), data.standings);
    $("players").replaceChildren(
      ...data.players.map((seat) => {
        const item = make("li");
        item.append(make("strong", "", seat.name));
        if (seat.side) item.append(make("span", "side", ` — ${seat.side}`));
        if (seat.bot) item.append(make("span", "bot", " (bot)"));
        return item;
      }),
    );
    $("rules").href = data.rules;
  };

  const showLog = (data) => {
    const log = $("log");
    if (!data.log.length) {
      log.replaceChildren(make("p", "quiet", "Nothing played yet."));
      return;
    }
    log.replaceChildren(
      ...data.log.map((group) => {
        const part = make("section", "log-turn");
        part.id = `turn-${group.turn}`;
        part.dataset.turn = group.turn;
        // a finished turn's heading says whose it was, as the slider does; the turn under way has only its number
        const finished = data.turns.find((entry) => entry.turn === group.turn);
        part.append(make("h3", "", finished ? finished.label : `Turn ${group.turn}`));
        const list = make("ol");
        list.append(...group.lines.map((text) => make("li", "", text)));
        part.append(list);
        return part;
      }),
    );
  };

  // The log's part for a turn: that turn's own, else the last one before it (a turn may have no public line).
  const logPart = (entry) => {
    const parts = [...$("log").querySelectorAll(".log-turn")];
    if (entry.turn === "now") return parts[parts.length - 1];
    let found = null;
    for (const part of parts) if (Number(part.dataset.turn) <= entry.turn) found = part;
    return found;
  };

  // ---- the turn slider -------------------------------------------------------------------------------------
  const slider = $("turn");
  const current = () => page.data.turns[page.index];

  const preload = (index) => {
    const entry = page.data.turns[index];
    if (entry) new Image().src = entry.image;
  };

  const address = (entry) => {
    const url = new URL(window.location.href);
    url.hash = "";
    const last = page.index === page.data.turns.length - 1;
    if (last && entry.turn === "now") url.searchParams.delete("turn");
    else url.searchParams.set("turn", String(entry.turn));
    window.history.replaceState(null, "", url);
  };

  const show = (index, { write = true } = {}) => {
    const turns = page.data.turns;
    page.index = Math.min(Math.max(index, 0), turns.length - 1);
    const entry = current();
    slider.value = String(page.index);
    $("turn-label").textContent = entry.label;
    if (board.getAttribute("src") !== entry.image) board.src = entry.image;
    hideInfo();
    for (const part of $("log").querySelectorAll(".log-turn.here")) part.classList.remove("here");
    const part = logPart(entry);
    if (part) {
      part.classList.add("here");
      $("log").scrollTop = part.offsetTop; // .log is the part's offsetParent (position: relative)
    }
    $("prev").disabled = page.index === 0;
    $("next").disabled = page.index === turns.length - 1;
    preload(page.index + 1);
    if (write) address(entry);
  };

  slider.addEventListener("input", () => {
    stop();
    show(Number(slider.value));
  });
  $("prev").addEventListener("click", () => {
    stop();
    show(page.index - 1);
  });
  $("next").addEventListener("click", () => {
    stop();
    show(page.index + 1);
  });

  const stop = () => {
    if (page.timer !== null) clearInterval(page.timer);
    page.timer = null;
    $("play").textContent = "▶";
    $("play").setAttribute("aria-label", "Play");
  };
  const play = () => {
    if (page.index >= page.data.turns.length - 1) show(0);
    $("play").textContent = "❚❚";
    $("play").setAttribute("aria-label", "Pause");
    page.timer = setInterval(() => {
      show(page.index + 1);
      if (page.index >= page.data.turns.length - 1) stop();
    }, STEP_MS);
  };
  $("play").addEventListener("click", () => (page.timer === null ? play() : stop()));

  document.addEventListener("keydown", (event) => {
    if (!page.data || event.altKey || event.ctrlKey || event.metaKey) return;
    const typing = event.target instanceof HTMLElement && event.target.closest("input, textarea, select");
    if (typing && event.target !== slider) return;
    if (event.target === slider && event.key.startsWith("Arrow")) return; // the slider moves itself
    const keys = {
      ArrowLeft: () => show(page.index - 1),
      ArrowRight: () => show(page.index + 1),
      Home: () => show(0),
      End: () => show(page.data.turns.length - 1),
      "+": () => zoomCentre(1.5),
      "=": () => zoomCentre(1.5),
      "-": () => zoomCentre(1 / 1.5),
      "0": fit,
      Escape: hideInfo,
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    if (event.key.startsWith("Arrow") || event.key === "Home" || event.key === "End") stop();
    action();
  });

  // ---- loading and refreshing ------------------------------------------------------------------------------
  const wanted = () => {
    const query = new URLSearchParams(window.location.search).get("turn");
    const hash = new URLSearchParams(window.location.hash.slice(1)).get("turn");
    return hash ?? query;
  };

  const indexOf = (turns, turn) => turns.findIndex((entry) => String(entry.turn) === String(turn));

  const problem = (text) => {
    $("problem").textContent = text;
    $("problem").hidden = !text;
  };

  const load = async () => {
    let data;
    try {
      const answer = await fetch(document.body.dataset.data, { cache: "no-store", credentials: "same-origin" });
      if (!answer.ok) throw new Error(String(answer.status));
      data = await answer.json();
    } catch {
      problem("The table could not be reached; trying again soon.");
      return;
    }
    problem("");
    const first = page.data === null;
    const before = first ? null : current();
    const atEnd = !first && page.index === page.data.turns.length - 1;
    if (!first && data.version === page.version) return;
    page.data = data;
    page.version = data.version;
    slider.max = String(data.turns.length - 1);
    showStatus(data);
    showLog(data);
    let index = data.turns.length - 1;
    if (first) {
      const asked = wanted();
      const found = asked === null ? -1 : indexOf(data.turns, asked);
      if (found >= 0) index = found;
    } else if (!atEnd) {
      const kept = indexOf(data.turns, before.turn);
      if (kept >= 0) index = kept;
    }
    show(index, { write: !first || wanted() !== null });
    if (data.status !== "running" && page.refresh !== null) {
      clearInterval(page.refresh);
      page.refresh = null;
    }
    if (data.status === "running" && page.refresh === null) {
      page.refresh = setInterval(() => {
        if (!document.hidden) load();
      }, REFRESH_MS);
    }
  };

  window.addEventListener("hashchange", () => {
    const asked = wanted();
    if (page.data && asked !== null) {
      const found = indexOf(page.data.turns, asked);
      if (found >= 0) show(found);
    }
  });

  load();
})();
