// Package patternfiles writes the outputs of compute -patterns for one
// table: the proof of the largest cap V whose band state repeats
// (<id>_n<N>.proof.json, a certificate of package proof with its search's
// outcome, re-checked as soon as it is written), the proofs of the values 0 … V it implies
// (pattern.Proof, for bandrun's pattern search), and the patterns file
// (<id>_n<N>.patterns.json, the schema of verify -patterns -json, and its
// Markdown <id>_n<N>.patterns.md), every file written atomically. The
// proof block of each proved value names its certificate by file name and
// SHA-256; CheckProved, for verify -claims-from, re-checks that
// certificate and every value marked proved against it.
package patternfiles
