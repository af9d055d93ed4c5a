abi <abi/4.0>,
include <tunables/global>

# Recheck's AppArmor profile, installed by the .deb (electron-builder's after-install script loads it where the
# running AppArmor supports abi 4.0, i.e. Ubuntu 24.04 and later). It grants the installed binary, and nothing
# else, the unprivileged user namespaces that Chromium's sandbox needs, so the sandbox stays on without the SUID
# helper and without --no-sandbox (with which Recheck refuses untrusted runs: main/sandbox-switches.ts).
profile "${executable}" "/opt/${sanitizedProductName}/${executable}" flags=(unconfined) {
  userns,

  # Site-specific additions and overrides. See local/README for details.
  include if exists <local/${executable}>
}
