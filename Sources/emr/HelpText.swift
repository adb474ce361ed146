let emrVersion = "0.1.0"

let helpText = """
emr \(emrVersion): a clinical workstation for the terminal (FHIR R4, offline-first)

Usage:
  emr                 open the workstation
  emr --help          show this help
  emr --version       print the version

Exit status:
  0 success   1 finished with problems   2 usage or environment error
  3 unlock failed   4 integrity failure (corrupt or tampered data)
"""
