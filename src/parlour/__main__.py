"""``python -m parlour`` runs the ``parlour`` command."""

import sys

from parlour.cli import main

sys.exit(main())
