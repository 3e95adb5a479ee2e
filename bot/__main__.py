"""``python -m bot`` is the same as the ``islandbot`` command."""

from .cli import main

raise SystemExit(main())
