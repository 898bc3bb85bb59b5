package proof

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/grundy-lab/grundy/engine/band"
)

// Format names the certificate format and its version.
const Format = "grundy-proof/1"

// Certificate is the JSON a proof is checked from, on its own: the table,
// the cap V, the repeat X0 and P, the band state before row X0 (base64 of
// band.State.MarshalBinary, as encoding/json writes []byte), the version
// of the program that found it, and the ids of the papers' statements it
// proves (see Statements), if any.
type Certificate struct {
	Format     string   `json:"format"`
	Table      string   `json:"table"`
	V          int      `json:"v"`
	X0         int64    `json:"x0"`
	P          int64    `json:"p"`
	State      []byte   `json:"state"`
	Version    string   `json:"version"`
	Statements []string `json:"statements,omitempty"`
}

// ErrCertificate reports a certificate that is malformed or does not hold.
var ErrCertificate = errors.New("proof: certificate does not hold")

// NewCertificate writes rep as a certificate of program version version.
func NewCertificate(rep Repeat, version string) (Certificate, error) {
	state, err := rep.State.MarshalBinary()
	if err != nil {
		return Certificate{}, fmt.Errorf("proof: encode the state of %s, V = %d: %w", rep.Table, rep.V, err)
	}
	return Certificate{Format: Format, Table: rep.Table, V: rep.V, X0: rep.X0, P: rep.P, State: state,
		Version: version, Statements: StatementsOf(rep.Table, rep.V)}, nil
}

// Encode writes c as indented JSON.
func (c Certificate) Encode(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(c); err != nil {
		return fmt.Errorf("proof: write certificate: %w", err)
	}
	return nil
}

// Decode reads a certificate and checks its framing: the format, the
// fields present and the state decodable; whether it holds is for Check.
func Decode(r io.Reader) (Certificate, error) {
	var c Certificate
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return Certificate{}, fmt.Errorf("%w: read JSON: %w", ErrCertificate, err)
	}
	if c.Format != Format {
		return Certificate{}, fmt.Errorf("%w: format %q, want %q", ErrCertificate, c.Format, Format)
	}
	if _, err := c.state(); err != nil {
		return Certificate{}, err
	}
	return c, nil
}

// state decodes the certificate's band state.
func (c Certificate) state() (band.State, error) {
	var st band.State
	if err := st.UnmarshalBinary(c.State); err != nil {
		return band.State{}, fmt.Errorf("%w: its state: %w", ErrCertificate, err)
	}
	return st, nil
}
