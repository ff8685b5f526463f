"""VASL files: board archives (``boardarchive``) and saved games (``savefile``)."""
