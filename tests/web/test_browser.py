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
from pathlib import Path
from string import Template
from typing import Any

import pytest
from aiohttp import web
from PIL import Image, ImageDraw
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

WEB = Path(__file__).resolve().parents[2] / "web"
WAIT = 10  # seconds a page may take to show what is asked: a bound for a busy machine, not a measured time
DESKTOP, PHONE = (1280, 800), (360, 740)
TURNS = 4
SIZE = (900, 600)
SPOT: dict[str, Any] = {"name": "Pavis", "box": [300, 200, 420, 300], "text": "Pavis: a city.\nHeld by <b>alice</b>."}


def picture(turn: int) -> bytes:
    image = Image.new("RGB", SIZE, (40 * turn, 120, 200 - 30 * turn))
    ImageDraw.Draw(image).text((20, 20), f"turn {turn}", fill="white")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def canned() -> dict[str, Any]:
    turns: list[dict[str, Any]] = [
        {
            "turn": n,
            "label": "Start" if n == 0 else f"Turn {n}",
            "image": f"board/{n}.png",
            "places": f"places/{n}.json",
        }
        for n in range(TURNS)
    ]
    turns.append(
        {
            "turn": "now",
            "label": f"Now (turn {TURNS} under way)",
            "image": "board/now-9.png",
            "places": "places/now-9.json",
        }
    )
    return {
        "title": "Genertela at #<campaign>",
        "game": "genertela",
        "game_title": "Genertela",
        "status": "running",
        "version": 9,
        "players": [
            {"seat": 0, "name": "<b>alice</b>", "side": "Lunar Empire", "bot": False},
            {"seat": 1, "name": "bob", "side": None, "bot": True},
        ],
        "awaited": [{"seat": 1, "name": "bob", "since": 1796000000.0, "deadline": 1796100000.0}],
        "standings": ["alice: 3 points", "bob: 2 points"],
        "result": None,
        "turns": turns,
        "log": [{"turn": n, "lines": [f"line {k} of turn {n}" for k in range(12)]} for n in range(TURNS + 1)],
        "rules": "rules/",
    }


CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


def canned_app() -> web.Application:
    data = canned()
    pictures = {f"{n}.png": picture(n) for n in range(TURNS)} | {"now-9.png": picture(TURNS)}

    @web.middleware
    async def headers(request: web.Request, handler: Any) -> web.StreamResponse:
        answer = await handler(request)
        answer.headers["Content-Security-Policy"] = CSP
        return answer

    async def page(request: web.Request) -> web.Response:
        shell = Template((WEB / "templates" / "table.html").read_text())
        html = shell.substitute(title="Genertela at #&lt;campaign&gt;", heading="Genertela at #&lt;campaign&gt;")
        return web.Response(text=html, content_type="text/html")

    async def board(request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in pictures:
            raise web.HTTPNotFound()
        return web.Response(body=pictures[name], content_type="image/png")

    async def places(request: web.Request) -> web.Response:
        return web.json_response([SPOT])

    async def static(request: web.Request) -> web.FileResponse:
        return web.FileResponse(WEB / "static" / request.match_info["name"])

    async def data_json(request: web.Request) -> web.Response:
        return web.json_response(data)

    app = web.Application(middlewares=[headers])
    app.router.add_get("/t/1-token/", page)
    app.router.add_get("/t/1-token/data.json", data_json)
    app.router.add_get("/t/1-token/board/{name}", board)
    app.router.add_get("/t/1-token/places/{name}", places)
    app.router.add_get("/static/{name}", static)
    return app


@dataclass
class Served:
    base: str  # http://127.0.0.1:<port>
    page: str  # the table page's URL
    data: dict[str, Any]

    def get(self, path: str) -> bytes:
        with urllib.request.urlopen(self.base + path) as answer:
            body: bytes = answer.read()
            return body


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    async def start() -> tuple[web.AppRunner, int]:
        runner = web.AppRunner(canned_app())
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        return runner, port

    runner, port = asyncio.run_coroutine_threadsafe(start(), loop).result()
    base = f"http://127.0.0.1:{port}"
    data = json.loads(urllib.request.urlopen(base + "/t/1-token/data.json").read())
    yield Served(base, base + "/t/1-token/", data)
    asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result()
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


def shown_image(browser: webdriver.Chrome, served: Served) -> bytes:
    source = js(browser, "return document.getElementById('board').currentSrc")
    assert source.startswith(served.base)
    return served.get(source.removeprefix(served.base))


def no_errors(browser: webdriver.Chrome) -> None:
    """Nothing the console logged as an error: a script that failed, a request the CSP refused, a 404."""
    errors = [entry["message"] for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors


def slider_to(browser: webdriver.Chrome, index: int) -> None:
    slider = browser.find_element(By.ID, "turn")
    slider.click()
    slider.send_keys(Keys.HOME)
    for _ in range(index):
        slider.send_keys(Keys.ARROW_RIGHT)


def element(browser: webdriver.Chrome, name: str) -> WebElement:
    return browser.find_element(By.ID, name)


def test_the_page_shows_the_tables_board_now(browser: webdriver.Chrome, served: Served) -> None:
    size(browser, *DESKTOP)
    open_page(browser, served.page)
    now = served.data["turns"][-1]
    assert shown_image(browser, served) == served.get(f"/t/1-token/{now['image']}")
    assert element(browser, "turn-label").text == now["label"]
    assert "<b>alice</b>" in element(browser, "players").text  # a typed name is text, never markup
    assert element(browser, "players").find_elements(By.TAG_NAME, "b") == []
    assert "bob" in element(browser, "awaited").text
    assert element(browser, "rules").get_attribute("href") == served.page + "rules/"
    no_errors(browser)


def test_the_slider_moves_the_picture_and_the_log(browser: webdriver.Chrome, served: Served) -> None:
    size(browser, *DESKTOP)
    open_page(browser, served.page)
    before = shown_image(browser, served)
    slider_to(browser, 2)
    until(browser, lambda: js(browser, "return document.getElementById('board').currentSrc").endswith("board/2.png"))
    assert shown_image(browser, served) != before
    assert browser.current_url == served.page + "?turn=2"
    assert element(browser, "turn-label").text == "Turn 2"
    log = element(browser, "log")
    part = element(browser, "turn-2")
    assert "here" in (part.get_attribute("class") or "")
    assert js(browser, "return arguments[0].scrollTop", log) == js(browser, "return arguments[0].offsetTop", part) > 0
    no_errors(browser)


def test_a_link_opens_the_page_at_a_turn(browser: webdriver.Chrome, served: Served) -> None:
    size(browser, *DESKTOP)
    for link in (served.page + "?turn=1", served.page + "#turn=1"):
        open_page(browser, link)
        assert js(browser, "return document.getElementById('board').currentSrc").endswith("board/1.png")
        assert element(browser, "turn").get_attribute("value") == "1"


def test_zoom_changes_the_view(browser: webdriver.Chrome, served: Served) -> None:
    size(browser, *DESKTOP)
    open_page(browser, served.page)
    stage = element(browser, "stage")
    fitted = stage.value_of_css_property("transform")
    element(browser, "zoom-in").click()
    zoomed = stage.value_of_css_property("transform")
    assert zoomed != fitted
    scale = js(browser, "return new DOMMatrix(getComputedStyle(arguments[0]).transform).a", stage)
    element(browser, "zoom-reset").click()
    assert js(browser, "return new DOMMatrix(getComputedStyle(arguments[0]).transform).a", stage) < scale


def tap_spot(browser: webdriver.Chrome) -> None:
    """Click the middle of the spot, wherever the fitted map put it."""
    board = element(browser, "board")
    x0, y0, x1, y1 = SPOT["box"]
    where = js(
        browser,
        "const img = arguments[0], r = img.getBoundingClientRect();"
        "return [r.left + arguments[1] * r.width / img.naturalWidth,"
        " r.top + arguments[2] * r.height / img.naturalHeight];",
        board,
        (x0 + x1) / 2,
        (y0 + y1) / 2,
    )
    viewport = element(browser, "viewport")
    box = viewport.rect
    ActionChains(browser).move_to_element_with_offset(
        viewport, round(where[0] - box["x"] - box["width"] / 2), round(where[1] - box["y"] - box["height"] / 2)
    ).click().perform()


def test_a_tap_on_a_spot_tells_of_it(browser: webdriver.Chrome, served: Served) -> None:
    size(browser, *DESKTOP)
    open_page(browser, served.page)
    assert not element(browser, "info").is_displayed()
    tap_spot(browser)
    until(browser, lambda: element(browser, "info").is_displayed())
    assert element(browser, "info-name").text == "Pavis"
    assert element(browser, "info-text").text == "Pavis: a city.\nHeld by <b>alice</b>."
    no_errors(browser)


def test_a_phone_sized_window(browser: webdriver.Chrome, served: Served) -> None:
    size(browser, *PHONE, phone=True)
    open_page(browser, served.page)
    assert js(browser, "return document.documentElement.scrollWidth") <= PHONE[0]
    for name in ("zoom-in", "zoom-out", "zoom-reset", "play", "prev", "next", "rules", "turn"):
        rect = element(browser, name).rect
        assert rect["height"] >= 40 and rect["width"] >= 40, name
        assert rect["x"] >= 0 and rect["x"] + rect["width"] <= PHONE[0], name
    slider_to(browser, 1)
    until(browser, lambda: js(browser, "return document.getElementById('board').currentSrc").endswith("board/1.png"))
    tap_spot(browser)
    until(browser, lambda: element(browser, "info").is_displayed())
    assert element(browser, "info-name").text == "Pavis"
    assert js(browser, "return document.documentElement.scrollWidth") <= PHONE[0]
    no_errors(browser)
