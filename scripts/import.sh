#!/bin/sh
# `npm run import`: the import (scripts/import.ts) with the memory settings the server runs with
# (scripts/serve.sh; docs/production.md "Memory"), which must be in the environment before the
# process starts, and `exec`, so the import is this very process (Ctrl-C and kill reach it, and a
# kill -9 leaves nothing of it running; the next run continues where it stopped):
# - MALLOC_ARENA_MAX=2: glibc otherwise gives each thread that allocates (libvips' workers decoding
#   and encoding photos, libuv's pool hashing files) a 64 MB arena whose freed pages stay resident;
# - GLIBC_TUNABLES mmap_threshold/trim_threshold 128 kB: libvips' large image buffers are mapped and
#   given back when freed, instead of staying in the heap;
# - --max-semi-space-size=4: V8's young generation, 16 MB a half by default.
# Paths given to it are taken from the folder npm runs it in (the project's), as before.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072}"
exec node --max-semi-space-size=4 --import tsx "$(dirname "$0")/import.ts" "$@"
