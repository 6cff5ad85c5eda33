"""Building frozen attrs records without their ``__init__``, for the records a transition
makes on every move.

A frozen slotted attrs class sets each field through ``object.__setattr__`` (about 100 ns a
field). `filling_class` makes a plain class with the very same slots: a builder fills an
instance of it field by field, by name, then turns it into the frozen class by assigning
``__class__`` (allowed because the two layouts are identical; Python refuses it otherwise).
The result is an ordinary instance of the frozen class: equal, hashed, pickled and evolved as
one built by its constructor. The frozen class must have no ``__weakref__`` slot (attrs:
``weakref_slot=False``), which Python would count as a different layout.
"""

from __future__ import annotations

from typing import Any

__all__ = ["filling_class"]


def filling_class(frozen: type[Any]) -> type[Any]:
    """A mutable class with the slots of the frozen slotted class ``frozen``, whose instances
    a builder may fill and then turn into ``frozen`` instances."""
    slots = frozen.__dict__.get("__slots__")
    if slots is None or "__dict__" in slots or "__weakref__" in slots:
        # Python counts a __weakref__ slot after the others as a different layout.
        raise TypeError(f"{frozen.__name__} is not a slotted class without weak references")
    bases = frozen.__bases__  # the same bases, or the layouts would not count as the same
    if any("__setattr__" in ancestor.__dict__ for base in bases for ancestor in base.__mro__[:-1]):
        raise TypeError(f"a base of {frozen.__name__} sets attributes its own way")
    return type(f"_Filling{frozen.__name__}", bases, {"__slots__": slots, "__module__": __name__})
