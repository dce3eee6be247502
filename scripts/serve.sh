#!/bin/sh
# The production server (`npm start` runs this after building; run it yourself after `npm run build`).
# Memory (issue 13 part 4; docs/production.md "Memory"):
# - build/server.mjs is the server bundled to JavaScript: no TypeScript loader in memory;
# - MALLOC_ARENA_MAX=2: glibc otherwise gives each thread that allocates (libvips, libuv's pool)
#   its own 64 MB arena, whose freed pages stay resident; it must be set before the process starts;
# - GLIBC_TUNABLES mmap_threshold/trim_threshold 128 kB: glibc otherwise raises its mmap threshold
#   to the size of each large block freed (up to 32 MB), so libvips' image buffers come from the
#   heap and stay resident after use; fixed, they are mapped and given back when freed (~40 MB);
# - V8's heap: old space capped at SERVER_HEAP_MB (default 128), young space at 4 MB per half;
# - NODE_ENV=production: for the packages that read it (React, which draws the public pages, has
#   its production build bundled into build/render-worker.mjs whatever NODE_ENV says);
# - no --enable-source-maps: it keeps the bundle's source map in memory (~14 MB). The bundle is not
#   minified and names each source file in a comment, so a stack trace still reads.
# `exec`: the server replaces this shell, so signals (SIGTERM from systemd or npm) reach it.
cd "$(dirname "$0")/.." || exit 1
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072}"
export NODE_ENV="${NODE_ENV:-production}"
exec node --max-old-space-size="${SERVER_HEAP_MB:-128}" --max-semi-space-size=4 build/server.mjs "$@"
