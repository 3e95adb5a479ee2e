"""A click on a component routed to its dynamic item without rebuilding the message as a view.

discord.py answers a click on a dynamic item (every component of the bot is one) by making a
whole view of the clicked message, every text, picture and button of a card, only to find
the one component clicked and swap the item in. A panel's card has a select of up to 25
options and a dozen other parts, and that view costs the event loop more than the rest of
its parsing. :func:`route_clicks_directly` has the client's view store find the clicked
component in the message and make the item from it alone; the item is then checked and
called as discord.py calls it (its select's values refreshed, its ``interaction_check`` and
its ``callback``), and a failure is logged as discord.py logs it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Sequence
from typing import Any

import discord
from discord.ui.view import ViewStore, _component_to_item

log = logging.getLogger(__name__)


def route_clicks_directly(store: ViewStore) -> None:
    """Make ``store`` (a client's view store) call dynamic items by :func:`call_dynamic_item`
    (set on the instance, so it is called without the store)."""
    store.schedule_dynamic_item_call = call_dynamic_item  # type: ignore[method-assign]


async def call_dynamic_item(
    component_type: int,
    factory: type[discord.ui.DynamicItem[Any]],
    interaction: discord.Interaction,
    custom_id: str,
    match: re.Match[str],
) -> None:
    """Make the dynamic item of the component clicked (found in the message by its type and
    id; none found: nothing happens, as in discord.py) and call it."""
    message = interaction.message
    if message is None:
        return
    component = clicked(message.components, component_type, custom_id)
    if component is None:
        return
    try:
        item = await factory.from_custom_id(interaction, _component_to_item(component), match)
    except Exception:
        log.exception("Ignoring exception in dynamic item creation for %r", factory)
        return
    item._refresh_state(interaction, interaction.data)  # type: ignore[arg-type]
    try:
        allowed = await item.interaction_check(interaction)
    except Exception:
        allowed = False
    if not allowed:
        return
    try:
        await item.callback(interaction)
    except Exception:
        log.exception("Ignoring exception in dynamic item callback for %r", item)


def clicked(components: Sequence[Any], component_type: int, custom_id: str) -> Any | None:
    """The component of a message with that type and id, wherever it is nested."""
    for component in nested(components):
        if (
            component.type.value == component_type
            and getattr(component, "custom_id", None) == custom_id
        ):
            return component
    return None


def nested(components: Sequence[Any]) -> Iterator[Any]:
    """Every component of a message, those inside rows, cards and sections included."""
    for component in components:
        yield component
        yield from nested(getattr(component, "children", ()))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory
