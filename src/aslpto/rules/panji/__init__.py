"""G9 Panjis."""
