#!/usr/bin/env bash
# Runs a test command so that every process it starts (browsers, drivers, servers) is gone when
# it ends: normally, on a failing test, on Ctrl+C, SIGTERM or SIGHUP.
#
# Why: wasm-bindgen-test-runner leaves chromedriver's Chromium running, renderers spinning at
# 100 % CPU, when a test times out or the run is interrupted; Playwright's Chromium outlives a
# test process that is killed. So the command runs in a session (and process group) of its own,
# and on exit this script kills that group and the groups of its descendants — Playwright starts
# its browser in a group of its own — and nothing else: other test runs on the machine, with
# browsers of their own, are left alone.
#
# Usage: scripts/run-and-clean-up.sh COMMAND [ARG…]; exits with the command's status (130 after
# SIGINT, 143 after SIGTERM, 129 after SIGHUP).
set -uo pipefail

# Without job control a background command is not a group leader, so `setsid` does not fork:
# its pid is the new session's and group's id.
setsid "$@" &
group=$!

# The process groups to clean up: ours, and those of our group's members and their descendants
# (found through parent links, which must be read before anything is killed).
groups_to_kill() {
  ps -eo pid=,ppid=,pgid= | awk -v g="$group" '
    { parent[$1] = $2; pgid[$1] = $3 }
    END {
      for (p in parent) if (pgid[p] == g) mine[p] = 1
      do {
        grew = 0
        for (p in parent) if (!(p in mine) && (parent[p] in mine)) { mine[p] = 1; grew = 1 }
      } while (grew)
      groups[g] = 1
      for (p in mine) groups[pgid[p]] = 1
      for (id in groups) print id
    }'
}

alive() {
  local id
  for id in "$@"; do
    if kill -0 -- "-$id" 2>/dev/null; then return 0; fi
  done
  return 1
}

cleaned=false
clean_up() {
  $cleaned && return
  cleaned=true
  local ids id tries=0
  ids=$(groups_to_kill)
  for id in $ids; do kill -TERM -- "-$id" 2>/dev/null; done
  # A few seconds to close politely (Playwright closes its browser on SIGTERM), then no choice.
  while alive $ids && [ $tries -lt 50 ]; do
    sleep 0.1
    tries=$((tries + 1))
  done
  for id in $ids; do kill -KILL -- "-$id" 2>/dev/null; done
}

trap 'clean_up; exit 130' INT
trap 'clean_up; exit 143' TERM
trap 'clean_up; exit 129' HUP
trap clean_up EXIT

wait "$group"
status=$?
exit "$status"
