"""Every saved change reaches its channel: through Discord's 5xx, a failed edit, a process
that stopped between a save and its post, and a job that ended before it was shown.

The outbox entry is written with the change; what the publisher could not show is delivered
later, once, with its pings: within seconds of Discord's return when Discord was unavailable
(on the virtual clock: :data:`RECOVERED` seconds after the fault is cleared), with a growing
wait for other failures, or at the next start.
"""

from __future__ import annotations

import random
import re

import pytest

from bot import answers
from bot.delivery import OUTAGE_WAIT, backoff, outage_wait
from bot.islant.presentation import RaceBoard
from bot.publisher import Publisher
from bot.store import BOARD, REMIND
from bot.timers import ROUND_TIMER
from engine import find_game

from ..faces import face, last_card
from ..flow_helpers import latest_game, open_lobby
from ..flows.test_islant_flow import description, message, open_panel, play_turn, round_message
from ..flows.test_islant_flow import start_race as islant_race

TIGER = find_game("tigerisland")
JOB_POLL = 600  # the flow fixtures' job poll: delivery runs with it
POSTS = "/channels/*/messages"
RECOVERED = 10  # seconds after Discord answers again by which every saved change is shown
OUTAGE = 30  # seconds of 5xx in the tests below


@pytest.fixture(autouse=True)
def slow_edits(monkeypatch):
    monkeypatch.setattr(RaceBoard, "edit_interval", 60.0)


def said(result) -> str:
    parts = [result.response.content if result.response else ""]
    return "\n".join(parts + [f.content for f in result.followups])


def round_posts(world, round_number: int) -> list:
    title = f"Round {round_number}"
    return [m for m in world.channel.history() if title in face(m).title]


MENTION = re.compile(r"<@!?([0-9]{15,20})>")
"""A user's mention in a message's text (what discord.py reads as a raw mention)."""


class Accepted:
    """Whom each message that Discord accepted from the bot pinged, as it was posted (a
    retired message loses its pings later): what Discord answered to each post that it took
    (the bot asks for no message events)."""

    def __init__(self, world) -> None:
        self.pings: list[set[int]] = []
        http = world.env.bot.http
        send = http.send_message

        async def posted(channel_id, *, params):
            message = await send(channel_id, params=params)  # refused: raises, not recorded
            mentioned = {int(user) for user in MENTION.findall(message.get("content") or "")}
            if mentioned:
                self.pings.append(mentioned)
            return message

        http.send_message = posted


def pinged(world) -> list[set[int]]:
    """Whom each post the bot asked for pinged (with no fault injected: every one was
    accepted)."""
    posts = [
        r.json
        for r in world.env.http_requests
        if r.method == "POST" and r.path.endswith("/messages") and isinstance(r.json, dict)
    ]
    return [
        {int(u) for u in post["allowed_mentions"].get("users", [])}
        for post in posts
        if "<@" in (post.get("content") or "") and post.get("allowed_mentions")
    ]


async def close_round_one(world, failing: int | None = None):
    """Alice submits, bob has not: the host closes round 1 (the new round posts and pings),
    while Discord answers posts with ``failing`` (an HTTP status), if given."""
    first = await islant_race(world, [world.alice, world.bob], options="level=2")
    await play_turn(world, world.alice, random.Random(1))
    await open_panel(world.bob, world)
    asked = await world.alice.click(first, label="Close round")
    if failing is not None:
        world.env.inject_error("POST", POSTS, status=failing, times=None)
    return first, await world.alice.click(asked.response, label="Close round 1 now")


def card_posts(world) -> int:
    """How many cards the bot asked Discord to post so far (taken or not)."""
    return sum(
        1
        for r in world.env.http_requests
        if r.method == "POST"
        and r.path.endswith("/messages")
        and isinstance(r.json, dict)
        and r.json.get("components")
    )


@pytest.mark.parametrize("status", [500, 502, 503])
async def test_a_new_round_refused_with_5xx_is_posted_with_its_pings_soon_after_discord_recovers(
    world, status
) -> None:
    accepted = Accepted(world)
    first, done = await close_round_one(world, status)
    assert "Round 1 is closed." in said(done)
    assert "shows the game as it is now" not in said(done)
    record = await latest_game(world)
    entries = await world.env.bot.store.notices_of(record.id)
    assert entries[-1].kind == BOARD and entries[-1].version == record.version
    assert round_posts(world, 2) == []
    tries = card_posts(world)
    await world.env.advance_time(OUTAGE)  # Discord still answers 5xx: tried every few seconds
    assert round_posts(world, 2) == []
    tried = card_posts(world) - tries
    assert OUTAGE / OUTAGE_WAIT - 2 <= tried <= OUTAGE, tried  # one try a pass, not a flood
    world.env.backend.faults.clear()
    await world.env.advance_time(RECOVERED)
    (second,) = round_posts(world, 2)
    assert "Closed by the host" in description(second)
    assert face(message(world, first.id)).title == "Islant · Round 1 is over"
    assert await world.env.bot.store.notices_of(record.id) == []
    await world.env.advance_time(JOB_POLL)
    assert len(round_posts(world, 2)) == 1
    assert accepted.pings == [{world.alice.id, world.bob.id}] * 2  # rounds 1 and 2: once each


async def test_a_change_after_a_refused_new_round_posts_the_round_instead_of_editing(
    world,
) -> None:
    accepted = Accepted(world)
    first, _ = await close_round_one(world, 503)
    world.env.backend.faults.clear()
    await play_turn(world, world.bob, random.Random(2))  # round 2, before any retry
    assert round_posts(world, 2), "round 2 was posted, not edited into round 1's message"
    assert face(message(world, first.id)).title == "Islant · Round 1 is over"
    assert accepted.pings == [{world.alice.id, world.bob.id}] * 2


@pytest.mark.parametrize("status", [500, 502, 503])
async def test_an_edit_refused_with_5xx_for_a_while_is_made_later_with_the_latest_state(
    world, status
) -> None:
    first = await islant_race(world, [world.alice, world.bob], options="level=2")
    world.env.inject_error("PATCH", f"/channels/*/messages/{first.id}", status=status, times=None)
    await play_turn(world, world.alice, random.Random(1))
    await world.env.advance_time(61)  # the debounced edit: refused
    await world.env.advance_time(OUTAGE)  # and refused again by the recovery's tries
    assert "1 of 2 done" not in description(message(world, first.id))
    world.env.backend.faults.clear()
    await world.env.advance_time(RECOVERED)
    assert "**1 of 2 done**" in description(message(world, first.id))
    assert await world.env.bot.store.notices_of((await latest_game(world)).id) == []


async def test_a_change_saved_by_a_process_that_stopped_before_showing_it_is_shown_at_start(
    world, monkeypatch
) -> None:
    await close_round_one(world)
    await play_turn(world, world.bob, random.Random(2))
    record = await latest_game(world)

    async def stopped(*args, **kwargs) -> None:  # the process is gone before it shows
        return None

    monkeypatch.setattr(Publisher, "show", stopped)
    await play_turn(world, world.alice, random.Random(3))  # the last of round 2: round 3
    assert round_posts(world, 3) == []
    assert await world.env.bot.store.notices_of(record.id)
    monkeypatch.undo()
    await world.restart()
    await world.env.advance_time(1)
    (third,) = round_posts(world, 3)
    assert "Level 2 · Round 3" in face(third).title
    assert pinged(world) == [{world.alice.id, world.bob.id}] * 3  # rounds 1, 2 and 3: once each
    assert await world.env.bot.store.notices_of(record.id) == []


async def test_a_round_timer_ends_in_the_transaction_of_the_round_it_closes(
    world, monkeypatch
) -> None:
    first = await islant_race(world, [world.alice, world.bob], options="level=1 round_minutes=5")
    await play_turn(world, world.alice, random.Random(5))
    record = await latest_game(world)
    jobs = await world.env.bot.store.pending_jobs(record.id)
    (timer,) = [j for j in jobs if j.kind == ROUND_TIMER]

    async def stopped(*args, **kwargs) -> None:
        return None

    monkeypatch.setattr(Publisher, "show", stopped)
    monkeypatch.setattr(type(world.env.bot.delivery), "drain", stopped)
    await world.env.advance_time(10 * 60)  # the job closed the round; nothing shown yet
    assert timer.id not in [j.id for j in await world.env.bot.store.pending_jobs(record.id)]
    (entry,) = await world.env.bot.store.notices_of(record.id)
    assert entry.kind == BOARD and entry.payload["headline"]["msgid"].startswith("⏱️")
    monkeypatch.undo()
    await world.restart()
    await world.env.advance_time(1)
    now = round_message(world)
    assert face(now).title == "Islant · Level 1 · Round 2"
    assert "Time is up" in description(now)
    assert len(round_posts(world, 2)) == 1
    log = await world.env.bot.store.actions(record.id)
    assert [a.interaction_id for a in log].count(-timer.id) == 1
    assert face(message(world, first.id)).title == "Islant · Round 1 is over"


async def test_a_reminder_is_kept_until_discord_takes_it(world) -> None:
    lobby_result = await world.alice.slash(
        world.channel, "game new", game="tigerisland", options="reminder_hours=1"
    )
    lobby = lobby_result.response.message
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    await world.env.bot.publisher.settle()
    record = await latest_game(world)
    await world.env.advance_time(3600 - 10)  # the job round at 1 h runs the reminder's job
    world.env.inject_error("POST", POSTS, status=502, times=None)
    await world.env.advance_time(10 + OUTAGE)
    (entry,) = await world.env.bot.store.notices_of(record.id)
    assert entry.kind == REMIND
    assert not [m for m in world.channel.history() if "is waiting for you" in m.content]
    world.env.backend.faults.clear()
    await world.env.advance_time(RECOVERED)
    reminders = [m for m in world.channel.history() if "is waiting for you" in m.content]
    assert len(reminders) == 1 and reminders[0].mentions
    assert await world.env.bot.store.notices_of(record.id) == []


def test_retries_wait_longer_each_time_up_to_a_limit() -> None:
    waits = [backoff(n).total_seconds() for n in range(1, 30)]
    assert waits == sorted(waits) and waits[0] >= 2 and waits[-1] == 600


def test_while_discord_is_down_tries_come_every_few_seconds() -> None:
    waits = [outage_wait(n) for n in range(30)]
    assert waits == sorted(waits) and waits[0] >= 1 and waits[-1] == OUTAGE_WAIT < RECOVERED


def test_the_saved_apology_never_claims_the_channel_shows_the_game() -> None:
    assert "shows the game as it is now" not in answers.SAVED_APOLOGY


ANSWERS = {
    "callback": ("POST", "/interactions/*/callback"),  # the acknowledgement itself
    "follow-up": ("*", "/webhooks/*"),  # the board as the answer, after "thinking…"
}


@pytest.mark.parametrize("status", [500, 502, 503])
@pytest.mark.parametrize("answer", ANSWERS)
async def test_a_turn_whose_answers_discord_refuses_is_shown_and_pings_the_next_player(
    world, status, answer
) -> None:
    accepted = Accepted(world)
    lobby = await open_lobby(world, world.alice, "tigerisland")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    record = await latest_game(world)
    state = world.env.bot.service.state_of(record)
    seat = min(TIGER.to_move(state))
    mover, other = (world.alice, world.bob) if seat == 0 else (world.bob, world.alice)
    place = TIGER.legal_actions(state, seat)[0]
    placed, _ = TIGER.apply(state, seat, place)
    build = TIGER.legal_actions(placed, seat)[0]
    world.env.inject_error(*ANSWERS[answer], status=status, times=None)
    for action in (place, build):
        await mover.slash(world.channel, "game move", move=TIGER.format(action))
    await world.env.bot.publisher.settle()
    world.env.backend.faults.clear()
    await world.env.advance_time(RECOVERED)
    final = await latest_game(world)
    assert final.version == record.version + 2, "both halves of the turn were saved"
    board = last_card(world.channel)
    assert board.id == final.board_message_id
    assert world.env.bot.publisher.shown_version(final.id) == final.version
    assert await world.env.bot.store.notices_of(final.id) == []
    assert accepted.pings.count({other.id}) == 1, accepted.pings
    refused = [getattr(e, "original", e) for e in world.env.errors]  # logged, each answered
    assert refused and all(getattr(e, "status", None) == status for e in refused), refused


async def test_a_new_rounds_calls_refused_after_its_card_are_made_by_a_reminder(world) -> None:
    accepted = Accepted(world)
    first = await islant_race(world, [world.alice, world.bob], options="level=2")
    await play_turn(world, world.alice, random.Random(1))
    await open_panel(world.bob, world)
    asked = await world.alice.click(first, label="Close round")

    def refuse_after_the_card(event: str, payload) -> None:
        if event == "MESSAGE_CREATE" and "Round 2" in str(payload.get("components")):
            fault = {"method": "POST", "path": POSTS, "status": 503, "code": 0, "times": None}
            world.env.backend.faults.append({**fault, "message": "Service Unavailable"})

    world.env.backend.subscribers.append(refuse_after_the_card)
    done = await world.alice.click(asked.response, label="Close round 1 now")
    world.env.backend.subscribers.remove(refuse_after_the_card)
    assert "shows the game as it is now" not in said(done)  # the card is up: no apology
    assert len(round_posts(world, 2)) == 1
    await world.env.advance_time(OUTAGE)
    world.env.backend.faults.clear()
    await world.env.advance_time(RECOVERED)
    assert len(round_posts(world, 2)) == 1  # the card once
    reminders = [m for m in world.channel.history() if "is waiting for you" in m.content]
    assert len(reminders) == 1, [m.content for m in world.channel.history()]
    assert accepted.pings == [{world.alice.id, world.bob.id}] * 2  # round 1's call, the reminder
    assert await world.env.bot.store.notices_of((await latest_game(world)).id) == []
