"""A real ``geodeck serve`` on a loopback port and Debian's Chromium, driven by Playwright."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.browser.driver import CHROMIUM, SCREENSHOTS, free_port

ROOT = Path(__file__).resolve().parents[2]
BOOT_TIMEOUT = 30.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here is a browser test; without Chromium they are skipped, not failed."""
    here = Path(__file__).parent
    skip = pytest.mark.skip(
        reason=f"{CHROMIUM} is missing: run scripts/browser-deps (Debian's chromium) first"
    )
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            if not CHROMIUM.exists():
                item.add_marker(skip)


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a ``geodeck serve`` with a temporary SQLite file and the shipped decks."""
    folder = tmp_path_factory.mktemp("serve")
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "geodeck",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--database-url",
        f"sqlite:///{folder / 'geodeck.sqlite3'}",
        "--bot-delay",
        "0.02",
        "--grace",
        "120",
        "--log-level",
        "warning",
    ]
    log = folder / "serve.log"
    with log.open("ab") as out:
        process = subprocess.Popen(command, stdout=out, stderr=out, cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + BOOT_TIMEOUT
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"geodeck serve exited: {log.read_text()}")
            try:
                if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"geodeck serve did not start: {log.read_text()}")
            time.sleep(0.05)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    # Package scope: Playwright's event loop must be gone before other test packages run
    # (the server tests start event loops of their own).
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
