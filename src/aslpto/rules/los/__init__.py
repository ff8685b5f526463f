"""Line of sight (A6): the thread on the hex grid and the LOS engine."""
