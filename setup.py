"""Build the compiled parts of qsearch: every ``.pyx`` under ``qsearch/`` is one extension.

Each extension is optional. Without a working C compiler (or with ``QSEARCH_PURE=1``) nothing
is compiled and qsearch installs in pure-Python mode: every compiled module has a ``.py``
stand-in beside it (see ``qsearch/_mode.py``), so every public name still exists. One
extension failing to build removes the others built in the same run: an install is compiled
or pure, never half of each.

``QSEARCH_BUILD_ONLY=search/_engine python setup.py build_ext --inplace`` rebuilds only the
modules whose path contains that text (handy while editing one ``.pyx``).
"""
import os
import platform
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_ext import build_ext

PURE = os.environ.get("QSEARCH_PURE", "").strip().lower() not in ("", "0", "false", "no")

# A wheel build (cibuildwheel sets QSEARCH_REQUIRE_COMPILED) and a developer's
# `python setup.py build_ext --inplace` must fail loudly, not fall back to pure.
REQUIRE_COMPILED = (os.environ.get("QSEARCH_REQUIRE_COMPILED", "") not in ("", "0")
                    or sys.argv[1:2] == ["build_ext"])

FLAGS = ["-O3"]
# bitboard popcounts compile to one instruction; not when cross-compiling for arm64 (macOS)
if platform.machine() in ("x86_64", "AMD64") and "arm64" not in os.environ.get("ARCHFLAGS", ""):
    FLAGS.append("-mpopcnt")
if sys.platform == "win32":
    FLAGS = ["/O2"]           # MSVC: bits.pxd uses its __popcnt intrinsics

DIRECTIVES = {
    "language_level": 3,
    "embedsignature": True,
    "binding": True,
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
}


def c_compiler_error() -> str:
    """Why no C extension can be built here ("" when one can): compile and link a file that
    includes Python.h with the compiler the build would use (``CC``, ``LDSHARED`` honoured).
    Checked before Cython translates the 26 modules, which takes a minute of CPU for nothing
    when no compiler works."""
    import sysconfig
    import tempfile
    from distutils.ccompiler import new_compiler  # setuptools' copy (imported above)
    from distutils.sysconfig import customize_compiler

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "probe.c"
        source.write_text("#include <Python.h>\nint qsearch_probe(void) { return 0; }\n")
        compiler = new_compiler()
        customize_compiler(compiler)
        try:
            objects = compiler.compile([str(source)], output_dir=folder,
                                       include_dirs=[sysconfig.get_paths()["include"]])
            compiler.link_shared_object(objects, str(Path(folder) / "probe.so"))
        except Exception as error:      # CompileError, LinkError, DistutilsPlatformError...
            return f"{type(error).__name__}: {error}".strip()[:300]
    return ""


def extensions() -> list:
    if PURE:
        return []
    if not REQUIRE_COMPILED:
        error = c_compiler_error()
        if error:
            print(f"\nwarning: qsearch's compiled modules could not be built (no working C "
                  f"compiler: {error}); installing the pure-Python stand-ins. For the compiled "
                  "build install a C compiler and the Python headers and reinstall.\n",
                  file=sys.stderr)
            return []
    from Cython.Build import cythonize

    modules = [
        Extension(".".join(pyx.with_suffix("").parts), [str(pyx)], extra_compile_args=FLAGS)
        for pyx in sorted(Path("qsearch").rglob("*.pyx"))
        if os.environ.get("QSEARCH_BUILD_ONLY", "") in str(pyx)
    ]
    return cythonize(modules, compiler_directives=DIRECTIVES)


class OptionalBuildExt(build_ext):
    """build_ext that falls back to pure Python instead of failing the install."""

    def finalize_options(self):
        super().finalize_options()
        if self.parallel is None:       # compile the extensions in parallel
            self.parallel = os.cpu_count() or 1

    def run(self):
        self.failed = []
        if REQUIRE_COMPILED:
            super().run()
            return
        try:
            super().run()
        except Exception as error:     # no compiler at all (DistutilsPlatformError, OSError)
            self.failed.append(("(all)", error))
        if self.failed:
            self.remove_built()
            self.distribution.qsearch_fell_back = True   # read by PureWhenFallenBackWheel
            name, error = self.failed[0]
            print(f"\nwarning: qsearch's compiled modules could not be built ({name}: "
                  f"{error}); installing the pure-Python stand-ins. For the compiled build "
                  "install a C compiler and the Python headers and reinstall.\n",
                  file=sys.stderr)

    def build_extension(self, ext):
        if REQUIRE_COMPILED:
            super().build_extension(ext)
            return
        if self.failed:
            return                      # one failed: the install is pure, skip the rest
        try:
            super().build_extension(ext)
        except Exception as error:      # CompileError, LinkError, a missing header...
            self.failed.append((ext.name, error))

    def remove_built(self):
        for ext in self.extensions:
            path = Path(self.get_ext_fullpath(ext.name))
            if path.exists():
                path.unlink()


class PureWhenFallenBackWheel(bdist_wheel):
    """bdist_wheel that names a wheel built without its extensions ``py3-none-any``.

    A wheel's tags are decided from the extensions the distribution lists, before they are
    built; after OptionalBuildExt fell back to pure Python the wheel holds no binary, so it is
    tagged (and installed) as pure: the name pip prints ("Created wheel for qsearch:
    filename=qsearch-...-py3-none-any.whl") then says which build was made.
    """

    def get_tag(self):
        if getattr(self.distribution, "qsearch_fell_back", False):
            self.root_is_pure = True        # also writes Root-Is-Purelib: true in WHEEL
        return super().get_tag()


setup(ext_modules=extensions(),
      cmdclass={"build_ext": OptionalBuildExt, "bdist_wheel": PureWhenFallenBackWheel})
