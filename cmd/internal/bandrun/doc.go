// Package bandrun runs the band sweep of cmd/compute: one sweep of the
// cells of value at most V of a rook-move table (package engine/band),
// feeding its consumers in row order: the canonical checksum of the cells,
// the values dataset, the progress report; with a checkpoint every
// -checkpoint that a kill -9 cannot undo, and Ctrl-C saving before it
// stops.
//
// A checkpoint is a state file <out>/.<id>_n<N>.band.state: the sweep's
// State (a few hundred column sets), the checksum's internal state and the
// values dataset's progress, all at one row, under a SHA-256 of the file
// itself, written to a temporary file, synced and renamed. -resume checks
// that checksum and every field against the run's own flags and against the
// dataset's parts before it uses any of it; the resumed run writes the same
// cells, under the same checksum, as an uninterrupted one.
package bandrun
