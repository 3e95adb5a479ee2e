"""Fuzzing every entry point of the bot with hostile input, for every registered game.

Slash options, autocomplete text, custom ids (random and mutated from real ones) and select
values that were never offered, sent by players and by a member who is not playing. Each must
be answered, must change the game only by a legal move of the sender, and must log no error.
The commands that take typed text are ``game move`` and those the game's own cog declares
(found in the bot's command tree, see :func:`tables.text_commands`). The example counts are
bounded so CI stays quick (a fixed total shared by the games); the examples are derandomised so
a run in CI is repeatable.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import all_games, find_game
from engine.core import Game
from tests.bot.faces import last_card
from tests.bot.forge import (
    custom_ids,
    errors_logged,
    forge_click,
    forge_select,
    only_user_errors,
    panel_select,
)

from ..registry import NAMES, each_name
from .tables import open_panel, start_table, text_commands

EXAMPLES = 30
"""Examples of each fuzz test, shared among the registered games."""
FUZZ = settings(
    max_examples=max(5, EXAMPLES // len(NAMES)),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
ENDS_A_GAME = {"RESIGN", "STOP", "END"}  # legal at any time: they would end the fuzzed game


def _sample_notations() -> list[str]:
    """Action texts of every game (a few legal openings each), typed into every game."""
    texts = ["RESIGN", "PASS", "SUBMIT", "UNDO", "CLOSE", "STOP"]
    for game in all_games():
        state = game.new(max(2, game.info.min_players), None, 3)
        for seat in sorted(game.to_move(state)):
            texts += [game.format(a) for a in game.legal_actions(state, seat)[:6]]
    return texts


NOTATIONS = _sample_notations()


@st.composite
def mutated(draw, base: st.SearchStrategy[str]) -> str:
    """A real text with a character replaced, inserted or deleted."""
    text = draw(base)
    at = draw(st.integers(0, len(text)))
    char = draw(st.characters(codec="utf-8"))
    how = draw(st.sampled_from(["replace", "insert", "delete"]))
    if how == "insert":
        return text[:at] + char + text[at:]
    if how == "delete" or at == len(text):
        return text[:at] + text[at + 1 :]
    return text[:at] + char + text[at + 1 :]


HOSTILE_TEXT = st.one_of(
    st.text(min_size=1, max_size=80),
    st.sampled_from(NOTATIONS),
    mutated(st.sampled_from(NOTATIONS)),
    st.integers(1, 6000).map(lambda n: "PLACE" + " " * n + "+"),
    st.sampled_from(["DRAW land C4 R", "WILD land=", "PLACE 9 "]).map(lambda t: t + "9" * 4301),
    st.integers(1, 1500).map(lambda n: "🏝️" * n),
).filter(lambda text: text.strip() and text.strip().upper() not in ENDS_A_GAME)


@pytest.fixture
async def tables(world) -> dict[str, object]:
    """One running game of each registered kind, each in its own channel."""
    channels = {}
    for name in NAMES:
        channel = world.guild.create_text_channel(f"fuzz-{name}")
        await start_table(world, channel, name)
        channels[name] = channel
    return channels


@pytest.fixture
async def table(world, name: str) -> object:
    """A running game of ``name`` in a channel of its own."""
    channel = world.guild.create_text_channel(f"fuzz-{name}")
    await start_table(world, channel, name)
    return channel


async def _game_in(world, channel):
    record = await world.env.bot.store.last_game_in(channel.id)
    assert record is not None
    return record


def _legal_for(game: Game, state, seat: int | None) -> set[str]:
    if seat is None or game.is_over(state) or seat not in game.to_move(state):
        return set()
    return {game.format(a) for a in game.legal_actions(state, seat)}


async def _a_member_to_move(world, channel):
    """A person (not a computer) whose move the game awaits."""
    record = await _game_in(world, channel)
    state = world.env.bot.service.state_of(record)
    people = {world.alice.id: world.alice, world.bob.id: world.bob}
    for seat in sorted(find_game(record.game).to_move(state)):
        if record.players[seat].user_id in people:
            return people[record.players[seat].user_id]
    raise AssertionError("no person is to move")


def _members(world, who: str):
    return {"alice": world.alice, "bob": world.bob, "carol": world.carol}[who]


@each_name
@FUZZ
@given(who=st.sampled_from(["alice", "bob", "carol"]), text=HOSTILE_TEXT)
async def test_any_text_in_any_move_command_is_answered_and_only_legal_moves_apply(
    world, table, caplog, name, who, text
) -> None:
    await _type_into_every_command(world, table, name, _members(world, who), text)
    assert errors_logged(caplog) == []
    only_user_errors(world)


async def test_every_games_notation_typed_into_every_move_command(world, tables, caplog) -> None:
    for text in NOTATIONS:
        if text in ENDS_A_GAME:
            continue
        for name, channel in tables.items():
            await _type_into_every_command(world, channel, name, world.alice, text)
    assert errors_logged(caplog) == []
    only_user_errors(world)


async def _type_into_every_command(world, channel, name: str, member, text: str) -> None:
    """Type ``text`` into each of the game's text commands; only a legal move may apply."""
    for command in text_commands(world.env.bot, name):
        before = await _game_in(world, channel)
        game = find_game(before.game)
        state = world.env.bot.service.state_of(before)
        legal = _legal_for(game, state, before.seat_of(member.id))
        result = await member.slash(channel, command.command, **command.with_text(text))
        assert result.acknowledged, (command.command, text)
        after = await _game_in(world, channel)
        if (after.version, after.state) != (before.version, before.state):
            log = await world.env.bot.store.actions(after.id)
            mine = [a.notation for a in log if a.user_id == member.id]
            assert mine and mine[-1] in legal, (command.command, text, mine[-1:])


@each_name
@FUZZ
@given(who=st.sampled_from(["alice", "bob", "carol"]), text=st.one_of(HOSTILE_TEXT, st.just("")))
async def test_autocomplete_answers_within_discords_limits_whatever_is_typed(
    world, table, caplog, name, who, text
) -> None:
    member = _members(world, who)
    for command in text_commands(world.env.bot, name):
        for option in command.suggested:
            offered = await member.autocomplete(
                table, command.command, option, text, **command.fixed
            )
            assert len(offered) <= 25
            for choice in offered:
                assert 1 <= len(choice["name"]) <= 100 and 1 <= len(choice["value"]) <= 100
    assert errors_logged(caplog) == []


@each_name
@FUZZ
@given(
    pick=st.integers(0, 10_000),
    forged=st.one_of(st.text(min_size=1, max_size=100), st.just("")),
    how=st.sampled_from(["random", "mutated"]),
)
async def test_forged_and_mutated_custom_ids_change_nothing(
    world, table, caplog, name, pick, forged, how
) -> None:
    channel = table
    message = last_card(channel)
    real = custom_ids(message) or ["lobby:1:join"]
    custom_id = forged[:100] if how == "random" else (real[pick % len(real)] + forged)[:100]
    if not custom_id:
        return
    before = await _game_in(world, channel)
    result = await forge_click(world.env, world.carol, channel, message, custom_id)
    assert result.acknowledged, custom_id
    after = await _game_in(world, channel)
    assert (after.version, after.state) == (before.version, before.state), custom_id
    assert errors_logged(caplog) == []
    only_user_errors(world)


@each_name
@FUZZ
@given(values=st.lists(st.text(min_size=1, max_size=100), min_size=1, max_size=3, unique=True))
async def test_select_values_never_offered_are_refused(world, table, caplog, name, values) -> None:
    channel = table
    mover = await _a_member_to_move(world, channel)
    opened = await open_panel(world, mover, channel)
    panel = opened.response
    custom_id, offered = panel_select(panel.components)
    before = await _game_in(world, channel)
    result = await forge_select(
        world.env, mover, channel, panel.message, custom_id, values, offered=offered
    )
    assert result.acknowledged
    if not set(values) <= set(offered):
        assert "not on the menu" in result.response.content
        after = await _game_in(world, channel)
        assert (after.version, after.state) == (before.version, before.state)
    assert errors_logged(caplog) == []


async def test_old_components_after_the_end_and_after_a_restart(world, tables, caplog) -> None:
    """Every component ever shown, clicked by everyone once the games are over, then again
    after a restart: each click is answered and nothing changes."""
    for channel in tables.values():
        await world.alice.slash(channel, "game move", move="RESIGN")
        await world.bob.slash(channel, "game move", move="RESIGN")
    finished = {channel.id: (await _game_in(world, channel)).id for channel in tables.values()}
    for round_ in ("ended", "restarted"):
        if round_ == "restarted":
            await world.restart()
        for channel in tables.values():
            before = await world.env.bot.store.get_game(finished[channel.id])
            assert before.status == "finished"
            for message in channel.history():
                for custom_id in custom_ids(message):
                    for member in (world.alice, world.bob, world.carol):
                        result = await forge_click(world.env, member, channel, message, custom_id)
                        assert result.acknowledged, (round_, custom_id)
            after = await world.env.bot.store.get_game(before.id)  # Rematch opened a lobby
            assert (after.version, after.state) == (before.version, before.state)
    assert errors_logged(caplog) == []
    only_user_errors(world)
