#!/usr/bin/env bash
# The catalogue test (tests/i18n) runs makemessages, which needs GNU gettext's xgettext.
# Install it when missing (root, non-interactive). The app itself reads the committed .mo files.
set -eu
if command -v xgettext >/dev/null && command -v msgfmt >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing gettext with apt-get…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null
  exit 0
fi
echo "gettext is missing and cannot be installed here (need root and apt-get); the catalogue test will fail." >&2
exit 1
