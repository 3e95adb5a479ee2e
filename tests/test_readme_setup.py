"""The README's first set-up on a server works as written: the invite link asks for exactly
the permissions it names, in Discord's words, and commands are synced before the bot runs,
under Docker too."""

from __future__ import annotations

import re
from pathlib import Path

import discord

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()
DISCORD_PY_NAMES = {"view_channels": "view_channel"}  # Discord's word, discord.py's name
FIRST_RUN = README[README.index("### First run on Discord") : README.index("## Configuration")]


def test_the_invite_link_asks_for_the_permissions_it_names() -> None:
    link = re.search(r"https://discord\.com/oauth2/authorize\?\S+", FIRST_RUN)
    assert link is not None and "scope=bot+applications.commands" in link[0]
    asked = int(re.search(r"permissions=(\d+)", link[0])[1])
    listed = FIRST_RUN.split("as Discord names them today:")[1].split("\n3.")[0]
    names = [n.lower().replace(" ", "_") for n in re.findall(r"\*([A-Z][A-Za-z ]+)\*", listed)]
    names = [DISCORD_PY_NAMES.get(n, n) for n in names]
    assert {"send_messages_in_threads", "use_application_commands"} <= set(names)
    assert discord.Permissions(**dict.fromkeys(names, True)).value == asked


def test_commands_are_synced_before_the_bot_runs_also_under_docker() -> None:
    assert FIRST_RUN.index("islandbot sync --guild") < FIRST_RUN.index("islandbot run")
    assert "Copy Server ID" in FIRST_RUN
    docker = FIRST_RUN[FIRST_RUN.index("### Docker") :]
    assert docker.index("islandbot sync") < docker.index("docker run -d")
