"""``islandbot tournament simulate``: a whole tournament of computers, its JSON and picture."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

from PIL import Image

from bot.cli import main


def simulate(tmp_path: Path, *args: str) -> dict:
    out = tmp_path / "out"
    target = tmp_path / "t.json"
    code = main(
        [
            "tournament",
            "simulate",
            *args,
            "--out",
            str(out),
            "--json",
            str(target),
            "--computer",
            "random",
        ]
    )
    assert code == 0
    with Image.open(out / "standings.png") as picture:
        assert picture.width == 640 and picture.height > 200
    return json.loads(target.read_text())


def test_a_swiss_writes_the_issues_json_shape(tmp_path: Path) -> None:
    data = simulate(tmp_path, "tigerisland", "--format", "swiss", "--players", "7", "--seed", "3")
    assert set(data) == {"format", "game", "players", "rounds", "standings"}
    assert data["format"] == "swiss" and data["game"] == "tigerisland"
    assert data["players"] == list(range(1, 8))
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3]
    for rnd in data["rounds"]:
        assert set(rnd) == {"round", "tables", "byes"} and len(rnd["byes"]) == 1
        for table in rnd["tables"]:
            assert set(table) == {"seats", "winners", "scores"}
            assert len(table["scores"]) == 2 and set(table["winners"]) <= set(table["seats"])
    byes = [b for r in data["rounds"] for b in r["byes"]]
    assert len(set(byes)) == len(byes)
    line = data["standings"][0]
    assert set(line) == {"player", "points", "tiebreaks"}
    assert set(line["tiebreaks"]) == {"buchholz", "sonneborn_berger"}
    assert sorted(s["player"] for s in data["standings"]) == data["players"]
    assert sum(s["points"] for s in data["standings"]) == 3 * 3 + 3  # 3 games and a bye a round


def test_the_same_seed_plays_the_same_tournament(tmp_path: Path) -> None:
    first = simulate(
        tmp_path / "a", "wars", "--format", "round-robin", "--players", "4", "--seed", "9"
    )
    again = simulate(
        tmp_path / "b", "wars", "--format", "round-robin", "--players", "4", "--seed", "9"
    )
    assert first == again
    assert len(first["rounds"]) == 3


def test_in_a_knockout_the_first_winner_of_each_table_goes_on(tmp_path: Path) -> None:
    data = simulate(
        tmp_path,
        "wars",
        "--format",
        "knockout",
        "--players",
        "10",
        "--table-size",
        "3",
        "--seed",
        "2",
    )
    rounds = data["rounds"]
    for before, after in pairwise(rounds):
        going_on = set(before["byes"]) | {t["winners"][0] for t in before["tables"]}
        assert {p for t in after["tables"] for p in t["seats"]} == going_on
    assert all(not r["byes"] for r in rounds[1:])
    assert len(rounds[-1]["tables"]) == 1
    champion = rounds[-1]["tables"][0]["winners"][0]
    assert data["standings"][0]["player"] == champion
    assert "reached" in data["standings"][0]["tiebreaks"]


def test_swiss_tables_use_the_table_size(tmp_path: Path) -> None:
    data = simulate(
        tmp_path,
        "competition",
        "--format",
        "swiss",
        "--players",
        "9",
        "--table-size",
        "4",
        "--rounds",
        "2",
        "--seed",
        "5",
    )
    assert [len(t["seats"]) for t in data["rounds"][0]["tables"]] == [3, 3, 3]
    assert set(data["standings"][0]["tiebreaks"]) == {"placings", "opponents"}


def test_a_table_the_game_cannot_seat_is_refused(tmp_path: Path, capsys) -> None:
    code = main(
        [
            "tournament",
            "simulate",
            "tigerisland",
            "--players",
            "6",
            "--table-size",
            "3",
            "--out",
            str(tmp_path),
            "--json",
            str(tmp_path / "t.json"),
        ]
    )
    assert code == 2
    assert "tables of 3" in capsys.readouterr().err
    assert not (tmp_path / "t.json").exists()
