"""The table page in a real browser: headless Chromium driven by Selenium (Debian's chromium and chromium-driver;
./run-tests installs them when missing). The page is served by a server in a thread of its own, and checked the way
a reader uses it: the map is the table's board, the slider moves the picture and the log, zoom changes the view, a
tap on a spot tells what /info says, and a phone-sized window has no horizontal scroll."""

from __future__ import annotations

import asyncio
import io
import json
import shutil
import threading
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image, ImageChops
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

import rules
from render import renderer
from render.record import table_facts
from table.service import TableService
from table.storage import SeatRow, Store, TableRow
from tests.web.played import play_turns
from web import tokens
from web.server import WebServer

GAME, TURNS = "genertela", 3  # a game whose whole map has spots, played until 3 turns have finished
WAIT = 10  # seconds a page may take to show what is asked: a bound for a busy machine, not a measured time
DESKTOP, PHONE = (1280, 800), (360, 740)


@dataclass
class Served:
    """The real WebServer on a free port, serving one table played some turns, on an event loop of its own."""

    loop: asyncio.AbstractEventLoop
    service: TableService
    table: TableRow
    base: str  # http://127.0.0.1:<port>
    page: str  # the table page's URL

    def get(self, url: str) -> bytes:
        with urllib.request.urlopen(url if url.startswith("http") else self.page + url) as answer:
            body: bytes = answer.read()
            return body

    def data(self) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(self.get("data.json"))
        return found

    def drawn_now(self) -> Image.Image:
        """The whole map of the table now, drawn here from its public view (as the server should have)."""
        engine = rules.engine(GAME)
        state = self.service.state(self.table)
        names = [seat.name for seat in asyncio.run_coroutine_threadsafe(self._seats(), self.loop).result()]
        return renderer(GAME).whole_map(engine.view(state, None), table_facts(engine, state, names)).convert("RGB")

    async def _seats(self) -> list[SeatRow]:
        return await self.service.store.tables.seats(self.table.id)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    where = tmp_path_factory.mktemp("web") / "web.sqlite3"

    async def start() -> tuple[Store, WebServer, Served]:
        store = await Store.open(where)
        seeds = iter(range(1, 10**6))
        service = TableService(store, seeds=lambda: next(seeds))
        table = (await play_turns(service, GAME, TURNS)).table
        assert table.status == "running"
        server = WebServer(service)
        base = await server.start(0)
        page = base + tokens.table_path(await tokens.web_secret(store), table.id)
        return store, server, Served(loop, service, table, base, page)

    async def stop(store: Store, server: WebServer) -> None:
        await server.stop()
        await store.close()

    store, server, site = asyncio.run_coroutine_threadsafe(start(), loop).result()
    yield site
    asyncio.run_coroutine_threadsafe(stop(store, server), loop).result()
    loop.call_soon_threadsafe(loop.stop)
    thread.join()
    loop.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    assert chromium and driver, "Chromium and its driver are missing: ./run-tests installs them (apt-get)"
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=en-GB"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    chrome = webdriver.Chrome(options=options, service=Service(executable_path=driver))
    yield chrome
    chrome.quit()


def size(browser: webdriver.Chrome, width: int, height: int, phone: bool = False) -> None:
    """The page's own viewport at exactly this size (a window's size would include the browser's frame)."""
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone},
    )
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": phone, "maxTouchPoints": 5})


def open_page(browser: webdriver.Chrome, url: str) -> None:
    browser.get(url)
    browser.get_log("browser")  # what an earlier page logged is not this one's
    until(browser, lambda: js(browser, "return document.getElementById('board').naturalWidth") > 0)


def until(browser: webdriver.Chrome, condition: Any) -> Any:
    return WebDriverWait(browser, WAIT).until(lambda _: condition())


def js(browser: webdriver.Chrome, script: str, *args: Any) -> Any:
    return browser.execute_script(script, *args)


def shown(browser: webdriver.Chrome) -> str:
    """The address of the picture the page shows."""
    source: str = js(browser, "return document.getElementById('board').currentSrc")
    return source


def showing(browser: webdriver.Chrome, served: Served, entry: dict[str, Any]) -> bool:
    return shown(browser) == served.page + entry["image"]


def pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def no_errors(browser: webdriver.Chrome) -> None:
    """Nothing the console logged as an error: a script that failed, a request the CSP refused, a 404."""
    errors = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors


def slider_to(browser: webdriver.Chrome, index: int) -> None:
    slider = element(browser, "turn")
    slider.click()
    slider.send_keys(Keys.HOME)
    for _ in range(index):
        slider.send_keys(Keys.ARROW_RIGHT)


def element(browser: webdriver.Chrome, name: str) -> WebElement:
    return browser.find_element(By.ID, name)


def test_the_page_shows_the_tables_board_now(browser: webdriver.Chrome, served: Served) -> None:
    size(browser, *DESKTOP)
    open_page(browser, served.page)
    data = served.data()
    now = data["turns"][-1]
    assert now["turn"] == "now" and showing(browser, served, now)
    assert ImageChops.difference(pixels(served.get(shown(browser))), served.drawn_now()).getbbox() is None
    assert element(browser, "turn-label").text == now["label"]
    assert element(browser, "players").text.splitlines() == [
        f"{seat['name']} — {seat['side']}" if seat["side"] else seat["name"] for seat in data["players"]
    ]
    assert [seat["name"] for seat in data["awaited"]] and all(
        seat["name"] in element(browser, "awaited").text for seat in data["awaited"]
    )
    assert element(browser, "rules").get_attribute("href") == served.page + "rules/"
    no_errors(browser)


def test_the_slider_moves_the_picture_and_the_log(browser: webdriver.Chrome, served: Served) -> None:
    size(browser, *DESKTOP)
    open_page(browser, served.page)
    turns = served.data()["turns"]
    before = served.get(shown(browser))
    slider_to(browser, 2)
    until(browser, lambda: showing(browser, served, turns[2]))
    assert served.get(shown(browser)) != before
    assert browser.current_url == served.page + "?turn=2"
    assert element(browser, "turn-label").text == turns[2]["label"]
    assert turns[2]["label"].startswith("Turn 2: ")  # and whose turn it was, as the game told its end
    log, part = element(browser, "log"), element(browser, "turn-2")
    assert "here" in (part.get_attribute("class") or "")
    assert part.find_element(By.TAG_NAME, "h3").text == turns[2]["label"]  # the log's heading says it as the slider
    assert len(browser.find_elements(By.CSS_SELECTOR, "#log .here")) == 1
    top, room = js(
        browser, "return [arguments[0].offsetTop, arguments[1].scrollHeight - arguments[1].clientHeight]", part, log
    )
    assert js(browser, "return arguments[0].scrollTop", log) == min(top, room) > 0  # turn 2's lines at the top
    no_errors(browser)


def test_a_link_opens_the_page_at_a_turn(browser: webdriver.Chrome, served: Served) -> None:
    size(browser, *DESKTOP)
    turns = served.data()["turns"]
    for link in (served.page + "?turn=1", served.page + "#turn=1"):
        open_page(browser, link)
        assert showing(browser, served, turns[1])
        assert element(browser, "turn").get_attribute("value") == "1"


def scale(browser: webdriver.Chrome) -> float:
    found: float = js(browser, "return new DOMMatrix(getComputedStyle(document.getElementById('stage')).transform).a")
    return found


def test_zoom_changes_the_view(browser: webdriver.Chrome, served: Served) -> None:
    size(browser, *DESKTOP)
    open_page(browser, served.page)
    fitted = scale(browser)
    element(browser, "zoom-in").click()
    assert scale(browser) > fitted
    element(browser, "zoom-reset").click()
    assert scale(browser) == fitted
    viewport = element(browser, "viewport")
    ActionChains(browser).scroll_to_element(viewport).scroll_from_origin(
        ScrollOrigin.from_element(viewport), 0, -300
    ).perform()
    until(browser, lambda: scale(browser) > fitted)  # the mouse wheel zooms too


def a_spot(served: Served, data: dict[str, Any]) -> tuple[dict[str, Any], tuple[float, float]]:
    """A spot of the picture now with something to say, the point in its middle, and the spot a tap there names:
    the smallest of those around the point, as the page picks."""
    spots = json.loads(served.get(data["turns"][-1]["places"]))
    chosen = max((spot for spot in spots if spot["text"]), key=lambda spot: spot["box"][2] - spot["box"][0])
    x0, y0, x1, y1 = chosen["box"]
    x, y = (x0 + x1) / 2, (y0 + y1) / 2
    around = [spot for spot in spots if spot["box"][0] <= x <= spot["box"][2] and spot["box"][1] <= y <= spot["box"][3]]
    named = min(around, key=lambda spot: (spot["box"][2] - spot["box"][0]) * (spot["box"][3] - spot["box"][1]))
    return named, (x, y)


def tap(browser: webdriver.Chrome, at: tuple[float, float]) -> None:
    """Click the map where the picture's pixel `at` is shown now."""
    where = js(
        browser,
        "const img = arguments[0], r = img.getBoundingClientRect();"
        "return [r.left + arguments[1] * r.width / img.naturalWidth,"
        " r.top + arguments[2] * r.height / img.naturalHeight];",
        element(browser, "board"),
        *at,
    )
    viewport = element(browser, "viewport")
    box = viewport.rect
    x, y = round(where[0] - box["x"] - box["width"] / 2), round(where[1] - box["y"] - box["height"] / 2)
    ActionChains(browser).move_to_element_with_offset(viewport, x, y).click().perform()


def said(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def test_a_tap_on_a_spot_tells_of_it(browser: webdriver.Chrome, served: Served) -> None:
    size(browser, *DESKTOP)
    open_page(browser, served.page)
    spot, at = a_spot(served, served.data())
    assert not element(browser, "info").is_displayed()
    tap(browser, at)
    until(browser, lambda: element(browser, "info").is_displayed())
    assert element(browser, "info-name").text == spot["name"]
    assert said(element(browser, "info-text").text) == said(spot["text"])
    no_errors(browser)


def test_a_phone_sized_window(browser: webdriver.Chrome, served: Served) -> None:
    size(browser, *PHONE, phone=True)
    open_page(browser, served.page)
    data = served.data()
    assert js(browser, "return document.documentElement.scrollWidth") <= PHONE[0]
    for name in ("zoom-in", "zoom-out", "zoom-reset", "play", "prev", "next", "rules", "turn"):
        rect = element(browser, name).rect
        assert rect["height"] >= 40 and rect["width"] >= 40, name
        assert rect["x"] >= 0 and rect["x"] + rect["width"] <= PHONE[0], name
    slider_to(browser, 1)
    until(browser, lambda: showing(browser, served, data["turns"][1]))
    element(browser, "zoom-reset").click()
    spot, at = a_spot(served, {"turns": data["turns"][:2]})
    tap(browser, at)
    until(browser, lambda: element(browser, "info").is_displayed())
    assert element(browser, "info-name").text == spot["name"]
    assert js(browser, "return document.documentElement.scrollWidth") <= PHONE[0]
    no_errors(browser)
