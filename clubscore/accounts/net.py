"""The client's address, as far as it can be trusted."""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    """REMOTE_ADDR, or behind TRUSTED_PROXY_COUNT proxies the address the outermost saw.

    X-Forwarded-For is written by the client too; only the entries our own proxies
    appended (the last TRUSTED_PROXY_COUNT) can be believed.
    """
    address = request.META.get("REMOTE_ADDR")
    proxies = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    if proxies:
        forwarded = [
            part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        ]
        forwarded = [part for part in forwarded if part]
        if len(forwarded) >= proxies:
            address = forwarded[-proxies]
    try:
        return str(ipaddress.ip_address(address)) if address else None
    except ValueError:
        return None
