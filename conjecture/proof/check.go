package proof

import (
	"context"
	"fmt"

	"github.com/grundy-lab/grundy/conjecture/bandcheck"
	"github.com/grundy-lab/grundy/engine/band"
)

// Check re-verifies a certificate on its own: it streams the band sweep's
// rows 0 … X0+P−1 into the independent check (package bandcheck), which
// checks every cell from its own statement of the moves; it requires every
// row to hold all of 0 … V (so the table of side Infinity agrees with the
// infinite one); and it compares the check's own states before rows X0 and
// X0+P, exactly, with each other (moved P down the diagonal) and with the
// certificate's state. It also checks X0 against the rows of base cells
// and P against the stride of the rules, and, when the certificate names
// statements of the papers, checks them (CheckStatements). The error wraps
// ErrCertificate and says what failed.
func Check(ctx context.Context, c Certificate, cfg band.Config) error {
	if c.Format != Format {
		return fmt.Errorf("%w: format %q, want %q", ErrCertificate, c.Format, Format)
	}
	if c.V < 0 || c.V > band.MaxCap {
		return fmt.Errorf("%w: V = %d outside 0 … %d", ErrCertificate, c.V, band.MaxCap)
	}
	rules, baseEnd, stride, err := rulesOf(c.Table, c.V)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrCertificate, err)
	}
	switch {
	case c.X0 < baseEnd:
		return fmt.Errorf("%w: x0 = %d is inside the rows of base cells (0 … %d), where the rules are not the same along the diagonal", ErrCertificate, c.X0, baseEnd-1)
	case c.P < 1:
		return fmt.Errorf("%w: period P = %d, want P ≥ 1", ErrCertificate, c.P)
	case c.P%stride != 0:
		return fmt.Errorf("%w: period P = %d is not a multiple of %d, the least power of two above V = %d: moving (x, y) by P along the diagonal changes which x XOR y are at most V", ErrCertificate, c.P, stride, c.V)
	case c.X0+c.P > Infinity-int64(c.V)-2:
		return fmt.Errorf("%w: x0 + P = %d beyond the rows the check can reach", ErrCertificate, c.X0+c.P)
	}
	st, err := c.state()
	if err != nil {
		return err
	}
	if st.V != c.V || st.Next != c.X0 || st.N != Infinity {
		return fmt.Errorf("%w: its state is of V = %d before row %d in a table of side %d, not V = %d before row x0 = %d of side %d", ErrCertificate, st.V, st.Next, st.N, c.V, c.X0, int64(Infinity))
	}
	start, end, err := checkedStates(ctx, rules, c, cfg)
	if err != nil {
		return err
	}
	if !start.Shifted(end) {
		return fmt.Errorf("%w: the checked state before row %d is not the one before row %d moved %d along the diagonal: no repeat", ErrCertificate, end.Row, start.Row, c.P)
	}
	if !fromBand(st).Equal(start) {
		return fmt.Errorf("%w: the certificate's state is not the checked state before row x0 = %d", ErrCertificate, c.X0)
	}
	if len(c.Statements) > 0 {
		return CheckStatements(ctx, c)
	}
	return nil
}

// checkedStates streams rows 0 … X0+P−1 of the band sweep into a fresh
// independent check and returns its canonical states before rows X0 and
// X0+P.
func checkedStates(ctx context.Context, rules band.Rules, c Certificate, cfg band.Config) (start, end bandcheck.State, err error) {
	sw, err := band.New(rules, Infinity, c.V, cfg)
	if err != nil {
		return start, end, fmt.Errorf("proof: sweep %s, V = %d: %w", c.Table, c.V, err)
	}
	checker, err := bandcheck.New(c.Table, Infinity, c.V)
	if err != nil {
		return start, end, fmt.Errorf("%w: %w", ErrCertificate, err)
	}
	seen := make([]bool, c.V+1)
	emit := func(r band.Rows) error {
		if err := checker.Rows(bandcheck.Rows(r)); err != nil {
			return fmt.Errorf("%w: the independent check of the rows: %w", ErrCertificate, err)
		}
		for i := range r.Len() {
			clear(seen)
			count := 0
			for _, v := range r.Value[r.Start[i]:r.Start[i+1]] {
				if !seen[v] {
					seen[v] = true
					count++
				}
			}
			if count != c.V+1 {
				return fmt.Errorf("%w: row %d holds %d of the values 0 … %d: it does not fill, so the table of side %d may differ from the infinite one", ErrCertificate, r.X0+int64(i), count, c.V, int64(Infinity))
			}
		}
		return nil
	}
	if err := sw.Run(ctx, c.X0, emit); err != nil {
		return start, end, err
	}
	start = canonical(checker.State())
	if err := sw.Run(ctx, c.X0+c.P, emit); err != nil {
		return start, end, err
	}
	return start, canonical(checker.State()), nil
}
