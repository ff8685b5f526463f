#!/usr/bin/env bash
# make demo: render the bundled scenario, check it, and show a few hexes with their rules.
set -u
ASLPTO=${1:-aslpto}
echo "aslpto demo"
