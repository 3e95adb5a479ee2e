"""Rounds and turns: the shared roll, drafting, must-draw, submitting, stopping, closing."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from engine.core import EndReason, IllegalAction, Resign
from engine.islant import GAME, draft_summary, sheet_view
from engine.islant.actions import Cross, Draw, Stop, Undo, Wild
from engine.islant.state import PLAYING, STOPPED, STUCK, SUBMITTED, Player

from .fixtures import blank, sheet
from .helpers import play, race


def _refused(state, seat, text: str, code: str) -> IllegalAction:
    before = json.dumps(GAME.serialize(state), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        GAME.apply_text(state, seat, text)
    assert err.value.code == code
    assert json.dumps(GAME.serialize(state), sort_keys=True) == before
    return err.value


def _first_roll(level: int, want) -> object:
    for seed in range(500):
        state = GAME.new(1, {"level": level}, seed)
        if want(state):
            return state
    raise AssertionError("no such seed")


@pytest.mark.parametrize("level", [1, 2, 3])
def test_doubles_are_rerolled_on_levels_1_to_3(level: int) -> None:
    state = _first_roll(level, lambda s: s.rerolled)
    assert all(len(set(r)) == 1 for r in state.rerolled)
    assert len(set(state.roll)) == 2
    roll = GAME.view(state, None).data["roll"]
    assert roll["rerolled"] == [list(r) for r in state.rerolled]


@pytest.mark.parametrize(("level", "dice"), [(4, 3), (5, 5)])
def test_levels_4_and_5_keep_doubles(level: int, dice: int) -> None:
    state = _first_roll(level, lambda s: len(set(s.roll)) < len(s.roll))
    assert len(state.roll) == dice and state.rerolled == ()


def test_a_whole_turn_on_level_1() -> None:
    state = race(1, (4, 2), players=2)
    state = play(state, 0, "ASSIGN column=4 land=2", "DRAW land A1 R1")
    assert draft_summary(state, 0)["open"] == []
    state = play(state, 0, "SUBMIT")
    assert state.players[0].status == SUBMITTED
    assert GAME.to_move(state) == frozenset({1})
    assert sheet_view(state, 0)["cells"]["A1"] == {"land": "ES"}
    state, events = GAME.apply_text(state, 1, "ASSIGN column=2 land=4")
    state, events = GAME.apply_text(state, 1, "DRAW land E2 R0")
    state, events = GAME.apply_text(state, 1, "SUBMIT")
    assert [e.kind for e in events] == ["submitted", "round_closed", "roll"]
    assert state.round == 2 and GAME.to_move(state) == frozenset({0, 1})


def test_assignment_must_use_the_roll_on_the_level_slots() -> None:
    state = race(2, (3, 5))
    _refused(state, 0, "ASSIGN land=3 waves=3", "dice_mismatch")
    _refused(state, 0, "ASSIGN column=3 land=5", "wrong_slots")
    _refused(state, 0, "DRAW land E4 R0", "not_assigned")
    state = play(state, 0, "ASSIGN land=5 waves=3")
    _refused(state, 0, "ASSIGN land=3 waves=5", "already_assigned")


def test_same_value_dice_may_go_to_either_slot() -> None:
    state = race(4, (2, 2, 5))
    play(state, 0, "ASSIGN land=2 waves=2 ships=5")
    play(state, 0, "ASSIGN land=5 waves=2 ships=2")


def test_a_six_is_wild_for_its_slot() -> None:
    state = play(race(2, (6, 1)), 0, "ASSIGN land=6 waves=1")
    _refused(state, 0, "DRAW land E4 R0", "wild_value_needed")
    _refused(state, 0, "WILD waves=2", "not_wild")
    state = play(state, 0, "WILD land=4", "DRAW land E4 R0")
    assert sheet_view(state, 0)["cells"]["E4"] == {"land": "NESW", "lake": True, "draft": True}
    _refused(state, 0, "WILD land=3", "slot_done")


def test_a_wild_grid_column_holds_one_value_for_both_land_tiles() -> None:
    state = play(race(5, (6, 2, 3, 1, 1)), 0, "ASSIGN column=6 red=2 blue=3 waves=1 ships=1")
    _refused(state, 0, "DRAW red E6 R0", "wild_value_needed")
    state = play(state, 0, "WILD column=1", "DRAW red E6 R0")
    _refused(state, 0, "WILD column=2", "wild_already_chosen")
    # Columns labelled 1 are E and G (and F is ANY): blue may not go to D6.
    _refused(state, 0, "DRAW blue D6 R0", "illegal_cell")
    play(state, 0, "DRAW blue G6 R0")


def test_blue_land_swaps_three_and_four() -> None:
    state = play(race(3, (3, 4)), 0, "ASSIGN red=4 blue=3", "DRAW red C4 R0", "DRAW blue E4 R0")
    cells = sheet_view(state, 0)["cells"]
    assert cells["C4"] == {"land": "NESW", "red": "NESW", "lake": True, "draft": True}
    assert cells["E4"] == {"land": "NESW", "blue": "NESW", "lake": True, "draft": True}


def test_purple_cell_from_both_colours_in_one_turn() -> None:
    state = play(race(3, (1, 2)), 0, "ASSIGN red=1 blue=2", "DRAW red C4 R0", "DRAW blue C4 R1")
    assert sheet_view(state, 0)["cells"]["C4"]["purple"] is True


def test_a_tile_with_a_legal_place_must_be_drawn() -> None:
    state = play(race(2, (4, 5)), 0, "ASSIGN land=4 waves=5")
    err = _refused(state, 0, "CROSS land", "must_draw")
    assert "must be drawn" in err.message
    _refused(state, 0, "SUBMIT", "turn_unfinished")


def corners_walled_in(**rows: str) -> str:
    """A level-2 sheet where every cell beside the corner 6 waves is land (a wave of 5 has
    nowhere to go); ``rows`` replaces more rows, by index (``r4="…"``)."""
    grid = blank(2).splitlines()
    grid[0] = grid[8] = "W6 LNESW . . . . . LNESW W6"
    grid[1] = grid[7] = "LNESW . . . . . . . LNESW"
    for name, row in rows.items():
        grid[int(name[1:])] = row
    return "\n".join(grid)


def test_a_tile_without_a_legal_place_is_crossed_out() -> None:
    state = race(2, (4, 5), sheet(2, corners_walled_in()))
    state = play(state, 0, "ASSIGN land=4 waves=5", "DRAW land D5 R0", "CROSS waves", "SUBMIT")
    assert state.round == 2


def test_order_matters_the_cross_is_checked_when_it_is_made() -> None:
    state = play(race(4, (1, 2, 3)), 0, "ASSIGN land=1 waves=2 ships=3")
    _refused(state, 0, "CROSS ships", "must_draw")


def test_undo_takes_back_the_last_step() -> None:
    state = race(1, (4, 2))
    drafted = play(state, 0, "ASSIGN column=4 land=2", "DRAW land A1 R0")
    undone = play(drafted, 0, "UNDO")
    assert undone.players[0].working.steps == drafted.players[0].working.steps[:1]
    assert play(undone, 0, "UNDO") == state
    _refused(state, 0, "UNDO", "nothing_to_undo")


def test_stop_ends_only_that_player() -> None:
    state = race(1, (4, 2), players=2)
    state = play(state, 0, "STOP")
    assert state.players[0].status == STOPPED and GAME.to_move(state) == frozenset({1})
    state = play(state, 1, "ASSIGN column=4 land=2", "DRAW land A1 R0", "SUBMIT")
    assert state.round == 2 and GAME.to_move(state) == frozenset({1})
    state = play(state, 1, "STOP")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (-2, -4) and outcome.winners == (0,)


def test_resign_is_stop_and_works_after_submitting() -> None:
    state = race(1, (4, 2), players=2)
    state = play(state, 0, "ASSIGN column=4 land=2", "DRAW land A1 R0", "SUBMIT")
    state, _ = GAME.apply(state, 0, Resign())
    assert state.players[0].status == STOPPED
    assert state.players[0].sheet.cells[0] is not None  # the submitted turn stays


def test_close_drops_the_draft_of_who_did_not_submit() -> None:
    state = race(1, (4, 2), players=2)
    state = play(state, 0, "ASSIGN column=4 land=2", "DRAW land A1 R0", "SUBMIT")
    state = play(state, 1, "ASSIGN column=4 land=2", "DRAW land A2 R0")
    _refused(state, 1, "CLOSE", "host_only")
    state = play(state, None, "CLOSE")
    assert state.round == 2
    assert state.players[1].sheet.cells[7] is None and state.players[1].status == PLAYING
    assert state.players[0].sheet.cells[0] is not None


def test_host_can_end_the_race() -> None:
    state = play(race(1, (4, 2), players=3), None, "END")
    assert GAME.outcome(state).reason == "the host ended the race"
    assert GAME.outcome(state).code == EndReason.HOST_ENDED


def test_max_rounds_ends_the_race() -> None:
    state = GAME.new(1, {"level": 1, "max_rounds": 1}, 3)
    state = play(state, None, "CLOSE")
    assert GAME.is_over(state)


def test_player_who_cannot_draw_anything_ends_at_the_roll() -> None:
    full = " ".join(["LNESW"] * 7)
    rows = [full] * 7
    rows[3] = "LNESW LNESW LNESW C LNESW LNESW LNESW"
    rows[0] = "LNESW LNESW . LNESW LNESW LNESW LNESW"  # only C1 is free (column labelled 1)
    stuck_sheet = sheet(1, "\n".join(rows))
    state = race(1, (4, 2), sheet(1, blank(1)), stuck_sheet)
    state = replace(state, rerolled=())
    state = play(state, 0, "ASSIGN column=4 land=2", "DRAW land A1 R0")
    # Seat 1 can still use C1 with a 1 or a 6 on the grid column; force rolls until stuck.
    from engine.islant.state import open_round

    for _ in range(50):
        nxt, events = open_round(replace(state, players=(state.players[0], Player(stuck_sheet))))
        if nxt.players[1].status == STUCK:
            assert "cannot_continue" in [e.kind for e in events]
            assert 1 not in nxt.roll and 6 not in nxt.roll
            return
        state = replace(state, rng=nxt.rng)
    raise AssertionError("never stuck")


def test_name_an_island_and_the_latest_name_shows() -> None:
    state = play(race(1, (4, 2)), 0, "NAME D4 Home", "NAME D4 Treasure Isle")
    (island,) = sheet_view(state, 0)["islands"]
    assert island["name"] == "Treasure Isle"
    _refused(state, 0, "NAME A1 Nowhere", "no_land")
    _refused(state, 0, "NAME Z9 Far", "off_sheet")


def test_views_are_json_and_a_draft_is_its_players_own() -> None:
    state = play(
        race(5, (1, 2, 3, 4, 5), players=2), 0, "ASSIGN column=1 red=2 blue=3 waves=4 ships=5"
    )
    data = GAME.view(state, 1).data
    assert json.loads(json.dumps(data)) == data
    assert data["column_labels"] == ["5", "4", "3", "2", "1", "ANY", "1", "2", "3", "4", "5"]
    assert data["players"][0]["draft"] is None and data["players"][0]["draft_score"] is None
    assert GAME.view(state, 0).data["players"][0]["draft"]["dice"]["ships"] == 5
    assert GAME.view(state, None).data["players"][0]["draft"] is None
    assert "rng" not in json.dumps(data)
    assert data["players"][0]["cells"]["A1"] == {"wave": 6}


def test_legal_actions_all_apply() -> None:
    state = race(5, (6, 2, 3, 4, 5))
    for action in GAME.legal_actions(state, 0):
        GAME.apply(state, 0, action)
    state = play(state, 0, GAME.format(GAME.legal_actions(state, 0)[0]))
    actions = GAME.legal_actions(state, 0)
    assert actions and all(GAME.apply(state, 0, a) for a in actions)


def _walled_corners(grid: list[str]) -> list[str]:
    """Level 2 rows whose corner 6 waves have land on every side (no wave fits beside them)."""
    grid[0] = "W6 LNESW . . . . . LNESW W6"
    grid[1] = "LNESW . . . . . . . LNESW"
    grid[7] = "LNESW . . . . . . . LNESW"
    grid[8] = "W6 LNESW . . . . . LNESW W6"
    return grid


def _wave_values(state) -> list[int]:
    return [a.value for a in GAME.legal_actions(state, 0) if isinstance(a, Wild)]


def test_a_6_offers_only_values_with_a_place_and_cannot_be_crossed_while_one_has() -> None:
    # Beside the corner 6 waves every cell is taken, so a wave of 5 has nowhere to go; the 2
    # wave in the open sea takes a 1 beside it: "a tile that fits somewhere must be drawn".
    grid = _walled_corners(blank(2).splitlines())
    grid[4] = ". . . . C . W2 . ."
    state = race(2, (4, 6), sheet(2, "\n".join(grid)))
    state = play(state, 0, "ASSIGN land=4 waves=6")
    assert _wave_values(state) == [1]
    _refused(state, 0, "CROSS waves", "must_draw")
    error = _refused(state, 0, "WILD waves=5", "no_place_for_value")
    assert "Choose 1" in str(error)
    chosen = play(state, 0, "WILD waves=1")
    _refused(chosen, 0, "CROSS waves", "must_draw")
    state = play(chosen, 0, "DRAW waves G4", "DRAW land D5 R0", "SUBMIT")
    assert state.round == 2


def test_a_6_with_no_value_that_has_a_place_is_crossed_out_without_a_value() -> None:
    grid = _walled_corners(blank(2).splitlines())
    state = race(2, (4, 6), sheet(2, "\n".join(grid)))
    state = play(state, 0, "ASSIGN land=4 waves=6")
    assert _wave_values(state) == [] and Cross("waves") in GAME.legal_actions(state, 0)
    _refused(state, 0, "WILD waves=3", "no_place_for_value")
    state = play(state, 0, "CROSS waves", "DRAW land D5 R0", "SUBMIT")
    assert state.round == 2


def test_a_6_whose_value_lost_its_place_may_take_another_and_the_panel_goes_on() -> None:
    # A wave of 2 fits only at F5 (beside the 3); a 1 also fits beside the 2 at B5. The land
    # tile drawn at F5 takes the 2's place: the 6 then stands for 1, it is not crossed out.
    grid = _walled_corners(blank(2).splitlines())
    grid[3] = ". . . . . . LNESW . ."
    grid[4] = ". W2 . . C . W3 LNESW ."
    grid[5] = ". . . . . . LNESW . ."
    state = race(2, (4, 6), sheet(2, "\n".join(grid)))
    state = play(state, 0, "ASSIGN land=4 waves=6", "WILD waves=2", "DRAW land F5 R0")
    assert [a for a in GAME.legal_actions(state, 0) if isinstance(a, Draw)] == []
    _refused(state, 0, "CROSS waves", "must_draw")
    assert _wave_values(state) == [1]
    menu = GAME.menu(state, 0, ())
    labels = [str(choice.label) for choice in menu.choices]
    assert any("6 as" in label for label in labels), labels
    state = play(state, 0, "WILD waves=1", "DRAW waves C5", "SUBMIT")
    assert state.round == 2
    assert sheet_view(state, 0)["cells"]["C5"] == {"wave": 1}


def test_every_panel_of_random_turns_offers_a_way_on() -> None:
    """However the dice fall and whatever is chosen, the turn can always be finished: some
    choice besides Undo and Stop is offered until it is submitted."""
    for seed in range(40):
        state = GAME.new(1, {"level": 2 + seed % 4}, seed)
        rnd = random.Random(seed)
        for _step in range(120):
            if GAME.is_over(state):
                break
            actions = GAME.legal_actions(state, 0)
            onward = [a for a in actions if not isinstance(a, Undo | Stop)]
            assert onward, (seed, state.players[0].working.steps)
            state, _ = GAME.apply(state, 0, rnd.choice(onward))


def test_easy_computers_finish_the_race_and_never_stop() -> None:
    state = GAME.new(4, {"level": 2, "max_rounds": 12}, 5)
    rnd = random.Random(5)
    while not GAME.is_over(state):
        seat = min(GAME.to_move(state))
        state, _ = GAME.apply(state, seat, GAME.choose_ai_action(state, seat, rnd, "easy"))
    assert state.round == 12 and all(p.status != STOPPED for p in state.players)
