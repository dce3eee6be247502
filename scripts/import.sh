#!/bin/sh
# `npm run import`: the import (scripts/import.ts) with the memory settings the server runs with
# (scripts/serve.sh; docs/production.md "Memory"), which must be in the environment before the
# process starts, and `exec`, so the import is this very process (Ctrl-C and kill reach it, and a
# kill -9 leaves nothing of it running; the next run continues where it stopped):
# - MALLOC_ARENA_MAX=2: glibc otherwise gives each thread that allocates (libvips' workers decoding
#   and encoding photos, libuv's pool hashing files) a 64 MB arena whose freed pages stay resident;
# - GLIBC_TUNABLES mmap_threshold/trim_threshold 128 kB: libvips' large image buffers are mapped and
#   given back when freed, instead of staying in the heap;
# - --max-semi-space-size=4: V8's young generation, 16 MB a half by default;
# - --heap-growing-percent=50: V8 lets the heap grow to 1.5× what survived its last full collection
#   before the next, instead of a factor it picks between 1.1 and 4 by how fast the program
#   allocates: at 100,000 files (~60 MB surviving) the heap had grown by 150 MB of garbage in the
#   90 s after the last file was committed (bench/README.md "import"). Fewer full collections
#   than without it on 3,000 small files (12 against 17), the heap's highest 45 MB against 60;
# - --liftoff-only: PGlite's Postgres (WebAssembly) stays in V8's baseline code; optimising its hot
#   functions took 35–60 MB more at the peak (the optimiser's working memory, the optimised code) and
#   saved no CPU time that an import could measure (bench/README.md "import");
# - PGLITE_SHARED_BUFFERS=8MB: a quarter of the server's buffer pool (server/db/pglite-options.ts),
#   all of it resident from the start; an import writes each row once and reads little back. 1,000
#   camera photos peaked at 305–309 MB with 16 MB, 299 MB with 8 (bench/README.md "import");
# - plain JavaScript (build/import.mjs, scripts/build-server.ts), as the server runs: tsx's loader
#   thread and the transformed modules cost ~40 MB. Built here when it is missing or older than a
#   source (under a second; `npm run build` builds it too).
# Paths given to it are taken from the folder npm runs it in (the project's), as before.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072}"
export PGLITE_SHARED_BUFFERS="${PGLITE_SHARED_BUFFERS:-8MB}"
root="$(dirname "$0")/.."
if [ ! -f "$root/build/import.mjs" ] ||
  [ -n "$(cd "$root" && find server common scripts package-lock.json -newer build/import.mjs -print -quit)" ]; then
  echo "Building build/import.mjs (the import as JavaScript, after a change of its sources)…" >&2
  node --import tsx "$root/scripts/build-server.ts" --import-only || exit 1
fi
exec node --max-semi-space-size=4 --heap-growing-percent=50 --liftoff-only "$root/build/import.mjs" "$@"
