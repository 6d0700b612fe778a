"""`python -m rack_o` runs the `racko` command."""

from rack_o.cli import main

main(prog_name="racko")
