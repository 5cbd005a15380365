"""Load test: a whole Hand and Foot evening at once, over HTTP, against gunicorn and PostgreSQL.

Run: `make load`, or `.venv/bin/python bench/load.py [--workers 4] [--no-faults]`;
`load.py --rush` (`make load LOAD_ARGS=--rush`) plays the rush instead: 256 tables
enter and confirm a hand in the same two minutes while four phones per table poll the
players' pages (bench/rush.py, which reuses this module's seeding, tablets, figures
and checks; its options: `load.py --rush --help`).
Needs PostgreSQL on 127.0.0.1:5432 (user postgres, trust), and, for the fault phase,
root to stop and start the local cluster with pg_ctlcluster. Not a test: it prints
its figures and exits non-zero when a check fails.

What it does, in one run (about ten minutes on two CPUs):

1. Creates a throwaway database (clubscore_load_<pid>), migrates it, seeds 400 players
   (100 couples among them) and three Hand and Foot evenings with all 400 checked in,
   drawn by the real draw (`draw_round`: 100 tables each) and the clock started.
   Each team's three hands are random valid payloads made here and checked with
   `clubscore.games.score()` before anything is sent.
2. Starts gunicorn with the project's gunicorn.conf.py (DEBUG=false, HTTPS=false,
   access log off) serving `bench/load_wsgi.py`: the app plus one bare
   `HttpResponse("ok")` view through the same settings and middleware.
3. One trial table is played through and checked first: when the tablets cannot play
   today's card page, the run stops with exit status 2 and no figures (as it does at
   the first evening where a tablet gives up). The tablets read each page as a browser
   does (`bench/card_page.py`): forms by the URL they are sent to, fields by name.
4. Every evening is 200 tablets (two scorekeepers at each of 100 tables), each a
   thread with its own HTTP connection, playing as a tablet does: load the card, poll
   its live part (htmx, with the fingerprint of what it shows: 204 when nothing is
   new) while the hand is played, preview the hand after each count typed (htmx),
   save it (with the page's idempotency key), poll until the other team's hand is in,
   confirm it (its key), and after three hands turn the card in. A tablet resends the
   same request (same key) after a connection error or a 5xx, as on flaky Wi-Fi.
   - Flat-out evening: a real evening's requests (--play-polls, default 180 polls
     while each hand is played: 30 minutes at one poll per 10 s), with no waiting at
     all: throughput.
   - Bare view: as many connections send as many requests (at most 40,000) to the
     bare view; app / bare throughput is the ratio asked for (and gunicorn CPU per
     request of both).
   - Tablet-pace evening (--think, --poll): scorekeepers take a few seconds per
     action and per count typed, and the card polls every 10 s as the page does: the
     latency a tablet sees.
   - Fault evening (unless --no-faults), at tablet pace and reported apart: one
     gunicorn worker serving a request is killed (SIGKILL), later PostgreSQL is
     stopped for a few seconds (always started again, also when this script fails).
     Every 5xx must be a 503 "try again"; after the resends nothing may be lost or
     counted twice.
5. Checks each evening in the database: every hand stored exactly once with exactly
   the numbers sent, entered and confirmed once per team, every key stored, every card
   turned in, exactly one first-table bonus (the first card turned in), and the
   standings (`event_standings`) equal to the same payloads scored offline plus the
   bonus.

The load generator runs on the same machine (threads in this process) and takes part
of the CPU from the server; the app and the bare view pay the same toll. Other work on
the machine shows in the CPU lines ("other processes"): figures taken while it is busy
are worse than the app's.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import http.client
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urldefrag, urlencode, urljoin

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.card_page import Form, FormError, Page  # noqa: E402
from bench.card_page import read as read_page  # noqa: E402
from clubscore.games import ScoreError, hand_and_foot, score  # noqa: E402

PG = {"host": "127.0.0.1", "port": 5432, "user": "postgres"}
HOST = "127.0.0.1"
TABLES = 100
HANDS = 3
P99_GOAL_MS = 250.0
BUSY_MESSAGE = "The score server is busy, please try again."
REQUEST_DEADLINE = 180.0  # seconds a tablet keeps resending one request
# The club's evening: three hands in 90 minutes, so a hand is played for about 30
# minutes, and the card polls its live part every 10 s all the while.
PLAY_POLLS = 180
BARE_REQUESTS_CAP = 40_000

# Per team: half of what 4 decks hold, so two teams never exceed the decks together.
TEAM_CAPS = {"jokers": 4, "twos": 8, "aces": 8, "high": 32, "low": 48, "black_threes": 4}
RED_THREES_CAP = 4


# -- payloads --------------------------------------------------------------------------


def _split(rng: random.Random, total: int, caps: dict[str, int]) -> dict[str, int]:
    """`total` cards spread at random over the kinds of `caps`, none above its cap."""
    counts = dict.fromkeys(caps, 0)
    kinds = list(caps)
    for _ in range(total):
        open_kinds = [k for k in kinds if counts[k] < caps[k]]
        counts[rng.choice(open_kinds)] += 1
    return counts


def team_part(rng: random.Random, went_out: bool) -> dict:
    """One team's part of a hand, as the tablet's form sends it (`HandAndFootForm.payload`)."""
    red = rng.randint(2, 3) if went_out else rng.randint(0, 2)
    black = rng.randint(2, 3) if went_out else rng.randint(0, 2)
    wild_in_books = rng.randint(0, min(3 * black, 8))
    naturals = 7 * (red + black) - wild_in_books + rng.randint(0, 12)
    wilds = wild_in_books + rng.randint(0, 2)
    melded = _split(rng, naturals, {k: TEAM_CAPS[k] for k in ("aces", "high", "low")})
    melded |= _split(rng, wilds, {k: TEAM_CAPS[k] for k in ("jokers", "twos")})
    melded["black_threes"] = rng.randint(0, 2) if went_out else 0
    in_hand = {}
    for kind in hand_and_foot.IN_HAND_KINDS:
        room = RED_THREES_CAP if kind == "red_threes" else TEAM_CAPS[kind] - melded[kind]
        most = {"red_threes": 1, "jokers": 1, "twos": 1, "black_threes": 1}.get(kind, 6)
        in_hand[kind] = rng.randint(0, min(room, most)) if rng.random() < 0.5 else 0
    return {
        "red_books": red,
        "black_books": black,
        "went_out": went_out,
        "exact_deals": rng.randint(0, 2),
        "melded": {kind: melded[kind] for kind in hand_and_foot.MELDED_KINDS},
        "in_hand": in_hand,
    }


def hand(rng: random.Random, number: int, options: dict) -> tuple[dict, dict]:
    """Both teams' parts of hand `number`, valid by `clubscore.games.score()`."""
    while True:
        out = rng.choice((0, 1, None))
        teams = (team_part(rng, out == 0), team_part(rng, out == 1))
        try:
            score("hand_and_foot", {"hand": number, "teams": list(teams)}, options)
        except ScoreError:
            continue
        return teams


# -- HTTP ------------------------------------------------------------------------------


@dataclass
class Cpu:
    """CPU seconds over one phase: gunicorn (master and workers), this load generator,
    and the whole machine (all CPUs, whoever used them)."""

    server_s: float
    loadgen_s: float
    postgres_s: float
    machine_s: float
    wall_s: float

    def line(self, requests: int) -> str:
        others = max(0.0, self.machine_s - self.server_s - self.loadgen_s - self.postgres_s)
        per_request = 1000 * self.server_s / requests if requests else 0.0
        busy = 100 * self.machine_s / self.wall_s / (os.cpu_count() or 1)
        return (
            f"  CPU: gunicorn {self.server_s:.1f} s ({per_request:.1f} ms per request), "
            f"PostgreSQL {self.postgres_s:.1f} s (all its users), load generator "
            f"{self.loadgen_s:.1f} s, other processes {others:.1f} s; machine {busy:.0f}% busy"
        )


TICK = os.sysconf("SC_CLK_TCK")


def process_cpu(pid: int, *, reaped_children: bool = False) -> float:
    """User + system CPU seconds of one process (0 when it is gone); with
    `reaped_children`, also those of its children that ended (gunicorn's master: the
    workers it replaced, after `max_requests` or a kill)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    used = int(fields[11]) + int(fields[12])
    if reaped_children:
        used += int(fields[13]) + int(fields[14])
    return used / TICK


def postgres_cpu() -> dict[int, float]:
    """CPU seconds of every PostgreSQL process (this run's backends and everyone else's)."""
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                if Path(f"/proc/{entry}/comm").read_text().strip() == "postgres":
                    # The postmaster's reaped children: the backends that ended (a
                    # gunicorn worker recycled closes its connection).
                    found[int(entry)] = process_cpu(int(entry), reaped_children=True)
    return found


def machine_cpu() -> float:
    """CPU seconds the machine spent busy since boot (all CPUs)."""
    user, nice, system, _idle, _iowait, irq, softirq, steal = (
        int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]
    )
    return (user + nice + system + irq + softirq + steal) / TICK


class CpuMeter:
    def __init__(self, server: Server) -> None:
        self.server = server

    def server_cpu(self) -> dict[int, float]:
        """CPU seconds of the master (with every worker it reaped) and each live worker."""
        master = self.server.process.pid
        used = {master: process_cpu(master, reaped_children=True)}
        used |= {pid: process_cpu(pid) for pid in self.server.workers()}
        return used

    def __enter__(self) -> CpuMeter:
        self.before = self.server_cpu()
        self.loadgen = time.process_time()
        self.postgres = postgres_cpu()
        self.machine = machine_cpu()
        self.wall = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        # A worker that ended during the phase is in the master's reaped children, its
        # time before the phase too: it is in `before`, so the difference is right.
        self.result = Cpu(
            server_s=max(0.0, sum(self.server_cpu().values()) - sum(self.before.values())),
            loadgen_s=time.process_time() - self.loadgen,
            postgres_s=max(0.0, sum(postgres_cpu().values()) - sum(self.postgres.values())),
            machine_s=machine_cpu() - self.machine,
            wall_s=time.perf_counter() - self.wall,
        )


@dataclass
class Sample:
    kind: str
    status: int
    ms: float


@dataclass
class Stats:
    """Every answered request of one phase, and what went wrong on the way."""

    samples: list[Sample] = field(default_factory=list)
    connection_errors: Counter = field(default_factory=Counter)
    statuses: Counter = field(default_factory=Counter)
    busy_without_message: int = 0
    longest_retry_s: float = 0.0
    started: float = 0.0
    ended: float = 0.0
    cpu: Cpu | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, status: int, ms: float) -> None:
        self.samples.append(Sample(kind, status, ms))  # list.append is atomic

    def count_error(self, name: str) -> None:
        with self.lock:
            self.connection_errors[name] += 1

    @property
    def seconds(self) -> float:
        return self.ended - self.started

    def summary(self, kinds: set[str] | None = None) -> dict:
        chosen = [s for s in self.samples if kinds is None or s.kind in kinds]
        times = sorted(s.ms for s in chosen)
        return {
            "requests": len(chosen),
            "rps": len(chosen) / self.seconds if self.seconds else 0.0,
            "p50": percentile(times, 50),
            "p95": percentile(times, 95),
            "p99": percentile(times, 99),
            "max": times[-1] if times else 0.0,
        }


def percentile(ordered: list[float], pct: float) -> float:
    if not ordered:
        return 0.0
    index = max(0, min(len(ordered) - 1, round(pct / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


class GaveUp(Exception):
    pass


class NoAnswer(GaveUp):
    """The server answered nothing below 500 for too long: overloaded or down."""


class Browser:
    """One tablet's browser: one HTTP connection (reopened when the server closes it),
    its cookies, and resending a request after a connection error or a 5xx."""

    def __init__(
        self,
        port: int,
        stats: Stats,
        stop: threading.Event | None = None,
    ) -> None:
        self.port = port
        self.stats = stats
        self.stop = stop  # set: another tablet gave up, stop resending
        self.origin = f"http://{HOST}:{port}"
        self.conn = http.client.HTTPConnection(HOST, port, timeout=60)
        self.cookies: dict[str, str] = {}

    def close(self) -> None:
        self.conn.close()

    def _store_cookies(self, response: http.client.HTTPResponse) -> None:
        for header in response.headers.get_all("Set-Cookie") or []:
            jar = SimpleCookie()
            jar.load(header)
            for name, morsel in jar.items():
                if morsel["max-age"] == "0" or not morsel.value or "1970" in morsel["expires"]:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value

    def request(
        self,
        method: str,
        path: str,
        kind: str,
        data: dict | None = None,
        htmx: bool = False,
    ) -> tuple[int, dict[str, str], str]:
        """Send until answered below 500; the same body each time (same idempotency key)."""
        body = urlencode(data) if data is not None else None
        first_try = time.perf_counter()
        delay = 0.2
        while True:
            headers = {"Host": f"{HOST}:{self.port}", "User-Agent": "clubscore-load"}
            if self.cookies:
                headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            if body is not None:
                headers["Content-Type"] = "application/x-www-form-urlencoded"
                headers["Origin"] = self.origin
            if htmx:
                headers["HX-Request"] = "true"
                if "csrftoken" in self.cookies:
                    headers["X-CSRFToken"] = self.cookies["csrftoken"]
            started = time.perf_counter()
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                text = response.read().decode()
            except (OSError, http.client.HTTPException) as error:
                self.conn.close()
                self.stats.count_error(type(error).__name__)
                status = None
            else:
                status = response.status
                self.stats.add(kind, status, (time.perf_counter() - started) * 1000)
                with self.stats.lock:
                    self.stats.statuses[status] += 1
                if response.will_close:
                    self.conn.close()
                self._store_cookies(response)
                if status < 500:
                    waited = time.perf_counter() - first_try
                    if waited > self.stats.longest_retry_s:
                        self.stats.longest_retry_s = waited
                    return status, dict(response.headers.items()), text
                if status != 503 or BUSY_MESSAGE not in text:
                    with self.stats.lock:
                        self.stats.busy_without_message += 1
            if self.stop is not None and self.stop.is_set():
                raise Stopped
            if time.perf_counter() - first_try > REQUEST_DEADLINE:
                raise NoAnswer(f"{method} {path}: no answer below 500 in {REQUEST_DEADLINE:.0f} s")
            time.sleep(delay * random.uniform(0.5, 1.5))
            delay = min(delay * 1.5, 2.0)


# -- the card page, as the tablet reads it ---------------------------------------------

#: The field the views read a form's idempotency key from (scorekeeping/views.py `_key`).
IDEM_FIELD = "idem"


def typed_values(part: dict) -> dict[str, str | bool]:
    """A team part as the scorekeeper types it: the form's own names for the payload's
    numbers (`initial_from_payload`), a count left at 0 left blank, the tick box ticked
    or not. Which of these fields the page has is read from the page itself."""
    from clubscore.entry_forms import FORMS

    initial = FORMS["hand_and_foot"].initial_from_payload(part, [])
    return {
        name: value if isinstance(value, bool) else (str(value) if value else "")
        for name, value in initial.items()
    }


def preview_steps(form: Form, typed: dict[str, str | bool]) -> list[dict[str, str]]:
    """The form as the scorekeeper fills it in, one field after another in page order:
    the page asks for a preview after each (htmx, 300 ms after the last tap)."""
    order = [name for name in form.names if typed.get(name)]
    steps = [form.data({name: typed[name] for name in order[: n + 1]}) for n in range(len(order))]
    return steps or [form.data(typed)]


@dataclass
class Evening:
    name: str
    event_id: int
    tables: list[dict]  # {"table": id, "links": [token1, token2], "hands": [(part1, part2)]}
    options: dict
    stats: Stats = field(default_factory=Stats)
    problems: list[str] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    hands_entered: int = 0
    done: bool = False
    # Set when a tablet gives up: the others stop too (a broken run measures nothing).
    stop: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    overloaded: bool = False  # a tablet gave up because the server did not answer
    # False for the rush (bench/rush.py): one hand per table, the cards stay open.
    turns_in: bool = True

    def problem(self, text: str) -> None:
        with self.lock:
            self.problems.append(text)


class Stopped(Exception):
    """Another tablet of the evening gave up: this one stops without a word."""


class Tablet:
    """One scorekeeper's tablet at one table: enters its team's hands, confirms the other
    team's, and turns the card in. It reads each page as a browser does
    (`bench/card_page.py`): the forms by where they are sent, their fields by name."""

    def __init__(
        self,
        evening: Evening,
        port: int,
        table: dict,
        side: int,
        think: float,
        play_polls: int,
        turned_in: threading.Event,
    ) -> None:
        from django.urls import reverse

        self.evening = evening
        self.play_polls = play_polls
        self.browser = Browser(port, evening.stats, evening.stop)
        self.token = table["links"][side - 1]
        self.parts = [hand_parts[side - 1] for hand_parts in table["hands"]]
        self.side = side
        self.think_s = think
        self.turned_in = turned_in  # set by whichever tablet of the table turned the card in
        self.url = {
            name: reverse(f"scorekeeping:{name}", args=[self.token])
            for name in ("card", "entry", "confirm", "turn_in")
        }
        self.live: str | None = None
        self.rng = random.Random(f"{self.token}")

    def think(self) -> None:
        if self.think_s:
            time.sleep(self.rng.uniform(0.5, 1.5) * self.think_s)

    def type_next_field(self) -> None:
        """A scorekeeper takes a second or two per count (at tablet pace; none flat out)."""
        if self.think_s:
            time.sleep(self.rng.uniform(0.2, 0.4) * self.think_s)

    def say(self, text: str) -> None:
        self.evening.problem(f"table link {self.token[:8]}… side {self.side}: {text}")

    def read(self, html: str, url: str) -> Page:
        page = read_page(html, url)
        if page.polls:
            self.live = page.polls[0]
        return page

    def card(self) -> Page:
        status, _headers, html = self.browser.request("GET", self.url["card"], "card")
        if status != 200:
            raise GaveUp(f"card page answered {status}")
        page = self.read(html, self.url["card"])
        if self.live is None:
            raise GaveUp("the card page polls nothing (no element with hx-get every …)")
        return page

    def post(self, kind: str, form: Form, data: dict[str, str]) -> tuple[int, Page]:
        """A normal form post; a redirect is followed to the card, as a browser does."""
        status, headers, html = self.browser.request("POST", form.action, kind, data)
        url = form.action
        if status in (301, 302, 303):
            url = urldefrag(urljoin(form.action, headers.get("Location", self.url["card"])))[0]
            status, _headers, html = self.browser.request("GET", url, "card")
        return status, self.read(html, url)

    def poll_once(self, page: Page, poll_s: float) -> Page:
        """One poll of the live part of the card, as htmx does it: the URL the page gave
        (with what it shows); 204 means nothing changed, so the page stays as it is."""
        if poll_s:
            time.sleep(poll_s * self.rng.uniform(0.5, 1.5))
        live = self.live
        status, _headers, fresh = self.browser.request("GET", live, "live", htmx=True)
        if status == 204:
            return page
        if status != 200:
            raise GaveUp(f"live poll answered {status}")
        return self.read(fresh, live)

    def poll(self, until: Callable[[Page], bool], page: Page, poll_s: float, what: str) -> Page:
        """Poll the live part of the card until `until(page)`."""
        started = time.perf_counter()
        while not until(page):
            if self.evening.stop.is_set():
                raise Stopped
            if time.perf_counter() - started > 600:
                raise GaveUp(f"waited ten minutes for {what}; the card says: {page.says()}")
            page = self.poll_once(page, poll_s)
        return page

    def key(self, form: Form) -> None:
        key = form.hidden().get(IDEM_FIELD)
        if not key:
            raise GaveUp(f"the form {form.action} sends no idempotency key ({IDEM_FIELD!r})")
        self.evening.keys.append(key)

    def forms_on(self, page: Page) -> str:
        return ", ".join(f"{f.action} {f.hidden().get('number', '')}".strip() for f in page.forms)

    def play(self, poll_s: float) -> None:
        page = self.play_hands(self.card(), poll_s)
        self.turn_in(page, poll_s)

    def play_hands(self, page: Page, poll_s: float) -> Page:
        """Enter this team's hands and confirm the other team's, one hand after another."""
        for number, part in enumerate(self.parts, start=1):
            entry = page.form(self.url["entry"], number=str(number))
            if entry is None:
                raise GaveUp(
                    f"no entry form for hand {number} (forms on the card: "
                    f"{self.forms_on(page) or 'none'}; the card says: {page.says()})"
                )
            typed = typed_values(part)
            try:
                steps = preview_steps(entry, typed)
                filled = entry.data(typed)
            except FormError as error:
                raise GaveUp(f"hand {number}: {error}") from None
            # The table plays the hand; the card polls all the while (the page polls
            # every 10 s, so a 30-minute hand is 180 polls).
            for _poll in range(self.play_polls):
                page = self.poll_once(page, poll_s)
            self.think()
            preview_url = entry.attrs.get("hx-post")
            for step, data in enumerate(steps if preview_url else []):
                if step:
                    self.type_next_field()
                url = urljoin(entry.action, preview_url)
                status, _headers, preview = self.browser.request(
                    "POST", url, "preview", data, htmx=True
                )
                if status != 200:
                    raise GaveUp(f"preview of hand {number} answered {status}")
            draft_url = entry.attrs.get("data-draft")
            if draft_url and steps:
                # A pause before the save: the page keeps what is typed as the server's
                # draft (static/js/scorekeeping.js), once, not with every preview.
                url = urljoin(entry.action, draft_url)
                status, _headers, _body = self.browser.request("POST", url, "draft", steps[-1])
                if status != 204:
                    raise GaveUp(f"draft of hand {number} answered {status}")
            self.think()
            self.key(entry)
            status, page = self.post("entry", entry, filled)
            if status != 200 or page.form(self.url["entry"], number=str(number)) is not None:
                raise GaveUp(f"hand {number} not saved (status {status}): {page.says()}")
            with self.evening.lock:
                self.evening.hands_entered += 1
            # The other team's part of this hand: wait for it, check it, confirm it.
            page = self.poll(
                lambda p, n=str(number): p.form(self.url["confirm"], number=n) is not None,
                page,
                poll_s,
                f"the other team's hand {number}",
            )
            confirm = page.form(self.url["confirm"], number=str(number))
            self.think()
            self.key(confirm)
            status, page = self.post("confirm", confirm, confirm.data())
            if status != 200 or page.form(self.url["confirm"], number=str(number)) is not None:
                raise GaveUp(f"hand {number} not confirmed (status {status}): {page.says()}")
        return page

    def turn_in(self, page: Page, poll_s: float) -> None:
        """Team 1's tablet turns the card in once it is ready; team 2's waits for it."""
        if self.side != 1:
            # Team 1's scorekeeper turns the card in (a second tap at the other tablet
            # would be refused, its key rightly not kept); this tablet polls till then.
            self.poll(lambda _p: self.turned_in.is_set(), page, poll_s, "the card turned in")
            return
        page = self.poll(
            lambda p: p.form(self.url["turn_in"]) is not None,
            page,
            poll_s,
            "the card to be ready to turn in",
        )
        turn_in = page.form(self.url["turn_in"])
        self.think()
        self.key(turn_in)
        status, page = self.post("turn-in", turn_in, turn_in.data())
        if status != 200 or page.form(self.url["turn_in"]) is not None:
            raise GaveUp(f"turn-in answered {status}: {page.says()}")
        self.turned_in.set()

    def run(self, poll_s: float, stagger: float) -> None:
        try:
            # Tablets do not open their cards at the same instant.
            time.sleep(self.rng.uniform(0, stagger))
            self.play(poll_s)
        except Stopped:
            pass
        except Exception as error:  # a tablet that gives up is a failed evening
            self.say(f"gave up: {type(error).__name__}: {error}")
            self.evening.overloaded |= isinstance(error, NoAnswer)
            self.evening.stop.set()
        finally:
            self.browser.close()


def play_tables(
    evening: Evening, port: int, think: float, poll_s: float, play_polls: int = 0
) -> None:
    """Every tablet of the evening plays its table at once (a thread each)."""
    turned_in = {table["table"]: threading.Event() for table in evening.tables}
    tablets = [
        Tablet(evening, port, table, side, think, play_polls, turned_in[table["table"]])
        for table in evening.tables
        for side in (1, 2)
    ]
    stagger = poll_s if think else 0.0
    threads = [threading.Thread(target=t.run, args=(poll_s, stagger), daemon=True) for t in tablets]
    evening.stats.started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    evening.stats.ended = time.perf_counter()
    evening.done = True


def play_evening(
    evening: Evening, server: Server, think: float, poll_s: float, play_polls: int = 0
) -> None:
    with CpuMeter(server) as meter:
        play_tables(evening, server.port, think, poll_s, play_polls)
    evening.stats.cpu = meter.result
    if evening.stop.is_set():
        raise CannotPlay(evening)


class CannotPlay(Exception):
    """The tablets could not play the evening: its figures would measure a broken run."""

    def __init__(self, evening: Evening) -> None:
        super().__init__(evening.name)
        self.evening = evening


def hammer_bare(server: Server, connections: int, requests: int) -> Stats:
    """`connections` clients send `requests` GETs of the bare view between them."""
    stats = Stats()
    left = iter(range(requests))
    take = threading.Lock()

    def client() -> None:
        browser = Browser(server.port, stats)
        while True:
            with take:
                if next(left, None) is None:
                    break
            status, _headers, body = browser.request("GET", "/bench/bare/", "bare")
            if status != 200 or body != "ok":
                raise RuntimeError(f"bare view answered {status}")
        browser.close()

    threads = [threading.Thread(target=client, daemon=True) for _ in range(connections)]
    with CpuMeter(server) as meter:
        stats.started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        stats.ended = time.perf_counter()
    stats.cpu = meter.result
    return stats


# -- PostgreSQL, the database and gunicorn ---------------------------------------------


def pg_version() -> str:
    return sorted(os.listdir("/etc/postgresql"))[-1]


def pg_ready() -> bool:
    try:
        with socket.create_connection((PG["host"], PG["port"]), timeout=1):
            pass
    except OSError:
        return False
    result = subprocess.run(
        ["pg_isready", "-q", "-h", PG["host"], "-p", str(PG["port"])], check=False
    )
    return result.returncode == 0


def pg_cluster(action: str) -> None:
    command = ["pg_ctlcluster", "--skip-systemctl-redirect", pg_version(), "main", action]
    if action == "stop":
        command += ["-m", "fast"]
    subprocess.run(command, check=True, capture_output=True, timeout=60)


def ensure_pg_running() -> None:
    """PostgreSQL is shared on this machine: leave it running, whatever happened."""
    if pg_ready():
        return
    with contextlib.suppress(Exception):
        pg_cluster("start")
    for _ in range(60):
        if pg_ready():
            return
        time.sleep(0.5)
    print("!! PostgreSQL did not come back; start it by hand:", file=sys.stderr)
    print(f"   pg_ctlcluster --skip-systemctl-redirect {pg_version()} main start", file=sys.stderr)


def admin_sql(sql: str) -> None:
    import psycopg

    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as conn:
        conn.execute(sql)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def server_env(database_url: str, static_root: str, port: int, workers: int) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GUNICORN_", "DJANGO_"))}
    env |= {
        "DJANGO_SETTINGS_MODULE": "clubscore.settings",
        "DATABASE_URL": database_url,
        "DEBUG": "false",
        "HTTPS": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "GUNICORN_BIND": f"{HOST}:{port}",
        "WEB_CONCURRENCY": str(workers),
        "GUNICORN_ACCESS_LOG": "",
        "GUNICORN_LOG_LEVEL": "warning",
        "BENCH_STATIC_ROOT": static_root,
        "LOG_LEVEL": "ERROR",
    }
    return env


class Server:
    def __init__(self, env: dict[str, str], port: int, log: Path) -> None:
        self.port = port
        self.log = log.open("w")
        self.process = subprocess.Popen(
            [str(ROOT / ".venv" / "bin" / "gunicorn"), "-c", "gunicorn.conf.py", "bench.load_wsgi"],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )

    def wait_ready(self, within: float = 180.0) -> None:
        # A busy machine (other work, PostgreSQL seeding) can take a minute to boot it.
        deadline = time.perf_counter() + within
        while time.perf_counter() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("gunicorn stopped; see its log")
            try:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=2)
                conn.request("GET", "/bench/bare/")
                if conn.getresponse().status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"gunicorn did not answer in {within:.0f} s")

    def workers(self) -> list[int]:
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in path.read_text().split()]

    def busy_worker(self) -> int | None:
        """A worker serving a request right now: it holds an accepted connection."""
        port = f":{self.port:04X}"
        established = set()
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[1].endswith(port) and fields[3] == "01":  # local port, ESTABLISHED
                established.add(f"socket:[{fields[9]}]")
        for pid in self.workers():
            with contextlib.suppress(OSError):
                for fd in os.listdir(f"/proc/{pid}/fd"):
                    with contextlib.suppress(OSError):
                        if os.readlink(f"/proc/{pid}/fd/{fd}") in established:
                            return pid
        return None

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


# -- seeding and checking, through the ORM ---------------------------------------------


def seed(rng: random.Random, evenings: list[tuple[str, int]], count: int) -> list[Evening]:
    """`count` tables' players, and each evening (name, tables) checked in, drawn and
    started with its first players."""
    from django.db import transaction

    from clubscore.club.models import Couple, Player
    from clubscore.events.clock import start_clock
    from clubscore.events.models import Event, ScorekeeperLink, Table
    from clubscore.events.services import check_in, draw_round

    with transaction.atomic():
        players = Player.objects.bulk_create(
            Player(first_name=f"Player{n:03d}", last_name=f"Load{n % 37}") for n in range(count * 4)
        )
        Couple.objects.bulk_create(
            Couple(player_a=players[2 * i], player_b=players[2 * i + 1], scorekeeper=players[2 * i])
            for i in range(count)
        )
    result = []
    for number, (name, size) in enumerate(evenings):
        event = Event.objects.create(
            name=f"Load test: {name}",
            game="hand_and_foot",
            date=datetime.date.today() - datetime.timedelta(days=len(evenings) - number),
        )
        event.options = event.game_rules.clean_options({})
        event.save(update_fields=["options"])
        check_in(event, players[: size * 4])
        draw_round(event, seed=rng.randrange(10**9))
        event = start_clock(event)
        options = event.game_options
        tables = []
        for table in Table.objects.filter(round__event=event).order_by("number"):
            links = ScorekeeperLink.objects.filter(table=table).order_by("team__number")
            tables.append(
                {
                    "table": table.pk,
                    "links": [link.token for link in links],
                    "hands": [hand(rng, n, options) for n in range(1, HANDS + 1)],
                }
            )
        if len(tables) != size or any(len(t["links"]) != 2 for t in tables):
            raise RuntimeError(f"the draw made {len(tables)} tables, not {size} of four")
        result.append(Evening(name=name, event_id=event.pk, tables=tables, options=options))
    return result


def check(evening: Evening) -> list[str]:
    """What the database holds after the evening, against what the tablets sent."""
    from clubscore.events.models import (
        Event,
        IdempotencyKey,
        ScoreChange,
        ScoreEntry,
        Seat,
        Table,
    )
    from clubscore.standings.standings import event_standings

    failures = []
    event = Event.objects.get(pk=evening.event_id)
    entries = {
        (e.table_id, e.number): e for e in ScoreEntry.objects.filter(table__round__event=event)
    }
    expected_hands = sum(len(table["hands"]) for table in evening.tables)
    if len(entries) != expected_hands:
        failures.append(f"{len(entries)} hands stored, expected {expected_hands}")
    wrong = 0
    for table in evening.tables:
        for number, parts in enumerate(table["hands"], start=1):
            entry = entries.get((table["table"], number))
            payload = {"hand": number, "teams": list(parts)}
            # Each team's part: in the payload; entered and confirmed once each: the
            # score changes counted below (so this holds however the parts are stored).
            if (
                entry is None
                or entry.status != ScoreEntry.Status.CONFIRMED
                or entry.payload != payload
                or entry.result != score("hand_and_foot", payload, evening.options)
            ):
                wrong += 1
    if wrong:
        failures.append(f"{wrong} hands not stored exactly as sent, once, and confirmed")
    changes = Counter(
        ScoreChange.objects.filter(entry__table__round__event=event).values_list(
            "action", flat=True
        )
    )
    expected_changes = {"entered": 2 * expected_hands, "confirmed": 2 * expected_hands}
    if dict(changes) != expected_changes:
        failures.append(f"score changes {dict(changes)}, expected {expected_changes}")
    stored_keys = IdempotencyKey.objects.filter(key__in=evening.keys).count()
    if stored_keys != len(evening.keys) or len(set(evening.keys)) != len(evening.keys):
        failures.append(f"{stored_keys} of {len(evening.keys)} idempotency keys stored")
    tables = list(Table.objects.filter(round__event=event))
    turned_in = [t for t in tables if t.turned_in_at is not None]
    bonus = [t for t in tables if t.has_bonus]
    # The rush's cards stay open: none turned in, so no bonus either.
    expected_in, expected_bonus = (len(evening.tables), 1) if evening.turns_in else (0, 0)
    if len(turned_in) != expected_in:
        failures.append(f"{len(turned_in)} cards turned in, expected {expected_in}")
    if len(bonus) != expected_bonus:
        failures.append(
            f"{len(bonus)} tables have the first-table bonus, expected {expected_bonus}"
        )
    elif turned_in and bonus[0].turned_in_at != min(t.turned_in_at for t in turned_in):
        failures.append("the first-table bonus went to a table that was not the first")

    # The standings against the same payloads scored offline, plus the bonus.
    bonus_points = evening.options["first_table_bonus"]
    team_of = {
        (seat.table_id, seat.player_id): seat.team.number
        for seat in Seat.objects.filter(round__event=event).select_related("team")
    }
    expected: dict[int, int] = defaultdict(int)
    bonus_tables = {t.pk for t in bonus}
    for (table_id, player_id), team in team_of.items():
        hands = next(t["hands"] for t in evening.tables if t["table"] == table_id)
        for number, parts in enumerate(hands, start=1):
            result = score("hand_and_foot", {"hand": number, "teams": list(parts)}, evening.options)
            expected[player_id] += result["teams"][team - 1]["total"]
        if table_id in bonus_tables:
            expected[player_id] += bonus_points
    standings = event_standings(event)
    actual = {row.player_ids[0]: row.total for row in standings.rows if row.played}
    if actual != dict(expected):
        differ = sum(1 for pid in expected if actual.get(pid) != expected[pid])
        failures.append(f"standings differ from offline scoring for {differ} players")
    return failures


# -- the run ---------------------------------------------------------------------------


def fault_plan(
    evening: Evening, server: Server, pg_down_s: float, log: list[str]
) -> threading.Thread:
    """Kill a worker at a quarter of the hands, stop PostgreSQL at half of them."""
    total = len(evening.tables) * 2 * HANDS

    def wait_for(fraction: float) -> bool:
        while evening.hands_entered < fraction * total:
            if evening.done:
                return False
            time.sleep(0.05)
        return True

    def run() -> None:
        while not evening.stats.started:
            time.sleep(0.01)
        t0 = evening.stats.started
        if not wait_for(0.25):
            return
        victim, deadline = None, time.perf_counter() + 5
        while victim is None and time.perf_counter() < deadline:
            victim = server.busy_worker()
        what = "in the middle of a request"
        if victim is None:
            victim, what = random.choice(server.workers()), "idle"
        os.kill(victim, signal.SIGKILL)
        log.append(f"{time.perf_counter() - t0:6.1f} s  SIGKILL gunicorn worker {victim} ({what})")
        if not wait_for(0.5):
            return
        log.append(f"{time.perf_counter() - t0:6.1f} s  PostgreSQL stop (-m fast) begins")
        try:
            pg_cluster("stop")
            log.append(f"{time.perf_counter() - t0:6.1f} s  PostgreSQL stopped")
            time.sleep(pg_down_s)
        finally:
            ensure_pg_running()
        log.append(f"{time.perf_counter() - t0:6.1f} s  PostgreSQL running again")

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def report_line(label: str, summary: dict) -> str:
    return (
        f"  {label:<28} {summary['requests']:>6} req  {summary['rps']:>7.1f} req/s  "
        f"p50 {summary['p50']:>7.1f} ms  p95 {summary['p95']:>7.1f} ms  "
        f"p99 {summary['p99']:>7.1f} ms  "
        f"max {summary['max']:>7.1f} ms"
    )


def report_evening(evening: Evening, label: str) -> dict:
    stats = evening.stats
    overall = stats.summary()
    print(f"{label}: {len(evening.tables)} tables, {2 * len(evening.tables)} tablets, ", end="")
    print(f"{stats.seconds:.1f} s")
    print(report_line("all app requests", overall))
    for kind in ("card", "live", "preview", "draft", "entry", "confirm", "turn-in"):
        print(report_line(kind, stats.summary({kind})))
    polls = [sample for sample in stats.samples if sample.kind == "live"]
    if polls:
        unchanged = sum(1 for sample in polls if sample.status == 204)
        print(
            f"  live polls answered 204 (nothing new, nothing rendered): "
            f"{unchanged} of {len(polls)}"
        )
    errors = sum(stats.connection_errors.values())
    print(
        f"  statuses {dict(sorted(stats.statuses.items()))}; connection errors "
        f"{dict(stats.connection_errors) or 0}; longest wait for one answer "
        f"(with resends) {stats.longest_retry_s:.1f} s"
    )
    print(stats.cpu.line(overall["requests"]))
    return {"summary": overall, "errors": errors}


@dataclass
class Run:
    """One run's throwaway database (migrated, static files collected) and its gunicorn."""

    name: str
    env: dict[str, str]
    port: int
    workers: int
    started: float
    server: Server | None = None

    def start_server(self) -> Server:
        log_path = Path(tempfile.gettempdir()) / f"{self.name}-gunicorn.log"
        self.server = Server(self.env, self.port, log_path)
        self.server.wait_ready()
        print(
            f"gunicorn: {self.workers} sync workers on {HOST}:{self.port} (log {log_path}); "
            f"{os.cpu_count()} CPUs shared with PostgreSQL and this load generator"
        )
        return self.server


@contextlib.contextmanager
def throwaway_run(workers: int) -> Iterator[Run]:
    """A database clubscore_load_<pid> made, migrated and Django set up on it, static
    files collected to a temporary folder; afterwards, whatever happened, gunicorn
    stopped, PostgreSQL left running, the database dropped and the folder removed."""
    name = f"clubscore_load_{os.getpid()}"
    database_url = f"postgres://{PG['user']}@{PG['host']}:{PG['port']}/{name}"
    static_root = tempfile.mkdtemp(prefix="clubscore-load-static-")
    port = free_port()
    env = server_env(database_url, static_root, port, workers)
    for key in ("DATABASE_URL", "DEBUG", "HTTPS", "SECRET_KEY", "ALLOWED_HOSTS", "LOG_LEVEL"):
        os.environ[key] = env[key]
    os.environ["DJANGO_SETTINGS_MODULE"] = "clubscore.settings"
    # SIGTERM (a stopped make, a CI timeout) runs the finally below too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    run = Run(name, env, port, workers, started=time.perf_counter())
    created = False
    try:
        admin_sql(f'CREATE DATABASE "{name}"')
        created = True
        import django
        from django.conf import settings

        settings.STATIC_ROOT = static_root
        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        yield run
    finally:
        ensure_pg_running()
        if run.server is not None:
            run.server.stop()
        with contextlib.suppress(Exception):
            from django.db import connections

            connections.close_all()
        if created:
            try:
                admin_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            except Exception as error:
                print(f"!! could not drop database {name}: {error}", file=sys.stderr)
        shutil.rmtree(static_root, ignore_errors=True)


def play_trial(server: Server, trial: Evening, warm: Evening) -> None:
    """One table played through and checked in the database first (CannotPlay when the
    tablets cannot play today's card page: say so before any figure is taken); then
    every worker warmed up on `warm`'s cards: templates, URL resolvers, connections."""
    from django.db import connections
    from django.urls import reverse

    play_tables(trial, server.port, think=0.0, poll_s=0.0, play_polls=1)
    connections.close_all()
    trial.problems += check(trial)
    if trial.stop.is_set() or trial.problems:
        raise CannotPlay(trial)
    print(f"trial table: played and checked in {trial.stats.seconds:.1f} s")
    warm_browser = Browser(server.port, Stats())
    for table in warm.tables[:20]:
        for token in table["links"]:
            warm_browser.request("GET", reverse("scorekeeping:card", args=[token]), "card")
    warm_browser.close()
    hammer_bare(server, 20, 400)


def explain(broken: CannotPlay) -> int:
    """Say why the tablets could not play an evening; the exit status (2) of such a run."""
    print(
        f"\nABORTED: the tablets could not play the {broken.evening.name}; no figures "
        "(they would measure a broken run). What went wrong:",
        file=sys.stderr,
    )
    for problem in broken.evening.problems[:10]:
        print(f"  - {problem}", file=sys.stderr)
    if len(broken.evening.problems) > 10:
        print(f"  … and {len(broken.evening.problems) - 10} more", file=sys.stderr)
    if broken.evening.overloaded:
        hint = (
            "The server gave no answer below 500 for too long: it could not keep up "
            "(see the CPU lines and `uptime`; other work on the machine?), or it is down."
        )
    else:
        hint = (
            "The tablets read the card page as a browser does (bench/card_page.py) and "
            "play it in bench/load.py (Tablet.play): if the card page changed, teach "
            "them the new flow."
        )
    print(hint, file=sys.stderr)
    return 2


def main() -> int:
    if "--rush" in sys.argv[1:]:
        # The rush has options of its own (bench/rush.py --help).
        from bench.rush import main as rush

        return rush([arg for arg in sys.argv[1:] if arg != "--rush"])
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="--rush: 256 tables enter a hand in the same two minutes while every "
        "player's phone polls (bench/rush.py; `load.py --rush --help` for its options)",
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers (default 4)")
    parser.add_argument(
        "--think",
        type=float,
        default=5.0,
        help="tablet pace: mean seconds a scorekeeper takes before each action (default 5)",
    )
    parser.add_argument(
        "--poll",
        type=float,
        default=10.0,
        help="tablet pace: seconds between live polls (default 10, as the card page)",
    )
    parser.add_argument(
        "--play-polls",
        type=int,
        default=PLAY_POLLS,
        help=f"flat out: live polls while each hand is played (default {PLAY_POLLS}: "
        "a 30-minute hand at the page's one poll per 10 s)",
    )
    only = parser.add_mutually_exclusive_group()
    only.add_argument(
        "--flat-out-only",
        action="store_true",
        help="only the flat-out evening and the bare view (to compare worker counts)",
    )
    only.add_argument(
        "--tablet-pace-only",
        action="store_true",
        help="only the tablet-pace evening (latency at a size, sooner; with --no-faults)",
    )
    parser.add_argument(
        "--no-faults",
        action="store_true",
        help="skip the fault evening (PostgreSQL is not stopped)",
    )
    parser.add_argument(
        "--pg-down", type=float, default=5.0, help="seconds PostgreSQL stays stopped"
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--tables", type=int, default=TABLES, help=f"tables (default {TABLES}; fewer for a try)"
    )
    args = parser.parse_args()

    rng = random.Random(args.seed)
    failures: list[str] = []
    try:
        with throwaway_run(args.workers) as run:
            from django.db import connections

            names = [] if args.tablet_pace_only else ["flat-out evening"]
            if not args.flat_out_only:
                names += ["tablet-pace evening"] + ([] if args.no_faults else ["fault evening"])
            trial, *seeded = seed(
                rng, [("trial table", 1)] + [(n, args.tables) for n in names], args.tables
            )
            evenings = {evening.name: evening for evening in seeded}
            connections.close_all()
            print(
                f"database {run.name}: migrated and seeded in "
                f"{time.perf_counter() - run.started:.1f} s ({args.tables * 4} players; "
                f"{len(evenings)} evenings of {args.tables} tables and a trial table, drawn "
                "by the draw service, clock running)"
            )
            server = run.start_server()
            play_trial(server, trial, seeded[0])
            failures += play_the_evenings(args, server, evenings)
    except CannotPlay as broken:
        return explain(broken)
    return verdict(failures)


def verdict(failures: list[str]) -> int:
    """Print what failed, or that every check passed; the exit status (1: a check failed)."""
    if failures:
        print("FAILED:")
        for failure in failures:
            print(f"  - {failure}")
        return 1
    print("All checks passed.")
    return 0


def play_the_evenings(args: argparse.Namespace, server: Server, evenings: dict) -> list[str]:
    """The flat-out, bare, tablet-pace and fault evenings that were seeded; what failed."""
    from django.db import connections

    failures: list[str] = []

    def evening_checks(evening: Evening) -> None:
        connections.close_all()
        problems = check(evening)
        print(f"  database checks: {problems or 'all passed'}")
        failures.extend(f"{evening.name}: {p}" for p in evening.problems[:20])
        failures.extend(f"{evening.name}: {p}" for p in problems)

    # 1. Flat out: the evening's requests, as many as a real evening sends (the
    # polls while each hand is played among them), with no waiting at all: every
    # tablet sends its next request as soon as it has its answer. The server's
    # throughput.
    flat = evenings.get("flat-out evening")
    if flat is not None:
        print()
        play_evening(flat, server, think=0.0, poll_s=0.0, play_polls=args.play_polls)
        app = report_evening(
            flat,
            f"1. Flat-out evening (no waiting; {args.play_polls} polls while each hand is played)",
        )
        if app["errors"] or set(flat.stats.statuses) - {200, 204, 302}:
            failures.append("flat-out evening: connection errors or unexpected statuses")
        evening_checks(flat)

        # 2. The bare view, with as many connections for as many requests.
        bare_requests = min(app["summary"]["requests"], BARE_REQUESTS_CAP)
        bare = hammer_bare(server, 2 * len(flat.tables), bare_requests)
        bare_summary = bare.summary()
        print(
            f"2. Bare view: {2 * len(flat.tables)} connections, {bare_requests} requests, "
            f"{bare.seconds:.1f} s"
        )
        print(report_line("GET /bench/bare/", bare_summary))
        print(bare.cpu.line(bare_summary["requests"]))
        ratio = app["summary"]["rps"] / bare_summary["rps"]
        app_cpu = flat.stats.cpu.server_s / app["summary"]["requests"]
        bare_cpu = bare.cpu.server_s / bare_summary["requests"]
        print(
            f"  throughput app / bare: {ratio:.2f} (a figure, not a goal); "
            f"gunicorn CPU per request app / bare: {app_cpu / bare_cpu:.1f}x"
        )

    paced = evenings.get("tablet-pace evening")
    if paced is not None:
        # 3. Tablet pace: scorekeepers take a few seconds per action and the card
        # polls as the page does: the latency a tablet sees all evening.
        print()
        play_evening(paced, server, think=args.think, poll_s=args.poll)
        label = f"3. Tablet-pace evening (think {args.think:g} s, poll {args.poll:g} s)"
        summary = report_evening(paced, label)["summary"]
        if paced.stats.connection_errors or set(paced.stats.statuses) - {200, 204, 302}:
            failures.append("tablet-pace evening: errors or unexpected statuses")
        p99 = summary["p99"]
        print(
            f"  p99 {p99:.0f} ms (goal < {P99_GOAL_MS:.0f} ms: "
            f"{'met' if p99 < P99_GOAL_MS else 'NOT met'})"
        )
        evening_checks(paced)

    faulty = evenings.get("fault evening")
    if faulty is not None:
        # 4. Faults, at tablet pace; measured apart from the clean evenings.
        log: list[str] = []
        print()
        plan = fault_plan(faulty, server, args.pg_down, log)
        play_evening(faulty, server, think=args.think, poll_s=args.poll)
        plan.join(timeout=120)
        report_evening(
            faulty, "4. Fault evening (tablet pace; a worker killed, PostgreSQL stopped)"
        )
        print("\n".join(f"  {line}" for line in log))
        stats = faulty.stats
        print(
            f"  503 'try again' answers: {stats.statuses.get(503, 0)}; other 5xx, or a 503 "
            f"without the message: {stats.busy_without_message}"
        )
        if stats.busy_without_message:
            failures.append("fault evening: a 5xx that was not a 503 'try again'")
        if not stats.statuses.get(503):
            failures.append("fault evening: PostgreSQL was stopped but no 503 was seen")
        if len(log) < 4:
            failures.append("fault evening: the faults did not all happen")
        evening_checks(faulty)
    return failures


if __name__ == "__main__":
    sys.exit(main())
