"""What a hostile client or a flaky gateway can send, delivered through the real bot.

simcord only lets a member click components that are on a message and pick values that
were offered; these helpers build the raw INTERACTION_CREATE a forged request would be, so
discord.py's own dispatch (dynamic item factories, callbacks, the command tree) handles it
exactly as it would in production. They use simcord internals, which its pin keeps stable.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any

import simcord
from simcord.actors import _dispatch_actor_interaction
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType

from bot.errors import UserError
from bot.panel import PICK, TAP
from engine.core import IllegalAction

from .faces import controls, rows_of

BUTTON, STRING_SELECT = int(ComponentType.BUTTON), int(ComponentType.STRING_SELECT)


def _message_payload(env: simcord.Env, message) -> dict[str, Any]:
    stored = env.backend.get_message(message.channel.id, message.id)
    return dict(serializers.message_payload(env.backend, stored))


async def forge_click(
    env: simcord.Env, actor: simcord.MemberActor, channel, message, custom_id: str
) -> simcord.InteractionResult:
    """Click a button with any custom id in ``channel``, as if ``message`` carried it."""
    payload = _message_payload(env, message)
    button = {"type": BUTTON, "style": 1, "label": "?", "custom_id": custom_id}
    payload["components"] = [{"type": 1, "components": [button]}]
    data = {"custom_id": custom_id, "component_type": BUTTON}
    return await _send(actor, channel, message, data, payload)


async def forge_select(
    env: simcord.Env,
    actor: simcord.MemberActor,
    channel,
    message,
    custom_id: str,
    values: list[str],
    *,
    offered: list[str] | None = None,
) -> simcord.InteractionResult:
    """Pick ``values`` in a select: the message's own select, or one offering ``offered``."""
    payload = _message_payload(env, message)
    if offered is not None:
        select = {
            "type": STRING_SELECT,
            "custom_id": custom_id,
            "options": [{"label": v[:100] or "?", "value": v[:100] or "?"} for v in offered],
        }
        payload["components"] = [{"type": 1, "components": [select]}]
    data = {"custom_id": custom_id, "component_type": STRING_SELECT, "values": values}
    return await _send(actor, channel, message, data, payload)


def custom_ids(message) -> list[str]:
    """The custom ids of every component on a message (a ``discord.Message``)."""
    return [c.custom_id for c in controls(message) if getattr(c, "custom_id", None)]


async def _send(actor, channel, message, data, payload) -> simcord.InteractionResult:
    return await _dispatch_actor_interaction(
        actor,
        InteractionType.MESSAGE_COMPONENT,
        channel,
        data,
        extra={"message": payload},
        source_message_id=message.id,
    )


@dataclass
class Deliveries:
    """Every INTERACTION_CREATE the backend emits, so a test can deliver one again."""

    world: Any
    payloads: list[dict[str, Any]] = field(default_factory=list)

    def install(self, monkeypatch) -> Deliveries:
        backend = self.world.env.backend
        emit = backend.emit

        def recording_emit(event: str, payload) -> None:
            if event == "INTERACTION_CREATE":
                self.payloads.append(dict(payload))
            emit(event, payload)

        monkeypatch.setattr(backend, "emit", recording_emit)
        return self

    async def deliver_again(self, payload: dict[str, Any]) -> None:
        """Discord sends the same interaction (same id and token) a second time."""
        self.world.env.backend.emit("INTERACTION_CREATE", payload)
        await self.world.env.settle()

    def answers_to(self, payload: dict[str, Any]) -> int:
        """How many times the bot called the interaction's response endpoint."""
        path = f"/interactions/{payload['id']}/{payload['token']}/callback"
        return sum(1 for entry in self.world.env.http_requests if entry.path == path)


def only_user_errors(world) -> None:
    """Every error the command tree saw was a user error (answered with its message).

    Reading simcord's list also acknowledges those errors, which it would otherwise raise
    at the end of the test.
    """
    for error in world.env.errors:
        assert is_user_error(error), repr(error)


def is_user_error(error: BaseException) -> bool:
    """Whether an error the command tree saw was a user error, answered with its message."""
    return isinstance(getattr(error, "original", error), IllegalAction | UserError)


def errors_logged(caplog) -> list[logging.LogRecord]:
    """Log records at ERROR or above: a traceback a user's input caused."""
    return [r for r in caplog.records if r.levelno >= logging.ERROR]


def panel_select(components: list[dict]) -> tuple[str, list[str]]:
    """A panel's select (custom id and offered values); for a menu shown as buttons, the
    select that menu would be (same game, version and path, the buttons' choices)."""
    items = rows_of(components)
    for item in items:
        if item["type"] == STRING_SELECT:
            return item["custom_id"], [o["value"] for o in item["options"]]
    taps = [TAP.read(re.fullmatch(TAP.template, c["custom_id"])) for c in items]
    depth = max(len(t["path"].split(".")) for t in taps)
    choices = [t for t in taps if len(t["path"].split(".")) == depth]
    first = choices[0]
    path = ".".join(first["path"].split(".")[:-1])
    custom_id = PICK.make(game=first["game"], version=first["version"], path=path)
    return custom_id, [t["path"].split(".")[-1] for t in choices]
