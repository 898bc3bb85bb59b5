package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/grundy-lab/grundy/conjecture/proof"
	"github.com/grundy-lab/grundy/engine/band"
	"github.com/grundy-lab/grundy/results"
)

// isProveMode reports whether args ask for -prove or -certificate, the
// modes of prove.go, which parse their own flags.
func isProveMode(args []string) bool {
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && (name == "prove" || name == "certificate") {
			return true
		}
	}
	return false
}

// proveOptions are the flags of the proof modes.
type proveOptions struct {
	tables      []string
	hi          int
	bound       int64
	out         string
	certificate string
	cfg         band.Config
}

// parseProveFlags reads the flags of -prove and -certificate.
func parseProveFlags(args []string, stderr io.Writer) (proveOptions, error) {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("prove", false, "prove the periodicity of the values 0 … V from a repeated band state, for the largest V ≤ HI, and write certificates")
	certificate := fs.String("certificate", "", "re-check this proof certificate (<table>_V<v>.proof.json) on its own")
	tableList := fs.String("table", "gneg1,gstarneg1,passnim", "with -prove: comma-separated rook tables (nim, g1, gneg1, gstarneg1, passnim)")
	values := fs.String("values", "0-40", "with -prove: 0-HI, the largest cap V tried")
	bound := fs.Int64("bound", 100000, "with -prove: the rows searched for a repeat, x0 + P ≤ bound")
	out := fs.String("out", "out", "with -prove: the directory the certificates are written to")
	workers := fs.Int("workers", 1, "goroutines of the band sweep; 0 means one per core")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: verify -prove [-table LIST] [-values 0-HI] [-bound ROWS] [-out DIR]\n"+
			"       verify -certificate FILE")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return proveOptions{}, err
		}
		return proveOptions{}, usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return proveOptions{}, usagef("unexpected argument %q (all options are flags; see -h)", fs.Arg(0))
	}
	r, err := results.ParseValueRange(*values, band.MaxCap)
	switch {
	case err != nil:
		return proveOptions{}, usagef("-values: %v", err)
	case r.Lo != 0:
		return proveOptions{}, usagef("-values %s: a proof covers the values 0 … V; give 0-HI", *values)
	case *bound < 1 || *bound > proof.Infinity:
		return proveOptions{}, usagef("-bound %d: give 1 to %d rows", *bound, int64(proof.Infinity))
	case *workers < 0:
		return proveOptions{}, usagef("-workers %d: give 0 (one per core) or more", *workers)
	}
	return proveOptions{tables: strings.Split(*tableList, ","), hi: int(r.Hi), bound: *bound, out: *out,
		certificate: *certificate, cfg: band.Config{Workers: *workers}}, nil
}

// runProve is the proof modes: -certificate re-checks one certificate;
// -prove finds, certifies and re-checks the largest proved V of each table
// and the papers' statements.
func runProve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	opts, err := parseProveFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	if opts.certificate != "" {
		return checkCertificateFile(ctx, opts.certificate, opts.cfg, stdout)
	}
	if err := os.MkdirAll(opts.out, 0o755); err != nil {
		return fmt.Errorf("-out %s: %w", opts.out, err)
	}
	for _, table := range opts.tables {
		if err := proveTable(ctx, table, opts, stdout); err != nil {
			return err
		}
	}
	return nil
}

// proveTable proves the largest V ≤ HI of table within the bound, and the
// papers' V, writing and re-checking their certificates.
func proveTable(ctx context.Context, table string, opts proveOptions, stdout io.Writer) error {
	best, found, err := proof.Largest(ctx, table, opts.hi, opts.bound, proof.Options{Config: opts.cfg})
	if err != nil {
		return fmt.Errorf("-table %s: %w", table, err)
	}
	if !found {
		fmt.Fprintf(stdout, "%s: no repeat up to row %d, even for V = 0\n", table, opts.bound)
		return nil
	}
	path, err := certify(ctx, best, opts)
	if err != nil {
		return err
	}
	more := ""
	if best.V < opts.hi {
		more = fmt.Sprintf("; V = %d does not repeat up to row %d", best.V+1, opts.bound)
	}
	fmt.Fprintf(stdout, "%s: largest proved V = %d: the values 0 … %d repeat with period P = %d from row x0 = %d, for all x, y%s; %s\n",
		table, best.V, best.V, best.P, best.X0, more, path)
	if v, ok := proof.PaperV(table); ok && v <= best.V {
		rep, _, err := proof.Search(ctx, table, v, opts.bound, proof.Options{Config: opts.cfg})
		if err != nil {
			return fmt.Errorf("-table %s: %w", table, err)
		}
		path, err := certify(ctx, rep, opts)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: the papers' statement (%s) proved for all x, y: V = %d, period %d from row %d; %s\n",
			table, strings.Join(proof.StatementsOf(table, v), ", "), v, rep.P, rep.X0, path)
	}
	return nil
}

// certify writes rep's certificate to -out and checks it from the file.
func certify(ctx context.Context, rep proof.Repeat, opts proveOptions) (string, error) {
	c, err := proof.NewCertificate(rep, results.Version)
	if err != nil {
		return "", err
	}
	path := filepath.Join(opts.out, fmt.Sprintf("%s_V%d.proof.json", rep.Table, rep.V))
	f, err := os.Create(path)
	if err != nil {
		return "", fmt.Errorf("-out: %w", err)
	}
	if err := c.Encode(f); err != nil {
		f.Close()
		return "", fmt.Errorf("%s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	if err := checkCertificateFile(ctx, path, opts.cfg, io.Discard); err != nil {
		return "", fmt.Errorf("the certificate just written does not check: %w", err)
	}
	return path, nil
}

// checkCertificateFile reads and checks one certificate.
func checkCertificateFile(ctx context.Context, path string, cfg band.Config, stdout io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("-certificate: %w", err)
	}
	defer f.Close()
	c, err := proof.Decode(f)
	if err != nil {
		return fmt.Errorf("-certificate %s: %w", path, err)
	}
	if err := proof.Check(ctx, c, cfg); err != nil {
		return fmt.Errorf("-certificate %s: %w", path, err)
	}
	fmt.Fprintf(stdout, "%s: holds: the values 0 … %d of %s repeat with period %d from row %d, for all x, y", path, c.V, c.Table, c.P, c.X0)
	if len(c.Statements) > 0 {
		fmt.Fprintf(stdout, "; proves %s", strings.Join(c.Statements, ", "))
	}
	fmt.Fprintln(stdout)
	return nil
}
