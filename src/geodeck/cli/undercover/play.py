"""``geodeck play undercover``: Undercover in Europa for several players at one keyboard.

Everyone sees the shared screen, drawn from the spectator's view. The undercover player
chooses the country and answers each question on a private screen, drawn from their own
view (which alone holds the hidden country and the data's answer for it): the keyboard is
passed ("pass the keyboard to Ann, then press Enter") and the secret typed on the
keyboard's private screen (``Keyboard.private``): on a terminal the alternate screen,
cleared before and after, which leaves nothing in the scrollback. With only one person at
the keyboard (the others are bots) there is nobody to pass it to, and that step is left
out. Country names, in the history and at the end, come from the game's country cards,
for the rounds played before a resume too.

The salt that keeps the commitment secret is made here with ``secrets`` for every hide,
bots' hides included; the engine's suggested salt is never used.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from geodeck.cli.bot_seats import BotSeat, bot_level, bot_said, seat_names
from geodeck.cli.host import Host, deal, fail, play_at_keyboard, resume_game
from geodeck.cli.options import PlayOptions
from geodeck.cli.screens import show_pages
from geodeck.cli.undercover.guide import ASK, HIDE, SCORE, legend, story, undercover_rules
from geodeck.cli.undercover.prompts import ask_answer, ask_hide, ask_name, ask_stone
from geodeck.cli.undercover.render import fitted_screen
from geodeck.cli.undercover.reveal import end_pages, reveal_pages, round_report
from geodeck.cli.undercover.words import country_name, flagged, seat_text
from geodeck.core.errors import GeodeckError
from geodeck.undercover.actions import Answer, Hide, Name, Pass, Stone, UndercoverAction
from geodeck.undercover.game import UndercoverGame
from geodeck.undercover.shapes import UndercoverView
from geodeck.undercover.variants import COMPUTERS, PLAYERS, REMOVE, VARIANTS

SALT_BYTES = 16


def new_salt() -> str:
    """A fresh secret for one commitment: 32 hex digits from ``secrets``."""
    return secrets.token_hex(SALT_BYTES)


@dataclass(eq=False)
class UndercoverTable(Host[UndercoverGame]):
    """The game loop: show the table, ask whoever is due (in private where needed), apply,
    save, reveal each round's country, until the end."""

    names: dict[str, str] = field(default_factory=dict, init=False)
    """The countries' flags and names by id, from the game's country cards."""
    news: list[Text] = field(default_factory=list, init=False)
    revealed: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.names = {cid: flagged(country.card()) for cid, country in self.game.countries.items()}

    # -- the commands at every question ---------------------------------------------------

    def rules(self, topic: str) -> RenderableType:
        return undercover_rules(self.public(), topic)

    def history(self) -> list[Text]:
        """The whole story so far, as everyone saw it (no hiding place before its reveal)."""
        questions = {qid: question.text for qid, question in self.game.questions.items()}
        return story(self.public(), self.names, questions)

    def legend(self) -> list[Text]:
        return legend(self.public())

    # -- the loop -------------------------------------------------------------------------

    def run(self) -> None:
        while True:
            before = self.public()
            kind = before["next"]["expects"]
            if kind is None:
                self._the_end(before)
                return
            seat = before["next"]["seats"][0]
            if kind == "hide":
                self._hide(before, seat)
            elif kind == "name":
                self._name(before, seat)
            elif kind == "answer":
                self._answer(before, seat)
            else:
                self._stone(before, seat)
            after = self.public()
            if len(after["results"]) > len(before["results"]):
                self._reveal(before, after)

    def public(self) -> UndercoverView:
        """The spectator's view, which is all a shared screen may show."""
        return self.game.view(None)

    def _shared(self, view: UndercoverView, *lines: Text, spare: int = 2) -> None:
        """Clear the screen and show the table everyone may see, the news, ``lines``."""
        self.kb.clear()
        below = [self._footer(), *self.news, *lines]
        self.kb.show(fitted_screen(self.kb.console, view, spare=spare, below=below), *below)
        self.news = []

    def _bot_moved(self, player: BotSeat, said: Text) -> None:
        self._shared(self.public(), bot_said(player.name, said))
        self.pacer.pause()

    @contextlib.contextmanager
    def _private(self, seat: int, topic: str) -> Iterator[None]:
        """A private screen for ``seat`` (``Keyboard.private``): the keyboard is passed
        first when more than one person plays."""
        name = self.game.seats[seat]
        if self.people > 1:
            self.kb.pause(f"Pass the keyboard to {name}, then press Enter.", topic)
        with self.kb.private(name):
            yield

    # -- the moves ------------------------------------------------------------------------

    def _hide(self, view: UndercoverView, seat: int) -> None:
        """The undercover player chooses a laid-out country in secret (B2.2)."""
        name = seat_text(view, seat)
        player = self.bots.get(seat)
        salt = new_salt()
        if player is not None:
            legal = [
                Hide(a.seat, a.country, salt)
                for a in self.game.legal_actions(seat)
                if isinstance(a, Hide)
            ]
            self._apply(player.choose(self.game, legal))
            self._bot_moved(player, _hidden_news(self.public(), who=False))
            return
        self._shared(
            view,
            Text.assemble(
                (f"Round {view['round']}: ", "bold magenta"),
                name,
                " goes undercover and chooses one of the countries in secret.",
            ),
        )
        with self._private(seat, HIDE):
            own = self.game.view(seat)
            self.kb.show(fitted_screen(self.kb.console, own, spare=4))
            country = ask_hide(self.kb, own)
            self._apply(Hide(seat, country, salt))
        self.news.append(_hidden_news(self.public()))

    def _name(self, view: UndercoverView, seat: int) -> None:
        """The reader names the seeker who stands for X (B1)."""
        player = self.bots.get(seat)
        legal = self.game.legal_actions(seat)
        if player is not None:
            action = player.choose(self.game)
            self._apply(action)
            assert isinstance(action, Name)
            named = Text("themself") if action.seeker == seat else seat_text(view, action.seeker)
            self._bot_moved(player, Text.assemble("names ", named, " for X."))
            return
        self._shared(view, spare=6)
        self._apply(ask_name(self.kb, view, legal))

    def _answer(self, view: UndercoverView, seat: int) -> None:
        """The undercover player answers, in private: the data's answer for the hidden
        country is shown to them alone (B2.3)."""
        player = self.bots.get(seat)
        if player is not None:
            action = player.choose(self.game)
            self._apply(action)
            assert isinstance(action, Answer)
            self._bot_moved(player, Text(f"answers: {action.answer.replace('_', ' ')}."))
            return
        question = view["question"]
        assert question is not None, "an answer is asked only while a question is out"
        self._shared(
            view,
            Text.assemble(
                seat_text(view, question["reader"]),
                " reads: ",
                (question["reads"], "bold"),
                "  ",
                seat_text(view, seat),
                " answers in private.",
            ),
        )
        with self._private(seat, ASK):
            own = self.game.view(seat)
            self.kb.show(fitted_screen(self.kb.console, own, spare=6))
            self._apply(Answer(seat, ask_answer(self.kb, own)))

    def _stone(self, view: UndercoverView, seat: int) -> None:
        """A seeker places one stone or passes (B2.4); with no stone left, passes."""
        player = self.bots.get(seat)
        legal = self.game.legal_actions(seat)
        if player is not None:
            action = player.choose(self.game)
            self._apply(action)
            self._bot_moved(player, _stone_news(view, action))
            return
        if all(isinstance(a, Pass) for a in legal):
            self._apply(Pass(seat))
            self.news.append(Text.assemble(seat_text(view, seat), " has no stone left and passes."))
            return
        self._shared(view, spare=3)
        self._apply(ask_stone(self.kb, view, legal))

    # -- reveals --------------------------------------------------------------------------

    def _reveal(self, before: UndercoverView, after: UndercoverView) -> None:
        """The country and salt are revealed, the commitment checked, the round scored."""
        report = round_report(before, after)
        if report is None or after["outcome"] is not None:
            return  # the last round's end is shown with the final scores
        self.revealed = report.number
        self.kb.clear()
        shown = reveal_pages(self.kb.console, after, report, above=self.news)
        show_pages(self.kb, shown, None if self.people else self.pacer.pause)
        self.news = []
        self._play_on(SCORE)

    def _the_end(self, view: UndercoverView) -> None:
        report = round_report(view, view) if self.revealed < view["round"] else None
        self.kb.clear()
        shown = end_pages(self.kb.console, view, report, self.names, above=self.news)
        show_pages(self.kb, shown, None if self.people else self.pacer.pause)
        self.news = []


def _hidden_news(view: UndercoverView, *, who: bool = True) -> Text:
    """The news that the country is hidden, with the commitment everyone should note."""
    news = Text.assemble(
        "has hidden in secret. Everyone, note the commitment ",
        (str(view["commitment"])[:12] + "…", "bold yellow"),
        " above: at the end of the round it shows the country was not changed.",
    )
    return Text.assemble(seat_text(view, view["undercover"]), " ", news) if who else news


def _stone_news(view: UndercoverView, action: UndercoverAction) -> Text:
    if isinstance(action, Stone):
        place = country_name(view["layout"], action.country)
        return Text.assemble(f"puts a {action.size} stone on ", (place, "bold"), ".")
    return Text("passes.")


# -- setting up -----------------------------------------------------------------------------


def _new(
    *,
    seats: str | None,
    bots: str | None,
    variant: str | None,
    remove_questions: int | None,
    seed: int | None,
) -> tuple[UndercoverGame, int]:
    try:
        names = seat_names(seats, bots, PLAYERS, "undercover")
    except GeodeckError as err:
        fail(str(err))
    if variant is not None and variant not in VARIANTS:
        fail(f"undercover has no variant {variant!r} (it has: {', '.join(VARIANTS)})")
    if remove_questions is not None:
        if variant not in (None, "hard"):
            fail("--remove-questions belongs to the hard variant (--variant hard)")
        variant = "hard"
    if variant == "hard" and remove_questions is None:
        fail("the hard variant removes questions about the country: add --remove-questions N")
    options: dict[str, Any] = {} if remove_questions is None else {REMOVE: remove_questions}
    computers = [seat for seat, name in enumerate(names) if bot_level(name) is not None]
    if computers:
        options[COMPUTERS] = computers
    return deal(UndercoverGame, "undercover", names, variant=variant, seed=seed, options=options)


def play_undercover(options: PlayOptions) -> None:
    """``geodeck play undercover`` (see ``geodeck.cli.play.play`` for the options)."""
    for flag, value in (("--deck", options.deck), ("--max-difficulty", options.max_difficulty)):
        if value is not None:
            fail(f"{flag} belongs to the cross family; undercover plays its shipped countries")
    if options.remove_questions is not None and options.remove_questions < 1:
        fail(f"--remove-questions must be 1 or more, got {options.remove_questions}")
    if options.resume is not None:
        game, note = resume_game(options, UndercoverGame)
    else:
        game, dealt_seed = _new(
            seats=options.seats,
            bots=options.bots,
            variant=options.variant,
            remove_questions=options.remove_questions,
            seed=options.seed,
        )
        note = f"seed {dealt_seed}"
    play_at_keyboard(game, UndercoverTable, note=note, options=options)
