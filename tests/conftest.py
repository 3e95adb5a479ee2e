"""Shared test configuration: hypothesis profiles (``HYPOTHESIS_PROFILE=thorough`` for more)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# The bot draws pictures in a thread of the test process: starting worker processes for
# every bot a test makes costs more than it saves (tests/bot/test_rendering.py uses a pool).
os.environ.setdefault("ISLANDBOT_RENDER_WORKERS", "0")
