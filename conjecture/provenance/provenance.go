// Package provenance records where a report comes from, so that a reader
// can cite it and check it against its data: every input file with its
// checksum, the program with its version, and the command line.
package provenance

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
)

// The kinds of checksum an Input carries.
const (
	// GSHA256 is the g_sha256 of a table or values file's metadata: the
	// SHA-256 of the table's values, whatever the file's format and
	// compression, so that two files of one table share it.
	GSHA256 = "g_sha256"
	// FileSHA256 is the SHA-256 of the file's bytes.
	FileSHA256 = "file_sha256"
)

// Input is one file a report was computed from.
type Input struct {
	Path     string `json:"path"`
	Checksum string `json:"checksum"` // GSHA256 or FileSHA256
	SHA256   string `json:"sha256"`
}

// Provenance is where a report comes from.
type Provenance struct {
	Program string   `json:"program"`
	Version string   `json:"version"`
	Command []string `json:"command"`
	Inputs  []Input  `json:"inputs"`
}

// New returns the provenance of a run of program at version with the
// command-line arguments args (without the program's name), of no input yet.
func New(program, version string, args []string) Provenance {
	return Provenance{Program: program, Version: version, Command: append([]string{program}, args...), Inputs: []Input{}}
}

// AddG records the input at path by the g_sha256 of its metadata; an empty
// sum (a table of an old version, without one) is recorded as "unknown".
func (p *Provenance) AddG(path, sum string) {
	if sum == "" {
		sum = "unknown"
	}
	p.Inputs = append(p.Inputs, Input{Path: path, Checksum: GSHA256, SHA256: sum})
}

// AddFile records the input at path by the SHA-256 of its bytes, read from
// r (the open file, so that what is summed is what was read).
func (p *Provenance) AddFile(path string, r io.Reader) error {
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		return fmt.Errorf("checksum %s: %w", path, err)
	}
	p.Inputs = append(p.Inputs, Input{Path: path, Checksum: FileSHA256, SHA256: hex.EncodeToString(h.Sum(nil))})
	return nil
}

// CommandLine returns the command line as one shell-like string, each argument
// that holds a space or quote quoted.
func (p Provenance) CommandLine() string {
	args := make([]string, len(p.Command))
	for i, a := range p.Command {
		args[i] = a
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$*?") {
			args[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(args, " ")
}

// Lines writes the provenance as lines of text, each starting with prefix:
// the program and version, the command, and one line per input.
func (p Provenance) Lines(prefix string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%sprogram: %s %s\n", prefix, p.Program, p.Version)
	fmt.Fprintf(&b, "%scommand: %s\n", prefix, p.CommandLine())
	for _, in := range p.Inputs {
		fmt.Fprintf(&b, "%sinput: %s (%s %s)\n", prefix, in.Path, in.Checksum, in.SHA256)
	}
	return b.String()
}
