"""The build-free layer: what the compiled modules and the readable twins share.

Nothing here needs a C compiler: result types (:mod:`~qsearch.core.results`,
:mod:`~qsearch.core.mcts_results`), the search event log (:mod:`~qsearch.core.trace`),
chance-node weights and bounds (:mod:`~qsearch.core.chance`), SplitMix64
(:mod:`~qsearch.core.rng`), argument checks (:mod:`~qsearch.core.checks`), the errors
(:mod:`~qsearch.core.errors`), full-tree statistics types
(:mod:`~qsearch.core.tree_stats_types`), the search algorithms' names
(:mod:`~qsearch.core.algorithm_names`) and the markdown tables every report prints
(:mod:`~qsearch.core.tables`). ``bits.pxd`` is a header the compiled modules cimport (the
bit tricks, the hash mixers and SplitMix64 in C); :mod:`~qsearch.core.rng` is its twin.
"""
