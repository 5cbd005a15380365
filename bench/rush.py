"""The rush (issue 28): a big evening's tables all enter a hand in the same two minutes,
while every player's phone polls its page, over HTTP against gunicorn and PostgreSQL.

Run: `.venv/bin/python bench/load.py --rush` (or `make load LOAD_ARGS=--rush`, or this
file itself), with the options below (`--help`). Needs PostgreSQL on 127.0.0.1:5432
(user postgres, trust), as bench/load.py does; it never stops PostgreSQL.

What it does (about three minutes on two CPUs):

1. A throwaway database, gunicorn and the trial table as in bench/load.py
   (`throwaway_run`, `play_trial`), then one evening of 256 tables: 1,024 players
   checked in and drawn by the real draw, the clock running, each table's first hand
   a random valid payload per team (`load.hand`).
2. The phones open their players' pages (`/p/<token>/`, four per table: every seated
   player's), before the rush and measured apart: the players opened them when the
   tables were drawn, long before the hand ends.
3. The rush, measured: at time 0 every phone starts polling the live part of its page
   every 10 s (htmx `every 10s`: a fixed cadence, whatever the answer took), at a
   random phase. Each table finishes its hand at a random moment in the first 60 s
   (`--spread`); its two tablets (a few seconds apart) each open the card, type their
   team's counts with a preview after each (`--think` s per action, a third of it
   per count), save with the page's idempotency key, poll the card every 10 s (as
   load.py's tablets do: 5 to 15 s after the last answer) until the other team's part
   is in, confirm it, and keep polling every 10 s until the
   two minutes (`--window`) are over. The phones stop once every tablet has and each
   phone has polled once more (so each can show its table's confirmed hand).
4. Reported: p50/p95/p99 per kind of request and overall (and the tablets' alone),
   the pace the phones kept (polls per second against 4 per table per 10 s, and how
   late the generator sent them), how many tables entered and confirmed their hand
   within the two minutes, statuses and errors, and the CPU of gunicorn, PostgreSQL
   and this generator. Goals: p95 < 1 s, p99 < 2 s (figures: the exit status is 0
   when only they are missed).
5. Checked (exit 1 when one fails; 2 when a tablet or phone gives up, as load.py):
   `load.check` (each table's hand stored exactly once as sent, entered and confirmed
   once per team, every idempotency key stored, no card turned in, no bonus, the
   standings equal to the payloads scored offline), every 5xx a 503 "try again", and
   every phone saw its table's hand (a poll answered with a new live part) and ends
   showing what the database holds (its fingerprint is `live_version` now).

Threads: a tablet is a thread, as in load.py (512 of them), and so is a phone (1,024):
mostly asleep, they cost the generator little CPU (its share is in the CPU line). A
phone polls as htmx 2 does (`next_after`): every 10 s by the clock, and a tick that
falls while its poll is out is sent as soon as the answer is in. `--phones-per-thread
N` lets N phones share a thread, each with its own cadence, cookies and connection
(gunicorn's sync workers close every connection after its answer, so the server
cannot tell): fewer threads, but a thread's phones then wait for each other's answers
when the server is slow; the report's "sent late by the generator" shows by how much
(8 per thread sent polls up to 48 s late in an overloaded rush; one per thread, under
0.4 s). The generator runs on the same two CPUs as gunicorn and PostgreSQL.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import load  # noqa: E402
from bench.load import Browser, Evening, GaveUp, Stats, Stopped, Tablet  # noqa: E402

TABLES = 256
WINDOW_S = 120.0  # every table enters and confirms its hand within these two minutes
SPREAD_S = 60.0  # the tables finish their hands at random moments within this
THINK_S = 2.0  # a quick scorekeeper: seconds per action (a third of it per count)
POLL_S = 10.0  # the card and the player's page both poll every 10 s
PHONES_PER_TABLE = 4
PHONES_PER_THREAD = 1
P95_GOAL_MS = 1000.0
P99_GOAL_MS = 2000.0
KINDS = ("card", "live", "preview", "draft", "entry", "confirm", "phone")


@dataclass
class Phone:
    """One player's phone: its page's link, its own cookies and connection, and the URL
    its live part polls (with the fingerprint of what it shows)."""

    token: str
    table_id: int
    browser: Browser
    live: str | None = None
    due: float = 0.0  # when the next poll is due (perf_counter)
    tick: float = 0.0  # when the page's 10 s timer fires next (or fired for `due`)
    queued: int = 0  # polls sent at once on an answer that took longer than 10 s
    polls: int = 0
    changed: int = 0  # polls answered with a new live part
    last_poll: float = 0.0

    def open(self) -> None:
        """The whole page, as the phone first loads it: it tells what to poll."""
        from django.urls import reverse

        url = reverse("playerpages:player", args=[self.token])
        status, _headers, html = self.browser.request("GET", url, "phone page")
        if status != 200:
            raise GaveUp(f"player's page answered {status}")
        self.live = self._polled(html, url)

    def poll(self) -> None:
        """One poll of the live part, as htmx sends it: 204 when nothing is new, else the
        part drawn again (its outer element, with the new URL to poll)."""
        self.last_poll = time.perf_counter()
        status, _headers, html = self.browser.request("GET", self.live, "phone", htmx=True)
        self.polls += 1
        if status == 204:
            return
        if status != 200:
            raise GaveUp(f"player's page poll answered {status}")
        self.changed += 1
        self.live = self._polled(html, self.live)

    def _polled(self, html: str, url: str) -> str:
        polls = load.read_page(html, url).polls
        if not polls:
            raise GaveUp("the player's page polls nothing (no element with hx-get every …)")
        return polls[0]

    @property
    def version(self) -> str:
        """The fingerprint the phone's page shows (the `v` of its poll)."""
        return parse_qs(urlsplit(self.live or "").query).get("v", [""])[0]


def phones_for(evening: Evening, port: int, stats: Stats, per_table: int) -> list[Phone]:
    """A phone for each of the first `per_table` players at every table, with the page
    link the organizer prints for them (`phones.links_for`)."""
    from clubscore.events import phones
    from clubscore.events.models import Event, Seat

    event = Event.objects.get(pk=evening.event_id)
    seats = list(
        Seat.objects.filter(round__event=event)
        .order_by("table_id", "position")
        .values_list("player_id", "table_id")
    )
    links = phones.links_for(event, [player for player, _table in seats])
    taken: dict[int, int] = {}
    found = []
    for player, table in seats:
        taken[table] = taken.get(table, 0) + 1
        if taken[table] <= per_table:
            browser = Browser(port, stats, evening.stop)
            found.append(Phone(links[player].token, table, browser))
    return found


class RushTablet(Tablet):
    """A tablet in the rush: from its moment on, it opens the card, enters its team's
    part of the table's hand (previews, save), confirms the other team's, then polls."""

    def __init__(self, rush: Rush, port: int, table: dict, side: int, start_at: float) -> None:
        super().__init__(rush.evening, port, table, side, rush.think, 0, threading.Event())
        self.table_id = table["table"]
        self.start_at = start_at
        self.window_end = rush.t0 + rush.window_s
        self.confirmed_at: float | None = None

    def play(self, poll_s: float) -> None:
        if self.evening.stop.wait(max(0.0, self.start_at - time.perf_counter())):
            raise Stopped
        page = self.play_hands(self.card(), poll_s)
        self.confirmed_at = time.perf_counter()
        # The card stays open on the table: it polls on till the two minutes are over.
        while time.perf_counter() < self.window_end:
            if self.evening.stop.is_set():
                raise Stopped
            page = self.poll_once(page, poll_s)


@dataclass
class Rush:
    evening: Evening
    phones: list[Phone]
    think: float = THINK_S
    poll_s: float = POLL_S
    window_s: float = WINDOW_S
    spread_s: float = SPREAD_S
    apart_s: float = 3.0  # between the two tablets of a table
    t0: float = 0.0
    tablets: list[RushTablet] = field(default_factory=list)
    tablets_done_at: float | None = None
    late_s: list[float] = field(default_factory=list)  # how late each phone poll was sent
    phones_ended: float = 0.0

    def table_times(self) -> dict[int, tuple[float, float | None]]:
        """Per table: when its first tablet started and when its hand was confirmed by
        both sides (None if not), in seconds from the rush's start."""
        times: dict[int, tuple[float, float | None]] = {}
        for tablet in self.tablets:
            start, done = times.get(tablet.table_id, (float("inf"), 0.0))
            start = min(start, tablet.start_at - self.t0)
            if done is None or tablet.confirmed_at is None:
                done = None
            else:
                done = max(done, tablet.confirmed_at - self.t0)
            times[tablet.table_id] = (start, done)
        return times


def open_phones(phones: list[Phone], stats: Stats, threads: int = 32) -> None:
    """Every phone loads its page once, `threads` at a time, flat out (before the rush:
    how fast does not matter, only that each phone knows what to poll)."""
    groups = [phones[i::threads] for i in range(threads)]
    failed: list[str] = []

    def opener(group: list[Phone]) -> None:
        for phone in group:
            try:
                phone.open()
            except Exception as error:
                failed.append(f"phone {phone.token[:8]}…: {type(error).__name__}: {error}")
                return

    openers = [threading.Thread(target=opener, args=(g,), daemon=True) for g in groups if g]
    stats.started = time.perf_counter()
    for thread in openers:
        thread.start()
    for thread in openers:
        thread.join()
    stats.ended = time.perf_counter()
    if failed:
        raise GaveUp(f"{len(failed)} phones could not open their pages: {failed[0]}")


def next_after(phone: Phone, poll_s: float, now: float) -> None:
    """When the phone polls next, as htmx 2 does it (`every 10s`, no hx-sync): its timer
    fires every 10 s whatever the answers take; a tick that fires while a poll is out is
    queued (the last one only) and sent as soon as the answer is in."""
    tick = phone.tick + poll_s
    if tick > now:
        phone.tick = phone.due = tick
        return
    phone.tick = tick + (now - tick) // poll_s * poll_s  # the last tick fired by now
    phone.due = now
    phone.queued += 1


def poll_phones(rush: Rush, group: list[Phone]) -> None:
    """One thread's phones, each polled on its own 10 s cadence, until every tablet is
    done and each phone has polled once after that."""
    evening = rush.evening
    pending = list(group)
    phone = group[0]
    try:
        while pending:
            phone = min(pending, key=lambda p: p.due)
            if evening.stop.wait(max(0.0, phone.due - time.perf_counter())):
                return
            sent = time.perf_counter()
            rush.late_s.append(sent - phone.due)  # list.append is atomic
            phone.poll()
            next_after(phone, rush.poll_s, time.perf_counter())
            done_at = rush.tablets_done_at
            if done_at is not None and sent > done_at:
                pending.remove(phone)
    except Stopped:
        pass
    except Exception as error:  # a phone that gives up is a failed rush, as a tablet
        evening.problem(f"phone {phone.token[:8]}…: gave up: {type(error).__name__}: {error}")
        evening.overloaded |= isinstance(error, load.NoAnswer)
        evening.stop.set()


def play_rush(rush: Rush, port: int, per_thread: int = PHONES_PER_THREAD) -> None:
    """The rush: phones poll from the start, each table's tablets enter and confirm its
    hand from a random moment within `spread_s`; the phones' pages must be open."""
    evening = rush.evening
    rng = random.Random(evening.event_id)
    rush.t0 = time.perf_counter() + 0.5  # the threads are all started by then
    for table in evening.tables:
        table_at = rush.t0 + rng.uniform(0, rush.spread_s)
        for side in (1, 2):
            # The two scorekeepers, a few seconds apart.
            start_at = table_at + rng.uniform(0, rush.apart_s)
            rush.tablets.append(RushTablet(rush, port, table, side, start_at))
    for phone in rush.phones:
        phone.browser.stats = evening.stats
        phone.due = phone.tick = rush.t0 + rng.uniform(0, rush.poll_s)
    groups = [rush.phones[i : i + per_thread] for i in range(0, len(rush.phones), per_thread)]
    tablets = [
        threading.Thread(target=t.run, args=(rush.poll_s, 0.0), daemon=True) for t in rush.tablets
    ]
    phones = [threading.Thread(target=poll_phones, args=(rush, g), daemon=True) for g in groups]
    evening.stats.started = rush.t0
    for thread in phones + tablets:
        thread.start()
    for thread in tablets:
        thread.join()
    rush.tablets_done_at = time.perf_counter()
    for thread in phones:
        thread.join()
    evening.stats.ended = rush.phones_ended = time.perf_counter()
    evening.done = True


def check_phones(rush: Rush) -> list[str]:
    """Every phone saw its table's hand arrive and shows what the database holds now."""
    from clubscore.events.my_table import live_version

    failures = []
    unchanged = [p for p in rush.phones if not p.changed]
    if unchanged:
        failures.append(f"{len(unchanged)} phones never saw their table's hand arrive")
    stale = [p for p in rush.phones if p.version != live_version(p.token)]
    if stale:
        failures.append(f"{len(stale)} phones do not show what the database holds")
    return failures


# -- the report and the run ------------------------------------------------------------


def goal(label: str, ok: bool) -> str:
    return f"{label}: {'met' if ok else 'NOT met'}"


def phones_pace(rush: Rush) -> None:
    """What the phones sent against what polling every 10 s sends, and how late the
    generator sent it (a figure of the generator, not of the server)."""
    polling_s = rush.phones_ended - rush.t0
    sent = sum(p.polls for p in rush.phones)
    target = len(rush.phones) / rush.poll_s
    late = sorted(rush.late_s)
    late_max = late[-1] if late else 0.0
    print(
        f"  phones' pace: {sent / polling_s:.1f} polls/s over {polling_s:.0f} s (the phones "
        f"at one poll per {rush.poll_s:g} s: {target:.1f}/s); sent late by the generator: "
        f"p50 {1000 * load.percentile(late, 50):.0f} ms, p99 "
        f"{1000 * load.percentile(late, 99):.0f} ms, max {1000 * late_max:.0f} ms; "
        f"sent at once on an answer slower than {rush.poll_s:g} s (htmx's queued tick): "
        f"{sum(p.queued for p in rush.phones)}"
    )


def report(rush: Rush, opened: Stats) -> list[str]:
    """Print the rush's figures and whether the goals were met; what failed."""
    evening, stats = rush.evening, rush.evening.stats
    tables = len(evening.tables)
    if rush.phones:
        print(
            f"Phones open their pages (before the rush, flat out, 32 at a time): "
            f"{len(rush.phones)} pages in {opened.seconds:.1f} s"
        )
        print(load.report_line("GET /p/<token>/", opened.summary()))
    print(
        f"\nThe rush: {tables} tables ({2 * tables} tablets) and {len(rush.phones)} phones; "
        f"each table enters and confirms a hand, starting within {rush.spread_s:g} s "
        f"(think {rush.think:g} s, polls every {rush.poll_s:g} s); {stats.seconds:.1f} s"
    )
    overall = stats.summary()
    print(load.report_line("all requests", overall))
    print(load.report_line("the tablets' requests", stats.summary(set(KINDS) - {"phone"})))
    kinds = [kind for kind in KINDS if rush.phones or kind != "phone"]
    for kind in kinds:
        print(load.report_line(kind, stats.summary({kind})))
    for kind, who in (("live", "tablets' polls"), ("phone", "phones' polls")):
        polls = [s for s in stats.samples if s.kind == kind]
        if kind in kinds:
            unchanged = sum(1 for s in polls if s.status == 204)
            print(f"  {who} answered 204 (nothing new): {unchanged} of {len(polls)}")
    if rush.phones:
        phones_pace(rush)

    times = rush.table_times()
    done = [d for _s, d in times.values() if d is not None]
    within = sum(1 for d in done if d <= rush.window_s)
    longest = max((d - s for s, d in times.values() if d is not None), default=0.0)
    print(
        f"  hands: {within} of {tables} tables entered and confirmed theirs within "
        f"{rush.window_s:g} s of the start (the last at {max(done, default=0.0):.1f} s; "
        f"the slowest table took {longest:.1f} s from its first card to its confirmation)"
    )
    errors = sum(stats.connection_errors.values())
    print(
        f"  statuses {dict(sorted(stats.statuses.items()))}; connection errors "
        f"{dict(stats.connection_errors) or 0}; 5xx other than a 503 'try again': "
        f"{stats.busy_without_message}; longest wait for one answer (with resends) "
        f"{stats.longest_retry_s:.1f} s"
    )
    print(stats.cpu.line(overall["requests"]))
    p95, p99 = overall["p95"], overall["p99"]
    goals = (
        goal(f"p95 {p95:.0f} ms < {P95_GOAL_MS:.0f} ms", p95 < P95_GOAL_MS),
        goal(f"p99 {p99:.0f} ms < {P99_GOAL_MS:.0f} ms", p99 < P99_GOAL_MS),
        goal(f"every table within {rush.window_s:g} s", within == tables),
        goal("no errors", not errors and not stats.statuses.get(503)),
    )
    print(f"  goals (figures, not checks): {'; '.join(goals)}")
    failures = []
    if stats.busy_without_message:
        failures.append("a 5xx that was not a 503 'try again'")
    unexpected = sorted(set(stats.statuses) - {200, 204, 302, 503})
    if unexpected:
        failures.append(f"unexpected statuses {unexpected}")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="load.py --rush", description=__doc__.split("\n\n")[0].replace("\n", " ")
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers (default 4)")
    parser.add_argument("--tables", type=int, default=TABLES, help=f"default {TABLES}")
    parser.add_argument(
        "--think", type=float, default=THINK_S, help=f"seconds per action (default {THINK_S:g})"
    )
    parser.add_argument("--poll", type=float, default=POLL_S, help="seconds between polls")
    parser.add_argument(
        "--window", type=float, default=WINDOW_S, help="seconds the rush lasts (default 120)"
    )
    parser.add_argument(
        "--spread",
        type=float,
        default=SPREAD_S,
        help="the tables finish their hands within these first seconds (default 60)",
    )
    parser.add_argument(
        "--phones-per-table",
        type=int,
        default=PHONES_PER_TABLE,
        choices=range(5),
        help="players' phones polling at each table (default 4: every player)",
    )
    parser.add_argument(
        "--phones-per-thread",
        type=int,
        default=PHONES_PER_THREAD,
        help=f"phones sharing one generator thread (default {PHONES_PER_THREAD})",
    )
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    failures: list[str] = []
    try:
        with load.throwaway_run(args.workers) as run:
            from django.db import connections

            trial, evening = load.seed(
                random.Random(args.seed), [("trial table", 1), ("rush", args.tables)], args.tables
            )
            # One hand per table, the cards left open: what the rush plays and checks.
            for table in evening.tables:
                table["hands"] = table["hands"][:1]
            evening.turns_in = False
            opened = Stats()  # the phones' first loads, before the rush
            phones = phones_for(evening, run.port, opened, args.phones_per_table)
            connections.close_all()
            print(
                f"database {run.name}: migrated and seeded in "
                f"{time.perf_counter() - run.started:.1f} s ({args.tables * 4} players, "
                f"{args.tables} tables and a trial table, drawn, clock running; "
                f"{len(phones)} players' page links)"
            )
            server = run.start_server()
            load.play_trial(server, trial, evening)
            rush = Rush(evening, phones, args.think, args.poll, args.window, args.spread)
            try:
                open_phones(phones, opened)
            except GaveUp as error:
                evening.problem(str(error))
                raise load.CannotPlay(evening) from None
            print()
            with load.CpuMeter(server) as meter:
                play_rush(rush, server.port, args.phones_per_thread)
            evening.stats.cpu = meter.result
            if evening.stop.is_set():
                raise load.CannotPlay(evening)
            failures = report(rush, opened)
            connections.close_all()
            problems = load.check(evening) + check_phones(rush)
            print(f"  database checks (and the phones'): {problems or 'all passed'}")
            failures += problems + evening.problems[:20]
    except load.CannotPlay as broken:
        return load.explain(broken)
    return load.verdict(failures)


if __name__ == "__main__":
    sys.exit(main())
