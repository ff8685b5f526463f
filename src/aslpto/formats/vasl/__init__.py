"""VASL (the VASSAL module for ASL): saved games."""
