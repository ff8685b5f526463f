"""Procedures that put the chapters together: a move or a reach, the setup check, the
actions a unit may be refused."""
