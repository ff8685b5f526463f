"""The rules: the core procedures (movement, LOS, morale) and one package per chapter of
the specification (``pto`` G.1-G.10, ``japanese`` G1, ``paddy`` G8, ``panji`` G9, ``water``
B21)."""
