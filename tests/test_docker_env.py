"""The documented Docker set-up keeps the image's own settings: the example ``.env`` that the
README says to pass with ``docker run --env-file .env`` (and compose's ``env_file``) sets none
of the variables the image sets, so the database stays on the ``/data`` volume and the health
check finds its heartbeat."""

from __future__ import annotations

import re
from pathlib import Path

from bot.config import load_settings, read_env_file

ROOT = Path(__file__).resolve().parent.parent


def image_variables() -> set[str]:
    """The variables the Dockerfile's ENV sets."""
    text = (ROOT / "Dockerfile").read_text()
    block = re.search(r"^ENV ((?:.*\\\n)*.*)$", text, re.MULTILINE)
    assert block is not None
    return set(re.findall(r"([A-Z_]+)=", block[1]))


def test_the_example_env_file_leaves_the_images_settings_alone() -> None:
    example = read_env_file(ROOT / ".env.example")
    assert "DISCORD_TOKEN" in example
    assert {"ISLANDBOT_DATABASE", "ISLANDBOT_HEARTBEAT"} <= image_variables()
    assert not image_variables() & set(example)


def test_the_example_env_file_gives_the_defaults_outside_docker() -> None:
    settings = load_settings({}, ROOT / ".env.example")
    assert settings.database == Path("islandbot.sqlite3") and settings.heartbeat is None


def test_the_image_copies_every_package_the_project_installs() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    found = re.search(r"^include = \[(.*)\]$", text, re.MULTILINE)
    assert found is not None
    packages = {name.strip(' "*') for name in found[1].split(",")}
    copied = set(re.findall(r"^COPY (\w+) \./\1$", (ROOT / "Dockerfile").read_text(), re.MULTILINE))
    assert packages and packages <= copied, sorted(packages - copied)
