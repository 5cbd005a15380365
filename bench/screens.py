"""Screenshots of every page a club night uses, with the figures a player cares about.

Run: `.venv/bin/python bench/screens.py [--out DIR] [--lang en|de|both]`. Not a test:
it measures and prints, it asserts nothing.

It builds a throwaway SQLite database (bench/throwaway.py): the demo club
(`manage.py demo`), tonight's Hand and Foot evening with 100 players checked in and
drawn (25 tables, hands confirmed, a few cards turned in), and an evening of each
other game drawn and running: Laus with a round waiting for confirmation and a
disputed round; an evening at the door, and players' phones (the club night of
tests/browser/club_night.py, with more players and tables). It serves the app in a
thread (DEBUG off, so the 400 page is the site's own; static files from a temporary
collectstatic) and visits each page with Playwright's Chromium (/usr/bin/chromium,
never a downloaded one) at 390×844, 768×1024 and 1920×1080, in English and German
(the browser's Accept-Language).

Saves full-page PNGs to DIR (default test-artifacts/screens, not committed) and prints
one Markdown table row per page and size: the page's height, how far down the first
input or button of the main content is (y, px), the smallest tap target among the
visible links, buttons and inputs of the main content (a checkbox or radio counts
with its label; a link within a sentence is left out), whether the page scrolls
sideways, and the console errors.
"""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import sys
import threading
from pathlib import Path
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.throwaway import temporary_folder, use_throwaway_database  # noqa: E402
from tests.browser.figures import measure  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
SIZES = [(390, 844), (768, 1024), (1920, 1080)]
COLUMNS = ["lang", "page", "size", "height", "first input y", "smallest tap target"]
COLUMNS += ["sideways", "console errors"]
LOCALES = {"en": "en-GB", "de": "de-DE"}
FIRST_NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Elke", "Fritz", "Greta", "Hannelore"]
LAST_NAMES = ["Meyer", "Schulz", "Becker", "Hoffmann", "Koch", "Richter", "Klein", "Wolf"]
LONG_NAME = ("Maximiliane", "Schwarzenberger-Wittgenstein")


def seed() -> list[tuple[str, str, str]]:
    """The club night's data; per page: (name, path, who looks: "organizer", a "player"
    not logged in, or "bad-number": a player sending a hand number no game has)."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tests.browser.club_night import build

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    # With DEBUG off the demo's organizer would get a random password: this throwaway
    # database gets the known one.
    names = [(f, last) for f in FIRST_NAMES for last in LAST_NAMES][:59] + [LONG_NAME]
    pages = build(names, present=len(names), played=20, complete=3, demo_args=("--no-organizer",))
    get_user_model().objects.create_superuser("organizer", password="clubscore-demo")
    return pages


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args) -> None:  # no line per request
        pass


class ThreadedServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


def serve() -> WSGIServer:
    """The app (DEBUG off: the site's own 400 page, static files from the manifest) in
    a thread of this process, on a free port."""
    from django.core.wsgi import get_wsgi_application

    logging.getLogger("django.request").setLevel(logging.ERROR)  # the 400 is on purpose

    server = make_server(
        "127.0.0.1", 0, get_wsgi_application(), ThreadedServer, handler_class=QuietHandler
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def visit(page, url: str, how: str, errors: list[str]) -> dict:
    errors.clear()
    page.goto(url, wait_until="load")
    if how == "bad-number":  # a hand number no game has: the site's 400 page
        # Wait for the 400 page itself: the card page is "loaded" already, so waiting for
        # the load state returned at once and, when the answer took a while, the page was
        # measured while it navigated ("Execution context was destroyed", issue 26.20).
        with page.expect_navigation(wait_until="load"):
            page.evaluate(
                "() => { const f = document.querySelector('form input[name=number]').form;"
                " f.querySelector('input[name=number]').value = '999'; f.submit(); }"
            )
    page.wait_for_timeout(400)  # htmx settles, fonts lay out
    return measure(page)


def log_in(page, base: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("input[name=username]", "organizer")
    page.fill("input[name=password]", "clubscore-demo")
    page.press("input[name=password]", "Enter")
    page.wait_for_url(f"{base}/")


def shoot(browser, base: str, pages: list[tuple[str, str, str]], out: Path, language: str) -> None:
    """Every page at every size in one language: the organizer's logged in, the players'
    (login, results, ladder, cards) as a player sees them, not logged in."""
    errors: list[str] = []
    tabs = {}
    for who in ("player", "organizer"):
        tabs[who] = browser.new_context(locale=LOCALES[language]).new_page()
        tabs[who].on("console", lambda m: m.type == "error" and errors.append(m.text))
        tabs[who].on("pageerror", lambda e: errors.append(str(e)))
    log_in(tabs["organizer"], base)
    for name, path, how in pages:
        page = tabs["organizer" if how == "organizer" else "player"]
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            got = visit(page, base + path, how, errors)
            page.screenshot(path=out / f"{language}-{name}-{width}.png", full_page=True)
            sideways = "yes" if got["overflow"] else "no"
            if got["boxed"]:  # the page does not, but a table scrolls in its box
                sideways += " (" + ", ".join(got["boxed"]) + ")"
            print(
                f"| {language} | {name} | {width}×{height} | {got['height']} | {got['first']} "
                f"| {got['smallest']} | {sideways} | {'; '.join(errors) or '–'} |",
                flush=True,
            )
    for page in tabs.values():
        page.context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "test-artifacts" / "screens")
    parser.add_argument("--lang", choices=["en", "de", "both"], default="both")
    args = parser.parse_args()
    os.environ.pop("BENCH_DATABASE_URL", None)  # SQLite only: the server reads the same file
    use_throwaway_database()
    static_root = temporary_folder("clubscore-screens-static-")
    os.environ |= {"DEBUG": "false", "HTTPS": "false"}
    os.environ["SECRET_KEY"] = secrets.token_urlsafe(50)
    from django.conf import settings

    settings.STATIC_ROOT = static_root
    pages = seed()
    server = serve()
    base = f"http://127.0.0.1:{server.server_port}"
    args.out.mkdir(parents=True, exist_ok=True)
    print(
        "| lang | page | size | height | first input y | smallest tap target | sideways | errors |"
    )
    print("|---|---|---|---|---|---|---|---|")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for language in ["en", "de"] if args.lang == "both" else [args.lang]:
            shoot(browser, base, pages, args.out, language)
        browser.close()
    server.shutdown()
    print(f"\nScreenshots: {args.out}")


if __name__ == "__main__":
    main()
