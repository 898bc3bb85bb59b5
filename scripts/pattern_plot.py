"""Run grundy-pattern-plot (grundytables/pattern_plot.py) from a checkout: python scripts/pattern_plot.py --help."""

import sys

from grundytables.pattern_plot import main

if __name__ == "__main__":
    sys.exit(main())
