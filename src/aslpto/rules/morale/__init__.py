"""Morale Checks, Task Checks and their results (A7, A10, A15, A17, A19)."""
