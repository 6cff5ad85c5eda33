"""Validating logs at scale: finding and streaming them (`sources`), validating them in batches
over worker processes in input order (`runner`), counting the verdicts (`summary`), showing
progress on a terminal (`progress`) and the ``parlour validate`` command (`command`).

`parlour.log.validate_files` is the one-call entry point; these modules are its parts, for a
program that needs them (the Dask integration, `parlour.integrations.dask`, reuses them).
"""

from parlour.validation.summary import Summary, summarize

__all__ = ["Summary", "summarize"]
