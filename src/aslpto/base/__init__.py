"""The vocabulary every layer speaks: rulings and errors, setup findings, bundled data
files and TOML sources that say where."""

VERSION = "0.1.0"
"""The version of aslpto (``aslpto.__version__``, ``aslpto --version``)."""
