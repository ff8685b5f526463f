"""Readers of VASL files: board archives (``bdNN``)."""
