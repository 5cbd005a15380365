"""ClubScore settings: one flat file, read from the environment.

SQLite by default so a fresh checkout just runs; set DATABASE_URL for PostgreSQL.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).lower() in {"1", "true", "yes", "on"}


def envint(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = envbool("DEBUG", True)
# The development key is only ever used with DEBUG on; production must set its own.
SECRET_KEY = os.environ.get("SECRET_KEY") or (
    "dev-only-insecure-key-change-me-in-production-0123456789" if DEBUG else ""
)
if not SECRET_KEY:
    raise ImproperlyConfigured(
        "DEBUG is false, so SECRET_KEY must be set: a long random string, e.g. "
        "SECRET_KEY=$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))'). "
        "See docs/deployment.md."
    )
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")
CSRF_FAILURE_VIEW = "clubscore.errors.csrf_failure"  # in the site's frame, with a way back

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tables2",
    "template_partials",
    "csp",
    "clubscore",
    "clubscore.club",
    "clubscore.events",
    "clubscore.scorekeeping",
    "clubscore.playerpages",
    "clubscore.ratings",
    "clubscore.dashboard",
    "clubscore.printing",
    "clubscore.accounts",
    "clubscore.backup",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # A lost database connection answers 503 "try again", not a bare 500.
    "clubscore.middleware.DatabaseUnavailableMiddleware",
    "clubscore.middleware.NoIndexMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A successful login marks the browser as the organizer's own (a signed cookie).
    "clubscore.accounts.device.DeviceCookieMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
]

ROOT_URLCONF = "clubscore.urls"
WSGI_APPLICATION = "clubscore.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    {
        # The tablet's card page only (issue 28; clubscore/templatetags/jinja.py).
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "jinja_templates"],
        "APP_DIRS": False,
        "OPTIONS": {
            "environment": "clubscore.templatetags.jinja.environment",
            "extensions": ["jinja2.ext.i18n"],
            "context_processors": [
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=envint("CONN_MAX_AGE", 60),
        # Off by default: a health check is one more round trip on every request, and
        # a tablet poll is one query at most. A connection lost with a database
        # restart fails once, is answered 503 "try again" (clubscore.middleware) and
        # is replaced.
        conn_health_checks=envbool("CONN_HEALTH_CHECKS", False),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite serialises writers; IMMEDIATE transactions make a writer wait for the
    # lock instead of failing half-way, and WAL lets tablets read while one writes.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    # Tests on a file, as production runs, not in memory: the browser tests' live server
    # then opens a connection per request thread instead of sharing one in-memory
    # connection, which answers "table is locked" when two tablets' requests meet.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test-db.sqlite3")}
elif envbool("DATABASE_PREPARED_STATEMENTS", True):
    # PostgreSQL plans a query each time it is sent; bound on the server (not merged
    # into the SQL text by psycopg), a query the connection has run a few times is
    # prepared and planned once. A tablet's poll is one small query whose planning
    # took longer than running it. Off for a pooler that cannot keep prepared
    # statements (PgBouncer in transaction mode before 1.21): docs/deployment.md.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=True, prepare_threshold=envint("DATABASE_PREPARE_THRESHOLD", 2)
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "clubscore" / "locale"]
# One date format per language (clubscore/formats/<lang>/formats.py), for pages and PDFs.
FORMAT_MODULE_PATH = ["clubscore.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Berlin")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Security: the production values are on unless DEBUG is on (check --deploy is clean).
# HTTPS=false is for a club laptop serving plain HTTP on the club's own Wi-Fi: secure
# cookies and the HTTPS redirect would lock every tablet out there (docs/deployment.md).
HTTPS = envbool("HTTPS", not DEBUG)
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", HTTPS)
SESSION_COOKIE_SECURE = envbool("SESSION_COOKIE_SECURE", HTTPS)
CSRF_COOKIE_SECURE = envbool("CSRF_COOKIE_SECURE", HTTPS)
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 31536000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", HTTPS)
# The EN/DE choice: sent over HTTPS only when the site is served over HTTPS, never with
# another site's requests, and not readable by scripts (none needs it).
LANGUAGE_COOKIE_SECURE = envbool("LANGUAGE_COOKIE_SECURE", HTTPS)
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https") if envbool("BEHIND_PROXY", False) else None
)
# How many proxies (load balancers) append to X-Forwarded-For in front of the app: the
# login throttle counts failures per client address, and only our proxies' entries
# can be believed. 0: use the connection's address.
TRUSTED_PROXY_COUNT = envint("TRUSTED_PROXY_COUNT", 0)
# An organizer's session ends after a club evening and a half, not weeks later.
SESSION_COOKIE_AGE = envint("SESSION_COOKIE_AGE", 12 * 3600)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True

# Content Security Policy: everything is served from this site (no CDN), and no
# inline script is needed, so the policy can be strict.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "form-action": ["'self'"],
        # The cards' service worker and web manifest (offline tablets), our own only.
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
    }
}

# The club's own settings.
CLUB_NAME = os.environ.get("CLUB_NAME", "ClubScore Card Club")
# Paper for printables: "A4" or "LETTER".
CLUB_PAPER_SIZE = os.environ.get("CLUB_PAPER_SIZE", "A4")

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5.html"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # A 400 (a bad request, a bad Host header, a scanner's junk) is one line, not a
    # traceback: a scan wrote 818 tracebacks (clubscore.errors.OneLineFor400).
    "filters": {"one_line_400": {"()": "clubscore.errors.OneLineFor400"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["one_line_400"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
