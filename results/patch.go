package results

import (
	"bytes"
	"fmt"
	"os"
	"strings"
)

// The checksum, the largest value and the run time are known only after the
// last cell, but an Arrow IPC file carries its schema, metadata included,
// twice: in the first message and in the footer. The footer is written last,
// with the final values; in the first message the writer puts fixed-width
// placeholders, and patchMetadata overwrites them in place once the file is
// complete, rather than the writer holding the table or computing it twice. Strings
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
// the same length, within region reg of f (the schema message at the start
// of a table file). Each placeholder must occur there exactly once.
func patchMetadata(f *os.File, reg region, values map[string]string) error {
	buf := make([]byte, reg.length)
	if _, err := f.ReadAt(buf, reg.offset); err != nil {
		return fmt.Errorf("patch metadata: read %s: %w", reg.name, err)
	}
	for placeholder, value := range values {
		if len(value) != len(placeholder) {
			panic(fmt.Sprintf("results: value %q does not fit its %d-byte placeholder", value, len(placeholder)))
		}
		if c := bytes.Count(buf, []byte(placeholder)); c != 1 {
			return fmt.Errorf("patch metadata: %s holds %d placeholders of a %d-byte value, want 1", reg.name, c, len(placeholder))
		}
		at := bytes.Index(buf, []byte(placeholder))
		if _, err := f.WriteAt([]byte(value), reg.offset+int64(at)); err != nil {
			return fmt.Errorf("patch metadata: write %s: %w", reg.name, err)
		}
	}
	return nil
}

// region is a byte range of a file.
type region struct {
	name           string
	offset, length int64
}
