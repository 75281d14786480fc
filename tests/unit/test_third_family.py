"""ARCHITECTURE.md, families as plug-ins: a third family is its own package (here
``tests.unit.toy``) and one registration with the catalogue. The layers above the engine
then play it, summarise it and count it without a change."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from rich.console import Console

from geodeck.core import family as families
from geodeck.core.game import Game


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy family registered for one test, and forgotten after it."""
    monkeypatch.setattr(families, "_FAMILIES", dict(families._FAMILIES))
    monkeypatch.setattr(families, "_GAMES", dict(families._GAMES))
    monkeypatch.setattr(Game, "_families", dict(Game._families))
    from geodeck.catalogue import register
    from tests.unit.toy.family import FAMILY

    register(FAMILY)
    monkeypatch.setitem(Game._families, "nim", FAMILY.game)
    yield
    for name in [m for m in sys.modules if m.startswith("tests.unit.toy")]:
        monkeypatch.delitem(sys.modules, name)


@pytest.mark.usefixtures("toy")
def test_the_catalogue_lists_the_third_family() -> None:
    from geodeck.catalogue import catalogue

    assert [g.id for g in catalogue()][-1] == "nim"


@pytest.mark.usefixtures("toy")
def test_bots_play_it_and_a_simulation_counts_it() -> None:
    from geodeck.simulate.runner import Spec, play
    from geodeck.simulate.stats import summarise

    spec = Spec("nim", None, ("expert", "random"), seed=3)
    results = [play(spec, i) for i in range(4)]
    assert all(sum(r.scores) == 1 for r in results)
    summary = summarise(spec, results)
    assert summary["stones"] == 7
    assert summary["games"] == 4


@pytest.mark.usefixtures("toy")
def test_the_cli_summarises_verifies_and_counts_it() -> None:
    import geodeck
    from geodeck.bots import make_bot
    from geodeck.cli.autosave import progress
    from geodeck.cli.summary import render_summary, summary_of
    from geodeck.stats import game_stats

    game = geodeck.new_game("nim", ["Ann", "Ben"])
    bot = make_bot("expert", game="nim")
    seat = game.expects().seats[0]
    game.apply(bot.choose(game.view(seat), game.legal_actions(seat)))
    assert progress(game) == "5 stones left"
    assert summary_of(game)["pile"] == 5
    out = Console(record=True, width=80)
    out.print(render_summary(game))
    assert "pile: 5" in out.export_text()
    assert game_stats(game)["pile"] == 5


@pytest.mark.usefixtures("toy")
def test_the_server_reads_its_facts() -> None:
    from geodeck.core.family import places_cards
    from geodeck.ratings import family
    from geodeck.server.timing import is_moment
    from tests.unit.toy.game import Taken

    assert family("nim") == "toy"
    assert not places_cards("nim")
    assert is_moment([Taken(0, 1)])
