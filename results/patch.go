package results

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"strings"
)

// The checksum, the largest value and the run time are known only after the
// last cell, but an Arrow IPC file carries its schema, metadata included,
// twice: in the first message and in the footer. Rather than hold the table
// or compute it twice, the writer puts fixed-width placeholders there and
// patchMetadata overwrites them in place once the file is complete. Strings
// in the flatbuffer metadata are length-prefixed, so a value of the same
// length leaves every offset valid. The placeholders are control characters
// that no other metadata value contains.
var (
	placeholderSHA256   = strings.Repeat("\x01", 64)
	placeholderMaxValue = strings.Repeat("\x02", maxValueWidth)
	placeholderSeconds  = strings.Repeat("\x03", secondsWidth)
)

// arrowMagic opens and closes an Arrow IPC file.
const arrowMagic = "ARROW1"

// patchMetadata replaces each placeholder (a key of values) by its value, of
// the same length, in the schema message at the start of f and in the footer
// at its end. Each placeholder must occur exactly once in each; the data in
// between is never read.
func patchMetadata(f *os.File, values map[string]string) error {
	regions, err := schemaRegions(f)
	if err != nil {
		return err
	}
	for _, reg := range regions {
		buf := make([]byte, reg.length)
		if _, err := f.ReadAt(buf, reg.offset); err != nil {
			return fmt.Errorf("patch metadata: read %s: %w", reg.name, err)
		}
		for placeholder, value := range values {
			if len(value) != len(placeholder) {
				panic(fmt.Sprintf("results: value %q does not fit its %d-byte placeholder", value, len(placeholder)))
			}
			at := bytes.Index(buf, []byte(placeholder))
			if at < 0 || bytes.Count(buf, []byte(placeholder)) != 1 {
				return fmt.Errorf("patch metadata: %s holds %d placeholders of a %d-byte value, want 1",
					reg.name, bytes.Count(buf, []byte(placeholder)), len(placeholder))
			}
			if _, err := f.WriteAt([]byte(value), reg.offset+int64(at)); err != nil {
				return fmt.Errorf("patch metadata: write %s: %w", reg.name, err)
			}
		}
	}
	return nil
}

// region is a byte range of a file.
type region struct {
	name           string
	offset, length int64
}

// schemaRegions locates the schema message after the leading magic and the
// footer before the trailing one. Layout: "ARROW1", 2 bytes of padding, the
// stream (each message: 0xFFFFFFFF, int32 length, flatbuffer, body), the
// footer flatbuffer, its int32 length, "ARROW1".
func schemaRegions(f *os.File) ([]region, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("patch metadata: %w", err)
	}
	size := st.Size()
	footerLen, err := footerLength(f, size)
	if err != nil {
		return nil, fmt.Errorf("patch metadata: %w", err)
	}
	head := make([]byte, 16)
	if _, err := f.ReadAt(head, 0); err != nil {
		return nil, fmt.Errorf("patch metadata: read header: %w", err)
	}
	if string(head[:6]) != arrowMagic || binary.LittleEndian.Uint32(head[8:12]) != 0xFFFFFFFF {
		return nil, fmt.Errorf("patch metadata: not an Arrow IPC file")
	}
	schemaLen := int64(binary.LittleEndian.Uint32(head[12:16]))
	if 16+schemaLen > size-10-footerLen {
		return nil, fmt.Errorf("patch metadata: the schema message (%d bytes) overruns the footer", schemaLen)
	}
	return []region{
		{"schema message", 16, schemaLen},
		{"footer", size - 10 - footerLen, footerLen},
	}, nil
}
