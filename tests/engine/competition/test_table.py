"""The typed view: one reading of the competition view for the bot and the pictures."""

from __future__ import annotations

import random

from engine.competition import BLIND, GAME, SEAS, Table, card_by_id, parse_table


def _mid_game(seed: int = 5):
    rnd = random.Random(seed)
    state = GAME.new(3, None, seed)
    while state.round == 1 or state.phase != "place":
        seat = min(GAME.to_move(state))
        state, _ = GAME.apply(state, seat, GAME.choose_ai_action(state, seat, rnd, "normal"))
    return state


def test_a_seats_view_reads_as_a_typed_table() -> None:
    state = _mid_game()
    table = parse_table(GAME.view(state, 1).data)
    mine = state.seats[1]
    assert (table.phase, table.round) == ("place", 2)
    assert table.you is not None and table.you.seat == 1
    assert [card.id for card in table.you.hand] == list(mine.hand)
    assert [card.id for card in table.you.face_down] == list(mine.face_down)
    assert table.you.blinds == mine.blinds
    assert [entry for _, entry in table.you.placement].count(BLIND) == mine.draft.count(BLIND)
    assert [p.face_up for p in table.players] == [
        tuple(len(pile) for pile in seat.face_up) for seat in state.seats
    ]
    assert len(table.players[0].face_up) == len(SEAS)
    assert table.scores.totals == tuple(GAME.view(state, None).data["scores"]["totals"])


def test_a_spectator_table_has_no_own_cards() -> None:
    table = parse_table(GAME.view(_mid_game(), None).data)
    assert table.you is None
    assert card_by_id("usedom").name_en == "Usedom"


def test_a_view_reads_as_its_data_does() -> None:
    view = GAME.view(_mid_game(), 2)
    assert Table.of(view) == parse_table(view.data)
