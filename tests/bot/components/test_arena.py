"""The arena: seeded games between levels, its table, its JSON and its interval."""

from __future__ import annotations

import json

from bot.arena import arena, wilson
from bot.cli import main
from engine.core import Budget, Level


def _without_times(report) -> dict:
    data = report.to_json()
    for result in data["levels"].values():
        result.pop("mean_decision_ms")
        result.pop("longest_decision_wall_ms")
    return data


def test_the_same_seed_gives_the_same_results_in_one_or_two_processes() -> None:
    levels = (Level.EASY, Level.RANDOM)
    one = arena("tigerisland", levels, games=4, seed=7, budget=Budget(5))
    again = arena("tigerisland", levels, games=4, seed=7, budget=Budget(5), jobs=2)
    other = arena("tigerisland", levels, games=4, seed=8, budget=Budget(5))
    assert _without_times(one) == _without_times(again)
    assert _without_times(one) != _without_times(other)
    assert all(result.games == 4 for result in one.levels.values())


def test_the_command_prints_a_table_and_writes_json(tmp_path, capsys) -> None:
    out = tmp_path / "arena.json"
    args = ["arena", "wars", "--levels", "normal,random", "--games", "2", "--json", str(out)]
    assert main([*args, "--seed", "3", "--think-ms", "10"]) == 0
    table = capsys.readouterr().out
    assert "normal" in table and "random" in table and "95 % interval" in table
    data = json.loads(out.read_text())
    assert data["game"] == "wars" and data["games"] == 2 and data["played"] == 2
    assert set(data["levels"]) == {"normal", "random"}
    for result in data["levels"].values():
        assert set(result) == {
            "games",
            "wins",
            "win_rate",
            "win_interval",
            "mean_score",
            "mean_decision_ms",
            "longest_decision_wall_ms",
        }
        lo, hi = result["win_interval"]
        assert 0 <= lo <= result["win_rate"] <= hi <= 1


def test_a_long_run_shows_its_results_after_every_game() -> None:
    seen: list[tuple[int, int]] = []

    def record(report) -> None:
        seen.append((report.played, sum(r.games for r in report.levels.values())))
        assert json.loads(json.dumps(report.to_json()))["played"] == report.played

    levels = (Level.EASY, Level.RANDOM)
    report = arena("tigerisland", levels, games=3, seed=7, budget=Budget(5), on_game=record)
    assert seen == [(1, 2), (2, 4), (3, 6)]
    assert report.to_json()["played"] == 3 and "played" not in report.text()


def test_islant_alone_on_a_sheet_reports_the_mean_score_per_level(capsys) -> None:
    args = ["arena", "islant", "--levels", "normal,easy", "--players", "1", "--games", "2"]
    assert main([*args, "--option", "level=1", "--option", "max_rounds=2"]) == 0
    table = capsys.readouterr().out
    assert "level=1" in table and "easy" in table


def test_wilson_interval() -> None:
    lo, hi = wilson(140, 200)
    assert 0.63 < lo < 0.64 and 0.75 < hi < 0.76
    assert wilson(0, 0) == (0.0, 1.0)
