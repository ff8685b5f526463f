"""``python -m aslpto.cli``: the command line."""

import sys

from aslpto.cli import main

sys.exit(main())
