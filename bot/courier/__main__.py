"""``python -m bot.courier FD PARENT BASE SECONDS CONNECT_SECONDS``: the courier's process,
started by the bot (:class:`bot.courier.Courier`) with its end of a socket pair as file
descriptor ``FD``; a request may take ``SECONDS``, of which ``CONNECT_SECONDS`` to connect. It
runs the event loop the bot runs (:mod:`bot.event_loop`, told by its environment)."""

import logging
import socket
import sys

import aiohttp

from ..event_loop import run
from .process import serve

logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
descriptor, parent, base, seconds, connect = sys.argv[1:6]
timeout = aiohttp.ClientTimeout(total=float(seconds), connect=float(connect))
run(serve(socket.socket(fileno=int(descriptor)), int(parent), base, timeout))
