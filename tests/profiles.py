"""The test profile: ``dev`` (the default, quick) or ``ci`` (thorough), from the environment
variable ``HYPOTHESIS_PROFILE`` (``.ci/run`` sets ``ci``).

The hypothesis settings of each profile are registered in ``tests/conftest.py``. What is not a
hypothesis setting scales with `thorough`: long conformance playouts, many seeds, big
parametrizations. The quick profile runs a part of each (never nothing); ``ci`` runs it all.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["PROFILE", "THOROUGH", "quick_part", "thorough"]

T = TypeVar("T")

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
"""The name of the hypothesis profile loaded by ``tests/conftest.py``."""
THOROUGH = PROFILE == "ci"
"""Whether the thorough ``ci`` profile runs."""


def thorough(quick: T, full: T) -> T:
    """``full`` under the ``ci`` profile, ``quick`` in the quick default."""
    return full if THOROUGH else quick


def quick_part(items: Sequence[T], every: int) -> list[T]:
    """All of ``items`` under ``ci``; in the quick default every ``every``-th one (the first
    included), so a big parametrization keeps its spread but runs a part of its cases."""
    return list(items) if THOROUGH else list(items[::every])
