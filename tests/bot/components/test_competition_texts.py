"""Island competition's public words: reveals, splits, steals, pings, scoreboard, final scoring."""

from __future__ import annotations

from dataclasses import replace

from bot.competition.presentation import call_line, needs_new_message
from bot.competition.scores import final_scoring_text, scoreboard_card
from bot.competition.texts import event_lines, reveal_line, split_line, steal_line
from bot.service import MoveResult
from bot.store import GameRecord, PlayerRecord
from engine.competition import GAME, parse_table
from engine.core import Event
from tests.engine.competition.competition_helpers import B, one_slot, placed_state

NAMES = ["ann", "ben", "cleo"]
USERS = [11, 22, None]


def _record(state) -> GameRecord:
    players = tuple(
        PlayerRecord(seat, USERS[seat], NAMES[seat], USERS[seat] is None) for seat in range(3)
    )
    return GameRecord(
        id=1,
        guild_id=1,
        channel_id=2,
        game="competition",
        status="finished" if GAME.is_over(state) else "active",
        host_id=11,
        options={},
        seed=0,
        state_text=None,
        version=7,
        board_message_id=None,
        result=None,
        players=players,
    )


def _table(state):
    return parse_table(GAME.view(state, None).data)


def test_a_reveal_shows_every_card_its_value_and_the_taker() -> None:
    line = reveal_line("area-high", [[0, "madagascar"], [1, "blind"], [2, "cuba"]], [0], [], NAMES)
    assert line == (
        "**Area ▲ highest**: ann Madagascar 587,295 km² · ben blind · cleo Cuba 109,884 km² "
        "→ **ann** takes 2 cards."
    )
    tie = reveal_line("peak-low", [[0, "sylt"], [1, "usedom"]], [0, 1], [], NAMES)
    assert tie.endswith("→ tie: **ann** and **ben** keep their own cards.")
    blinds = reveal_line("peak-low", [[0, "blind"], [1, "blind"]], [], [], NAMES)
    assert blinds.endswith("only blind cards: no trick.")


def test_cards_going_face_down_are_counted_not_named() -> None:
    split = split_line(0, ["cuba"], 2, NAMES)
    assert split == "**ann** puts Cuba (Caribbean Sea) face up and 2 cards face down."
    assert split_line(1, [], 1, NAMES) == "**ben** puts 1 card face down."
    hidden = steal_line(0, 2, "sylt", "down", NAMES)
    assert "Sylt" not in hidden and "North & Baltic Sea" in hidden and "face down" in hidden
    shown = steal_line(0, 2, "sylt", "sea", NAMES)
    assert shown == "**ann** takes Sylt from **cleo** onto their North & Baltic Sea pile."


def test_event_lines_skip_placements_and_stay_a_screenful() -> None:
    placement = Event("placement", "{p0} has filled 3 of 12 slots.", {"seat": 0, "placed": 3})
    confirm = Event("confirm", "{p1} has placed their cards.", {"seat": 1})
    assert event_lines([placement, confirm], NAMES) == ["**ben** has placed their cards."]
    many = event_lines([confirm] * 30, NAMES)
    assert len(many) == 14 and many[-1] == "… and 17 more."


def test_the_taker_alone_is_pinged_unless_they_opted_out() -> None:
    drafts = [one_slot("madagascar"), one_slot("cuba"), one_slot(B)]
    state, events = GAME.apply_text(placed_state(GAME, drafts), None, "REVEAL")
    record = _record(state)
    content, mentions = call_line(record, _table(state), quiet=())
    assert content.startswith("<@11>: your trick is waiting")
    assert [user.id for user in mentions.users] == [11]
    _, quiet = call_line(record, _table(state), quiet={11})
    assert quiet.users == []
    result = MoveResult(record, state, events)
    assert needs_new_message(result, _table(state), actor=None)
    assert not needs_new_message(result, _table(state), actor=0)


def test_the_final_scoring_explains_each_sea_ties_rounding_and_winners() -> None:
    pacific = ["galapagos", "tasmania", "new-guinea", "hawaii", "oahu", "tahiti", "bora-bora"]
    more = ["easter-island", "viti-levu", "north-island", "south-island", "honshu", "taiwan"]
    state = placed_state(
        GAME,
        [one_slot(B)] * 3,
        face_up=[pacific, [*more, "nauru"], ["sylt"]],
        face_down=[["usedom"], [], ["cuba", "jamaica"]],
    )
    state = replace(state, finished=True)
    text = final_scoring_text(_table(state), NAMES)
    assert (
        "**Pacific Ocean**: ann 7, ben 7 → ann and ben tie: 7 ÷ 2 = 3.5, rounded up → "
        "4 points each" in text
    )
    assert "**North & Baltic Sea**: cleo 1 → cleo scores 1 point" in text
    assert "**Face down** (1 point each): ann 1, ben 0, cleo 2" in text
    assert text.endswith("**Totals**: 🏆 ann 5 · ben 4 · cleo 3")
    board = scoreboard_card(_table(state), NAMES)
    assert board.title == "Final scores"
    assert board.fields[0][1] == "Face up: Pac 7 (shares the lead)\nFace down: 1 card"
    assert board.fields[2][0] == "cleo: 3 points"
