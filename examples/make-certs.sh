#!/usr/bin/env bash
# Test certificates for the TLS examples, made with openssl (nothing is committed):
#   examples/make-certs.sh DIR HOST... [--client]
# writes DIR/certs/ca.crt (a CA made once), DIR/certs/HOST.crt and .key for each HOST (signed by
# that CA), and DIR/secrets.generated.yaml with a kubernetes.io/tls Secret per HOST (named HOST
# with dots turned into dashes). --client also writes DIR/certs/client.crt and .key and a
# ConfigMap "client-ca" holding ca.crt, for a Gateway that validates client certificates.
set -euo pipefail
dir=${1:?usage: make-certs.sh DIR HOST... [--client]}
shift
certs="$dir/certs"
out="$dir/secrets.generated.yaml"
mkdir -p "$certs"
if [[ ! -f "$certs/ca.crt" || ! -f "$certs/ca.key" ]]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=Pier example CA" \
    -keyout "$certs/ca.key" -out "$certs/ca.crt" 2>/dev/null
fi
issue() { # NAME SUBJECT EXTENSIONS
  openssl req -newkey rsa:2048 -nodes -subj "/CN=$2" -keyout "$certs/$1.key" -out "$certs/$1.csr" 2>/dev/null
  openssl x509 -req -in "$certs/$1.csr" -CA "$certs/ca.crt" -CAkey "$certs/ca.key" -CAcreateserial \
    -days 30 -extfile <(printf '%s\n' "$3") -out "$certs/$1.crt" 2>/dev/null
  rm -f "$certs/$1.csr"
}
b64() { base64 < "$1" | tr -d '\n'; }
: > "$out"
for host in "$@"; do
  if [[ "$host" == --client ]]; then
    issue client "example client" "extendedKeyUsage=clientAuth"
    printf -- '---\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: client-ca, namespace: default }\ndata:\n  ca.crt: |\n%s\n' \
      "$(sed 's/^/    /' "$certs/ca.crt")" >> "$out"
    continue
  fi
  issue "$host" "$host" "subjectAltName=DNS:$host
extendedKeyUsage=serverAuth"
  printf -- '---\napiVersion: v1\nkind: Secret\nmetadata: { name: %s, namespace: default }\ntype: kubernetes.io/tls\ndata:\n  tls.crt: %s\n  tls.key: %s\n' \
    "${host//./-}" "$(b64 "$certs/$host.crt")" "$(b64 "$certs/$host.key")" >> "$out"
done
echo "wrote $certs/ and $out"
