"""The typed Island competition view now lives in the engine (``engine.competition``)."""

from engine.competition import *  # noqa: F403
