"""The map: hex geometry, terrain kinds and chart, board and overlay files, and the built
:class:`~aslpto.board.maps.Map`."""
