"""``python -m hustings.cli``: the same program as the ``hustings`` script."""

from hustings.cli import main

main()
