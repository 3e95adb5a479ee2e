"""Tournaments through the bot: a whole Swiss over days by taps (registration card, Start,
games in threads, resignations, a deadline deciding a game, the next round paired by
itself, the final standings), and a restart in the middle of a round."""

from __future__ import annotations

import asyncio
import random

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.tournaments.form import FORMAT_ID, HOURS_ID, ROUNDS_ID, SIZE_ID
from engine import find_game
from tournament import Tournament, standings

from ..faces import buttons, last_card, visible_text
from ..flow_helpers import expect_refusal

HOUR = 3600
POLL = 600  # the flow tests' job loop: one pass every ten minutes
pytestmark = pytest.mark.simcord(settle_timeout=120)


async def _people(world, count: int) -> list:
    people = [world.alice, world.bob, world.carol]
    for name in ("dave", "erin", "frank")[: max(0, count - 3)]:
        people.append(world.guild.add_member(world.env.create_user(name)))
    return people[:count]


async def _registration(world, rounds: int, hours: int = 24):
    shown = await world.alice.slash(world.channel, "tournament new", game="tigerisland")
    assert shown.modal is not None, shown
    opened = await world.alice.submit_modal(
        shown, {FORMAT_ID: "swiss", ROUNDS_ID: [str(rounds)], HOURS_ID: [str(hours)]}
    )
    assert not opened.ephemeral, opened.response.content
    return opened.response.message


async def _entered(
    world, players: int, rounds: int, hours: int = 24, labels: tuple[str, str] = ("Join", "Start")
):
    people = await _people(world, players)
    card = await _registration(world, rounds, hours)
    for person in people[1:]:
        joined = await person.click(card, label=labels[0])
        assert joined.acknowledged
    started = await world.alice.click(card, label=labels[1])
    assert started.acknowledged
    return people, card


async def _tournament(world):
    found = await world.env.bot.store.last_tournament_in(world.channel.id)
    assert found is not None
    return found, Tournament.from_json(found.state)


async def _table_games(world, number: int):
    """The games of round ``number``: (thread, game record) per table, in table order."""
    found, _ = await _tournament(world)
    store = world.env.bot.store
    threads = {t.id: t for t in world.channel.threads}
    games = []
    for row in await store.tournament_tables(found.id, number):
        assert row.game_id is not None and row.channel_id in threads, row
        games.append((threads[row.channel_id], await store.get_game(row.game_id)))
    return games


async def _resign_one(world, people, thread, game, rnd: random.Random) -> None:
    """A player of the table taps Resign under the board in its thread, then confirms."""
    loser = rnd.choice([p.user_id for p in game.players])
    actor = next(p for p in people if p.id == loser)
    confirm = await actor.click(last_card(thread), label="Resign")
    assert confirm.ephemeral
    resigned = await actor.click(confirm.response.message, label="Yes, resign")
    assert resigned.acknowledged


async def test_a_whole_swiss_over_days_by_taps(world) -> None:
    rnd = random.Random(5)
    people, card = await _entered(world, players=5, rounds=3)
    assert "Registration is closed" in visible_text(await _card(world, card))
    found, tournament = await _tournament(world)
    assert found.status == "running" and len(tournament.rounds) == 1
    for number in (1, 2, 3):
        games = await _table_games(world, number)
        assert len(games) == 2  # five players: two tables and a bye
        for thread, game in games:
            assert game.status == "active" and len(game.players) == 2
            pinged = [m for m in thread.history() if "your round" in (m.content or "")]
            assert len(pinged) == 1
            assert {u.id for u in pinged[0].mentions} == {p.user_id for p in game.players}
        if number == 2:  # one table plays, the other waits for the deadline
            await _resign_one(world, people, *games[0], rnd)
            await world.env.advance_time(23 * HOUR)
            assert (await world.env.bot.store.get_game(games[1][1].id)).status == "active"
            await world.env.advance_time(2 * HOUR)  # past the deadline: decided
            assert (await world.env.bot.store.get_game(games[1][1].id)).status == "finished"
            await world.env.advance_time(POLL)
        else:
            for thread, game in games:
                await _resign_one(world, people, thread, game, rnd)
            await world.env.advance_time(POLL)
        found, tournament = await _tournament(world)
        assert len(tournament.rounds) == min(number + 1, 3) or found.status == "finished"
        announced = [
            m for m in world.channel.history() if f"round {number} of 3" in visible_text(m)
        ]
        assert len(announced) == 1, number
    found, tournament = await _tournament(world)
    assert found.status == "finished"
    met = [frozenset(t.seats) for r in tournament.rounds for t in r.tables]
    assert len(met) == len(set(met)) == 6, "no pair met twice"
    byes = [b for r in tournament.rounds for b in r.byes]
    assert len(byes) == len(set(byes)) == 3, "one bye a round, never twice"
    lines = standings(tournament)
    assert sum(line.points for line in lines) == 9  # two games and a bye a round
    final = [m for m in world.channel.history() if "Final standings" in visible_text(m)]
    assert len(final) == 1 and final[0].attachments
    assert "Buchholz" in visible_text(final[0])
    history = await world.env.bot.store.all_history(world.guild.id)
    assert len(history) == 6, "every table game is in the records"
    for person in people:  # and in the ratings
        played = sum(person.id in t.seats for r in tournament.rounds for t in r.tables)
        skills = await world.env.bot.store.ratings_of(world.guild.id, str(person.id))
        assert skills["tigerisland"].games == played
    shown = await world.bob.slash(world.channel, "tournament standings")
    assert shown.response.message.attachments and "Sonneborn" in visible_text(
        shown.response.message
    )


async def _card(world, card):
    return next(m for m in world.channel.history() if m.id == card.id)


async def test_a_restart_in_the_middle_of_a_round_records_each_result_once(world) -> None:
    rnd = random.Random(2)
    people, _ = await _entered(world, players=4, rounds=2)
    games = await _table_games(world, 1)
    await _resign_one(world, people, *games[0], rnd)
    await world.restart()
    await world.env.advance_time(POLL)  # the new process records the first table's result
    found, tournament = await _tournament(world)
    assert len(tournament.rounds) == 1
    assert [t.result is not None for t in tournament.rounds[0].tables] == [True, False]
    await world.restart()
    await _resign_one(world, people, *games[1], rnd)
    await world.env.advance_time(POLL)
    found, tournament = await _tournament(world)
    assert len(tournament.rounds) == 2
    assert len(world.channel.threads) == 4, "each table opened once"
    rows = await world.env.bot.store.tournament_tables(found.id)
    assert [r.recorded for r in rows] == [True, True, False, False]
    assert sum(line.points for line in standings(tournament)) == 2


async def test_registration_by_command_refusals_and_a_late_join(world) -> None:
    people = await _people(world, 4)
    await _registration(world, rounds=3)
    for person in people[1:3]:
        joined = await person.slash(world.channel, "tournament join")
        assert joined.ephemeral and "You are in" in joined.response.content
    again = await world.bob.slash(world.channel, "tournament join")
    expect_refusal(world, again, "already in this tournament")
    refused = await world.bob.slash(world.channel, "tournament start")
    expect_refusal(world, refused, "Only the organiser")
    left = await world.carol.slash(world.channel, "tournament leave")
    assert left.ephemeral
    stays = await world.alice.slash(world.channel, "tournament leave")
    expect_refusal(world, stays, "organiser cannot leave", "/tournament cancel")
    info = await world.carol.slash(world.channel, "tournament info")
    assert info.ephemeral and "Registration is open" in visible_text(info.response.message)
    await world.alice.slash(world.channel, "tournament start")
    _, tournament = await _tournament(world)
    assert [e.id for e in tournament.entrants] == [world.alice.id, world.bob.id]
    late = await people[3].slash(world.channel, "tournament join")  # during round 1
    assert late.ephemeral and "You are in" in late.response.content
    _, tournament = await _tournament(world)
    assert tournament.entrant(people[3].id).joined == 2
    busy = await world.alice.slash(world.channel, "tournament new", game="wars")
    expect_refusal(world, busy, "already has a tournament")


async def test_a_drop_resigns_the_running_game_and_keeps_the_games_played(world) -> None:
    people, _ = await _entered(world, players=4, rounds=2)
    games = await _table_games(world, 1)
    thread, game = next((t, g) for t, g in games if g.seat_of(world.alice.id) is not None)
    dropped = await world.alice.slash(world.channel, "tournament drop")
    assert "dropped out" in visible_text(dropped.response.message)
    assert (await world.env.bot.store.get_game(game.id)).status == "finished"
    assert any("dropped out" in visible_text(m) for m in thread.history())
    other_thread, other = next((t, g) for t, g in games if g.id != game.id)
    await _resign_one(world, people, other_thread, other, random.Random(1))
    await world.env.advance_time(POLL)
    _found, tournament = await _tournament(world)
    assert len(tournament.rounds) == 2
    assert world.alice.id not in {p for t in tournament.rounds[1].tables for p in t.seats}
    assert world.alice.id not in tournament.rounds[1].byes
    line = next(s for s in standings(tournament) if s.player == world.alice.id)
    assert line.dropped and line.played == 1 and line.points == 0


async def test_a_table_whose_game_failed_to_open_is_opened_once_after_a_restart(
    world, monkeypatch
) -> None:
    service = world.env.bot.tournaments
    opened = service.open_game
    failed = []

    async def stops_after_the_thread(found, table, seats, thread_id):
        if not failed:
            failed.append(thread_id)
            raise RuntimeError("the process died here")
        return await opened(found, table, seats, thread_id)

    monkeypatch.setattr(service, "open_game", stops_after_the_thread)
    people, _ = await _entered(world, players=4, rounds=1)
    monkeypatch.undo()
    await world.restart()
    await world.env.advance_time(POLL)
    games = await _table_games(world, 1)
    assert len(world.channel.threads) == 2 and failed[0] in {t.id for t, _ in games}
    for thread, game in games:
        await _resign_one(world, people, thread, game, random.Random(4))
    await world.env.advance_time(POLL)
    found, _tournament_now = await _tournament(world)
    assert found.status == "finished"
    world.env.errors.clear()  # the failure above was the test's own


async def test_the_organiser_cancels_a_tournament(world) -> None:
    card = await _registration(world, rounds=2)
    await world.bob.click(card, label="Join")
    refused = await world.bob.slash(world.channel, "tournament cancel")
    expect_refusal(world, refused, "Only the organiser")
    cancelled = await world.alice.slash(world.channel, "tournament cancel")
    assert "was cancelled" in visible_text(cancelled.response.message)
    found, _ = await _tournament(world)
    assert found.status == "cancelled"
    assert "was cancelled" in visible_text(await _card(world, card))
    assert not buttons(await _card(world, card))  # no Join any more


async def test_a_knockout_through_the_bot_sends_the_first_winner_on(world) -> None:
    people = await _people(world, 4)
    shown = await world.alice.slash(world.channel, "tournament new", game="tigerisland")
    card = (await world.alice.submit_modal(shown, {FORMAT_ID: "knockout"})).response.message
    for person in people[1:]:
        await person.click(card, label="Join")
    await world.alice.click(card, label="Start")
    rnd = random.Random(7)
    for number in (1, 2):
        for thread, game in await _table_games(world, number):
            await _resign_one(world, people, thread, game, rnd)
        await world.env.advance_time(POLL)
    found, tournament = await _tournament(world)
    assert found.status == "finished" and len(tournament.rounds) == 2
    finalists = {t.result.winners[0] for t in tournament.rounds[0].tables}
    assert set(tournament.rounds[1].tables[0].seats) == finalists
    champion = tournament.rounds[1].tables[0].result.winners[0]
    assert standings(tournament)[0].player == champion
    final = [m for m in world.channel.history() if "Final standings" in visible_text(m)]
    assert len(final) == 1 and "Rounds won" in visible_text(final[0])


async def test_a_channel_without_threads_for_the_bot_holds_no_tournament(world) -> None:
    """A channel holds one open game at a time, so a round's tables need threads: where the
    bot may not make them, `/tournament new` says why and what to do, and keeps nothing."""
    me = world.guild.me
    closed = world.guild.create_text_channel(
        "no-threads",
        overwrites={me: discord.PermissionOverwrite(create_public_threads=False)},
    )
    refused = await world.alice.slash(closed, "tournament new", game="tigerisland")
    expect_refusal(
        world,
        refused,
        "one game at a time",
        "Create Public Threads",
        "Send Messages in Threads",
        "a channel where I have them",
    )
    assert await world.env.bot.store.open_tournament_in(closed.id) is None
    assert closed.threads == []


async def test_threads_taken_away_before_the_start_hold_it_until_given_back(world) -> None:
    me = world.guild.me
    place = world.guild.create_text_channel("league")
    card = (
        await world.alice.submit_modal(
            await world.alice.slash(place, "tournament new", game="tigerisland"), {}
        )
    ).response.message
    await world.bob.click(card, label="Join")
    world.env.backend.set_overwrite(
        place.id,
        Overwrite(
            target_id=me.id,
            type=OverwriteType.MEMBER,
            allow=0,
            deny=discord.Permissions(send_messages_in_threads=True).value,
        ),
    )
    for attempt in (
        await world.alice.slash(place, "tournament start"),
        await world.alice.click(card, label="Start"),
    ):
        expect_refusal(world, attempt, "one game at a time", "Send Messages in Threads")
    found = await world.env.bot.store.open_tournament_in(place.id)
    assert found is not None and found.status == "open" and place.threads == []
    world.env.backend.delete_overwrite(place.id, me.id)  # an admin gives them back
    started = await world.alice.slash(place, "tournament start")
    assert not started.ephemeral
    found = await world.env.bot.store.get_tournament(found.id)
    assert found.status == "running"
    [row] = await world.env.bot.store.tournament_tables(found.id, 1)
    assert row.game_id is not None and [t.id for t in place.threads] == [row.channel_id]


async def test_swiss_tables_of_three_decided_at_the_deadline(world) -> None:
    # the computer playing a game out at a deadline is the whole Swiss's; here they forfeit
    await world.env.bot.store.update_guild_settings(world.guild.id, {"timeout_action": "remove"})
    people = await _people(world, 6)
    shown = await world.alice.slash(world.channel, "tournament new", game="wars")
    form = {FORMAT_ID: "swiss", SIZE_ID: ["3"], ROUNDS_ID: ["1"], HOURS_ID: ["1"]}
    card = (await world.alice.submit_modal(shown, form)).response.message
    for person in people[1:]:
        await person.click(card, label="Join")
    await world.alice.click(card, label="Start")
    games = await _table_games(world, 1)
    assert [len(game.players) for _, game in games] == [3, 3]
    await world.env.advance_time(HOUR + POLL)  # nobody plays: whoever is to move forfeits
    await world.env.advance_time(POLL)
    found, tournament = await _tournament(world)
    assert found.status == "finished"
    lines = standings(tournament)
    assert sum(line.points for line in lines) == 6  # three pairs a table, a point each
    assert set(lines[0].tiebreaks) == {"placings", "opponents"}
    final = [m for m in world.channel.history() if "Final standings" in visible_text(m)]
    assert len(final) == 1 and "Placings" in visible_text(final[0])


async def test_a_tournament_is_not_opened_in_a_thread(world) -> None:
    people, _ = await _entered(world, players=2, rounds=1)
    thread = world.channel.threads[0]
    refused = await world.bob.slash(thread, "tournament new", game="wars")
    expect_refusal(world, refused, "text channel")
    assert len(people) == 2


async def test_at_the_deadline_the_players_to_move_forfeit_where_the_server_says_so(world) -> None:
    await world.env.bot.store.update_guild_settings(world.guild.id, {"timeout_action": "remove"})
    people, _ = await _entered(world, players=2, rounds=1, hours=1)
    [(thread, game)] = await _table_games(world, 1)
    state = world.env.bot.service.state_of(game)
    mover = game.players[min(find_game("tigerisland").to_move(state))].user_id
    await world.env.advance_time(HOUR + POLL)
    decided = await world.env.bot.store.get_game(game.id)
    assert decided.status == "finished"
    assert [p.user_id for p in decided.players if p.seat in decided.result["winners"]] == [
        next(p.id for p in people if p.id != mover)
    ]
    assert any("forfeited" in visible_text(m) for m in thread.history())
    found, _tournament_now = await _tournament(world)
    assert found.status == "finished"


async def test_a_german_server_gets_its_tournament_in_german(world) -> None:
    await world.env.bot.store.update_guild_settings(world.guild.id, {"language": "de"})
    people, card = await _entered(world, 3, rounds=2, labels=("Mitspielen", "Starten"))
    assert "Die Anmeldung ist geschlossen" in visible_text(await _card(world, card))
    announced = [m for m in world.channel.history() if "Runde 1 von 2" in visible_text(m)]
    assert len(announced) == 1
    text = visible_text(announced[0])
    assert "Tisch 1" in text and "Freilos" in text and "Frist" in text
    thread = world.channel.threads[0]
    assert thread.name.endswith("Runde 1 · Tisch 1")
    assert any("Eure Partie der Runde 1" in (m.content or "") for m in thread.history())
    assert len(people) == 3


async def test_a_round_robin_through_the_bot_meets_everyone_once(world) -> None:
    people = await _people(world, 3)
    shown = await world.alice.slash(world.channel, "tournament new", game="tigerisland")
    card = (await world.alice.submit_modal(shown, {FORMAT_ID: "round-robin"})).response.message
    for person in people[1:]:
        await person.click(card, label="Join")
    await world.alice.click(card, label="Start")
    rnd = random.Random(11)
    for number in (1, 2, 3):
        [(thread, game)] = await _table_games(world, number)
        await _resign_one(world, people, thread, game, rnd)
        await world.env.advance_time(POLL)
    found, tournament = await _tournament(world)
    assert found.status == "finished" and tournament.planned == 3
    met = {frozenset(t.seats) for r in tournament.rounds for t in r.tables}
    assert len(met) == 3 and sorted(b for r in tournament.rounds for b in r.byes) == sorted(
        p.id for p in people
    )
    assert sum(line.points for line in standings(tournament)) == 3  # byes rest: no points


async def test_two_passes_at_once_open_each_table_once(world) -> None:
    people, _ = await _entered(world, players=4, rounds=1)
    found, _t = await _tournament(world)
    keeper = world.env.bot.round_keeper
    store = world.env.bot.store
    async with store.transaction() as tx:  # as if round 1's tables were never opened
        await tx.execute("UPDATE tournament_tables SET channel_id = NULL, game_id = NULL")
    for thread in world.channel.threads:
        game = await store.open_game_in(thread.id)
        await store.close_game(game.id, game.version, "cancelled", world.env.now())
    await asyncio.gather(keeper.progress(found.id), keeper.progress(found.id))
    rows = await store.tournament_tables(found.id)
    assert len({row.channel_id for row in rows}) == 2 and len(world.channel.threads) == 4
    assert len(people) == 4
