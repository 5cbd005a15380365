"""WSGI entry point for the load test (`gunicorn bench.load_wsgi`, run by bench/load.py).

The app's own settings with two changes made here, never in the app: the URLs add one
bare view (`bench/load_urls.py`), and the static files' manifest is read from
BENCH_STATIC_ROOT (a temporary collectstatic), so the checkout's staticfiles/ is
left alone.
"""

import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")
settings.ROOT_URLCONF = "bench.load_urls"
if os.environ.get("BENCH_STATIC_ROOT"):
    settings.STATIC_ROOT = os.environ["BENCH_STATIC_ROOT"]
application = get_wsgi_application()
