"""Build the compiled parts of qsearch: every ``.pyx`` under ``qsearch/`` is one extension.

``QSEARCH_BUILD_ONLY=search/_engine python setup.py build_ext --inplace`` rebuilds only the
modules whose path contains that text (handy while editing one ``.pyx``).
"""
import os
import platform
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

FLAGS = ["-O3"]
if platform.machine() in ("x86_64", "AMD64"):
    FLAGS.append("-mpopcnt")  # bitboard popcounts compile to one instruction

extensions = [
    Extension(
        ".".join(pyx.with_suffix("").parts),
        [str(pyx)],
        extra_compile_args=FLAGS,
    )
    for pyx in sorted(Path("qsearch").rglob("*.pyx"))
    if os.environ.get("QSEARCH_BUILD_ONLY", "") in str(pyx)
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={
            "language_level": 3,
            "embedsignature": True,
            "binding": True,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
        },
    )
)
