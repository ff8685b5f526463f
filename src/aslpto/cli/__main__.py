"""``python -m aslpto.cli``: the command line."""

from aslpto.cli import console

console()
