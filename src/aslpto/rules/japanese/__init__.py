"""G1 The Japanese."""
