"""Checking an action id given to an adapter (OpenSpiel, PettingZoo): one rule for both.

An action is an ``int`` (not a ``bool``), a numpy integer, or a 0-d numpy array of an integer
dtype, from 0 to the encoding's ``num_actions - 1``. Anything else (a bool, a float, NaN, a
string, an array of another shape, a negative or too large id) is an `ActionError` naming it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parlour.base import (
    ParlourError,
    describe,
)

__all__ = ["ActionError", "checked_action"]


class ActionError(ParlourError, ValueError):
    """An action id that is not an integer from 0 to the number of actions minus one."""


def checked_action(action: Any, num_actions: int) -> int:
    """``action`` as a Python ``int`` if it is an action id of an encoding of ``num_actions``
    actions (module docstring); else `ActionError`."""
    value = action
    if isinstance(value, np.ndarray):
        if value.ndim != 0:
            raise ActionError(f"an action must be one integer, not an array of shape {value.shape}")
        value = value[()]
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ActionError(
            f"an action must be an integer id from 0 to {num_actions - 1}, not "
            f"{type(action).__name__} {describe(action)}"
        )
    chosen = int(value)
    if not 0 <= chosen < num_actions:
        raise ActionError(
            f"an action must be an integer id from 0 to {num_actions - 1}, not {describe(chosen)}"
        )
    return chosen
