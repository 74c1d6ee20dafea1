# cython: language_level=3
# The compiled plumbing every C-level module shares, defined once and inlined where it is used:
# bit tricks, the two 64-bit hash mixers and the SplitMix64 generator. A header only (nothing
# here is built on its own). The Python twins, under the same names and computing the same
# numbers, are in qsearch/core/rng.py; tests/test_plumbing.py checks that the two agree.

ctypedef unsigned int u32
ctypedef unsigned long long u64


# --- bit tricks: one instruction each on x86-64 (setup.py adds -mpopcnt for GCC/Clang);
# GCC/Clang builtins, MSVC intrinsics on Windows ---
cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline int qs_popcount32(unsigned int x) { return (int)__popcnt(x); }
    static __inline int qs_popcount64(unsigned long long x) { return (int)__popcnt64(x); }
    static __inline int qs_ctz32(unsigned int x) {
        unsigned long i; _BitScanForward(&i, x); return (int)i; }
    static __inline int qs_ctz64(unsigned long long x) {
        unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    #define qs_prefetch(p) ((void)(p))
    #else
    #define qs_popcount32(x) __builtin_popcount(x)
    #define qs_popcount64(x) __builtin_popcountll(x)
    #define qs_ctz32(x) __builtin_ctz(x)
    #define qs_ctz64(x) __builtin_ctzll(x)
    #define qs_prefetch(p) __builtin_prefetch(p)
    #endif
    """
    int popcount32 "qs_popcount32"(u32 x) nogil       # set bits of x
    int popcount64 "qs_popcount64"(u64 x) nogil
    int ctz32 "qs_ctz32"(u32 x) nogil                 # index of the lowest set bit; x != 0
    int ctz64 "qs_ctz64"(u64 x) nogil
    void prefetch "qs_prefetch"(const void* p) nogil  # a hint: fetch p's cache line


# --- hash mixers: two on purpose, because the tables that use them must keep their numbers ---
cdef inline u64 murmur_finalise(u64 x) noexcept nogil:
    """MurmurHash3's 64-bit finaliser (fmix64): the slot of a key in the transposition tables
    (``search/tt.pyx``, the Connect-4 solver). A bijection that spreads board bits evenly."""
    x ^= x >> 33
    x *= 0xFF51AFD7ED558CCDULL
    x ^= x >> 33
    x *= 0xC4CEB9FE1A85EC53ULL
    x ^= x >> 33
    return x


cdef inline u64 splitmix_finalise(u64 z) noexcept nogil:
    """SplitMix64's output function (Stafford's Mix13): the numbers of the generator below,
    the Quarto solver's bucket hash and the Reversi key. A bijection too."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


# --- SplitMix64 (Steele, Lea and Flood, 2014): MCTS's random numbers, the Zobrist keys --------
cdef inline u64 splitmix_next(u64* state) noexcept nogil:
    """Advance ``state`` by the golden-ratio increment and return its next 64-bit number."""
    state[0] += 0x9E3779B97F4A7C15ULL
    return splitmix_finalise(state[0])


cdef inline double splitmix_uniform(u64* state) noexcept nogil:
    """A double in [0, 1) from the next number's top 53 bits."""
    return (splitmix_next(state) >> 11) * (1.0 / 9007199254740992.0)


cdef inline u32 multiply_shift_below(u64 r, u32 n) noexcept nogil:
    """A number in [0, n) from ``r``'s top 32 bits by multiply-shift (no division): the
    random playouts' choice among ``n`` moves."""
    return <u32>(((r >> 32) * <u64>n) >> 32)
