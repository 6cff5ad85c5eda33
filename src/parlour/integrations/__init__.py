"""Adapters to other ecosystems, each an optional extra imported on its own:
`parlour.integrations.openspiel` (``parlour[openspiel]``),
`parlour.integrations.pettingzoo` (``parlour[pettingzoo]``) and `parlour.integrations.dask`
(``parlour[dask]``, validating a sharded log corpus). ``import parlour`` never needs them.
"""
