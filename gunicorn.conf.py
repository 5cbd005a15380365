"""gunicorn settings for ClubScore (read by `gunicorn clubscore.wsgi` from this folder).

Every value can be set from the environment, so one file serves the club laptop and a
row of app servers behind a load balancer (docs/deployment.md).
"""

import gc
import multiprocessing
import os

# Where to listen. A club laptop: 0.0.0.0:8000 so the tablets on the club's Wi-Fi reach
# it; behind a load balancer: the address the balancer forwards to.
bind = os.environ.get("GUNICORN_BIND") or (
    f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
)

# Worker processes. Requests are short (a score card, a standings page) and mostly wait
# on the database, so a few synchronous workers per core serve a full club evening.
# WEB_CONCURRENCY is the name most hosts set; cap the default so a big machine does not
# open more database connections than PostgreSQL allows (max_connections 100).
workers = int(os.environ.get("WEB_CONCURRENCY", min(multiprocessing.cpu_count() * 2 + 1, 9)))
threads = int(os.environ.get("GUNICORN_THREADS", 1))

# A request that takes longer than this is stuck (the slowest page, a PDF of all score
# cards, takes about a second): the worker is killed and replaced.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 30))
# On a restart or deploy, requests in flight get this long to finish.
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", 20))
# How long an idle connection stays open for the tablet's next poll. Only threaded
# workers (GUNICORN_THREADS > 1) keep connections open: the default sync workers close
# each one after its answer (bench/load.py measured the evening with sync workers).
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", 5))

# Recycle workers now and then, so a slow leak never builds up over a long evening;
# the jitter keeps them from all restarting at once.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", 2000))
max_requests_jitter = int(os.environ.get("GUNICORN_MAX_REQUESTS_JITTER", 200))
# Load the app once in the master and fork the workers from it: a recycled or killed
# worker is back in milliseconds instead of importing Django again (about a second of
# CPU each time; tablets polling all evening recycle workers every few minutes). New
# code then needs a restart of the service, not a HUP (docs/deployment.md).
preload_app = os.environ.get("GUNICORN_PRELOAD", "true").lower() not in ("0", "false", "no")

# Python's cycle collector runs every 700 new objects by default: a score card page
# makes tens of thousands (ORM rows, template nodes), so it ran dozens of times per
# request, scanning everything loaded. Collect less often (a request's garbage is
# freed by reference counting anyway); the workers inherit this from the master.
# 0 keeps Python's defaults (and nothing is frozen).
gc_threshold = int(os.environ.get("GUNICORN_GC_THRESHOLD", 50_000))
if gc_threshold:
    gc.set_threshold(gc_threshold, 20, 20)


def when_ready(server) -> None:
    """Before the first fork: with preload_app the app is loaded, so warm what every
    worker needs (templates, URLs, translations). Then keep everything loaded so far
    out of the collector's scans for good, so the workers share those pages untouched."""
    if preload_app:
        from clubscore.warmup import warm_up

        warm_up()
    if gc_threshold:
        gc.freeze()


# Logs to stdout/stderr: the service manager (systemd, docker) keeps them. An empty
# GUNICORN_ACCESS_LOG switches the access log off (bench/load.py measures without it).
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-") or None
errorlog = os.environ.get("GUNICORN_ERROR_LOG", "-")
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# Time, client, request, status, bytes, duration in ms.
access_log_format = '%(t)s %({x-forwarded-for}i)s %(h)s "%(r)s" %(s)s %(B)s %(M)sms'

# Only the load balancer's X-Forwarded-* headers are believed (comma-separated addresses;
# "*" when the app servers are reachable from the balancer only).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

# Heartbeat files in memory, not on a slow or full disk (Docker's /tmp is an overlay).
if os.path.isdir("/dev/shm"):
    worker_tmp_dir = "/dev/shm"
