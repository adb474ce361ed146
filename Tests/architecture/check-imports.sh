#!/usr/bin/env bash
# The dependency rule, checked on every `make test`: each module may import only the modules
# listed for it here (outer layers depend on inner ones, never the reverse; only TerminalUI
# touches curses; only DataLocal/SecurityKit touch SQLite and OpenSSL; only DataFHIR touches libcurl,
# and nothing uses FoundationNetworking, whose URLSession reads past every bound; no SwiftPM packages).
# Usage: check-imports.sh [SOURCES_DIR [PACKAGE_SWIFT]]   (defaults: Sources, Package.swift)
set -euo pipefail

declare -A allowed=(
  [CoreDomain]="Foundation"
  [CoreUseCases]="Foundation CoreDomain"
  [DataFHIR]="Foundation Dispatch Synchronization Glibc CoreDomain CCurl"
  [SecurityKit]="Foundation Synchronization Glibc COpenSSL"
  [DataLocal]="Foundation Dispatch Synchronization Glibc CoreDomain CoreUseCases DataFHIR SecurityKit CSQLite"
  [SharedPresentation]="Foundation Synchronization CoreDomain CoreUseCases"
  [TerminalUI]="Foundation Dispatch Synchronization Glibc SharedPresentation CNcursesw CTerminalShim"
  [emr-bench]="Foundation Glibc Synchronization CoreDomain CoreUseCases DataLocal SecurityKit SharedPresentation TerminalUI"
  [emr]="Foundation Dispatch Synchronization Glibc CoreDomain CoreUseCases DataFHIR DataLocal SecurityKit SharedPresentation TerminalUI"
)

check_tree() {
  local sources=$1 package=$2 violations=0 files=0
  if grep -nE '^[^/]*\.package\(' "$package" >/dev/null; then
    echo "architecture: $package declares a SwiftPM package dependency; the rule is zero"
    violations=$((violations + 1))
  fi
  for dir in "$sources"/*/; do
    local module; module=$(basename "$dir")
    [[ -n "${allowed[$module]+set}" ]] || continue
    while IFS= read -r file; do
      files=$((files + 1))
      while IFS=: read -r line imported; do
        if [[ " ${allowed[$module]} " != *" $imported "* ]]; then
          echo "architecture: $file:$line: $module must not import $imported"
          violations=$((violations + 1))
        fi
      done < <(grep -nE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]' "$file" \
                 | sed -E 's/^([0-9]+):[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+((struct|class|enum|protocol|func|var|let|typealias)[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*).*/\1:\5/')
    done < <(find "$dir" -name '*.swift' | sort)
  done
  for dir in "$sources"/*/; do
    local module; module=$(basename "$dir")
    if [[ -z "${allowed[$module]+set}" && "$module" != C* ]]; then
      echo "architecture: module $module has no rule in $0"
      violations=$((violations + 1))
    fi
  done
  CHECKED_FILES=$files
  return $((violations > 0))
}

# Self-test: the checker must catch a planted violation, or a pass would prove nothing.
scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Sources/SharedPresentation"
printf 'import Foundation\n@preconcurrency import CSQLite\n' > "$scratch/Sources/SharedPresentation/Bad.swift"
echo '// no packages' > "$scratch/Package.swift"
if check_tree "$scratch/Sources" "$scratch/Package.swift" >/dev/null; then
  echo "architecture: self-test failed: a planted violation was not reported"; exit 1
fi

if check_tree "${1:-Sources}" "${2:-Package.swift}"; then
  echo "architecture: $CHECKED_FILES files follow the dependency rule"
else
  echo "architecture: dependency rule broken (see above)"; exit 1
fi
