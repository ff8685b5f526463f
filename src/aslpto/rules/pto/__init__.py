"""Chapter G's order of presentation: PTO Terrain (G.1) and G.2-G.8."""
