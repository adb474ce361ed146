let emrVersion = "0.1.0"

let helpText = """
emr \(emrVersion): a clinical workstation for the terminal (FHIR R4, offline-first)

Usage:
  emr [--theme NAME] [--ward WARD] [--passphrase-file FILE]
                      open the workstation on this account's encrypted cache
  emr --server URL --ward LOCATION-ID [sync options]
                      the same, ONLINE: syncs the census in the background every
                      sync_interval minutes (config, default 5); OFFLINE while unreachable
  emr --demo [--reset] [--theme NAME]
                      open the workstation on synthetic patients (no passphrase);
                      --reset rebuilds the demo cache from Fixtures/
  emr import FILE...  import FHIR R4 Bundles, NDJSON files or single resources
  emr sync --server URL (--ward LOCATION-ID | --patients ID,...) [--timeout SECONDS]
           [--client-id ID (--client-secret-file FILE [--client-auth client_secret_post]
                            | --private-key FILE [--key-id KID]) [--scope SCOPES]]
                      send charted entries waiting in the outbox, then pull the census
                      from a FHIR R4 server into the cache (SMART Backend Services when
                      --client-id is given; `server =` in config)
  emr passwd          change the cache passphrase (data is not re-encrypted)
  emr wipe --yes [--demo]
                      destroy the cache: key file first, then the database (recorded in
                      the audit trail first when the passphrase is given by file or EMR_PASSPHRASE)
  emr audit verify    check the audit trail's chain: 'ok: N entries' or the first broken entry
  emr audit show [--patient ID] [--since YYYY-MM-DD] [--user NAME]
                      list the audit trail of this account's cache
  emr --help | --version

Passphrase: asked on the terminal with echo off, or taken from --passphrase-file FILE
(mode 0600) or EMR_PASSPHRASE; `emr passwd` takes the new one from EMR_NEW_PASSPHRASE.

Environment:
  EMR_HOME       cache folder (default $XDG_DATA_HOME/emr or ~/.local/share/emr)
  EMR_THEME      default, light, high-contrast or mono (also `theme =` in $EMR_HOME/config)
  EMR_IDLE_LOCK  minutes without a key before the screen locks (default 15; 0 = never)
  NO_COLOR       turn colors off
  EMR_LOG        'debug' writes a diagnostic log (no patient data) to $EMR_HOME/emr-debug.log

Exit status:
  0 success   1 finished with problems   2 usage or environment error
  3 unlock failed   4 integrity failure (corrupt or tampered data)
"""
