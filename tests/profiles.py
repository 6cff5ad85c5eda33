"""The test profile: ``dev`` (the default, quick) or ``ci`` (thorough), from the environment
variable ``HYPOTHESIS_PROFILE`` (``.ci/run`` sets ``ci``).

The hypothesis settings of each profile are registered in ``tests/conftest.py``. What is not a
hypothesis setting scales with `thorough`: long conformance playouts, many seeds, big
parametrizations. The quick profile runs a part of each (never nothing); ``ci`` runs it all.
"""

from __future__ import annotations

import os
from typing import TypeVar

__all__ = ["PROFILE", "THOROUGH", "thorough"]

T = TypeVar("T")

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
"""The name of the hypothesis profile loaded by ``tests/conftest.py``."""
THOROUGH = PROFILE == "ci"
"""Whether the thorough ``ci`` profile runs."""


def thorough(quick: T, full: T) -> T:
    """``full`` under the ``ci`` profile, ``quick`` in the quick default."""
    return full if THOROUGH else quick
