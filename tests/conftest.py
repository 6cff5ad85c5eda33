"""Test configuration: hypothesis profiles.

``dev`` (the default) is quick; ``ci`` is thorough with a bounded number of examples. Choose with
the environment variable ``HYPOTHESIS_PROFILE`` (``.ci/run`` sets ``ci``).
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from tests.profiles import PROFILE

settings.register_profile(
    "dev",
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(PROFILE)
