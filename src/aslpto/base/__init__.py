"""The vocabulary every layer speaks: rulings and errors, setup findings, bundled data
files and TOML sources that say where."""
