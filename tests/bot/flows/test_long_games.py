"""Multi-day games: pings, reminders, timeouts, restarts and crashes (simcord time travel)."""

from __future__ import annotations

import random

import discord
import pytest
import simcord

from engine import find_game

from ..faces import face, last_card, last_plain, visible_text
from ..flow_helpers import expect_refusal, latest_game, new_game, open_lobby

GAME = find_game("tigerisland")
HOUR = 3600
# Travelling days in 10-minute polls takes a few real seconds.
pytestmark = pytest.mark.simcord(settle_timeout=60)


async def _start(world, **options):
    lobby = await open_lobby(world, world.alice, "tigerisland", **options)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    return await latest_game(world)


def _messages(world, fragment: str) -> list:
    """Channel messages whose text or embed description contains ``fragment``."""

    def text(m) -> str:
        return visible_text(m)

    return [m for m in world.channel.history() if fragment in text(m)]


async def _mover(world):
    record = await latest_game(world)
    state = world.env.bot.service.state_of(record)
    seat = min(GAME.to_move(state))
    user = record.players[seat].user_id
    return next(a for a in (world.alice, world.bob) if a.id == user), state


async def _play_turn(world, rnd: random.Random) -> None:
    """The player to move places and builds through the slash commands."""
    for command, option in (("tiger place", "placement"), ("tiger build", "build")):
        if (await latest_game(world)).status != "active":
            return
        actor, _ = await _mover(world)
        offered = await actor.autocomplete(world.channel, command, option, "")
        safe = [c for c in offered if "no build" not in c["name"]] or offered
        await actor.slash(world.channel, command, **{option: rnd.choice(safe)["value"]})


async def test_the_player_to_move_is_pinged_unless_they_opted_out(world) -> None:
    await world.bob.slash(world.channel, "notify", pings="off")
    await _start(world, options="first_player=0")
    call = last_plain(world.channel)
    assert world.alice.id in [u.id for u in call.mentions]
    await _play_turn(world, random.Random(1))
    call = last_plain(world.channel)
    assert f"<@{world.bob.id}>" in call.content
    sent = [r.json for r in world.env.http_requests if r.json and "allowed_mentions" in r.json]
    assert sent[-1]["allowed_mentions"]["users"] == []  # named, but not pinged


async def test_a_reminder_and_a_timeout_fire_once_each_at_their_time(world) -> None:
    await _start(world, options="first_player=0 reminder_hours=12 timeout_hours=48")
    await world.env.advance_time(11 * HOUR)
    assert _messages(world, "is waiting for you") == []
    await world.env.advance_time(2 * HOUR)
    reminders = _messages(world, "is waiting for you")
    assert len(reminders) == 1 and world.alice.id in [u.id for u in reminders[0].mentions]
    await world.env.advance_time(34 * HOUR)  # 47 h: nothing more yet
    assert len(_messages(world, "is waiting for you")) == 1
    assert _messages(world, "did not come back") == []
    await world.env.advance_time(2 * HOUR)  # 49 h: the computer plays for alice
    timeouts = _messages(world, "did not come back in time: the computer played for them")
    assert len(timeouts) == 1
    record = await latest_game(world)
    actions = await world.env.bot.store.actions(record.id)
    assert [a.user_id for a in actions] == [None, None]  # alice's place and build, by timer
    actor, _ = await _mover(world)
    assert actor is world.bob
    await world.env.advance_time(10 * HOUR)
    assert len(_messages(world, "did not come back")) == 1  # bob's clock started afresh


async def test_a_timeout_can_remove_the_absent_player(world) -> None:
    await _start(world, options="first_player=0 timeout_hours=1 timeout_action=remove")
    await world.env.advance_time(2 * HOUR)
    record = await latest_game(world)
    assert record.status == "finished"
    assert record.result["winners"] == [record.seat_of(world.bob.id)]
    assert _messages(world, "left the game")


async def test_a_reminder_due_while_the_bot_was_down_fires_once_after_restart(world) -> None:
    await _start(world, options="first_player=0 reminder_hours=1 timeout_hours=0")
    world.env.bot.run_jobs.cancel()  # the bot is down: nothing runs
    await world.env.advance_time(5 * HOUR)
    assert _messages(world, "is waiting for you") == []
    await world.restart()
    await world.env.advance_time(60)
    assert len(_messages(world, "is waiting for you")) == 1
    await world.env.advance_time(10 * HOUR)
    assert len(_messages(world, "is waiting for you")) == 1


async def test_a_two_day_game_with_reminder_timeout_and_two_restarts_finishes(world) -> None:
    await _start(world, options="first_player=0 reminder_hours=6 timeout_hours=20")
    rnd = random.Random(8)
    for _ in range(3):
        await _play_turn(world, rnd)
        await world.env.advance_time(1 * HOUR)
    await world.env.advance_time(7 * HOUR)  # day 1: someone forgets, and is reminded
    assert len(_messages(world, "is waiting for you")) == 1
    await world.restart()
    await world.env.advance_time(14 * HOUR)  # still nothing: the timeout plays for them
    assert len(_messages(world, "did not come back")) == 1
    await world.restart()
    for _ in range(60):  # day 2: they play on to the end
        if (await latest_game(world)).status == "finished":
            break
        await _play_turn(world, rnd)
        await world.env.advance_time(HOUR)
    record = await latest_game(world)
    assert record.status == "finished"
    assert "Game over" in visible_text(last_card(world.channel))
    actions = await world.env.bot.store.actions(record.id)
    replayed = GAME.replay(2, record.options, record.seed, [(a.seat, a.notation) for a in actions])
    assert GAME.serialize(replayed) == record.state


async def test_a_crash_between_load_and_save_loses_nothing(world, monkeypatch) -> None:
    await _start(world, options="first_player=0")
    before = await latest_game(world)
    store = world.env.bot.store

    async def crash(*args, **kwargs):
        raise RuntimeError("the process died here")

    monkeypatch.setattr(store, "save_move", crash)
    actor, state = await _mover(world)
    move = GAME.format(GAME.legal_actions(state, 0)[0])
    failed = await actor.slash(world.channel, "tiger place", placement=move)
    assert failed.ephemeral and "Sorry" in failed.response.content
    assert any("the process died here" in str(e.__cause__ or e) for e in world.env.errors)
    monkeypatch.undo()
    await world.restart()
    after = await latest_game(world)
    assert (after.version, after.state) == (before.version, before.state)
    again = await actor.slash(world.channel, "tiger place", placement=move)
    assert again.response.content.startswith("✓")  # a typed placement is confirmed privately
    assert (await latest_game(world)).version == before.version + 1


async def test_admins_set_server_defaults_that_new_games_follow(world) -> None:
    with pytest.raises(simcord.SetupError):  # /settings is hidden from ordinary members
        await world.bob.slash(world.channel, "settings", timeout_hours=5)
    admins = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dave = world.guild.add_member(world.env.create_user("dave"), roles=[admins])
    shown = await dave.slash(world.channel, "settings", timeout_hours=5, timeout_action="remove")
    embed = face(shown.response.message)
    fields = {f.name: f.value for f in embed.fields}
    assert embed.description == (
        "Saved: Timeout after (hours): 5 · At the timeout: they leave the game"
    )
    assert fields["Timeout after (hours)"] == "**5** · `timeout_hours=5`"
    assert fields["At the timeout"] == "**they leave the game** · `timeout_action=remove`"
    assert fields["Reminder after (hours)"] == "**12** · `reminder_hours=12`"
    assert all("_" not in name for name in fields)  # every setting by its name for people
    await _start(world, options="first_player=0")
    await world.env.advance_time(6 * HOUR)
    record = await latest_game(world)
    assert record.status == "finished" and _messages(world, "left the game")


async def test_hosts_can_kick_and_others_cannot(world) -> None:
    await _start(world, options="first_player=0")
    kicked = await world.bob.slash(world.channel, "game kick", player=world.alice)
    expect_refusal(world, kicked, "Only the host")
    await world.alice.slash(world.channel, "game kick", player=world.bob)
    record = await latest_game(world)
    assert record.status == "finished"
    assert record.result["winners"] == [record.seat_of(world.alice.id)]


@pytest.mark.parametrize("setting", ["managers"])
async def test_servers_can_reserve_lobbies_for_managers(world, setting) -> None:
    store = world.env.bot.store
    await store.update_guild_settings(world.guild.id, {"who_can_start": setting})
    refused = await new_game(world.bob, world.channel, "tigerisland")
    expect_refusal(world, refused, "manage channels")
