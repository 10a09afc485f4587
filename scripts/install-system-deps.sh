#!/usr/bin/env bash
# Installs the Debian packages the test suite needs (run by `npm test` via pretest):
#   chromium          - browser tests (Playwright drives the system Chromium; no browser download)
#   python3-onnx      - generates the tiny ONNX model that tests the local-embedder loading code
#   python3-venv      - the virtual environment npm run model:e5 installs the real embedding model into
#                       (only when the python3 on PATH cannot make one)
#   python3-pandas    - the answer check is scored with the IslamicEval organisers' own scorers
#                       (which read TSV with pandas) when their data is beside the repo
#   redis-server      - the shared-store tests start a real Redis on a loopback port
#   wordpress, wordpress-theme-twentytwentyone, mariadb-server, php-cli, php-mysql
#                     - the WordPress plugin is tested on a real WordPress (its own MariaDB in a
#                       temp folder and PHP's web server; the machine's own are not started)
# Does nothing when they are present already.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
/usr/bin/python3 -c 'import onnx, numpy' >/dev/null 2>&1 || need+=(python3-onnx python3-numpy)
/usr/bin/python3 -c 'import pandas' >/dev/null 2>&1 || need+=(python3-pandas)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
[ -f /usr/share/wordpress/wp-settings.php ] || need+=(wordpress)
[ -d /usr/share/wordpress/wp-content/themes/twentytwentyone ] || need+=(wordpress-theme-twentytwentyone)
[ -x /usr/sbin/mariadbd ] || need+=(mariadb-server)
php -r 'exit(function_exists("mysqli_connect") ? 0 : 1);' >/dev/null 2>&1 || need+=(php-cli php-mysql)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: ${need[*]}. Install them with: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
echo "Installing Debian packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
