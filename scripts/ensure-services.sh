#!/usr/bin/env bash
# Installs the real services the test suite starts itself, when they are absent: PostgreSQL (the server's
# PostgreSQL store and scale-out tests run a throwaway cluster, tests/server/pg_fixture.py), Chromium (the
# browser table's tests), and Firefox, WebKitGTK's WebDriver and Xvfb (the other engines' smoke tests). Idempotent and silent when everything is there. As root it installs Debian's packages;
# otherwise it says what to install. A missing PostgreSQL is an error (those tests fail without it); a missing
# Chromium is only a warning (its package does not exist everywhere, and the browser tests say so themselves).
set -u

say() { printf 'ensure-services: %s\n' "$*" >&2; }

have_initdb() {
    command -v initdb >/dev/null 2>&1 && return 0
    compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null 2>&1 && return 0
    local bindir
    bindir=$(pg_config --bindir 2>/dev/null) && [ -x "$bindir/initdb" ] && return 0
    return 1
}

have_chromium() {
    command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
        || command -v google-chrome >/dev/null 2>&1
}

apt_updated=0
apt_install() {
    # one `apt-get update` per run, and only when something is missing
    if [ "$apt_updated" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null || return 1
        apt_updated=1
    fi
    # wait for a concurrent apt (another job installing) instead of failing at once
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "$@" >/dev/null
}

can_apt() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }

status=0

if ! have_initdb; then
    if can_apt; then
        say "installing PostgreSQL (Debian package postgresql)"
        apt_install postgresql || say "apt-get install postgresql failed"
    fi
    if ! have_initdb; then
        say "PostgreSQL server binaries (initdb, pg_ctl) not found: install them (Debian/Ubuntu:" \
            "apt-get install postgresql; macOS: brew install postgresql) or set HUSTINGS_TEST_PG_URL" \
            "to a database the tests may use"
        status=1
    fi
fi

# A Chinese font, so the browser tests' screenshots of the zh pages show characters, not boxes (review only).
have_cjk_font() { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=zh 2>/dev/null | head -n 1)" ]; }

if ! have_chromium; then
    if can_apt; then
        say "installing Chromium (Debian package chromium)"
        apt_install chromium || say "apt-get install chromium failed; the browser tests will say so"
    else
        say "Chromium not found (Debian: apt-get install chromium); the browser tests will say so"
    fi
fi

if ! have_cjk_font && can_apt; then
    say "installing a Chinese font for the browser's screenshots (Debian package fonts-wqy-zenhei)"
    apt_install fonts-wqy-zenhei || say "apt-get install fonts-wqy-zenhei failed; zh screenshots will show boxes"
fi

# Firefox and WebKit (Safari's engine) for the browser smoke tests (tests/web/test_engines.py): Debian's
# firefox-esr, WebKitGTK's WebDriver and Xvfb (WebKitGTK needs a display). Missing ones only skip those tests.
other_engines=()
[ -x /usr/lib/firefox-esr/firefox-esr ] || other_engines+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || other_engines+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || other_engines+=(xvfb)
if [ "${#other_engines[@]}" -gt 0 ]; then
    if can_apt; then
        say "installing ${other_engines[*]} (Firefox and WebKit for the browser smoke tests)"
        apt_install "${other_engines[@]}" || say "apt-get install ${other_engines[*]} failed; those tests will skip"
    else
        say "${other_engines[*]} not found (Debian: apt-get install ${other_engines[*]}); their browser tests skip"
    fi
fi

exit $status
