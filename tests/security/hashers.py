"""A password hasher for the throttle race test: Django's own, counting its checks."""

from __future__ import annotations

import threading

from django.contrib.auth.hashers import PBKDF2PasswordHasher


class CountingHasher(PBKDF2PasswordHasher):
    """PBKDF2, slow enough (tens of ms) that parallel guesses really overlap."""

    iterations = 60_000
    checked = 0
    _lock = threading.Lock()

    def verify(self, password: str, encoded: str) -> bool:
        with CountingHasher._lock:
            CountingHasher.checked += 1
        return super().verify(password, encoded)
