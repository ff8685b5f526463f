"""Readers and writers of file formats: scenario TOML, SVG."""
