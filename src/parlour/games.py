"""The registry entries of the built-in games: importing this module registers each of them.

Adding a game is one new subpackage plus one line here.
"""

from parlour import (
    belote,  # noqa: F401
    bezique,  # noqa: F401
    burraco,  # noqa: F401
    ecarte,  # noqa: F401
)

__all__: list[str] = []
