"""``python -m aslpto``: the command line."""

import sys

from aslpto.cli import main

sys.exit(main())
