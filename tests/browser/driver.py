"""Driving the browser table the way a person does: read what the page offers, click it."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, FloatRect, Locator, Page
from playwright.sync_api import Error as PlaywrightError

from geodeck.server.tokens import normal_code

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
SHOOTING = os.environ.get("GEODECK_SCREENSHOTS", "") not in ("", "0")
"""Whether the tests save their screenshots (``GEODECK_SCREENSHOTS=1``): pictures for a
person to look at, which no test reads back. Each costs Chromium a whole render and a
PNG (0.3 to 0.7 s), so the full check leaves them out."""


def save_screenshot(
    target: Page | Locator, path: Path, *, full_page: bool = False, clip: FloatRect | None = None
) -> Path:
    """The page (or one element) as the PNG ``path`` when screenshots are asked for; the
    path either way."""
    if SHOOTING:
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(target, Page):
            target.screenshot(path=str(path), full_page=full_page, clip=clip)
        else:
            target.screenshot(path=str(path))
    return path


LAPTOP = {"width": 1366, "height": 900}
DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}

CLICK_TIMEOUT = 1000
"""How long a step's click waits for its button (ms). A step only clicks what its page
offered a moment before; a click that fails because the page moved on (a bot's move came
first) is looked at again at the next step, so a short wait loses nothing."""


@dataclass
class Player:
    """One browser context: one seat (or a spectator), with the page's script errors."""

    page: Page
    name: str
    errors: list[str] = field(default_factory=list)

    def shot(self, name: str, *, full_page: bool = True) -> Path:
        """The page (or, with ``full_page`` false, what the window shows) as
        ``artifacts/screenshots/NAME.png``. A whole page is shot at the page's height,
        for which Chromium drops the touch screen a phone's page believes it has: shoot
        the window to show what a touch leaves (a tapped gap's ghost)."""
        return save_screenshot(self.page, SCREENSHOTS / f"{name}.png", full_page=full_page)

    def has(self, selector: str) -> bool:
        return self.page.locator(selector).count() > 0

    def idle(self) -> None:
        """Wait for this page to change (``until_changed``): what a loop that found nothing
        to do calls before it looks again."""
        until_changed(self.page)

    def finished(self) -> bool:
        return self.has("#outcome")

    def click(self, selector: str, index: int = 0) -> bool:
        """Click the ``index``-th match; ``False`` if the page changed under the click."""
        try:
            self.page.locator(selector).nth(index).click(timeout=CLICK_TIMEOUT)
        except PlaywrightError:
            return False
        return True


CHANGED = """(ms) => new Promise((done) => {
  const watched = new MutationObserver(() => { watched.disconnect(); done(true); });
  const all = { subtree: true, childList: true, attributes: true, characterData: true };
  watched.observe(document.documentElement, all);
  setTimeout(() => { watched.disconnect(); done(false); }, ms);
})"""

IDLE_MS = 250


def until_changed(page: Page, ms: int = IDLE_MS) -> None:
    """Wait until the page's document changes (a state came, a move was drawn) or ``ms``
    milliseconds have passed. A loop that looked, found nothing to do and looked again
    every 40 ms kept a core a quarter busy per page, on the two cores the whole suite
    shares; this wakes at the change, at one round trip for each. A change between the last
    look and this call is caught by the time limit, ``ms`` later."""
    try:
        page.evaluate(CHANGED, ms)
    except PlaywrightError:
        page.wait_for_timeout(40)  # between two documents


def painted(page: Page) -> None:
    """Wait until the page has laid out and painted what changed (two animation frames),
    as after a change of the viewport's size."""
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def settled(page: Page, script: str, expected: object, seconds: float = 5) -> object:
    """What ``script`` (a function of no arguments) evaluates to in the page, read again
    until it equals ``expected`` or ``seconds`` have passed: the page may still be laying
    out the state that just came. The last value read is returned for the assertion."""
    deadline = time.monotonic() + seconds
    while True:
        value = page.evaluate(script)
        if value == expected or time.monotonic() > deadline:
            return value
        page.wait_for_timeout(40)


def open_player(browser: Browser, name: str, viewport: dict[str, int]) -> Player:
    phone = viewport["width"] < 600
    context = browser.new_context(
        viewport={"width": viewport["width"], "height": viewport["height"]},
        device_scale_factor=1,
        is_mobile=phone,
        has_touch=phone,
        locale="en-GB",
        # A player who asked for less motion: the card pulsing while a placement awaits
        # its challenges and the cards turning over at a verdict are left out, so that
        # the page draws only when its state changes.
        reduced_motion="reduce",
    )
    page = context.new_page()
    player = Player(page, name)
    page.on("pageerror", lambda error: player.errors.append(str(error)))
    page.on(
        "console",
        lambda message: player.errors.append(message.text) if message.type == "error" else None,
    )
    return player


def create_table(
    player: Player,
    base: str,
    game: str,
    variant: str,
    seats: Sequence[tuple[str, str | None]],
    *,
    clock: int | None = None,
    bank: int | None = None,
    pause: int = 90,
    public: bool = False,
) -> str:
    """Fill in the lobby's form: seat 0 is this player; ``(name, bot level or None)``; a
    ``clock`` (seconds per move, with a ``bank``) as the lobby offers them; the ``pause``
    after a verdict, scoring or round result (the longest the lobby offers, not its 20 s,
    after which a busy machine's test would find the table moved on); ``public`` lists it
    among the lobby's open tables."""
    page = player.page
    page.goto(f"{base}/")
    page.locator(f"label.game-{game}").click()
    page.select_option("#variant", variant)
    rows = page.locator(".seat-row")
    while rows.count() > len(seats):
        page.locator(".seat-row .icon-button").last.click()
    while rows.count() < len(seats):
        page.locator("#add-seat").click()
    for i, (name, bot) in enumerate(seats):
        if i > 0:
            page.select_option(f"[data-seat-kind='{i}']", bot or "human")
        page.fill(f"[data-seat-name='{i}']", name)
    page.select_option("#pause", str(pause))
    if clock is not None:
        page.select_option("#clock", str(clock))
        if bank is not None:
            page.select_option("#bank", str(bank))
    if public:
        page.locator("#public").check()
    page.locator("#create-table").click()
    page.wait_for_selector("#table-code")
    code = normal_code(page.inner_text("#table-code"))  # shown in groups: KQMX-TRPA-WNLB
    page.wait_for_selector(".game, #waiting")
    return code


def continued(player: Player) -> bool:
    """Press Continue if the table waits for this seat after a verdict, scoring or result."""
    return player.has("#continue:not([disabled])") and player.click("#continue:not([disabled])")


OFFERS = {
    "continue": "#continue:not([disabled])",
    "confirm": "#place-confirm",
    "legal": "[data-legal='true']",
    "accept": "[data-act='accept']",
    "challenge": "[data-act='challenge']",
    "guess": "#guess-send",
    "hide_confirm": "#hide-confirm",
    "hide": ".can-hide button.country-card",
    "answer": "[data-act='answer']",
    "hinted": ".answer-button.hinted",
    "name": "[data-act='name']",
    "stone": ".can-stone button.country-card",
    "pass": "[data-act='pass']",
}
"""What a seat's step looks for, by name: each a CSS selector."""

COUNT_OFFERS = """(offers) => Object.fromEntries(
  Object.entries(offers).map(([name, css]) => [name, document.querySelectorAll(css).length]))"""


def offers(page: Page) -> dict[str, int]:
    """How many of each of ``OFFERS`` the page holds now, read in one round trip (a step
    that asked for each in turn cost the browser five to nine of them a poll)."""
    counted: dict[str, int] = page.evaluate(COUNT_OFFERS, OFFERS)
    return counted


def first_look(player: Player, *, moments: bool = True) -> tuple[str | None, dict[str, int]]:
    """A step's first look: what the page offers, and ``"continue"`` if Continue was
    pressed (the move of a seat the table waits for; not with ``moments`` false, for a
    test that looks at the moment first); nothing while the page is between two
    documents."""
    try:
        offered = offers(player.page)
    except PlaywrightError:
        return None, {}
    if moments and offered["continue"] and player.click(OFFERS["continue"]):
        return "continue", offered
    return None, offered


def cross_step(
    player: Player, rng: random.Random, challenge_rate: float = 0.3, *, guess: bool = True
) -> str | None:
    """This seat's move, if the page offers one: Continue after a moment, a legal gap,
    accept or challenge, a guess (unless ``guess`` is false)."""
    page = player.page
    done, offered = first_look(player)
    if done or not offered:
        return done
    # On a touch screen a tap shows the card in the gap, and the confirm button places it.
    if offered["confirm"]:
        return "place" if player.click(OFFERS["confirm"]) else None
    if offered["legal"]:
        if not player.click(OFFERS["legal"], rng.randrange(offered["legal"])):
            return None
        return "pick" if player.has(OFFERS["confirm"]) else "place"
    if offered["accept"]:
        challenges = offered["challenge"]
        if challenges and rng.random() < challenge_rate:
            challenged = player.click(OFFERS["challenge"], rng.randrange(challenges))
            return "challenge" if challenged else None
        return "accept" if player.click(OFFERS["accept"]) else None
    if guess and offered["guess"]:
        # The field goes as soon as the guesses are in: wait for it no longer than for a
        # click (the default, 30 s, is what a step whose guess a bot's finished scoring
        # overtook used to wait).
        field = page.locator("#guess-input")
        try:
            most = int(field.get_attribute("max", timeout=CLICK_TIMEOUT) or "0")
            field.fill(str(rng.randint(0, min(most, 4))), timeout=CLICK_TIMEOUT)
            page.locator(OFFERS["guess"]).click(timeout=CLICK_TIMEOUT)
        except PlaywrightError:
            return None
        return "guess"
    return None


def undercover_step(player: Player, rng: random.Random, *, moments: bool = True) -> str | None:
    """This seat's move: Continue after a round's result (unless ``moments`` is false),
    hide, name a seeker, answer (as the data says), stone or pass."""
    done, offered = first_look(player, moments=moments)
    if done or not offered:
        return done
    if offered["hide_confirm"]:
        return "hide" if player.click(OFFERS["hide_confirm"]) else None
    if offered["hide"]:
        return "pick" if player.click(OFFERS["hide"], rng.randrange(offered["hide"])) else None
    if offered["answer"]:
        choice = OFFERS["hinted"] if offered["hinted"] else OFFERS["answer"]
        return "answer" if player.click(choice) else None
    if offered["name"]:
        return "name" if player.click(OFFERS["name"], rng.randrange(offered["name"])) else None
    if offered["stone"] and rng.random() < 0.5:
        return "stone" if player.click(OFFERS["stone"], rng.randrange(offered["stone"])) else None
    if offered["pass"]:
        return "pass" if player.click(OFFERS["pass"]) else None
    return None


Step = Callable[[Player, random.Random], str | None]


def play_out(
    players: Sequence[Player],
    step: Step,
    rng: random.Random,
    *,
    seconds: float,
    watch: Callable[[Player, str], None] | None = None,
) -> int:
    """Let every player take the moves its page offers until the game is over everywhere."""
    deadline = time.monotonic() + seconds
    moves = 0
    while time.monotonic() < deadline:
        if all(p.finished() for p in players):
            return moves
        acted = False
        for player in players:
            did = step(player, rng)
            if did:
                moves += 1
                acted = True
                if watch:
                    watch(player, did)
        if not acted:
            players[0].idle()
    raise AssertionError(f"the game did not end within {seconds} s ({moves} moves made)")


def make_moves(
    player: Player, rng: random.Random, kind: str, count: int, seconds: float = 30
) -> None:
    """Take this seat's cross-family moves (accepting every placement) until it has made
    ``count`` moves of ``kind``."""
    deadline = time.monotonic() + seconds
    made = 0
    while made < count:
        if time.monotonic() > deadline:
            raise AssertionError(f"{player.name} made {made} of {count} {kind} moves in time")
        did = cross_step(player, rng, challenge_rate=0)
        if did == kind:
            made += 1
        elif did is None:
            player.idle()
