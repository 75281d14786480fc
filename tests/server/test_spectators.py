"""Everyone at a table is told how many watch it (docs/protocol.md, state and seats)."""

from __future__ import annotations

from tests.server.live import LiveServer, Player, create_table, run


def test_players_are_told_how_many_spectators_watch(server: LiveServer) -> None:
    async def case() -> None:
        with server.http() as http:
            created = create_table(http, [{"name": "Ann"}, {"name": "Ben"}], claim=[0, 1])
        code = created["table"]["code"]
        ann = await Player(server.ws_url(code), "Ann").open()
        hello = await ann.hello(created["tokens"]["0"])
        assert hello["spectators"] == 0
        spies = [await Player(server.ws_url(code), f"Spy {i}").open() for i in range(2)]
        for spy in spies:
            await spy.hello(None)
        told = await ann.wait_frame(lambda f: f["type"] == "seats" and f["spectators"] == 2)
        assert told["version"] == 0
        assert spies[1].state is not None
        assert spies[1].state["spectators"] == 2
        await spies[0].close()
        await ann.wait_frame(lambda f: f["type"] == "seats" and f["spectators"] == 1)
        await ann.act(hello["legal"][0])
        after = await ann.wait_version(1)
        assert after["spectators"] == 1

    run(case)
