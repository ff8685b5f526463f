"""G8 Rice Paddies."""
