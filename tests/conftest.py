"""Test configuration: hypothesis profiles, and the test-only game.

``dev`` (the default) is quick; ``ci`` is thorough with a bounded number of examples. Choose with
the environment variable ``HYPOTHESIS_PROFILE`` (``.ci/run`` sets ``ci``).

Importing `tests.toy` registers the test-only toy game for the whole session, so every suite
written for "every registered game" (conformance, notation shapes, options, round trips,
sampling, agents) runs on it too; suites about what ships with the built-in games (their
pages, goldens, corpus and schemas) read `tests.helpers.BUILT_IN`.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

import tests.toy  # noqa: F401  (registers the test-only game)
from tests.profiles import PROFILE

settings.register_profile(
    "dev",
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci",
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(PROFILE)
