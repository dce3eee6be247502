#!/usr/bin/env bash
# Runs the IIIF consortium's image validator (github:IIIF/image-validator, unpacked in
# $VALIDATOR) against a fresh archive serving the validator's own 1000x1000 test image as a
# public item with watermark type none. Needs Debian's python3-pil python3-lxml python3-bottle
# python3-magic (apt), not npm or PyPI. Not part of npm test: docs/iiif.md. Usage:
#   VALIDATOR=/path/to/image-validator scripts/iiif-image-validator.sh [repo]
set -euo pipefail
WT=${1:-$(cd "$(dirname "$0")/.." && pwd)}
VALIDATOR=${VALIDATOR:?set VALIDATOR to a checkout of github.com/IIIF/image-validator}
PORT=${PORT:-3917}
DATA=$(mktemp -d /tmp/iiif-data-XXXX)
WEB=$(mktemp -d /tmp/iiif-web-XXXX)
echo '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>' > "$WEB/index.html"
cd "$WT"
DATA_DIR=$DATA PORT=$PORT WEB_DIR=$WEB RENDER_THREADS=0 LOG_LEVEL=warn \
  ADMIN_EMAIL=iiif@example.org ADMIN_PASSWORD=iiif-validator-pw node --import tsx server/main.ts > "$DATA/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; rm -rf "$DATA" "$WEB"' EXIT
for i in $(seq 1 120); do curl -sf "http://127.0.0.1:$PORT/api/health" >/dev/null && break; sleep 1; done
ORIGIN="http://127.0.0.1:$PORT"
JAR=$DATA/cookies
curl -sf -c "$JAR" -H "Origin: $ORIGIN" -H 'content-type: application/json' \
  -d '{"email":"iiif@example.org","password":"iiif-validator-pw"}' "$ORIGIN/api/auth/sign-in/email" >/dev/null
curl -sf -b "$JAR" -H "Origin: $ORIGIN" -H 'content-type: application/json' -X PUT \
  -d '{"type":"none","position":"bottom_right","opacity":70,"size":"medium","level":"medium","text":""}' \
  "$ORIGIN/api/admin/watermark" >/dev/null
ID=$(curl -sf -b "$JAR" -H "Origin: $ORIGIN" -F "isPublic=true" \
  -F "file=@$VALIDATOR/html/67352ccc-d1b0-11e1-89ae-279075081939.png" "$ORIGIN/api/admin/media" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["media"]["id"])')
for i in $(seq 1 60); do
  curl -sf "$ORIGIN/iiif/image/3/$ID/info.json" >/dev/null && break; sleep 1
done
echo "item $ID"
cd "$VALIDATOR"
/usr/bin/python3 iiif-validate.py -s "127.0.0.1:$PORT" -p iiif/image/3 -i "$ID" --version=3.0 --level 2 -v
