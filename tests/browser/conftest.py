"""A real ``geodeck serve`` on a loopback port and Debian's Chromium, driven by Playwright."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.browser.driver import CHROMIUM, SCREENSHOTS
from tests.server.live import serve_process


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here is a browser test; without Chromium they are skipped, not failed.
    Under pytest-xdist (``--dist loadgroup``) a module's tests run on one worker, one after
    the other, with that worker's server and Chromium."""
    here = Path(__file__).parent
    skip = pytest.mark.skip(
        reason=f"{CHROMIUM} is missing: run scripts/browser-deps (Debian's chromium) first"
    )
    for item in items:
        path = Path(str(item.fspath))
        if here in path.parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group(f"browser-{path.stem}"))
            if not CHROMIUM.exists():
                item.add_marker(skip)


SERVE_OPTIONS = ("--bot-delay", "0.02", "--grace", "120", "--creations-burst", "100000")


@pytest.fixture
def server(request: pytest.FixtureRequest) -> str:
    """The server a test plays on: ``short_server`` in a module that sets
    ``SHORT_DEALS = True`` (its checks need a scoring or an ended game, not a whole deal's
    length), else ``full_server``."""
    short = getattr(request.module, "SHORT_DEALS", False)
    url: str = request.getfixturevalue("short_server" if short else "full_server")
    return url


@pytest.fixture(scope="package")
def full_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a ``geodeck serve`` with a temporary SQLite file and the shipped decks."""
    folder = tmp_path_factory.mktemp("serve")
    with serve_process(folder / "geodeck.sqlite3", folder / "serve.log", *SERVE_OPTIONS) as (
        _,
        url,
    ):
        yield url


@pytest.fixture(scope="package")
def short_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Like ``server``, but its cross tables are dealt with five cards a stack
    (``short_serve.py``), for the cases that repeat a whole game's moments."""
    folder = tmp_path_factory.mktemp("short-serve")
    with serve_process(
        folder / "geodeck.sqlite3",
        folder / "serve.log",
        *SERVE_OPTIONS,
        module="tests.browser.short_serve",
    ) as (_, url):
        yield url


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


@pytest.fixture(autouse=True)
def _close_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """Close the browser contexts a test opened once it is over: pages left open keep
    their sockets and renderers busy while later tests play."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
