"""HTTP requests to the servers the tests start on loopback: httpx's request functions,
sharing one TLS context.

``httpx.get`` and its kin build a client for each call, and each client loads the CA
bundle into a new SSL context: 20 to 30 ms of CPU a request, though every URL here is
plain ``http://``. Loops that wait for a server to start or a game to end make hundreds
of them, on the two cores the whole suite shares; with one context a client costs 0.1 ms.
"""

from __future__ import annotations

import ssl
from typing import Any

import httpx

TLS = ssl.create_default_context()


def get(url: str, **options: Any) -> httpx.Response:
    return httpx.get(url, verify=TLS, **options)


def post(url: str, **options: Any) -> httpx.Response:
    return httpx.post(url, verify=TLS, **options)


def head(url: str, **options: Any) -> httpx.Response:
    return httpx.head(url, verify=TLS, **options)
