"""Redraw the README's pictures of the web companion from a real game: a Genertela table played some turns through
the TableService, served by the WebServer, and its page photographed by headless Chromium at desktop (1280x800,
with a place's /info open) and phone (390x844) sizes, into docs/images/web-desktop.png and docs/images/web-phone.png.

    .venv/bin/python docs/tools/web_shots.py
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from selenium import webdriver  # noqa: E402  (after the path: the script runs from anywhere)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from table.service import TableService  # noqa: E402
from table.storage import Store  # noqa: E402
from tests.web.played import play_turns  # noqa: E402
from web import tokens  # noqa: E402
from web.server import WebServer  # noqa: E402

GAME, TURNS = "genertela", 6
SHOTS = {"web-desktop.png": (1280, 800, False), "web-phone.png": (390, 844, True)}


def shoot(page: str, images: Path) -> None:
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not (chromium and driver):
        raise SystemExit("Chromium is missing: apt-get install chromium chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars", "--lang=en-GB"):
        options.add_argument(flag)
    browser = webdriver.Chrome(options=options, service=Service(executable_path=driver))
    try:
        for name, (width, height, phone) in SHOTS.items():
            browser.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone},
            )
            browser.get(page)
            WebDriverWait(browser, 20).until(
                lambda b: b.execute_script(
                    "const i = document.getElementById('board'); return i.complete && i.naturalWidth"
                )
            )
            if not phone:
                open_a_place(browser, page)
            time.sleep(0.3)  # the last layout and paint
            browser.save_screenshot(str(images / name))
            with Image.open(images / name) as shot:
                shot.convert("RGB").save(images / name, optimize=True)
            print(f"{name}: {width}x{height}")
    finally:
        browser.quit()


def open_a_place(browser: webdriver.Chrome, page: str) -> None:
    """Show a place's /info beside the map, as a reader's click would."""
    data = json.loads(urllib.request.urlopen(page + "data.json").read())
    spots = json.loads(urllib.request.urlopen(page + data["turns"][-1]["places"]).read())
    if not spots:
        return
    held = [s for s in spots if "No units" not in s["text"]] or spots  # a place where pieces stand
    spot = max(held, key=lambda s: len(s["text"]))
    x, y = (spot["box"][0] + spot["box"][2]) / 2, (spot["box"][1] + spot["box"][3]) / 2
    browser.execute_script(
        "const img = document.getElementById('board'), r = img.getBoundingClientRect();"
        "const at = {clientX: r.left + arguments[0] * r.width / img.naturalWidth,"
        " clientY: r.top + arguments[1] * r.height / img.naturalHeight, pointerId: 1, bubbles: true, isPrimary: true};"
        "const view = document.getElementById('viewport');"
        "view.dispatchEvent(new PointerEvent('pointerdown', at));"
        "view.dispatchEvent(new PointerEvent('pointerup', at));",
        x,
        y,
    )
    WebDriverWait(browser, 10).until(lambda b: b.find_element("id", "info").is_displayed())


async def main() -> None:
    images = ROOT / "docs" / "images"
    images.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "shots.sqlite3")
        seeds = iter(range(1, 10**6))
        service = TableService(store, seeds=lambda: next(seeds))
        table = (await play_turns(service, GAME, TURNS, seed=7)).table
        server = WebServer(service)
        try:
            page = await server.start(0) + tokens.table_path(await tokens.web_secret(store), table.id)
            await asyncio.to_thread(shoot, page, images)
        finally:
            await server.stop()
            await store.close()


if __name__ == "__main__":
    asyncio.run(main())
