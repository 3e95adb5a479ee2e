"""The view: its JSON schema, and that it shows only public information."""

from __future__ import annotations

import json

from engine.wars import GAME
from engine.wars.actions import Pass
from engine.wars.scoring import REASON_ROUNDS

HEX_KEYS = {"q", "r", "kind", "owner", "neutral", "piece", "secured_by"}
TOP_KEYS = {
    "board",
    "board_name",
    "radius",
    "hexes",
    "colours",
    "round",
    "rounds",
    "active",
    "resigned",
    "pieces_left",
    "scores",
    "last_action",
    "outcome",
}


def test_view_schema() -> None:
    state = GAME.new(2)
    state, _ = GAME.apply_text(state, 0, "PLACE PORT 0 -2")
    state, _ = GAME.apply_text(state, 1, "PLACE BARRACKS 2 -1")
    data = GAME.view(state, None).data
    assert json.loads(json.dumps(data)) == data
    assert set(data) == TOP_KEYS
    assert (data["board"], data["radius"], data["round"], data["rounds"]) == ("six", 5, 2, 12)
    assert data["active"] == 0 and data["outcome"] is None
    assert len(data["hexes"]) == 91 and all(set(c) == HEX_KEYS for c in data["hexes"])
    cells = {(c["q"], c["r"]): c for c in data["hexes"]}
    assert cells[(0, -2)] == {
        "q": 0,
        "r": -2,
        "kind": "land",
        "owner": 0,
        "neutral": False,
        "piece": {"seat": 0, "kind": "port"},
        "secured_by": [],
    }
    assert cells[(0, -1)]["kind"] == "water" and cells[(0, -1)]["secured_by"] == [0]
    assert cells[(-1, -1)]["neutral"] and cells[(-1, -1)]["owner"] is None
    assert cells[(0, 0)]["owner"] is None and not cells[(0, 0)]["neutral"]
    assert data["last_action"] == {
        "seat": 1,
        "text": "PLACE BARRACKS 2 -1",
        "words": {"template": "places a barracks at {hex}", "params": {"hex": "(2, -1)"}},
        "hexes": [[2, -1]],
        "flipped": [[2, 0]],  # Pale Green's wedge: neutral land with two players
    }
    assert data["pieces_left"][0] == {"barracks": 3, "tower": 2, "port": 1}
    assert data["scores"][0]["water"] == 1


def test_views_are_the_same_for_every_seat() -> None:
    state = GAME.new(3)
    assert GAME.view(state, 0).data == GAME.view(state, None).data == GAME.view(state, 2).data
    assert GAME.view(state, 1).seat == 1


def test_finished_view_has_the_outcome() -> None:
    state = GAME.new(2)
    for _ in range(24):
        (seat,) = GAME.to_move(state)
        state, _ = GAME.apply(state, seat, Pass())
    data = GAME.view(state, None).data
    assert data["active"] is None
    assert data["outcome"] == {
        "scores": [9, 9],
        "winners": [0, 1],
        "reason": REASON_ROUNDS,
        "code": "rounds_over",
    }
    assert data["last_action"]["text"] == "PASS"
