"""Where each command works (:mod:`bot.reach`): in servers that have added the bot, in the
player's direct messages with the bot (games against the computer), and, installed to a
player's own account, anywhere (private channels, servers without the bot).

Every command of the command tree is tried in every place, in English and German: where it
works it is not refused; where it does not, the bot's own check refuses it with a clear answer
and nothing changes. Discord's installs and contexts are only a hint to clients, so the bot's
check is also called directly, as its command tree calls it, for the places simcord does not
model (it models servers with the bot and the bot's DMs; the other places are told to the bot
as Discord tells them: the interaction's context and the installs that authorised it).
"""

from __future__ import annotations

import re
import sqlite3
from types import SimpleNamespace

import discord
import pytest
import simcord
import simcord.interactions
from discord import app_commands

from bot.errors import UserError
from bot.reach import NotHere, Place, Reach, reach_of
from engine.core import IllegalAction

from ..languages.test_language_flow import member_locales  # noqa: F401 (a fixture)

SERVER, GAMES, ANYWHERE = Reach.SERVER, Reach.GAMES, Reach.ANYWHERE
INTENDED: dict[str, Reach] = {
    "game new": GAMES,
    "game status": GAMES,
    "game move": GAMES,
    "game resign": GAMES,
    "game end": GAMES,
    "game kick": SERVER,
    "game replay": SERVER,
    "game link": SERVER,
    "game history": SERVER,
    "game rules": ANYWHERE,
    "help": ANYWHERE,
    "tiger place": GAMES,
    "tiger build": GAMES,
    "wars place": GAMES,
    "wars move": GAMES,
    "wars pass": GAMES,
    "islands hand": GAMES,
    "islands trick": GAMES,
    "islands reveal": GAMES,
    "islands score": GAMES,
    "islant play": GAMES,
    "islant sheet": GAMES,
    "islant name": GAMES,
    "islant standings": GAMES,
    "islant end": GAMES,
    "islant daily": ANYWHERE,
    "islant today": ANYWHERE,
    "stats": ANYWHERE,
    "leaderboard": ANYWHERE,
    "notify": GAMES,
    "forget-me": GAMES,
    "settings": SERVER,
    "tournament new": SERVER,
    "tournament join": SERVER,
    "tournament leave": SERVER,
    "tournament start": SERVER,
    "tournament drop": SERVER,
    "tournament cancel": SERVER,
    "tournament standings": SERVER,
    "tournament info": SERVER,
}
"""Where each command is meant to work (issue 28): a new command must be added here."""

OPTIONS: dict[str, dict[str, object]] = {
    "game new": {"game": "wars"},
    "game move": {"move": "pass"},
    "game rules": {"game": "wars"},
    "tiger place": {"placement": "A1"},
    "tiger build": {"build": "found 0 0 0"},
    "wars place": {"piece": "PORT", "where": "0 0"},
    "wars move": {"move": "pass"},
    "islant name": {"cell": "A1", "name": "Eiland"},
    "leaderboard": {"game": "wars"},
    "notify": {"pings": "on"},
    "tournament new": {"game": "tigerisland"},
}
"""The required options each command is tried with (a member option gets Bob)."""

PLACES = ("server", "bot_dm", "foreign_server", "private_channel")
PLACE_OF = {
    "server": Place.SERVER,
    "bot_dm": Place.BOT_DM,
    "foreign_server": Place.ELSEWHERE,
    "private_channel": Place.ELSEWHERE,
}
REFUSAL = {Place.BOT_DM: "server_only", Place.ELSEWHERE: "bot_not_here"}
CHANNEL_POST = re.compile(r"^/channels/\d+/messages")


def leaf_commands(bot) -> list[app_commands.Command]:
    return [c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)]


def fake_interaction(bot, command, place: str, guild_id: int, user_id: int) -> SimpleNamespace:
    """An interaction as Discord sends it from ``place``: its context, and the installs that
    authorised it (a server that has not added the bot: the user's install only)."""
    context = {
        "server": app_commands.AppCommandContext(guild=True),
        "foreign_server": app_commands.AppCommandContext(guild=True),
        "bot_dm": app_commands.AppCommandContext(dm_channel=True),
        "private_channel": app_commands.AppCommandContext(private_channel=True),
    }[place]
    in_server = place in ("server", "foreign_server")
    owners = {0: guild_id, 1: user_id} if place == "server" else {1: user_id}
    return SimpleNamespace(
        command=command,
        guild_id=guild_id if in_server else None,
        context=context,
        is_guild_integration=lambda: in_server and owners.get(0) == guild_id,
        is_user_integration=lambda: owners.get(1) == user_id,
        response=SimpleNamespace(is_done=lambda: False),
        client=bot,
    )


class Pretend:
    """Where simcord's next interactions say they come from: ``None`` as simcord sends them
    (a server with the bot, or the bot's DMs), ``foreign_server`` (a server where only the
    user installed the bot) or ``private_channel`` (a group DM or a DM with someone else)."""

    place: str | None = None


@pytest.fixture
def pretend(monkeypatch, member_locales) -> Pretend:  # noqa: F811 (the fixture)
    told = Pretend()
    build = simcord.interactions.base_payload  # member_locales' (it sets the language)

    def placed(backend, **fields):
        record, payload = build(backend, **fields)
        if told.place is not None:
            payload["authorizing_integration_owners"] = {"1": str(fields["user_id"])}
        if told.place == "private_channel":
            payload["context"] = 2
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", placed)
    return told


def snapshot(db_path) -> dict[str, list[tuple]]:
    """Every row of every table, as committed."""
    with sqlite3.connect(db_path) as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: sorted(map(repr, db.execute(f"SELECT * FROM {t}"))) for t in tables}


async def test_every_command_is_declared_as_intended(world) -> None:
    declared = {c.qualified_name: reach_of(c) for c in leaf_commands(world.env.bot)}
    assert declared == INTENDED, "declare new commands with bot.reach.works and list them here"


async def test_the_synced_commands_declare_their_installs_and_contexts(world) -> None:
    """What the bot sends Discord: a top-level command is installed to players and offered
    in DMs and private channels exactly as far as its subcommands work there."""
    synced = {c["name"]: c for c in world.env.backend.commands[None].values()}
    for top in world.env.bot.tree.get_commands():
        leaves = [r for name, r in INTENDED.items() if name.split()[0] == top.name]
        places = {p for reach in leaves for p in reach.places}
        contexts = {0} | ({1} if Place.BOT_DM in places else set())
        contexts |= {2} if Place.ELSEWHERE in places else set()
        installs = {0, 1} if Place.BOT_DM in places else {0}
        sent = synced[top.name]
        assert set(sent["contexts"]) == contexts, top.name
        assert set(sent["integration_types"]) == installs, top.name
    assert set(synced["stats"]["contexts"]) == {0, 1, 2}
    assert set(synced["settings"]["integration_types"]) == {0}


@pytest.mark.parametrize("place", PLACES)
async def test_the_bots_own_check_allows_and_refuses_every_command(world, place) -> None:
    """Whatever Discord lets through: the bot's check, as its command tree calls it."""
    bot = world.env.bot
    for command in leaf_commands(bot):
        asked = fake_interaction(bot, command, place, world.guild.id, world.alice.id)
        where = PLACE_OF[place]
        if where in INTENDED[command.qualified_name].places:
            assert await bot.tree.interaction_check(asked), command.qualified_name
            continue
        with pytest.raises(NotHere) as refused:
            await bot.tree.interaction_check(asked)
        assert refused.value.error.code == REFUSAL[where], command.qualified_name


@pytest.mark.parametrize("locale", ["en-US", "de"])
async def test_every_command_works_or_is_refused_clearly_in_every_place(
    world,
    pretend,
    member_locales,  # noqa: F811 (the fixture)
    locale,
) -> None:
    """Each command, in each place simcord can reach: allowed, it is not refused (and where
    the bot can only answer, it posts nothing in the channel); refused, the answer says
    where it works, privately, in the member's language, and nothing changes."""
    admins = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dave = world.guild.add_member(world.env.create_user("dave"), roles=[admins])  # /settings
    member_locales[dave.id] = locale
    lang = "de" if locale == "de" else "en"
    bot = world.env.bot
    texts = {code: UserError(code).text(lang) for code in REFUSAL.values()}
    tried = 0
    for command in leaf_commands(bot):
        name = command.qualified_name
        members = [p.name for p in command.parameters if p.required and p.type.name == "user"]
        given = OPTIONS.get(name, {})
        for place in PLACES:
            pretend.place = place if place in ("foreign_server", "private_channel") else None
            in_server = place in ("server", "foreign_server")
            if not in_server and name not in dave.user.available_commands():
                assert PLACE_OF[place] not in INTENDED[name].places, (name, place)
                continue  # Discord does not offer it there; the check above refuses it too
            before = snapshot(world.db_path)
            sent, failed = len(world.env.http_requests), len(world.env.errors)
            if in_server:
                options = dict.fromkeys(members, world.bob) | given
                result = await dave.slash(world.channel, name, **options)
            else:
                options = dict.fromkeys(members, world.bob.user) | given
                result = await dave.user.slash(name, **options)
            tried += 1
            answer = result.response.content if result.response else ""
            for error in world.env.errors[failed:]:  # reading them acknowledges them
                original = getattr(error, "original", error)
                assert isinstance(original, UserError | IllegalAction | NotHere), repr(error)
            requests = world.env.http_requests[sent:]
            posts = [r for r in requests if CHANNEL_POST.match(r.path)]
            if PLACE_OF[place] in INTENDED[name].places:
                assert answer not in texts.values(), (name, place)
                if PLACE_OF[place] is Place.ELSEWHERE:
                    assert not posts, (name, place, [r.path for r in posts])
                continue
            code = REFUSAL[PLACE_OF[place]]
            assert result.ephemeral and answer == texts[code], (name, place, answer)
            assert snapshot(world.db_path) == before, (name, place)
            assert not posts, (name, place)
    pretend.place = None
    assert tried >= 3 * len(INTENDED)
