"""``python -m bench``: the scale benchmark (see :mod:`bench.bench_scale`).

    python -m bench                      # 1k and 10k articles on every store
    python -m bench --sizes 100000       # the long run
"""

from __future__ import annotations

from bench.bench_scale import main

raise SystemExit(main())
