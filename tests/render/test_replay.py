"""Replays of every game: a valid animated GIF, a frame per move (per round in Islant), within
Discord's upload size, and no hidden hand before the game is over."""

from __future__ import annotations

import io
import json
import random

import pytest
from PIL import Image

from bot.replays import draw_replay, replay_frames
from engine import find_game
from render.replay import FINAL_MS, FRAME_MS, MAX_BYTES, ReplayTooLarge, animate

from .replay_games import random_job

GAMES = [("tigerisland", 2), ("wars", 2), ("competition", 3), ("islant", 3)]


def expected_frames(name: str, job) -> int:
    """The start, then every move; in a game of rounds, every new round and the end."""
    game = find_game(name)
    state = game.new(job.players, job.options, job.seed)
    if game.round_number(state) is None:
        return 1 + len(job.log)
    count = 1
    for seat, text in job.log:
        before = game.round_number(state)
        state, _ = game.apply_text(state, seat, text)
        count += game.is_over(state) or game.round_number(state) != before
    return count


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_replay_is_an_animated_gif_with_a_frame_per_move(name, players) -> None:
    job = random_job(name, players, seed=3)
    gif = draw_replay(job)
    assert len(gif) <= MAX_BYTES
    with Image.open(io.BytesIO(gif)) as image:
        assert image.format == "GIF" and image.is_animated
        assert image.n_frames == expected_frames(name, job) > 2
        image.seek(image.n_frames - 1)
        assert image.info["duration"] == FINAL_MS  # the end is held longer
        image.seek(1)
        assert image.info["duration"] == FRAME_MS


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_no_hidden_hand_is_shown_before_the_end(name, players) -> None:
    job = random_job(name, players, seed=5)
    game = find_game(name)
    frames = replay_frames(job)
    assert [f.view.seat for f in frames] == [None] * len(frames)  # public views only
    if game.round_number(game.new(players, None, 5)) is not None:
        return  # frames per round: the round's states are checked by the conformance suite
    state = game.new(players, None, job.seed)
    for frame, (seat, text) in zip(frames[:-1], job.log, strict=False):
        shown = json.dumps(dict(frame.view.data), sort_keys=True)
        for other in range(players):
            for token in game.secrets(state, other):
                assert token not in shown, f"seat {other}'s {token!r} shown mid-game"
        state, _ = game.apply_text(state, seat, text)


def test_competition_hands_are_secret_during_play() -> None:
    job = random_job("competition", 3, seed=5)
    game = find_game("competition")
    state = game.new(3, None, job.seed)
    assert any(game.secrets(state, seat) for seat in range(3))  # the check above means something


def test_a_replay_too_big_for_the_limit_is_drawn_smaller_or_refused() -> None:
    pictures = [_noise_png(seed) for seed in range(4)]
    captions = [f"Move {i}" for i in range(4)]
    full = animate(pictures, captions)
    smaller = animate(pictures, captions, max_bytes=len(full) - 1)
    with Image.open(io.BytesIO(full)) as wide, Image.open(io.BytesIO(smaller)) as narrow:
        assert narrow.width < wide.width and narrow.n_frames == wide.n_frames == 4
    with pytest.raises(ReplayTooLarge):
        animate(pictures, captions, max_bytes=1000)


def _noise_png(seed: int) -> bytes:
    """A picture that compresses badly (random pixels), as a PNG."""
    image = Image.frombytes("RGB", (600, 400), random.Random(seed).randbytes(600 * 400 * 3))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
