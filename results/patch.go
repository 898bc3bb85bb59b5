package results

import (
	"fmt"
	"os"
	"strings"
)

// The checksum, the largest value and the run time are known only after the
// last cell, and the worker count is that of the run that finishes the
// table, which may be a resumed one; but an Arrow IPC file carries its schema, metadata included,
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
	placeholderWorkers  = strings.Repeat("\x04", workersWidth)
)

// placeholders lists every placeholder of a table file's schema.
var placeholders = []string{placeholderSHA256, placeholderMaxValue, placeholderSeconds, placeholderWorkers}

// arrowMagic opens and closes an Arrow IPC file.
const arrowMagic = "ARROW1"

// patchMetadata writes each final value over its placeholder, at the file
// offset recorded when the schema message was written (placeholders maps
// each placeholder to it). Offsets rather than a search: after a kill in the
// middle of patching, a resumed run patches the same places again.
func patchMetadata(f *os.File, placeholders map[string]int64, values map[string]string) error {
	for placeholder, value := range values {
		if len(value) != len(placeholder) {
			panic(fmt.Sprintf("results: value %q does not fit its %d-byte placeholder", value, len(placeholder)))
		}
		at, ok := placeholders[placeholder]
		if !ok {
			panic("results: a placeholder was not recorded")
		}
		if _, err := f.WriteAt([]byte(value), at); err != nil {
			return fmt.Errorf("patch metadata: %w", err)
		}
	}
	return nil
}
