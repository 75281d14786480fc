"""``GET /api/games``: what the lobby offers is exactly what the server will set up."""

from __future__ import annotations

from typing import Any

from tests.server.live import LiveServer


def seats(count: int, level: str = "random") -> list[dict[str, Any]]:
    return [{"name": "Ann"}] + [{"bot": level} for _ in range(count - 1)]


def test_every_game_variant_seat_count_and_level_offered_can_be_set_up(
    server: LiveServer,
) -> None:
    with server.http() as http:
        offered = http.get("/api/games").json()
        games = offered["games"]
        assert [g["id"] for g in games] == ["uppsala", "buxtehude", "italia", "world", "undercover"]
        assert offered["levels"][0] == "random"
        for game in games:
            low, high = game["seats"]
            assert game["variants"], game
            for variant in game["variants"]:
                for count in (low, high):
                    body = {"game": game["id"], "variant": variant, "seats": seats(count)}
                    if variant == "hard":  # it says how many questions to take out (B4)
                        body["options"] = {"remove_country_questions": 20}
                    made = http.post("/api/tables", json=body)
                    assert made.status_code == 201, (game["id"], variant, count, made.text)
                    assert made.json()["table"]["variant"] == variant
            for count in (low - 1, high + 1):
                body = {"game": game["id"], "seats": seats(count)}
                refused = http.post("/api/tables", json=body)
                assert refused.status_code == 400, (game["id"], count)
            # Without a variant the server deals the first one offered.
            made = http.post("/api/tables", json={"game": game["id"], "seats": seats(low)})
            assert made.json()["table"]["variant"] == game["variants"][0]
        for level in offered["levels"]:
            body = {"game": "uppsala", "seats": seats(2, level)}
            assert http.post("/api/tables", json=body).status_code == 201, level
