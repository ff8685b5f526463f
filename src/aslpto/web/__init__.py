"""The referee at the table: a local web page over a scenario (``aslpto serve``).

:mod:`aslpto.web.referee` answers the queries (standard library only);
:mod:`aslpto.web.server` serves them and the page with Starlette and uvicorn, the optional
``web`` extra (``pip install 'aslpto[web]'``). ``docs/web.md`` gives the API.
"""

INSTALL = "pip install 'aslpto[web]'"
"""How to install what the server needs."""
