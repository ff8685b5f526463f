"""B21 Water Obstacles."""
