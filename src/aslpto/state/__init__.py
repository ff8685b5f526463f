"""Game state: units and the counter catalog, fortifications and conditions, and dice."""
