"""Island tic-tac-toe, a game defined only under tests/, through the real bot: hosted in a
channel, played to the end by panel taps and by ``/game move``, its board drawn, replayed,
finished into records, in English and German, with no line of bot code of its own."""

from __future__ import annotations

import random

import pytest
from PIL import Image

import locales
from bot.cli import main
from bot.computers import decide
from bot.quickstart import QuickStartButton, quick_start, rules_text
from bot.web.record_routes import game_names
from bot.workers import WorkerPool
from engine import find_game
from engine.core import BAD_NOTATION, Budget, GameInfo, IllegalAction, Level, registry
from engine.core.errors import NOT_YOUR_TURN
from locales import speaking, translate
from render import render_view
from tests.bot.faces import face, last_card, visible_text
from tests.bot.flow_helpers import computer_actions, expect_refusal, latest_game, open_lobby
from tests.bot.flows.test_panel import play_by_taps
from tests.bot.flows.test_replays_flow import gif_of
from tests.bot.forge import errors_logged, forge_click, only_user_errors
from tests.render.test_german_words import drawn_words

from . import GAME
from .game import (
    BOARD_FULL,
    ISLET_TAKEN,
    NO_SUCH_ISLET,
    THREE_IN_A_ROW,
    Claim,
    TicTacToeGame,
)

WIN = ("A1", "A2", "B1", "B2", "C1")  # Alice takes the top row
DRAW = ("A1", "B2", "C3", "B1", "B3", "A3", "C1", "C2", "A2")  # nobody ever holds a line


async def start(world) -> None:
    lobby = await open_lobby(world, world.alice, GAME.info.name)
    await world.bob.click(lobby, label="Join")
    started = await world.alice.click(lobby, label="Start")
    assert started.acknowledged


async def play_moves(world, cells) -> None:
    """Whoever is to move claims the next islet of ``cells`` by ``/game move``."""
    for cell in cells:
        record = await latest_game(world)
        seat = min(GAME.to_move(world.env.bot.service.state_of(record)))
        member = world.alice if record.players[seat].user_id == world.alice.id else world.bob
        moved = await member.slash(world.channel, "game move", move=f"CLAIM {cell}")
        assert not moved.ephemeral, moved.response.content


def test_the_game_is_registered_from_the_tests_only() -> None:
    assert find_game("Island tic-tac-toe") is GAME and find_game("TTT") is GAME
    assert type(GAME).__module__ == "tests.plugin_game.game"
    assert {THREE_IN_A_ROW, BOARD_FULL} <= GAME.info.all_end_reasons
    assert (
        len(quick_start("tictactoe").splitlines())
        == len(quick_start("tictactoe", "de").splitlines())
        == 3
    )
    assert "Archipel" in rules_text("tictactoe", "de") and "archipelago" in rules_text("tictactoe")
    assert translate("de", "Islet {cell}", cell="B2") == "Insel B2"


@pytest.mark.parametrize(
    ("cells", "words"),
    [
        ("", {"Insel-Tic-Tac-Toe", "Am Zug: Anna", "A1", "C3", "Ben"}),
        (" ".join(WIN), {"Sieger: Anna"}),
        (" ".join(DRAW), {"Unentschieden: alle Inseln sind vergeben"}),
    ],
)
def test_the_board_is_drawn_in_german(monkeypatch, cells, words) -> None:
    with drawn_words(monkeypatch) as drawn, speaking("de"):
        png = render_view(GAME.view(position(cells), None), ["Anna", "Ben"])
    assert png.startswith(b"\x89PNG")
    assert words <= {text for text, _, _ in drawn}


def test_a_games_catalog_adds_words_but_changes_no_shared_translation(
    monkeypatch, tmp_path
) -> None:
    own = tmp_path / "de.po"
    own.write_text(
        'msgid "Area"\nmsgstr "Bereich"\n\nmsgid "Islet {cell}"\nmsgstr "Eiland {cell}"\n'
    )
    monkeypatch.setattr(locales, "game_catalog", lambda game, lang: own if game is GAME else None)
    locales._merged_catalog.cache_clear()
    try:
        assert translate("de", "Area") == "Fläche"  # the competition's word stays
        assert translate("de", "Islet {cell}", cell="A1") == "Eiland A1"
    finally:
        monkeypatch.undo()
        locales._merged_catalog.cache_clear()
    assert translate("de", "Islet {cell}", cell="A1") == "Insel A1"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_console_simulates_it_frame_by_frame(tmp_path, capsys, seed) -> None:
    out = tmp_path / "frames"
    assert main(["simulate", "tictactoe", "--seed", str(seed), "--out", str(out)]) == 0
    frames = sorted(out.glob("*.png"))
    assert 6 <= len(frames) <= 10  # the start, then 5 to 9 claims
    assert f"{len(frames)} frames" in capsys.readouterr().out
    with Image.open(frames[-1]) as last:
        assert last.width == 400


def test_refusals_carry_stable_codes_and_quote_what_was_typed() -> None:
    state = position("B2")
    for action, code in ((Claim("B2"), ISLET_TAKEN), (Claim("D4"), NO_SUCH_ISLET)):
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, 1, action)
        assert refused.value.code == code
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Claim("A1"))
    assert refused.value.code == NOT_YOUR_TURN
    assert state == position("B2")  # nothing refused changed it
    typed = "CLAIM " + "X" * 200
    with pytest.raises(IllegalAction) as refused:
        GAME.parse(typed)
    assert refused.value.code == BAD_NOTATION and "XXXX…" in refused.value.message
    assert len(refused.value.message) < 120
    for text in ("claim b2", "  B2 ", "CLAIM B2"):
        assert GAME.format(GAME.parse(text)) == "CLAIM B2"


def position(cells: str):
    """The state after the islets ``cells`` were claimed in turn (``"A1 B2"``)."""
    state = GAME.new(2)
    for seat, cell in enumerate(cells.split()):
        state, _ = GAME.apply(state, seat % 2, Claim(cell))
    return state


@pytest.mark.parametrize(
    ("cells", "best"),
    [
        ("A1 A2 B1 B2", "C1"),  # the first player completes the top row
        ("A1 B2 B1", "C1"),  # the second player blocks it
        ("A1 B1 A2 B2", "A3"),  # winning comes before blocking B3
        ("A1", "B2"),  # nothing to win or block: the centre
    ],
)
def test_the_normal_computer_wins_when_it_can_and_blocks_when_it_must(cells, best) -> None:
    state = position(cells)
    seat = min(GAME.to_move(state))
    for seed in range(5):
        chosen = GAME.choose_ai_action(state, seat, random.Random(seed), Level.NORMAL)
        assert chosen == Claim(best)
    for level in Level:  # every level picks a legal islet, the same one for the same seed
        picks = {GAME.choose_ai_action(state, seat, random.Random(3), level) for _ in range(2)}
        assert len(picks) == 1 and picks <= set(GAME.legal_actions(state, seat))


async def test_its_rules_and_quick_start_are_shown_and_shared(world) -> None:
    rules = await world.alice.slash(world.channel, "game rules", game=GAME.info.name)
    assert rules.ephemeral and rules_text("tictactoe") in face(rules.response).description
    shared = await world.alice.click(rules.response.message, label="Post the quick start here")
    assert not shared.ephemeral
    assert quick_start("tictactoe") in face(shared.response.message).description


class LateGame(TicTacToeGame):
    """The same game under another name, registered only after the bot was imported."""

    info = GameInfo(**{**{f: getattr(GAME.info, f) for f in GameInfo.__slots__}, "name": "late"})


async def test_a_game_registered_after_the_bot_was_imported_is_known_to_it(
    world, monkeypatch, caplog
) -> None:
    monkeypatch.setitem(registry._GAMES, "late", LateGame())
    monkeypatch.setitem(registry._ALIASES, "late", "late")
    assert QuickStartButton("late").item.custom_id == "quick:late"
    assert quick_start("late", "de") == quick_start("tictactoe", "de")
    assert "late" in game_names()
    lobby = await open_lobby(world, world.alice, GAME.info.name)
    nothing = await forge_click(world.env, world.bob, world.channel, lobby, "quick:nosuchgame")
    assert nothing.acknowledged and nothing.ephemeral
    assert errors_logged(caplog) == []
    only_user_errors(world)


async def test_a_whole_game_is_played_with_panel_taps_only(world) -> None:
    await start(world)
    board = last_card(world.channel)
    assert board.attachments and board.attachments[0].filename.endswith(".png")
    played = await play_by_taps(world, random.Random(5), 9)
    record = await latest_game(world)
    assert record.status == "finished" and 5 <= played <= 9
    assert record.result["code"] in {THREE_IN_A_ROW, BOARD_FULL}
    assert "Game over" in visible_text(last_card(world.channel))


async def test_moves_typed_with_game_move_win_three_in_a_row(world) -> None:
    await start(world)
    await play_moves(world, WIN[:2])
    taken = await world.alice.slash(world.channel, "game move", move="CLAIM A2")
    expect_refusal(world, taken, "already claimed")
    unread = await world.alice.slash(world.channel, "game move", move="CLAIM Z9")
    expect_refusal(world, unread, "not a move")
    offered = await world.alice.autocomplete(world.channel, "game move", "move", "")
    assert offered and all(c["value"].startswith("CLAIM ") for c in offered)
    await play_moves(world, WIN[2:])
    record = await latest_game(world)
    assert record.status == "finished" and record.result["code"] == THREE_IN_A_ROW
    assert record.result["winners"] == [record.players[0].seat]
    shown = visible_text(last_card(world.channel))
    assert "Game over" in shown and "three islets in a row" in shown


async def test_its_option_lets_the_second_player_claim_first(world) -> None:
    lobby = await open_lobby(world, world.alice, GAME.info.name, options="first=guest")
    assert "Who claims first: the second player" in visible_text(lobby)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    early = await world.alice.slash(world.channel, "game move", move="B2")
    expect_refusal(world, early, "not your turn")
    moved = await world.bob.slash(world.channel, "game move", move="B2")
    assert not moved.ephemeral
    assert (await latest_game(world)).options == {"first": "guest"}


async def test_a_drawn_game_is_replayed_and_recorded(world) -> None:
    await start(world)
    await play_moves(world, DRAW)
    record = await latest_game(world)
    assert record.status == "finished" and record.result["code"] == BOARD_FULL
    await world.env.bot.publisher.settle()
    replay = await world.carol.slash(world.channel, "game replay")
    assert not replay.ephemeral and f"game #{record.id}" in replay.response.content
    with gif_of(world, replay.response) as gif:
        assert gif.n_frames == len(DRAW) + 1
    entry = await world.env.bot.store.history_of_game(record.id)
    assert entry is not None and set(entry.winners) == {0, 1}
    assert entry.end_code == BOARD_FULL  # the game's own code, stored as it is
    listed = await world.carol.slash(world.channel, "game history", game=GAME.info.name)
    assert "Island tic-tac-toe" in face(listed.response.message).description


async def test_a_normal_computer_plays_its_turns_and_blocks_the_host(world) -> None:
    lobby = await open_lobby(world, world.alice, GAME.info.name)
    await world.alice.click(lobby, label="Add computer")
    await world.alice.click(lobby, label="Normal")
    await world.alice.click(lobby, label="Start")
    record = await latest_game(world)
    assert [p.is_ai for p in record.players] == [False, True]
    for cell in ("A1", "B1"):  # the computer answers each move; the top row gets blocked
        await world.alice.slash(world.channel, "game move", move=cell)
    state = world.env.bot.service.state_of(await latest_game(world))
    assert state.cells[2] == 1 and await computer_actions(world, record) == 2
    while (await latest_game(world)).status == "active":
        offered = await world.alice.autocomplete(world.channel, "game move", "move", "")
        await world.alice.slash(world.channel, "game move", move=offered[0]["value"])
    record = await latest_game(world)
    assert record.status == "finished"
    assert record.result["code"] in {THREE_IN_A_ROW, BOARD_FULL}


async def test_worker_processes_know_the_game_draw_it_and_play_its_hard_computer() -> None:
    """A worker process starts with the games registered outside ``engine/``: it draws the
    board and decides a hard computer's move exactly as this process does."""
    state = GAME.new(2, None, 1)
    for cell in ("A1", "B2", "A2"):
        state, _ = GAME.apply(state, min(GAME.to_move(state)), GAME.parse(f"CLAIM {cell}"))
    view, names = GAME.view(state, None), ["Alice", "Bob"]
    pool = WorkerPool(1)
    try:
        assert await pool.run(render_view, view, names) == render_view(view, names)
        saved = GAME.serialize(state)
        move = await pool.run(decide, GAME.info.name, saved, 1, "seed", "hard", Budget())
        assert move == "CLAIM A3"  # Bob blocks the column
    finally:
        pool.close()
