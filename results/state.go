package results

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"syscall"
)

// A run that writes no table file (compute -write values or none) cannot
// rebuild the engine from rows on disk, so its checkpoint is a state file:
// the run's description and its consumers' state (a header of the run's
// kind, as JSON: cmd/internal/fullrun's or bandrun's), then the engine's
// own state, then the SHA-256 of all that. It is written to a temporary
// file, synced and renamed, so the file under its name is always a whole
// checkpoint, and LoadStateInto checks the checksum before anything in it
// is trusted.

// stateFileMagic opens a state file; the digit is its format version.
const stateFileMagic = "grundy run state 1\n"

// StateFileName is the state file of table id at size n: hidden, and not
// ending in .arrow.
func StateFileName(id string, n int) string { return fmt.Sprintf(".%s_n%d.state", id, n) }

// SaveState writes the state file path atomically: st as JSON (the header
// of the run's kind), then what writeEngine writes, then the checksum of
// both.
func SaveState(path string, st any, writeEngine func(io.Writer) error) error {
	head, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("save state %s: %w", path, err)
	}
	err = WriteAtomic(path, func(f *os.File) error {
		sum := sha256.New()
		w := io.MultiWriter(f, sum)
		var length [4]byte
		binary.LittleEndian.PutUint32(length[:], uint32(len(head)))
		if _, err := w.Write(append(append([]byte(stateFileMagic), length[:]...), head...)); err != nil {
			return err
		}
		if err := writeEngine(w); err != nil {
			return err
		}
		_, err := f.Write(sum.Sum(nil))
		return err
	})
	if err != nil {
		return fmt.Errorf("save state %s: %w", path, err)
	}
	return nil
}

// LoadStateInto reads the state file path (a regular file of at most
// maxBytes), checks its checksum, decodes its header into head, refusing
// unknown fields, and returns the rest, the engine's state. It returns
// ErrNoCheckpoint (wrapped) when there is no state file.
func LoadStateInto(path string, head any, maxBytes int64) ([]byte, error) {
	bad := func(why string) ([]byte, error) {
		return nil, fmt.Errorf("resume from %s: the state file %s; start afresh without -resume", path, why)
	}
	f, err := openRegular(path, os.O_RDONLY|syscall.O_NOFOLLOW)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("resume from %s: %w", path, ErrNoCheckpoint)
	}
	if err != nil {
		return nil, fmt.Errorf("resume from %s: %w", path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, min(maxBytes, math.MaxInt64-1)+1))
	if err != nil {
		return nil, fmt.Errorf("resume from %s: %w", path, err)
	}
	if int64(len(data)) > maxBytes {
		return bad(fmt.Sprintf("is larger than a state can be (%d bytes)", maxBytes))
	}
	body := len(data) - sha256.Size
	if body < len(stateFileMagic)+4 || !bytes.HasPrefix(data, []byte(stateFileMagic)) {
		return bad("is not a state file of this version")
	}
	if sum := sha256.Sum256(data[:body]); !bytes.Equal(sum[:], data[body:]) {
		return bad("does not match its checksum (damaged or cut short)")
	}
	rest := data[len(stateFileMagic):body]
	length := int(binary.LittleEndian.Uint32(rest))
	if length > len(rest)-4 {
		return bad("has a header longer than itself")
	}
	dec := json.NewDecoder(bytes.NewReader(rest[4 : 4+length]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(head); err != nil {
		return bad(fmt.Sprintf("has an unreadable header (%v)", err))
	}
	return rest[4+length:], nil
}
