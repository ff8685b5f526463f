"""Readers and writers of file formats: scenario TOML, SVG, and the VASL files players own
(``formats.vasl``)."""
