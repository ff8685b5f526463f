"""``python -m aslpto`` and the ``aslpto`` console script (``aslpto.__main__:run``): one
question, then the process ends.

The cyclic garbage collector is off from the first import on: its passes over the modules and
objects a command makes only cost time in a process that ends with its answer (about 1.5 ms
of a cold ``aslpto odds``, most of it before :func:`aslpto.cli.main` could turn it off
itself); reference counting still frees what a command drops. ``aslpto serve``, which lives
on, turns it back on (:func:`aslpto.cli.console`). ``import aslpto`` reads the version and
:class:`aslpto.base.plugins.Later` alone, so that little comes before.
"""

import gc


def run() -> None:
    """The console script: :func:`aslpto.cli.console` with the collector off from here on."""
    gc.disable()
    from aslpto.cli import console

    console()


if __name__ == "__main__":
    run()
