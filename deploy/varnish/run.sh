#!/bin/sh
# Renders default.vcl from the environment and runs varnishd in the foreground. The one way
# Varnish is started: the image (Dockerfile), the k8s example, the tests' and the bench's launcher.
#
#   GATEWAY_HOST, GATEWAY_PORT  the gateway (backend)                   default gateway, 8080
#   VARNISH_PURGERS             who may PURGE: comma list of addresses, networks (a.b.c.d/n) or
#                               host names                              default 127.0.0.1
#   VARNISH_LISTEN              address varnishd listens on             default :8080
#   VARNISH_SIZE                cache size (malloc storage)             default 256M
#   VARNISH_VCL_TEMPLATE        the template                            default beside this script
#   VARNISH_VCL_OUT             where the rendered VCL is written       default /tmp/cms.vcl
# Any arguments are passed on to varnishd (the launcher adds -n and -j).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
template=${VARNISH_VCL_TEMPLATE:-$here/default.vcl}
out=${VARNISH_VCL_OUT:-/tmp/cms.vcl}

purgers=''
old_ifs=$IFS
IFS=','
for entry in ${VARNISH_PURGERS:-127.0.0.1}; do
  entry=$(printf '%s' "$entry" | tr -d ' ')
  [ -n "$entry" ] || continue
  case $entry in
    */*) line="    \"${entry%/*}\"/${entry#*/};" ;;
    *) line="    \"$entry\";" ;;
  esac
  purgers="$purgers$line
"
done
IFS=$old_ifs

awk -v host="${GATEWAY_HOST:-gateway}" -v port="${GATEWAY_PORT:-8080}" -v purgers="$purgers" '
  $0 == "{{PURGERS}}" { printf "%s", purgers; next }
  { gsub(/\{\{GATEWAY_HOST\}\}/, host); gsub(/\{\{GATEWAY_PORT\}\}/, port); print }
' "$template" >"$out"

# Surrogate-Key lists every document an answer shows (populated ones too): long headers.
exec varnishd -F -f "$out" -a "${VARNISH_LISTEN:-:8080}" -s "malloc,${VARNISH_SIZE:-256M}" \
  -p http_resp_hdr_len=65536 -p http_resp_size=131072 -p workspace_backend=256k \
  -p http_req_hdr_len=16384 "$@"
